// Request and Response without networking: construction, attributes, body
// extraction and content types, the body methods and bodyUsed, clone, the
// Response statics, FormData from urlencoded bodies, and Node's errors.

async function attempt(label: string, f: () => unknown): Promise<void> {
  try {
    console.log(label, await f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message);
  }
}

async function main(): Promise<void> {
  // ----- Request -----
  const r = new Request("http://example.com/a/../b?x=1#frag", {
    method: "post",
    headers: { "X-Token": " abc ", Accept: "text/plain" },
    body: "hello body",
  });
  console.log(r.method, r.url, r.bodyUsed, r.redirect, [...r.headers]);
  console.log(await r.text(), r.bodyUsed);
  await attempt("second read", () => r.text());
  await attempt("json after use", () => r.json());
  console.log(new Request("http://h/").method, new Request("http://h/", { method: "delete" }).method);
  console.log(new Request("http://h/", { method: "patch" }).method, new Request("http://h/", { method: "Custom" }).method);
  const noBody = new Request("http://h/x");
  console.log(noBody.bodyUsed, JSON.stringify(await noBody.text()), noBody.bodyUsed, JSON.stringify(await noBody.text()));

  const jr = new Request("http://h/", { method: "PUT", body: JSON.stringify({ a: [1, 2], b: "ü" }) });
  console.log(await jr.json(), jr.headers.get("content-type"));
  const fr = new Request("http://h/", { method: "POST", body: new URLSearchParams("a=1&b=x+y&a=2") });
  console.log(fr.headers.get("content-type"));
  const fd = await fr.formData();
  console.log(fd.get("a"), fd.getAll("a"), fd.get("b"), fd.has("c"), fd.get("c"), [...fd], [...fd.keys()]);
  const br = new Request("http://h/", { method: "POST", body: new Uint8Array([104, 105]) });
  console.log(br.headers.get("content-type"), await br.arrayBuffer());
  const ab = new Request("http://h/", { method: "POST", body: new Uint8Array([1, 2, 3]).buffer, headers: { "content-type": "application/octet-stream" } });
  console.log(await ab.bytes(), ab.headers.get("content-type"));

  // From another Request.
  const base = new Request("http://h/orig", { method: "POST", headers: { a: "1" }, body: "payload" });
  const derived = new Request(base, { headers: { b: "2" } });
  console.log(derived.method, derived.url, [...derived.headers], base.bodyUsed, await derived.text());
  await attempt("reuse a used request", () => new Request(base));
  const clone = new Request("http://h/", { method: "POST", body: "twice" }).clone();
  console.log(await clone.text());

  await attempt("GET with body", () => new Request("http://h/", { body: "x" }));
  await attempt("HEAD with body", () => new Request("http://h/", { method: "HEAD", body: "x" }));
  await attempt("bad method", () => new Request("http://h/", { method: "bad method" }));
  await attempt("forbidden method", () => new Request("http://h/", { method: "TRACE" }));
  await attempt("relative url", () => new Request("/relative"));
  await attempt("credentials", () => new Request("http://u:p@h/"));
  await attempt("without new", () => (Request as any)("http://h/"));
  await attempt("bad redirect", () => new Request("http://h/", { redirect: "nope" as any }));

  // ----- Response -----
  const res = new Response("héllo", { status: 201, statusText: "Created", headers: { "X-A": "1" } });
  console.log(res.status, res.statusText, res.ok, res.type, res.url, res.redirected, res.bodyUsed, [...res.headers]);
  console.log(await res.text(), res.bodyUsed);
  await attempt("read twice", () => res.arrayBuffer());
  await attempt("clone after use", () => res.clone());

  const empty = new Response();
  console.log(empty.status, empty.ok, empty.statusText, [...empty.headers], JSON.stringify(await empty.text()), empty.bodyUsed);
  console.log(new Response(null, { status: 204 }).status, new Response(undefined, { status: 304 }).status);
  console.log(new Response("x", { status: 200.9 }).status, new Response("x", { status: "404" as any }).ok);
  console.log([...new Response(new URLSearchParams("q=1")).headers], [...new Response(new Uint8Array(2)).headers]);
  console.log([...new Response("x", { headers: { "Content-Type": "text/csv" } }).headers]);
  console.log(await new Response({ toString: () => "custom" } as any).text());
  console.log(await new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])).text());
  console.log(await new Response('{"n": 1, "s": [true, null]}').json());
  const bin = new Response(new Uint8Array([0, 255, 128]));
  console.log(await bin.arrayBuffer(), bin.bodyUsed);
  const cl = new Response("shared", { status: 202 });
  const cl2 = cl.clone();
  console.log(await cl.text(), await cl2.text(), cl2.status, cl.bodyUsed, cl2.bodyUsed);
  const form = await new Response("k=v&k=w&e=%E2%82%AC", { headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" } }).formData();
  console.log(form.getAll("k"), form.get("e"));
  form.set("k", "z");
  form.append("n", "1");
  form.delete("e");
  console.log([...form], [...form.values()], [...form.entries()]);
  const each: string[] = [];
  form.forEach((v, k) => each.push(k + "=" + v));
  console.log(each);

  await attempt("json syntax error", () => new Response("{bad").json());
  await attempt("json empty", () => new Response("").json());
  await attempt("formData wrong type", () => new Response("a=1").formData());
  await attempt("status too low", () => new Response("x", { status: 199 }));
  await attempt("status too high", () => new Response("x", { status: 600 }));
  await attempt("status huge", () => new Response("x", { status: 1e9 }));
  await attempt("body with 204", () => new Response("x", { status: 204 }));
  await attempt("bad statusText", () => new Response("x", { statusText: "a\nb" }));
  await attempt("statusText not ByteString", () => new Response("x", { statusText: "€" }));
  await attempt("bad header", () => new Response("x", { headers: { "a b": "1" } }));
  await attempt("without new", () => (Response as any)());
  await attempt("text on wrong this", () => Response.prototype.text.call({}));

  // ----- statics -----
  const j = Response.json({ ok: true, list: [1, 2] }, { status: 202, headers: { "x-extra": "1" } });
  console.log(j.status, [...j.headers], await j.json());
  console.log([...Response.json("s", { headers: { "content-type": "text/weird" } }).headers]);
  await attempt("json of undefined", () => Response.json(undefined));
  await attempt("json with bad status", () => Response.json({}, { status: 100 }));
  const red = Response.redirect("http://example.com/next?a=1", 301);
  console.log(red.status, red.headers.get("location"), red.type, red.ok, red.bodyUsed, JSON.stringify(await red.text()));
  console.log(Response.redirect("http://example.com").status);
  await attempt("redirect status", () => Response.redirect("http://a/", 200));
  await attempt("redirect url", () => Response.redirect("not a url"));
  const err = Response.error();
  console.log(err.status, err.type, err.ok, err.statusText, [...err.headers], JSON.stringify(await err.text()));

  console.log(Object.prototype.toString.call(r), Object.prototype.toString.call(res), Object.prototype.toString.call(fd));
  console.log(typeof Request, typeof Response, typeof FormData, Response.name, Request.length);
}

main();
