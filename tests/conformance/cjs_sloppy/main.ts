// A CommonJS package is sloppy-mode code unless it says "use strict": an assignment to an
// undeclared name creates a global (regenerator-runtime's idiom), a function called without a
// receiver sees the global object as `this`, and octal literals parse.
import old from "old";
console.log(old);
console.log(typeof (globalThis as any).leaked, (globalThis as any).regeneratorRuntime);
