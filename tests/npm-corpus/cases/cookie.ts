import { parse, serialize } from "cookie";
console.log(JSON.stringify(parse("foo=bar; equation=E%3Dmc%5E2; empty=; q=\"quoted\"")));
console.log(serialize("session", "a b&c", { httpOnly: true, maxAge: 3600, path: "/", sameSite: "lax", secure: true }));
