// Default parameter values
function greet(name = "world", punct = "!") {
  return "hello " + name + punct;
}
console.log(greet());
console.log(greet("ts"));
console.log(greet("ts", "?"));
console.log(greet(undefined, "."));
console.log(greet(null as any));
function dependsOnEarlier(a: number, b = a * 2, c = a + b) {
  return [a, b, c];
}
console.log(dependsOnEarlier(1));
console.log(dependsOnEarlier(1, 5));
console.log(dependsOnEarlier(1, undefined, 0));
let calls = 0;
function sideEffect() {
  calls++;
  return calls;
}
function lazy(x = sideEffect()) {
  return x;
}
console.log(lazy(10), calls);
console.log(lazy(), calls);
console.log(lazy(), calls);
function arrDefault(list: number[] = []) {
  list.push(list.length);
  return list;
}
console.log(arrDefault(), arrDefault());
function objDefault({ x = 1, y = 2 } = {}) {
  return x + y;
}
console.log(objDefault(), objDefault({ x: 10 }), objDefault({ y: 0 }));
console.log(greet.length, dependsOnEarlier.length, lazy.length);
const arrowDefault = (a: number, b = 10) => a + b;
console.log(arrowDefault(1), arrowDefault(1, 1));
