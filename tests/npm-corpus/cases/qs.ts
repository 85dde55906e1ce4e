import qs from "qs";
console.log(qs.parse("a[b]=c&d[]=1&d[]=2&e=%20x"), qs.stringify({ a: { b: [1, 2] }, c: "x y" }));
