import { produce, enablePatches, produceWithPatches } from "immer";
const base = { todos: [{ title: "learn", done: false }], meta: { n: 1 } };
const next = produce(base, (d) => { d.todos.push({ title: "ship", done: false }); d.todos[0].done = true; });
console.log(JSON.stringify(next), base.todos.length, next.meta === base.meta, Object.isFrozen(next));
enablePatches();
const [, patches, inverse] = produceWithPatches({ a: 1, b: [1] }, (d) => { d.a = 2; d.b.push(2); });
console.log(JSON.stringify(patches), JSON.stringify(inverse));
