// null vs undefined
let a: any;
const b = null;
const obj: any = { x: undefined };
console.log(a, b, obj.x, obj.y);
console.log(a === undefined, b === null, a == null, b == undefined);
console.log(a === b, a == b);
console.log(typeof a, typeof b);
console.log("x" in obj, "y" in obj);
console.log(a + 1, b + 1);
console.log(a + "", b + "");
console.log(Number(a), Number(b));
console.log(String(a), String(b));
console.log([a, b], { a, b });
function noReturn() {}
function emptyReturn() { return; }
console.log(noReturn(), emptyReturn());
console.log(void 0, void "x" === undefined);
const arr = [1, 2];
console.log(arr[5], (arr as any).missing);
console.log(null ?? "d1", undefined ?? "d2", 0 ?? "d3", "" ?? "d4");
console.log(JSON.stringify({ a: undefined, b: null }));
