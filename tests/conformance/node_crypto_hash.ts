// node:crypto's message digests and HMACs, and its random functions' shapes.
import { createHash, createHmac, hash, randomUUID, randomInt, randomFillSync } from "node:crypto";
import * as crypto from "crypto";

for (const alg of ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "SHA256", "RSA-SHA1"]) {
  console.log(alg, createHash(alg).update("héllo wörld ✓").digest("hex"));
}
const h = createHash("sha256");
h.update("a").update("b", "utf8").update(new Uint8Array([99, 100]));
console.log(h.digest("base64"));
console.log(createHash("sha1").update("ff00ff", "hex").digest("base64url"), createHash("md5").update("aGVsbG8=", "base64").digest("hex"));
console.log(createHmac("sha256", "Jefe").update("what do ya want for nothing?").digest("hex"));
console.log(createHmac("sha512", new Uint8Array([1, 2, 3])).update("x").digest("base64"));
console.log(hash("sha1", "abc"), hash("md5", "abc", "base64"));
const d = createHash("sha256").update("bytes").digest();
console.log(d.length, d[0], d instanceof Uint8Array);
const copy = createHash("sha256").update("part1");
const c2 = copy.copy().update("part2");
console.log(copy.digest("hex") !== c2.digest("hex"));
try { h.digest("hex"); } catch (e: any) { console.log(e.code, e.message); }
try { createHash("whirlpool-9000"); } catch (e: any) { console.log(e.message); }
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(randomUUID()));
let inRange = true;
for (let i = 0; i < 200; i++) { const n = randomInt(3, 9); inRange &&= n >= 3 && n < 9 && Number.isInteger(n); }
console.log(inRange, randomFillSync(new Uint8Array(16)).length, typeof crypto.createHash, crypto.createHash("md5").update("").digest("hex"));
