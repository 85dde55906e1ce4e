import { marked } from "marked";
const md = "# Title\n\nSome *emphasis*, **strong** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n\n> quote [link](https://example.com)\n";
console.log(marked.parse(md));
console.log(marked.parseInline("a _b_ <c>"));
