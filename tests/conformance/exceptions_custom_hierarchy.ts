// A hierarchy of custom error classes and dispatch on type
class AppError extends Error {
  constructor(message: string, public readonly status: number) {
    super(message);
    this.name = new.target.name;
  }
}
class ValidationError extends AppError {
  constructor(public field: string) {
    super(`invalid ${field}`, 400);
  }
}
class AuthError extends AppError {
  constructor() {
    super("unauthorized", 401);
  }
}
class DbError extends AppError {}
function handle(fn: () => void) {
  try {
    fn();
    return "ok";
  } catch (e) {
    if (e instanceof ValidationError) return `validation(${e.field}) ${e.status}`;
    if (e instanceof AuthError) return `auth ${e.status} ${e.name}`;
    if (e instanceof AppError) return `app ${e.name} ${e.status} ${e.message}`;
    if (e instanceof Error) return `generic ${e.name}: ${e.message}`;
    return "unknown " + String(e);
  }
}
console.log(handle(() => {}));
console.log(handle(() => { throw new ValidationError("email"); }));
console.log(handle(() => { throw new AuthError(); }));
console.log(handle(() => { throw new DbError("connection lost", 503); }));
console.log(handle(() => { throw new TypeError("plain type error"); }));
console.log(handle(() => { throw "a string"; }));
const v = new ValidationError("name");
console.log(v instanceof ValidationError, v instanceof AppError, v instanceof Error);
console.log(v.name, v.message, v.status, v.field, String(v));
console.log(Object.keys(v));
