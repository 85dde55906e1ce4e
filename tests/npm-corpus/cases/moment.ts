import moment from "moment";
const m = moment.utc("2024-02-27T10:30:00Z");
console.log(m.format("dddd, MMMM Do YYYY, h:mm:ss a"), m.clone().add(10, "days").format("YYYY-MM-DD"));
console.log(m.isLeapYear(), m.daysInMonth(), moment.duration(90, "minutes").humanize(), m.from(moment.utc("2024-03-27T10:30:00Z")));
console.log(moment.utc("2024-13-45", "YYYY-MM-DD").isValid(), m.toISOString(), m.valueOf());
