import YAML from "yaml";
const doc = YAML.parse("name: perry\nversion: 1.2\nlist:\n  - a\n  - b: 2\nnested: { x: [1, 2], y: null }\nmulti: |\n  line one\n  line two\n");
console.log(JSON.stringify(doc));
console.log(YAML.stringify({ server: { port: 8080, hosts: ["a", "b"] }, enabled: true, ratio: 0.5 }));
const d = YAML.parseDocument("# comment\nkey: value # trailing\n");
console.log(d.get("key"), String(d).trim());
