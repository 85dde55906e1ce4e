// Headers: case-insensitive names, value normalization, combination
// rules, sorted iteration with separate set-cookie entries, the three init
// forms, guards, and Node's (undici's) errors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message);
  }
}

const h = new Headers();
h.append("Content-Type", "  text/html \t");
h.append("X-Multi", "a");
h.append("x-multi", "b");
h.append("Cookie", "a=1");
h.append("cookie", "b=2");
h.append("Set-Cookie", "s=1; Path=/");
h.append("set-cookie", "s=2");
console.log(h.get("content-type"), h.get("CONTENT-TYPE"), h.get("x-multi"), h.get("cookie"), h.get("set-cookie"));
console.log(h.get("missing"), h.has("X-MULTI"), h.has("nope"), h.getSetCookie());
console.log([...h]);
console.log([...h.keys()], [...h.values()]);
console.log(h);
const calls: string[] = [];
h.forEach(function (this: any, value, name, self) {
  calls.push(`${name}=${value}:${self === h}:${this === undefined ? "-" : this.t}`);
}, { t: 1 });
console.log(calls);

// set replaces in place (keeping the position), delete removes.
h.set("x-multi", "only");
h.set("New-One", "n");
h.delete("cookie");
h.delete("not-there");
console.log([...h], h);
h.set("set-cookie", "replaced");
console.log(h.getSetCookie(), [...h].filter(([k]) => k === "set-cookie"));
h.delete("Set-Cookie");
console.log(h.getSetCookie(), h.has("set-cookie"));

// Empty and odd values.
const odd = new Headers({ empty: "", spaced: "  inner  space  ", num: 42 as any, tab: "\tx\t" });
console.log([...odd], JSON.stringify(odd.get("empty")));

// Init forms.
console.log([...new Headers({ B: "2", a: "1" })]);
console.log([...new Headers([["B", "2"], ["a", "1"], ["b", "3"]])]);
console.log([...new Headers(new Map([["m", "1"]]))]);
const src = new Headers([["set-cookie", "x"], ["Set-Cookie", "y"], ["z", "1"]]);
const copy = new Headers(src);
copy.append("z", "2");
console.log([...copy], src.get("z"), copy.getSetCookie());
console.log([...new Headers(undefined)], [...new Headers([])], [...new Headers({})]);

// Iterators see changes made while iterating and are their own iterators.
const live = new Headers({ b: "1" });
const keys = live.keys();
live.append("a", "x");
console.log([...keys]);
const ents = new Headers({ b: "1", a: "2" }).entries();
console.log(ents.next(), ents.next(), ents.next(), ents[Symbol.iterator]() === ents);
console.log(Object.prototype.toString.call(ents), Object.prototype.toString.call(h));

// Errors.
attempt("bad name", () => h.append("bad name", "x"));
attempt("empty name", () => new Headers({ "": "x" }));
attempt("non-latin1 name", () => new Headers({ "é": "x" }));
attempt("newline value", () => h.set("x", "a\nb"));
attempt("NUL value", () => h.append("x", "a\u0000b"));
attempt("not a ByteString", () => h.set("x", "€"));
attempt("get bad name", () => h.get("a b"));
attempt("append one argument", () => (h as any).append("a"));
attempt("set no argument", () => (h as any).set());
attempt("get no argument", () => (h as any).get());
attempt("delete no argument", () => (h as any).delete());
attempt("forEach no argument", () => (h as any).forEach());
attempt("forEach not a function", () => h.forEach(5 as any));
attempt("pair of one", () => new Headers([["a"]] as any));
attempt("pair of three", () => new Headers([["a", "b", "c"]] as any));
attempt("not iterable pair", () => new Headers([5] as any));
attempt("number init", () => new Headers(5 as any));
attempt("string init", () => new Headers("abc" as any));
attempt("null init", () => new Headers(null as any));
attempt("wrong this", () => Headers.prototype.get.call({}, "a"));
attempt("without new", () => (Headers as any)());

// Immutable headers (Response.error, Response.redirect).
const frozen = Response.error().headers;
attempt("immutable set", () => frozen.set("a", "1"));
attempt("immutable append", () => frozen.append("a", "1"));
attempt("immutable delete", () => frozen.delete("a"));
console.log([...frozen], frozen.get("a"));

// Printing.
console.log(new Headers(), new Headers([["X-A", "1"], ["x-a", "2"], ["B", "3"]]));
console.log({ headers: new Headers({ accept: "*/*" }) });
