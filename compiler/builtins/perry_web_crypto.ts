// perry:web-crypto: `crypto.subtle` as far as JWTs and signed cookies need it, as Node 20 has
// it: `digest` (SHA-1, SHA-256, SHA-384, SHA-512) and HMAC keys (`importKey` and `exportKey`
// in raw and JWK form, `generateKey`, `sign`, `verify`). Other algorithms reject with the
// NotSupportedError Node gives an algorithm it does not know. The digests and HMACs are
// node:crypto's native ones (`stdlib/src/node_crypto.rs`). The module graph evaluates this
// module first when some module's source names `subtle`, `SubtleCrypto` or `CryptoKey`
// (`modules::Graph::finish`); it defines `crypto.subtle` and those two classes as globals.

import { atob, btoa, nodeError, view } from "perry:web-globals";

const native: any = __perry_native("crypto");

const HASHES: Record<string, string> = { "sha-1": "SHA-1", "sha-256": "SHA-256", "sha-384": "SHA-384", "sha-512": "SHA-512" };
/** A hash's block size in bits (an HMAC key's default length). */
const BLOCK_BITS: Record<string, number> = { "SHA-1": 512, "SHA-256": 512, "SHA-384": 1024, "SHA-512": 1024 };
const USAGES = ["encrypt", "decrypt", "sign", "verify", "deriveKey", "deriveBits", "wrapKey", "unwrapKey"];

function notSupported(): DOMException {
  return new DOMException("Unrecognized algorithm name", "NotSupportedError");
}

/** An algorithm's name, from a string or an object with `name`. */
function algorithmName(alg: unknown): string {
  if (typeof alg === "string") return alg;
  if (alg !== null && typeof alg === "object" && "name" in alg) return `${(alg as any).name}`;
  throw nodeError(TypeError, "ERR_MISSING_OPTION", "Algorithm: name: Required");
}

/** The canonical name of a digest Perry has (or the NotSupportedError). */
function hashName(alg: unknown): string {
  const name = HASHES[algorithmName(alg).toLowerCase()];
  if (name === undefined) throw notSupported();
  return name;
}

/** The bytes of a BufferSource, copied (what WebCrypto reads). */
function bytesOf(data: unknown, method: string, position: string): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `Failed to execute '${method}' on 'SubtleCrypto': ${position} argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s: string): Uint8Array {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

const KEY = Symbol("CryptoKey");
let keyBytes: (key: CryptoKey) => Uint8Array;

class CryptoKey {
  #type: string;
  #extractable: boolean;
  #algorithm: { name: string; hash: { name: string }; length: number };
  #usages: string[];
  #bytes: Uint8Array;

  static {
    keyBytes = (key) => key.#bytes;
  }

  constructor(key?: symbol, bytes?: Uint8Array, algorithm?: { name: string; hash: { name: string }; length: number }, extractable?: boolean, usages?: string[]) {
    if (key !== KEY) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
    this.#type = "secret";
    this.#bytes = bytes!;
    this.#algorithm = algorithm!;
    this.#extractable = extractable!;
    this.#usages = usages!;
  }
  get type() {
    return this.#type;
  }
  get extractable() {
    return this.#extractable;
  }
  get algorithm() {
    return this.#algorithm;
  }
  get usages() {
    return this.#usages;
  }
  [Symbol.for("nodejs.util.inspect.custom")](depth: number | null) {
    if (typeof depth === "number" && depth < 0) return "CryptoKey";
    return view("CryptoKey", { type: this.#type, extractable: this.#extractable, algorithm: this.#algorithm, usages: this.#usages });
  }
}
Object.defineProperty(CryptoKey.prototype, Symbol.toStringTag, { value: "CryptoKey", configurable: true });

/** An HMAC key's checked usages (in the order given, without repeats). */
function hmacUsages(usages: unknown, importing: boolean): string[] {
  const list = [...(usages as Iterable<string>)].map((u) => `${u}`);
  for (const u of list) {
    if (!USAGES.includes(u)) throw nodeError(TypeError, "ERR_INVALID_ARG_VALUE", `Failed to execute 'importKey' on 'SubtleCrypto': 5th argument value '${u}' is not a valid enum value of type KeyUsage.`);
    if (u !== "sign" && u !== "verify") throw new DOMException("Unsupported key usage for an HMAC key", "SyntaxError");
  }
  if (list.length === 0) throw new DOMException(`Usages cannot be empty when ${importing ? "importing a secret key" : "creating a key"}.`, "SyntaxError");
  return [...new Set(list)];
}

function hmacHash(alg: any): string {
  if (alg?.hash === undefined) {
    throw nodeError(TypeError, "ERR_MISSING_OPTION", "Failed to normalize algorithm: passed algorithm can not be converted to 'HmacImportParams' because 'hash' is required in 'HmacImportParams'.");
  }
  return hashName(alg.hash);
}

function usable(key: unknown, usage: string): CryptoKey {
  if (!(key instanceof CryptoKey)) throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "key" argument must be an instance of CryptoKey.`);
  if (!key.usages.includes(usage)) throw new DOMException(`Unable to use this key to ${usage}`, "InvalidAccessError");
  return key;
}

function hmac(key: CryptoKey, data: Uint8Array): Uint8Array {
  return native.digest(key.algorithm.hash.name, data, keyBytes(key));
}

/** Runs `f` as a SubtleCrypto method: its result, or its exception, as a promise. */
function async<T>(f: () => T): Promise<T> {
  try {
    return Promise.resolve(f());
  } catch (e) {
    return Promise.reject(e);
  }
}

const SUBTLE = Symbol("SubtleCrypto");

class SubtleCrypto {
  constructor(key?: symbol) {
    if (key !== SUBTLE) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
  }

  digest(algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> {
    return async(() => {
      const name = hashName(algorithm);
      return toArrayBuffer(native.digest(name, bytesOf(data, "digest", "2nd")));
    });
  }

  importKey(format: string, keyData: any, algorithm: any, extractable: boolean, keyUsages: Iterable<string>): Promise<CryptoKey> {
    return async(() => {
      if (algorithmName(algorithm).toUpperCase() !== "HMAC") throw notSupported();
      const hash = hmacHash(algorithm);
      let bytes: Uint8Array;
      if (format === "raw") {
        bytes = bytesOf(keyData, "importKey", "2nd");
      } else if (format === "jwk") {
        if (keyData === null || typeof keyData !== "object" || keyData.kty !== "oct" || typeof keyData.k !== "string") {
          throw new DOMException("Invalid keyData", "DataError");
        }
        bytes = fromBase64url(keyData.k);
      } else {
        throw new DOMException(`Unable to import HMAC key with format ${format}`, "NotSupportedError");
      }
      if (bytes.length === 0) throw new DOMException("Zero-length key is not supported", "DataError");
      const usages = hmacUsages(keyUsages, true);
      const length = algorithm.length ?? bytes.length * 8;
      return new CryptoKey(KEY, bytes, { name: "HMAC", hash: { name: hash }, length }, !!extractable, usages);
    });
  }

  exportKey(format: string, key: CryptoKey): Promise<ArrayBuffer | JsonWebKey> {
    return async(() => {
      if (!(key instanceof CryptoKey)) throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "key" argument must be an instance of CryptoKey.`);
      if (!key.extractable) throw new DOMException("key is not extractable", "InvalidAccessException");
      const bytes = keyBytes(key);
      if (format === "raw") return toArrayBuffer(bytes);
      if (format === "jwk") {
        return { key_ops: key.usages.slice(), ext: true, kty: "oct", k: base64url(bytes), alg: `HS${key.algorithm.hash.name.slice(4)}` };
      }
      throw new DOMException(`Unable to export HMAC key with format ${format}`, "NotSupportedError");
    });
  }

  generateKey(algorithm: any, extractable: boolean, keyUsages: Iterable<string>): Promise<CryptoKey> {
    return async(() => {
      if (algorithmName(algorithm).toUpperCase() !== "HMAC") throw notSupported();
      const hash = hmacHash(algorithm);
      const usages = hmacUsages(keyUsages, false);
      const length: number = algorithm.length ?? BLOCK_BITS[hash];
      const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 8)));
      return new CryptoKey(KEY, bytes, { name: "HMAC", length, hash: { name: hash } } as any, !!extractable, usages);
    });
  }

  sign(algorithm: AlgorithmIdentifier, key: CryptoKey, data: BufferSource): Promise<ArrayBuffer> {
    return async(() => {
      if (algorithmName(algorithm).toUpperCase() !== "HMAC") throw notSupported();
      const k = usable(key, "sign");
      return toArrayBuffer(hmac(k, bytesOf(data, "sign", "3rd")));
    });
  }

  verify(algorithm: AlgorithmIdentifier, key: CryptoKey, signature: BufferSource, data: BufferSource): Promise<boolean> {
    return async(() => {
      if (algorithmName(algorithm).toUpperCase() !== "HMAC") throw notSupported();
      const k = usable(key, "verify");
      const expected = hmac(k, bytesOf(data, "verify", "4th"));
      const given = bytesOf(signature, "verify", "3rd");
      if (given.length !== expected.length) return false;
      let diff = 0;
      for (let i = 0; i < given.length; i++) diff |= given[i] ^ expected[i];
      return diff === 0;
    });
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return "SubtleCrypto {}";
  }
}
Object.defineProperty(SubtleCrypto.prototype, Symbol.toStringTag, { value: "SubtleCrypto", configurable: true });

export const subtle = new SubtleCrypto(SUBTLE);
Object.defineProperty(globalThis.crypto, "subtle", { value: subtle, enumerable: true, configurable: true });
for (const [name, value] of [["SubtleCrypto", SubtleCrypto], ["CryptoKey", CryptoKey]] as const) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
export { CryptoKey, SubtleCrypto };
