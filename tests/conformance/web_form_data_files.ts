// FormData with File entries: every method, Blob -> File conversion, filenames, errors,
// multipart/form-data serialization (boundary masked), parsing of hand-written bodies, round
// trips and inspection, as Node 20 (undici 6) has them.
import * as util from "node:util";

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

async function show(v: unknown): Promise<string> {
  if (typeof v === "string") return JSON.stringify(v);
  if (v instanceof File) {
    const bytes = new Uint8Array(await v.arrayBuffer());
    return `File(${JSON.stringify(v.name)}, ${JSON.stringify(v.type)}, ${v.size}, ${hex(bytes)})`;
  }
  return String(v);
}

async function dump(label: string, fd: FormData) {
  const out: string[] = [];
  for (const [k, v] of fd) out.push(`${JSON.stringify(k)}=${await show(v)}`);
  console.log(label, out.length, out.join(" "));
}

function err(label: string, f: () => unknown) {
  try {
    f();
    console.log(label, "no error");
  } catch (e: any) {
    console.log(label, e.name, e.message, e.code);
  }
}

async function rejects(label: string, p: () => Promise<unknown>) {
  try {
    const v = await p();
    console.log(label, "resolved", v instanceof FormData ? "FormData" : typeof v);
  } catch (e: any) {
    console.log(label, e.name, e.message);
  }
}

const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

// --- methods ---------------------------------------------------------------
{
  const fd = new FormData();
  fd.append("a", "1");
  fd.append("b", new Blob(["hello"], { type: "Text/Plain" }));
  fd.append("a", "2");
  fd.append("c", new File(["xyz"], "c.txt", { type: "text/csv", lastModified: 42 }));
  fd.append("a", new Blob([new Uint8Array([0, 255])]), "bin.dat");
  await dump("initial", fd);
  console.log("has", fd.has("a"), fd.has("b"), fd.has("zz"));
  console.log("get", await show(fd.get("a")), await show(fd.get("b")), fd.get("zz"));
  const all = fd.getAll("a");
  console.log("getAll", all.length, (await Promise.all(all.map(show))).join(" "), fd.getAll("zz").length);
  console.log("keys", [...fd.keys()].join(","));
  console.log("values", (await Promise.all([...fd.values()].map(show))).join(" "));
  const ents = [...fd.entries()];
  console.log("entries", ents.length, ents.map((e) => e[0] + ":" + typeof e[1]).join(","));
  const seen: string[] = [];
  fd.forEach(function (this: any, v, k, p) {
    seen.push(`${k}:${v instanceof File ? "File" : v}:${p === fd}:${this.tag}`);
  }, { tag: "T" });
  console.log("forEach", seen.join(" "));
  fd.set("a", "only");
  await dump("set a", fd);
  fd.set("new", new Blob(["n"]), "n.txt");
  fd.set("c", new Blob(["cc"], { type: "image/png" }));
  await dump("set new,c", fd);
  fd.delete("b");
  fd.delete("nothing");
  await dump("delete b", fd);
  fd.delete("a");
  fd.delete("c");
  fd.delete("new");
  await dump("delete all", fd);
  // An iterator sees entries appended while it runs.
  const g = new FormData();
  g.append("x", "1");
  const it = g.entries();
  console.log("iter1", JSON.stringify(it.next()));
  g.append("y", "2");
  console.log("iter2", JSON.stringify(it.next()), JSON.stringify(it.next()));
  console.log("tags", Object.prototype.toString.call(g), Object.prototype.toString.call(g.keys()), String(g));
}

// --- Blob -> File conversion and filenames ----------------------------------
{
  const fd = new FormData();
  const blob = new Blob(["abc"], { type: "text/x-Thing" });
  fd.append("blob", blob);
  const f1 = fd.get("blob") as File;
  console.log("blob->file", f1 instanceof File, f1 instanceof Blob, f1 === (blob as any), f1.name, f1.type, f1.size, typeof f1.lastModified, await f1.text());
  console.log("same object each get", fd.get("blob") === fd.get("blob"));
  const file = new File(["q"], "orig.txt", { type: "a/b", lastModified: 7 });
  fd.append("file", file);
  console.log("file kept", fd.get("file") === file);
  fd.append("renamed", file, "new.txt");
  const f2 = fd.get("renamed") as File;
  console.log("file renamed", f2 === file, f2.name, f2.type, f2.lastModified, await f2.text());
  fd.append("blobname", blob, "given.bin");
  const f3 = fd.get("blobname") as File;
  console.log("blob named", f3.name, f3.type, f3.size);
  fd.append("undef", blob, undefined as any);
  console.log("filename undefined", (fd.get("undef") as File).name);
  fd.append("num", blob, 123 as any);
  console.log("filename number", (fd.get("num") as File).name);
  fd.append("sameName", file, "orig.txt");
  console.log("same filename still new", fd.get("sameName") === file);
  fd.append("emptyname", blob, "");
  console.log("empty filename", JSON.stringify((fd.get("emptyname") as File).name));
  fd.append("obj", { toString: () => "converted" } as any);
  fd.append("n", 5 as any);
  fd.append(7 as any, null as any);
  console.log("to string", fd.get("obj"), fd.get("n"), fd.get("7"));
  const sub = new (class extends Blob {})(["s"]);
  fd.set("sub", sub);
  console.log("subclass", (fd.get("sub") as File).name, fd.get("sub") instanceof File);
  fd.append("lone", "\ud800x");
  fd.append("\udc00k", "v");
  console.log("usv", JSON.stringify(fd.get("lone")), fd.has("\ufffdk"));
}

// --- errors ----------------------------------------------------------------
{
  const fd = new FormData();
  err("append string with filename", () => fd.append("a", "b", "c"));
  err("set string with filename", () => fd.set("a", "b", "c"));
  err("append object with filename", () => fd.append("a", {} as any, "c"));
  err("append 1 arg", () => (fd as any).append("a"));
  err("append 0 args", () => (fd as any).append());
  err("set 1 arg", () => (fd as any).set("a"));
  err("get 0 args", () => (fd as any).get());
  err("getAll 0 args", () => (fd as any).getAll());
  err("has 0 args", () => (fd as any).has());
  err("delete 0 args", () => (fd as any).delete());
  err("forEach not callable", () => fd.forEach(5 as any));
  err("illegal this", () => FormData.prototype.append.call({}, "a", "b"));
  err("illegal get", () => FormData.prototype.get.call(new URLSearchParams(), "a"));
  err("ctor arg", () => new FormData({} as any));
  err("symbol name", () => fd.append(Symbol("s") as any, "v"));
  err("no new", () => (FormData as any)());
  console.log("after errors", [...fd].length);
}

// --- serialization ---------------------------------------------------------
const boundaryRe = /^multipart\/form-data; boundary=----formdata-undici-0\d{11}$/;
async function serialize(label: string, fd: FormData) {
  const res = new Response(fd);
  const ct = res.headers.get("content-type")!;
  console.log(label, "content-type ok:", boundaryRe.test(ct));
  const boundary = ct.slice(ct.indexOf("=") + 1);
  const bytes = new Uint8Array(await res.arrayBuffer());
  let text = "";
  for (const b of bytes) text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : b === 13 ? "\\r" : b === 10 ? "\\n\n" : `\\x${b.toString(16).padStart(2, "0")}`;
  console.log(text.split(boundary).join("BOUNDARY"));
}
{
  const fd = new FormData();
  fd.append("plain", "value");
  fd.append('we"ird\nna\rme', "line1\nline2\rline3\r\nline4");
  fd.append("unicode", "héllo ✓ 😀");
  fd.append("file", new File(["file body"], 'my "file"\n.txt', { type: "text/plain" }));
  fd.append("untyped", new File([new Uint8Array([0, 1, 2, 13, 10, 255])], "raw.bin"));
  fd.append("noname", new File(["x"], ""));
  fd.append("empty", new File([], "empty.txt"));
  fd.append("blob", new Blob(["b"], { type: "application/json" }));
  fd.append("", "");
  await serialize("response", fd);
  await serialize("empty form", new FormData());
  const req = new Request("http://example.com/", { method: "POST", body: fd });
  console.log("request content-type ok:", boundaryRe.test(req.headers.get("content-type")!));
  const r1 = new Response(fd).headers.get("content-type");
  const r2 = new Response(fd).headers.get("content-type");
  console.log("explicit content-type kept:", new Response(fd, { headers: { "content-type": "text/x" } }).headers.get("content-type"), typeof r1, typeof r2);
}

// --- parsing ---------------------------------------------------------------
async function parse(label: string, ct: string | null, body: string | Uint8Array) {
  const headers: Record<string, string> = {};
  if (ct !== null) headers["content-type"] = ct;
  const bytes = typeof body === "string" ? enc(body) : body;
  try {
    const fd = await new Response(bytes, { headers }).formData();
    await dump(label, fd);
    return fd;
  } catch (e: any) {
    console.log(label, e.name, e.message);
  }
}
const B = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
const part = (headers: string, content: string) => `--${B}\r\n${headers}\r\n\r\n${content}\r\n`;
const end = `--${B}--\r\n`;
{
  const basic =
    part('Content-Disposition: form-data; name="field"', "value one") +
    part('Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain', "file\r\ncontent") +
    part('Content-Disposition: form-data; name="empty"; filename="e.bin"\r\nContent-Type: application/octet-stream', "") +
    part('Content-Disposition: form-data; name="typed"; filename="T.PNG"\r\nContent-Type: Image/PNG  ', "\x89PNG") +
    part('Content-Disposition: form-data; name="notype"; filename="n"', "n") +
    end;
  await parse("unquoted boundary", `multipart/form-data; boundary=${B}`, basic);
  await parse("quoted boundary", `multipart/form-data; boundary="${B}"`, basic);
  await parse("params and case", `Multipart/Form-Data; charset=utf-8; BOUNDARY=${B}; x=y`, basic);
  const bin = new Uint8Array(256);
  for (let i = 0; i < 256; i++) bin[i] = i;
  const head = enc(`--${B}\r\nContent-Disposition: form-data; name="bin"; filename="all.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = enc(`\r\n${end}`);
  const whole = new Uint8Array(head.length + bin.length + tail.length);
  whole.set(head);
  whole.set(bin, head.length);
  whole.set(tail, head.length + bin.length);
  const fd = await parse("binary", `multipart/form-data; boundary=${B}`, whole);
  const f = fd!.get("bin") as File;
  const back = new Uint8Array(await f.arrayBuffer());
  console.log("binary equal", back.length, back.every((x, i) => x === i), f instanceof File, typeof f.lastModified);
  await parse(
    "escapes",
    `multipart/form-data; boundary=${B}`,
    part('Content-Disposition: form-data; name="a%22b%0Ac%0dd%0a"; filename="f%22%0D.txt"', "x") +
      part('content-disposition:form-data; name="lower"', "y") +
      part('Content-Disposition: form-data; name="star"; filename*="utf.txt"', "z") +
      part('Content-Disposition: form-data; name="b64"\r\nContent-Transfer-Encoding: base64', "aGVsbG8gd29y bGQ=") +
      part('Content-Disposition: form-data; name="utf8 \xc3\xa9"\r\nX-Other: whatever', "\xc3\xa9t\xc3\xa9 \xef\xbb\xbfbom") +
      part('Content-Disposition: form-data; name="bom"', "\xef\xbb\xbf\xef\xbb\xbf\xef\xbb\xbfv") +
      part('Content-Disposition: form-data; name="latin ct"; filename="l"\r\nContent-Type: text/\xe9', "l") +
      part('Content-Disposition: form-data; name="twice"; filename="1"\r\nContent-Disposition: form-data; name="second"', "t") +
      end,
  );
  await parse("preamble crlf and no final crlf", `multipart/form-data; boundary=${B}`, "\r\n\r\n" + part('Content-Disposition: form-data; name="a"', "1") + `--${B}--`);
  await parse("trailing crlfs", `multipart/form-data; boundary=${B}`, part('Content-Disposition: form-data; name="a"', "1") + end + "\r\n\r\n");
  await parse("no parts", `multipart/form-data; boundary=${B}`, end);
  await parse("epilogue", `multipart/form-data; boundary=${B}`, end + "epilogue");
  await parse("missing boundary param", "multipart/form-data", end);
  await parse("wrong boundary", "multipart/form-data; boundary=other-boundary-that-is-long", basic);
  await parse("no closing", `multipart/form-data; boundary=${B}`, part('Content-Disposition: form-data; name="a"', "1"));
  await parse("header without colon", `multipart/form-data; boundary=${B}`, part("Content-Disposition form-data", "1") + end);
  await parse("no name", `multipart/form-data; boundary=${B}`, part("Content-Type: text/plain", "1") + end);
  await parse("attachment", `multipart/form-data; boundary=${B}`, part('Content-Disposition: attachment; name="a"', "1") + end);
  await parse("unterminated name", `multipart/form-data; boundary=${B}`, part('Content-Disposition: form-data; name="a', "1") + end);
  await parse("extra disposition params", `multipart/form-data; boundary=${B}`, part('Content-Disposition: form-data; name="a"; size=3', "1") + end);
  await parse("bad filename", `multipart/form-data; boundary=${B}`, part('Content-Disposition: form-data; name="a"; filename=x', "1") + end);
  await parse("lf only", `multipart/form-data; boundary=${B}`, `--${B}\nContent-Disposition: form-data; name="a"\n\n1\n--${B}--`);
  await parse("empty body", `multipart/form-data; boundary=${B}`, "");
  await parse("text/plain", "text/plain", "a=1");
  await parse("no content-type", null, "a=1");
  await parse("urlencoded", "application/x-www-form-urlencoded;charset=UTF-8", "a=1&b=%20x+y&a=2");
  await parse("two content types", `text/plain, multipart/form-data; boundary=${B}`, basic);
  await parse("boundary with comma", `multipart/form-data; boundary="a,b-0123456789012345678901234567"`, `--a,b-0123456789012345678901234567\r\nContent-Disposition: form-data; name="c"\r\n\r\nv\r\n--a,b-0123456789012345678901234567--`);
  const utf8 = (s: string) => new TextEncoder().encode(s);
  await parse("latin1 boundary (utf-8 in the body)", "multipart/form-data; boundary=é", utf8(`--é\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--é--`));
  await parse("empty quoted boundary", 'multipart/form-data; boundary=""', `--\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n----`);
  await parse("control character in type", "multipart/form-data; boundary=X", `--X\r\nContent-Disposition: form-data; name="a"; filename="f"\r\nContent-Type: a\u0001b\r\n\r\nv\r\n--X--`);
  await parse("empty value", "multipart/form-data; boundary=X", `--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n--X--`);
  await parse("boundary inside content", "multipart/form-data; boundary=X", `--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nab--Xcd\r\n--X--`);
  await parse("header whitespace", "multipart/form-data; boundary=X", `--X\r\n  Content-Disposition  :   form-data; name="a"\r\n\r\nq\r\n--X--`);
  await parse("junk before LF", "multipart/form-data; boundary=X", `--X\r\nContent-Disposition: form-data; name="a"Z\n\r\nq\r\n--X--`);
  await parse("base64 file", "multipart/form-data; boundary=X", `--X\r\nContent-Disposition: form-data; name="a"; filename="b"\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC/w==\r\n--X--`);
  const req = new Request("http://x/", { method: "POST", body: enc(basic), headers: { "content-type": `multipart/form-data; boundary=${B}` } });
  await dump("request", await req.formData());
  await rejects("used twice", () => req.formData());
  await rejects("response used", async () => {
    const r = new Response(enc(basic), { headers: { "content-type": `multipart/form-data; boundary=${B}` } });
    await r.text();
    return r.formData();
  });
}

// --- round trips -----------------------------------------------------------
{
  const fd = new FormData();
  fd.append("text", "plain");
  fd.append("multi\nline", "a\nb\r\nc\rd");
  fd.append('quote"name', "q");
  fd.append("bytes", new File([new Uint8Array([0, 13, 10, 45, 45, 255])], "b.bin", { type: "application/x-raw" }));
  fd.append("empty", new File([], "empty"));
  fd.append("blob", new Blob(["from blob"], { type: "text/plain" }));
  fd.append("renamed", new Blob(["r"]), 'file "name"\n.txt');
  fd.append("unicode ✓", "😀 é");
  fd.append("dup", "1");
  fd.append("dup", "2");
  await dump("original", fd);
  const back = await new Response(fd).formData();
  await dump("response round trip", back);
  const back2 = await new Request("http://x/", { method: "PUT", body: back }).formData();
  await dump("request round trip", back2);
  const empty = await new Response(new FormData()).formData();
  await dump("empty round trip", empty);
}

// --- inspection ------------------------------------------------------------
{
  const fd = new FormData();
  console.log(fd);
  fd.append("a", "1");
  fd.append("f", new File(["xy"], "x.txt", { lastModified: 5 }));
  fd.append("a", "2");
  fd.append("e", "");
  fd.append("e", "z");
  fd.append("g", new File(["some longer contents"], "a-rather-long-file-name.txt", { type: "text/plain", lastModified: 1700000000000 }));
  console.log(fd);
  console.log([fd]);
  console.log({ x: { y: { z: fd } } });
  console.log({ x: { y: { z: { w: fd } } } });
  console.log(util.inspect(fd));
  const h = new FormData();
  h.append("name1", "value-aaaaaaaaaaa");
  h.append("name2", "bbbbbbbbbbbbbb");
  console.log(h);
  const k = new FormData();
  k.append("k", new File(["q"], "q", { lastModified: 1 }));
  k.append("k", new File(["q"], "q", { lastModified: 2 }));
  k.append("__proto__", "p");
  k.append("1", "one");
  console.log(k);
  console.log(new File(["xy"], "x.txt", { lastModified: 5 }));
  console.log(new File(["xy"], "x.txt", { type: "application/octet-stream", lastModified: 1700000000000 }));
  console.log([new File([], "", { lastModified: 0 })]);
  console.log({ a: { b: { c: new File(["xy"], "x.txt", { lastModified: 5 }) } } });
  console.log(new Blob(["abc"], { type: "text/plain" }), { b: new Blob([]) });
}
