// process.exit called from an imported module ends the whole program with that status
import { run } from "./worker";
console.log("main: start");
console.log("main: first batch", run([1, 2, 3]));
console.log("main: second batch", run([4, -1, 5]));
console.log("main: unreachable");
