// perry:decorators: the run-time half of standard (TC39) decorators. The compiler
// (`compiler/src/decorators.rs`) rewrites a decorated class so that its first static block
// calls these functions once the class's methods exist, and its field initializers call
// `init`/`run`. Behaviour follows esbuild's lowering, which is what a program run under Node
// 20 (which has no decorators) sees: the decorator contexts, their property order, the order
// decorators apply in and the errors they throw.
//
// A class's decorator state is an array: slot 0 holds the class's extra initializers, 1 the
// static methods' and accessors', 2 the instance methods' and accessors', 3 the metadata
// object; each decorated field or accessor owns two more slots, its initializers and its extra
// initializers, numbered by the compiler in the order the decorators apply.

const metadataKey: symbol = (Symbol as any).metadata ?? Symbol.for("Symbol.metadata");

const KINDS = ["class", "method", "getter", "setter", "accessor", "field"];

type Access = { has: (o: any) => boolean; get?: (o: any) => unknown; set?: (o: any, v: unknown) => void };

function expectFn(fn: unknown): unknown {
  if (fn !== undefined && typeof fn !== "function") throw new TypeError("Function expected");
  return fn;
}

function setName(fn: any, name: string) {
  Object.defineProperty(fn, "name", { value: name, configurable: true });
}

/** The state of a class being decorated; its metadata inherits the superclass's. */
export function start(cls: any): any[] {
  const parent = Object.getPrototypeOf(cls);
  const inherited = parent == null ? undefined : parent[metadataKey];
  return [[], [], [], Object.create(inherited ?? null)];
}

function context(st: any[], kind: number, name: unknown, done: { _: boolean }, extras: Function[]): any {
  return {
    kind: KINDS[kind],
    name,
    metadata: st[3],
    addInitializer(fn: unknown) {
      if (done._) throw new TypeError("Already initialized");
      extras.push(expectFn(fn ?? null) as Function);
    },
  };
}

function memberContext(st: any[], kind: number, name: unknown, isStatic: boolean, isPrivate: boolean, access: Access, done: { _: boolean }, extras: Function[]) {
  const ctx = context(st, kind, name, done, extras);
  ctx.static = isStatic;
  ctx.private = isPrivate;
  ctx.access = access;
  return ctx;
}

/** The access object of a public member: `has`, and `get`/`set` as the kind allows. */
function publicAccess(kind: number, name: PropertyKey): Access {
  const access: Access = { has: (o: any) => name in o };
  if (kind !== 3) access.get = (o: any) => o[name];
  if (kind > 2) access.set = (o: any, v: unknown) => { o[name] = v; };
  return access;
}

function extrasOf(st: any[], isStatic: boolean): Function[] {
  return st[isStatic ? 1 : 2];
}

/** Decorates a public method (kind 1), getter (2) or setter (3) of `cls` (or its prototype). */
export function method(st: any[], kind: number, isStatic: boolean, name: PropertyKey, decorators: Function[], cls: any): void {
  const target = isStatic ? cls : cls.prototype;
  const desc: PropertyDescriptor = Object.getOwnPropertyDescriptor(target, name)!;
  const key = kind === 1 ? "value" : kind === 2 ? "get" : "set";
  const access = publicAccess(kind, name);
  for (let i = decorators.length - 1; i >= 0; i--) {
    const done = { _: false };
    const ctx = memberContext(st, kind, name, isStatic, false, access, done, extrasOf(st, isStatic));
    const it = (0, decorators[i])((desc as any)[key], ctx);
    done._ = true;
    if (expectFn(it)) (desc as any)[key] = it;
  }
  Object.defineProperty(target, name, desc);
}

/** Decorates a private method, getter or setter whose function is `fn`; returns its new function. */
export function privateMethod(st: any[], kind: number, isStatic: boolean, name: string, decorators: Function[], fn: Function, access: Access): Function {
  setName(fn, (kind === 3 ? "set " : kind === 2 ? "get " : "") + name);
  for (let i = decorators.length - 1; i >= 0; i--) {
    const done = { _: false };
    const ctx = memberContext(st, kind, name, isStatic, true, access, done, extrasOf(st, isStatic));
    const it = (0, decorators[i])(fn, ctx);
    done._ = true;
    if (expectFn(it)) fn = it as Function;
  }
  return fn;
}

/** Applies an accessor decorator's result to `pair` ({ get, set }) and `inits`. */
function applyAccessor(it: any, pair: { get: Function; set: Function }, inits: Function[]) {
  if (it === undefined) return;
  if (typeof it !== "object" || it === null) throw new TypeError("Object expected");
  let fn;
  if (expectFn((fn = it.get))) pair.get = fn;
  if (expectFn((fn = it.set))) pair.set = fn;
  if (expectFn((fn = it.init))) inits.unshift(fn);
}

/** Decorates an auto-accessor: `slot` is its initializers' slot, `pair` its getter and setter. */
function accessorWith(st: any[], slot: number, isStatic: boolean, isPrivate: boolean, name: unknown, decorators: Function[], pair: { get: Function; set: Function }, access: Access) {
  const inits: Function[] = (st[slot] = []);
  const extras: Function[] = (st[slot + 1] = []);
  for (let i = decorators.length - 1; i >= 0; i--) {
    const done = { _: false };
    const ctx = memberContext(st, 4, name, isStatic, isPrivate, access, done, extras);
    const it = (0, decorators[i])({ get: pair.get, set: pair.set }, ctx);
    done._ = true;
    applyAccessor(it, pair, inits);
  }
}

/** Decorates a public auto-accessor (its getter and setter are on `cls` or its prototype). */
export function accessor(st: any[], slot: number, isStatic: boolean, name: PropertyKey, decorators: Function[], cls: any): void {
  const target = isStatic ? cls : cls.prototype;
  const desc: PropertyDescriptor = Object.getOwnPropertyDescriptor(target, name)!;
  const pair = { get: desc.get!, set: desc.set! };
  accessorWith(st, slot, isStatic, false, name, decorators, pair, publicAccess(4, name));
  desc.get = pair.get as any;
  desc.set = pair.set as any;
  Object.defineProperty(target, name, desc);
}

/** Decorates a private auto-accessor; returns its new { get, set }. */
export function privateAccessor(st: any[], slot: number, isStatic: boolean, name: string, decorators: Function[], pair: { get: Function; set: Function }, access: Access) {
  setName(pair.get, "get " + name);
  setName(pair.set, "set " + name);
  accessorWith(st, slot, isStatic, true, name, decorators, pair, access);
  return pair;
}

/** Decorates a field: its decorators' results become the initializers of `slot`. */
export function field(st: any[], slot: number, isStatic: boolean, isPrivate: boolean, name: unknown, decorators: Function[], access: Access | undefined): void {
  const inits: Function[] = (st[slot] = []);
  const extras: Function[] = (st[slot + 1] = []);
  access ??= publicAccess(5, name as PropertyKey);
  for (let i = decorators.length - 1; i >= 0; i--) {
    const done = { _: false };
    const ctx = memberContext(st, 5, name, isStatic, isPrivate, access, done, extras);
    const it = (0, decorators[i])(undefined, ctx);
    done._ = true;
    if (expectFn(it)) inits.unshift(it as Function);
  }
}

/** Applies the class decorators (last first) and defines the metadata; returns the class. */
export function klass(st: any[], name: string, decorators: Function[], cls: any): any {
  setName(cls, name);
  for (let i = decorators.length - 1; i >= 0; i--) {
    const done = { _: false };
    const ctx = context(st, 0, name, done, st[0]);
    const it = (0, decorators[i])(cls, ctx);
    done._ = true;
    if (expectFn(it)) cls = it;
  }
  if (metadataKey in cls) {
    Object.defineProperty(cls, metadataKey, { value: st[3], enumerable: true, configurable: true, writable: true });
  } else {
    cls[metadataKey] = st[3];
  }
  return cls;
}

/** A field's initial value passed through its decorators' initializers (slot `slot`). */
export function init(st: any[], slot: number, self: unknown, value: unknown): unknown {
  const fns: Function[] | undefined = st[slot];
  if (fns) for (let i = 0; i < fns.length; i++) value = fns[i].call(self, value);
  return value;
}

/** Runs the extra initializers of `slot` on `self` (the result is for a dummy field). */
export function run(st: any[], slot: number, self: unknown): undefined {
  const fns: Function[] | undefined = st[slot];
  if (fns) for (let i = 0; i < fns.length; i++) fns[i].call(self);
  return undefined;
}
