console.log("values: body runs");
export const greeting = "hi";
