import { nanoid, customAlphabet } from "nanoid";
console.log(nanoid().length, customAlphabet("ab", 8)().length, /^[ab]{8}$/.test(customAlphabet("ab", 8)()));
