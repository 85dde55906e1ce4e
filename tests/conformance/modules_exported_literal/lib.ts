// Object literals bound by `export const` and never read here: other modules read them.
export const config = { port: 8080, host: "localhost" };
export const nested = { inner: { deep: true }, list: [1, 2] };
const local = { used: "here" };
export const fromLocal = local.used;
