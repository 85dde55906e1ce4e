// Relational comparisons between mixed types
const S10: any = "10", SABC: any = "abc";
console.log(S10 > 9, S10 < 9, SABC < 1, SABC > 1);
console.log(true > false, (true as any) > 0, (true as any) >= 1, (false as any) < 1);
console.log((null as any) < 1, (null as any) >= 0, (null as any) > 0, (null as any) <= 0);
console.log((undefined as any) < 1, (undefined as any) > 0, (undefined as any) >= 0);
console.log((null as any) < (undefined as any), (null as any) >= (null as any), (undefined as any) <= (undefined as any));
console.log(([2] as any) > 1, ([1, 2] as any) > 1, ([] as any) < 1, ({} as any) < 1);
console.log(("" as any) < 1, (" " as any) < 1, ("\n" as any) <= 0);
console.log(([10] as any) < ([9] as any), ([10] as any) < 9);
const obj = { valueOf() { return 5; } };
console.log((obj as any) > 4, (obj as any) < 5, (obj as any) <= "5");
const strObj = { toString() { return "b"; } };
console.log((strObj as any) > "a", (strObj as any) < "c");
console.log(("1e3" as any) > 999, ("0x10" as any) > 15, ("  12  " as any) < 13);
