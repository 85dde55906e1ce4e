// Functions reading `arguments` called with thousands of arguments (apply, spread): the
// arguments object is made in linear time; reads of holes skip the prototype chain only when
// nothing on it has an index property.
function sum() {
  let s = 0;
  for (let i = 0; i < arguments.length; i++) s += arguments[i];
  return s;
}
function last() {
  return [arguments.length, arguments[arguments.length - 1], arguments[arguments.length]];
}
const big: number[] = [];
for (let i = 0; i < 8000; i++) big.push(i);
console.log(sum.apply(null, big), sum(...big), Reflect.apply(sum, null, big));
for (const n of [0, 1, 5, 16, 17, 100, 8000, 8001]) console.log(n, last.apply(null, big.concat(big).slice(0, n)));
function keys() {
  const ks = Object.keys(arguments);
  (arguments as any).extra = 1;
  arguments[2] = 99;
  return [ks.length, ks[0], ks[ks.length - 1], Object.keys(arguments).length, arguments[2], (arguments as any).extra, JSON.stringify(arguments).length];
}
console.log(keys.apply(null, big), keys(1, 2, 3));
function iter() {
  let n = 0;
  for (const x of arguments) n += x;
  return n;
}
console.log(iter.apply(null, big));
// Holes: joined and searched without reading the prototype chain, unless it has indices.
const holes = new Array(1000000);
console.log(holes.join("xyzw").length, holes.indexOf(undefined), holes.includes(undefined), [, , 1].join("-"));
(Array.prototype as any)[3] = "P";
console.log([, , , , ,].join("-"), [0, , , , 4].indexOf("P"), 3 in [, , , , ,]);
delete (Array.prototype as any)[3];
(Object.prototype as any)[1] = "O";
console.log([, , ,].join("-"), [, , ,].includes("O"), [, , ,].map((x) => x + "!"));
delete (Object.prototype as any)[1];
console.log([, , ,].join("-"), new Array(5).join().length);
