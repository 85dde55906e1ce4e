// Unicode strings: lengths, iteration and escapes
const samples = ["ascii", "café", "naïve", "日本語", "😀", "👍🏽", "a😀b😀c"];
for (const s of samples) {
  console.log(s, s.length, [...s].length, Array.from(s).length);
}
console.log("\u0041\u0042", "\u{1F600}", "\x41", "\u00e9" === "é");
console.log("😀".charCodeAt(0), "😀".charCodeAt(1));
console.log("日本語".split(""), [..."日本語"].reverse().join(""));
console.log("😀😀".slice(0, 2), "😀😀".slice(2), "😀".split(""));
console.log("ÉCOLE".toLowerCase(), "école".toUpperCase());
console.log(JSON.stringify("😀"), JSON.stringify("é\n"), JSON.stringify("\u0001"));
console.log(["é", "e", "f", "😀", "z"].sort().join(" "));
console.log("x😀y".indexOf("y"), "x😀y".at(1) === "\ud83d");
const mixed = "aé日😀";
console.log([...mixed].map((c) => c.length).join(","), mixed.split("").length);
console.log(mixed.toUpperCase(), mixed.slice(1, 3), mixed.indexOf("日"));
