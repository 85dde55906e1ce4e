// private/protected/public/readonly/override/optional members are erased
class Base {
  public pub = "pub";
  protected prot = "prot";
  private priv = "priv";
  readonly ro = "ro";
  optional?: string;
  static readonly VERSION: string = "1.0";
  protected helper(): string { return this.priv; }
  public get combined(): string { return [this.pub, this.prot, this.helper(), this.ro].join(","); }
}
class Child extends Base {
  override pub = "child-pub";
  public override get combined(): string { return "child:" + super.combined; }
  exposeProt() { return this.prot; }
}
const c = new Child();
console.log(c.combined);
console.log(c.exposeProt(), (c as any).priv, c.optional, "optional" in c);
console.log(Base.VERSION, Object.keys(c));
console.log(c);
class Opt {
  a?: number;
  b!: number;
  c: number | undefined = undefined;
  m?(): void;
}
const o = new Opt();
console.log(Object.keys(o), o);
