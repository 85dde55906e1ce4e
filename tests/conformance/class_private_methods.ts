// Private #methods, private accessors and private static members
class Parser {
  #pos = 0;
  #input: string;
  constructor(input: string) { this.#input = input; }
  #peek() { return this.#input[this.#pos]; }
  #advance() { return this.#input[this.#pos++]; }
  #isDigit(ch: string | undefined) { return ch !== undefined && ch >= "0" && ch <= "9"; }
  get #remaining() { return this.#input.length - this.#pos; }
  numbers() {
    const out: number[] = [];
    while (this.#remaining > 0) {
      if (this.#isDigit(this.#peek())) {
        let s = "";
        while (this.#isDigit(this.#peek())) s += this.#advance();
        out.push(Number(s));
      } else {
        this.#advance();
      }
    }
    return out;
  }
}
console.log(new Parser("a12b3cc456").numbers());
console.log(new Parser("").numbers(), new Parser("xyz").numbers());
class IdGen {
  static #next = 1;
  static #format(n: number) { return "id-" + String(n).padStart(3, "0"); }
  static make() { return IdGen.#format(IdGen.#next++); }
}
console.log(IdGen.make(), IdGen.make(), IdGen.make());
class Secret {
  #hidden() { return "hidden"; }
  reveal() { return this.#hidden(); }
  callOn(o: any) { return o.#hidden(); }
}
const s = new Secret();
console.log(s.reveal(), typeof (s as any).hidden, typeof (s as any)["#hidden"]);
try {
  s.callOn({});
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const detached = s.reveal;
try {
  detached();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
class Toggle {
  #state = false;
  set #value(v: boolean) { this.#state = v; }
  flip() { this.#value = !this.#state; return this.#state; }
}
const t = new Toggle();
console.log(t.flip(), t.flip(), t.flip());
