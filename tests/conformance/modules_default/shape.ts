export default class Shape {
  constructor(public sides: number) {}
  describe() {
    return `shape with ${this.sides} sides`;
  }
}
