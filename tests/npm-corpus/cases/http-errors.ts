import createError from "http-errors";
const e = createError(404, "nope");
console.log(e.status, e.message, e.name, e.expose, createError.isHttpError(e), new createError.BadRequest().message);
