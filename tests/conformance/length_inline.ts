// `.length` of strings and arrays is read inline; everything else asks the runtime.
const a = [1, 2, 3];
const s = "héllo😀";
const o: any = { length: 7 };
const t = new Uint8Array(5);
function f() { return arguments.length; }
class A extends Array {}
const b = new A(); b.push(1, 2);
const sparse: any[] = []; sparse[9] = 1;
console.log(a.length, s.length, o.length, t.length, f.call(null, 1, 2), b.length, sparse.length, "".length, (function (x: number, y: number) {}).length);
let n = 0;
for (let i = 0; i < a.length; i++) n += a[i] + s.length;
a.length = 1;
console.log(n, a.length, a);
try { (null as any).length; } catch (e) { console.log((e as Error).message); }
try { (undefined as any).length; } catch (e) { console.log((e as Error).message); }
console.log((5 as any).length, (true as any).length, new Proxy([1, 2], {}).length);
