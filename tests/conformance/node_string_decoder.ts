// node:string_decoder: characters split across chunks wait for their remaining bytes; and
// node:crypto's randomBytes, timingSafeEqual and Buffer digests.
import { StringDecoder } from "node:string_decoder";
import { randomBytes, timingSafeEqual, createHash } from "node:crypto";

const euro = Buffer.from("€");
const d = new StringDecoder("utf8");
console.log(JSON.stringify(d.write(euro.subarray(0, 1))), JSON.stringify(d.write(euro.subarray(1, 2))), JSON.stringify(d.write(euro.subarray(2))), d.encoding);
const emoji = Buffer.from("a😀b");
const parts = [emoji.subarray(0, 2), emoji.subarray(2, 4), emoji.subarray(4)];
const d2 = new StringDecoder();
console.log(parts.map((p) => JSON.stringify(d2.write(p))).join(" "), JSON.stringify(d2.end()));
const d3 = new StringDecoder("utf-8");
console.log(JSON.stringify(d3.write(Buffer.from([0xe2, 0x82]))), JSON.stringify(d3.end()), JSON.stringify(d3.end(Buffer.from("ok"))));
const u16 = Buffer.from("h😀", "utf16le");
const d4 = new StringDecoder("ucs2");
console.log(JSON.stringify(d4.write(u16.subarray(0, 3))), JSON.stringify(d4.write(u16.subarray(3, 4))), JSON.stringify(d4.write(u16.subarray(4))), d4.encoding);
const d5 = new StringDecoder("base64");
console.log(d5.write(Buffer.from("hell")), d5.write(Buffer.from("o")), d5.end(), new StringDecoder("hex").write(Buffer.from([1, 255])), new StringDecoder("binary").encoding);
try { new StringDecoder("nope"); } catch (e: any) { console.log(e.name, e.code, e.message); }

const r = randomBytes(16);
console.log(r.length, Buffer.isBuffer(r), randomBytes(0).length);
randomBytes(4, (err, buf) => console.log("async", err, buf.length));
console.log(timingSafeEqual(Buffer.from("abc"), Buffer.from("abc")), timingSafeEqual(Buffer.from("abc"), Buffer.from("abd")));
try { timingSafeEqual(Buffer.from("a"), Buffer.from("ab")); } catch (e: any) { console.log(e.name, e.code, e.message); }
console.log(createHash("sha256").update("x").digest(), Buffer.isBuffer(createHash("md5").update("").digest()));
