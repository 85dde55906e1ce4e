import { match, compile, pathToRegexp, parse } from "path-to-regexp";
const m = match("/user/:id/books{/:bookId}");
console.log(JSON.stringify(m("/user/123/books/456")), JSON.stringify(m("/user/123/books")), m("/invalid"));
const toPath = compile("/user/:id");
console.log(toPath({ id: "name with space" }), pathToRegexp("/files/*path").regexp.source);
console.log(JSON.stringify(match("/files/*path")("/files/a/b/c.txt")), parse("/a/:b").tokens.length);
