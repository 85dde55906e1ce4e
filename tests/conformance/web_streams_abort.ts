// Streams with the Web's abort signals, and a Blob read as a stream.
const controller = new AbortController();
let pulled = 0;
const source = new ReadableStream({
  pull(c) {
    pulled++;
    c.enqueue(`chunk ${pulled}`);
    if (pulled === 3) controller.abort(new Error("stop after three"));
  },
  cancel(reason) {
    console.log("source cancelled:", (reason as Error).message);
  },
});
const written: string[] = [];
const sink = new WritableStream({
  write(chunk) {
    written.push(chunk);
  },
  abort(reason) {
    console.log("sink aborted:", (reason as Error).message);
  },
});
try {
  await source.pipeTo(sink, { signal: controller.signal });
} catch (e: any) {
  console.log("pipeTo rejected:", e.message, written.length > 0);
}

// An already-aborted signal: nothing is piped.
const early = AbortSignal.abort("no");
await new ReadableStream({ start(c) { c.enqueue(1); } })
  .pipeTo(new WritableStream({ write() { console.log("never"); } }), { signal: early })
  .catch((e) => console.log("early:", e));

// The writable controller's signal aborts when the stream is aborted.
let signal: AbortSignal | undefined;
const w = new WritableStream({
  start(c) {
    signal = c.signal;
    signal.addEventListener("abort", () => console.log("controller signal aborted:", signal!.reason));
  },
});
console.log(signal instanceof AbortSignal, signal!.aborted);
await w.abort("why");
console.log(signal!.aborted);

// Blob.stream()
const blob = new Blob(["hello ", "streams"]);
const reader = blob.stream().getReader();
let text = "";
let allBytes = true;
for (let r = await reader.read(); !r.done; r = await reader.read()) {
  allBytes &&= r.value instanceof Uint8Array;
  text += new TextDecoder().decode(r.value);
}
// (Node's Blob streams each of its parts as a chunk; Perry's, one chunk.)
console.log(text, allBytes, new Response(blob).headers.get("content-type"));
const only = await new Blob([]).stream().getReader().read();
console.log(only.done, only.value);
