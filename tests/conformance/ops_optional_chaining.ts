// Optional chaining for properties, elements and calls
const data: any = {
  user: { name: "ann", address: { city: "Oslo" }, tags: ["a", "b"], greet() { return "hi " + this.name; } },
  empty: null,
};
console.log(data.user?.name, data.nobody?.name, data.empty?.name);
console.log(data.user?.address?.city, data.user?.phone?.number);
console.log(data.user?.tags?.[1], data.user?.missing?.[0], data.empty?.[0]);
const key = "name";
console.log(data.user?.[key], data?.["user"]?.[key]);
console.log(data.user.greet?.(), data.user.nothing?.(), data.empty?.greet());
console.log(data.user?.greet());
const fn: any = null;
console.log(fn?.(), fn?.(1, 2));
const arr: any = null;
console.log(arr?.length, arr?.[0]?.x);
let evaluated = 0;
const count = () => ++evaluated;
const none: any = undefined;
none?.[count()];
none?.method(count());
console.log("short-circuited args", evaluated);
data.user?.[count()];
console.log("evaluated", evaluated);
console.log(data.empty?.a.b.c.d, (data.empty?.a)?.b);
try {
  console.log((data.nobody?.a).b);
} catch (e: any) {
  console.log(e instanceof TypeError, e.message);
}
const zero: any = 0;
const emptyStr: any = "";
console.log(zero?.toFixed(1), emptyStr?.length, false?.toString());
const m = new Map([["k", { v: 1 }]]);
console.log(m.get("k")?.v, m.get("x")?.v);
const list = [{ id: 1, child: { id: 2 } }, { id: 3 }] as any[];
console.log(list.map((x) => x.child?.id ?? "none"));
