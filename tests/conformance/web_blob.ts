// Blob and File as Node 20 has them, and as bodies of Request and Response.
const b = new Blob(["héllo", new Uint8Array([33, 34]), new Blob(["x"])], { type: "Text/Plain" });
console.log(b, b.size, b.type, Object.prototype.toString.call(b), Object.getOwnPropertyNames(Blob.prototype));
console.log(await b.text(), new Uint8Array(await b.arrayBuffer()).length, (await b.bytes()).join());
const s = b.slice(1, -1, "A/B");
console.log(s, await s.text(), b.slice(-3).size, b.slice(10, 2).size, b.slice(2).type, b.slice(undefined, 3).size);
console.log(JSON.stringify(new Blob([], { type: "a\u0100b" }).type), new Blob().size, new Blob(["a"], { type: "x y" }).type);
for (const f of [() => new Blob("abc" as any), () => new Blob(5 as any), () => new Blob({} as any), () => new (File as any)(["a"]), () => (Blob as any)()]) {
  try {
    console.log(f());
  } catch (e: any) {
    console.log(e.name, e.code, e.message);
  }
}
await Blob.prototype.text.call({}).catch((e: any) => console.log("rejects:", e.name, e.code, e.message));
const f = new File(["abc"], "a.txt", { type: "text/plain", lastModified: 1700000000000 });
console.log(f, f.name, f.lastModified, f.size, f instanceof Blob, f instanceof File, Object.prototype.toString.call(f), Object.getOwnPropertyNames(File.prototype));
console.log(typeof new File([], "x").lastModified, new File([], 5 as any).name, Object.getPrototypeOf(File) === Blob);
console.log(await new File([f, "!"], "b").text(), new Blob([new ArrayBuffer(3)]).size, new Blob([new DataView(new ArrayBuffer(4), 1, 2)]).size);

// Bodies: a Blob's type becomes the Content-Type; blob() reads one back.
const r = new Response(b);
console.log(r.headers.get("content-type"), await r.text());
const r2 = new Response(new Blob(["q"]));
console.log(r2.headers.get("content-type"), await r2.text());
const bl = await new Response("hey", { headers: { "content-type": "text/x" } }).blob();
console.log(bl, await bl.text());
const none = await new Response(null).blob();
console.log(none.size, JSON.stringify(none.type));
const rq = new Request("http://x/", { method: "POST", body: f });
console.log(rq.headers.get("content-type"), await rq.text());
const rq2 = new Request("http://x/", { method: "PUT", body: "data" });
const rb = await rq2.blob();
console.log(rb.type, rb.size, rq2.bodyUsed);
console.log(await new Blob(["\ufeffabc"]).text());
