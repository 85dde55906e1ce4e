// console.error goes to stderr; only stdout is compared
console.log("stdout line 1");
console.error("stderr line (not in expected output)");
console.error("second stderr line");
console.log("stdout line 2");
console.error({ object: "on stderr" }, [1, 2, 3]);
console.log("stdout line 3");
const values = [1, "two", { three: 3 }];
for (const v of values) {
  console.error("error:", v);
  console.log("log:", v);
}
console.error();
console.log("stdout after empty error");
console.error(new Map([["k", 1]]));
console.log("done");
