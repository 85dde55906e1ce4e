// slice vs substring (negative and swapped arguments)
const s = "abcdefgh";
console.log(s.slice(2), s.slice(2, 5), s.slice(-3), s.slice(-3, -1), s.slice(5, 2));
console.log(s.substring(2), s.substring(2, 5), s.substring(-3), s.substring(5, 2), s.substring(-1, 3));
console.log(s.slice(0), s.slice(100), JSON.stringify(s.slice(4, 4)), s.slice(-100, 2));
console.log(s.substring(0, 100), s.substring(NaN as any, 3), s.substring(3, NaN as any));
console.log(s.slice(1.5, 3.5), s.substring(1.5, 3.5));
const path = "/usr/local/bin/node";
const lastSlash = path.lastIndexOf("/");
console.log(path.slice(0, lastSlash), path.slice(lastSlash + 1));
const file = "archive.tar.gz";
console.log(file.slice(file.indexOf(".") + 1), file.slice(file.lastIndexOf(".")));
const truncate = (str: string, n: number) => (str.length > n ? str.slice(0, n - 3) + "..." : str);
console.log(truncate("hello world", 8), truncate("short", 8));
const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
console.log(["alpha", "beta", ""].map(capitalize));
console.log("😀abc".slice(0, 2) === "😀", "😀abc".slice(1).length);
