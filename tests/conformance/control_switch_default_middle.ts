// default clause placed in the middle; it is only taken when nothing matches
function f(x: number) {
  const out: string[] = [];
  switch (x) {
    case 0:
      out.push("zero");
      break;
    default:
      out.push("default");
    case 1:
      out.push("one");
      break;
    case 2:
      out.push("two");
  }
  return out.join("+");
}
console.log(f(0), f(1), f(2), f(99));
function onlyDefault(x: number) {
  switch (x) {
    default:
      return "only default " + x;
  }
}
console.log(onlyDefault(3));
function emptySwitch(x: number) {
  let touched = false;
  switch (x) {}
  return touched;
}
console.log(emptySwitch(1));
function defaultFirst(x: string) {
  let s = "";
  switch (x) {
    default: s += "D";
    case "a": s += "A";
    case "b": s += "B"; break;
    case "c": s += "C";
  }
  return s;
}
console.log(defaultFirst("a"), defaultFirst("b"), defaultFirst("c"), defaultFirst("z"));
function inLoop() {
  const res: string[] = [];
  for (let i = 0; i < 5; i++) {
    switch (i % 3) {
      case 0: continue;
      case 1: res.push("one@" + i); break;
      default: res.push("other@" + i);
    }
    res.push("after@" + i);
  }
  return res;
}
console.log(inLoop());
