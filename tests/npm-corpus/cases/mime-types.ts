import mime from "mime-types";
console.log(mime.lookup("a.json"), mime.contentType("html"), mime.extension("image/png"), mime.charset("text/plain"));
