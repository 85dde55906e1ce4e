// Captured let variables are shared, not copied
let value = 1;
const read = () => value;
const write = (v: number) => { value = v; };
console.log(read());
write(5);
console.log(read(), value);
value = 7;
console.log(read());
function makePair() {
  let secret = 0;
  return {
    inc() { secret++; return secret; },
    get() { return secret; },
  };
}
const p1 = makePair();
const p2 = makePair();
p1.inc(); p1.inc(); p2.inc();
console.log(p1.get(), p2.get());
var hoisted = "first";
const readVar = () => hoisted;
hoisted = "second";
console.log(readVar());
let later: string;
const readLater = () => later;
later = "assigned later";
console.log(readLater());
function paramCapture(n: number) {
  const get = () => n;
  n = n * 2;
  return get();
}
console.log(paramCapture(21));
