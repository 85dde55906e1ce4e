// %GeneratorFunction.prototype%, %AsyncFunction.prototype% and
// %AsyncGeneratorFunction.prototype%: the prototypes of generator, async and
// async generator functions (declarations, arrows, methods), linked to the
// generator prototypes, and how such functions print.
const G = Object.getPrototypeOf(function* () {});
const A = Object.getPrototypeOf(async function () {});
const AG = Object.getPrototypeOf(async function* () {});
console.log(G === Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(G) === Function.prototype);
console.log(G.prototype === Object.getPrototypeOf(Object.getPrototypeOf((function* () {})())));
console.log(G[Symbol.toStringTag], A[Symbol.toStringTag], AG[Symbol.toStringTag]);
console.log(AG.prototype === Object.getPrototypeOf(Object.getPrototypeOf((async function* () {})())));
console.log(Object.getPrototypeOf(async () => 1) === A, Object.getPrototypeOf({ async *m() {} }.m) === AG, Object.getPrototypeOf({ *m() {} }.m) === G);
console.log(Object.getPrototypeOf(class { async m() {} }.prototype.m) === A, Object.getPrototypeOf(function () {}) === Function.prototype);
const gp = Object.getPrototypeOf(Object.getPrototypeOf((function* () {})()));
console.log(gp.constructor === G, typeof (async () => 1).call, (function* () {}).bind(null).name);
console.log(function* named() {}, async function an() {}, async () => {});
