// trim, trimStart, trimEnd, toUpperCase, toLowerCase
const s = "  \t hello world \n ";
console.log(JSON.stringify(s.trim()), JSON.stringify(s.trimStart()), JSON.stringify(s.trimEnd()));
console.log(JSON.stringify("".trim()), JSON.stringify("   ".trim()), JSON.stringify("x".trim()));
console.log(JSON.stringify("\u00a0nbsp\u00a0".trim()), JSON.stringify("\r\n\v\fx\r\n".trim()));
console.log("Hello World".toUpperCase(), "Hello World".toLowerCase());
console.log("ÀÉÎõü".toLowerCase(), "straße".toUpperCase(), "ß".toUpperCase().length);
console.log("123 abc !?".toUpperCase(), "MiXeD".toLowerCase());
console.log("".toUpperCase() === "", "a😀b".toUpperCase());
const title = (t: string) => t.split(" ").map((w) => w ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w).join(" ");
console.log(title("the QUICK brown fOX"));
const isUpper = (c: string) => c === c.toUpperCase() && c !== c.toLowerCase();
console.log([..."aB1c"].map(isUpper));
const swapCase = (t: string) => [...t].map((c) => (isUpper(c) ? c.toLowerCase() : c.toUpperCase())).join("");
console.log(swapCase("Hello World 42"));
console.log("  padded  ".trim().length, " a b ".trim().split(" "));
