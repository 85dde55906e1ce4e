// Conway's Game of Life on a small toroidal grid
type Grid = boolean[][];
const parse = (rows: string[]): Grid => rows.map((r) => [...r].map((c) => c === "#"));
const render = (g: Grid) => g.map((r) => r.map((c) => (c ? "#" : ".")).join("")).join("\n");
function step(g: Grid): Grid {
  const h = g.length, w = g[0].length;
  return g.map((row, y) =>
    row.map((alive, x) => {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          if (g[(y + dy + h) % h][(x + dx + w) % w]) n++;
        }
      return alive ? n === 2 || n === 3 : n === 3;
    }),
  );
}
let g = parse([
  "......",
  "..#...",
  "...#..",
  ".###..",
  "......",
  "......",
]);
for (let gen = 0; gen < 4; gen++) {
  console.log("generation", gen);
  console.log(render(g));
  g = step(g);
}
const blinker = parse([".....", "..#..", "..#..", "..#..", "....."]);
console.log(render(step(blinker)));
console.log(render(step(step(blinker))) === render(blinker));
const population = (gr: Grid) => gr.reduce((s, r) => s + r.filter(Boolean).length, 0);
let glider = parse(["......", "..#...", "...#..", ".###..", "......", "......"]);
const pops: number[] = [];
for (let i = 0; i < 24; i++) { pops.push(population(glider)); glider = step(glider); }
console.log(pops.every((p) => p === 5));
