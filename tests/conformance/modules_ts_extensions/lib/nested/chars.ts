export function repeatChar(ch: string, n: number) {
  return ch.repeat(n);
}
export const NEWLINE = "\n";
