// Dynamic property access, addition, deletion and hasOwnProperty
const obj: Record<string, any> = {};
obj.a = 1;
obj["b"] = 2;
const k = "c";
obj[k] = 3;
obj[1 + 1] = "two";
console.log(obj, Object.keys(obj).length);
console.log(obj["a"], obj.b, obj[k], obj[2], obj["2"]);
console.log(obj.missing, obj["also missing"]);
delete obj.a;
console.log(obj, "a" in obj);
console.log(obj.hasOwnProperty("b"), obj.hasOwnProperty("toString"), Object.hasOwn(obj, "c"));
const counts: Record<string, number> = {};
for (const w of "the cat and the hat and the bat".split(" ")) {
  counts[w] = (counts[w] ?? 0) + 1;
}
console.log(counts);
const keyObj: any = {};
const objKey = { toString() { return "custom-key"; } };
keyObj[objKey as any] = 1;
keyObj[[1, 2] as any] = 2;
keyObj[null as any] = 3;
keyObj[undefined as any] = 4;
keyObj[true as any] = 5;
console.log(Object.keys(keyObj));
const arr: any = [];
arr["5"] = "five";
console.log(arr.length);
arr.name = "not index";
console.log(arr.length, arr.name);
const nested: any = {};
nested.level1 = {};
nested.level1.level2 = { value: "deep" };
console.log(nested.level1.level2.value, nested);
