// Intl.DateTimeFormat for en-US (the English data Perry has, as Node with small-icu):
// components, styles, hour cycles, time zones and their names, formatToParts,
// resolvedOptions, errors, and Date's toLocale*String with locales and options.
const instants = [Date.UTC(2024, 0, 15, 15, 4, 5, 123), Date.UTC(2023, 6, 4, 0, 30, 9, 7), Date.UTC(1999, 11, 31, 23, 59, 59, 999)];
const show = (s: string) => s.replace(/\u202f/g, "<nnbsp>");
function line(o: any) {
  try {
    const f = new Intl.DateTimeFormat("en-US", o);
    const parts = f.formatToParts(instants[0]).map((p) => `${p.type}:${show(p.value)}`).join(" ");
    console.log(JSON.stringify(o), "=>", instants.map((t) => f.format(t)).join(" | "), "||", parts);
    console.log("  ", JSON.stringify(f.resolvedOptions()));
  } catch (e: any) {
    console.log(JSON.stringify(o), "=>", e.constructor.name + ": " + e.message);
  }
}
const options: any[] = [
  {}, { weekday: "long" }, { weekday: "narrow", day: "numeric" }, { era: "short" }, { era: "long", year: "numeric" },
  { year: "2-digit", month: "2-digit", day: "2-digit" }, { year: "numeric", month: "long" }, { month: "short", day: "numeric" },
  { weekday: "short", year: "numeric", month: "short", day: "numeric" }, { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  { month: "narrow" }, { minute: "2-digit" }, { second: "2-digit" },
  { hour: "numeric" }, { hour: "2-digit", minute: "2-digit" }, { hour: "numeric", minute: "2-digit", second: "2-digit" }, { minute: "2-digit", second: "2-digit" },
  { hour: "numeric", minute: "numeric", hour12: false }, { hour: "numeric", minute: "numeric", hourCycle: "h23" },
  { hour: "numeric", minute: "numeric", hourCycle: "h11" }, { hour: "numeric", hourCycle: "h24" }, { hour: "numeric", hour12: true, hourCycle: "h23" },
  { weekday: "long", hour: "numeric" }, { month: "long", day: "numeric", hour: "numeric" }, { weekday: "short", hour: "numeric", minute: "numeric", second: "numeric" },
  { weekday: "long", hour: "numeric", hour12: false }, { weekday: "long", hour: "numeric", minute: "numeric", hour12: false }, { weekday: "long", minute: "numeric" },
  { weekday: "long", hour: "numeric", timeZoneName: "short" }, { day: "numeric", hour: "numeric" }, { year: "numeric", hour: "numeric" }, { era: "short", hour: "numeric" },
  { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "numeric" },
  { fractionalSecondDigits: 2 }, { second: "numeric", fractionalSecondDigits: 3 }, { hour: "numeric", minute: "numeric", second: "numeric", fractionalSecondDigits: 1 },
  { dateStyle: "full" }, { dateStyle: "long" }, { dateStyle: "medium" }, { dateStyle: "short" },
  { timeStyle: "full" }, { timeStyle: "long" }, { timeStyle: "medium" }, { timeStyle: "short" },
  { dateStyle: "full", timeStyle: "long" }, { dateStyle: "medium", timeStyle: "short" }, { dateStyle: "short", timeStyle: "short", hourCycle: "h23" },
  { timeZone: "America/New_York", timeZoneName: "short" }, { timeZone: "America/New_York", timeZoneName: "long" },
  { timeZone: "Europe/Paris", timeZoneName: "short" }, { timeZone: "Europe/Paris", timeZoneName: "long" }, { timeZone: "Asia/Kolkata", timeZoneName: "shortOffset" },
  { timeZone: "Asia/Kolkata", timeZoneName: "longOffset" }, { timeZone: "Australia/Sydney", hour: "numeric", minute: "numeric", timeZoneName: "short" },
  { timeZone: "Europe/London", timeZoneName: "long" }, { timeZone: "America/Los_Angeles", dateStyle: "full", timeStyle: "full" },
  { timeZone: "utc", timeZoneName: "short" }, { timeZone: "Etc/GMT+5", timeZoneName: "short" }, { timeZone: "asia/tokyo" },
  { timeZone: "Asia/Kolkata" }, { timeZone: "US/Eastern" }, { timeZoneName: "long" },
  { hour12: false, timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", era: "short" },
  { timeZone: "Mars/Olympus" }, { timeZone: "+05:30" }, { weekday: "tiny" }, { fractionalSecondDigits: 0 }, { dateStyle: "short", hour: "numeric" },
];
for (const o of options) line(o);

// The default zone is the system's (TZ=UTC in the test runs).
const dflt = new Intl.DateTimeFormat().resolvedOptions();
console.log(dflt.locale, dflt.calendar, dflt.numberingSystem, dflt.timeZone, JSON.stringify(dflt));

// format is a bound getter; the constructor may be called as a function.
const f = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const fmt = f.format;
console.log(fmt === f.format, typeof fmt, fmt.name === "", fmt.length, instants.map(fmt).join(", "));
console.log(Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(new Date(instants[1])), Intl.DateTimeFormat() instanceof Intl.DateTimeFormat);
console.log(new Intl.DateTimeFormat(["en-US"], { timeZone: "UTC" }).format(0), new Intl.DateTimeFormat(undefined, { timeZone: "UTC", year: "numeric" }).format(instants[2]));
console.log(Intl.DateTimeFormat.name, Intl.DateTimeFormat.length, Object.prototype.toString.call(f), Intl.DateTimeFormat.prototype[Symbol.toStringTag]);
console.log(Intl.DateTimeFormat.supportedLocalesOf(["en-US", "en"]), Intl.DateTimeFormat.supportedLocalesOf("en-US"));
console.log(new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric" }).formatToParts(instants[0]).map((p) => show(p.value)).join(""));
for (const bad of [NaN, Infinity, 8.64e15 + 1]) {
  try {
    f.format(bad);
  } catch (e: any) {
    console.log(e.constructor.name, e.message);
  }
}
for (const tag of ["en_US", "", "e", "en-US-u"]) {
  try {
    new Intl.DateTimeFormat(tag);
    console.log(tag, "ok");
  } catch (e: any) {
    console.log(JSON.stringify(tag), e.constructor.name, e.message);
  }
}
try {
  (Intl.DateTimeFormat.prototype as any).formatToParts.call({}, 0);
} catch (e: any) {
  console.log(e.constructor.name);
}

// Date.prototype.toLocale*String take the same locales and options.
const d = new Date(instants[0]);
console.log(d.toLocaleString(), "|", d.toLocaleDateString(), "|", d.toLocaleTimeString());
console.log(d.toLocaleString("en-US", { timeZone: "America/New_York" }), "|", d.toLocaleDateString("en-US", { timeZone: "Asia/Tokyo", month: "long", day: "numeric" }));
console.log(d.toLocaleTimeString("en-US", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" }), "|", d.toLocaleTimeString("en-US", { hour12: false }));
console.log(d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Chicago" }), "|", d.toLocaleDateString(undefined, { dateStyle: "long" }));
console.log(new Date(NaN).toLocaleString("en-US", { timeZone: "America/New_York" }));
try {
  d.toLocaleDateString("en-US", { timeStyle: "short" });
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
try {
  d.toLocaleTimeString("en-US", { timeZone: "Nowhere/Special" });
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}

// Offsets across a daylight-saving transition, as luxon reads them.
const ny = new Intl.DateTimeFormat("en-US", { hour12: false, timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", era: "short" });
for (const t of [Date.UTC(2024, 2, 10, 6, 59), Date.UTC(2024, 2, 10, 7, 0), Date.UTC(2024, 10, 3, 5, 59), Date.UTC(2024, 10, 3, 6, 0), Date.UTC(1960, 5, 1), Date.UTC(2100, 0, 1)]) {
  const p = Object.fromEntries(ny.formatToParts(t).filter((x) => x.type !== "literal").map((x) => [x.type, x.value]));
  console.log(JSON.stringify(p));
}

// Zone names: en-US abbreviations only where they mean the US zones, ICU's names of common
// zones whose tz abbreviation is numeric or shared.
for (const z of ["America/Sao_Paulo", "Asia/Dubai", "Asia/Manila", "Asia/Shanghai", "Asia/Taipei", "America/Halifax", "Europe/Lisbon", "Europe/London", "Asia/Kathmandu", "Africa/Lagos"]) {
  const names = ["short", "long", "shortOffset", "longOffset"].map((n) => {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: z, timeZoneName: n as any });
    return [Date.UTC(2024, 0, 15), Date.UTC(2024, 6, 15)].map((t) => f.formatToParts(t).find((p) => p.type === "timeZoneName")!.value).join(" / ");
  });
  console.log(z, "|", names.join(" | "));
}
