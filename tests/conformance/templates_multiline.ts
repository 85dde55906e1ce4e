// Multi-line templates, indentation, and building text reports
const name = "Perry";
const items = [
  { label: "alpha", qty: 3, price: 1.25 },
  { label: "beta", qty: 10, price: 0.5 },
];
const report = `Report for ${name}
${"=".repeat(20)}
${items.map((it) => `${it.label.padEnd(8)}${String(it.qty).padStart(4)} @ ${it.price.toFixed(2)}`).join("\n")}
${"-".repeat(20)}
Total: ${items.reduce((s, it) => s + it.qty * it.price, 0).toFixed(2)}`;
console.log(report);
const indented = `
    leading newline and indentation are preserved
      including deeper lines
`;
console.log(JSON.stringify(indented));
console.log(`a
b`.split("\n").length);
const html = (title: string, body: string[]) => `<html>
  <title>${title}</title>
  <body>
${body.map((b) => `    <p>${b}</p>`).join("\n")}
  </body>
</html>`;
console.log(html("T", ["one", "two"]));
console.log(`\r\n`.length, `\
continued`, `tab\there`);
