// Relative imports with and without .ts extensions, across subdirectories
import { banner } from "./lib/strings.ts";
import { sum, table } from "./lib/numbers";
import { repeatChar } from "./lib/nested/chars";
console.log(banner("perry"));
console.log(sum(1, 2, 3, 4), sum());
console.log(table([[1, 2], [3, 4]]));
console.log(repeatChar("ab", 3));
console.log(typeof banner, typeof sum);
