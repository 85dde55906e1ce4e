// A traffic light and a vending machine as explicit state machines
type Light = "red" | "green" | "yellow";
const next: Record<Light, Light> = { red: "green", green: "yellow", yellow: "red" };
const durations: Record<Light, number> = { red: 4, green: 3, yellow: 1 };
let state: Light = "red";
const timeline: string[] = [];
let t = 0;
while (t < 20) {
  timeline.push(`${t}:${state}`);
  t += durations[state];
  state = next[state];
}
console.log(timeline.join(" "));
const counts: Record<string, number> = {};
for (const entry of timeline) {
  const light = entry.split(":")[1];
  counts[light] = (counts[light] ?? 0) + 1;
}
console.log(counts);
enum VState { Idle, HasMoney, Dispensing }
class Vending {
  state = VState.Idle;
  credit = 0;
  log: string[] = [];
  insert(coins: number) {
    if (this.state === VState.Dispensing) return this.note("busy");
    this.credit += coins;
    this.state = VState.HasMoney;
    return this.note(`credit ${this.credit}`);
  }
  select(price: number) {
    switch (this.state) {
      case VState.Idle:
        return this.note("insert money first");
      case VState.HasMoney:
        if (this.credit < price) return this.note(`need ${price - this.credit} more`);
        this.state = VState.Dispensing;
        this.credit -= price;
        this.note("dispensing");
        this.state = this.credit > 0 ? VState.HasMoney : VState.Idle;
        return this.note(`state ${VState[this.state]}`);
      default:
        return this.note("unexpected");
    }
  }
  private note(s: string) { this.log.push(s); return this; }
}
const v = new Vending();
v.select(5).insert(2).select(5).insert(4).select(5).select(1).select(1);
for (const line of v.log) console.log(line);
console.log(VState[v.state], v.credit);
