console.log("dep evaluated");
export const dep = "dep";
