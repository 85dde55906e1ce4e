import { v5, validate, version, parse, stringify, NIL, v4 } from "uuid";
const ns = "1b671a64-40d5-491e-99b0-da01ff1f3341";
const id = v5("hello.example.com", v5.DNS);
console.log(id, validate(id), version(id), v5("Hello, World!", ns));
console.log(stringify(parse(id)) === id, NIL, validate("nope"), validate(v4()), version(v4()));
