// Fluent interfaces returning this, with subclassing
class QueryBuilder {
  protected parts: string[] = [];
  select(...cols: string[]) { this.parts.push("SELECT " + cols.join(", ")); return this; }
  from(t: string) { this.parts.push("FROM " + t); return this; }
  where(c: string) { this.parts.push("WHERE " + c); return this; }
  build() { return this.parts.join(" "); }
}
class LimitBuilder extends QueryBuilder {
  limit(n: number) { this.parts.push("LIMIT " + n); return this; }
}
console.log(new QueryBuilder().select("a", "b").from("t").where("a > 1").build());
console.log(new LimitBuilder().select("*").from("users").limit(10).build());
class Vec {
  constructor(public x = 0, public y = 0) {}
  add(o: Vec) { return new Vec(this.x + o.x, this.y + o.y); }
  scale(k: number) { return new Vec(this.x * k, this.y * k); }
  len2() { return this.x * this.x + this.y * this.y; }
}
const v = new Vec(1, 2).add(new Vec(3, 4)).scale(2);
console.log(v, v.len2());
class StringBuilder {
  private buf: string[] = [];
  append(s: unknown) { this.buf.push(String(s)); return this; }
  line(s = "") { return this.append(s).append("\n"); }
  toString() { return this.buf.join(""); }
}
const sb = new StringBuilder().append("a").append(1).line().line("b").append(null);
console.log(sb.toString());
console.log(String(sb).length);
