// crypto.subtle as JWTs and signed cookies use it: digests and HMAC keys.
const enc = new TextEncoder();
const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

for (const alg of ["SHA-1", "SHA-256", "SHA-384", "SHA-512", "sha-256"]) {
  const d = await crypto.subtle.digest(alg, enc.encode("abc"));
  console.log(alg, d instanceof ArrayBuffer, d.byteLength, hex(d));
}
console.log(hex(await crypto.subtle.digest({ name: "SHA-256" }, new DataView(enc.encode("xabcx").buffer, 1, 3))));
console.log(hex(await crypto.subtle.digest("SHA-256", new ArrayBuffer(0))));

const key = await crypto.subtle.importKey("raw", enc.encode("secret"), { name: "HMAC", hash: "SHA-256" }, false, ["verify", "sign"]);
console.log(key.algorithm, key.usages, key.type, key.extractable, Object.prototype.toString.call(key), key instanceof CryptoKey);
const sig = await crypto.subtle.sign("HMAC", key, enc.encode("data"));
console.log(hex(sig));
console.log(await crypto.subtle.verify("HMAC", key, sig, enc.encode("data")), await crypto.subtle.verify({ name: "HMAC" }, key, sig, enc.encode("datb")));
console.log(await crypto.subtle.verify("HMAC", key, sig.slice(1), enc.encode("data")));

// A JWT (HS256), signed and checked as jose does it.
const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const header = b64url(enc.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
const payload = b64url(enc.encode(JSON.stringify({ sub: "1234567890", name: "John Doe", iat: 1516239022 })));
const jwtKey = await crypto.subtle.importKey("raw", enc.encode("your-256-bit-secret"), { name: "HMAC", hash: { name: "SHA-256" } }, false, ["sign"]);
const jwtSig = b64url(new Uint8Array(await crypto.subtle.sign("HMAC", jwtKey, enc.encode(`${header}.${payload}`))));
console.log(`${header}.${payload}.${jwtSig}`);

for (const f of [
  () => crypto.subtle.digest("MD5", enc.encode("x")),
  () => crypto.subtle.digest("SHA-256", "x" as any),
  () => crypto.subtle.importKey("raw", enc.encode("s"), { name: "HMAC", hash: "SHA-256" }, false, []),
  () => crypto.subtle.importKey("raw", enc.encode("s"), { name: "HMAC", hash: "SHA-256" }, false, ["encrypt"]),
  () => crypto.subtle.importKey("raw", enc.encode("s"), { name: "HMAC" } as any, false, ["sign"]),
  () => crypto.subtle.exportKey("raw", key),
  async () => crypto.subtle.sign("HMAC", await crypto.subtle.importKey("raw", enc.encode("s"), { name: "HMAC", hash: "SHA-256" }, true, ["verify"]), enc.encode("x")),
]) {
  try {
    const r = await f();
    console.log("ok", r);
  } catch (e: any) {
    console.log(e.name, e.code, e.message);
  }
}

const k2 = await crypto.subtle.importKey("raw", enc.encode("s"), { name: "HMAC", hash: { name: "SHA-512" } }, true, ["sign"]);
console.log(k2.algorithm, new TextDecoder().decode(await crypto.subtle.exportKey("raw", k2) as ArrayBuffer), await crypto.subtle.exportKey("jwk", k2));
const g = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-384" }, true, ["sign", "verify"]);
console.log(g.algorithm, ((await crypto.subtle.exportKey("raw", g)) as ArrayBuffer).byteLength);
const j = await crypto.subtle.importKey("jwk", { kty: "oct", k: "c2VjcmV0", alg: "HS256" }, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
console.log(j.algorithm, hex(await crypto.subtle.sign("HMAC", j, enc.encode("data"))) === hex(sig));
console.log(typeof SubtleCrypto, typeof CryptoKey, Object.prototype.toString.call(crypto.subtle));
