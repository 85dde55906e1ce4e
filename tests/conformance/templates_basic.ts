// Template literals: interpolation and conversion of values
const name = "world";
const n = 42;
console.log(`hello ${name}`);
console.log(`${n} + 1 = ${n + 1}`);
console.log(`${1}${2}${3}`, `${""}`, `x${""}y`);
console.log(`${null} ${undefined} ${true} ${NaN} ${-0} ${1e21} ${0.1 + 0.2}`);
console.log(`${[1, 2, 3]} ${[]} ${[[1, 2], [3]]} ${{}}`);
console.log(`${() => 1}`);
console.log(`multi
line
template`);
console.log(`escapes: \` \${not} \\ \t| \u0041 \n(newline above)`);
console.log(`nested ${`inner ${`deepest ${n}`}`}`);
console.log(`ternary: ${n > 40 ? "big" : "small"}`);
console.log(`call: ${[1, 2, 3].map((x) => x * 2).join("-")}`);
const obj = { toString() { return "custom"; } };
console.log(`${obj}`);
console.log(`$`, `$$`, `{}`, `$ {x}`);
console.log(`${"a"}${"b"}`.length);
const items = ["apple", "pear"];
console.log(`List:\n${items.map((it, i) => `  ${i + 1}. ${it}`).join("\n")}`);
console.log(typeof `${n}`);
