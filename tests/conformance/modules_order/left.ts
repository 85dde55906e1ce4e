import { log } from "./shared";
console.log("left: body");
log.push("left");
export const left = "L";
