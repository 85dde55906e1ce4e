// await and yield inside operands: member keys (plain, optional, assignment
// targets), arguments, computed keys; only variables live across a suspension.
const P = (v: any) => Promise.resolve(v);
async function t() {
  const a: any = { k: 1, m(x: number) { return this.k + x; } };
  const out: any[] = [];
  a[await P("k")] = await P(5);
  out.push(a.k);
  a[await P("j")] += await P(2);
  out.push(a.j);
  out.push(a.m(await P(10)));
  out.push(a[await P("m")](await P(1)));
  out.push([1, await P(2), 3].join());
  out.push(Math.max(1, await P(7), 3));
  out.push(`${await P("x")}-${await P("y")}`);
  out.push(new Array(await P(2)).length);
  const { [await P("k")]: kk } = a;
  out.push(kk);
  out.push(a?.[await P("k")]);
  out.push((await P(3)) + (await P(4)));
  out.push(a.k++ + (await P(1)));
  out.push(typeof (await P(a))[await P("m")]);
  out.push(await P(1) ? await P("yes") : await P("no"));
  class C { [k: string]: any; [await P("dyn")]() { return 42; } static [await P("s")] = 9; }
  out.push(new C().dyn(), (C as any).s);
  const o2: any = { [await P("p")]: await P("q"), get [await P("g")]() { return 1; } };
  out.push(o2.p, o2.g);
  return out;
}
t().then((o) => console.log(o.join(" ")));
function* gen(): Generator<number, any, any> { const o = { z: 3 }; const r = o[yield 1]; return r; }
const g = gen(); g.next(); console.log(g.next("z").value);
