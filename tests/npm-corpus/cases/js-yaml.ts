import yaml from "js-yaml";
const doc = yaml.load("a: 1\nb: [x, y]\nc:\n  d: true\n  e: 2024-01-02\n") as any;
console.log(JSON.stringify(doc), yaml.dump({ z: [1, { q: "s" }], n: null }));
