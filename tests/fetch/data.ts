// data: URLs are answered without the network, as undici answers them.
async function show(url: string, init?: RequestInit) {
  try {
    const r = await fetch(url, init);
    const bytes = new Uint8Array(await r.arrayBuffer());
    console.log(JSON.stringify(url), r.status, r.statusText, r.type, JSON.stringify(r.url), r.redirected, [...r.headers], JSON.stringify(new TextDecoder().decode(bytes)), bytes.length);
  } catch (e: any) {
    console.log(JSON.stringify(url), e.name, e.message, e.cause?.message);
  }
}

await show("data:,Hello%2C%20World!");
await show("data:text/plain;base64,aGVsbG8gd29ybGQ=");
await show("data:text/plain;BASE64 ,aGVsbG8=");
await show("data:text/plain ; base64,aGVsbG8=");
await show("data:TEXT/Html;Charset=\"utf-8\";foo=bar,<b>bold</b>");
await show("data:text/plain;a=\"x\\\"y\";b=;c=d e,body");
await show("data:;charset=utf-8,%E2%9C%93");
await show("data:x,y");
await show("data:application/octet-stream;base64,AAEC/w==");
await show("data:text/plain;base64,%%%");
await show("data:text/plain;base64,aGVsbG8");
await show("data:no-comma");
await show("data:,with#fragment");
await show("data:,ünïcode");
await show("data:,post", { method: "POST", body: "ignored" });
