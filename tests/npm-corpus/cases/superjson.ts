import superjson from "superjson";
const data = { when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), set: new Set([1, 2]), map: new Map([["k", 1n]]), re: /ab+c/gi, u: undefined, n: NaN };
const { json, meta } = superjson.serialize(data);
console.log(JSON.stringify(json), JSON.stringify(meta));
const back = superjson.parse<typeof data>(superjson.stringify(data));
console.log(back.when instanceof Date, back.when.toISOString(), back.set.has(2), back.map.get("k"), back.re.flags, Number.isNaN(back.n), "u" in back);
