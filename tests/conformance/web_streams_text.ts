// TextEncoderStream and TextDecoderStream: chunks split inside multi-byte sequences and surrogate
// pairs, a dangling high surrogate at the end, BOM, fatal decoding, labels and inspection.

function say(...a: unknown[]) {
  console.log(...a);
}

async function collect<T>(rs: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of rs) out.push(x);
  return out;
}

async function encoder() {
  say("-- TextEncoderStream");
  const es = new TextEncoderStream();
  say(es, es.encoding);
  const w = es.writable.getWriter();
  const out = collect(es.readable);
  w.write("héllo ");
  w.write("\ud83d");
  w.write("\ude00 ok ");
  w.write("\udc00");
  w.write(42 as any);
  w.write("\ud800");
  w.close();
  say((await out).map((u) => Array.from(u as Uint8Array).join(" ")));
}

async function decoder() {
  say("-- TextDecoderStream");
  const ds = new TextDecoderStream();
  say(ds, ds.encoding, ds.fatal, ds.ignoreBOM);
  const w = ds.writable.getWriter();
  const out = collect(ds.readable);
  const bytes = new TextEncoder().encode("\ufeffgrüße 🙂 end");
  for (let i = 0; i < bytes.length; i += 3) w.write(bytes.subarray(i, i + 3));
  w.write(new Uint8Array([0xe2, 0x82]));
  w.close();
  say(await out);

  const latin = new TextDecoderStream("latin1");
  say(latin.encoding);
  const lw = latin.writable.getWriter();
  const lout = collect(latin.readable);
  lw.write(new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
  lw.close();
  say(await lout);

  const fatal = new TextDecoderStream("utf-8", { fatal: true, ignoreBOM: true });
  say(fatal.fatal, fatal.ignoreBOM);
  const fw = fatal.writable.getWriter();
  const fr = fatal.readable.getReader();
  const read = fr.read().catch((e) => say("fatal read:", e.name, e.code));
  await fw.write(new Uint8Array([0xff])).catch((e) => say("fatal write:", e.name));
  await read;

  const u16 = new TextDecoderStream("utf-16le");
  const uw = u16.writable.getWriter();
  const uout = collect(u16.readable);
  uw.write(new Uint8Array([0x68, 0x00, 0x69]));
  uw.write(new Uint8Array([0x00]));
  uw.close();
  say(u16.encoding, await uout);
}

async function roundTrip() {
  say("-- round trip through pipeThrough");
  const text = ["Streams ", "über ", "alles ", "✓"];
  const result = await collect(ReadableStream.from(text).pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream()));
  say(result.join(""));
  try {
    new TextDecoderStream("no-such-encoding");
  } catch (e) {
    say((e as any).name, (e as any).code);
  }
}

await encoder();
await decoder();
await roundTrip();
