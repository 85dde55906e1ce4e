// Date.parse: the ISO format and the forms Node accepts; invalid strings give NaN.
const inputs = [
  "2024-01-15T10:00:00Z", "2024-01-15T10:00:00.123Z", "2024-01-15", "2024-01", "2024", "+002024-01-15",
  "-000001-01-01T00:00:00Z", "-000000-01-01T00:00:00Z", "2024-01-15T10:00:00+05:30", "2024-01-15T10:00:00-0800",
  "2024-01-15T10:00", "2024-01-15T24:00", "2024-01-15T24:00:01", "2024-01-15t10:00:00z", "2024-01-15 10:00",
  "2024-1-5", "2019-02-30", "2024-13-01", "2024-01-32", "2024-01-15T10:00:00.1234567Z",
  "Tue, 01 Jan 2019 00:00:00 GMT", "Mon Jan 01 2024 10:00:00 GMT+0100 (Central European Standard Time)",
  "Jan 1, 2024", "January 15, 2024 10:00:00 UTC", "15 January 2024", "2024/01/01 10:00", "1/2/2024", "1/2/24",
  "12/31/99 23:59", "Jan 2024", "Thu, 01 Jan 1970 00:00:00 GMT-0500", "Jan 1 2024 10:00 PM", "Jan 1 2024 12:00 AM",
  "Sat, 01-Jan-2000 08:00:00 GMT", "2024-01-15T10:00:00 EST", "Mon, 32 Jan 2024", "1 2 3", "12:00", "x", "",
  "20240115", "2000-01-01TZ", "Feb 30 2024", "99", "100", "-1", "Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)",
  "Wed, 31 Dec 1969 23:59:59 GMT", "2024-06-01T12:00:00.5Z", "  2024-01-15", "2024-01-15T10:00:00Z ", "Jan 1 2024 (comment) 10:00 UTC",
];
for (const s of inputs) {
  const t = Date.parse(s);
  console.log(JSON.stringify(s), t, isNaN(t) ? "-" : new Date(t).toISOString());
}
console.log(Date.parse(new Date(Date.UTC(2001, 2, 3, 4, 5, 6)).toString()) === Date.UTC(2001, 2, 3, 4, 5, 6));
console.log(Date.parse(new Date(Date.UTC(2001, 2, 3, 4, 5, 6)).toUTCString()) === Date.UTC(2001, 2, 3, 4, 5, 6));
console.log(Date.parse(new Date(Date.UTC(2001, 2, 3, 4, 5, 6, 7)).toISOString()) === Date.UTC(2001, 2, 3, 4, 5, 6, 7));
console.log(new Date("2024-02-29T12:00:00Z").getUTCDate(), new Date("not a date").getTime());
