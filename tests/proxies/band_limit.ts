// The proxy id band holds 65,536 live proxies: the next `new Proxy` throws a
// catchable RangeError naming the limit (after a full collection that frees
// nothing); dropping half of them frees their ids for 30,000 more.

const live: object[] = [];
for (let i = 0; i < 65536; i++) live.push(new Proxy({ i }, {}));
console.log("holding", live.length);
try {
  new Proxy({}, {});
  console.log("no error");
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
live.length = 32768;
const more: object[] = [];
for (let i = 0; i < 30000; i++) more.push(new Proxy({ j: i }, {}));
let ok = 0;
for (const p of live) if (typeof (p as any).i === "number") ok++;
for (const p of more) if (typeof (p as any).j === "number") ok++;
console.log("created", more.length, "still working", ok);
