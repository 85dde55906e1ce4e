// URLSearchParams: the three init forms, every method, iteration while
// changing, serialization and printing, Node's errors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message, e.code);
  }
}

// Construction.
const fromString = new URLSearchParams("?a=1&b=two words&a=3&c=%E2%82%AC&d=%zz&e=x+y&&=v&flag");
console.log([...fromString], fromString.size);
console.log(new URLSearchParams("").size, new URLSearchParams("?").size, new URLSearchParams().toString());
console.log(new URLSearchParams(null as any).toString(), new URLSearchParams(undefined).toString(), new URLSearchParams(5 as any).toString());
const fromRecord = new URLSearchParams({ name: "Ada Lovelace", n: 42 as any, list: [1, 2] as any, "sp ace": "&=?" });
console.log(fromRecord.toString(), fromRecord.get("n"), fromRecord.get("list"));
const fromPairs = new URLSearchParams([["x", "1"], ["y", "2"], ["x", "3"]]);
console.log(fromPairs.toString(), fromPairs.getAll("x"));
console.log(new URLSearchParams(new Map([["m", "1"], ["k", "2"]])).toString());
console.log(new URLSearchParams(fromPairs).toString(), new URLSearchParams(fromPairs) !== fromPairs);
console.log(new URLSearchParams([new Set(["s", "t"])] as any).toString());
attempt("short pair", () => new URLSearchParams([["a"]] as any));
attempt("long pair", () => new URLSearchParams([["a", "b", "c"]] as any));
attempt("non-iterable pair", () => new URLSearchParams([1] as any));
attempt("without new", () => (URLSearchParams as any)("a=1"));

// Reading.
const p = new URLSearchParams("a=1&b=2&a=3");
console.log(p.get("a"), p.get("zz"), p.getAll("a"), p.getAll("zz"), p.has("b"), p.has("zz"));
console.log(p.has("a", "3"), p.has("a", "4"), p.has("a", undefined));

// Writing.
p.append("c", "4 5");
p.set("a", "x");
console.log(p.toString());
p.set("new", "n");
p.delete("b");
console.log(p.toString(), p.size);
p.append("d", "1");
p.append("d", "2");
p.append("d", "1");
p.delete("d", "1");
console.log(p.toString());
p.append("B", "upper");
p.append("b", "lower");
p.append("a", "again");
p.sort();
console.log(p.toString());
console.log(String(p), `${p}`, p + "");

// Iteration.
const q = new URLSearchParams("k1=v1&k2=v2&k3=v3");
console.log([...q.keys()], [...q.values()], [...q.entries()], [...q]);
const it = q.entries();
console.log(it.next(), Object.prototype.toString.call(it), typeof it[Symbol.iterator]);
const visited: string[] = [];
for (const [k, v] of q) {
  visited.push(k + "=" + v);
  if (k === "k1") q.append("k4", "v4");
}
console.log(visited.join(" "));
const seenForEach: string[] = [];
q.forEach(function (this: any, value, key, obj) {
  seenForEach.push(`${key}:${value}:${obj === q}:${this.tag}`);
}, { tag: "T" });
console.log(seenForEach.join(" "));

// Encoding details.
const enc = new URLSearchParams();
enc.append("space", "a b");
enc.append("plus", "a+b");
enc.append("unicode", "é€😀");
enc.append("reserved", "!*'();:@&=+$,/?#[]~-._");
enc.append("lone", "\ud800");
console.log(enc.toString());
console.log(new URLSearchParams(enc.toString()).get("plus"), new URLSearchParams(enc.toString()).get("unicode"));

// Errors.
attempt("append one argument", () => (p as any).append("a"));
attempt("get no argument", () => (p as any).get());
attempt("set one argument", () => (p as any).set("a"));
attempt("delete no argument", () => (p as any).delete());
attempt("forEach not a function", () => p.forEach(5 as any));
attempt("wrong this", () => URLSearchParams.prototype.get.call({}, "a"));

// Printing.
console.log(new URLSearchParams("a=1&b=two"));
console.log(new URLSearchParams(""));
console.log(new URLSearchParams({ long1: "x".repeat(40), long2: "y".repeat(40) }));
console.log({ params: new URLSearchParams("z=1") }, [new URLSearchParams("q='")]);
console.log(Object.prototype.toString.call(p), Object.keys(p));
