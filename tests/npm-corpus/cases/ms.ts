import ms from "ms";
console.log(ms("2 days"), ms("1d"), ms("10h"), ms("2.5 hrs"), ms("1m"), ms("5s"), ms("1y"), ms("100"), ms("-3 days"));
console.log(ms(60000), ms(2 * 60000), ms(-3 * 60000), ms(ms("10 hours")), ms(60000, { long: true }), ms(2 * 60000, { long: true }));
