import { pipe } from "fp-ts/lib/function.js";
import * as O from "fp-ts/lib/Option.js";
import * as E from "fp-ts/lib/Either.js";
import * as A from "fp-ts/lib/Array.js";
const parse = (s: string): E.Either<string, number> => (isNaN(Number(s)) ? E.left(`not a number: ${s}`) : E.right(Number(s)));
console.log(JSON.stringify(pipe("42", parse, E.map((n) => n * 2))), JSON.stringify(pipe("x", parse, E.map((n) => n * 2))));
console.log(pipe(O.some(3), O.map((n) => n + 1), O.getOrElse(() => 0)), pipe(O.none, O.getOrElse(() => -1)));
console.log(JSON.stringify(pipe([1, 2, 3, 4], A.filter((n) => n % 2 === 0), A.map((n) => n * 10))), JSON.stringify(A.sequence(O.Applicative)([O.some(1), O.some(2)])));
