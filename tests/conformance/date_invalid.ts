// Invalid dates: NaN everywhere, "Invalid Date" strings, RangeError from toISOString.
const bad = new Date("garbage");
console.log(bad.getTime(), bad.getFullYear(), bad.getUTCDay(), bad.getTimezoneOffset(), isNaN(+bad));
console.log(bad.toString(), bad.toDateString(), bad.toTimeString(), bad.toUTCString(), bad.toLocaleString());
console.log(String(bad), bad.toJSON(), JSON.stringify([bad]));
try {
  bad.toISOString();
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
console.log(new Date(NaN).getTime(), new Date(Infinity).getTime(), new Date(8.64e15 + 1).getTime());
console.log(new Date(2024, NaN).getTime(), new Date(2024, 0, 1, Infinity).getTime(), Date.UTC(NaN), Date.UTC(275760, 8, 13, 0, 0, 0, 1));
console.log(new Date(275760, 8, 13).getTime(), new Date(Date.UTC(275760, 8, 13)).getTime());
const d = new Date(0);
d.setTime(NaN);
console.log(d.getTime(), d.setMonth(1), d.setDate(2), d.setFullYear(2001, 0, 1) > 0);
for (const s of ["", " ", "2024-02-30T25:00", "Jan 35 2024", "2024-01-01T10:00:00+24:00", "0000-00-00"]) console.log(JSON.stringify(s), Date.parse(s));
try {
  (Date.prototype as any).getTime();
} catch (e) {
  console.log((e as Error).name);
}
try {
  Date.prototype.toString.call(Date.prototype);
} catch (e) {
  console.log((e as Error).name);
}
