// this inside callbacks and nested functions
class Collector {
  items: string[] = [];
  prefix = ">";
  addAllArrow(list: string[]) {
    list.forEach((s) => this.items.push(this.prefix + s));
    return this.items.length;
  }
  addAllThisArg(list: string[]) {
    list.forEach(function (this: Collector, s) { this.items.push(this.prefix + s + "!"); }, this);
    return this.items.length;
  }
  addAllBound(list: string[]) {
    const push = function (this: Collector, s: string) { this.items.push(s.toUpperCase()); }.bind(this);
    list.forEach(push);
    return this.items.length;
  }
  brokenNested() {
    function inner(this: any) { return this; }
    return inner() === undefined;
  }
}
const c = new Collector();
console.log(c.addAllArrow(["a", "b"]));
console.log(c.addAllThisArg(["c"]));
console.log(c.addAllBound(["d", "e"]));
console.log(c.items);
console.log(c.brokenNested());
const obj = {
  vals: [1, 2, 3],
  factor: 10,
  scaled() { return this.vals.map((v) => v * this.factor); },
  filtered() { return this.vals.filter(function (this: any, v) { return v > this.min; }, { min: 1 }); },
};
console.log(obj.scaled(), obj.filtered());
function runWith(fn: (this: any) => any, ctx: any) { return fn.call(ctx); }
console.log(runWith(function (this: any) { return this.tag; }, { tag: "ctx-tag" }));
