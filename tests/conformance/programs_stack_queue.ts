// Stack-based bracket matching and a queue-based round-robin scheduler
function balanced(s: string): boolean {
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const stack: string[] = [];
  for (const ch of s) {
    if ("([{".includes(ch)) stack.push(ch);
    else if (ch in pairs) {
      if (stack.pop() !== pairs[ch]) return false;
    }
  }
  return stack.length === 0;
}
for (const s of ["()", "([]{})", "(]", "((", "", "a(b[c]{d}e)f", "}{"]) {
  console.log(JSON.stringify(s), balanced(s));
}
type Task = { name: string; remaining: number };
function roundRobin(tasks: Task[], quantum: number) {
  const queue = tasks.map((t) => ({ ...t }));
  const timeline: string[] = [];
  let time = 0;
  while (queue.length > 0) {
    const t = queue.shift()!;
    const run = Math.min(quantum, t.remaining);
    time += run;
    t.remaining -= run;
    timeline.push(`${t.name}@${time}`);
    if (t.remaining > 0) queue.push(t);
  }
  return timeline;
}
console.log(roundRobin([{ name: "A", remaining: 5 }, { name: "B", remaining: 2 }, { name: "C", remaining: 4 }], 2).join(" "));
function evalRPN(tokens: string[]): number {
  const st: number[] = [];
  for (const t of tokens) {
    if (["+", "-", "*", "/"].includes(t)) {
      const b = st.pop()!, a = st.pop()!;
      st.push(t === "+" ? a + b : t === "-" ? a - b : t === "*" ? a * b : a / b);
    } else st.push(Number(t));
  }
  return st[0];
}
console.log(evalRPN("3 4 + 2 *".split(" ")), evalRPN("5 1 2 + 4 * + 3 -".split(" ")), evalRPN(["7", "2", "/"]));
