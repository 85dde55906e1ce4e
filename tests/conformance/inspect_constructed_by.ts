// An object whose prototype chain has no `constructor` prints by the name of
// the function `new` made it with (V8's map constructor), as cookie's
// `NullObject` does; Object.create and other functions' new.target do not.
const NullObject = (() => {
  const C: any = function () {};
  C.prototype = Object.create(null);
  return C;
})();
const o = new NullObject();
o.a = 1;
o.b = "x";
console.log(o);

function D(this: any) {}
D.prototype = Object.create(null);
const d = new (D as any)();
console.log(d, [d], { d });

console.log(Object.create(Object.create(null)));
const f = Object.create(null);
f.x = 1;
console.log(f);

function F() {}
function G() {}
G.prototype = Object.create(null);
console.log(Reflect.construct(F, [], G));
console.log(Reflect.construct(G, [], F));

class K {
  q: number;
  constructor() {
    this.q = 1;
  }
}
delete (K.prototype as any).constructor;
Object.setPrototypeOf(K.prototype, null);
for (let i = 0; i < 3; i++) console.log(new K());

const anon = (() => function () {})();
anon.prototype = Object.create(null);
console.log(new (anon as any)());

function M(this: any) {
  this.z = 1;
}
M.prototype = Object.create(null);
const m = new (M as any)();
console.log(m);
delete m.z;
m.w = 2;
console.log(m, Object.freeze(m));

// A prototype with a constructor again: named by it.
function P() {}
P.prototype = { constructor: P, y: 2 };
console.log(new (P as any)());
function Q() {}
Q.prototype = { y: 2 };
console.log(new (Q as any)());
