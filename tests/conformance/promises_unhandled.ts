// A rejection still unhandled after a checkpoint ends the process with
// status 1, as in Node; one handled during the same checkpoint does not.
console.log("sync");
const p = Promise.reject(1);
Promise.resolve().then(() => p.catch(() => console.log("handled in the same checkpoint")));
setTimeout(() => {
  console.log("timer");
  Promise.reject(new Error("unhandled in timer"));
}, 0);
setTimeout(() => console.log("never"), 0);
