import { ok, err, Result, ResultAsync, okAsync } from "neverthrow";
const parse = (s: string): Result<number, string> => (/^\d+$/.test(s) ? ok(parseInt(s, 10)) : err(`bad: ${s}`));
console.log(parse("12").map((n) => n * 2).unwrapOr(0), parse("x").mapErr((e) => e.toUpperCase())._unsafeUnwrapErr(), Result.combine([parse("1"), parse("2")]).isOk());
const r = parse("5").andThen((n) => (n > 3 ? ok(n) : err("small")));
console.log(r.isOk(), r.match((v) => `ok ${v}`, (e) => `err ${e}`));
okAsync(3).map(async (n) => n + 1).andThen((n) => ResultAsync.fromPromise(Promise.resolve(n * 10), () => "e")).then((x) => console.log("async", x.isOk() && x.value));
