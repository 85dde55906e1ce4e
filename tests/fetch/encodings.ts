// Content codings are decoded (gzip, deflate, br); the headers keep content-encoding.
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
const small = !!process.env.FETCH_SMALL;

for (const coding of ["gzip", "deflate", "br"]) {
  const r = await fetch(`${BASE}/${coding}`);
  console.log(coding, r.headers.get("content-encoding"), JSON.stringify(await r.text()));
  const n = small ? 3000 : 100000;
  const big = await fetch(`${BASE}/${coding}?n=${n}`);
  const text = await big.text();
  console.log(coding, "large:", text.length === n * 16, text === "compressed body ".repeat(n));
  const bytes = new Uint8Array(await (await fetch(`${BASE}/${coding}`)).arrayBuffer());
  console.log(coding, "bytes:", bytes.length, bytes[0]);
}
const accept = (await (await fetch(`${BASE}/echo`)).json()).headers.find(([n]: string[]) => n === "accept-encoding");
console.log("accept-encoding:", accept);
const own = (await (await fetch(`${BASE}/echo`, { headers: { "accept-encoding": "identity" } })).json()).headers.find(([n]: string[]) => n === "accept-encoding");
console.log("own accept-encoding:", own);
