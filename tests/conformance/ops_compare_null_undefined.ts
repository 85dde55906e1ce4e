// null and undefined in equality and relational comparisons
const n: any = null;
const u: any = undefined;
console.log(n == u, n === u, n != u, n !== u);
console.log(n == 0, n == false, n == "", u == 0, u == false);
console.log(n >= 0, n <= 0, n > 0, n < 0);
console.log(u >= 0, u <= 0, u > 0, u < 0);
console.log(n == null, u == null, 0 == n, "" == u);
console.log(n + 1, u + 1, n * 5, u * 5);
console.log(n ?? "dflt", u ?? "dflt", n || "or", u && "and");
console.log(typeof n, typeof u);
console.log(Number(n), Number(u), String(n), String(u));
console.log([n, u].map((x) => x == null));
console.log(n === null && u === undefined);
console.log(!n, !u, !!n === !!u);
