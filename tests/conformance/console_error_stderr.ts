// console.error and console.warn go to stderr; only stdout is compared
console.log("stdout line 1");
console.error("stderr line (not in expected output)");
console.warn("warn also goes to stderr");
console.log("stdout line 2");
console.error({ object: "on stderr" });
console.log("stdout line 3");
