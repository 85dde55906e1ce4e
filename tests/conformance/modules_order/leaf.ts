import { log } from "./shared";
console.log("leaf: body");
log.push("leaf");
export const leaf = "leaf-value";
