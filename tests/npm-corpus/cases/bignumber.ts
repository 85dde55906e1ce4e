import BigNumber from "bignumber.js";
const a = new BigNumber("1234567890.123456789");
console.log(a.plus("0.000000001").toString(), a.times(2).toFixed(3), a.dividedBy(3).toFormat(4));
console.log(new BigNumber(255).toString(16), new BigNumber("ff", 16).toNumber(), new BigNumber(2).pow(100).toFixed());
console.log(BigNumber.sum(0.1, 0.2).isEqualTo(0.3), new BigNumber(-7.5).integerValue(BigNumber.ROUND_HALF_EVEN).toString());
