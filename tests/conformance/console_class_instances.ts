// Class instances print with their class name
class Foo {
  x = 1;
}
class Empty {}
class WithMany {
  a = 1;
  b = "two";
  c = [3];
  d = { e: 5 };
}
class Parent { p = 1; }
class Child extends Parent { c = 2; }
console.log(new Foo());
console.log(new Empty());
console.log(new WithMany());
console.log(new Child());
console.log([new Foo(), new Foo()]);
console.log({ inst: new Foo() });
class Point {
  constructor(public x: number, public y: number) {}
  method() { return 1; }
}
console.log(new Point(1, 2));
class Holder {
  items = [new Point(0, 0)];
  map = new Map([["k", new Point(1, 1)]]);
}
console.log(new Holder());
class PrivateOnly {
  #secret = 1;
  visible = 2;
}
console.log(new PrivateOnly());
const anon = new (class {
  v = 1;
})();
console.log(anon);
class Nested { inner = { deep: { deeper: { deepest: 1 } } }; }
console.log(new Nested());
class WithStatic { static s = 1; i = 2; }
console.log(new WithStatic());
