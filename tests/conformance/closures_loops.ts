// Closures created in loops
const byLet: (() => string)[] = [];
for (let i = 0; i < 3; i++) {
  let label = "item" + i;
  byLet.push(() => label + "@" + i);
}
console.log(byLet.map((f) => f()).join(" "));
const byIIFE: (() => number)[] = [];
for (var v = 0; v < 3; v++) {
  byIIFE.push(((captured) => () => captured)(v));
}
console.log(byIIFE.map((f) => f()).join(" "));
const shared: (() => number)[] = [];
for (var w = 0; w < 3; w++) {
  shared.push(() => w);
}
console.log(shared.map((f) => f()).join(" "));
const handlers: Record<string, () => string> = {};
for (const name of ["open", "close", "save"]) {
  handlers[name] = () => "handled " + name;
}
console.log(handlers.open(), handlers.save());
const adders = [1, 2, 3].map((n) => (x: number) => x + n);
console.log(adders.map((add) => add(10)));
let k = 0;
const doFns: (() => number)[] = [];
do {
  const snapshot = k;
  doFns.push(() => snapshot + k);
  k++;
} while (k < 3);
console.log(doFns.map((f) => f()));
const matrix: (() => string)[] = [];
for (let r = 0; r < 2; r++) {
  for (let c = 0; c < 2; c++) {
    matrix.push(() => r + "," + c);
  }
}
console.log(matrix.map((f) => f()));
