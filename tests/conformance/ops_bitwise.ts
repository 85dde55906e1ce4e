// Bitwise AND, OR, XOR, NOT with ToInt32 conversion
const vals = [0, 1, -1, 5, -5, 255, 2147483647, -2147483648, 4294967295, 4294967296, 1.9, -1.9, NaN, Infinity];
for (const v of vals) {
  console.log(v, "~", ~v, "|0", v | 0, "&255", v & 255, "^1", v ^ 1);
}
console.log(12 & 10, 12 | 10, 12 ^ 10);
console.log(0xff00 & 0x0ff0, 0xff00 | 0x0ff0, 0xff00 ^ 0x0ff0);
console.log(-8 & 7, -8 | 7, -8 ^ 7);
console.log(~~3.7, ~~-3.7, ~0, ~-1, ~~("12" as any));
console.log(2 ** 32 + 5 | 0, 2 ** 31 | 0, 2 ** 40 | 0, -(2 ** 31) - 1 | 0);
console.log(("7" as any) & 3, (true as any) | 2, (null as any) ^ 5, (undefined as any) | 0);
console.log(1e21 | 0, 1.5e10 | 0, -1.5e10 | 0);
let flags = 0;
const A = 1, B = 2, C = 4;
flags |= A | C;
console.log(flags, (flags & B) !== 0, (flags & C) !== 0);
flags &= ~A;
flags ^= B;
console.log(flags);
