import { Effect, pipe, Option, Either } from "effect";
const divide = (a: number, b: number): Effect.Effect<number, Error> => (b === 0 ? Effect.fail(new Error("Cannot divide by zero")) : Effect.succeed(a / b));
const program = pipe(divide(10, 2), Effect.map((n) => n * 3), Effect.flatMap((n) => divide(n, 5)));
console.log(Effect.runSync(program));
const failed = Effect.runSyncExit(divide(1, 0));
console.log(failed._tag);
console.log(Option.getOrElse(Option.fromNullable(null as null | number), () => 7), Either.isRight(Either.right(1)));
Effect.runPromise(Effect.gen(function* () { const a = yield* Effect.succeed(20); const b = yield* Effect.succeed(22); return a + b; })).then((x) => console.log("gen", x));
const extraLine = 42; console.log("extra", extraLine);
