// Virtual dispatch through a class hierarchy: an abstract Shape whose
// describe() calls the subclass's kind(), area() and perimeter(), five
// subclasses (Square extends Rect and calls super in its constructor and in
// its own describe()), and an array of 1000 mixed shapes described ROUNDS
// times, summing the results, with a resize through an abstract method every
// round.
// ROUNDS = process.argv[2], default 8000.
// quick size: 80
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 8000) | 0;

interface Summary {
  kind: string;
  area: number;
  perimeter: number;
  diagonal?: number;
}

abstract class Shape {
  constructor(public readonly id: number) {}

  abstract kind(): string;
  abstract area(): number;
  abstract perimeter(): number;
  abstract scale(factor: number): void;

  describe(): Summary {
    return { kind: this.kind(), area: this.area(), perimeter: this.perimeter() };
  }
}

class Circle extends Shape {
  constructor(id: number, private radius: number) {
    super(id);
  }

  area(): number {
    return Math.PI * this.radius * this.radius;
  }

  perimeter(): number {
    return 2 * Math.PI * this.radius;
  }

  scale(factor: number): void {
    this.radius *= factor;
  }

  kind(): string {
    return "circle";
  }
}

class Rect extends Shape {
  constructor(id: number, protected width: number, protected height: number) {
    super(id);
  }

  area(): number {
    return this.width * this.height;
  }

  perimeter(): number {
    return 2 * (this.width + this.height);
  }

  scale(factor: number): void {
    this.width *= factor;
    this.height *= factor;
  }

  kind(): string {
    return "rect";
  }
}

class Square extends Rect {
  constructor(id: number, side: number) {
    super(id, side, side);
  }

  kind(): string {
    return "square";
  }

  describe(): Summary {
    const summary = super.describe();
    summary.diagonal = this.width * Math.SQRT2;
    return summary;
  }
}

class Triangle extends Shape {
  constructor(id: number, private a: number, private b: number, private c: number) {
    super(id);
  }

  area(): number {
    const s = this.perimeter() / 2; // Heron's formula
    return Math.sqrt(s * (s - this.a) * (s - this.b) * (s - this.c));
  }

  perimeter(): number {
    return this.a + this.b + this.c;
  }

  scale(factor: number): void {
    this.a *= factor;
    this.b *= factor;
    this.c *= factor;
  }

  kind(): string {
    return "triangle";
  }
}

class Hexagon extends Shape {
  constructor(id: number, private side: number) {
    super(id);
  }

  area(): number {
    return (3 * Math.sqrt(3) / 2) * this.side * this.side;
  }

  perimeter(): number {
    return 6 * this.side;
  }

  scale(factor: number): void {
    this.side *= factor;
  }

  kind(): string {
    return "hexagon";
  }
}

let seed = 42;
const random = (): number => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};

function makeShape(id: number): Shape {
  const size = 1 + random() * 9;
  switch (id % 5) {
    case 0:
      return new Circle(id, size);
    case 1:
      return new Rect(id, size, 1 + random() * 9);
    case 2:
      return new Square(id, size);
    case 3:
      // Two sides and a third shorter than their sum: always a triangle.
      return new Triangle(id, size, size * 0.8, size * (0.4 + random() * 0.9));
    default:
      return new Hexagon(id, size);
  }
}

const shapes: Shape[] = [];
for (let i = 0; i < 1000; i++) shapes.push(makeShape(i));

let totalArea = 0;
let totalPerimeter = 0;
let totalDiagonal = 0;
const counts: Record<string, number> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const shape of shapes) {
    const summary = shape.describe();
    totalArea += summary.area;
    totalPerimeter += summary.perimeter;
    if (summary.diagonal !== undefined) totalDiagonal += summary.diagonal;
    counts[summary.kind] = (counts[summary.kind] ?? 0) + 1;
  }
  // Grow one shape in ten, and shrink the same ones back the next round.
  const factor = r % 2 === 0 ? 1.25 : 0.8;
  for (let i = (r >> 1) % 10; i < shapes.length; i += 10) shapes[i].scale(factor);
}
console.log(totalArea.toFixed(3), totalPerimeter.toFixed(3), totalDiagonal.toFixed(3));
console.log(Object.keys(counts).sort().map((k) => `${k}=${counts[k]}`).join(" "));
