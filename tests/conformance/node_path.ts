// node:path (POSIX): every function over the edge cases of Node's documentation, and
// process.cwd/pid as path.resolve uses them.
import path from "node:path";
import { join, basename as bn, posix } from "path";
import * as pp from "node:path/posix";

const cases = ["", "/", "//", "///a", "a", "a/", "/a", "/a/", "a/b", "a/b/", "/a/b/c.txt", "./a", "../a", ".", "..", "...",
  ".index", ".index.md", "index.", "index.coffee.md", "a..", "/foo/bar/baz/asdf/quux.html", "a//b//c", "./", "a/../", "/..", "//a"];
for (const c of cases) {
  console.log(JSON.stringify(c), path.normalize(c), path.dirname(c), JSON.stringify(path.basename(c)), JSON.stringify(path.extname(c)), path.isAbsolute(c), JSON.stringify(path.parse(c)));
}
console.log(path.join("/foo", "bar", "baz/asdf", "quux", ".."), join("a", "", "b"), join(""), path.join(), path.join("a/", "/b/"));
console.log(path.relative("/data/orandea/test/aaa", "/data/orandea/impl/bbb"), path.relative("/a", "/a/b/c"), path.relative("/a/b", "/a"), JSON.stringify(path.relative("/a", "/a")), path.relative("/", "/x"));
console.log(path.resolve("/foo/bar", "./baz"), path.resolve("/foo/bar", "/tmp/file/"), path.resolve("/", "a", "..", "b"), path.resolve("/x") === posix.resolve("/x"));
console.log(path.resolve() === process.cwd(), path.resolve("rel") === process.cwd() + "/rel", typeof process.pid, process.pid > 0);
console.log(bn("/a/b.js", ".js"), bn("b.js", "b.js"), bn("/a/b.js/", ".js"), path.basename("aaa/bbb", "bbb"));
console.log(path.format({ root: "/ignored", dir: "/home/user/dir", base: "file.txt" }), path.format({ root: "/", base: "file.txt", ext: "ignored" }),
  path.format({ name: "file", ext: ".txt" }), path.format({ name: "file", ext: "txt" }), path.format({ root: "/", name: "x" }), path.format({}));
console.log(path.sep, path.delimiter, path.posix === path, pp.default === path, pp.join === path.join, path.toNamespacedPath("/a"), posix.posix === posix);
for (const bad of [1, null, {}, undefined]) {
  try { path.join(bad as any); } catch (e: any) { console.log(e.name, e.code, e.message); }
}
try { path.format(null as any); } catch (e: any) { console.log(e.name, e.code); }
