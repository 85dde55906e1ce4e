import { object, number, string, array, assert, is, validate, optional, defaulted, create } from "superstruct";
const User = object({ id: number(), name: string(), tags: optional(array(string())) });
console.log(is({ id: 1, name: "x" }, User), is({ id: "1", name: "x" }, User));
const [error] = validate({ id: 1, name: 5 }, User);
console.log(error?.message, JSON.stringify(error?.path));
try { assert({ id: 1 }, User); } catch (e: any) { console.log("assert:", e.message); }
console.log(JSON.stringify(create({ n: undefined }, object({ n: defaulted(number(), 42) }))));
