// pass: lower
// Locals, loops, branches, closures and their boxes, as lowering writes them.
export function sum(n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) {
    if (i % 3 === 0 || i % 5 === 0) s += i;
  }
  return s;
}

export function counter(start: number) {
  let count = start;
  const inc = () => ++count;
  const get = () => count;
  return { inc, get };
}

function classify(x: unknown): string {
  switch (typeof x) {
    case "number":
      return x === 0 ? "zero" : "number";
    case "string":
      return "string";
    default:
      return "other";
  }
}

export function tryIt(f: () => void): string {
  try {
    f();
    return "ok";
  } catch (e) {
    return classify(e);
  }
}

export function unsupported(xs: number[]) {
  let t = 0;
  for (const x of xs) t += x;
  return `${t}`;
}
