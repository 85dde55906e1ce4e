// Generic classes with constraints, default type parameters and static factories
interface HasId { id: number }
class Repository<T extends HasId> {
  private items = new Map<number, T>();
  add(item: T): this {
    this.items.set(item.id, item);
    return this;
  }
  get(id: number): T | undefined {
    return this.items.get(id);
  }
  where<K extends keyof T>(key: K, value: T[K]): T[] {
    return [...this.items.values()].filter((i) => i[key] === value);
  }
  get size() { return this.items.size; }
  static of<U extends HasId>(...items: U[]): Repository<U> {
    const r = new Repository<U>();
    items.forEach((i) => r.add(i));
    return r;
  }
}
type User = { id: number; name: string; role: "admin" | "user" };
const repo = Repository.of<User>({ id: 1, name: "ann", role: "admin" }, { id: 2, name: "bob", role: "user" });
repo.add({ id: 3, name: "cy", role: "user" });
console.log(repo.size, repo.get(2), repo.get(9));
console.log(repo.where("role", "user").map((u) => u.name));
class Result<T, E = string> {
  private constructor(private readonly ok: boolean, private readonly value?: T, private readonly error?: E) {}
  static success<T>(v: T) { return new Result<T>(true, v); }
  static failure<T>(e: string) { return new Result<T>(false, undefined, e); }
  map<U>(f: (v: T) => U): Result<U, E> {
    return this.ok ? (Result.success(f(this.value as T)) as any) : (this as any);
  }
  toString() { return this.ok ? `Ok(${this.value})` : `Err(${this.error})`; }
}
console.log(String(Result.success(2).map((x) => x * 10)), String(Result.failure<number>("bad").map((x) => x * 10)));
class Pair<A, B = A> {
  constructor(public first: A, public second: B) {}
  swap(): Pair<B, A> { return new Pair(this.second, this.first); }
}
console.log(new Pair(1, "one").swap(), new Pair<number>(1, 2));
