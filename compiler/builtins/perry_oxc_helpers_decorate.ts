// perry:oxc/helpers/decorate: applies TypeScript's legacy decorators (`experimentalDecorators`),
// as TypeScript's own `__decorate` helper does; oxc's transformer emits calls to it.
export default function decorate(decorators: any[], target: any, key?: PropertyKey, desc?: PropertyDescriptor | null): any {
  const c = arguments.length;
  let r = c < 3 ? target : desc === null ? (desc = Object.getOwnPropertyDescriptor(target, key!)) : desc;
  const reflect = globalThis.Reflect as any;
  if (typeof reflect === "object" && typeof reflect.decorate === "function") {
    r = reflect.decorate(decorators, target, key, desc);
  } else {
    for (let i = decorators.length - 1; i >= 0; i--) {
      const d = decorators[i];
      if (d) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    }
  }
  if (c > 3 && r) Object.defineProperty(target, key!, r);
  return r;
}
