// replace / replaceAll with strings and regexes over a 10 MB text. Size: MB of text.
const mb = Number(process.argv[2] ?? "10") | 0;
const unit = "The quick brown fox jumps over the lazy dog; 42 apples, 7 pears.\n";
const text = unit.repeat(Math.ceil((mb * 1_000_000) / unit.length));
const a = text.replaceAll("fox", "cat");
const b = text.replace(/\d+/g, "#");
const c = text.replaceAll(/o(\w)/g, "0$1");
const d = text.replace("lazy", "sleepy");
const e = text.split("apples").join("plums");
console.log(text.length, a.length, b.length, c.length, d.length, e.length, b.slice(40, 70));
