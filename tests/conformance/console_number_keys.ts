// Object keys that need quoting, numeric keys and key order in output
console.log({ 1: "a", 0: "b", "-1": "c", 1.5: "d" });
console.log({ valid: 1, _under: 2, $dollar: 3, camelCase: 4, with_digits1: 5 });
console.log({ "has space": 1, "has-dash": 2, "has.dot": 3, "": 4, "0lead": 5 });
console.log({ "quote'inside": 1, 'double"inside': 2 });
console.log({ ünïcode: 1, "日本": 2 });
console.log({ true: 1, null: 2, undefined: 3, class: 4, function: 5 });
const arrLike = { 0: "zero", 1: "one", length: 2 };
console.log(arrLike);
const withIndexProps: any = ["a", "b"];
withIndexProps.extra = "prop";
console.log(withIndexProps);
console.log({ a1: 1, A: 2, _: 3, $: 4, "a b": 5 });
console.log({ 4294967295: "big", 4294967294: "index", 99: "small" });
const nested = { "outer key": { "inner-key": { 0: "deep" } } };
console.log(nested);
