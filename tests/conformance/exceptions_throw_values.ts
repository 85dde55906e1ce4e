// Throwing non-Error values and optional catch binding
const thrown: unknown[] = [42, "a string", null, undefined, { code: 7 }, [1, 2], true, Symbol("s"), () => "fn"];
for (const v of thrown) {
  try {
    throw v;
  } catch (e) {
    const t = typeof e;
    const desc = t === "symbol" ? (e as symbol).toString() : t === "function" ? (e as () => string)() : JSON.stringify(e);
    console.log(t, desc, e === v);
  }
}
let reached = false;
try {
  throw new Error("ignored");
} catch {
  reached = true;
}
console.log("optional binding", reached);
function parseOr(s: string, fallback: number) {
  try {
    const v = JSON.parse(s);
    if (typeof v !== "number") throw "not a number";
    return v;
  } catch {
    return fallback;
  }
}
console.log(parseOr("12", 0), parseOr("x", -1), parseOr('"s"', -2));
try {
  throw { name: "Custom", message: "object with name" };
} catch (e: any) {
  console.log(e.name, e.message, e instanceof Error);
}
class Failure {
  constructor(public reason: string) {}
}
try {
  throw new Failure("class that is not an Error");
} catch (e) {
  console.log(e instanceof Failure, e instanceof Error, (e as Failure).reason);
}
