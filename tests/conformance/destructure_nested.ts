// Nested destructuring of objects and arrays with defaults
const data = {
  user: { id: 7, profile: { first: "Ada", last: "Lovelace", langs: ["en", "fr"] } },
  scores: [[1, 2], [3, 4]],
  meta: null,
};
const { user: { id, profile: { first, langs: [lang1, lang2, lang3 = "none"] } } } = data;
console.log(id, first, lang1, lang2, lang3);
const { scores: [[s00, s01], [, s11]] } = data;
console.log(s00, s01, s11);
try {
  // defaults apply only to undefined, so a null value is destructured and throws
  const { meta: { tag = "x" } = {} } = data as any;
  console.log(tag);
} catch (e: any) {
  console.log("null is not defaulted:", e instanceof TypeError, e.name);
}
const { meta2: { tag = "x" } = {} } = data as any;
console.log(tag);
const { missingObj: { deep = "deep default" } = {} } = data as any;
console.log(deep);
const [{ a, b: [b1, ...bRest] }, [{ c }]] = [{ a: 1, b: [2, 3, 4] }, [{ c: 5 }]];
console.log(a, b1, bRest, c);
const { user: { profile: { ...profileRest } } } = data;
console.log(profileRest);
const points = [{ x: 1, y: 2 }, { x: 3, y: 4 }];
const [{ x: px1 }, { y: py2 }] = points;
console.log(px1, py2);
try {
  const { nope: { inner } } = data as any;
  console.log(inner);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const config = { server: { ports: [80, 443] } };
const { server: { ports: [http, https, alt = 8080] = [] } = {} } = config;
console.log(http, https, alt);
