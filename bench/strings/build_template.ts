// Building CSV with template literals in a loop, then reading it once. Size: rows.
const rows = Number(process.argv[2] ?? "400000") | 0;
let csv = "id,name,score,city\n";
const cities = ["Berlin", "Lisbon", "Osaka", "Quito", "Accra"];
for (let i = 0; i < rows; i++) {
  csv += `${i},user${i * 7},${(i * 37) % 1000},${cities[i % cities.length]}\n`;
}
let commas = 0;
for (let i = 0; i < csv.length; i += 97) if (csv.charCodeAt(i) === 44) commas++;
console.log(csv.length, commas, csv.slice(csv.length - 30));
