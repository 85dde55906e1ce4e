export default class Logger {
  lines: string[] = [];
  log(s: string) {
    this.lines.push(s);
    return this;
  }
}
export const LEVEL = "info";
