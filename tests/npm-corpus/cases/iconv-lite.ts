import iconv from "iconv-lite";
const b = iconv.encode("Grüße €", "win1252");
console.log(b, iconv.decode(b, "win1252"), iconv.encodingExists("latin1"), iconv.decode(Buffer.from([0xe9]), "iso-8859-1"));
