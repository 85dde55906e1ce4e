// Module bodies run once, depth-first in import order, before the importer
import { left } from "./left";
import "./side";
import { right } from "./right";
import { log } from "./shared";
import { left as leftAgain } from "./left";
console.log("main: body");
console.log(left, right, leftAgain);
console.log(log.join(" > "));
