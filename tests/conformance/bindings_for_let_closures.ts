// Per-iteration let bindings captured by closures
const fns: (() => number)[] = [];
for (let i = 0; i < 4; i++) {
  fns.push(() => i);
}
console.log(fns.map((f) => f()));
const varFns: (() => number)[] = [];
for (var j = 0; j < 4; j++) {
  varFns.push(() => j);
}
console.log(varFns.map((f) => f()));
const mutated: (() => number)[] = [];
for (let k = 0; k < 3; k++) {
  mutated.push(() => k);
  k += 0;
}
console.log(mutated.map((f) => f()));
const ofFns: (() => string)[] = [];
for (const s of ["a", "b", "c"]) {
  ofFns.push(() => s);
}
console.log(ofFns.map((f) => f()));
const inFns: (() => string)[] = [];
for (const key in { x: 1, y: 2 }) {
  inFns.push(() => key);
}
console.log(inFns.map((f) => f()));
// closure increments the per-iteration copy, which is copied into the next iteration
const incs: (() => number)[] = [];
for (let m = 0; m < 6; m++) {
  incs.push(() => ++m);
  if (incs.length === 2) break;
}
console.log(incs[0](), incs[1](), incs[0]());
let w = 0;
const whileFns: (() => number)[] = [];
while (w < 3) {
  const captured = w;
  whileFns.push(() => captured * 10);
  w++;
}
console.log(whileFns.map((f) => f()));
