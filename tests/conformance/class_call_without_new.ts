// Calling a class without new throws TypeError
class Foo {
  constructor(public x = 1) {}
}
try {
  (Foo as any)();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name, e.message);
}
class Bar extends Foo {}
try {
  (Bar as any)(5);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name, e.message);
}
try {
  (Foo as any).call({}, 1);
} catch (e: any) {
  console.log(e instanceof TypeError, e.message);
}
const Anon = class {};
try {
  (Anon as any)();
} catch (e: any) {
  console.log(e instanceof TypeError, e.message);
}
console.log(new Foo().x, new Bar(7).x);
const classes = [Foo, Bar];
for (const C of classes) {
  try {
    (C as any)();
    console.log("no error");
  } catch (e: any) {
    console.log(C.name, e.name);
  }
}
console.log(typeof Foo, typeof new Foo());
