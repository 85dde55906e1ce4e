// -0 creation, printing and comparison
const nz = -0;
console.log(nz, 0 * -1, -0 + 0, -0 - 0, 0 / -5, Math.round(-0.4));
console.log(String(-0), -0 + "", `${-0}`, (-0).toString(), JSON.stringify(-0));
console.log([-0], { z: -0 }, [0, -0, +0]);
console.log(-0 === 0, Object.is(-0, 0), Object.is(-0, -0));
console.log(1 / -0, 1 / 0, 1 / (0 * -1));
console.log(Math.sign(-0), Math.abs(-0), Math.min(0, -0), Math.max(-0, 0));
console.log(-0 < 0, -0 > 0, -0 <= 0);
console.log((-0).toFixed(2), (-0.0001).toFixed(2), (-0.5).toFixed(0));
console.log(Number("-0"), parseFloat("-0"), parseInt("-0"));
console.log(-0 % 5, 5 % -5, -5 % 5);
console.log(Math.trunc(-0.5), Math.ceil(-0.5), Math.floor(-0));
console.log(-0 | 0, ~~-0, -0 >>> 0);
const m = new Map([[-0, "zero"]]);
console.log(m.get(0), [...m.keys()]);
console.log([-0].includes(0), [-0].indexOf(0));
