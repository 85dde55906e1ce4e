// An async function whose rejection nobody handles ends the process with
// status 1 after the checkpoint; output before it is kept.
async function boom() {
  await null;
  throw new Error("async boom");
}
console.log("before");
boom();
setTimeout(() => console.log("never"), 0);
