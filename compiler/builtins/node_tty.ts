// node:tty: isatty. The ReadStream and WriteStream classes are not implemented (process.stdout
// and process.stderr are plain writable objects with `isTTY`).
import "node:util";
const native: any = __perry_native("tty");

export function isatty(fd: number): boolean {
  return native.isatty(fd);
}

export default { isatty };
