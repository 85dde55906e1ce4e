// perry:oxc/helpers/decorateParam: a parameter decorator as a method decorator (TypeScript's
// `__param`).
export default function decorateParam(index: number, decorator: (target: any, key: any, index: number) => void) {
  return (target: any, key: any) => decorator(target, key, index);
}
