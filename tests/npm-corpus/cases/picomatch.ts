import picomatch from "picomatch";
const m = picomatch("src/**/*.{ts,js}");
console.log(m("src/a/b.ts"), m("src/a.css"), picomatch.isMatch("foo.md", "*.md"), picomatch.scan("a/**/*.js").base);
