export { default } from "./impl";
export { default as Logger, LEVEL as level } from "./impl";
import Impl from "./impl";
export const make = () => new Impl();
