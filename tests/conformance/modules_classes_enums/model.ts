export enum Kind {
  Small = 1,
  Large = 10,
}
export const enum Mode {
  Fast = "fast",
  Safe = "safe",
}
export interface Sized {
  size(): number;
}
export abstract class Item implements Sized {
  constructor(public name: string, public kind: Kind) {}
  abstract size(): number;
  toString() {
    return `${this.name}(${Kind[this.kind]})`;
  }
}
export class Box extends Item {
  constructor(name: string, private volume: number) {
    super(name, volume > 5 ? Kind.Large : Kind.Small);
  }
  size() {
    return this.volume;
  }
}
export namespace Registry {
  export const items: Item[] = [];
  export function add(i: Item) {
    items.push(i);
    return items.length;
  }
}
