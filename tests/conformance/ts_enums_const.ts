// const enums are inlined; values behave like literals
const enum Level {
  Low = 1,
  Medium,
  High = 10,
}
const enum Tag {
  A = "tag-a",
  B = "tag-b",
}
const l: Level = Level.Medium;
console.log(Level.Low, l, Level.High);
console.log(Tag.A, Tag.B);
function describe(x: Level) {
  switch (x) {
    case Level.Low: return "low";
    case Level.Medium: return "medium";
    case Level.High: return "high";
  }
}
console.log(describe(Level.Low), describe(Level.Medium), describe(Level.High));
console.log(Level.High > Level.Medium, Level.Low + Level.High);
const levels = [Level.High, Level.Low, Level.Medium].sort((a, b) => a - b);
console.log(levels);
const tags: Tag[] = [Tag.B, Tag.A];
console.log(tags.join(","), tags.includes(Tag.A));
const obj = { [Tag.A]: 1 };
console.log(obj);
