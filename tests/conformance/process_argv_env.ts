// process.argv and process.env: only environment-independent facts are printed
console.log(process.argv.length >= 2);
console.log(typeof process.env);
const argCount = process.argv.length >= 2 ? "at least two" : "fewer than two";
console.log("argv has", argCount, "entries");
const env = process.env;
console.log(typeof env === "object" && env !== null);
function describeProcess() {
  const facts: string[] = [];
  facts.push("argv ok: " + (process.argv.length >= 2));
  facts.push("env type: " + typeof process.env);
  facts.push("exit type: " + typeof process.exit);
  return facts;
}
for (const f of describeProcess()) console.log(f);
console.log(typeof process);
console.log("done");
