// Built-in modules: `node:` specifiers and bare Node names resolve to the
// modules that ship with Perry.
import { setTimeout as sleep, setImmediate as tick, setInterval as every, scheduler } from "node:timers/promises";
import { setTimeout, clearTimeout } from "timers";
import * as timers from "node:timers";

console.log(typeof sleep, typeof tick, typeof setTimeout, typeof timers.clearInterval);
console.log(setTimeout === globalThis.setTimeout, timers.setImmediate === globalThis.setImmediate);

const order: string[] = [];
const h = setTimeout(() => order.push("cleared"), 1);
clearTimeout(h);
setTimeout(() => order.push("timeout 0"), 0);
const v = await sleep(5, "slept");
order.push(v);
order.push(String(await tick(42)));
await scheduler.wait(1);
await scheduler.yield();
let n = 0;
for await (const x of every(1, "tick")) {
  order.push(`${x} ${++n}`);
  if (n === 3) break;
}
console.log(order.join(", "));
