import { XMLParser, XMLBuilder, XMLValidator } from "fast-xml-parser";
const xml = `<?xml version="1.0"?><catalog><book id="bk101"><author>Gambardella, Matthew</author><title>XML Developer's Guide</title><price>44.95</price></book><book id="bk102"><author>Ralls, Kim</author><price>5.95</price></book></catalog>`;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_" });
const obj = parser.parse(xml);
console.log(JSON.stringify(obj));
console.log(XMLValidator.validate(xml), JSON.stringify(XMLValidator.validate("<a><b></a>")));
console.log(new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true }).build({ root: { item: [{ "@_n": "1", "#text": "x" }, { "@_n": "2", "#text": "y" }] } }));
