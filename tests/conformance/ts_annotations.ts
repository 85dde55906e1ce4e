// Type annotations everywhere are erased
let n: number = 1;
const s: string = "s";
const flags: boolean[] = [true, false];
const tuple: [string, number, boolean?] = ["a", 1];
const union: string | number | null = Math.PI > 3 ? "str" : null;
const fn: (a: number, b?: string) => string = (a, b = "x") => a + b;
const obj: { readonly a: number; b?: string; [key: string]: unknown } = { a: 1, extra: true };
let maybe: number | undefined;
function typed(a: number, b: string = "d", ...rest: boolean[]): [number, string, number] {
  return [a, b, rest.length];
}
const arrow = <T,>(x: T): T[] => [x, x];
let u: unknown = 5;
let anyV: any = "any";
let nev: never[] = [];
const literal: "on" | "off" = "on";
const numLit: 1 | 2 | 3 = 2;
function voidFn(): void {}
function assertsString(v: unknown): asserts v is string {
  if (typeof v !== "string") throw new TypeError("not a string");
}
const value: unknown = "checked";
assertsString(value);
console.log(n, s, flags, tuple, union);
console.log(fn(1), fn(2, "y"), obj, maybe);
console.log(typed(1), typed(1, "b", true, false));
console.log(arrow<number>(3), arrow("s"), u, anyV, nev, literal, numLit, voidFn());
console.log(value.toUpperCase());
let definite!: string;
definite = "assigned";
console.log(definite);
const objType: Record<"x" | "y", number> = { x: 1, y: 2 };
console.log(objType, typeof (obj as { a: number }).a);
