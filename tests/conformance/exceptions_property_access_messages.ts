// TypeError messages for property reads/writes/calls on undefined and null in many positions
function msg(fn: () => unknown) {
  try {
    fn();
    return "no error";
  } catch (e: any) {
    return `${e instanceof TypeError} ${e.name}: ${e.message}`;
  }
}
const u: any = undefined;
const n: any = null;
const o: any = { a: undefined, b: null, c: { d: undefined } };
console.log(msg(() => u.x));
console.log(msg(() => n.x));
console.log(msg(() => o.a.x));
console.log(msg(() => o.b.x));
console.log(msg(() => o.c.d.x));
console.log(msg(() => u.foo()));
console.log(msg(() => n.length));
console.log(msg(() => u[0]));
console.log(msg(() => u["key"]));
console.log(msg(() => { u.x = 1; }));
console.log(msg(() => { n.x = 1; }));
console.log(msg(() => { o.a.x = 1; }));
console.log(msg(() => { const x: any = 1; x(); }));
console.log(msg(() => o.c.notAFunction()));
console.log(msg(() => o.a?.x));
console.log(msg(() => o.b?.x.y.z));
