import createDebug from "debug";
const d = createDebug("app");
console.log(typeof d, d.enabled, d.namespace);
d("hidden");
