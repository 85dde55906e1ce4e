console.log("tla start");
await new Promise((r) => setTimeout(r, 5));
console.log("tla after await");
export const ready = "ready";
