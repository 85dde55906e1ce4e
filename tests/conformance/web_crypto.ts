// globalThis.crypto: randomUUID (format and uniqueness only) and
// getRandomValues, with Node's errors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message, e.name, e.code);
  }
}

console.log(typeof crypto, Object.prototype.toString.call(crypto), crypto === globalThis.crypto, crypto);
const desc = Object.getOwnPropertyDescriptor(globalThis, "crypto")!;
console.log(typeof desc.get, desc.enumerable, desc.configurable);

const seen = new Set<string>();
let wellFormed = true;
for (let i = 0; i < 500; i++) {
  const id = crypto.randomUUID();
  if (typeof id !== "string" || id.length !== 36 || id[14] !== "4" || "89ab".indexOf(id[19]) < 0) wellFormed = false;
  for (let k = 0; k < 36; k++) {
    const c = id[k];
    const dash = k === 8 || k === 13 || k === 18 || k === 23;
    if (dash ? c !== "-" : "0123456789abcdef".indexOf(c) < 0) wellFormed = false;
  }
  seen.add(id);
}
console.log("uuids well formed:", wellFormed, "distinct:", seen.size);

const bytes = new Uint8Array(64);
const same = crypto.getRandomValues(bytes);
console.log(same === bytes, bytes.length, bytes.some((x) => x !== 0));
const a = crypto.getRandomValues(new Uint8Array(32));
const b = crypto.getRandomValues(new Uint8Array(32));
console.log("two fills differ:", a.join() !== b.join());
console.log(crypto.getRandomValues(new Uint8Array(0)), crypto.getRandomValues(new Uint8Array(65536)).length);
const frame = new Uint8Array(8);
crypto.getRandomValues(frame.subarray(2, 4));
console.log(frame[0], frame[1], frame[4], frame[5], frame[6], frame[7]);

attempt("too long", () => crypto.getRandomValues(new Uint8Array(65537)));
attempt("not a typed array", () => crypto.getRandomValues([1, 2] as any));
attempt("no argument", () => (crypto.getRandomValues as any)());
attempt("wrong this", () => crypto.randomUUID.call({}));
attempt("constructor", () => new (crypto.constructor as any)());
const e = new DOMException("gone", "NotFoundError");
console.log(e.name, e.message, e.code, e instanceof Error, String(e), Object.prototype.toString.call(e));
console.log(new DOMException().name, new DOMException("m").code);
