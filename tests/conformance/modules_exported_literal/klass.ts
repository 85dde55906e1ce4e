// A class whose private names share spans (offsets) with main.ts's class.
export class Box { #v; #w = 2; constructor(v: number) { this.#v = v; } get total() { return this.#v + this.#w; } }
