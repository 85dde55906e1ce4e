export const feature = "feature module";
export default function run(n: number) { return n + 1; }
