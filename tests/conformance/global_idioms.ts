// The global-object idiom of lodash, core-js and regenerator-runtime, and Annex B's
// escape/unescape (uuid uses unescape).
const g1 = Function("return this")();
const g2 = new Function("return this")();
const g3 = Function("  return   this ; ")();
console.log(g1 === globalThis, g2 === globalThis, g3 === globalThis, typeof Function("return this"));
const freeGlobal = typeof global == "object" && global && global.Object === Object && global;
const root = freeGlobal || Function("return this")();
console.log(root === globalThis);
console.log(escape("abc ABC 123 @*_+-./"), escape("ä é ñ"), escape("€ ✓ \u{1F600}"), escape("%\n\t\"'"));
console.log(unescape("%u20AC %E4 %41%42%43 %u00"), unescape("%zz%4%u12"), unescape(""), escape(""));
const s = "mixed ü € \u{1F600} text";
console.log(unescape(escape(s)) === s, decodeURIComponent(escape("ascii only")));
console.log(unescape(encodeURIComponent("héllo")), decodeURIComponent(escape(unescape(encodeURIComponent("ü€")))));
console.log(typeof escape, escape.length, unescape.name);
// eval: a value other than a string is returned as it is; `(0, eval)("this")` is the global
// object (the global-object idiom of older packages).
const o = { k: 1 };
console.log(typeof eval, eval.length, eval.name, eval(42), eval(o) === o, eval(undefined));
console.log((0, eval)("this") === globalThis, (0, eval)("\n this ;\t") === globalThis, typeof globalThis.eval);
