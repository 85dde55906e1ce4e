// var declarations are hoisted (value undefined) and function-scoped
function f() {
  console.log("before", v);
  var v = 10;
  console.log("after", v);
  if (true) {
    var inner = "block var";
  }
  console.log(inner);
  for (var i = 0; i < 3; i++) {}
  console.log("i after loop", i);
  return typeof laterVar;
  var laterVar = 1;
}
console.log(f());
function redeclare() {
  var a = 1;
  var a = 2;
  return a;
}
console.log(redeclare());
var top1 = "top";
console.log(top1);
function noInit() {
  var x;
  return x;
}
console.log(noInit());
function conditionalVar(flag: boolean) {
  if (flag) {
    var set = "set";
  }
  return set;
}
console.log(conditionalVar(true), conditionalVar(false));
