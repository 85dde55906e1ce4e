import { syncValue } from "./sync";
import { config } from "./config";
await null;
console.log("nested after its own await", syncValue, config.retries);
export const later = "nested-ready";
