import { match, P } from "ts-pattern";
type Ev = { type: "click"; x: number; y: number } | { type: "key"; key: string } | { type: "scroll"; delta: number };
const describe = (e: Ev) => match(e)
  .with({ type: "click", x: P.when((x) => x > 100) }, ({ x }) => `far click ${x}`)
  .with({ type: "click" }, ({ x, y }) => `click ${x},${y}`)
  .with({ type: "key", key: P.union("Enter", "Escape") }, ({ key }) => `special ${key}`)
  .with({ type: "key" }, ({ key }) => `key ${key}`)
  .otherwise(() => "other");
console.log([{ type: "click", x: 5, y: 6 }, { type: "click", x: 500, y: 0 }, { type: "key", key: "Enter" }, { type: "key", key: "a" }, { type: "scroll", delta: 1 }].map((e) => describe(e as Ev)).join(" | "));
console.log(match([1, "a"]).with([P.number, P.string], ([n, s]) => `${n}${s}`).otherwise(() => "no"), P.string.optional !== undefined);
