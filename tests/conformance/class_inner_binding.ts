// Inside its body, a class's name is an immutable inner binding: assigning
// it throws a TypeError, even for a declaration whose outer binding is
// mutable (15.7.14 ClassDefinitionEvaluation step 3.a).
function attempt(what: string, f: () => unknown) {
  try {
    f();
    console.log(what, "assigned");
  } catch (e: any) {
    console.log(what, e.constructor.name);
  }
}
class B {
  static field = attempt("static field", () => {
    (B as any) = 1;
  });
  static m() {
    attempt("static method", () => {
      (B as any) = 2;
    });
    attempt("compound", () => {
      (B as any) += 1;
    });
    attempt("update", () => {
      (B as any)++;
    });
    attempt("destructuring", () => {
      [B as any] = [3];
    });
  }
  inst() {
    attempt("method", () => {
      (B as any) = 4;
    });
  }
  static {
    attempt("static block", () => {
      (B as any) = 5;
    });
  }
}
B.m();
new B().inst();
console.log(typeof B);
// Outside the body the declaration's binding is an ordinary `let`.
const saved = B;
(B as any) = 42;
console.log(B as any, typeof saved);
// A named class expression: its name is only the inner binding.
let E = class Named {
  m() {
    attempt("expression", () => {
      (Named as any) = 6;
    });
    return typeof Named;
  }
};
console.log(new E().m());
E = class {} as any;
console.log(typeof E);
// A parameter or local of the same name inside a method is a new binding.
class S {
  m(S: number) {
    S = S + 1;
    return S;
  }
  n() {
    let S = 1;
    S = 2;
    return S;
  }
}
console.log(new S().m(1), new S().n());
