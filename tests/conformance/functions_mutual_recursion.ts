// Mutual recursion between functions and closures
function isEven(n: number): boolean {
  return n === 0 ? true : isOdd(n - 1);
}
function isOdd(n: number): boolean {
  return n === 0 ? false : isEven(n - 1);
}
console.log(isEven(0), isEven(7), isEven(100), isOdd(33));
const ping = (n: number, log: string[]): string[] => {
  if (n === 0) return log;
  log.push("ping" + n);
  return pong(n - 1, log);
};
const pong = (n: number, log: string[]): string[] => {
  if (n === 0) return log;
  log.push("pong" + n);
  return ping(n - 1, log);
};
console.log(ping(5, []));
// simple recursive descent expression evaluator
function parseExpr(s: string, pos: { i: number }): number {
  let v = parseTerm(s, pos);
  while (s[pos.i] === "+" || s[pos.i] === "-") {
    const op = s[pos.i++];
    const r = parseTerm(s, pos);
    v = op === "+" ? v + r : v - r;
  }
  return v;
}
function parseTerm(s: string, pos: { i: number }): number {
  let v = parseAtom(s, pos);
  while (s[pos.i] === "*" || s[pos.i] === "/") {
    const op = s[pos.i++];
    const r = parseAtom(s, pos);
    v = op === "*" ? v * r : v / r;
  }
  return v;
}
function parseAtom(s: string, pos: { i: number }): number {
  if (s[pos.i] === "(") {
    pos.i++;
    const v = parseExpr(s, pos);
    pos.i++;
    return v;
  }
  let start = pos.i;
  while (pos.i < s.length && s[pos.i] >= "0" && s[pos.i] <= "9") pos.i++;
  return Number(s.slice(start, pos.i));
}
for (const e of ["1+2*3", "(1+2)*3", "10/4-1", "2*(3+(4-1))*2", "7"]) {
  console.log(e, "=", parseExpr(e, { i: 0 }));
}
