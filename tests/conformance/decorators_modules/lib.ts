// Decorated classes as exports: `export @d class`, `@d export class`, `export default`.
export const registry: string[] = [];

export function register(value: any, context: ClassDecoratorContext) {
  registry.push(String(context.name));
  context.addInitializer(function () {
    registry.push(`ready ${String(context.name)}`);
  });
}

export function memo(value: Function, context: ClassMethodDecoratorContext) {
  const cache = new Map<unknown, unknown>();
  return function (this: any, arg: unknown) {
    if (!cache.has(arg)) cache.set(arg, value.call(this, arg));
    return cache.get(arg);
  };
}

export @register class Service {
  calls = 0;
  @memo square(n: number) {
    this.calls++;
    return n * n;
  }
}

@register export class Repository {
  static count = 0;
  constructor() {
    Repository.count++;
  }
}

// (Its name is "default", as Node names an anonymous default-exported class; esbuild, whose
// output is the expected one, leaves it "", so this test does not print it.)
export function counted(value: any, context: ClassDecoratorContext) {
  registry.push("anonymous");
}

export default @counted class {
  hello() {
    return "default export";
  }
}
