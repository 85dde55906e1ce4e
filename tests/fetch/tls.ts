// HTTPS (the test's CA given by NODE_EXTRA_CA_CERTS): Perry speaks HTTP/2 here, Node HTTP/1.1;
// nothing printed depends on which (statusText is empty over HTTP/2, so it is not printed).
const PORT = process.env.HTTPS_PORT!;
const BASE = `https://127.0.0.1:${PORT}`;
const show = (s: string) => s.replaceAll(PORT, "PORT");

const t = await fetch(BASE + "/text");
console.log(t.status, t.ok, show(t.url), t.headers.get("content-type"), await t.text());
console.log(await (await fetch(`https://localhost:${PORT}/json`)).json());
const e = await (await fetch(BASE + "/echo", { method: "POST", body: JSON.stringify({ over: "tls" }), headers: { "x-one": "1" } })).json();
console.log(e.method, e.body, e.length, e.headers.filter(([n]: string[]) => n === "x-one" || n === "accept-encoding"));
const r = await fetch(BASE + "/redirect?to=/text");
console.log(r.redirected, show(r.url), await r.text());
const gz = await fetch(BASE + "/br?n=1000");
console.log((await gz.text()).length);
const big = new Uint8Array(await (await fetch(BASE + `/big?n=${process.env.FETCH_SMALL ? 4 : 64}`)).arrayBuffer());
let ok = true;
for (let i = 0; i < big.length; i++) if (big[i] !== i % 251) ok = false;
console.log("big body intact:", ok, big.length > 0);
const all = await Promise.all([1, 2, 3, 4, 5].map((i) => fetch(`${BASE}/echo?i=${i}`).then((r) => r.json())));
console.log(all.map((x) => x.url).join(" "));
