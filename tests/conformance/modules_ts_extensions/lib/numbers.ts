import { NEWLINE } from "./nested/chars";
export const sum = (...xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const table = (rows: number[][]) => rows.map((r) => r.join("\t")).join(NEWLINE);
