import { dep } from "./dep";
console.log("side evaluated after", dep);
export const side = "side";
