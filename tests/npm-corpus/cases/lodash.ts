import _ from "lodash";
console.log(_.chunk(["a", "b", "c", "d"], 3), _.camelCase("Foo Bar"), _.kebabCase("fooBar"), _.capitalize("FRED"));
console.log(JSON.stringify(_.groupBy([6.1, 4.2, 6.3], Math.floor)), JSON.stringify(_.merge({ a: [{ b: 2 }] }, { a: [{ c: 3 }] })), _.uniqBy([2.1, 1.2, 2.3], Math.floor));
console.log(_.get({ a: [{ b: { c: 3 } }] }, "a[0].b.c"), JSON.stringify(_.pick({ a: 1, b: "2", c: 3 }, ["a", "c"])), _.isEqual({ a: [1] }, { a: [1] }), _.template("hello <%= user %>!")({ user: "fred" }).length);
const deb = _.debounce(() => console.log("debounced"), 5);
deb(); deb();
console.log(_.sortBy([{ u: "b", a: 2 }, { u: "a", a: 1 }], ["u"]).map((x) => x.u).join(), _.range(0, 10, 3), _.sum([1, 2]));
