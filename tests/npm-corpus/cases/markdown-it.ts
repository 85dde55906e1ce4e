import MarkdownIt from "markdown-it";
const md = new MarkdownIt();
console.log(md.render("# Title\n\nSome *emph* and `code`, a [link](http://x.y).\n\n- a\n- b\n"));
console.log(md.renderInline("__bold__ ~~no~~"));
