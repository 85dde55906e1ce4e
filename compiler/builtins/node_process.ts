// node:process: the `process` object is the default export, and its properties are named
// exports (those Perry's `process` has).
const p: any = globalThis.process;
export default p;
export const argv = p.argv;
export const env = p.env;
export const platform = p.platform;
export const release = p.release;
export const versions = p.versions;
export const exit = p.exit;
export const nextTick = p.nextTick;
export const memoryUsage = p.memoryUsage;
export const pid = p.pid;
export const cwd = p.cwd;
