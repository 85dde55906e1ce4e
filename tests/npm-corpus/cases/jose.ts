// jose: sign and verify an HS256 JWT, as its README shows (Web Crypto underneath).
import * as jose from "jose";

const secret = new TextEncoder().encode("cc7e0d44fd473002f1c42167459001140ec6389b7353f8088f4d9a95f2f596f2");
const jwt = await new jose.SignJWT({ "urn:example:claim": true })
  .setProtectedHeader({ alg: "HS256" })
  .setIssuedAt(1700000000)
  .setIssuer("urn:example:issuer")
  .setAudience("urn:example:audience")
  .setExpirationTime(4000000000)
  .sign(secret);
console.log(jwt);

const { payload, protectedHeader } = await jose.jwtVerify(jwt, secret, {
  issuer: "urn:example:issuer",
  audience: "urn:example:audience",
});
console.log(protectedHeader, payload);

try {
  await jose.jwtVerify(jwt, new TextEncoder().encode("wrong secret"));
} catch (e: any) {
  console.log(e.code, e.message);
}
console.log(jose.decodeJwt(jwt).iss, jose.decodeProtectedHeader(jwt));
console.log(jose.base64url.encode("hello"), new TextDecoder().decode(jose.base64url.decode("aGVsbG8")));
