// node:buffer: Buffer, a Uint8Array subclass with Node's encodings (utf8, hex, base64,
// base64url, latin1/binary, ascii, utf16le/ucs2), written after Node's documentation. It is
// also the global `Buffer`: the module graph evaluates this module first when some module's
// source names `Buffer` (`modules::Graph::finish`). Not implemented: `Blob`/`File` here,
// `transcode`, `SlowBuffer`, and the pooling of `allocUnsafe` (every Buffer has its own memory).

type Encoding = "utf8" | "hex" | "base64" | "base64url" | "latin1" | "ascii" | "utf16le";

function invalidArg(name: string, expected: string, v: unknown): TypeError {
  let got: string;
  if (v === null || v === undefined) got = String(v);
  else if (typeof v === "object" || typeof v === "function") got = `an instance of ${(v as any).constructor?.name ?? "Object"}`;
  else got = `type ${typeof v} (${typeof v === "string" ? `'${v}'` : String(v)})`;
  const what = name.endsWith(" argument") ? name : `"${name}" argument`;
  const e = new TypeError(`The ${what} must be ${expected}. Received ${got}`);
  (e as any).code = "ERR_INVALID_ARG_TYPE";
  return e;
}

function encodingOf(e: unknown): Encoding | undefined {
  if (e === undefined || e === null) return "utf8";
  switch (String(e).toLowerCase()) {
    case "utf8":
    case "utf-8":
      return "utf8";
    case "hex":
      return "hex";
    case "base64":
      return "base64";
    case "base64url":
      return "base64url";
    case "latin1":
    case "binary":
      return "latin1";
    case "ascii":
      return "ascii";
    case "ucs2":
    case "ucs-2":
    case "utf16le":
    case "utf-16le":
      return "utf16le";
  }
  return undefined;
}

function encoding(e: unknown): Encoding {
  const enc = encodingOf(e);
  if (enc === undefined) {
    const err = new TypeError(`Unknown encoding: ${String(e)}`);
    (err as any).code = "ERR_UNKNOWN_ENCODING";
    throw err;
  }
  return enc;
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;
B64_VALUE["-".charCodeAt(0)] = 62;
B64_VALUE["_".charCodeAt(0)] = 63;
const HEX = "0123456789abcdef";

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

// The bytes of `s` in `enc`.
function encode(s: string, enc: Encoding): Uint8Array {
  switch (enc) {
    case "utf8":
      return utf8Encoder.encode(s);
    case "hex": {
      // Pairs of hex digits up to the first that is not one (as Node).
      const out = new Uint8Array(s.length >>> 1);
      let n = 0;
      for (; n < out.length; n++) {
        const hi = hexValue(s.charCodeAt(2 * n));
        const lo = hexValue(s.charCodeAt(2 * n + 1));
        if (hi < 0 || lo < 0) break;
        out[n] = (hi << 4) | lo;
      }
      return n === out.length ? out : out.slice(0, n);
    }
    case "base64":
    case "base64url": {
      // Either alphabet; whitespace and other characters skipped; padding optional.
      const out = new Uint8Array(((s.length + 3) >>> 2) * 3);
      let n = 0;
      let acc = 0;
      let bits = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 61) break;
        const v = c < 128 ? B64_VALUE[c] : -1;
        if (v < 0) continue;
        acc = (acc << 6) | v;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          out[n++] = (acc >>> bits) & 0xff;
        }
      }
      return out.slice(0, n);
    }
    case "latin1":
    case "ascii": {
      const out = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
      return out;
    }
    case "utf16le": {
      const out = new Uint8Array(s.length * 2);
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        out[2 * i] = c & 0xff;
        out[2 * i + 1] = c >>> 8;
      }
      return out;
    }
  }
}

// `bytes` as text in `enc`.
function decode(bytes: Uint8Array, enc: Encoding): string {
  switch (enc) {
    case "utf8":
      return utf8Decoder.decode(bytes);
    case "hex": {
      let s = "";
      for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] >>> 4] + HEX[bytes[i] & 15];
      return s;
    }
    case "base64":
    case "base64url": {
      const abc = enc === "base64" ? B64 : B64URL;
      let s = "";
      let i = 0;
      for (; i + 2 < bytes.length; i += 3) {
        const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        s += abc[v >>> 18] + abc[(v >>> 12) & 63] + abc[(v >>> 6) & 63] + abc[v & 63];
      }
      const rest = bytes.length - i;
      if (rest === 1) {
        const v = bytes[i] << 16;
        s += abc[v >>> 18] + abc[(v >>> 12) & 63] + (enc === "base64" ? "==" : "");
      } else if (rest === 2) {
        const v = (bytes[i] << 16) | (bytes[i + 1] << 8);
        s += abc[v >>> 18] + abc[(v >>> 12) & 63] + abc[(v >>> 6) & 63] + (enc === "base64" ? "=" : "");
      }
      return s;
    }
    case "latin1": {
      let s = "";
      for (let i = 0; i < bytes.length; i += 4096) s += String.fromCharCode(...bytes.subarray(i, i + 4096));
      return s;
    }
    case "ascii": {
      let s = "";
      for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i] & 0x7f);
      return s;
    }
    case "utf16le": {
      let s = "";
      for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
      return s;
    }
  }
}

function clampIndex(v: unknown, len: number, dflt: number): number {
  if (v === undefined) return dflt;
  let n = Math.trunc(Number(v));
  if (Number.isNaN(n)) n = 0;
  if (n < 0) return 0;
  return n > len ? len : n;
}

function checkOffset(buf: Uint8Array, offset: unknown, width: number): number {
  const o = offset === undefined ? 0 : offset;
  if (typeof o !== "number") throw invalidArg("offset", "of type number", o);
  if (Number.isInteger(o) && o >= 0 && o + width <= buf.length) return o;
  let e: RangeError;
  if (buf.length < width) {
    e = new RangeError("Attempt to access memory outside buffer bounds");
    (e as any).code = "ERR_BUFFER_OUT_OF_BOUNDS";
  } else {
    const range = Number.isInteger(o) ? `>= 0 and <= ${buf.length - width}` : "an integer";
    e = new RangeError(`The value of "offset" is out of range. It must be ${range}. Received ${o}`);
    (e as any).code = "ERR_OUT_OF_RANGE";
  }
  throw e;
}

function view(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

class BufferClass extends Uint8Array {
  static from(value: any, encodingOrOffset?: any, length?: number): Buffer {
    if (typeof value === "string") return fromBytes(encode(value, encoding(encodingOrOffset)));
    if (value instanceof ArrayBuffer || Object.prototype.toString.call(value) === "[object SharedArrayBuffer]") {
      const offset = encodingOrOffset === undefined ? 0 : Number(encodingOrOffset);
      const len = length === undefined ? value.byteLength - offset : length;
      if (offset > value.byteLength) {
        const e = new RangeError('"offset" is outside of buffer bounds');
        (e as any).code = "ERR_BUFFER_OUT_OF_BOUNDS";
        throw e;
      }
      return new BufferClass(value, offset, len);
    }
    if (ArrayBuffer.isView(value)) {
      const src = value as unknown as ArrayLike<number>;
      const out = new BufferClass(src.length);
      for (let i = 0; i < src.length; i++) out[i] = Number(src[i]) & 0xff;
      return out;
    }
    if (value !== null && typeof value === "object") {
      if (value.type === "Buffer" && Array.isArray(value.data)) return BufferClass.from(value.data);
      if (typeof value.length === "number" || Array.isArray(value)) {
        const out = new BufferClass(value.length >>> 0);
        for (let i = 0; i < out.length; i++) out[i] = Number(value[i]) & 0xff;
        return out;
      }
      const prim = typeof value[Symbol.toPrimitive] === "function" ? value[Symbol.toPrimitive]("string") : value.valueOf();
      if (prim !== value && (typeof prim === "string" || typeof prim === "object")) return BufferClass.from(prim, encodingOrOffset, length);
    }
    throw fromError(value);
  }

  static alloc(size: number, fill?: any, enc?: string): Buffer {
    checkSize(size);
    const b = new BufferClass(size);
    if (fill !== undefined && fill !== 0 && size > 0) b.fill(fill, 0, size, enc);
    return b;
  }

  static allocUnsafe(size: number): Buffer {
    checkSize(size);
    return new BufferClass(size);
  }

  static allocUnsafeSlow(size: number): Buffer {
    checkSize(size);
    return new BufferClass(size);
  }

  static byteLength(value: any, enc?: string): number {
    if (typeof value === "string") return encode(value, encodingOf(enc) ?? "utf8").length;
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
    throw invalidArg("string", "of type string or an instance of Buffer or ArrayBuffer", value);
  }

  static concat(list: readonly Uint8Array[], totalLength?: number): Buffer {
    if (!Array.isArray(list)) throw invalidArg("list", "an instance of Array", list);
    const total = totalLength === undefined ? list.reduce((n, b) => n + b.length, 0) : totalLength;
    const out = BufferClass.alloc(total);
    let at = 0;
    for (let i = 0; i < list.length && at < total; i++) {
      const b = list[i];
      if (!(b instanceof Uint8Array)) throw invalidArg(`list[${i}]`, "an instance of Buffer or Uint8Array", b);
      const part = b.length > total - at ? b.subarray(0, total - at) : b;
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  static isBuffer(b: unknown): b is Buffer {
    return b instanceof BufferClass;
  }

  static isEncoding(e: unknown): boolean {
    return typeof e === "string" && e.length > 0 && encodingOf(e) !== undefined;
  }

  static compare(a: Uint8Array, b: Uint8Array): number {
    if (!(a instanceof Uint8Array)) throw invalidArg("buf1", "an instance of Buffer or Uint8Array", a);
    if (!(b instanceof Uint8Array)) throw invalidArg("buf2", "an instance of Buffer or Uint8Array", b);
    return compareBytes(a, 0, a.length, b, 0, b.length);
  }

  toString(enc?: string, start?: number, end?: number): string {
    const s = clampIndex(start, this.length, 0);
    const e = clampIndex(end, this.length, this.length);
    if (e <= s) return "";
    return decode(s === 0 && e === this.length ? this : this.subarray(s, e), encoding(enc));
  }

  toLocaleString(enc?: string, start?: number, end?: number): string {
    return this.toString(enc, start, end);
  }

  toJSON(): { type: "Buffer"; data: number[] } {
    return { type: "Buffer", data: Array.from(this) };
  }

  equals(other: Uint8Array): boolean {
    if (!(other instanceof Uint8Array)) throw invalidArg("otherBuffer", "an instance of Buffer or Uint8Array", other);
    return compareBytes(this, 0, this.length, other, 0, other.length) === 0;
  }

  compare(target: Uint8Array, targetStart = 0, targetEnd = target.length, sourceStart = 0, sourceEnd = this.length): number {
    if (!(target instanceof Uint8Array)) throw invalidArg("target", "an instance of Buffer or Uint8Array", target);
    return compareBytes(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
  }

  write(s: string, offset?: any, length?: any, enc?: string): number {
    if (typeof s !== "string") throw invalidArg("string", "of type string", s);
    if (typeof offset === "string") {
      enc = offset;
      offset = 0;
      length = undefined;
    } else if (typeof length === "string") {
      enc = length;
      length = undefined;
    }
    const at = offset === undefined ? 0 : offset;
    const room = this.length - at;
    const max = length === undefined ? room : Math.min(room, length);
    let bytes = encode(s, encoding(enc));
    if (bytes.length > max) {
      bytes = bytes.subarray(0, max);
      // A UTF-8 sequence cut in the middle is not written.
      if (encodingOf(enc) === "utf8") {
        let end = bytes.length;
        let i = end - 1;
        while (i >= 0 && (bytes[i] & 0xc0) === 0x80) i--;
        if (i >= 0) {
          const lead = bytes[i];
          const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
          if (end - i < need) end = i;
        }
        bytes = bytes.subarray(0, end);
      }
    }
    this.set(bytes, at);
    return bytes.length;
  }

  fill(value: any, offset?: any, end?: any, enc?: string): this {
    if (typeof offset === "string") {
      enc = offset;
      offset = 0;
      end = this.length;
    } else if (typeof end === "string") {
      enc = end;
      end = this.length;
    }
    const s = clampIndex(offset, this.length, 0);
    const e = clampIndex(end, this.length, this.length);
    let pattern: Uint8Array;
    if (typeof value === "string") pattern = encode(value, encoding(enc));
    else if (value instanceof Uint8Array) pattern = value;
    else {
      super.fill(Number(value) & 0xff, s, e);
      return this;
    }
    if (pattern.length === 0) {
      super.fill(0, s, e);
      return this;
    }
    for (let i = s; i < e; i++) this[i] = pattern[(i - s) % pattern.length];
    return this;
  }

  indexOf(value: any, byteOffset?: any, enc?: string): number {
    return search(this, value, byteOffset, enc, false);
  }

  lastIndexOf(value: any, byteOffset?: any, enc?: string): number {
    return search(this, value, byteOffset, enc, true);
  }

  includes(value: any, byteOffset?: any, enc?: string): boolean {
    return this.indexOf(value, byteOffset, enc) !== -1;
  }

  copy(target: Uint8Array, targetStart = 0, sourceStart = 0, sourceEnd = this.length): number {
    if (!(target instanceof Uint8Array)) throw invalidArg("target", "an instance of Buffer or Uint8Array", target);
    const end = Math.min(sourceEnd, this.length);
    if (targetStart >= target.length || sourceStart >= end) return 0;
    const n = Math.min(end - sourceStart, target.length - targetStart);
    target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
    return n;
  }

  // Node's Buffer#slice shares memory (as subarray), unlike Uint8Array#slice.
  slice(start?: number, end?: number): Buffer {
    return this.subarray(start, end) as Buffer;
  }

  readUInt8(offset?: number): number {
    return this[checkOffset(this, offset, 1)];
  }
  readInt8(offset?: number): number {
    return view(this).getInt8(checkOffset(this, offset, 1));
  }
  readUInt16LE(offset?: number): number {
    return view(this).getUint16(checkOffset(this, offset, 2), true);
  }
  readUInt16BE(offset?: number): number {
    return view(this).getUint16(checkOffset(this, offset, 2), false);
  }
  readInt16LE(offset?: number): number {
    return view(this).getInt16(checkOffset(this, offset, 2), true);
  }
  readInt16BE(offset?: number): number {
    return view(this).getInt16(checkOffset(this, offset, 2), false);
  }
  readUInt32LE(offset?: number): number {
    return view(this).getUint32(checkOffset(this, offset, 4), true);
  }
  readUInt32BE(offset?: number): number {
    return view(this).getUint32(checkOffset(this, offset, 4), false);
  }
  readInt32LE(offset?: number): number {
    return view(this).getInt32(checkOffset(this, offset, 4), true);
  }
  readInt32BE(offset?: number): number {
    return view(this).getInt32(checkOffset(this, offset, 4), false);
  }
  readFloatLE(offset?: number): number {
    return view(this).getFloat32(checkOffset(this, offset, 4), true);
  }
  readFloatBE(offset?: number): number {
    return view(this).getFloat32(checkOffset(this, offset, 4), false);
  }
  readDoubleLE(offset?: number): number {
    return view(this).getFloat64(checkOffset(this, offset, 8), true);
  }
  readDoubleBE(offset?: number): number {
    return view(this).getFloat64(checkOffset(this, offset, 8), false);
  }
  readBigUInt64LE(offset?: number): bigint {
    return view(this).getBigUint64(checkOffset(this, offset, 8), true);
  }
  readBigUInt64BE(offset?: number): bigint {
    return view(this).getBigUint64(checkOffset(this, offset, 8), false);
  }
  readBigInt64LE(offset?: number): bigint {
    return view(this).getBigInt64(checkOffset(this, offset, 8), true);
  }
  readBigInt64BE(offset?: number): bigint {
    return view(this).getBigInt64(checkOffset(this, offset, 8), false);
  }

  writeUInt8(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 1);
    this[o] = value;
    return o + 1;
  }
  writeInt8(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 1);
    view(this).setInt8(o, value);
    return o + 1;
  }
  writeUInt16LE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 2);
    view(this).setUint16(o, value, true);
    return o + 2;
  }
  writeUInt16BE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 2);
    view(this).setUint16(o, value, false);
    return o + 2;
  }
  writeInt16LE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 2);
    view(this).setInt16(o, value, true);
    return o + 2;
  }
  writeInt16BE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 2);
    view(this).setInt16(o, value, false);
    return o + 2;
  }
  writeUInt32LE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setUint32(o, value, true);
    return o + 4;
  }
  writeUInt32BE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setUint32(o, value, false);
    return o + 4;
  }
  writeInt32LE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setInt32(o, value, true);
    return o + 4;
  }
  writeInt32BE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setInt32(o, value, false);
    return o + 4;
  }
  writeFloatLE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setFloat32(o, value, true);
    return o + 4;
  }
  writeFloatBE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 4);
    view(this).setFloat32(o, value, false);
    return o + 4;
  }
  writeDoubleLE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setFloat64(o, value, true);
    return o + 8;
  }
  writeDoubleBE(value: number, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setFloat64(o, value, false);
    return o + 8;
  }
  writeBigUInt64LE(value: bigint, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setBigUint64(o, value, true);
    return o + 8;
  }
  writeBigUInt64BE(value: bigint, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setBigUint64(o, value, false);
    return o + 8;
  }
  writeBigInt64LE(value: bigint, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setBigInt64(o, value, true);
    return o + 8;
  }
  writeBigInt64BE(value: bigint, offset?: number): number {
    const o = checkOffset(this, offset, 8);
    view(this).setBigInt64(o, value, false);
    return o + 8;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    const n = Math.min(this.length, INSPECT_MAX_BYTES);
    let s = "<Buffer";
    for (let i = 0; i < n; i++) s += " " + HEX[this[i] >>> 4] + HEX[this[i] & 15];
    if (this.length > n) s += ` ... ${this.length - n} more byte${this.length - n > 1 ? "s" : ""}`;
    return s + ">";
  }
}

// Node's lower-case aliases of the unsigned readers and writers.
const aliases: [string, string][] = [
  ["readUint8", "readUInt8"], ["readUint16LE", "readUInt16LE"], ["readUint16BE", "readUInt16BE"], ["readUint32LE", "readUInt32LE"],
  ["readUint32BE", "readUInt32BE"], ["readBigUint64LE", "readBigUInt64LE"], ["readBigUint64BE", "readBigUInt64BE"],
  ["writeUint8", "writeUInt8"], ["writeUint16LE", "writeUInt16LE"], ["writeUint16BE", "writeUInt16BE"], ["writeUint32LE", "writeUInt32LE"],
  ["writeUint32BE", "writeUInt32BE"], ["writeBigUint64LE", "writeBigUInt64LE"], ["writeBigUint64BE", "writeBigUInt64BE"],
];
for (const [alias, name] of aliases) {
  Object.defineProperty(BufferClass.prototype, alias, { value: (BufferClass.prototype as any)[name], writable: true, configurable: true });
}

function fromBytes(bytes: Uint8Array): Buffer {
  return new BufferClass(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function fromError(value: unknown): TypeError {
  return invalidArg("first argument", "of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object", value);
}

function checkSize(size: unknown) {
  if (typeof size !== "number") throw invalidArg("size", "of type number", size);
  if (!(size >= 0 && size <= kMaxLength)) {
    const e = new RangeError(`The value of "size" is out of range. It must be >= 0 && <= ${kMaxLength}. Received ${size}`);
    (e as any).code = "ERR_OUT_OF_RANGE";
    throw e;
  }
}

function compareBytes(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  const n = Math.min(ae - as, be - bs);
  for (let i = 0; i < n; i++) {
    if (a[as + i] !== b[bs + i]) return a[as + i] < b[bs + i] ? -1 : 1;
  }
  const la = ae - as;
  const lb = be - bs;
  return la < lb ? -1 : la > lb ? 1 : 0;
}

function search(buf: Uint8Array, value: any, byteOffset: any, enc: string | undefined, last: boolean): number {
  if (typeof byteOffset === "string") {
    enc = byteOffset;
    byteOffset = undefined;
  }
  let needle: Uint8Array;
  if (typeof value === "number") needle = new Uint8Array([value & 0xff]);
  else if (typeof value === "string") needle = encode(value, encoding(enc));
  else if (value instanceof Uint8Array) needle = value;
  else throw invalidArg("value", "one of type number or string or an instance of Buffer or Uint8Array", value);
  const len = buf.length;
  let from = byteOffset === undefined ? (last ? len : 0) : Math.trunc(Number(byteOffset)) || 0;
  if (from < 0) from += len;
  if (needle.length === 0) return last ? Math.min(Math.max(from, 0), len) : Math.min(Math.max(from, 0), len);
  if (last) {
    for (let i = Math.min(from, len - needle.length); i >= 0; i--) if (matchAt(buf, needle, i)) return i;
  } else {
    for (let i = Math.max(from, 0); i + needle.length <= len; i++) if (matchAt(buf, needle, i)) return i;
  }
  return -1;
}

function matchAt(buf: Uint8Array, needle: Uint8Array, at: number): boolean {
  for (let j = 0; j < needle.length; j++) if (buf[at + j] !== needle[j]) return false;
  return true;
}

export const INSPECT_MAX_BYTES = 50;
export const kMaxLength = 2 ** 32;
export const kStringMaxLength = 2 ** 29 - 24;
export const constants = { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength };

export function isUtf8(input: Uint8Array | ArrayBuffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(input);
    return true;
  } catch {
    return false;
  }
}

export function isAscii(input: Uint8Array | ArrayBuffer): boolean {
  const b = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  for (let i = 0; i < b.length; i++) if (b[i] > 127) return false;
  return true;
}

// `Buffer` is a function as in Node: `Buffer(x)` without `new` (deprecated, still used, as by
// safer-buffer) is `Buffer.from(x)`, or `Buffer.alloc(n)` for a number; it is also what the
// typed-array methods construct through `constructor[Symbol.species]` (`new Buffer(buffer,
// offset, length)` shares the memory).
export type Buffer = BufferClass;
export const Buffer: typeof BufferClass = function Buffer(arg: any, encodingOrOffset?: any, length?: number) {
  if (typeof arg === "number") return BufferClass.alloc(arg);
  return BufferClass.from(arg, encodingOrOffset, length);
} as any;
Object.setPrototypeOf(Buffer, Uint8Array);
for (const key of Reflect.ownKeys(BufferClass)) {
  if (key !== "prototype" && key !== "length" && key !== "name") Object.defineProperty(Buffer, key, Object.getOwnPropertyDescriptor(BufferClass, key)!);
}
Object.defineProperty(Buffer, "prototype", { value: BufferClass.prototype, writable: false });
Object.defineProperty(BufferClass.prototype, "constructor", { value: Buffer, writable: true, configurable: true });

Object.defineProperty(globalThis, "Buffer", { value: Buffer, writable: true, configurable: true, enumerable: false });

export default { Buffer, INSPECT_MAX_BYTES, kMaxLength, kStringMaxLength, constants, isUtf8, isAscii };
