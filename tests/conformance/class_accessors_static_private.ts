// Static accessors, private static methods and computed member names
const methodName = "dynamicMethod";
class Settings {
  static #values: Record<string, string> = { theme: "dark" };
  static #validate(key: string) {
    if (key.length >= 10) throw new RangeError("key too long: " + key);
    return key;
  }
  static get theme() { return Settings.#values.theme; }
  static set theme(v: string) { Settings.#values[Settings.#validate("theme")] = v; }
  static set(key: string, v: string) { Settings.#values[Settings.#validate(key)] = v; return this; }
  static get keys() { return Object.keys(Settings.#values); }
  [methodName]() { return "computed method name"; }
  static ["static" + "Computed"]() { return "static computed"; }
  get ["computed" + "Getter"]() { return "computed getter"; }
}
console.log(Settings.theme);
Settings.theme = "light";
console.log(Settings.theme, Settings.keys);
Settings.set("font", "mono").set("size", "12");
console.log(Settings.keys);
try {
  Settings.set("averyveryverylongkey", "x");
} catch (e: any) {
  console.log(e.name, e.message);
}
const s: any = new Settings();
console.log(s.dynamicMethod(), (Settings as any).staticComputed(), s.computedGetter);
console.log(Object.keys(s).length, typeof s.dynamicMethod);
