import Decimal from "decimal.js";
console.log(new Decimal(0.1).plus(0.2).toString(), 0.1 + 0.2);
const x = new Decimal("123.4567");
console.log(x.toFixed(2), x.times(3).toString(), x.sqrt().toSignificantDigits(10).toString(), x.pow(3).toExponential(5));
Decimal.set({ precision: 50 });
console.log(new Decimal(1).dividedBy(7).toString(), Decimal.max(1, "2.5", 2).toString());
