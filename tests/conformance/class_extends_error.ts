// Custom errors extending Error
class MyErr extends Error {
  code: number;
  constructor(message: string, code: number) {
    super(message);
    this.name = "MyErr";
    this.code = code;
  }
}
class NotFound extends MyErr {
  constructor(what: string) {
    super(`${what} not found`, 404);
    this.name = "NotFound";
  }
}
try {
  throw new NotFound("page");
} catch (e: any) {
  console.log(e instanceof NotFound, e instanceof MyErr, e instanceof Error, e instanceof TypeError);
  console.log(e.name, e.message, e.code);
  console.log(String(e));
  console.log(e.constructor.name);
}
class Plain extends Error {}
const p = new Plain("plain message");
console.log(p.name, p.message, p instanceof Plain, String(p));
class WithCause extends Error {
  constructor(msg: string, cause: unknown) {
    super(msg, { cause });
    this.name = "WithCause";
  }
}
const wc = new WithCause("outer", new Error("inner"));
console.log(wc.message, (wc.cause as Error).message);
function risky(n: number) {
  if (n < 0) throw new MyErr("negative", 1);
  if (n === 0) throw new NotFound("zero");
  return n;
}
for (const n of [1, 0, -1]) {
  try {
    console.log("ok", risky(n));
  } catch (e) {
    if (e instanceof NotFound) console.log("not found:", e.message);
    else if (e instanceof MyErr) console.log("my err:", e.message, e.code);
  }
}
console.log(Object.keys(new MyErr("m", 2)));
