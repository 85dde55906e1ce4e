// finally blocks run for every exit path, including in loops and nested functions
let cleanups = 0;
function withResource<T>(name: string, body: () => T): T {
  const log: string[] = [];
  try {
    log.push("open " + name);
    return body();
  } finally {
    cleanups++;
  }
}
console.log(withResource("a", () => 1));
try {
  withResource("b", () => { throw new Error("body failed"); });
} catch (e: any) {
  console.log("caught", e.message);
}
console.log(withResource("c", () => withResource("d", () => "nested")));
console.log("cleanups", cleanups);
function search(grid: number[][], target: number) {
  const trace: string[] = [];
  for (let r = 0; r < grid.length; r++) {
    try {
      for (let c = 0; c < grid[r].length; c++) {
        if (grid[r][c] === target) return { r, c, trace };
      }
    } finally {
      trace.push("row " + r + " done");
    }
  }
  return { r: -1, c: -1, trace };
}
console.log(search([[1, 2], [3, 4], [5, 6]], 4));
console.log(search([[1]], 9));
let counter = 0;
function increments() {
  try {
    counter++;
    return counter;
  } finally {
    counter += 10;
  }
}
console.log(increments(), counter, increments(), counter);
