// node:string_decoder: StringDecoder, which turns a stream of byte chunks into text without
// splitting a character: the bytes of a character cut at a chunk's end wait for the next
// chunk (utf8; utf16le as Node: an odd byte, or a high surrogate at a chunk's end; base64 and
// base64url hold back a partial group of three bytes).
import { Buffer } from "node:buffer";

const NAMES: Record<string, string> = {
  utf8: "utf8",
  "utf-8": "utf8",
  utf16le: "utf16le",
  "utf-16le": "utf16le",
  ucs2: "utf16le",
  "ucs-2": "utf16le",
  latin1: "latin1",
  binary: "latin1",
  base64: "base64",
  base64url: "base64url",
  hex: "hex",
  ascii: "ascii",
};

/** How many bytes at the end of `b` start a UTF-8 character that is not complete. */
function utf8Incomplete(b: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const c = b[b.length - back];
    if ((c & 0xc0) === 0x80) continue;
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

export class StringDecoder {
  readonly encoding: string;
  #held: Uint8Array = new Uint8Array(0);
  // utf16le: the bytes the held unit (or surrogate pair) still needs.
  #need = 0;

  constructor(encoding?: string) {
    const name = encoding === undefined || encoding === null ? "utf8" : NAMES[String(encoding).toLowerCase()];
    if (name === undefined) throw Object.assign(new TypeError(`Unknown encoding: ${encoding}`), { code: "ERR_UNKNOWN_ENCODING" });
    this.encoding = name;
  }

  write(buf: string | ArrayBufferView): string {
    if (typeof buf === "string") return buf;
    if (!ArrayBuffer.isView(buf)) {
      const got = buf === null || buf === undefined ? String(buf) : `type ${typeof buf} (${String(buf)})`;
      throw Object.assign(new TypeError(`The "buf" argument must be an instance of Buffer, TypedArray, or DataView. Received ${got}`), {
        code: "ERR_INVALID_ARG_TYPE",
      });
    }
    const input = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    if (this.encoding === "utf16le") return this.#utf16(input);
    let bytes = input;
    if (this.#held.length > 0) {
      bytes = new Uint8Array(this.#held.length + input.length);
      bytes.set(this.#held);
      bytes.set(input, this.#held.length);
    }
    let keep = 0;
    switch (this.encoding) {
      case "utf8":
        keep = utf8Incomplete(bytes);
        break;
      case "base64":
      case "base64url":
        keep = bytes.length % 3;
        break;
    }
    this.#held = bytes.slice(bytes.length - keep);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length - keep).toString(this.encoding);
  }

  // UTF-16LE as Node decodes it: the held unit is completed first and emitted as it is; of
  // the rest, an odd last byte waits, or else a high surrogate at the end waits for its pair.
  #utf16(input: Uint8Array): string {
    let out = "";
    let i = 0;
    if (this.#need > 0) {
      const take = Math.min(this.#need, input.length);
      const held = new Uint8Array(this.#held.length + take);
      held.set(this.#held);
      held.set(input.subarray(0, take), this.#held.length);
      this.#held = held;
      this.#need -= take;
      i = take;
      if (this.#need > 0) return "";
      out = Buffer.from(held.buffer, 0, held.length).toString("utf16le");
      this.#held = new Uint8Array(0);
    }
    const rest = input.subarray(i);
    if (rest.length % 2 === 1) {
      this.#held = rest.slice(rest.length - 1);
      this.#need = 1;
      return out + Buffer.from(rest.buffer, rest.byteOffset, rest.length - 1).toString("utf16le");
    }
    const text = Buffer.from(rest.buffer, rest.byteOffset, rest.length).toString("utf16le");
    const last = text.charCodeAt(text.length - 1);
    if (text.length > 0 && last >= 0xd800 && last <= 0xdbff) {
      this.#held = rest.slice(rest.length - 2);
      this.#need = 2;
      return out + text.slice(0, -1);
    }
    return out + text;
  }

  end(buf?: string | ArrayBufferView): string {
    const text = buf === undefined ? "" : this.write(buf);
    const held = this.#held;
    this.#held = new Uint8Array(0);
    this.#need = 0;
    if (held.length === 0) return text;
    if (this.encoding === "utf8") return text + "\ufffd";
    return text + Buffer.from(held.buffer, held.byteOffset, held.length).toString(this.encoding);
  }

  text(buf: ArrayBufferView, offset: number): string {
    return this.write(new Uint8Array(buf.buffer, buf.byteOffset + offset, buf.byteLength - offset));
  }
}

export default { StringDecoder };
