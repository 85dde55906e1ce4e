import { format, addDays, differenceInCalendarDays, parseISO, isWeekend, startOfMonth, formatDistance, eachDayOfInterval } from "date-fns";
const d = parseISO("2024-02-27T10:30:00Z");
console.log(format(d, "yyyy-MM-dd"), format(addDays(d, 3), "EEEE do MMMM yyyy"));
console.log(differenceInCalendarDays(parseISO("2024-12-25"), parseISO("2024-02-27")), isWeekend(parseISO("2024-03-02")));
console.log(format(startOfMonth(d), "yyyy-MM-dd"), formatDistance(parseISO("2024-01-01"), parseISO("2024-03-15")));
console.log(eachDayOfInterval({ start: parseISO("2024-02-27"), end: parseISO("2024-03-02") }).map((x) => format(x, "MM/dd")).join(" "));
