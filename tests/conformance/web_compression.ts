// CompressionStream and DecompressionStream (gzip, deflate, deflate-raw), as Node 20 has them.
// Compressed bytes are compared only where every deflate encoder agrees (the headers), and
// data Node's zlib compressed is decompressed here.
const enc = new TextEncoder();
const dec = new TextDecoder();

async function collect(rs: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: number[] = [];
  for await (const c of rs) chunks.push(...c);
  return new Uint8Array(chunks);
}

function source(parts: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(typeof p === "string" ? enc.encode(p) : p);
      c.close();
    },
  });
}

const text = "The quick brown fox jumps over the lazy dog. ".repeat(20);
for (const format of ["gzip", "deflate", "deflate-raw"] as const) {
  const parts = [text.slice(0, 100), text.slice(100, 101), "", text.slice(101)];
  const compressed = await collect(source(parts).pipeThrough(new CompressionStream(format)));
  const back = await collect(new Blob([compressed]).stream().pipeThrough(new DecompressionStream(format)));
  console.log(format, compressed.length < text.length, dec.decode(back) === text, format === "deflate-raw" ? "" : Array.from(compressed.slice(0, format === "gzip" ? 4 : 1)).join(","));
}
if (true) {
  const gz = await collect(new Blob(["hello"]).stream().pipeThrough(new CompressionStream("gzip")));
  console.log("gzip mtime and OS:", Array.from(gz.slice(4, 10)).join(","));
}

// What Node's zlib made.
const fromNode: [CompressionFormat, string][] = [
  ["gzip", "H4sIAAAAAAAAAwvJSFUoLM1MzlZIKsovz1NIy69QyCrNLShWyC9LLVIoyUhVyEmsqlRIyU/XUwgZVTyqeFQxtRUDAOZKZrCEAwAA"],
  ["deflate", "eJwLyUhVKCzNTM5WSCrKL89TSMuvUMgqzS0oVsgvSy1SKMlIVchJrKpUSMlP11MIGVU8qnhUMbUVAwBHpUMc"],
  ["deflate-raw", "C8lIVSgszUzOVkgqyi/PU0jLr1DIKs0tKFbIL0stUijJSFXISayqVEjJT9dTCBlVPKp4VDG1FQMA"],
];
for (const [format, b64] of fromNode) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  // Fed a byte at a time.
  const out = await collect(source(Array.from(bytes, (b) => new Uint8Array([b]))).pipeThrough(new DecompressionStream(format)));
  console.log(format, "from Node:", dec.decode(out) === text);
}

// Errors: a bad format, data that is not the format, data cut short.
try {
  new CompressionStream("br" as any);
} catch (e: any) {
  console.log(e.name, e.code, e.message);
}
for (const [format, data] of [
  ["gzip", new Uint8Array([1, 2, 3, 4])],
  ["deflate", new Uint8Array([0x78, 0x9d, 1])],
] as const) {
  try {
    await collect(source([data]).pipeThrough(new DecompressionStream(format)));
  } catch (e: any) {
    console.log(format, e.name, e.code, e.message);
  }
}
const whole = await collect(source(["abcdef"]).pipeThrough(new CompressionStream("gzip")));
try {
  await collect(source([whole.slice(0, 10)]).pipeThrough(new DecompressionStream("gzip")));
} catch (e: any) {
  console.log("cut short:", e.name, e.code, e.message);
}
const cs = new CompressionStream("deflate");
console.log(cs, Object.prototype.toString.call(new DecompressionStream("gzip")), cs.readable instanceof ReadableStream, cs.writable instanceof WritableStream);

// Through a Response body's bytes, as a server compresses a reply.
const gzipped = await collect(new Blob([JSON.stringify({ ok: true, text })]).stream().pipeThrough(new CompressionStream("gzip")));
const res = new Response(gzipped, { headers: { "content-encoding": "gzip" } });
const body = await collect(new Blob([await res.arrayBuffer()]).stream().pipeThrough(new DecompressionStream("gzip")));
console.log(JSON.parse(dec.decode(body)).ok);
