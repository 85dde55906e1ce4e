// perry:web-streams: the WHATWG Streams globals as Node 20 has them (ReadableStream with default
// and byte controllers, readers, tee, pipeTo/pipeThrough, async iteration and `from`;
// WritableStream; TransformStream; the two queuing strategies; TextEncoderStream and
// TextDecoderStream). The module graph evaluates this module first when some module's source
// names one of them (`modules::Graph::finish`).
//
// The structure follows the specification (https://streams.spec.whatwg.org/) as Node's
// implementation (lib/internal/webstreams) arranges it, since Node is the oracle for timing and
// messages: abstract operations are module-level functions, and each object's internal slots are
// one record under the module-private symbol `S` (non-enumerable, so inspection, spreading and
// `Object.keys` never show it). Errors carry Node's `code` and message.

import { inspect } from "node:util";
import { AbortController } from "perry:web-events";

// The global object, reached without naming `globalThis` (which would link every optional
// built-in family into any program that uses streams: `compiler/src/features.rs`).
const G: any = Function("return this")();

function define(name: string, value: unknown) {
  Object.defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });
}

const S = Symbol("kState");
const kInspect = Symbol.for("nodejs.util.inspect.custom");
const SKIP = Symbol("kSkipThrow");
const CLOSE_SENTINEL = Symbol("kCloseSentinel");

/** Gives `o` its internal record (`type` names the interface, for brand checks). */
function slot(o: any, state: any) {
  Object.defineProperty(o, S, { value: state, writable: true, configurable: false, enumerable: false });
}

function is(x: any, type: string): boolean {
  return x !== null && (typeof x === "object" || typeof x === "function") && x[S] !== undefined && x[S].type === type;
}

// ---------------------------------------------------------------------------
// Node's errors

function nodeError(Base: any, code: string, message: string): any {
  const e = new Base(message);
  e.code = code;
  return e;
}

function invalidState(m: string): any {
  return nodeError(TypeError, "ERR_INVALID_STATE", "Invalid state: " + m);
}

function invalidStateRange(m: string): any {
  return nodeError(RangeError, "ERR_INVALID_STATE", "Invalid state: " + m);
}

function invalidThis(t: string): any {
  return nodeError(TypeError, "ERR_INVALID_THIS", `Value of "this" must be of type ${t}`);
}

function illegalConstructor(): any {
  return nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
}

/** A short rendering of a value for messages, as Node's `inspect` gives it for primitives. */
function show(v: any): string {
  if (typeof v === "string") return `'${v}'`;
  if (typeof v === "function") return v.name ? `[Function: ${v.name}]` : "[Function (anonymous)]";
  if (typeof v === "symbol" || typeof v === "bigint") return v.toString() + (typeof v === "bigint" ? "n" : "");
  if (v !== null && typeof v === "object") return inspect(v, {});
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

function invalidArgValue(name: string, value: any, reason = "is invalid", Base: any = TypeError): any {
  const kind = name.includes(".") ? "property" : "argument";
  return nodeError(Base, "ERR_INVALID_ARG_VALUE", `The ${kind} '${name}' ${reason}. Received ${show(value)}`);
}

function received(v: any): string {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${v.name}`;
  if (typeof v === "object") {
    const c = v.constructor;
    if (c && typeof c === "function" && c.name) return ` Received an instance of ${c.name}`;
    return ` Received ${show(v)}`;
  }
  let s = show(v);
  if (s.length > 28) s = s.slice(0, 25) + "...";
  return ` Received type ${typeof v} (${s})`;
}

function invalidArgType(name: string, expected: string, value: any): any {
  const kind = name.includes(".") ? "property" : "argument";
  return nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" ${kind} must be ${expected}.${received(value)}`);
}

/** Node's validateObject: objects, arrays and functions; `null` when `allowNull`. */
function validateObject(v: any, name: string, allowNull: boolean) {
  if ((v === null && !allowNull) || (v !== null && typeof v !== "object" && typeof v !== "function")) {
    throw invalidArgType(name, "of type object", v);
  }
}

function validateFunction(f: any, name: string) {
  if (typeof f !== "function") throw invalidArgType(name, "of type function", f);
}

// ---------------------------------------------------------------------------
// Promises and queues

interface Deferred {
  promise: any;
  resolve: ((v?: any) => void) | undefined;
  reject: ((e: any) => void) | undefined;
  pending: boolean;
}

function deferred(): Deferred {
  const d: Deferred = { promise: undefined, resolve: undefined, reject: undefined, pending: true };
  d.promise = new Promise((res, rej) => {
    d.resolve = (v?: any) => {
      d.pending = false;
      res(v);
    };
    d.reject = (e: any) => {
      d.pending = false;
      rej(e);
    };
  });
  return d;
}

function settled(promise: any): Deferred {
  return { promise, resolve: undefined, reject: undefined, pending: false };
}

function noop() {}

function setHandled(p: any) {
  p.then(noop, noop);
}

async function invokeCallback(fn: any, thisArg: any, args: any[]) {
  return fn.apply(thisArg, args);
}

/** Node's createPromiseCallback: the user's method, called as a promise-returning callback. */
function promiseCallback(name: string, fn: any, thisArg: any): (...args: any[]) => any {
  validateFunction(fn, name);
  return (...args: any[]) => invokeCallback(fn, thisArg, args);
}

function nonOpStart() {}
async function nonOpPull() {}
async function nonOpCancel() {}
async function nonOpWrite() {}
async function nonOpFlush() {}

function extractHighWaterMark(value: any, dflt: number): number {
  if (value === undefined) return dflt;
  value = +value;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) throw invalidArgValue("strategy.highWaterMark", value, "is invalid", RangeError);
  return value;
}

function extractSizeAlgorithm(size: any): (chunk: any) => number {
  if (size === undefined) return () => 1;
  validateFunction(size, "strategy.size");
  return size;
}

function dequeueValue(c: any): any {
  const st = c[S];
  const { value, size } = st.queue.shift();
  st.queueTotalSize = Math.max(0, st.queueTotalSize - size);
  return value;
}

function resetQueue(c: any) {
  c[S].queue = [];
  c[S].queueTotalSize = 0;
}

function peekQueueValue(c: any): any {
  return c[S].queue[0].value;
}

function enqueueValueWithSize(c: any, value: any, size: any) {
  size = +size;
  if (typeof size !== "number" || size < 0 || Number.isNaN(size) || size === Infinity) throw invalidArgValue("size", size, "is invalid", RangeError);
  c[S].queue.push({ value, size });
  c[S].queueTotalSize += size;
}

// Buffers

function isDetached(b: any): boolean {
  return b.detached === true;
}

function transferArrayBuffer(b: any): any {
  if (isDetached(b)) throw nodeError(TypeError, "ERR_OPERATION_FAILED", "Operation failed: The ArrayBuffer could not be transferred");
  return b.transfer();
}

function copyArrayBuffer(dest: any, destStart: number, src: any, srcStart: number, n: number) {
  new Uint8Array(dest, destStart, n).set(new Uint8Array(src, srcStart, n));
}

function cloneAsUint8Array(view: any): any {
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

function isViewedArrayBufferDetached(view: any): boolean {
  return view.byteLength === 0 && isDetached(view.buffer);
}

// Inspection: `Name { ...data }`, as Node's customInspect prints it: the data is formatted on its
// own (so the name does not count toward the line width) with the inspection's options, one
// level shallower than their whole depth (Node's `options.depth - 1`).
function inspectView(depth: any, options: any, inspectFn: any, name: string, data: any): string {
  // Node's customInspect returns its `this` here, which is undefined: so it prints `undefined`.
  if (typeof depth === "number" && depth < 0) return undefined as any;
  const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
  return `${name} ${inspectFn(data, opts)}`;
}

/** Node's prototype shape: accessors and methods enumerable, and a `Symbol.toStringTag`. */
function finishClass(C: any, names: string[]) {
  const proto = C.prototype;
  for (const n of names) {
    const d = Object.getOwnPropertyDescriptor(proto, n) as PropertyDescriptor;
    d.enumerable = true;
    Object.defineProperty(proto, n, d);
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: C.name, configurable: true });
  const ins = Object.getOwnPropertyDescriptor(proto, kInspect);
  if (ins !== undefined) {
    ins.enumerable = false;
    Object.defineProperty(proto, kInspect, ins);
  }
}

const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
const AsyncIterator = Object.create(AsyncIteratorPrototype, {
  next: { value: undefined, writable: true, configurable: true, enumerable: true },
  return: { value: undefined, writable: true, configurable: true, enumerable: true },
});

// ---------------------------------------------------------------------------
// ReadableStream

interface ReadRequest {
  chunk(c: any): void;
  close(c?: any): void;
  error(e: any): void;
}

let releasedError: any;
let releasingError: any;
function readerReleasedError() {
  return (releasedError ??= invalidState("Reader released"));
}
function readerReleasingError() {
  return (releasingError ??= invalidState("Releasing reader"));
}

function readableState(): any {
  return { type: "ReadableStream", disturbed: false, reader: undefined, state: "readable", storedError: undefined, controller: undefined };
}

class ReadableStream {
  constructor(source: any = {}, strategy: any = {}) {
    validateObject(source, "source", false);
    validateObject(strategy, "strategy", true);
    slot(this, readableState());
    // The strategy is read before the source (the order the specification observes).
    const size = strategy?.size;
    const highWaterMark = strategy?.highWaterMark;
    const type = source.type;
    if (`${type}` === "bytes") {
      if (size !== undefined) throw invalidArgValue("strategy.size", size, "is invalid", RangeError);
      setupReadableByteStreamControllerFromSource(this, source, extractHighWaterMark(highWaterMark, 0));
    } else {
      if (type !== undefined) throw invalidArgValue("source.type", type);
      setupReadableStreamDefaultControllerFromSource(this, source, extractHighWaterMark(highWaterMark, 1), extractSizeAlgorithm(size));
    }
  }

  get locked(): boolean {
    if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
    return isReadableStreamLocked(this);
  }

  static from(iterable: any): any {
    return readableStreamFromIterable(iterable);
  }

  cancel(reason: any = undefined): Promise<void> {
    if (!is(this, "ReadableStream")) return Promise.reject(invalidThis("ReadableStream"));
    if (isReadableStreamLocked(this)) return Promise.reject(invalidState("ReadableStream is locked"));
    return readableStreamCancel(this, reason);
  }

  getReader(options: any = {}): any {
    if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
    validateObject(options, "options", true);
    const mode = options?.mode;
    if (mode === undefined) return new ReadableStreamDefaultReader(this);
    if (`${mode}` !== "byob") throw invalidArgValue("options.mode", mode);
    return new ReadableStreamBYOBReader(this);
  }

  pipeThrough(transform: any, options: any = {}): any {
    if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
    const readable = transform?.readable;
    if (!is(readable, "ReadableStream")) throw invalidArgType("transform.readable", "an instance of ReadableStream", readable);
    const writable = transform?.writable;
    if (!is(writable, "WritableStream")) throw invalidArgType("transform.writable", "an instance of WritableStream", writable);
    validateObject(options, "options", true);
    const preventAbort = options?.preventAbort;
    const preventCancel = options?.preventCancel;
    const preventClose = options?.preventClose;
    const signal = options?.signal;
    if (signal !== undefined) validateAbortSignal(signal);
    if (isReadableStreamLocked(this)) throw invalidState("The ReadableStream is locked");
    if (isWritableStreamLocked(writable)) throw invalidState("The WritableStream is locked");
    setHandled(readableStreamPipeTo(this, writable, !!preventClose, !!preventAbort, !!preventCancel, signal));
    return readable;
  }

  pipeTo(destination: any, options: any = {}): Promise<void> {
    try {
      if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
      if (!is(destination, "WritableStream")) throw invalidArgType("transform.writable", "an instance of WritableStream", destination);
      validateObject(options, "options", true);
      const preventAbort = options?.preventAbort;
      const preventCancel = options?.preventCancel;
      const preventClose = options?.preventClose;
      const signal = options?.signal;
      if (signal !== undefined) validateAbortSignal(signal);
      if (isReadableStreamLocked(this)) throw invalidState("The ReadableStream is locked");
      if (isWritableStreamLocked(destination)) throw invalidState("The WritableStream is locked");
      return readableStreamPipeTo(this, destination, !!preventClose, !!preventAbort, !!preventCancel, signal);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  tee(): any[] {
    if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
    return readableStreamTee(this, false);
  }

  values(options: any = {}): any {
    if (!is(this, "ReadableStream")) throw invalidThis("ReadableStream");
    validateObject(options, "options", true);
    const preventCancel = !!options?.preventCancel;
    const reader: any = new ReadableStreamDefaultReader(this);
    const state: any = { done: false, current: undefined };
    let started = false;

    function nextSteps(): any {
      if (state.done) return Promise.resolve({ done: true, value: undefined });
      if (reader[S].stream === undefined) return Promise.reject(invalidState("The reader is not bound to a ReadableStream"));
      const promise = deferred();
      readableStreamDefaultReaderRead(reader, {
        chunk(chunk: any) {
          state.current = undefined;
          promise.resolve!({ value: chunk, done: false });
        },
        close() {
          state.current = undefined;
          state.done = true;
          readableStreamReaderGenericRelease(reader);
          promise.resolve!({ done: true, value: undefined });
        },
        error(e: any) {
          state.current = undefined;
          state.done = true;
          readableStreamReaderGenericRelease(reader);
          promise.reject!(e);
        },
      });
      return promise.promise;
    }

    async function returnSteps(value: any) {
      if (state.done) return { done: true, value };
      state.done = true;
      if (reader[S].stream === undefined) throw invalidState("The reader is not bound to a ReadableStream");
      if (!preventCancel) {
        const result = readableStreamReaderGenericCancel(reader, value);
        readableStreamReaderGenericRelease(reader);
        await result;
        return { done: true, value };
      }
      readableStreamReaderGenericRelease(reader);
      return { done: true, value };
    }

    const it: any = {
      next() {
        // Node delays the first read by a microtask, so the controller has started.
        if (!started) {
          state.current = Promise.resolve();
          started = true;
        }
        state.current = state.current !== undefined ? state.current.then(nextSteps, nextSteps) : nextSteps();
        return state.current;
      },
      return(error: any) {
        started = true;
        state.current =
          state.current !== undefined
            ? state.current.then(
                () => returnSteps(error),
                () => returnSteps(error),
              )
            : returnSteps(error);
        return state.current;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    return Object.setPrototypeOf(it, AsyncIterator);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "ReadableStream", { locked: this.locked, state: st.state, supportsBYOB: is(st.controller, "ReadableByteStreamController") });
  }
}
Object.defineProperty(ReadableStream.prototype, Symbol.asyncIterator, {
  value: ReadableStream.prototype.values,
  writable: true,
  configurable: true,
  enumerable: false,
});
finishClass(ReadableStream, ["locked", "cancel", "getReader", "pipeThrough", "pipeTo", "tee", "values"]);
Object.defineProperty(ReadableStream, "from", { enumerable: true });

function validateAbortSignal(signal: any) {
  if (signal === null || typeof signal !== "object" || !("aborted" in signal)) throw invalidArgType("options.signal", "an instance of AbortSignal", signal);
}

class ReadableStreamBYOBRequest {
  constructor(skip: any = undefined) {
    if (skip !== SKIP) throw illegalConstructor();
  }

  get view(): any {
    if (!is(this, "ReadableStreamBYOBRequest")) throw invalidThis("ReadableStreamBYOBRequest");
    return (this as any)[S].view;
  }

  respond(bytesWritten: any): void {
    if (!is(this, "ReadableStreamBYOBRequest")) throw invalidThis("ReadableStreamBYOBRequest");
    const { view, controller } = (this as any)[S];
    if (controller === undefined) throw invalidState("This BYOB request has been invalidated");
    const viewByteLength = view.byteLength;
    const viewBuffer = view.buffer;
    if (isDetached(viewBuffer)) throw invalidState("Viewed ArrayBuffer is detached");
    if (typeof bytesWritten !== "number") throw invalidArgType("bytesWritten", "of type number", bytesWritten);
    if (bytesWritten < 0 || bytesWritten > viewByteLength) throw invalidArgValue("bytesWritten", bytesWritten, "is invalid", RangeError);
    readableByteStreamControllerRespond(controller, bytesWritten);
  }

  respondWithNewView(view: any): void {
    if (!is(this, "ReadableStreamBYOBRequest")) throw invalidThis("ReadableStreamBYOBRequest");
    const { controller } = (this as any)[S];
    if (controller === undefined) throw invalidState("This BYOB request has been invalidated");
    if (!ArrayBuffer.isView(view)) throw invalidArgType("view", "an instance of Buffer, TypedArray, or DataView", view);
    if (isViewedArrayBufferDetached(view)) throw invalidState("Viewed ArrayBuffer is detached");
    readableByteStreamControllerRespondWithNewView(controller, view);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "ReadableStreamBYOBRequest", { view: this.view, controller: (this as any)[S].controller });
  }
}
finishClass(ReadableStreamBYOBRequest, ["view", "respond", "respondWithNewView"]);

function createReadableStreamBYOBRequest(controller: any, view: any): any {
  const r = new ReadableStreamBYOBRequest(SKIP);
  slot(r, { type: "ReadableStreamBYOBRequest", controller, view });
  return r;
}

/** The promise a `read()` returns, settled by the read request's steps. */
function defaultReadRequest(): ReadRequest & { promise: any } {
  const d = deferred();
  return {
    promise: d.promise,
    chunk: (value: any) => d.resolve!({ value, done: false }),
    close: (value?: any) => d.resolve!({ value, done: true }),
    error: (e: any) => d.reject!(e),
  };
}

class ReadableStreamDefaultReader {
  constructor(stream: any) {
    if (!is(stream, "ReadableStream")) throw invalidArgType("stream", "an instance of ReadableStream", stream);
    slot(this, { type: "ReadableStreamDefaultReader", readRequests: [], stream: undefined, close: undefined });
    setupReadableStreamDefaultReader(this, stream);
  }

  read(): Promise<any> {
    if (!is(this, "ReadableStreamDefaultReader")) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    if ((this as any)[S].stream === undefined) return Promise.reject(invalidState("The reader is not attached to a stream"));
    const r = defaultReadRequest();
    readableStreamDefaultReaderRead(this, r);
    return r.promise;
  }

  releaseLock(): void {
    if (!is(this, "ReadableStreamDefaultReader")) throw invalidThis("ReadableStreamDefaultReader");
    if ((this as any)[S].stream === undefined) return;
    readableStreamDefaultReaderRelease(this);
  }

  get closed(): Promise<void> {
    if (!is(this, "ReadableStreamDefaultReader")) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    return (this as any)[S].close.promise;
  }

  cancel(reason: any = undefined): Promise<void> {
    if (!is(this, "ReadableStreamDefaultReader")) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    if ((this as any)[S].stream === undefined) return Promise.reject(invalidState("The reader is not attached to a stream"));
    return readableStreamReaderGenericCancel(this, reason);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "ReadableStreamDefaultReader", { stream: st.stream, readRequests: st.readRequests.length, close: st.close.promise });
  }
}
finishClass(ReadableStreamDefaultReader, ["closed", "read", "releaseLock", "cancel"]);

class ReadableStreamBYOBReader {
  constructor(stream: any) {
    if (!is(stream, "ReadableStream")) throw invalidArgType("stream", "an instance of ReadableStream", stream);
    slot(this, { type: "ReadableStreamBYOBReader", readIntoRequests: [], stream: undefined, close: undefined });
    setupReadableStreamBYOBReader(this, stream);
  }

  async read(view: any, options: any = {}): Promise<any> {
    if (!is(this, "ReadableStreamBYOBReader")) throw invalidThis("ReadableStreamBYOBReader");
    if (!ArrayBuffer.isView(view)) throw invalidArgType("view", "an instance of Buffer, TypedArray, or DataView", view);
    validateObject(options, "options", true);
    const viewByteLength = view.byteLength;
    const viewBufferByteLength = view.buffer.byteLength;
    if (viewByteLength === 0 || viewBufferByteLength === 0) throw invalidState("View or Viewed ArrayBuffer is zero-length or detached");
    const min = options?.min ?? 1;
    if (typeof min !== "number") throw invalidArgType("options.min", "of type number", min);
    if (!Number.isInteger(min)) throw invalidArgValue("options.min", min, "must be an integer");
    if (min <= 0) throw invalidArgValue("options.min", min, "must be greater than 0");
    if (!(view instanceof DataView)) {
      if (min > (view as any).length) throw nodeError(RangeError, "ERR_OUT_OF_RANGE", `The value of "options.min" is out of range. It must be <= view.length. Received ${min}`);
    } else if (min > viewByteLength) {
      throw nodeError(RangeError, "ERR_OUT_OF_RANGE", `The value of "options.min" is out of range. It must be <= view.byteLength. Received ${min}`);
    }
    if ((this as any)[S].stream === undefined) throw invalidState("The reader is not attached to a stream");
    const r = defaultReadRequest();
    readableStreamBYOBReaderRead(this, view, min, r);
    return r.promise;
  }

  releaseLock(): void {
    if (!is(this, "ReadableStreamBYOBReader")) throw invalidThis("ReadableStreamBYOBReader");
    if ((this as any)[S].stream === undefined) return;
    readableStreamBYOBReaderRelease(this);
  }

  get closed(): Promise<void> {
    if (!is(this, "ReadableStreamBYOBReader")) return Promise.reject(invalidThis("ReadableStreamBYOBReader"));
    return (this as any)[S].close.promise;
  }

  cancel(reason: any = undefined): Promise<void> {
    if (!is(this, "ReadableStreamBYOBReader")) return Promise.reject(invalidThis("ReadableStreamBYOBReader"));
    if ((this as any)[S].stream === undefined) return Promise.reject(invalidState("The reader is not attached to a stream"));
    return readableStreamReaderGenericCancel(this, reason);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "ReadableStreamBYOBReader", { stream: st.stream, readIntoRequests: st.readIntoRequests.length, close: st.close.promise });
  }
}
finishClass(ReadableStreamBYOBReader, ["closed", "read", "releaseLock", "cancel"]);

class ReadableStreamDefaultController {
  constructor(skip: any = undefined) {
    if (skip !== SKIP) throw illegalConstructor();
    slot(this, { type: "ReadableStreamDefaultController" });
  }

  get desiredSize(): number | null {
    if (!is(this, "ReadableStreamDefaultController")) throw invalidThis("ReadableStreamDefaultController");
    return readableStreamDefaultControllerGetDesiredSize(this);
  }

  close(): void {
    if (!is(this, "ReadableStreamDefaultController")) throw invalidThis("ReadableStreamDefaultController");
    if (!readableStreamDefaultControllerCanCloseOrEnqueue(this)) throw invalidState("Controller is already closed");
    readableStreamDefaultControllerClose(this);
  }

  enqueue(chunk: any = undefined): void {
    if (!is(this, "ReadableStreamDefaultController")) throw invalidThis("ReadableStreamDefaultController");
    if (!readableStreamDefaultControllerCanCloseOrEnqueue(this)) throw invalidState("Controller is already closed");
    readableStreamDefaultControllerEnqueue(this, chunk);
  }

  error(error: any = undefined): void {
    if (!is(this, "ReadableStreamDefaultController")) throw invalidThis("ReadableStreamDefaultController");
    readableStreamDefaultControllerError(this, error);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "ReadableStreamDefaultController", {});
  }
}
finishClass(ReadableStreamDefaultController, ["desiredSize", "close", "enqueue", "error"]);

class ReadableByteStreamController {
  constructor(skip: any = undefined) {
    if (skip !== SKIP) throw illegalConstructor();
    slot(this, { type: "ReadableByteStreamController" });
  }

  get byobRequest(): any {
    if (!is(this, "ReadableByteStreamController")) throw invalidThis("ReadableByteStreamController");
    return readableByteStreamControllerGetBYOBRequest(this);
  }

  get desiredSize(): number | null {
    if (!is(this, "ReadableByteStreamController")) throw invalidThis("ReadableByteStreamController");
    return readableByteStreamControllerGetDesiredSize(this);
  }

  close(): void {
    if (!is(this, "ReadableByteStreamController")) throw invalidThis("ReadableByteStreamController");
    const st = (this as any)[S];
    if (st.closeRequested) throw invalidState("Controller is already closed");
    if (st.stream[S].state !== "readable") throw invalidState("ReadableStream is already closed");
    readableByteStreamControllerClose(this);
  }

  enqueue(chunk: any): void {
    if (!is(this, "ReadableByteStreamController")) throw invalidThis("ReadableByteStreamController");
    if (!ArrayBuffer.isView(chunk)) throw invalidArgType("buffer", "an instance of Buffer, TypedArray, or DataView", chunk);
    const st = (this as any)[S];
    if (chunk.byteLength === 0 || chunk.buffer.byteLength === 0) throw invalidState("chunk ArrayBuffer is zero-length or detached");
    if (st.closeRequested) throw invalidState("Controller is already closed");
    if (st.stream[S].state !== "readable") throw invalidState("ReadableStream is already closed");
    readableByteStreamControllerEnqueue(this, chunk);
  }

  error(error: any = undefined): void {
    if (!is(this, "ReadableByteStreamController")) throw invalidThis("ReadableByteStreamController");
    readableByteStreamControllerError(this, error);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "ReadableByteStreamController", {});
  }
}
finishClass(ReadableByteStreamController, ["byobRequest", "desiredSize", "close", "enqueue", "error"]);

function readableByteStreamControllerGetBYOBRequest(c: any): any {
  const st = c[S];
  if (st.byobRequest === null && st.pendingPullIntos.length) {
    const { buffer, byteOffset, bytesFilled, byteLength } = st.pendingPullIntos[0];
    st.byobRequest = createReadableStreamBYOBRequest(c, new Uint8Array(buffer, byteOffset + bytesFilled, byteLength - bytesFilled));
  }
  return st.byobRequest;
}

// The controller's internal methods ([[CancelSteps]], [[PullSteps]], [[ReleaseSteps]]).

function controllerCancelSteps(c: any, reason: any): any {
  return c[S].type === "ReadableByteStreamController" ? readableByteStreamControllerCancelSteps(c, reason) : readableStreamDefaultControllerCancelSteps(c, reason);
}

function controllerPullSteps(c: any, r: ReadRequest) {
  if (c[S].type === "ReadableByteStreamController") readableByteStreamControllerPullSteps(c, r);
  else readableStreamDefaultControllerPullSteps(c, r);
}

function controllerReleaseSteps(c: any) {
  const st = c[S];
  if (st.type !== "ReadableByteStreamController") return;
  if (st.pendingPullIntos.length > 0) {
    const first = st.pendingPullIntos[0];
    first.type = "none";
    st.pendingPullIntos = [first];
  }
}

function createReadableStream(start: any, pull: any, cancel: any, highWaterMark = 1, size: any = () => 1): any {
  const stream = Object.create(ReadableStream.prototype);
  slot(stream, readableState());
  const controller = new ReadableStreamDefaultController(SKIP);
  setupReadableStreamDefaultController(stream, controller, start, pull, cancel, highWaterMark, size);
  return stream;
}

function createReadableByteStream(start: any, pull: any, cancel: any): any {
  const stream = Object.create(ReadableStream.prototype);
  slot(stream, readableState());
  const controller = new ReadableByteStreamController(SKIP);
  setupReadableByteStreamController(stream, controller, start, pull, cancel, 0, undefined);
  return stream;
}

/** Node's getIterator(obj, 'async'): a sync iterator is adapted by an async generator. */
function getAsyncIterator(obj: any): any {
  let method = obj == null ? undefined : obj[Symbol.asyncIterator];
  if (method == null) {
    const syncMethod = obj == null ? undefined : obj[Symbol.iterator];
    if (syncMethod === undefined) throw nodeError(TypeError, "ERR_ARG_NOT_ITERABLE", `${show(obj)} must be iterable`);
    const sync = syncMethod.call(obj);
    if (typeof sync !== "object" || sync === null) throw invalidState("The iterator method must return an object");
    const syncIterable = { [Symbol.iterator]: () => sync };
    const iterator = (async function* () {
      return yield* syncIterable;
    })();
    return { iterator, nextMethod: iterator.next };
  }
  const iterator = method.call(obj);
  if (typeof iterator !== "object" || iterator === null) throw invalidState("The iterator method must return an object");
  return { iterator, nextMethod: iterator.next };
}

function readableStreamFromIterable(iterable: any): any {
  let stream: any;
  const record = getAsyncIterator(iterable);

  async function pullAlgorithm() {
    const nextResult = record.nextMethod.call(record.iterator);
    if (typeof nextResult !== "object" || nextResult === null) throw invalidState("The iterator.next() method must return an object");
    return Promise.resolve(nextResult).then((iterResult: any) => {
      if (typeof iterResult !== "object" || iterResult === null) throw invalidState("The promise returned by the iterator.next() method must fulfill with an object");
      if (iterResult.done) readableStreamDefaultControllerClose(stream[S].controller);
      else readableStreamDefaultControllerEnqueue(stream[S].controller, iterResult.value);
    });
  }

  async function cancelAlgorithm(reason: any) {
    const iterator = record.iterator;
    const returnMethod = iterator.return;
    if (returnMethod === undefined) return Promise.resolve();
    const returnResult = returnMethod.call(iterator, reason);
    return Promise.resolve(returnResult).then((iterResult: any) => {
      if (typeof iterResult !== "object" || iterResult === null) throw invalidState("The promise returned by the iterator.return() method must fulfill with an object");
      return undefined;
    });
  }

  stream = createReadableStream(nonOpStart, pullAlgorithm, cancelAlgorithm, 0);
  return stream;
}

function readableStreamPipeTo(source: any, dest: any, preventClose: boolean, preventAbort: boolean, preventCancel: boolean, signal: any): Promise<void> {
  let reader: any;
  let writer: any;
  try {
    reader = new ReadableStreamDefaultReader(source);
    writer = new WritableStreamDefaultWriter(dest);
  } catch (error) {
    return Promise.reject(error);
  }
  source[S].disturbed = true;
  let shuttingDown = false;
  const promise = deferred();
  const state: any = { currentWrite: Promise.resolve() };

  function finalize(rejected: boolean, error?: any) {
    writableStreamDefaultWriterRelease(writer);
    readableStreamReaderGenericRelease(reader);
    if (signal !== undefined && typeof signal.removeEventListener === "function") signal.removeEventListener("abort", abortAlgorithm);
    if (rejected) promise.reject!(error);
    else promise.resolve!();
  }

  async function waitForCurrentWrite(): Promise<void> {
    const write = state.currentWrite;
    await write;
    if (write !== state.currentWrite) await waitForCurrentWrite();
  }

  function shutdownWithAnAction(action: () => any, rejected?: boolean, originalError?: any) {
    if (shuttingDown) return;
    shuttingDown = true;
    function complete() {
      action().then(
        () => finalize(!!rejected, originalError),
        (error: any) => finalize(true, error),
      );
    }
    if (dest[S].state === "writable" && !writableStreamCloseQueuedOrInFlight(dest)) {
      waitForCurrentWrite().then(complete, (error: any) => finalize(true, error));
      return;
    }
    complete();
  }

  function shutdown(rejected?: boolean, error?: any) {
    if (shuttingDown) return;
    shuttingDown = true;
    if (dest[S].state === "writable" && !writableStreamCloseQueuedOrInFlight(dest)) {
      waitForCurrentWrite().then(
        () => finalize(!!rejected, error),
        (e: any) => finalize(true, e),
      );
      return;
    }
    finalize(!!rejected, error);
  }

  function abortAlgorithm() {
    const error = signal.reason;
    const actions: (() => any)[] = [];
    if (!preventAbort) actions.push(() => (dest[S].state === "writable" ? writableStreamAbort(dest, error) : Promise.resolve()));
    if (!preventCancel) actions.push(() => (source[S].state === "readable" ? readableStreamCancel(source, error) : Promise.resolve()));
    shutdownWithAnAction(() => Promise.all(actions.map((action) => action())), true, error);
  }

  function watchErrored(stream: any, p: any, action: (e: any) => void) {
    if (stream[S].state === "errored") action(stream[S].storedError);
    else p.then(undefined, action);
  }

  function watchClosed(stream: any, p: any, action: () => void) {
    if (stream[S].state === "closed") action();
    else p.then(action, noop);
  }

  async function step(): Promise<boolean> {
    if (shuttingDown) return true;
    await writer[S].ready.promise;
    const p = deferred();
    readableStreamDefaultReaderRead(reader, {
      chunk(chunk: any) {
        state.currentWrite = writableStreamDefaultWriterWrite(writer, chunk);
        setHandled(state.currentWrite);
        p.resolve!(false);
      },
      close() {
        p.resolve!(true);
      },
      error(e: any) {
        p.reject!(e);
      },
    });
    return p.promise;
  }

  async function run() {
    while (!(await step()));
  }

  if (signal !== undefined) {
    if (signal.aborted) {
      abortAlgorithm();
      return promise.promise;
    }
    signal.addEventListener("abort", abortAlgorithm, { once: true });
  }

  setHandled(run());

  watchErrored(source, reader[S].close.promise, (error: any) => {
    if (!preventAbort) return shutdownWithAnAction(() => writableStreamAbort(dest, error), true, error);
    shutdown(true, error);
  });

  watchErrored(dest, writer[S].close.promise, (error: any) => {
    if (!preventCancel) return shutdownWithAnAction(() => readableStreamCancel(source, error), true, error);
    shutdown(true, error);
  });

  watchClosed(source, reader[S].close.promise, () => {
    if (!preventClose) return shutdownWithAnAction(() => writableStreamDefaultWriterCloseWithErrorPropagation(writer));
    shutdown();
  });

  if (writableStreamCloseQueuedOrInFlight(dest) || dest[S].state === "closed") {
    const error = invalidState("Destination WritableStream is closed");
    if (!preventCancel) shutdownWithAnAction(() => readableStreamCancel(source, error), true, error);
    else shutdown(true, error);
  }

  return promise.promise;
}

function readableStreamTee(stream: any, cloneForBranch2: boolean): any[] {
  if (is(stream[S].controller, "ReadableByteStreamController")) return readableByteStreamTee(stream);
  return readableStreamDefaultTee(stream, cloneForBranch2);
}

function readableStreamDefaultTee(stream: any, _cloneForBranch2: boolean): any[] {
  const reader: any = new ReadableStreamDefaultReader(stream);
  let reading = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1: any;
  let reason2: any;
  let branch1: any;
  let branch2: any;
  const cancelPromise = deferred();

  async function pullAlgorithm() {
    if (reading) return;
    reading = true;
    readableStreamDefaultReaderRead(reader, {
      chunk(value: any) {
        queueMicrotask(() => {
          reading = false;
          // (cloneForBranch2 is true only for the specification's internal callers, none here.)
          if (!canceled1) readableStreamDefaultControllerEnqueue(branch1[S].controller, value);
          if (!canceled2) readableStreamDefaultControllerEnqueue(branch2[S].controller, value);
        });
      },
      close() {
        // Node closes the branches a tick later (nodejs/node#39758).
        process.nextTick(() => {
          reading = false;
          if (!canceled1) readableStreamDefaultControllerClose(branch1[S].controller);
          if (!canceled2) readableStreamDefaultControllerClose(branch2[S].controller);
          if (!canceled1 || !canceled2) cancelPromise.resolve!();
        });
      },
      error() {
        reading = false;
      },
    });
  }

  function cancel1Algorithm(reason: any) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelPromise.resolve!(readableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }

  function cancel2Algorithm(reason: any) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelPromise.resolve!(readableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }

  branch1 = createReadableStream(nonOpStart, pullAlgorithm, cancel1Algorithm);
  branch2 = createReadableStream(nonOpStart, pullAlgorithm, cancel2Algorithm);

  reader[S].close.promise.then(undefined, (error: any) => {
    readableStreamDefaultControllerError(branch1[S].controller, error);
    readableStreamDefaultControllerError(branch2[S].controller, error);
    if (!canceled1 || !canceled2) cancelPromise.resolve!();
  });

  return [branch1, branch2];
}

function readableByteStreamTee(stream: any): any[] {
  let reader: any = new ReadableStreamDefaultReader(stream);
  let reading = false;
  let readAgainForBranch1 = false;
  let readAgainForBranch2 = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1: any;
  let reason2: any;
  let branch1: any;
  let branch2: any;
  const cancelDeferred = deferred();

  function forwardReaderError(thisReader: any) {
    thisReader[S].close.promise.then(undefined, (error: any) => {
      if (thisReader !== reader) return;
      readableByteStreamControllerError(branch1[S].controller, error);
      readableByteStreamControllerError(branch2[S].controller, error);
      if (!canceled1 || !canceled2) cancelDeferred.resolve!();
    });
  }

  function pullWithDefaultReader() {
    if (is(reader, "ReadableStreamBYOBReader")) {
      readableStreamBYOBReaderRelease(reader);
      reader = new ReadableStreamDefaultReader(stream);
      forwardReaderError(reader);
    }
    readableStreamDefaultReaderRead(reader, {
      chunk(chunk: any) {
        queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const chunk1 = chunk;
          let chunk2 = chunk;
          if (!canceled1 && !canceled2) {
            try {
              chunk2 = cloneAsUint8Array(chunk);
            } catch (error) {
              readableByteStreamControllerError(branch1[S].controller, error);
              readableByteStreamControllerError(branch2[S].controller, error);
              cancelDeferred.resolve!(readableStreamCancel(stream, error));
              return;
            }
          }
          if (!canceled1) readableByteStreamControllerEnqueue(branch1[S].controller, chunk1);
          if (!canceled2) readableByteStreamControllerEnqueue(branch2[S].controller, chunk2);
          reading = false;
          if (readAgainForBranch1) pull1Algorithm();
          else if (readAgainForBranch2) pull2Algorithm();
        });
      },
      close() {
        reading = false;
        if (!canceled1) readableByteStreamControllerClose(branch1[S].controller);
        if (!canceled2) readableByteStreamControllerClose(branch2[S].controller);
        if (branch1[S].controller[S].pendingPullIntos.length > 0) readableByteStreamControllerRespond(branch1[S].controller, 0);
        if (branch2[S].controller[S].pendingPullIntos.length > 0) readableByteStreamControllerRespond(branch2[S].controller, 0);
        if (!canceled1 || !canceled2) cancelDeferred.resolve!();
      },
      error() {
        reading = false;
      },
    });
  }

  function pullWithBYOBReader(view: any, forBranch2: boolean) {
    if (is(reader, "ReadableStreamDefaultReader")) {
      readableStreamDefaultReaderRelease(reader);
      reader = new ReadableStreamBYOBReader(stream);
      forwardReaderError(reader);
    }
    const byobBranch = forBranch2 ? branch2 : branch1;
    const otherBranch = forBranch2 ? branch1 : branch2;
    readableStreamBYOBReaderRead(reader, view, 1, {
      chunk(chunk: any) {
        queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const byobCanceled = forBranch2 ? canceled2 : canceled1;
          const otherCanceled = forBranch2 ? canceled1 : canceled2;
          if (!otherCanceled) {
            let clonedChunk;
            try {
              clonedChunk = cloneAsUint8Array(chunk);
            } catch (error) {
              readableByteStreamControllerError(byobBranch[S].controller, error);
              readableByteStreamControllerError(otherBranch[S].controller, error);
              cancelDeferred.resolve!(readableStreamCancel(stream, error));
              return;
            }
            if (!byobCanceled) readableByteStreamControllerRespondWithNewView(byobBranch[S].controller, chunk);
            readableByteStreamControllerEnqueue(otherBranch[S].controller, clonedChunk);
          } else if (!byobCanceled) {
            readableByteStreamControllerRespondWithNewView(byobBranch[S].controller, chunk);
          }
          reading = false;
          if (readAgainForBranch1) pull1Algorithm();
          else if (readAgainForBranch2) pull2Algorithm();
        });
      },
      close(chunk: any) {
        reading = false;
        const byobCanceled = forBranch2 ? canceled2 : canceled1;
        const otherCanceled = forBranch2 ? canceled1 : canceled2;
        if (!byobCanceled) readableByteStreamControllerClose(byobBranch[S].controller);
        if (!otherCanceled) readableByteStreamControllerClose(otherBranch[S].controller);
        if (chunk !== undefined) {
          if (!byobCanceled) readableByteStreamControllerRespondWithNewView(byobBranch[S].controller, chunk);
          if (!otherCanceled && otherBranch[S].controller[S].pendingPullIntos.length > 0) readableByteStreamControllerRespond(otherBranch[S].controller, 0);
        }
        if (!byobCanceled || !otherCanceled) cancelDeferred.resolve!();
      },
      error() {
        reading = false;
      },
    });
  }

  function pull1Algorithm() {
    if (reading) {
      readAgainForBranch1 = true;
      return Promise.resolve();
    }
    reading = true;
    const byobRequest = readableByteStreamControllerGetBYOBRequest(branch1[S].controller);
    if (byobRequest === null) pullWithDefaultReader();
    else pullWithBYOBReader(byobRequest[S].view, false);
    return Promise.resolve();
  }

  function pull2Algorithm() {
    if (reading) {
      readAgainForBranch2 = true;
      return Promise.resolve();
    }
    reading = true;
    const byobRequest = readableByteStreamControllerGetBYOBRequest(branch2[S].controller);
    if (byobRequest === null) pullWithDefaultReader();
    else pullWithBYOBReader(byobRequest[S].view, true);
    return Promise.resolve();
  }

  function cancel1Algorithm(reason: any) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelDeferred.resolve!(readableStreamCancel(stream, [reason1, reason2]));
    return cancelDeferred.promise;
  }

  function cancel2Algorithm(reason: any) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelDeferred.resolve!(readableStreamCancel(stream, [reason1, reason2]));
    return cancelDeferred.promise;
  }

  branch1 = createReadableByteStream(nonOpStart, pull1Algorithm, cancel1Algorithm);
  branch2 = createReadableByteStream(nonOpStart, pull2Algorithm, cancel2Algorithm);
  forwardReaderError(reader);
  return [branch1, branch2];
}

function readableByteStreamControllerConvertPullIntoDescriptor(desc: any): any {
  const { buffer, bytesFilled, byteLength, byteOffset, ctor, elementSize } = desc;
  if (bytesFilled > byteLength) throw invalidStateRange("The buffer size is invalid");
  const transferred = transferArrayBuffer(buffer);
  if (ctor.name === "Buffer" && typeof ctor.from === "function") return ctor.from(transferred, byteOffset, bytesFilled / elementSize);
  return new ctor(transferred, byteOffset, bytesFilled / elementSize);
}

function isReadableStreamLocked(stream: any): boolean {
  return stream[S].reader !== undefined;
}

function readableStreamCancel(stream: any, reason: any): Promise<void> {
  const st = stream[S];
  st.disturbed = true;
  switch (st.state) {
    case "closed":
      return Promise.resolve();
    case "errored":
      return Promise.reject(st.storedError);
  }
  readableStreamClose(stream);
  const reader = st.reader;
  if (reader !== undefined && readableStreamHasBYOBReader(stream)) {
    const requests = reader[S].readIntoRequests;
    reader[S].readIntoRequests = [];
    for (let n = 0; n < requests.length; n++) requests[n].close();
  }
  return controllerCancelSteps(st.controller, reason).then(noop);
}

function readableStreamClose(stream: any) {
  const st = stream[S];
  st.state = "closed";
  const reader = st.reader;
  if (reader === undefined) return;
  reader[S].close.resolve?.();
  if (readableStreamHasDefaultReader(stream)) {
    const requests = reader[S].readRequests;
    reader[S].readRequests = [];
    for (let n = 0; n < requests.length; n++) requests[n].close();
  }
}

function readableStreamError(stream: any, error: any) {
  const st = stream[S];
  st.state = "errored";
  st.storedError = error;
  const reader = st.reader;
  if (reader === undefined) return;
  setHandled(reader[S].close.promise);
  reader[S].close.reject?.(error);
  if (readableStreamHasDefaultReader(stream)) {
    const requests = reader[S].readRequests;
    reader[S].readRequests = [];
    for (let n = 0; n < requests.length; n++) requests[n].error(error);
  } else {
    const requests = reader[S].readIntoRequests;
    reader[S].readIntoRequests = [];
    for (let n = 0; n < requests.length; n++) requests[n].error(error);
  }
}

function readableStreamHasDefaultReader(stream: any): boolean {
  return is(stream[S].reader, "ReadableStreamDefaultReader");
}

function readableStreamHasBYOBReader(stream: any): boolean {
  return is(stream[S].reader, "ReadableStreamBYOBReader");
}

function readableStreamGetNumReadRequests(stream: any): number {
  return stream[S].reader[S].readRequests.length;
}

function readableStreamGetNumReadIntoRequests(stream: any): number {
  return stream[S].reader[S].readIntoRequests.length;
}

function readableStreamFulfillReadRequest(stream: any, chunk: any, done: boolean) {
  const readRequest = stream[S].reader[S].readRequests.shift();
  if (done) readRequest.close();
  else readRequest.chunk(chunk);
}

function readableStreamFulfillReadIntoRequest(stream: any, chunk: any, done: boolean) {
  const readIntoRequest = stream[S].reader[S].readIntoRequests.shift();
  if (done) readIntoRequest.close(chunk);
  else readIntoRequest.chunk(chunk);
}

function readableStreamAddReadRequest(stream: any, readRequest: ReadRequest) {
  stream[S].reader[S].readRequests.push(readRequest);
}

function readableStreamAddReadIntoRequest(stream: any, readIntoRequest: ReadRequest) {
  stream[S].reader[S].readIntoRequests.push(readIntoRequest);
}

function readableStreamReaderGenericCancel(reader: any, reason: any): Promise<void> {
  return readableStreamCancel(reader[S].stream, reason);
}

function readableStreamReaderGenericInitialize(reader: any, stream: any) {
  const rs = reader[S];
  rs.stream = stream;
  stream[S].reader = reader;
  switch (stream[S].state) {
    case "readable":
      rs.close = deferred();
      break;
    case "closed":
      rs.close = settled(Promise.resolve());
      break;
    case "errored":
      rs.close = settled(Promise.reject(stream[S].storedError));
      setHandled(rs.close.promise);
      break;
  }
}

function readableStreamDefaultReaderRelease(reader: any) {
  readableStreamReaderGenericRelease(reader);
  readableStreamDefaultReaderErrorReadRequests(reader, readerReleasingError());
}

function readableStreamDefaultReaderErrorReadRequests(reader: any, e: any) {
  const requests = reader[S].readRequests;
  reader[S].readRequests = [];
  for (let n = 0; n < requests.length; ++n) requests[n].error(e);
}

function readableStreamBYOBReaderRelease(reader: any) {
  readableStreamReaderGenericRelease(reader);
  readableStreamBYOBReaderErrorReadIntoRequests(reader, readerReleasingError());
}

function readableStreamBYOBReaderErrorReadIntoRequests(reader: any, e: any) {
  const requests = reader[S].readIntoRequests;
  reader[S].readIntoRequests = [];
  for (let n = 0; n < requests.length; ++n) requests[n].error(e);
}

function readableStreamReaderGenericRelease(reader: any) {
  const rs = reader[S];
  const stream = rs.stream;
  const releasedStateError = readerReleasedError();
  if (stream[S].state === "readable") rs.close.reject?.(releasedStateError);
  else rs.close = settled(Promise.reject(releasedStateError));
  setHandled(rs.close.promise);
  controllerReleaseSteps(stream[S].controller);
  stream[S].reader = undefined;
  rs.stream = undefined;
}

function readableStreamBYOBReaderRead(reader: any, view: any, min: number, readIntoRequest: ReadRequest) {
  const stream = reader[S].stream;
  stream[S].disturbed = true;
  if (stream[S].state === "errored") {
    readIntoRequest.error(stream[S].storedError);
    return;
  }
  readableByteStreamControllerPullInto(stream[S].controller, view, min, readIntoRequest);
}

function readableStreamDefaultReaderRead(reader: any, readRequest: ReadRequest) {
  const stream = reader[S].stream;
  stream[S].disturbed = true;
  switch (stream[S].state) {
    case "closed":
      readRequest.close();
      break;
    case "errored":
      readRequest.error(stream[S].storedError);
      break;
    case "readable":
      controllerPullSteps(stream[S].controller, readRequest);
  }
}

function setupReadableStreamBYOBReader(reader: any, stream: any) {
  if (isReadableStreamLocked(stream)) throw invalidState("ReadableStream is locked");
  if (!is(stream[S].controller, "ReadableByteStreamController")) throw invalidArgValue("stream", stream, "must be a byte stream");
  readableStreamReaderGenericInitialize(reader, stream);
  reader[S].readIntoRequests = [];
}

function setupReadableStreamDefaultReader(reader: any, stream: any) {
  if (isReadableStreamLocked(stream)) throw invalidState("ReadableStream is locked");
  readableStreamReaderGenericInitialize(reader, stream);
  reader[S].readRequests = [];
}

// Default controllers

function readableStreamDefaultControllerClose(c: any) {
  if (!readableStreamDefaultControllerCanCloseOrEnqueue(c)) return;
  const st = c[S];
  st.closeRequested = true;
  if (!st.queue.length) {
    readableStreamDefaultControllerClearAlgorithms(c);
    readableStreamClose(st.stream);
  }
}

function readableStreamDefaultControllerEnqueue(c: any, chunk: any) {
  if (!readableStreamDefaultControllerCanCloseOrEnqueue(c)) return;
  const st = c[S];
  const stream = st.stream;
  if (isReadableStreamLocked(stream) && readableStreamGetNumReadRequests(stream)) {
    readableStreamFulfillReadRequest(stream, chunk, false);
  } else {
    try {
      const size = st.sizeAlgorithm;
      enqueueValueWithSize(c, chunk, size(chunk));
    } catch (error) {
      readableStreamDefaultControllerError(c, error);
      throw error;
    }
  }
  readableStreamDefaultControllerCallPullIfNeeded(c);
}

function readableStreamDefaultControllerHasBackpressure(c: any): boolean {
  return !readableStreamDefaultControllerShouldCallPull(c);
}

function readableStreamDefaultControllerCanCloseOrEnqueue(c: any): boolean {
  const st = c[S];
  return !st.closeRequested && st.stream[S].state === "readable";
}

function readableStreamDefaultControllerGetDesiredSize(c: any): number | null {
  const st = c[S];
  switch (st.stream[S].state) {
    case "errored":
      return null;
    case "closed":
      return 0;
    default:
      return st.highWaterMark - st.queueTotalSize;
  }
}

function readableStreamDefaultControllerShouldCallPull(c: any): boolean {
  const st = c[S];
  if (!readableStreamDefaultControllerCanCloseOrEnqueue(c) || !st.started) return false;
  if (isReadableStreamLocked(st.stream) && readableStreamGetNumReadRequests(st.stream)) return true;
  return (readableStreamDefaultControllerGetDesiredSize(c) as number) > 0;
}

function readableStreamDefaultControllerCallPullIfNeeded(c: any) {
  if (!readableStreamDefaultControllerShouldCallPull(c)) return;
  const st = c[S];
  if (st.pulling) {
    st.pullAgain = true;
    return;
  }
  st.pulling = true;
  st.pullAlgorithm(c).then(
    () => {
      st.pulling = false;
      if (st.pullAgain) {
        st.pullAgain = false;
        readableStreamDefaultControllerCallPullIfNeeded(c);
      }
    },
    (error: any) => readableStreamDefaultControllerError(c, error),
  );
}

function readableStreamDefaultControllerClearAlgorithms(c: any) {
  const st = c[S];
  st.pullAlgorithm = undefined;
  st.cancelAlgorithm = undefined;
  st.sizeAlgorithm = undefined;
}

function readableStreamDefaultControllerError(c: any, error: any) {
  const st = c[S];
  if (st.stream[S].state === "readable") {
    resetQueue(c);
    readableStreamDefaultControllerClearAlgorithms(c);
    readableStreamError(st.stream, error);
  }
}

function readableStreamDefaultControllerCancelSteps(c: any, reason: any): any {
  resetQueue(c);
  const result = c[S].cancelAlgorithm(reason);
  readableStreamDefaultControllerClearAlgorithms(c);
  return result;
}

function readableStreamDefaultControllerPullSteps(c: any, readRequest: ReadRequest) {
  const st = c[S];
  if (st.queue.length) {
    const chunk = dequeueValue(c);
    if (st.closeRequested && !st.queue.length) {
      readableStreamDefaultControllerClearAlgorithms(c);
      readableStreamClose(st.stream);
    } else {
      readableStreamDefaultControllerCallPullIfNeeded(c);
    }
    readRequest.chunk(chunk);
    return;
  }
  readableStreamAddReadRequest(st.stream, readRequest);
  readableStreamDefaultControllerCallPullIfNeeded(c);
}

function setupReadableStreamDefaultController(stream: any, c: any, startAlgorithm: any, pullAlgorithm: any, cancelAlgorithm: any, highWaterMark: number, sizeAlgorithm: any) {
  const st = c[S];
  st.cancelAlgorithm = cancelAlgorithm;
  st.closeRequested = false;
  st.highWaterMark = highWaterMark;
  st.pullAgain = false;
  st.pullAlgorithm = pullAlgorithm;
  st.pulling = false;
  st.queue = [];
  st.queueTotalSize = 0;
  st.started = false;
  st.sizeAlgorithm = sizeAlgorithm;
  st.stream = stream;
  stream[S].controller = c;
  const startResult = startAlgorithm();
  new Promise((r) => r(startResult)).then(
    () => {
      st.started = true;
      readableStreamDefaultControllerCallPullIfNeeded(c);
    },
    (error: any) => readableStreamDefaultControllerError(c, error),
  );
}

function setupReadableStreamDefaultControllerFromSource(stream: any, source: any, highWaterMark: number, sizeAlgorithm: any) {
  const c = new ReadableStreamDefaultController(SKIP);
  const start = source?.start;
  const pull = source?.pull;
  const cancel = source?.cancel;
  const startAlgorithm = start ? () => start.call(source, c) : nonOpStart;
  const pullAlgorithm = pull ? promiseCallback("source.pull", pull, source) : nonOpPull;
  const cancelAlgorithm = cancel ? promiseCallback("source.cancel", cancel, source) : nonOpCancel;
  setupReadableStreamDefaultController(stream, c, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark, sizeAlgorithm);
}

// Byte stream controllers

function readableByteStreamControllerClose(c: any) {
  const st = c[S];
  if (st.closeRequested || st.stream[S].state !== "readable") return;
  if (st.queueTotalSize) {
    st.closeRequested = true;
    return;
  }
  if (st.pendingPullIntos.length) {
    const first = st.pendingPullIntos[0];
    if (first.bytesFilled % first.elementSize !== 0) {
      const error = invalidState("Partial read");
      readableByteStreamControllerError(c, error);
      throw error;
    }
  }
  readableByteStreamControllerClearAlgorithms(c);
  readableStreamClose(st.stream);
}

function readableByteStreamControllerCommitPullIntoDescriptor(stream: any, desc: any) {
  const done = stream[S].state === "closed";
  const filledView = readableByteStreamControllerConvertPullIntoDescriptor(desc);
  if (desc.type === "default") readableStreamFulfillReadRequest(stream, filledView, done);
  else readableStreamFulfillReadIntoRequest(stream, filledView, done);
}

function readableByteStreamControllerInvalidateBYOBRequest(c: any) {
  const st = c[S];
  if (st.byobRequest === null) return;
  st.byobRequest[S].controller = undefined;
  st.byobRequest[S].view = null;
  st.byobRequest = null;
}

function readableByteStreamControllerClearAlgorithms(c: any) {
  c[S].pullAlgorithm = undefined;
  c[S].cancelAlgorithm = undefined;
}

function readableByteStreamControllerClearPendingPullIntos(c: any) {
  readableByteStreamControllerInvalidateBYOBRequest(c);
  c[S].pendingPullIntos = [];
}

function readableByteStreamControllerGetDesiredSize(c: any): number | null {
  const st = c[S];
  switch (st.stream[S].state) {
    case "errored":
      return null;
    case "closed":
      return 0;
    default:
      return st.highWaterMark - st.queueTotalSize;
  }
}

function readableByteStreamControllerShouldCallPull(c: any): boolean {
  const st = c[S];
  const stream = st.stream;
  if (stream[S].state !== "readable" || st.closeRequested || !st.started) return false;
  if (readableStreamHasDefaultReader(stream) && readableStreamGetNumReadRequests(stream) > 0) return true;
  if (readableStreamHasBYOBReader(stream) && readableStreamGetNumReadIntoRequests(stream) > 0) return true;
  return (readableByteStreamControllerGetDesiredSize(c) as number) > 0;
}

function readableByteStreamControllerHandleQueueDrain(c: any) {
  const st = c[S];
  if (!st.queueTotalSize && st.closeRequested) {
    readableByteStreamControllerClearAlgorithms(c);
    readableStreamClose(st.stream);
    return;
  }
  readableByteStreamControllerCallPullIfNeeded(c);
}

function readableByteStreamControllerPullInto(c: any, view: any, min: number, readIntoRequest: ReadRequest) {
  const st = c[S];
  const stream = st.stream;
  let elementSize = 1;
  let ctor: any = DataView;
  if (!(view instanceof DataView)) {
    elementSize = view.constructor.BYTES_PER_ELEMENT;
    ctor = view.constructor;
  }
  const minimumFill = min * elementSize;
  const buffer = view.buffer;
  const byteOffset = view.byteOffset;
  const byteLength = view.byteLength;
  const bufferByteLength = buffer.byteLength;
  let transferred;
  try {
    transferred = transferArrayBuffer(buffer);
  } catch (error) {
    readIntoRequest.error(error);
    return;
  }
  const desc = { buffer: transferred, bufferByteLength, byteOffset, byteLength, bytesFilled: 0, minimumFill, elementSize, ctor, type: "byob" };
  if (st.pendingPullIntos.length) {
    st.pendingPullIntos.push(desc);
    readableStreamAddReadIntoRequest(stream, readIntoRequest);
    return;
  }
  if (stream[S].state === "closed") {
    readIntoRequest.close(new ctor(desc.buffer, byteOffset, 0));
    return;
  }
  if (st.queueTotalSize) {
    if (readableByteStreamControllerFillPullIntoDescriptorFromQueue(c, desc)) {
      const filledView = readableByteStreamControllerConvertPullIntoDescriptor(desc);
      readableByteStreamControllerHandleQueueDrain(c);
      readIntoRequest.chunk(filledView);
      return;
    }
    if (st.closeRequested) {
      const error = invalidState("ReadableStream closed");
      readableByteStreamControllerError(c, error);
      readIntoRequest.error(error);
      return;
    }
  }
  st.pendingPullIntos.push(desc);
  readableStreamAddReadIntoRequest(stream, readIntoRequest);
  readableByteStreamControllerCallPullIfNeeded(c);
}

function readableByteStreamControllerRespondInternal(c: any, bytesWritten: number) {
  const st = c[S];
  const desc = st.pendingPullIntos[0];
  readableByteStreamControllerInvalidateBYOBRequest(c);
  if (st.stream[S].state === "closed") {
    if (bytesWritten) throw invalidState("Controller is closed but view is not zero-length");
    readableByteStreamControllerRespondInClosedState(c, desc);
  } else {
    if (!bytesWritten) throw invalidState("View cannot be zero-length");
    readableByteStreamControllerRespondInReadableState(c, bytesWritten, desc);
  }
  readableByteStreamControllerCallPullIfNeeded(c);
}

function readableByteStreamControllerRespond(c: any, bytesWritten: number) {
  const st = c[S];
  const desc = st.pendingPullIntos[0];
  if (st.stream[S].state === "closed") {
    if (bytesWritten !== 0) throw invalidArgValue("bytesWritten", bytesWritten);
  } else {
    if (!bytesWritten) throw invalidArgValue("bytesWritten", bytesWritten);
    if (desc.bytesFilled + bytesWritten > desc.byteLength) throw invalidArgValue("bytesWritten", bytesWritten, "is invalid", RangeError);
  }
  desc.buffer = transferArrayBuffer(desc.buffer);
  readableByteStreamControllerRespondInternal(c, bytesWritten);
}

function readableByteStreamControllerRespondInClosedState(c: any, desc: any) {
  if (desc.type === "none") readableByteStreamControllerShiftPendingPullInto(c);
  const stream = c[S].stream;
  if (readableStreamHasBYOBReader(stream)) {
    while (readableStreamGetNumReadIntoRequests(stream) > 0) readableByteStreamControllerCommitPullIntoDescriptor(stream, readableByteStreamControllerShiftPendingPullInto(c));
  }
}

function readableByteStreamControllerEnqueue(c: any, chunk: any) {
  const st = c[S];
  const stream = st.stream;
  const buffer = chunk.buffer;
  const byteOffset = chunk.byteOffset;
  const byteLength = chunk.byteLength;
  if (st.closeRequested || stream[S].state !== "readable") return;
  const transferred = transferArrayBuffer(buffer);
  if (st.pendingPullIntos.length) {
    const first = st.pendingPullIntos[0];
    if (isDetached(first.buffer)) throw invalidState("Destination ArrayBuffer is detached");
    readableByteStreamControllerInvalidateBYOBRequest(c);
    first.buffer = transferArrayBuffer(first.buffer);
    if (first.type === "none") readableByteStreamControllerEnqueueDetachedPullIntoToQueue(c, first);
  }
  if (readableStreamHasDefaultReader(stream)) {
    readableByteStreamControllerProcessReadRequestsUsingQueue(c);
    if (!readableStreamGetNumReadRequests(stream)) {
      readableByteStreamControllerEnqueueChunkToQueue(c, transferred, byteOffset, byteLength);
    } else {
      if (st.pendingPullIntos.length) readableByteStreamControllerShiftPendingPullInto(c);
      readableStreamFulfillReadRequest(stream, new Uint8Array(transferred, byteOffset, byteLength), false);
    }
  } else if (readableStreamHasBYOBReader(stream)) {
    readableByteStreamControllerEnqueueChunkToQueue(c, transferred, byteOffset, byteLength);
    readableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(c);
  } else {
    readableByteStreamControllerEnqueueChunkToQueue(c, transferred, byteOffset, byteLength);
  }
  readableByteStreamControllerCallPullIfNeeded(c);
}

function readableByteStreamControllerEnqueueClonedChunkToQueue(c: any, buffer: any, byteOffset: number, byteLength: number) {
  let clone;
  try {
    clone = buffer.slice(byteOffset, byteOffset + byteLength);
  } catch (error) {
    readableByteStreamControllerError(c, error);
    throw error;
  }
  readableByteStreamControllerEnqueueChunkToQueue(c, clone, 0, byteLength);
}

function readableByteStreamControllerEnqueueChunkToQueue(c: any, buffer: any, byteOffset: number, byteLength: number) {
  c[S].queue.push({ buffer, byteOffset, byteLength });
  c[S].queueTotalSize += byteLength;
}

function readableByteStreamControllerEnqueueDetachedPullIntoToQueue(c: any, desc: any) {
  if (desc.bytesFilled > 0) readableByteStreamControllerEnqueueClonedChunkToQueue(c, desc.buffer, desc.byteOffset, desc.bytesFilled);
  readableByteStreamControllerShiftPendingPullInto(c);
}

function readableByteStreamControllerFillPullIntoDescriptorFromQueue(c: any, desc: any): boolean {
  const st = c[S];
  const { buffer, byteLength, byteOffset, bytesFilled, minimumFill, elementSize } = desc;
  const maxBytesToCopy = Math.min(st.queueTotalSize, byteLength - bytesFilled);
  const maxBytesFilled = bytesFilled + maxBytesToCopy;
  const maxAlignedBytes = maxBytesFilled - (maxBytesFilled % elementSize);
  let remaining = maxBytesToCopy;
  let ready = false;
  if (maxAlignedBytes >= minimumFill) {
    remaining = maxAlignedBytes - bytesFilled;
    ready = true;
  }
  const queue = st.queue;
  while (remaining) {
    const head = queue[0];
    const bytesToCopy = Math.min(remaining, head.byteLength);
    const destStart = byteOffset + desc.bytesFilled;
    if (buffer.byteLength - destStart < bytesToCopy) throw invalidStateRange("view ArrayBuffer size is invalid");
    copyArrayBuffer(buffer, destStart, head.buffer, head.byteOffset, bytesToCopy);
    if (head.byteLength === bytesToCopy) {
      queue.shift();
    } else {
      head.byteOffset += bytesToCopy;
      head.byteLength -= bytesToCopy;
    }
    st.queueTotalSize -= bytesToCopy;
    desc.bytesFilled += bytesToCopy;
    remaining -= bytesToCopy;
  }
  return ready;
}

function readableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(c: any) {
  const st = c[S];
  while (st.pendingPullIntos.length) {
    if (!st.queueTotalSize) return;
    const desc = st.pendingPullIntos[0];
    if (readableByteStreamControllerFillPullIntoDescriptorFromQueue(c, desc)) {
      readableByteStreamControllerShiftPendingPullInto(c);
      readableByteStreamControllerCommitPullIntoDescriptor(st.stream, desc);
    }
  }
}

function readableByteStreamControllerRespondInReadableState(c: any, bytesWritten: number, desc: any) {
  if (desc.bytesFilled + bytesWritten > desc.byteLength) throw invalidStateRange("The buffer size is invalid");
  desc.bytesFilled += bytesWritten;
  if (desc.type === "none") {
    readableByteStreamControllerEnqueueDetachedPullIntoToQueue(c, desc);
    readableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(c);
    return;
  }
  if (desc.bytesFilled < desc.minimumFill) return;
  readableByteStreamControllerShiftPendingPullInto(c);
  const remainderSize = desc.bytesFilled % desc.elementSize;
  if (remainderSize) {
    const end = desc.byteOffset + desc.bytesFilled;
    const remainder = desc.buffer.slice(end - remainderSize, end);
    readableByteStreamControllerEnqueueChunkToQueue(c, remainder, 0, remainder.byteLength);
  }
  desc.bytesFilled -= remainderSize;
  readableByteStreamControllerCommitPullIntoDescriptor(c[S].stream, desc);
  readableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(c);
}

function readableByteStreamControllerRespondWithNewView(c: any, view: any) {
  const st = c[S];
  const desc = st.pendingPullIntos[0];
  const viewByteLength = view.byteLength;
  if (st.stream[S].state === "closed") {
    if (viewByteLength !== 0) throw invalidState("View is not zero-length");
  } else if (viewByteLength === 0) {
    throw invalidState("View is zero-length");
  }
  if (desc.byteOffset + desc.bytesFilled !== view.byteOffset) throw invalidArgValue("view", view, "is invalid", RangeError);
  if (desc.bytesFilled + viewByteLength > desc.byteLength) throw invalidArgValue("view", view, "is invalid", RangeError);
  if (desc.bufferByteLength !== view.buffer.byteLength) throw invalidArgValue("view", view, "is invalid", RangeError);
  desc.buffer = transferArrayBuffer(view.buffer);
  readableByteStreamControllerRespondInternal(c, viewByteLength);
}

function readableByteStreamControllerShiftPendingPullInto(c: any): any {
  return c[S].pendingPullIntos.shift();
}

function readableByteStreamControllerCallPullIfNeeded(c: any) {
  if (!readableByteStreamControllerShouldCallPull(c)) return;
  const st = c[S];
  if (st.pulling) {
    st.pullAgain = true;
    return;
  }
  st.pulling = true;
  st.pullAlgorithm(c).then(
    () => {
      st.pulling = false;
      if (st.pullAgain) {
        st.pullAgain = false;
        readableByteStreamControllerCallPullIfNeeded(c);
      }
    },
    (error: any) => readableByteStreamControllerError(c, error),
  );
}

function readableByteStreamControllerError(c: any, error: any) {
  const st = c[S];
  if (st.stream[S].state !== "readable") return;
  readableByteStreamControllerClearPendingPullIntos(c);
  resetQueue(c);
  readableByteStreamControllerClearAlgorithms(c);
  readableStreamError(st.stream, error);
}

function readableByteStreamControllerCancelSteps(c: any, reason: any): any {
  readableByteStreamControllerClearPendingPullIntos(c);
  resetQueue(c);
  const result = c[S].cancelAlgorithm(reason);
  readableByteStreamControllerClearAlgorithms(c);
  return result;
}

function readableByteStreamControllerFillReadRequestFromQueue(c: any, readRequest: ReadRequest) {
  const st = c[S];
  const { buffer, byteOffset, byteLength } = st.queue.shift();
  st.queueTotalSize -= byteLength;
  readableByteStreamControllerHandleQueueDrain(c);
  readRequest.chunk(new Uint8Array(buffer, byteOffset, byteLength));
}

function readableByteStreamControllerProcessReadRequestsUsingQueue(c: any) {
  const st = c[S];
  const reader = st.stream[S].reader;
  while (reader[S].readRequests.length > 0) {
    if (st.queueTotalSize === 0) return;
    readableByteStreamControllerFillReadRequestFromQueue(c, reader[S].readRequests.shift());
  }
}

function readableByteStreamControllerPullSteps(c: any, readRequest: ReadRequest) {
  const st = c[S];
  if (st.queueTotalSize) {
    readableByteStreamControllerFillReadRequestFromQueue(c, readRequest);
    return;
  }
  const size = st.autoAllocateChunkSize;
  if (size !== undefined) {
    try {
      const buffer = new ArrayBuffer(size);
      st.pendingPullIntos.push({ buffer, bufferByteLength: size, byteOffset: 0, byteLength: size, bytesFilled: 0, minimumFill: 1, elementSize: 1, ctor: Uint8Array, type: "default" });
    } catch (error) {
      readRequest.error(error);
      return;
    }
  }
  readableStreamAddReadRequest(st.stream, readRequest);
  readableByteStreamControllerCallPullIfNeeded(c);
}

function setupReadableByteStreamController(stream: any, c: any, startAlgorithm: any, pullAlgorithm: any, cancelAlgorithm: any, highWaterMark: number, autoAllocateChunkSize: any) {
  const st = c[S];
  st.byobRequest = null;
  st.closeRequested = false;
  st.pullAgain = false;
  st.pulling = false;
  st.started = false;
  st.stream = stream;
  st.queue = [];
  st.queueTotalSize = 0;
  st.highWaterMark = highWaterMark;
  st.pullAlgorithm = pullAlgorithm;
  st.cancelAlgorithm = cancelAlgorithm;
  st.autoAllocateChunkSize = autoAllocateChunkSize;
  st.pendingPullIntos = [];
  stream[S].controller = c;
  const startResult = startAlgorithm();
  new Promise((r) => r(startResult)).then(
    () => {
      st.started = true;
      readableByteStreamControllerCallPullIfNeeded(c);
    },
    (error: any) => readableByteStreamControllerError(c, error),
  );
}

function setupReadableByteStreamControllerFromSource(stream: any, source: any, highWaterMark: number) {
  const c = new ReadableByteStreamController(SKIP);
  const start = source?.start;
  const pull = source?.pull;
  const cancel = source?.cancel;
  const autoAllocateChunkSize = source?.autoAllocateChunkSize;
  const startAlgorithm = start ? () => start.call(source, c) : nonOpStart;
  const pullAlgorithm = pull ? promiseCallback("source.pull", pull, source) : nonOpPull;
  const cancelAlgorithm = cancel ? promiseCallback("source.cancel", cancel, source) : nonOpCancel;
  if (autoAllocateChunkSize === 0) throw invalidArgValue("source.autoAllocateChunkSize", autoAllocateChunkSize);
  setupReadableByteStreamController(stream, c, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark, autoAllocateChunkSize);
}

// ---------------------------------------------------------------------------
// WritableStream

let writerReleasedErrorValue: any;
function writerReleasedError() {
  return (writerReleasedErrorValue ??= invalidState("Writer has been released"));
}

const EMPTY_REQUEST = (): Deferred => ({ promise: undefined, resolve: undefined, reject: undefined, pending: false });
const EMPTY_ABORT = (): any => ({ abort: EMPTY_REQUEST(), reason: undefined, wasAlreadyErroring: false });

function writableState(): any {
  return {
    type: "WritableStream",
    closeRequest: EMPTY_REQUEST(),
    inFlightWriteRequest: EMPTY_REQUEST(),
    inFlightCloseRequest: EMPTY_REQUEST(),
    pendingAbortRequest: EMPTY_ABORT(),
    backpressure: false,
    controller: undefined,
    state: "writable",
    storedError: undefined,
    writeRequests: [],
    writer: undefined,
  };
}

class WritableStream {
  constructor(sink: any = {}, strategy: any = {}) {
    validateObject(sink, "sink", false);
    validateObject(strategy, "strategy", true);
    const type = sink?.type;
    if (type !== undefined) throw invalidArgValue("type", type, "is invalid", RangeError);
    slot(this, writableState());
    const size = extractSizeAlgorithm(strategy?.size);
    const highWaterMark = extractHighWaterMark(strategy?.highWaterMark, 1);
    setupWritableStreamDefaultControllerFromSink(this, sink, highWaterMark, size);
  }

  get locked(): boolean {
    if (!is(this, "WritableStream")) throw invalidThis("WritableStream");
    return isWritableStreamLocked(this);
  }

  abort(reason: any = undefined): Promise<void> {
    if (!is(this, "WritableStream")) return Promise.reject(invalidThis("WritableStream"));
    if (isWritableStreamLocked(this)) return Promise.reject(invalidState("WritableStream is locked"));
    return writableStreamAbort(this, reason);
  }

  close(): Promise<void> {
    if (!is(this, "WritableStream")) return Promise.reject(invalidThis("WritableStream"));
    if (isWritableStreamLocked(this)) return Promise.reject(invalidState("WritableStream is locked"));
    if (writableStreamCloseQueuedOrInFlight(this)) return Promise.reject(invalidState("Failure closing WritableStream"));
    return writableStreamClose(this);
  }

  getWriter(): any {
    if (!is(this, "WritableStream")) throw invalidThis("WritableStream");
    return new WritableStreamDefaultWriter(this);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "WritableStream", { locked: this.locked, state: (this as any)[S].state });
  }
}
finishClass(WritableStream, ["locked", "abort", "close", "getWriter"]);

class WritableStreamDefaultWriter {
  constructor(stream: any) {
    if (!is(stream, "WritableStream")) throw invalidArgType("stream", "an instance of WritableStream", stream);
    slot(this, { type: "WritableStreamDefaultWriter", stream: undefined, close: EMPTY_REQUEST(), ready: EMPTY_REQUEST() });
    setupWritableStreamDefaultWriter(this, stream);
  }

  get closed(): Promise<void> {
    if (!is(this, "WritableStreamDefaultWriter")) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    return (this as any)[S].close.promise;
  }

  get desiredSize(): number | null {
    if (!is(this, "WritableStreamDefaultWriter")) throw invalidThis("WritableStreamDefaultWriter");
    if ((this as any)[S].stream === undefined) throw invalidState("Writer is not bound to a WritableStream");
    return writableStreamDefaultWriterGetDesiredSize(this);
  }

  get ready(): Promise<void> {
    if (!is(this, "WritableStreamDefaultWriter")) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    return (this as any)[S].ready.promise;
  }

  abort(reason: any = undefined): Promise<void> {
    if (!is(this, "WritableStreamDefaultWriter")) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    if ((this as any)[S].stream === undefined) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    return writableStreamAbort((this as any)[S].stream, reason);
  }

  close(): Promise<void> {
    if (!is(this, "WritableStreamDefaultWriter")) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    const stream = (this as any)[S].stream;
    if (stream === undefined) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    if (writableStreamCloseQueuedOrInFlight(stream)) return Promise.reject(invalidState("Failure to close WritableStream"));
    return writableStreamClose(stream);
  }

  releaseLock(): void {
    if (!is(this, "WritableStreamDefaultWriter")) throw invalidThis("WritableStreamDefaultWriter");
    if ((this as any)[S].stream === undefined) return;
    writableStreamDefaultWriterRelease(this);
  }

  write(chunk: any = undefined): Promise<void> {
    if (!is(this, "WritableStreamDefaultWriter")) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    if ((this as any)[S].stream === undefined) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    return writableStreamDefaultWriterWrite(this, chunk);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "WritableStreamDefaultWriter", { stream: st.stream, close: st.close.promise, ready: st.ready.promise, desiredSize: this.desiredSize });
  }
}
finishClass(WritableStreamDefaultWriter, ["closed", "ready", "desiredSize", "abort", "close", "releaseLock", "write"]);

/** The controller's `signal` (perry:web-events' AbortController). */
function createAbortController(): any {
  return new AbortController();
}

class WritableStreamDefaultController {
  constructor(skip: any = undefined) {
    if (skip !== SKIP) throw illegalConstructor();
    slot(this, { type: "WritableStreamDefaultController" });
  }

  get signal(): any {
    if (!is(this, "WritableStreamDefaultController")) throw invalidThis("WritableStreamDefaultController");
    return (this as any)[S].abortController.signal;
  }

  error(error: any = undefined): void {
    if (!is(this, "WritableStreamDefaultController")) throw invalidThis("WritableStreamDefaultController");
    if ((this as any)[S].stream[S].state !== "writable") return;
    writableStreamDefaultControllerError(this, error);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "WritableStreamDefaultController", { stream: (this as any)[S].stream });
  }
}
finishClass(WritableStreamDefaultController, ["signal", "error"]);

function createWritableStream(start: any, write: any, close: any, abort: any, highWaterMark = 1, size: any = () => 1): any {
  const stream = Object.create(WritableStream.prototype);
  slot(stream, writableState());
  const c = new WritableStreamDefaultController(SKIP);
  setupWritableStreamDefaultController(stream, c, start, write, close, abort, highWaterMark, size);
  return stream;
}

function isWritableStreamLocked(stream: any): boolean {
  return stream[S].writer !== undefined;
}

function setupWritableStreamDefaultWriter(writer: any, stream: any) {
  if (isWritableStreamLocked(stream)) throw invalidState("WritableStream is locked");
  const ws = writer[S];
  const st = stream[S];
  ws.stream = stream;
  st.writer = writer;
  switch (st.state) {
    case "writable":
      ws.ready = !writableStreamCloseQueuedOrInFlight(stream) && st.backpressure ? deferred() : settled(Promise.resolve());
      ws.close = deferred();
      break;
    case "erroring":
      ws.ready = settled(Promise.reject(st.storedError));
      setHandled(ws.ready.promise);
      ws.close = deferred();
      break;
    case "closed":
      ws.ready = settled(Promise.resolve());
      ws.close = settled(Promise.resolve());
      break;
    default:
      ws.ready = settled(Promise.reject(st.storedError));
      ws.close = settled(Promise.reject(st.storedError));
      setHandled(ws.ready.promise);
      setHandled(ws.close.promise);
  }
}

function writableStreamAbort(stream: any, reason: any): Promise<void> {
  const st = stream[S];
  const state = st.state;
  if (state === "closed" || state === "errored") return Promise.resolve();
  st.controller[S].abortController.abort(reason);
  if (st.pendingAbortRequest.abort.promise !== undefined) return st.pendingAbortRequest.abort.promise;
  let wasAlreadyErroring = false;
  if (state === "erroring") {
    wasAlreadyErroring = true;
    reason = undefined;
  }
  const abort = deferred();
  st.pendingAbortRequest = { abort, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) writableStreamStartErroring(stream, reason);
  return abort.promise;
}

function writableStreamClose(stream: any): Promise<void> {
  const st = stream[S];
  const { state, writer, backpressure, controller } = st;
  if (state === "closed" || state === "errored") return Promise.reject(invalidState("WritableStream is closed"));
  st.closeRequest = deferred();
  const { promise } = st.closeRequest;
  if (writer !== undefined && backpressure && state === "writable") writer[S].ready.resolve?.();
  writableStreamDefaultControllerClose(controller);
  return promise;
}

function writableStreamUpdateBackpressure(stream: any, backpressure: boolean) {
  const st = stream[S];
  const writer = st.writer;
  if (writer !== undefined && st.backpressure !== backpressure) {
    if (backpressure) writer[S].ready = deferred();
    else writer[S].ready.resolve?.();
  }
  st.backpressure = backpressure;
}

function writableStreamStartErroring(stream: any, reason: any) {
  const st = stream[S];
  st.state = "erroring";
  st.storedError = reason;
  if (st.writer !== undefined) writableStreamDefaultWriterEnsureReadyPromiseRejected(st.writer, reason);
  if (!writableStreamHasOperationMarkedInFlight(stream) && st.controller[S].started) writableStreamFinishErroring(stream);
}

function writableStreamRejectCloseAndClosedPromiseIfNeeded(stream: any) {
  const st = stream[S];
  if (st.closeRequest.promise !== undefined) {
    st.closeRequest.reject?.(st.storedError);
    st.closeRequest = EMPTY_REQUEST();
  }
  const writer = st.writer;
  if (writer !== undefined) {
    setHandled(writer[S].close.promise);
    writer[S].close.reject?.(st.storedError);
  }
}

function writableStreamMarkFirstWriteRequestInFlight(stream: any) {
  stream[S].inFlightWriteRequest = stream[S].writeRequests.shift();
}

function writableStreamMarkCloseRequestInFlight(stream: any) {
  stream[S].inFlightCloseRequest = stream[S].closeRequest;
  stream[S].closeRequest = EMPTY_REQUEST();
}

function writableStreamHasOperationMarkedInFlight(stream: any): boolean {
  const st = stream[S];
  return st.inFlightWriteRequest.promise !== undefined || st.inFlightCloseRequest.promise !== undefined;
}

function writableStreamFinishInFlightWriteWithError(stream: any, error: any) {
  stream[S].inFlightWriteRequest.reject?.(error);
  stream[S].inFlightWriteRequest = EMPTY_REQUEST();
  writableStreamDealWithRejection(stream, error);
}

function writableStreamFinishInFlightWrite(stream: any) {
  stream[S].inFlightWriteRequest.resolve?.();
  stream[S].inFlightWriteRequest = EMPTY_REQUEST();
}

function writableStreamFinishInFlightCloseWithError(stream: any, error: any) {
  const st = stream[S];
  st.inFlightCloseRequest.reject?.(error);
  st.inFlightCloseRequest = EMPTY_REQUEST();
  if (st.pendingAbortRequest.abort.promise !== undefined) {
    st.pendingAbortRequest.abort.reject?.(error);
    st.pendingAbortRequest = EMPTY_ABORT();
  }
  writableStreamDealWithRejection(stream, error);
}

function writableStreamFinishInFlightClose(stream: any) {
  const st = stream[S];
  st.inFlightCloseRequest.resolve?.();
  st.inFlightCloseRequest = EMPTY_REQUEST();
  if (st.state === "erroring") {
    st.storedError = undefined;
    if (st.pendingAbortRequest.abort.promise !== undefined) {
      st.pendingAbortRequest.abort.resolve?.();
      st.pendingAbortRequest = EMPTY_ABORT();
    }
  }
  st.state = "closed";
  if (st.writer !== undefined) st.writer[S].close.resolve?.();
}

function writableStreamFinishErroring(stream: any) {
  const st = stream[S];
  st.state = "errored";
  resetQueue(st.controller);
  const storedError = st.storedError;
  const requests = st.writeRequests;
  st.writeRequests = [];
  for (let n = 0; n < requests.length; n++) requests[n].reject?.(storedError);
  if (st.pendingAbortRequest.abort.promise === undefined) {
    writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  const abortRequest = st.pendingAbortRequest;
  st.pendingAbortRequest = EMPTY_ABORT();
  if (abortRequest.wasAlreadyErroring) {
    abortRequest.abort.reject?.(storedError);
    writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  const cs = st.controller[S];
  const result = cs.abortAlgorithm(abortRequest.reason);
  writableStreamDefaultControllerClearAlgorithms(st.controller);
  result.then(
    () => {
      abortRequest.abort.resolve?.();
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    },
    (error: any) => {
      abortRequest.abort.reject?.(error);
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    },
  );
}

function writableStreamDealWithRejection(stream: any, error: any) {
  if (stream[S].state === "writable") {
    writableStreamStartErroring(stream, error);
    return;
  }
  writableStreamFinishErroring(stream);
}

function writableStreamCloseQueuedOrInFlight(stream: any): boolean {
  return stream[S].closeRequest.promise !== undefined || stream[S].inFlightCloseRequest.promise !== undefined;
}

function writableStreamAddWriteRequest(stream: any): Promise<void> {
  const d = deferred();
  stream[S].writeRequests.push(d);
  return d.promise;
}

function writableStreamDefaultWriterWrite(writer: any, chunk: any): Promise<void> {
  const stream = writer[S].stream;
  const controller = stream[S].controller;
  const chunkSize = writableStreamDefaultControllerGetChunkSize(controller, chunk);
  if (stream !== writer[S].stream) return Promise.reject(invalidState("Mismatched WritableStreams"));
  const state = stream[S].state;
  if (state === "errored") return Promise.reject(stream[S].storedError);
  if (writableStreamCloseQueuedOrInFlight(stream) || state === "closed") return Promise.reject(invalidState("WritableStream is closed"));
  if (state === "erroring") return Promise.reject(stream[S].storedError);
  const promise = writableStreamAddWriteRequest(stream);
  writableStreamDefaultControllerWrite(controller, chunk, chunkSize);
  return promise;
}

function writableStreamDefaultWriterRelease(writer: any) {
  const stream = writer[S].stream;
  const releasedStateError = writerReleasedError();
  writableStreamDefaultWriterEnsureReadyPromiseRejected(writer, releasedStateError);
  writableStreamDefaultWriterEnsureClosedPromiseRejected(writer, releasedStateError);
  stream[S].writer = undefined;
  writer[S].stream = undefined;
}

function writableStreamDefaultWriterGetDesiredSize(writer: any): number | null {
  const stream = writer[S].stream;
  switch (stream[S].state) {
    case "errored":
    case "erroring":
      return null;
    case "closed":
      return 0;
  }
  return writableStreamDefaultControllerGetDesiredSize(stream[S].controller);
}

function writableStreamDefaultWriterEnsureReadyPromiseRejected(writer: any, error: any) {
  const ws = writer[S];
  if (ws.ready.pending) ws.ready.reject?.(error);
  else ws.ready = settled(Promise.reject(error));
  setHandled(ws.ready.promise);
}

function writableStreamDefaultWriterEnsureClosedPromiseRejected(writer: any, error: any) {
  const ws = writer[S];
  if (ws.close.pending) ws.close.reject?.(error);
  else ws.close = settled(Promise.reject(error));
  setHandled(ws.close.promise);
}

function writableStreamDefaultWriterCloseWithErrorPropagation(writer: any): Promise<void> {
  const stream = writer[S].stream;
  const state = stream[S].state;
  if (writableStreamCloseQueuedOrInFlight(stream) || state === "closed") return Promise.resolve();
  if (state === "errored") return Promise.reject(stream[S].storedError);
  return writableStreamClose(stream);
}

function writableStreamDefaultControllerWrite(c: any, chunk: any, chunkSize: number) {
  try {
    enqueueValueWithSize(c, chunk, chunkSize);
  } catch (error) {
    writableStreamDefaultControllerErrorIfNeeded(c, error);
    return;
  }
  const stream = c[S].stream;
  if (!writableStreamCloseQueuedOrInFlight(stream) && stream[S].state === "writable") writableStreamUpdateBackpressure(stream, writableStreamDefaultControllerGetBackpressure(c));
  writableStreamDefaultControllerAdvanceQueueIfNeeded(c);
}

function writableStreamDefaultControllerProcessWrite(c: any, chunk: any) {
  const st = c[S];
  const stream = st.stream;
  writableStreamMarkFirstWriteRequestInFlight(stream);
  st.writeAlgorithm(chunk, c).then(
    () => {
      writableStreamFinishInFlightWrite(stream);
      const state = stream[S].state;
      dequeueValue(c);
      if (!writableStreamCloseQueuedOrInFlight(stream) && state === "writable") writableStreamUpdateBackpressure(stream, writableStreamDefaultControllerGetBackpressure(c));
      writableStreamDefaultControllerAdvanceQueueIfNeeded(c);
    },
    (error: any) => {
      if (stream[S].state === "writable") writableStreamDefaultControllerClearAlgorithms(c);
      writableStreamFinishInFlightWriteWithError(stream, error);
    },
  );
}

function writableStreamDefaultControllerProcessClose(c: any) {
  const st = c[S];
  const stream = st.stream;
  writableStreamMarkCloseRequestInFlight(stream);
  dequeueValue(c);
  const sinkClosePromise = st.closeAlgorithm();
  writableStreamDefaultControllerClearAlgorithms(c);
  sinkClosePromise.then(
    () => writableStreamFinishInFlightClose(stream),
    (error: any) => writableStreamFinishInFlightCloseWithError(stream, error),
  );
}

function writableStreamDefaultControllerGetDesiredSize(c: any): number {
  return c[S].highWaterMark - c[S].queueTotalSize;
}

function writableStreamDefaultControllerGetChunkSize(c: any, chunk: any): number {
  const size = c[S].sizeAlgorithm;
  if (size === undefined) return 1;
  try {
    return size(chunk);
  } catch (error) {
    writableStreamDefaultControllerErrorIfNeeded(c, error);
    return 1;
  }
}

function writableStreamDefaultControllerErrorIfNeeded(c: any, error: any) {
  if (c[S].stream[S].state === "writable") writableStreamDefaultControllerError(c, error);
}

function writableStreamDefaultControllerError(c: any, error: any) {
  writableStreamDefaultControllerClearAlgorithms(c);
  writableStreamStartErroring(c[S].stream, error);
}

function writableStreamDefaultControllerClose(c: any) {
  enqueueValueWithSize(c, CLOSE_SENTINEL, 0);
  writableStreamDefaultControllerAdvanceQueueIfNeeded(c);
}

function writableStreamDefaultControllerClearAlgorithms(c: any) {
  const st = c[S];
  st.writeAlgorithm = undefined;
  st.closeAlgorithm = undefined;
  st.abortAlgorithm = undefined;
  st.sizeAlgorithm = undefined;
}

function writableStreamDefaultControllerGetBackpressure(c: any): boolean {
  return writableStreamDefaultControllerGetDesiredSize(c) <= 0;
}

function writableStreamDefaultControllerAdvanceQueueIfNeeded(c: any) {
  const st = c[S];
  const stream = st.stream;
  if (!st.started || stream[S].inFlightWriteRequest.promise !== undefined) return;
  if (stream[S].state === "erroring") {
    writableStreamFinishErroring(stream);
    return;
  }
  if (!st.queue.length) return;
  const value = peekQueueValue(c);
  if (value === CLOSE_SENTINEL) writableStreamDefaultControllerProcessClose(c);
  else writableStreamDefaultControllerProcessWrite(c, value);
}

function setupWritableStreamDefaultControllerFromSink(stream: any, sink: any, highWaterMark: number, sizeAlgorithm: any) {
  const c = new WritableStreamDefaultController(SKIP);
  const start = sink?.start;
  const write = sink?.write;
  const close = sink?.close;
  const abort = sink?.abort;
  const startAlgorithm = start ? () => start.call(sink, c) : nonOpStart;
  const writeAlgorithm = write ? promiseCallback("sink.write", write, sink) : nonOpWrite;
  const closeAlgorithm = close ? promiseCallback("sink.close", close, sink) : nonOpCancel;
  const abortAlgorithm = abort ? promiseCallback("sink.abort", abort, sink) : nonOpCancel;
  setupWritableStreamDefaultController(stream, c, startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm, highWaterMark, sizeAlgorithm);
}

function setupWritableStreamDefaultController(stream: any, c: any, startAlgorithm: any, writeAlgorithm: any, closeAlgorithm: any, abortAlgorithm: any, highWaterMark: number, sizeAlgorithm: any) {
  const st = c[S];
  st.abortAlgorithm = abortAlgorithm;
  st.closeAlgorithm = closeAlgorithm;
  st.highWaterMark = highWaterMark;
  st.queue = [];
  st.queueTotalSize = 0;
  st.abortController = createAbortController();
  st.sizeAlgorithm = sizeAlgorithm;
  st.started = false;
  st.stream = stream;
  st.writeAlgorithm = writeAlgorithm;
  stream[S].controller = c;
  writableStreamUpdateBackpressure(stream, writableStreamDefaultControllerGetBackpressure(c));
  const startResult = startAlgorithm();
  new Promise((r) => r(startResult)).then(
    () => {
      st.started = true;
      writableStreamDefaultControllerAdvanceQueueIfNeeded(c);
    },
    (error: any) => {
      st.started = true;
      writableStreamDealWithRejection(stream, error);
    },
  );
}

// ---------------------------------------------------------------------------
// TransformStream

class TransformStream {
  constructor(transformer: any = {}, writableStrategy: any = {}, readableStrategy: any = {}) {
    validateObject(transformer, "transformer", false);
    validateObject(writableStrategy, "writableStrategy", true);
    validateObject(readableStrategy, "readableStrategy", true);
    const readableType = transformer?.readableType;
    const writableType = transformer?.writableType;
    const start = transformer?.start;
    if (readableType !== undefined) throw invalidArgValue("transformer.readableType", readableType, "is invalid", RangeError);
    if (writableType !== undefined) throw invalidArgValue("transformer.writableType", writableType, "is invalid", RangeError);
    const readableHighWaterMark = readableStrategy?.highWaterMark;
    const readableSize = readableStrategy?.size;
    const writableHighWaterMark = writableStrategy?.highWaterMark;
    const writableSize = writableStrategy?.size;
    const actualReadableHighWaterMark = extractHighWaterMark(readableHighWaterMark, 0);
    const actualReadableSize = extractSizeAlgorithm(readableSize);
    const actualWritableHighWaterMark = extractHighWaterMark(writableHighWaterMark, 1);
    const actualWritableSize = extractSizeAlgorithm(writableSize);
    const startPromise = deferred();
    initializeTransformStream(this, startPromise, actualWritableHighWaterMark, actualWritableSize, actualReadableHighWaterMark, actualReadableSize);
    setupTransformStreamDefaultControllerFromTransformer(this, transformer);
    if (start !== undefined) startPromise.resolve!(start.call(transformer, (this as any)[S].controller));
    else startPromise.resolve!();
  }

  get readable(): any {
    if (!is(this, "TransformStream")) throw invalidThis("TransformStream");
    return (this as any)[S].readable;
  }

  get writable(): any {
    if (!is(this, "TransformStream")) throw invalidThis("TransformStream");
    return (this as any)[S].writable;
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "TransformStream", { readable: st.readable, writable: st.writable, backpressure: st.backpressure });
  }
}
finishClass(TransformStream, ["readable", "writable"]);

class TransformStreamDefaultController {
  constructor(skip: any = undefined) {
    if (skip !== SKIP) throw illegalConstructor();
    slot(this, { type: "TransformStreamDefaultController" });
  }

  get desiredSize(): number | null {
    if (!is(this, "TransformStreamDefaultController")) throw invalidThis("TransformStreamDefaultController");
    return readableStreamDefaultControllerGetDesiredSize((this as any)[S].stream[S].readable[S].controller);
  }

  enqueue(chunk: any = undefined): void {
    if (!is(this, "TransformStreamDefaultController")) throw invalidThis("TransformStreamDefaultController");
    transformStreamDefaultControllerEnqueue(this, chunk);
  }

  error(reason: any = undefined): void {
    if (!is(this, "TransformStreamDefaultController")) throw invalidThis("TransformStreamDefaultController");
    transformStreamError((this as any)[S].stream, reason);
  }

  terminate(): void {
    if (!is(this, "TransformStreamDefaultController")) throw invalidThis("TransformStreamDefaultController");
    transformStreamDefaultControllerTerminate(this);
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "TransformStreamDefaultController", { stream: (this as any)[S].stream });
  }
}
finishClass(TransformStreamDefaultController, ["desiredSize", "enqueue", "error", "terminate"]);

async function defaultTransformAlgorithm(chunk: any, controller: any) {
  transformStreamDefaultControllerEnqueue(controller, chunk);
}

function initializeTransformStream(stream: any, startPromise: Deferred, writableHighWaterMark: number, writableSizeAlgorithm: any, readableHighWaterMark: number, readableSizeAlgorithm: any) {
  // The stream's record exists before its halves, which a TransformStreamDefaultController
  // printed during `start` shows as undefined (as Node does).
  slot(stream, { type: "TransformStream", readable: undefined, writable: undefined, controller: undefined, backpressure: true, backpressureChange: EMPTY_REQUEST() });
  const startAlgorithm = () => startPromise.promise;
  const writable = createWritableStream(
    startAlgorithm,
    (chunk: any) => transformStreamDefaultSinkWriteAlgorithm(stream, chunk),
    () => transformStreamDefaultSinkCloseAlgorithm(stream),
    (reason: any) => transformStreamDefaultSinkAbortAlgorithm(stream, reason),
    writableHighWaterMark,
    writableSizeAlgorithm,
  );
  const readable = createReadableStream(
    startAlgorithm,
    () => transformStreamDefaultSourcePullAlgorithm(stream),
    (reason: any) => transformStreamDefaultSourceCancelAlgorithm(stream, reason),
    readableHighWaterMark,
    readableSizeAlgorithm,
  );
  const st = stream[S];
  st.readable = readable;
  st.writable = writable;
  st.backpressure = undefined;
  transformStreamSetBackpressure(stream, true);
}

function transformStreamError(stream: any, error: any) {
  readableStreamDefaultControllerError(stream[S].readable[S].controller, error);
  transformStreamErrorWritableAndUnblockWrite(stream, error);
}

function transformStreamErrorWritableAndUnblockWrite(stream: any, error: any) {
  transformStreamDefaultControllerClearAlgorithms(stream[S].controller);
  writableStreamDefaultControllerErrorIfNeeded(stream[S].writable[S].controller, error);
  transformStreamUnblockWrite(stream);
}

function transformStreamUnblockWrite(stream: any) {
  if (stream[S].backpressure) transformStreamSetBackpressure(stream, false);
}

function transformStreamSetBackpressure(stream: any, backpressure: boolean) {
  const st = stream[S];
  if (st.backpressureChange.promise !== undefined) st.backpressureChange.resolve?.();
  st.backpressureChange = deferred();
  st.backpressure = backpressure;
}

function setupTransformStreamDefaultControllerFromTransformer(stream: any, transformer: any) {
  const c = new TransformStreamDefaultController(SKIP);
  const transform = transformer?.transform;
  const flush = transformer?.flush;
  const cancel = transformer?.cancel;
  const cs = c as any;
  cs[S].stream = stream;
  cs[S].transformAlgorithm = transform ? promiseCallback("transformer.transform", transform, transformer) : defaultTransformAlgorithm;
  cs[S].flushAlgorithm = flush ? promiseCallback("transformer.flush", flush, transformer) : nonOpFlush;
  cs[S].cancelAlgorithm = cancel ? promiseCallback("transformer.cancel", cancel, transformer) : nonOpCancel;
  cs[S].finishPromise = undefined;
  stream[S].controller = c;
}

function transformStreamDefaultControllerClearAlgorithms(c: any) {
  c[S].transformAlgorithm = undefined;
  c[S].flushAlgorithm = undefined;
  c[S].cancelAlgorithm = undefined;
}

function transformStreamDefaultControllerEnqueue(c: any, chunk: any) {
  const stream = c[S].stream;
  const readable = stream[S].readable;
  const rc = readable[S].controller;
  if (!readableStreamDefaultControllerCanCloseOrEnqueue(rc)) throw invalidState("Unable to enqueue");
  try {
    readableStreamDefaultControllerEnqueue(rc, chunk);
  } catch (error) {
    transformStreamErrorWritableAndUnblockWrite(stream, error);
    throw readable[S].storedError;
  }
  const backpressure = readableStreamDefaultControllerHasBackpressure(rc);
  if (backpressure !== stream[S].backpressure) transformStreamSetBackpressure(stream, true);
}

async function transformStreamDefaultControllerPerformTransform(c: any, chunk: any) {
  try {
    return await c[S].transformAlgorithm(chunk, c);
  } catch (error) {
    transformStreamError(c[S].stream, error);
    throw error;
  }
}

function transformStreamDefaultControllerTerminate(c: any) {
  const stream = c[S].stream;
  readableStreamDefaultControllerClose(stream[S].readable[S].controller);
  transformStreamErrorWritableAndUnblockWrite(stream, invalidState("TransformStream has been terminated"));
}

function transformStreamDefaultSinkWriteAlgorithm(stream: any, chunk: any): any {
  const controller = stream[S].controller;
  if (stream[S].backpressure) {
    return stream[S].backpressureChange.promise.then(() => {
      const writable = stream[S].writable;
      if (writable[S].state === "erroring") throw writable[S].storedError;
      return transformStreamDefaultControllerPerformTransform(controller, chunk);
    });
  }
  return transformStreamDefaultControllerPerformTransform(controller, chunk);
}

async function transformStreamDefaultSinkAbortAlgorithm(stream: any, reason: any) {
  const controller = stream[S].controller;
  const readable = stream[S].readable;
  if (controller[S].finishPromise !== undefined) return controller[S].finishPromise;
  const { promise, resolve, reject } = deferred();
  controller[S].finishPromise = promise;
  const cancelPromise = controller[S].cancelAlgorithm(reason);
  transformStreamDefaultControllerClearAlgorithms(controller);
  cancelPromise.then(
    () => {
      if (readable[S].state === "errored") {
        reject!(readable[S].storedError);
      } else {
        readableStreamDefaultControllerError(readable[S].controller, reason);
        resolve!();
      }
    },
    (error: any) => {
      readableStreamDefaultControllerError(readable[S].controller, error);
      reject!(error);
    },
  );
  return controller[S].finishPromise;
}

function transformStreamDefaultSinkCloseAlgorithm(stream: any): any {
  const controller = stream[S].controller;
  const readable = stream[S].readable;
  if (controller[S].finishPromise !== undefined) return controller[S].finishPromise;
  const { promise, resolve, reject } = deferred();
  controller[S].finishPromise = promise;
  const flushPromise = controller[S].flushAlgorithm(controller);
  transformStreamDefaultControllerClearAlgorithms(controller);
  flushPromise.then(
    () => {
      if (readable[S].state === "errored") {
        reject!(readable[S].storedError);
      } else {
        readableStreamDefaultControllerClose(readable[S].controller);
        resolve!();
      }
    },
    (error: any) => {
      readableStreamDefaultControllerError(readable[S].controller, error);
      reject!(error);
    },
  );
  return controller[S].finishPromise;
}

function transformStreamDefaultSourcePullAlgorithm(stream: any): any {
  transformStreamSetBackpressure(stream, false);
  return stream[S].backpressureChange.promise;
}

function transformStreamDefaultSourceCancelAlgorithm(stream: any, reason: any): any {
  const controller = stream[S].controller;
  const writable = stream[S].writable;
  if (controller[S].finishPromise !== undefined) return controller[S].finishPromise;
  const { promise, resolve, reject } = deferred();
  controller[S].finishPromise = promise;
  const cancelPromise = controller[S].cancelAlgorithm(reason);
  transformStreamDefaultControllerClearAlgorithms(controller);
  cancelPromise.then(
    () => {
      if (writable[S].state === "errored") {
        reject!(writable[S].storedError);
      } else {
        writableStreamDefaultControllerErrorIfNeeded(writable[S].controller, reason);
        transformStreamUnblockWrite(stream);
        resolve!();
      }
    },
    (error: any) => {
      writableStreamDefaultControllerErrorIfNeeded(writable[S].controller, error);
      transformStreamUnblockWrite(stream);
      reject!(error);
    },
  );
  return controller[S].finishPromise;
}

// ---------------------------------------------------------------------------
// Queuing strategies

const byteSizeFunction = Object.defineProperty((chunk: any) => chunk.byteLength, "name", { value: "size" });
const countSizeFunction = Object.defineProperty(() => 1, "name", { value: "size" });

function strategyInit(init: any) {
  validateObject(init, "init", false);
  if (init.highWaterMark === undefined) throw nodeError(TypeError, "ERR_MISSING_OPTION", "init.highWaterMark is required");
  return +init.highWaterMark;
}

class ByteLengthQueuingStrategy {
  constructor(init: any) {
    slot(this, { type: "ByteLengthQueuingStrategy", highWaterMark: strategyInit(init) });
  }

  get highWaterMark(): number {
    if (!is(this, "ByteLengthQueuingStrategy")) throw invalidThis("ByteLengthQueuingStrategy");
    return (this as any)[S].highWaterMark;
  }

  get size(): any {
    if (!is(this, "ByteLengthQueuingStrategy")) throw invalidThis("ByteLengthQueuingStrategy");
    return byteSizeFunction;
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "ByteLengthQueuingStrategy", { highWaterMark: this.highWaterMark });
  }
}
finishClass(ByteLengthQueuingStrategy, ["highWaterMark", "size"]);

class CountQueuingStrategy {
  constructor(init: any) {
    slot(this, { type: "CountQueuingStrategy", highWaterMark: strategyInit(init) });
  }

  get highWaterMark(): number {
    if (!is(this, "CountQueuingStrategy")) throw invalidThis("CountQueuingStrategy");
    return (this as any)[S].highWaterMark;
  }

  get size(): any {
    if (!is(this, "CountQueuingStrategy")) throw invalidThis("CountQueuingStrategy");
    return countSizeFunction;
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    return inspectView(depth, options, inspectFn, "CountQueuingStrategy", { highWaterMark: this.highWaterMark });
  }
}
finishClass(CountQueuingStrategy, ["highWaterMark", "size"]);

// ---------------------------------------------------------------------------
// TextEncoderStream and TextDecoderStream, over TextEncoder and TextDecoder

class TextEncoderStream {
  constructor() {
    const st: any = { type: "TextEncoderStream", pendingHighSurrogate: null, handle: new TextEncoder(), transform: undefined };
    slot(this, st);
    st.transform = new TransformStream({
      transform(chunk: any, controller: any) {
        chunk = String(chunk);
        let finalChunk = "";
        for (let i = 0; i < chunk.length; i++) {
          const item = chunk[i];
          const codeUnit = item.charCodeAt(0);
          if (st.pendingHighSurrogate !== null) {
            const high = st.pendingHighSurrogate;
            st.pendingHighSurrogate = null;
            if (0xdc00 <= codeUnit && codeUnit <= 0xdfff) {
              finalChunk += high + item;
              continue;
            }
            finalChunk += "\uFFFD";
          }
          if (0xd800 <= codeUnit && codeUnit <= 0xdbff) {
            st.pendingHighSurrogate = item;
            continue;
          }
          if (0xdc00 <= codeUnit && codeUnit <= 0xdfff) {
            finalChunk += "\uFFFD";
            continue;
          }
          finalChunk += item;
        }
        if (finalChunk) controller.enqueue(st.handle.encode(finalChunk));
      },
      flush(controller: any) {
        if (st.pendingHighSurrogate !== null) controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
      },
    });
  }

  get encoding(): string {
    if (!is(this, "TextEncoderStream")) throw invalidThis("TextEncoderStream");
    return (this as any)[S].handle.encoding;
  }

  get readable(): any {
    if (!is(this, "TextEncoderStream")) throw invalidThis("TextEncoderStream");
    return (this as any)[S].transform.readable;
  }

  get writable(): any {
    if (!is(this, "TextEncoderStream")) throw invalidThis("TextEncoderStream");
    return (this as any)[S].transform.writable;
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "TextEncoderStream", { encoding: st.handle.encoding, readable: st.transform.readable, writable: st.transform.writable });
  }
}
finishClass(TextEncoderStream, ["encoding", "readable", "writable"]);

class TextDecoderStream {
  constructor(encoding: any = "utf-8", options: any = {}) {
    const st: any = { type: "TextDecoderStream", handle: new TextDecoder(encoding, options), transform: undefined };
    slot(this, st);
    st.transform = new TransformStream({
      transform(chunk: any, controller: any) {
        const value = st.handle.decode(chunk, { stream: true });
        if (value) controller.enqueue(value);
      },
      flush(controller: any) {
        const value = st.handle.decode();
        if (value) controller.enqueue(value);
        controller.terminate();
      },
    });
  }

  get encoding(): string {
    if (!is(this, "TextDecoderStream")) throw invalidThis("TextDecoderStream");
    return (this as any)[S].handle.encoding;
  }

  get fatal(): boolean {
    if (!is(this, "TextDecoderStream")) throw invalidThis("TextDecoderStream");
    return (this as any)[S].handle.fatal;
  }

  get ignoreBOM(): boolean {
    if (!is(this, "TextDecoderStream")) throw invalidThis("TextDecoderStream");
    return (this as any)[S].handle.ignoreBOM;
  }

  get readable(): any {
    if (!is(this, "TextDecoderStream")) throw invalidThis("TextDecoderStream");
    return (this as any)[S].transform.readable;
  }

  get writable(): any {
    if (!is(this, "TextDecoderStream")) throw invalidThis("TextDecoderStream");
    return (this as any)[S].transform.writable;
  }

  [kInspect](depth: any, options: any, inspectFn: any): string {
    const st = (this as any)[S];
    return inspectView(depth, options, inspectFn, "TextDecoderStream", {
      encoding: st.handle.encoding,
      fatal: st.handle.fatal,
      ignoreBOM: st.handle.ignoreBOM,
      readable: st.transform.readable,
      writable: st.transform.writable,
    });
  }
}
finishClass(TextDecoderStream, ["encoding", "fatal", "ignoreBOM", "readable", "writable"]);

// ---------------------------------------------------------------------------
// The globals

define("ReadableStream", ReadableStream);
define("ReadableStreamDefaultReader", ReadableStreamDefaultReader);
define("ReadableStreamBYOBReader", ReadableStreamBYOBReader);
define("ReadableStreamBYOBRequest", ReadableStreamBYOBRequest);
define("ReadableByteStreamController", ReadableByteStreamController);
define("ReadableStreamDefaultController", ReadableStreamDefaultController);
define("WritableStream", WritableStream);
define("WritableStreamDefaultWriter", WritableStreamDefaultWriter);
define("WritableStreamDefaultController", WritableStreamDefaultController);
define("TransformStream", TransformStream);
define("TransformStreamDefaultController", TransformStreamDefaultController);
define("ByteLengthQueuingStrategy", ByteLengthQueuingStrategy);
define("CountQueuingStrategy", CountQueuingStrategy);
define("TextEncoderStream", TextEncoderStream);
define("TextDecoderStream", TextDecoderStream);

// ---------------------------------------------------------------------------
// Bodies: what Request and Response ask of streams (stdlib/src/web/body.rs). A byte body becomes
// a stream only when its `body` is read; the stream keeps the bytes in its record until the
// first pull, so that a body nobody read can still be taken whole (`takeBytes`: the HTTP
// server sends `new Response(res.body, res)` without reading a stream).

function bodyFromBytes(bytes: Uint8Array, used: boolean): any {
  if (used) {
    // Read before: closed, locked and disturbed, as Node leaves a consumed body's stream.
    const s = new ReadableStream({ type: "bytes", start: (c: any) => c.close() });
    s.getReader().read();
    return s;
  }
  const s: any = new ReadableStream({
    type: "bytes",
    pull(c: any) {
      const st = s[S];
      const b = st.bytes;
      st.bytes = undefined;
      if (b !== undefined && b.byteLength > 0) c.enqueue(b);
      c.close();
    },
  });
  s[S].bytes = bytes;
  return s;
}

function bodyTakeBytes(s: any): Uint8Array | undefined {
  const st = s[S];
  if (st.bytes === undefined || st.disturbed || st.reader !== undefined) return undefined;
  const b = st.bytes;
  st.bytes = undefined;
  st.disturbed = true;
  return b;
}

async function bodyReadAll(s: any): Promise<Uint8Array> {
  const reader = s.getReader();
  const st = s[S];
  if (st.bytes !== undefined) {
    const b = st.bytes;
    st.bytes = undefined;
    await reader.read();
    return b;
  }
  const chunks: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) throw new TypeError("Received non-Uint8Array chunk");
    chunks.push(value);
    n += value.byteLength;
  }
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

__perry_native("web-body").setHooks({
  toStream(v: any) {
    if (is(v, "ReadableStream")) return v;
    if (typeof v[Symbol.asyncIterator] === "function") return ReadableStream.from(v);
    return undefined;
  },
  fromBytes: bodyFromBytes,
  readAll: bodyReadAll,
  state: (s: any) => (s[S].disturbed ? 1 : 0) + (s[S].reader !== undefined ? 2 : 0),
  tee: (s: any) => s.tee(),
  takeBytes: bodyTakeBytes,
  reader: (s: any) => s.getReader(),
  read: (r: any) => r.read(),
  cancel: (r: any, reason: unknown) => r.cancel(reason).catch(noop),
  relay: (s: any) => s.pipeThrough(new TransformStream()),
  // A request body still arriving (perry:http): one chunk per pull, so the client is read no
  // faster than the handler reads.
  fromPull: (pull: () => Promise<Uint8Array | undefined>, cancel: () => void) =>
    new ReadableStream({
      type: "bytes",
      async pull(c: any) {
        const chunk = await pull();
        if (chunk === undefined) c.close();
        else c.enqueue(chunk);
      },
      cancel,
    }),
});

export { ReadableStream, TransformStream, WritableStream };
