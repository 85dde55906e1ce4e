console.log("broken evaluated");
throw new Error("broken module");
export const never = 1;
