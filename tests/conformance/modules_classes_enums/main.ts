// Classes, enums, const enums and namespaces shared across modules
import { Box, Item, Kind, Mode, Registry, type Sized } from "./model";
import { LabeledBox, defaultMode, kindNames } from "./extra";
const b = new Box("crate", 8);
const l = new LabeledBox("parcel", 2, "fragile");
console.log(String(b), String(l));
console.log(b instanceof Item, l instanceof Box, l instanceof Item, l instanceof LabeledBox);
console.log(Kind.Small, Kind[10], kindNames);
console.log(Mode.Fast, defaultMode());
console.log(Registry.add(b), Registry.add(l), Registry.items.map((i) => i.name));
const sized: Sized[] = [b, l];
console.log(sized.map((s) => s.size()));
console.log(l);
