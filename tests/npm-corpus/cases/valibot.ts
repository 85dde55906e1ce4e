import * as v from "valibot";
const LoginSchema = v.object({ email: v.pipe(v.string(), v.email()), password: v.pipe(v.string(), v.minLength(8)) });
console.log(JSON.stringify(v.parse(LoginSchema, { email: "jane@example.com", password: "12345678" })));
const r = v.safeParse(LoginSchema, { email: "bad", password: "123" });
console.log(r.success, r.issues?.map((i) => i.message).join(" | "));
console.log(v.is(v.array(v.number()), [1, 2, 3]), v.is(v.array(v.number()), [1, "2"]));
