import { DateTime, Duration, Interval } from "luxon";
const dt = DateTime.fromISO("2024-02-27T10:30:00", { zone: "utc" });
console.log(dt.toISO(), dt.plus({ days: 3, hours: 2 }).toFormat("yyyy LLL dd HH:mm"), dt.weekday, dt.daysInMonth, dt.toFormat("cccc"));
console.log(Duration.fromObject({ hours: 2, minutes: 7 }).toFormat("hh:mm"), Duration.fromISO("PT1H30M").as("minutes"));
console.log(Interval.fromDateTimes(dt, dt.plus({ weeks: 2 })).length("days"), dt.startOf("month").toISODate(), DateTime.fromFormat("27/02/2024", "dd/MM/yyyy", { zone: "utc" }).toISODate());
