// TextEncoder and TextDecoder: UTF-8 both ways, lone surrogates, BOM
// handling, fatal mode, streaming, other labels and Node's errors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message, e.code);
  }
}

const enc = new TextEncoder();
console.log(enc.encoding, enc, Object.prototype.toString.call(enc));
console.log(enc.encode("héllo €"), enc.encode(), enc.encode(""), enc.encode("😀"));
console.log(enc.encode("\ud800x"), enc.encode("a\udc00"), enc.encode(123 as any));
console.log(enc.encodeInto("h€llo", new Uint8Array(3)), enc.encodeInto("ab", new Uint8Array(8)));
const target = new Uint8Array(6);
console.log(enc.encodeInto("😀!", target), target);

const dec = new TextDecoder();
console.log(dec.encoding, dec.fatal, dec.ignoreBOM, dec);
console.log(dec.decode(enc.encode("héllo € 😀")), JSON.stringify(dec.decode()));
console.log(dec.decode(new Uint8Array([104, 105]).buffer), dec.decode(new Uint8Array([0, 104, 105, 0]).subarray(1, 3)));
console.log(JSON.stringify(dec.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))));
console.log(JSON.stringify(dec.decode(new Uint8Array([0x41, 0xff, 0xe2, 0x82, 0x42, 0xc0, 0x80, 0xed, 0xa0, 0x80]))));
const keep = new TextDecoder("utf-8", { ignoreBOM: true });
console.log(keep.ignoreBOM, JSON.stringify(keep.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).length);
const fatal = new TextDecoder("utf8", { fatal: true });
console.log(fatal.fatal, fatal.decode(new Uint8Array([0xe2, 0x82, 0xac])));
attempt("fatal invalid", () => fatal.decode(new Uint8Array([0x61, 0xff])));
attempt("fatal truncated", () => fatal.decode(new Uint8Array([0xe2, 0x82])));

// Streaming: a sequence split across chunks.
const s = new TextDecoder();
const euro = enc.encode("€€");
let out = "";
for (let i = 0; i < euro.length; i++) out += s.decode(euro.subarray(i, i + 1), { stream: true });
out += s.decode();
console.log(out, out.length);

// Labels.
console.log(new TextDecoder(" UTF8 ").encoding, new TextDecoder("utf-16le").encoding, new TextDecoder("latin1").encoding);
console.log(new TextDecoder("utf-16le").decode(new Uint8Array([0x68, 0, 0xac, 0x20])));
console.log(new TextDecoder("latin1").decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x80])));
attempt("unknown label", () => new TextDecoder("foo"));
attempt("decode a string", () => dec.decode("abc" as any));
attempt("decode an object", () => dec.decode({} as any));
attempt("bad options", () => new TextDecoder("utf-8", 5 as any));
attempt("encodeInto an array", () => enc.encodeInto("a", [] as any));
attempt("decoder this", () => TextDecoder.prototype.decode.call({}));
attempt("encoder this", () => TextEncoder.prototype.encode.call({}, "a"));
attempt("without new", () => (TextEncoder as any)());

// Round trip of every BMP code unit class.
const sample = "ASCII é ß ∑ 漢字 😀 \u0000 \u007f \u0080 \uffff";
console.log(dec.decode(enc.encode(sample)) === sample, enc.encode(sample).length);
