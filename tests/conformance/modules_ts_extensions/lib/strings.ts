import { repeatChar } from "./nested/chars.ts";
export function banner(text: string) {
  const line = repeatChar("=", text.length + 4);
  return [line, `| ${text} |`, line].join("\n");
}
