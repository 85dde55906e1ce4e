// Shunting-yard infix calculator with precedence, associativity and errors
const prec: Record<string, number> = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3 };
function toRPN(expr: string): string[] {
  const out: string[] = [], ops: string[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i];
    if (c === " ") { i++; continue; }
    if ((c >= "0" && c <= "9") || c === ".") {
      let j = i;
      while (j < expr.length && ((expr[j] >= "0" && expr[j] <= "9") || expr[j] === ".")) j++;
      out.push(expr.slice(i, j));
      i = j;
      continue;
    }
    if (c === "(") ops.push(c);
    else if (c === ")") {
      while (ops.length && ops[ops.length - 1] !== "(") out.push(ops.pop()!);
      if (!ops.length) throw new SyntaxError("unbalanced )");
      ops.pop();
    } else if (c in prec) {
      while (ops.length) {
        const top = ops[ops.length - 1];
        if (top !== "(" && (prec[top] > prec[c] || (prec[top] === prec[c] && c !== "^"))) out.push(ops.pop()!);
        else break;
      }
      ops.push(c);
    } else throw new SyntaxError(`bad char ${c}`);
    i++;
  }
  while (ops.length) {
    const op = ops.pop()!;
    if (op === "(") throw new SyntaxError("unbalanced (");
    out.push(op);
  }
  return out;
}
function evalRPN(rpn: string[]): number {
  const st: number[] = [];
  for (const t of rpn) {
    if (!(t in prec)) { st.push(parseFloat(t)); continue; }
    const b = st.pop()!, a = st.pop()!;
    st.push(t === "+" ? a + b : t === "-" ? a - b : t === "*" ? a * b : t === "/" ? a / b : t === "%" ? a % b : a ** b);
  }
  return st[0];
}
for (const e of ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "10 / 4", "7 % 3 + 0.5", "1 / 0", "((2))", "2 * (3 + 4) - 5 / (1 + 1)"]) {
  const rpn = toRPN(e);
  console.log(e.padEnd(26), rpn.join(" ").padEnd(22), evalRPN(rpn));
}
for (const bad of ["(1 + 2", "1 + 2)", "3 & 4"]) {
  try { toRPN(bad); } catch (e: any) { console.log(e.name, e.message); }
}
