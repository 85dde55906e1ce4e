// JSON.stringify throws TypeError on cycles; shared (non-cyclic) references are fine
const a: any = { name: "a" };
a.self = a;
try {
  JSON.stringify(a);
  console.log("no error");
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const arr: any[] = [1];
arr.push(arr);
try {
  JSON.stringify(arr);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const x: any = { child: { parent: null } };
x.child.parent = x;
try {
  JSON.stringify(x);
} catch (e: any) {
  console.log(e.name);
}
const shared = { v: 1 };
console.log(JSON.stringify({ first: shared, second: shared, list: [shared, shared] }));
const cyc: any = { keep: 1 };
cyc.loop = cyc;
console.log(JSON.stringify(cyc, (k, v) => (k === "loop" ? undefined : v)));
console.log(JSON.stringify(cyc, ["keep"]));
const deep: any = { level: 0 };
let cur = deep;
for (let i = 1; i < 50; i++) {
  cur.next = { level: i };
  cur = cur.next;
}
console.log(JSON.stringify(deep).length);
