import { of, from, map, filter, reduce, scan, take, Subject, firstValueFrom, interval } from "rxjs";
of(1, 2, 3, 4, 5).pipe(filter((x) => x % 2 === 1), map((x) => x * 10)).subscribe((x) => console.log("odd*10", x));
from([1, 2, 3]).pipe(reduce((a, b) => a + b, 0)).subscribe((s) => console.log("sum", s));
const subj = new Subject<string>();
subj.pipe(scan((acc, s) => acc + s, "")).subscribe((s) => console.log("scan", s));
subj.next("a"); subj.next("b"); subj.complete();
firstValueFrom(interval(5).pipe(take(3), reduce((a, b) => a + b, 0))).then((v) => console.log("interval", v));
