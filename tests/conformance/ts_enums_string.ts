// String enums and heterogeneous enums (no reverse mapping for strings)
enum Color {
  Red = "RED",
  Green = "GREEN",
  Blue = "blue-ish",
}
console.log(Color.Red, Color.Green, Color.Blue);
console.log(Color);
console.log((Color as any)["RED"], Object.keys(Color), Object.values(Color));
enum Mixed {
  No = 0,
  Yes = "YES",
}
console.log(Mixed.No, Mixed.Yes, Mixed[0], (Mixed as any)["YES"]);
function paint(c: Color) {
  return c === Color.Red ? "warm" : "cool";
}
console.log(paint(Color.Red), paint(Color.Blue));
const lookup: Record<Color, number> = { [Color.Red]: 1, [Color.Green]: 2, [Color.Blue]: 3 };
console.log(lookup);
for (const key in Color) {
  console.log("key", key, "->", Color[key as keyof typeof Color]);
}
enum Computed {
  A = "a".length,
  B = A * 10,
  C = "c".length + B,
}
console.log(Computed.A, Computed.B, Computed.C, Computed[10]);
enum E { X = "x" }
enum E { Y = "y" }
console.log(E.X, E.Y, Object.keys(E));
