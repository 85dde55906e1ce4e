// replace with a replacer function over both widths: HTML escaping, offsets, captures that did not
// participate, empty matches.
const map: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => map[c]);
let row = "";
for (let i = 0; i < 2000; i++) row += `<td class="c${i % 7}">Tom & Jerry's "show" #${i} café</td>`;
let total = 0;
for (let r = 0; r < 20; r++) total += esc(row).length;
console.log(total, esc("a<b>&\"'é✓").length, esc("plain"), "x1y22z".replace(/\d+/g, (m, off) => `[${m}@${off}]`), "aaa".replace(/a*?/g, (m) => "-"), "ab".replace(/(a)|(z)/g, (m, p1, p2) => `${p1}|${p2}`));
// Widths: a one-byte subject with two-byte replacements, a two-byte subject with one-byte ones,
// replacements that are not strings, and a replacer that allocates a lot (collections between
// pieces).
console.log("caf\u00e9 bar".replace(/a/g, () => "✓"), "✓a✓b".replace(/✓/g, (m, i) => String(i)), "abc".replace(/b/, () => 42 as any));
console.log("x-y-z".replace(/-/g, () => { const junk = []; for (let i = 0; i < 200; i++) junk.push({ i, s: "s" + i }); return junk.length + "é"; }));
const big = "word ".repeat(3000) + "é";
console.log(big.replace(/w(o)rd/g, (m, o, off) => (off % 1000 === 0 ? m.toUpperCase() : o)).slice(0, 40), big.slice(100).replace(/o/g, () => "0").length);
