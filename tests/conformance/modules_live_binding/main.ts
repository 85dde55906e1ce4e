// Imported let bindings are live views of the exporting module's variables
import { count, label, items, increment, rename, reset } from "./state";
import { snapshot } from "./reader";
console.log(count, label, snapshot());
increment();
increment(5);
console.log(count, snapshot());
rename("renamed");
console.log(label, snapshot());
items.push("a", "b");
console.log(items);
reset();
console.log(count, items, snapshot());
increment(2);
console.log(count, snapshot());
