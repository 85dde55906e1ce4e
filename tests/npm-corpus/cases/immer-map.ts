import { produce, enableMapSet, current, original } from "immer";
enableMapSet();
const state = { users: new Map([["a", { n: 1 }]]), tags: new Set(["x"]) };
const next = produce(state, (d) => { d.users.get("a")!.n = 2; d.users.set("b", { n: 3 }); d.tags.add("y"); console.log(JSON.stringify(current(d).users.get("a")), original(d)!.tags.size); });
console.log(next.users.get("a")!.n, state.users.get("a")!.n, next.users.size, [...next.tags].join(","), next.users === state.users);
