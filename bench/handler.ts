// A request handler called in process: a small zod-like schema library
// (s.object, s.string().min(1).email(), s.number().int(), s.array, s.enum,
// .optional(); parse/safeParse with errors carrying their paths), and a
// POST /orders handler that checks the content type, JSON.parses the body,
// validates it, totals the order lines in cents and answers with a response
// object (status, headers, a JSON.stringify-ed body). The requests come from
// a pool of 500 made by an LCG: about one in four is broken (malformed JSON,
// missing or mistyped fields, a bad email, no lines), one in 50 has the wrong
// content type.
// N = process.argv[2], default 10^5 requests.
// quick size: 1000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 100000) | 0;

// --- the schema library ---

type Path = (string | number)[];

interface Issue {
  path: Path;
  message: string;
}

type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: Issue[] };

class ValidationError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    this.name = "ValidationError";
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

abstract class Schema<T> {
  /** Checks `value`, pushing an issue per problem; returns the value to keep. */
  abstract check(value: unknown, path: Path, issues: Issue[]): T;

  safeParse(value: unknown): SafeParseResult<T> {
    const issues: Issue[] = [];
    const data = this.check(value, [], issues);
    return issues.length === 0 ? { success: true, data } : { success: false, issues };
  }

  parse(value: unknown): T {
    const result = this.safeParse(value);
    if (!result.success) throw new ValidationError(result.issues);
    return result.data;
  }

  optional(): Schema<T | undefined> {
    return new OptionalSchema(this);
  }
}

type Infer<S> = S extends Schema<infer T> ? T : never;

type Check<T> = (value: T) => string | null;

// A schema of a primitive type with refinements, each a check that returns a message or null.
abstract class RefinedSchema<T> extends Schema<T> {
  protected checks: Check<T>[] = [];

  constructor(private readonly typeName: string) {
    super();
  }

  refine(check: Check<T>): this {
    this.checks.push(check);
    return this;
  }

  check(value: unknown, path: Path, issues: Issue[]): T {
    if (typeof value !== this.typeName) {
      issues.push({ path: [...path], message: `expected ${this.typeName}, received ${describe(value)}` });
      return value as T;
    }
    for (const check of this.checks) {
      const message = check(value as T);
      if (message !== null) issues.push({ path: [...path], message });
    }
    return value as T;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

class StringSchema extends RefinedSchema<string> {
  constructor() {
    super("string");
  }

  min(length: number): this {
    return this.refine((s) => (s.length >= length ? null : `must have at least ${length} characters`));
  }

  max(length: number): this {
    return this.refine((s) => (s.length <= length ? null : `must have at most ${length} characters`));
  }

  email(): this {
    return this.refine((s) => (EMAIL.test(s) ? null : "invalid email"));
  }
}

class NumberSchema extends RefinedSchema<number> {
  constructor() {
    super("number");
  }

  int(): this {
    return this.refine((n) => (Number.isInteger(n) ? null : "expected integer, received float"));
  }

  min(bound: number): this {
    return this.refine((n) => (n >= bound ? null : `must be at least ${bound}`));
  }

  max(bound: number): this {
    return this.refine((n) => (n <= bound ? null : `must be at most ${bound}`));
  }

  positive(): this {
    return this.refine((n) => (n > 0 ? null : "must be positive"));
  }
}

class BooleanSchema extends RefinedSchema<boolean> {
  constructor() {
    super("boolean");
  }
}

class EnumSchema<T extends string> extends Schema<T> {
  constructor(readonly values: readonly T[]) {
    super();
  }

  check(value: unknown, path: Path, issues: Issue[]): T {
    if (!this.values.includes(value as T)) {
      issues.push({ path: [...path], message: `expected one of ${this.values.join(", ")}` });
    }
    return value as T;
  }
}

class ArraySchema<T> extends Schema<T[]> {
  private minLength = 0;

  constructor(readonly element: Schema<T>) {
    super();
  }

  min(length: number): this {
    this.minLength = length;
    return this;
  }

  check(value: unknown, path: Path, issues: Issue[]): T[] {
    if (!Array.isArray(value)) {
      issues.push({ path: [...path], message: `expected array, received ${describe(value)}` });
      return [];
    }
    if (value.length < this.minLength) {
      issues.push({ path: [...path], message: `must have at least ${this.minLength} items` });
    }
    return value.map((item, i) => this.element.check(item, [...path, i], issues));
  }
}

type Shape = Record<string, Schema<unknown>>;
type InferShape<S extends Shape> = { [K in keyof S]: Infer<S[K]> };

class ObjectSchema<S extends Shape> extends Schema<InferShape<S>> {
  constructor(readonly shape: S) {
    super();
  }

  // Unknown keys are dropped, as zod's default does.
  check(value: unknown, path: Path, issues: Issue[]): InferShape<S> {
    const out: Record<string, unknown> = {};
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ path: [...path], message: `expected object, received ${describe(value)}` });
      return out as InferShape<S>;
    }
    const input = value as Record<string, unknown>;
    for (const key of Object.keys(this.shape)) {
      const checked = this.shape[key].check(input[key], [...path, key], issues);
      if (checked !== undefined) out[key] = checked;
    }
    return out as InferShape<S>;
  }
}

class OptionalSchema<T> extends Schema<T | undefined> {
  constructor(readonly inner: Schema<T>) {
    super();
  }

  check(value: unknown, path: Path, issues: Issue[]): T | undefined {
    return value === undefined ? undefined : this.inner.check(value, path, issues);
  }
}

const s = {
  string: () => new StringSchema(),
  number: () => new NumberSchema(),
  boolean: () => new BooleanSchema(),
  enum: <T extends string>(values: readonly T[]) => new EnumSchema(values),
  array: <T>(element: Schema<T>) => new ArraySchema(element),
  object: <S extends Shape>(shape: S) => new ObjectSchema(shape),
};

// --- the service ---

interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const OrderLine = s.object({
  sku: s.string().min(3).max(24),
  quantity: s.number().int().positive().max(1000),
  unitPrice: s.number().min(0),
});

const CreateOrder = s.object({
  customer: s.object({
    name: s.string().min(1).max(80),
    email: s.string().email(),
    vip: s.boolean().optional(),
  }),
  currency: s.enum(["EUR", "USD", "GBP"] as const),
  lines: s.array(OrderLine).min(1),
  coupon: s.string().optional(),
  tags: s.array(s.string().max(16)),
});

type Order = Infer<typeof CreateOrder>;

const json = (status: number, payload: unknown, requestId: string): HttpResponse => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-request-id": requestId },
  body: JSON.stringify(payload),
});

function totals(order: Order) {
  const subtotal = order.lines.reduce((sum, line) => sum + line.quantity * Math.round(line.unitPrice * 100), 0);
  const discount = order.coupon === "SAVE10" ? Math.floor(subtotal / 10) : order.customer.vip ? Math.floor(subtotal / 20) : 0;
  const tax = Math.floor(((subtotal - discount) * 21) / 100);
  return { subtotal, discount, tax, total: subtotal - discount + tax };
}

const money = (cents: number): string => (cents / 100).toFixed(2);

function handleCreateOrder(req: HttpRequest): HttpResponse {
  const requestId = req.headers["x-request-id"] ?? "-";
  if (req.path !== "/orders") return json(404, { error: "not found" }, requestId);
  if (req.method !== "POST") return json(405, { error: "method not allowed" }, requestId);
  if (!req.headers["content-type"]?.startsWith("application/json")) {
    return json(415, { error: "expected application/json" }, requestId);
  }
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return json(400, { error: "malformed JSON" }, requestId);
  }
  const parsed = CreateOrder.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return json(422, { error: "validation failed", issues }, requestId);
  }
  const order = parsed.data;
  const sum = totals(order);
  return json(201, {
    id: `ord_${requestId}`,
    customer: order.customer.name,
    currency: order.currency,
    items: order.lines.reduce((n, line) => n + line.quantity, 0),
    subtotal: money(sum.subtotal),
    discount: money(sum.discount),
    tax: money(sum.tax),
    total: money(sum.total),
    tags: order.tags.filter((tag) => tag.length > 0).sort(),
  }, requestId);
}

// --- the traffic ---

let seed = 2024;
const rand = (n: number): number => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};
const pick = <T>(items: readonly T[]): T => items[rand(items.length)];

const NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra", "Ken Thompson"];
const SKUS = ["kb-101", "ms-220", "mon-27q", "usb-c-hub", "dock-x", "cable-2m", "lamp"];
const TAGS = ["gift", "express", "b2b", "repeat", "promo", ""];

function validOrder() {
  const name = pick(NAMES);
  const lines = Array.from({ length: 1 + rand(6) }, () => ({
    sku: pick(SKUS),
    quantity: 1 + rand(9),
    unitPrice: (50 + rand(50000)) / 100,
  }));
  return {
    customer: { name, email: `${name.split(" ")[0].toLowerCase()}@example.com`, ...(rand(4) === 0 ? { vip: true } : {}) },
    currency: pick(["EUR", "USD", "GBP"]),
    lines,
    ...(rand(3) === 0 ? { coupon: "SAVE10" } : {}),
    tags: Array.from({ length: rand(4) }, () => pick(TAGS)),
    clientVersion: "4.2.1", // unknown: dropped
  };
}

// The body of an order broken in one of six ways.
function breakOrder(order: ReturnType<typeof validOrder>, kind: number): string {
  const o: any = order;
  switch (kind) {
    case 0:
      return JSON.stringify(o).slice(0, 40); // truncated
    case 1:
      o.customer.email = "not-an-email";
      break;
    case 2:
      o.lines[0].quantity = 2.5;
      o.lines.push({ sku: "x", quantity: 0, unitPrice: -1 });
      break;
    case 3:
      o.lines = [];
      o.currency = "JPY";
      break;
    case 4:
      delete o.customer;
      o.tags = "gift";
      break;
    default:
      o.lines[0].unitPrice = "12.50";
  }
  return JSON.stringify(o);
}

function makeRequest(i: number): HttpRequest {
  const order = validOrder();
  const broken = rand(4) === 0;
  const body = broken ? breakOrder(order, rand(6)) : JSON.stringify(order);
  const contentType = rand(50) === 0 ? "text/plain" : "application/json";
  return { method: "POST", path: "/orders", headers: { "content-type": contentType, "x-request-id": `r${i}` }, body };
}

const pool = Array.from({ length: 500 }, (_, i) => makeRequest(i));
const statuses = new Map<number, number>();
let bytes = 0;
let revenue = 0;
let issueCount = 0;
for (let i = 0; i < N; i++) {
  const res = handleCreateOrder(pool[i % pool.length]);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  bytes += res.body.length + res.headers["content-type"].length;
  if (res.status === 201) revenue += Math.round(Number(JSON.parse(res.body).total) * 100);
  if (res.status === 422) issueCount += JSON.parse(res.body).issues.length;
}
console.log([...statuses].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}=${n}`).join(" "));
console.log(bytes, revenue, issueCount);
console.log(handleCreateOrder(pool[3]).body);
try {
  CreateOrder.parse(JSON.parse(breakOrder(validOrder(), 2)));
} catch (e) {
  console.log(e instanceof ValidationError ? e.message : e);
}
