// Block scoping and shadowing
let x = "outer";
{
  let x = "block";
  console.log(x);
  {
    const x = "inner";
    console.log(x);
  }
  console.log(x);
}
console.log(x);
function shadowParam(p: number) {
  {
    let p = 100;
    console.log("inner p", p);
  }
  return p;
}
console.log(shadowParam(1));
if (true) {
  let scoped = "if-block";
  console.log(scoped);
}
console.log(typeof (globalThis as any).scoped);
for (let i = 0; i < 2; i++) {
  let i = "shadowed";
  console.log(i);
}
let total = 0;
for (let i = 0; i < 3; i++) {
  for (let i = 0; i < 2; i++) {
    total += 1;
  }
}
console.log(total);
switch (1) {
  case 1: {
    const c = "case scoped";
    console.log(c);
  }
}
try {
  throw "thrown";
} catch (x) {
  console.log("catch x", x);
}
console.log(x);
