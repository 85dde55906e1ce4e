// Sequential requests reuse keep-alive connections: the server answers /connection with the
// number of requests its connection has carried. (undici alternates between two connections
// for back-to-back fetches, Perry keeps one: the counts go to stderr, where
// compiler/tests/fetch.rs checks Perry's.) Concurrent requests each complete.
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
const n = process.env.FETCH_SMALL ? 12 : 200;

const counts: number[] = [];
for (let i = 0; i < n; i++) counts.push(Number(await (await fetch(BASE + "/connection")).text()));
console.log("connections reused:", Math.max(...counts) >= n / 3);
console.error("counts:", counts.join(" "));
// Bodies read by text(), arrayBuffer() and the stream all let the connection go back to the pool.
for (let i = 0; i < n; i++) {
  const r = await fetch(BASE + "/connection");
  if (i % 3 === 0) counts.push(Number(await r.text()));
  else if (i % 3 === 1) counts.push(Number(new TextDecoder().decode(await r.arrayBuffer())));
  else {
    let s = "";
    for await (const c of r.body!) s += new TextDecoder().decode(c);
    counts.push(Number(s));
  }
}
console.log("still reused:", Math.max(...counts) >= (2 * n) / 3);
console.error("counts:", counts.join(" "));
const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${BASE}/echo?i=${i}`).then((r) => r.json())));
console.log(results.map((r) => r.url).join(" "));
