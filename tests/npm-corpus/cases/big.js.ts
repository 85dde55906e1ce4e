import Big from "big.js";
console.log(new Big("0.1").plus("0.2").toString(), new Big(2).pow(100).toFixed(), new Big("1").div(3).toPrecision(10), new Big("-1.5").round().toString());
