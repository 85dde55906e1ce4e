// Inspecting Web platform objects allocates (a plain object of their fields): each must be read
// from a root after that allocation, or a collection there prints another object's fields.
const f = new FormData();
f.append("a", "1"); f.append("b", "é");
console.log(f, new Headers({ x: "1" }), new URL("http://a/b?c=1"), new TextDecoder());
const enc = new TextEncoder();
console.log(enc.encoding, enc, Object.prototype.toString.call(enc));
