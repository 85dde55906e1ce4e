// Enums used as values: iteration, reverse mapping, keys in maps, function parameters
enum Suit { Hearts, Diamonds, Clubs, Spades }
const names: string[] = [];
for (const k in Suit) {
  if (isNaN(Number(k))) names.push(k);
}
console.log(names);
const values = Object.values(Suit).filter((v) => typeof v === "number");
console.log(values);
const symbols = new Map<Suit, string>([[Suit.Hearts, "H"], [Suit.Spades, "S"]]);
console.log(symbols.get(Suit.Hearts), symbols.get(Suit.Clubs), symbols);
function isRed(s: Suit) {
  return s === Suit.Hearts || s === Suit.Diamonds;
}
console.log([Suit.Hearts, Suit.Clubs, Suit.Diamonds].map(isRed));
enum HttpStatus { OK = 200, NotFound = 404, ServerError = 500 }
const describe = (code: number) => HttpStatus[code] ?? "Unknown";
console.log(describe(200), describe(404), describe(418));
console.log(HttpStatus.OK + 1, `${HttpStatus.NotFound}`, HttpStatus["ServerError"]);
const e: any = HttpStatus;
e.Extra = 999;
console.log(Object.keys(HttpStatus).length);
enum Dir { Up = "UP", Down = "DOWN" }
const opposite: Record<Dir, Dir> = { [Dir.Up]: Dir.Down, [Dir.Down]: Dir.Up };
console.log(opposite[Dir.Up], opposite);
enum Level { Low = 1, Mid = Low + 1, High = Mid * 2 }
console.log(Level.Low, Level.Mid, Level.High, Level[4]);
