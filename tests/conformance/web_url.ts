// URL: WHATWG parsing with and without a base, every getter and setter,
// the live searchParams object, statics, JSON and printing, Node's errors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message, e.code, e.input, e.base);
  }
}

function parts(u: URL): string[] {
  return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];
}

const u = new URL("https://user:pa ss@Example.COM:8080/a/./b/../c d?x=1&y=%20z#frag ment");
console.log(parts(u));
console.log(u);
console.log(String(u), u.toString(), u.toJSON(), JSON.stringify({ u }), `${u}`);

// Normalisation.
for (const s of [
  "HTTP://EX.com:80/%7e/",
  "https://a.com:443",
  "http://[::1]:3000/x",
  "http://192.168.0.1.",
  "http://0x7f.1/",
  "file:///tmp/a b.txt",
  "mailto:someone@example.com",
  "data:text/plain,hi there",
  "blob:https://a.com/uuid",
  "ws://h/chat",
  "foo://host/p?q#f",
  "http://münchen.de/",
]) {
  const x = new URL(s);
  console.log(x.href, "|", x.origin, "|", x.host, "|", x.pathname);
}

// Relative resolution against a base.
const base = "http://h.com/dir/sub/page?q=1#top";
for (const rel of ["x", "../x", "/abs", "?other", "#h2", "//other.org/p", "", ".", "https://full/", "a/../../../b"]) {
  console.log(JSON.stringify(rel), "->", new URL(rel, base).href);
}
console.log(new URL("x", new URL(base)).href);

// Errors.
attempt("no scheme", () => new URL("nope"));
attempt("bad base", () => new URL("x", "also nope"));
attempt("bad port", () => new URL("http://h:99999/"));
attempt("no argument", () => new (URL as any)());
attempt("without new", () => (URL as any)("http://a/"));

// Statics.
console.log(URL.canParse("http://a/"), URL.canParse("x"), URL.canParse("x", "http://a/"));
console.log(URL.parse("http://a/b")!.href, URL.parse("nope"), URL.parse("y", "http://a/x")!.href);
attempt("canParse without args", () => (URL as any).canParse());

// Setters.
const s = new URL("http://a.com/p?q=1#h");
s.protocol = "https";
console.log(s.href);
s.protocol = "mailto";
console.log(s.href, "(special to non-special is ignored)");
s.username = "me";
s.password = "sec ret";
console.log(s.href, s.username, s.password);
s.host = "b.org:8443";
console.log(s.href, s.host, s.port);
s.hostname = "c.net";
s.port = "443";
console.log(s.href, s.port);
s.port = "abc";
console.log(s.port, "(ignored)");
s.port = "";
console.log(s.href);
s.pathname = "/new path/ä";
s.search = "a=b c&d=é";
s.hash = "sec tion";
console.log(s.href, s.pathname, s.search, s.hash);
s.search = "";
s.hash = "";
console.log(s.href);
s.href = "http://fresh.example/start?k=v";
console.log(s.href, s.searchParams.get("k"));
attempt("bad href", () => {
  s.href = "not a url";
});
console.log(s.href);

// searchParams is live in both directions and always the same object.
const live = new URL("https://a/?x=1&x=2");
const sp = live.searchParams;
console.log(sp === live.searchParams, sp.getAll("x"), sp.size);
sp.append("y", "2 3");
sp.delete("x");
console.log(live.href, live.search);
sp.delete("y");
console.log(live.href, JSON.stringify(live.search));
live.search = "?q=z&r";
console.log(sp.get("q"), sp.get("r"), sp.has("x"), [...sp]);
live.href = "https://b/?m=1";
console.log([...sp.entries()], sp.toString());
sp.sort();
sp.set("a", "ä&=");
console.log(live.href);

// Printing, nested and in arrays.
console.log({ url: new URL("http://a/") });
console.log([new URL("http://x.y/?a=1")]);
console.log(Object.prototype.toString.call(u), Object.keys(u), typeof URL, URL.name, URL.length);
