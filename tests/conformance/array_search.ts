const arr = [1, 2, 3, 2, 1, NaN, "2"];
console.log(arr.indexOf(2), arr.indexOf(2, 2), arr.indexOf(9), arr.indexOf("2" as any), arr.indexOf(NaN));
console.log(arr.lastIndexOf(2), arr.lastIndexOf(1), arr.lastIndexOf(1, 3), arr.lastIndexOf(9));
console.log(arr.includes(2), arr.includes(NaN), arr.includes(9), arr.includes(2, 4), arr.includes("2" as any));
console.log(arr.indexOf(1, -3), arr.includes(1, -2));
const users = [
  { id: 1, name: "ann", active: false },
  { id: 2, name: "bob", active: true },
  { id: 3, name: "cy", active: true },
];
console.log(users.find((u) => u.active));
console.log(users.find((u) => u.id === 9));
console.log(users.findIndex((u) => u.active), users.findIndex((u) => u.id === 9));
const objRef = users[2];
console.log(users.indexOf(objRef), users.indexOf({ ...objRef }), users.includes(objRef));
const visited: number[] = [];
users.find((u) => { visited.push(u.id); return u.id === 2; });
console.log(visited);
console.log([].find(() => true), [].findIndex(() => true));
console.log([undefined].includes(undefined), [undefined].indexOf(undefined));
console.log(["a", "b"].find((x, i) => i === 1));
