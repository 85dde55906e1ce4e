import { log } from "./shared";
import { leaf } from "./leaf";
console.log("right: body, leaf =", leaf);
log.push("right");
export const right = "R";
