// Writes to a stdout whose reader has gone (a closed pipe): as in Node,
// console.log's write fails with EPIPE, which console ignores, so the
// program runs to its end and exits 0 instead of dying of SIGPIPE.
const line = "x".repeat(100);
for (let i = 0; i < 2000; i++) {
  console.log(line);
}
console.error("done");
