// util.inspect.custom gets Node's arguments: the remaining depth, the inspection's options (its whole depth, stylize, breakLength...) and inspect itself; Node's classes format their fields with those options.
import { inspect } from "node:util";
const rs = new ReadableStream();
console.log(rs);
console.log({ a: { b: rs } });
console.log({ a: { b: { c: rs } } });
console.log(inspect(rs, { depth: 0 }));
console.log(inspect({ x: rs }, { depth: 0 }));
console.log(inspect({ x: new TransformStream() }, { depth: 5 }));
console.log(new TransformStream());
class C { [Symbol.for("nodejs.util.inspect.custom")](depth: any, options: any, insp: any) { return `C<${depth},${options.depth},${typeof options.stylize},${options.breakLength},${insp({ n: [1, { m: 2 }] }, { ...options, depth: 0 })}>`; } }
console.log(new C(), [new C()], inspect(new C(), { depth: 4, breakLength: 50 }));
const fd = new FormData(); fd.append("f", new File(["x"], "a.txt", { lastModified: 0 }));
console.log(inspect({ fd }, { depth: 0 }));
console.log(fd, { fd });
