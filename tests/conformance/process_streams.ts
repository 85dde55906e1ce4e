// process.stdout / process.stderr (fd, write with strings and bytes, the callback on the next
// tick, isTTY only on a terminal) and node:tty's isatty.
import tty from "node:tty";
import { isatty } from "tty";
process.stdout.write("a");
process.stdout.write("b\n", () => console.log("write callback"));
process.stdout.write(new TextEncoder().encode("bytes é\n"), "utf8", () => console.log("second callback"));
console.log(process.stdout.fd, process.stderr.fd, typeof process.stdout.write, process.stdout.isTTY, isatty(1), tty.isatty(99999), isatty(-1));
console.log(process.stdout.write(""), process.stderr.write(""));
for (const bad of [1, null, {}]) {
  try {
    (process.stdout.write as any)(bad);
  } catch (e: any) {
    console.log(e.name, e.code, e.message);
  }
}
