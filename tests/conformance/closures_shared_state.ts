// Two closures sharing the same captured variable
function makeBox<T>(initial: T) {
  let value = initial;
  const get = () => value;
  const set = (v: T) => { value = v; };
  return [get, set] as const;
}
const [getA, setA] = makeBox(1);
const [getB, setB] = makeBox("b");
console.log(getA(), getB());
setA(42);
setB("changed");
console.log(getA(), getB());
function makeBank() {
  let balance = 0;
  const history: string[] = [];
  function deposit(n: number) {
    balance += n;
    history.push("+" + n);
  }
  function withdraw(n: number) {
    if (n > balance) {
      history.push("denied " + n);
      return false;
    }
    balance -= n;
    history.push("-" + n);
    return true;
  }
  return { deposit, withdraw, balance: () => balance, history: () => history.slice() };
}
const bank = makeBank();
bank.deposit(50);
console.log(bank.withdraw(20), bank.withdraw(100), bank.balance());
bank.deposit(5);
console.log(bank.history(), bank.balance());
let sharedOuter = "start";
const appendX = () => { sharedOuter += "x"; };
const readOuter = () => sharedOuter;
appendX(); appendX();
console.log(readOuter());
sharedOuter = "reset";
appendX();
console.log(readOuter());
function nestedShare() {
  let n = 0;
  const inner = () => {
    const deeper = () => ++n;
    return deeper() + deeper();
  };
  return [inner(), inner(), n];
}
console.log(nestedShare());
