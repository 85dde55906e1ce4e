// Local time in the zone given by TZ (compiler/tests/date_tz.rs runs
// this under several zones and compares with what Node printed: gen.sh).
function show(d: Date) {
  console.log(d.getTime(), d.toString(), d.getTimezoneOffset(), d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes());
}
// Ordinary winter and summer instants, and component construction.
show(new Date(Date.UTC(2024, 0, 15, 10)));
show(new Date(Date.UTC(2024, 6, 15, 10)));
show(new Date(2024, 0, 15, 10, 30));
show(new Date(2024, 6, 15, 10, 30));
// Around the 2024 transitions of the US, Europe and Australia: skipped and
// repeated wall times take the offset before the transition.
for (const [y, m, d, h, mi] of [
  [2024, 2, 10, 2, 30], [2024, 10, 3, 1, 30], [2024, 2, 31, 2, 30], [2024, 9, 27, 2, 30], [2024, 3, 7, 2, 30], [2024, 9, 6, 2, 30],
]) {
  show(new Date(y, m, d, h, mi));
}
// Hour by hour across a US and a European change, from UTC.
for (let h = 0; h < 6; h++) show(new Date(Date.UTC(2024, 2, 10, 5 + h)));
for (let h = 0; h < 4; h++) show(new Date(Date.UTC(2024, 9, 27, h)));
// Strings without an offset are local; date-only ISO strings are UTC.
for (const s of ["2024-03-10T02:30:00", "2024-11-03T01:30:00", "2024-06-01", "2024-06-01T00:00", "Jun 1, 2024", "2024/06/01 12:00", "Sat Jun 01 2024 12:00:00 GMT+0200"]) {
  console.log(s, Date.parse(s));
}
// Local setters across a transition.
const d = new Date(2024, 2, 9, 12);
d.setDate(10);
show(d);
d.setHours(2, 30);
show(d);
d.setMonth(6);
show(d);
d.setFullYear(1999, 11, 31);
show(d);
// Historic and far dates, and the locale forms.
show(new Date(1985, 5, 1));
show(new Date(2100, 5, 1, 12));
const l = new Date(2024, 6, 4, 15, 5, 9);
console.log(l.toLocaleString(), "|", l.toLocaleDateString(), "|", l.toLocaleTimeString(), "|", l.toDateString(), "|", l.toTimeString());
console.log(JSON.stringify(l), l.toISOString(), l.toUTCString());
