import contentType from "content-type";
const parsed = contentType.parse("text/html; charset=utf-8; foo=\"bar baz\"");
console.log(parsed.type, parsed.parameters, contentType.format({ type: "image/svg+xml", parameters: { charset: "utf-8" } }));
try { contentType.parse("bad type"); } catch (e) { console.log((e as Error).message); }
