import Papa from "papaparse";
const r = Papa.parse("name,age\nann,30\nbob,\"4,2\"\n", { header: true, skipEmptyLines: true });
console.log(JSON.stringify(r.data), r.errors.length, Papa.unparse([{ a: 1, b: "x,y" }]));
