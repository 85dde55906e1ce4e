export const c1 = 1;
export const c2 = 2;
