// node:buffer and the global Buffer: encodings both ways, from/alloc/concat/compare,
// reading and writing numbers, search, slices sharing memory, JSON and inspection.
import { Buffer as B2, constants, isUtf8 } from "node:buffer";

const text = "héllo wörld €𝄞";
for (const enc of ["utf8", "hex", "base64", "base64url", "latin1", "binary", "ascii", "utf16le", "ucs2"] as const) {
  const b = Buffer.from(text, enc);
  console.log(enc, b.length, b.toString(enc), JSON.stringify(Buffer.from(b.toString(enc), enc).toString("hex")));
}
console.log(Buffer.from("aGVsbG8gd29ybGQ", "base64").toString(), Buffer.from("aGV sbG8=\n", "base64").toString(), Buffer.from("a-_b", "base64").toString("hex"));
console.log(Buffer.from("abzz12", "hex").toString("hex"), Buffer.from("0", "hex").length, Buffer.byteLength("€uro"), Buffer.byteLength("abc", "base64"));
const a = Buffer.from([1, 2, 300, -1]);
console.log(a, a.toJSON(), Buffer.from(a.toJSON()).equals(a), Buffer.isBuffer(a), Buffer.isBuffer(new Uint8Array(1)), B2 === Buffer);
console.log(Buffer.alloc(5, "ab"), Buffer.alloc(3), Buffer.alloc(4, 7), Buffer.allocUnsafe(2).length, Buffer.concat([Buffer.from("ab"), Buffer.from("cd")]).toString(), Buffer.concat([Buffer.from("abc")], 2).toString());
console.log(Buffer.compare(Buffer.from("a"), Buffer.from("b")), Buffer.from("b").compare(Buffer.from("a")), [Buffer.from("c"), Buffer.from("a")].sort(Buffer.compare).map(String));
const n = Buffer.alloc(16);
n.writeUInt32BE(0xdeadbeef, 0);
n.writeInt16LE(-2, 4);
n.writeDoubleLE(1.5, 8);
console.log(n.readUInt32BE(0).toString(16), n.readInt16LE(4), n.readUInt16LE(4), n.readDoubleLE(8), n.readUInt8(0), n.readInt8(0), n.readUint32LE(0));
try { n.readUInt32LE(14); } catch (e: any) { console.log(e.name, e.code, e.message); }
const hay = Buffer.from("one two two three");
console.log(hay.indexOf("two"), hay.lastIndexOf("two"), hay.indexOf(Buffer.from("three")), hay.includes("four"), hay.indexOf(111), hay.indexOf("two", 5));
const s = hay.slice(4, 7);
s[0] = 84;
console.log(hay.toString(), s.toString(), hay.subarray(0, 3) instanceof Buffer, hay.toString("utf8", 4, 7));
const w = Buffer.alloc(6);
console.log(w.write("héllo"), w, w.write("ab", 4), w.toString(), Buffer.from("xyz").copy(w, 1), w.toString("latin1"));
console.log(Buffer.from(new Uint16Array([1, 256, 65535])), Buffer.from(new Uint8Array([5, 6]).buffer).length, Buffer.isEncoding("UTF-8"), Buffer.isEncoding("nope"));
try { Buffer.from("x", "nope" as any); } catch (e: any) { console.log(e.name, e.code, e.message); }
try { Buffer.from(5 as any); } catch (e: any) { console.log(e.name, e.code, e.message); }
console.log(constants.MAX_LENGTH > 0, isUtf8(Buffer.from("ok")), isUtf8(Buffer.from([0xff])), String(Buffer.from("str")), `${Buffer.from("tpl")}`);
// Buffer without `new` (safer-buffer), species, the constructor.
const called = (Buffer as any)("abc");
console.log(called, (Buffer as any)(3), new (Buffer as any)(2), called instanceof Buffer, called.constructor === Buffer, Buffer.name, typeof Buffer);
console.log(called.map((x: number) => x + 1), called.subarray(1) instanceof Buffer, Object.getPrototypeOf(Buffer) === Uint8Array, Buffer.prototype === Object.getPrototypeOf(called));
