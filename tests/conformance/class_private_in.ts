// #x in obj brand checks
class Brand {
  #brand = true;
  static #staticBrand = 1;
  #method() {}
  static isBrand(o: any) { return #brand in o; }
  static hasMethod(o: any) { return #method in o; }
  static isClass(o: any) { return #staticBrand in o; }
}
class SubBrand extends Brand {}
class Other { brand = true; }
console.log(Brand.isBrand(new Brand()), Brand.isBrand(new SubBrand()));
console.log(Brand.isBrand(new Other()), Brand.isBrand({}), Brand.isBrand([]));
console.log(Brand.hasMethod(new Brand()), Brand.hasMethod({ method() {} }));
console.log(Brand.isClass(Brand), Brand.isClass(SubBrand), Brand.isClass(new Brand()));
try {
  Brand.isBrand(42);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
try {
  Brand.isBrand(null);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
class Point {
  #x: number;
  #y: number;
  constructor(x: number, y: number) { this.#x = x; this.#y = y; }
  equals(o: unknown) {
    return o instanceof Object && #x in o && this.#x === (o as Point).#x && this.#y === (o as Point).#y;
  }
}
const p = new Point(1, 2);
console.log(p.equals(new Point(1, 2)), p.equals(new Point(2, 1)), p.equals({ x: 1, y: 2 }));
const fake = Object.create(Point.prototype);
console.log(fake instanceof Point, p.equals(fake));
