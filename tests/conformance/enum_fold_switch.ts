// Enum member reads folded to constants, and switches over integer constants
// compiled to a jump table: the cases that must still behave as property
// reads and strict equality.

enum Op {
  Push,
  Pop,
  Add = 10,
  Sub,
  Neg = -4,
  Shift = 1 << 4,
  Mask = Shift | Add,
  Not = ~Add,
  Name = "name",
  Tpl = `tpl`,
}

class Machine {
  run(op: Op): string {
    switch (op) {
      case Op.Push:
        return "push";
      case Op.Pop:
        return "pop";
      case Op.Add:
        return "add";
      case Op.Sub:
        return "sub";
      case Op.Neg:
        return "neg";
      default:
        return "other " + String(op);
      case Op.Shift:
        return "shift";
    }
  }
}
const m = new Machine();
for (const x of [0, 1, 10, 11, -4, 16, 2, -0, 0.5, NaN, Infinity, -Infinity, 2 ** 31, -(2 ** 31), "0", null, undefined, 1e300]) {
  console.log(String(x), m.run(x as Op));
}
console.log(Op.Push, Op.Pop, Op.Add, Op.Sub, Op.Neg, Op.Shift, Op.Mask, Op.Not, Op.Name, Op.Tpl);
console.log(Op[Op.Sub], Op[0], Op[-4], Object.keys(Op).length);

// Fall-through, duplicates (the first wins), a default in the middle.
function fall(n: number): string[] {
  const out: string[] = [];
  switch (n) {
    case 1:
      out.push("one");
    case 2:
      out.push("two");
      break;
    case 3:
      out.push("three");
    default:
      out.push("default");
    case 4:
      out.push("four");
      break;
    case 1:
      out.push("second one");
      break;
    case 7:
      out.push("seven");
  }
  return out;
}
for (let n = 0; n <= 8; n++) console.log(n, fall(n).join(","));

// An enum passed around is read as an object too.
enum Passed {
  X = 5,
}
function keys(o: object): string {
  return Object.keys(o).join(",");
}
class UsesPassed {
  x(): number {
    return Passed.X;
  }
}
console.log("passed", keys(Passed), new UsesPassed().x());

// A switch whose discriminant has effects runs them once.
let calls = 0;
function next(): number {
  calls++;
  return calls % 6;
}
const seen: string[] = [];
for (let i = 0; i < 6; i++) {
  switch (next()) {
    case 0:
      seen.push("z");
      break;
    case 1:
      seen.push("a");
      break;
    case 2:
      seen.push("b");
      break;
    case 3:
      seen.push("c");
      break;
    case 5:
      seen.push("e");
      break;
  }
}
console.log(seen.join(""), calls);

// Negative and sparse tests, and a lexical declaration in a case.
function sparse(n: number): number {
  switch (n) {
    case -3:
      return 1;
    case -1:
      return 2;
    case 4: {
      const k = n * 2;
      return k;
    }
    case 9:
      return 4;
  }
  return -1;
}
console.log([-4, -3, -2, -1, 0, 4, 9, 10].map(sparse).join(" "));
