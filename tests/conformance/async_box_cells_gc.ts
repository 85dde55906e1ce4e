// @expose-gc
// Values only reachable from a suspended activation's box cells survive
// full collections (and the young ones minor collections), in async
// functions and generators; abandoned generators are collected; closures
// capturing an async function's locals keep them after it completed.

declare function gc(): void;

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}

async function holder(tag: string): Promise<string> {
  const obj = { tag, list: [1, 2, 3].map((x) => x * 10), nested: { deep: "value-" + tag } };
  let text = JSON.stringify(obj);
  await tick();
  gc();
  const churn: object[] = [];
  for (let i = 0; i < 20000; i++) churn.push({ i });
  await null;
  gc();
  text += "|" + obj.nested.deep + "|" + obj.list.join(",");
  return text + "|" + churn.length;
}

function* holdingGenerator(): Generator<string> {
  const kept = { name: "kept", items: ["a", "b"] };
  yield "started";
  yield kept.name + ":" + kept.items.join("");
  const more = new Map([["k", { v: 42 }]]);
  yield "map " + more.get("k")!.v;
}

const counters: Array<() => number> = [];
async function capturing(start: number): Promise<number> {
  let count = start;
  counters.push(() => ++count);
  await tick();
  count += 100;
  return count;
}

async function main() {
  const [a, b] = await Promise.all([holder("one"), holder("two")]);
  console.log(a);
  console.log(b);

  const g = holdingGenerator();
  console.log(g.next().value);
  gc();
  for (let i = 0; i < 10000; i++) holdingGenerator().next(); // abandoned, each holding cells
  gc();
  console.log(g.next().value);
  console.log(g.next().value);
  console.log(g.next().done);

  const r = await capturing(5);
  gc();
  console.log(r, counters[0](), counters[0]());
  setTimeout(() => {
    gc();
    console.log("from a timer", counters[0]());
  }, 1);
}

main();
