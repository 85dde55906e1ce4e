import bcrypt from "bcryptjs";
const hash = bcrypt.hashSync("secret", "$2a$04$abcdefghijklmnopqrstuu");
console.log(hash, bcrypt.compareSync("secret", hash), bcrypt.compareSync("nope", hash), bcrypt.getRounds(hash));
