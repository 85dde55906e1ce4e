// node:crypto, the part Perry has so far: random values (over Web Crypto's `crypto` global),
// and message digests and HMACs (`createHash`, `createHmac`, `hash`; md5, sha1, sha224,
// sha256, sha384, sha512) by the stdlib's `node_crypto.rs`. Ciphers, keys, signatures and the
// rest come with a later issue; naming one of them is a compile error that says so. Also
// `randomBytes` and `timingSafeEqual`; bytes are returned as Buffers, as in Node. `subtle` is
// `crypto.subtle` (perry:web-crypto).
import { Buffer } from "node:buffer";
import { subtle } from "perry:web-crypto";
const native: any = __perry_native("crypto");

export const webcrypto: Crypto = globalThis.crypto;

export function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
  return webcrypto.getRandomValues(array);
}

export function randomUUID(): string {
  return webcrypto.randomUUID();
}

/** Fills `buf` (a typed array, DataView or ArrayBuffer) from `offset` for `size` bytes. */
export function randomFillSync<T extends ArrayBufferView | ArrayBuffer>(buf: T, offset = 0, size?: number): T {
  const view = ArrayBuffer.isView(buf) ? buf : null;
  const bytes = view ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(buf as ArrayBuffer);
  const unit = view && "BYTES_PER_ELEMENT" in view ? (view as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
  const start = offset * unit;
  const end = size === undefined ? bytes.length : start + size * unit;
  if (start < 0 || start > bytes.length) throw new RangeError(`The value of "offset" is out of range. It must be >= 0 && <= ${bytes.length / unit}. Received ${offset}`);
  if (end > bytes.length) throw new RangeError(`The value of "size + offset" is out of range. It must be <= ${bytes.length / unit}. Received ${end / unit}`);
  for (let at = start; at < end; at += 65536) {
    webcrypto.getRandomValues(bytes.subarray(at, Math.min(end, at + 65536)));
  }
  return buf;
}

/** `size` random bytes in a Buffer (with `callback`, given to it on the next tick). */
export function randomBytes(size: number, callback?: (err: Error | null, buf: Buffer) => void): Buffer | undefined {
  if (typeof size !== "number") {
    const got = size === null || size === undefined ? String(size) : `type ${typeof size} (${String(size)})`;
    throw Object.assign(new TypeError(`The "size" argument must be of type number. Received ${got}`), { code: "ERR_INVALID_ARG_TYPE" });
  }
  if (!(size >= 0 && size <= 2147483647)) {
    throw Object.assign(new RangeError(`The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received ${size}`), { code: "ERR_OUT_OF_RANGE" });
  }
  const buf = randomFillSync(Buffer.alloc(size));
  if (callback === undefined) return buf;
  process.nextTick(callback, null, buf);
  return undefined;
}

/** Whether `a` and `b` hold the same bytes, in time that depends only on their length. */
export function timingSafeEqual(a: ArrayBufferView | ArrayBuffer, b: ArrayBufferView | ArrayBuffer): boolean {
  const bytes = (v: unknown, name: string): Uint8Array => {
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    const got = v === null || v === undefined ? String(v) : `type ${typeof v} (${String(v)})`;
    throw Object.assign(new TypeError(`The "${name}" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView. Received ${got}`), {
      code: "ERR_INVALID_ARG_TYPE",
    });
  };
  const x = bytes(a, "buf1");
  const y = bytes(b, "buf2");
  if (x.length !== y.length) {
    throw Object.assign(new RangeError("Input buffers must have the same byte length"), { code: "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH" });
  }
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** A uniformly random integer in [min, max) (`randomInt(max)`: [0, max)). */
export function randomInt(min: number, max?: number): number {
  if (max === undefined) {
    max = min;
    min = 0;
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min) {
    throw new RangeError(`The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
  }
  const range = max - min;
  const words = new Uint32Array(2);
  // 2^53 / range rejection sampling over 53 random bits.
  const limit = Math.floor(2 ** 53 / range) * range;
  for (;;) {
    webcrypto.getRandomValues(words);
    const x = (words[0] & 0x1fffff) * 2 ** 32 + words[1];
    if (x < limit) return min + (x % range);
  }
}

const encoder = new TextEncoder();

/** The bytes of `data`: a string in `encoding` (a Buffer encoding; utf8 by default and for a
 * name that is none), or a view's bytes. */
function bytesOf(data: unknown, encoding?: string): Uint8Array {
  if (typeof data === "string") return Buffer.isEncoding(encoding) ? Buffer.from(data, encoding as any) : encoder.encode(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError(`The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${data === null ? "null" : typeof data}`);
}

/** `bytes` as `digest(encoding)` returns them: a Buffer, or text in a Buffer encoding (utf8
 * for a name that is none). */
function encode(bytes: Uint8Array, encoding?: string): string | Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding === undefined || encoding === "buffer") return buf;
  return buf.toString(Buffer.isEncoding(encoding) ? encoding : "utf8");
}

/** A message digest in progress (`createHash`). */
export class Hash {
  #algorithm: string;
  #chunks: Uint8Array[] = [];
  #key: Uint8Array | undefined;
  #done = false;

  constructor(algorithm: string, key?: Uint8Array) {
    const name = native.supported(algorithm);
    if (name === undefined) throw new Error(key ? `Invalid digest: ${algorithm}` : "Digest method not supported");
    this.#algorithm = name;
    this.#key = key;
  }

  update(data: string | ArrayBufferView | ArrayBuffer, inputEncoding?: string): this {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    this.#chunks.push(bytesOf(data, inputEncoding).slice());
    return this;
  }

  digest(encoding?: string): any {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    this.#done = true;
    let size = 0;
    for (const c of this.#chunks) size += c.length;
    const all = new Uint8Array(size);
    let at = 0;
    for (const c of this.#chunks) {
      all.set(c, at);
      at += c.length;
    }
    return encode(native.digest(this.#algorithm, all, this.#key), encoding);
  }

  copy(): Hash {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    const h = new Hash(this.#algorithm, this.#key);
    for (const c of this.#chunks) h.update(c);
    return h;
  }
}

export function createHash(algorithm: string): Hash {
  return new Hash(algorithm);
}

export function createHmac(algorithm: string, key: string | ArrayBufferView | ArrayBuffer): Hash {
  return new Hash(algorithm, bytesOf(key).slice());
}

/** `crypto.hash(algorithm, data, outputEncoding = "hex")` (Node 21.7). */
export function hash(algorithm: string, data: string | ArrayBufferView, outputEncoding = "hex"): any {
  return new Hash(algorithm).update(data).digest(outputEncoding);
}

export function getHashes(): string[] {
  return ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"];
}

export { subtle };

export default { webcrypto, subtle, getRandomValues, randomUUID, randomFillSync, randomBytes, randomInt, timingSafeEqual, createHash, createHmac, hash, getHashes, Hash };
