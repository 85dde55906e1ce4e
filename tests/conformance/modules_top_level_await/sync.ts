console.log("sync module runs while config waits");
Promise.resolve().then(() => console.log("sync's microtask"));
export const syncValue = 42;
