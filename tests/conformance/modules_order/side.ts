import { log } from "./shared";
console.log("side: side-effect-only import");
log.push("side");
