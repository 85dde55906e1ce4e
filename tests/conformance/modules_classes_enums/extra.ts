import { Box, Kind, Mode } from "./model";
export class LabeledBox extends Box {
  constructor(name: string, volume: number, public label: string) {
    super(name, volume);
  }
  toString() {
    return `${super.toString()}[${this.label}]`;
  }
}
export function defaultMode(): Mode {
  return Mode.Safe;
}
export const kindNames = [Kind.Small, Kind.Large].map((k) => Kind[k]);
