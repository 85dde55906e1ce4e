// The first Perry program: compile with `perry run examples/hello.ts`.
function greet(name: string): string {
  return `Hello, ${name}!`;
}

const names = ["world", "Perry"];
for (const n of names) {
  console.log(greet(n));
}
