console.log("shared: body runs once");
export const log: string[] = [];
log.push("shared");
