export { a as renamedA, fa } from "./a";
export * from "./b";
export * as cNamespace from "./c";
export { default as bDefault } from "./b";
import { shared } from "./a";
export const local = "local to index, using " + shared;
