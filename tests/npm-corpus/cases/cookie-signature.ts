import { sign, unsign } from "cookie-signature";
const s = sign("hello", "tobiiscool");
console.log(s, unsign(s, "tobiiscool"), unsign(s, "luna"));
