import he from "he";
console.log(he.encode("foo © bar ≠ baz 𝌆 qux"), he.decode("foo &copy; bar &ne; baz &#x1D306; qux &amp;amp; &lt;"), he.escape("<img src='x'>"), he.encode("ü", { useNamedReferences: true }));
