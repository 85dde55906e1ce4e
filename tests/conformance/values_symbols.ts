// Symbols as values
const s1 = Symbol("desc");
const s2 = Symbol("desc");
const s3 = Symbol();
console.log(typeof s1, s1 === s2, s1 === s1);
console.log(s1.toString(), s3.toString());
console.log(s1.description, s3.description);
console.log(String(s1));
const obj: any = { [s1]: 1, normal: 2 };
console.log(obj[s1], obj[s2]);
console.log(Object.keys(obj));
console.log(s1);
console.log([s1, s3]);
console.log({ key: s2 });
try {
  const x = (s1 as any) + "";
  console.log(x);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(Symbol.iterator.toString(), typeof Symbol.iterator);
console.log(Boolean(s3), !s3);
