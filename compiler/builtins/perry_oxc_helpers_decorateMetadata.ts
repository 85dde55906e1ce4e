// perry:oxc/helpers/decorateMetadata: `emitDecoratorMetadata`'s `design:*` records, through
// `Reflect.metadata` when a library (reflect-metadata) installed it (TypeScript's `__metadata`).
export default function decorateMetadata(key: string, value: unknown) {
  const reflect = globalThis.Reflect as any;
  if (typeof reflect === "object" && typeof reflect.metadata === "function") return reflect.metadata(key, value);
}
