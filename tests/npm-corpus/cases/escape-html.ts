import escapeHtml from "escape-html";
console.log(escapeHtml('<script>alert("x & \'y\'")</script>'), escapeHtml("plain"), escapeHtml(""));
