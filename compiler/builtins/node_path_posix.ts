// node:path/posix: the same module as node:path on Linux.
export * from "node:path";
export { default } from "node:path";
