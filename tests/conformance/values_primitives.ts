// Basic primitive values and how they print
const n = 42;
const f = 3.25;
const s = "text";
const b = true;
const nu = null;
const un = undefined;
console.log(n, f, s, b, nu, un);
console.log(String(n), String(f), String(b), String(nu), String(un));
console.log(n + "", f + "", b + "", nu + "", un + "");
console.log(-n, -f, +s, +b, +nu, +un);
console.log(0.5, .25, 5., 1e3, 1e-3, 0x1f, 0o17, 0b101);
console.log(1_000_000, 0xff_ff);
console.log("single", 'quotes', `back`);
console.log("escapes: \t tab \\ backslash \" quote \u0041 \x42");
console.log("line1\nline2");
console.log(s.length, "".length, "\u00e9".length);
console.log(true && "yes", false || "no");
console.log([n, f, s, b, nu, un]);
