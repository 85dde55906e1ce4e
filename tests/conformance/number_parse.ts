// parseInt (with radix) and parseFloat
console.log(parseInt("42"), parseInt("42px"), parseInt("  42  "), parseInt("-42"), parseInt("+42"));
console.log(parseInt("3.99"), parseInt("-3.99"), parseInt(""), parseInt("abc"), parseInt("0x1F"), parseInt("0x"));
console.log(parseInt("ff", 16), parseInt("FF", 16), parseInt("0xff", 16), parseInt("101", 2), parseInt("777", 8));
console.log(parseInt("z", 36), parseInt("10", 36), parseInt("12", 3), parseInt("9", 8), parseInt("19", 8));
console.log(parseInt("10", 1), parseInt("10", 37), parseInt("10", 0), parseInt("11", undefined));
console.log(parseInt("1e3"), parseInt(1e21 as any), parseInt(0.0000005 as any), parseInt(null as any), parseInt("Infinity"));
console.log(parseInt("123456789012345678901234567890"), parseInt("-0"), Object.is(parseInt("-0"), -0));
console.log(parseFloat("3.14"), parseFloat("3.14abc"), parseFloat("  -2.5e3xyz"), parseFloat(".5"), parseFloat("-.5"));
console.log(parseFloat("abc"), parseFloat(""), parseFloat("1e"), parseFloat("1e+"), parseFloat("Infinityx"), parseFloat("-Infinity"));
console.log(parseFloat("0x10"), parseFloat("1.2.3"), parseFloat("1_000"), parseFloat("  \n 7"), parseFloat("+.1e1"));
console.log(["1", "2", "3"].map(parseInt));
console.log(["1", "2.5", "x"].map(parseFloat));
console.log(Number.parseInt === parseInt, Number.parseFloat === parseFloat);
console.log(parseInt("  0x1A  "), parseInt("-0x1A"), parseInt("0b11"), parseInt("0o17"), parseInt("08"));
console.log(parseFloat("1e400"), parseFloat("-1e-400"), parseFloat("3.14.15"), parseFloat("  +2  "));
