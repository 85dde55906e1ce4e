// Assigning to a const binding throws TypeError
const c = 1;
try {
  (c as any) = 2;
} catch (e: any) {
  console.log(e instanceof TypeError, e.name, e.message);
}
console.log(c);
const obj = { n: 1 };
obj.n = 2;
console.log(obj.n);
const arr = [1];
arr.push(2);
console.log(arr);
function incConst() {
  const k = 5;
  try {
    (k as any)++;
  } catch (e: any) {
    return e.name + ": " + e.message;
  }
  return "no error";
}
console.log(incConst());
try {
  for (const i = 0; i < 2; (i as any)++) {
    console.log("iteration", i);
  }
} catch (e: any) {
  console.log(e.name, e.message);
}
const compound = 10;
try {
  (compound as any) += 1;
} catch (e: any) {
  console.log(e.message);
}
console.log(compound);
const viaClosure = "x";
const assign = () => { (viaClosure as any) = "y"; };
try { assign(); } catch (e: any) { console.log("closure", e.name); }
