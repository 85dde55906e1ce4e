import minimist from "minimist";
console.log(JSON.stringify(minimist(["-x", "3", "-y", "4", "-n5", "-abc", "--beep=boop", "foo", "bar", "baz"])));
console.log(JSON.stringify(minimist(["--no-color", "--port", "80", "--", "--raw"], { boolean: ["color"], string: ["port"], alias: { p: "port" }, "--": true })));
