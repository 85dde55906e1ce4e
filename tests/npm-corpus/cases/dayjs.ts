import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import relativeTime from "dayjs/plugin/relativeTime.js";
dayjs.extend(utc);
dayjs.extend(relativeTime);
const d = dayjs.utc("2024-02-27T10:30:00Z");
console.log(d.format("YYYY-MM-DD HH:mm"), d.add(1, "month").format("MMM D, YYYY"), d.day(), d.isValid());
console.log(d.startOf("week").format("ddd YYYY-MM-DD"), d.diff(dayjs.utc("2024-01-01"), "day"), d.from(dayjs.utc("2024-05-01")));
