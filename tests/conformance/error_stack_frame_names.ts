// Stack frames name functions as V8 does: `Class.method`, `new Class`,
// `Object.key`, accessors, inferred names. Locations differ (the oracle ran
// the JavaScript esbuild made), so only the names are compared.
function caller(): string {
  const line = new Error("x").stack!.split("\n")[2].trim();
  const m = /^at (.*?)(?: \(.*\))?$/.exec(line);
  const name = m ? m[1] : line;
  return /[\/\\]/.test(name) ? "<anonymous>" : name;
}
class Shape {
  constructor(public n = 0) {
    if (n === 1) console.log("constructor:", caller());
  }
  area() {
    return caller();
  }
  static create() {
    return caller();
  }
  get size() {
    return caller();
  }
  set size(v: number) {
    console.log("setter:", caller());
  }
  #secret() {
    return caller();
  }
  reveal() {
    return this.#secret();
  }
  [Symbol.iterator]() {
    return caller();
  }
  *gen() {
    yield caller();
  }
  async later() {
    await null;
    return caller();
  }
}
console.log("method:", new Shape().area());
console.log("static:", Shape.create());
new Shape(1);
console.log("getter:", new Shape().size);
new Shape().size = 2;
console.log("private:", new Shape().reveal());
console.log("symbol:", (new Shape() as any)[Symbol.iterator]());
console.log("generator method:", new Shape().gen().next().value);
const arrow = () => caller();
const expr = function () {
  return caller();
};
function declared() {
  return caller();
}
console.log("arrow:", arrow());
console.log("function expression:", expr());
console.log("declaration:", declared());
const obj = {
  method() {
    return caller();
  },
  prop: () => caller(),
  named: function inner() {
    return caller();
  },
  get acc() {
    return caller();
  },
};
console.log("object method:", obj.method());
console.log("object arrow:", obj.prop());
console.log("object named:", obj.named());
console.log("object getter:", obj.acc);
const ns: any = { deep: {} };
ns.deep.fn = function () {
  return caller();
};
ns.arrow = () => caller();
console.log("assigned member:", ns.deep.fn());
console.log("assigned arrow:", ns.arrow());
let later: () => string;
later = () => caller();
console.log("assigned binding:", later());
console.log("callback:", [1].map(() => caller())[0]);
const Anon = class {
  m() {
    return caller();
  }
};
console.log("class expression:", new Anon().m());
async function af() {
  await null;
  return caller();
}
af().then((v) => console.log("async function:", v));
new Shape().later().then((v) => console.log("async method:", v));
// Async stack traces: after the frames of the resumed activation, one
// `at async NAME` line per activation awaiting it.
function frames(e: Error): string {
  return e
    .stack!.split("\n")
    .slice(1)
    .map((l) => l.trim().replace(/ \(.*\)$/, ""))
    .filter((l) => !/[\/\\]/.test(l))
    .join(" < ");
}
async function deepest() {
  await null;
  throw new Error("deep");
}
async function middle() {
  await deepest();
}
class Service {
  async handle() {
    await middle();
  }
  static async run() {
    try {
      await new Service().handle();
    } catch (e: any) {
      console.log("async chain:", frames(e));
    }
  }
}
Service.run();
const viaThen = async () => {
  await null;
  return frames(new Error("then"));
};
viaThen().then((v) => console.log("awaited by then:", v));
