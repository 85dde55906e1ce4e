// A small bytecode interpreter: a stack VM class (an operand stack, call
// frames with locals, a switch over numeric opcodes) and an assembler with
// labels, running a program whose main loop calls an iterative fib(k % 40)
// and a recursive triangle(k % 24) for k below N, summing modulo a prime.
// N = process.argv[2], default 1.5*10^5.
// quick size: 1500
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 150000) | 0;

enum Op {
  Push, // value
  Pop,
  Load, // local
  Store, // local
  Add,
  Sub,
  Mul,
  Mod,
  Lt,
  Eq,
  Jump, // target
  JumpIfFalse, // target
  Call, // target, argument count, local count
  Ret,
}

class Frame {
  constructor(readonly returnPc: number, readonly locals: number[]) {}
}

class VM {
  stack: number[] = [];
  frames: Frame[] = [];
  locals: number[] = [];
  pc = 0;
  steps = 0;

  constructor(private readonly code: number[]) {}

  private push(value: number): void {
    this.stack.push(value);
  }

  private pop(): number {
    const value = this.stack.pop();
    if (value === undefined) throw new Error(`stack underflow at ${this.pc}`);
    return value;
  }

  private enter(returnPc: number, argc: number, localCount: number): void {
    const locals = new Array<number>(localCount).fill(0);
    for (let i = argc - 1; i >= 0; i--) locals[i] = this.pop();
    this.frames.push(new Frame(returnPc, locals));
    this.locals = locals;
  }

  /** Calls the function at `entry` with `args`; returns what it returns. */
  call(entry: number, args: number[], localCount: number): number {
    for (const arg of args) this.push(arg);
    this.enter(-1, args.length, localCount);
    this.pc = entry;
    return this.run();
  }

  private run(): number {
    const code = this.code;
    for (;;) {
      const op: Op = code[this.pc++];
      this.steps++;
      switch (op) {
        case Op.Push:
          this.push(code[this.pc++]);
          break;
        case Op.Pop:
          this.pop();
          break;
        case Op.Load:
          this.push(this.locals[code[this.pc++]]);
          break;
        case Op.Store:
          this.locals[code[this.pc++]] = this.pop();
          break;
        case Op.Add: {
          const b = this.pop();
          this.push(this.pop() + b);
          break;
        }
        case Op.Sub: {
          const b = this.pop();
          this.push(this.pop() - b);
          break;
        }
        case Op.Mul: {
          const b = this.pop();
          this.push(this.pop() * b);
          break;
        }
        case Op.Mod: {
          const b = this.pop();
          this.push(this.pop() % b);
          break;
        }
        case Op.Lt: {
          const b = this.pop();
          this.push(this.pop() < b ? 1 : 0);
          break;
        }
        case Op.Eq: {
          const b = this.pop();
          this.push(this.pop() === b ? 1 : 0);
          break;
        }
        case Op.Jump:
          this.pc = code[this.pc];
          break;
        case Op.JumpIfFalse: {
          const target = code[this.pc++];
          if (this.pop() === 0) this.pc = target;
          break;
        }
        case Op.Call: {
          const target = code[this.pc];
          this.enter(this.pc + 3, code[this.pc + 1], code[this.pc + 2]);
          this.pc = target;
          break;
        }
        case Op.Ret: {
          const frame = this.frames.pop()!;
          this.pc = frame.returnPc;
          if (this.pc < 0) return this.pop();
          this.locals = this.frames[this.frames.length - 1].locals;
          break;
        }
        default:
          throw new Error(`bad opcode ${op} at ${this.pc - 1}`);
      }
    }
  }
}

interface Fixup {
  at: number;
  label: string;
}

class Assembler {
  readonly code: number[] = [];
  private labels = new Map<string, number>();
  private fixups: Fixup[] = [];

  emit(op: Op, ...operands: number[]): this {
    this.code.push(op, ...operands);
    return this;
  }

  label(name: string): this {
    if (this.labels.has(name)) throw new Error(`label ${name} defined twice`);
    this.labels.set(name, this.code.length);
    return this;
  }

  jump(op: Op.Jump | Op.JumpIfFalse, label: string): this {
    this.code.push(op, -1);
    this.fixups.push({ at: this.code.length - 1, label });
    return this;
  }

  call(label: string, argc: number, localCount: number): this {
    this.code.push(Op.Call, -1, argc, localCount);
    this.fixups.push({ at: this.code.length - 3, label });
    return this;
  }

  address(label: string): number {
    const at = this.labels.get(label);
    if (at === undefined) throw new Error(`undefined label ${label}`);
    return at;
  }

  assemble(): number[] {
    for (const { at, label } of this.fixups) this.code[at] = this.address(label);
    return this.code;
  }
}

const MOD = 1000003;

// fib(n), locals: n, a, b, i. Iterative, modulo MOD.
function emitFib(asm: Assembler): void {
  asm.label("fib")
    .emit(Op.Push, 0).emit(Op.Store, 1)
    .emit(Op.Push, 1).emit(Op.Store, 2)
    .emit(Op.Push, 0).emit(Op.Store, 3)
    .label("fib.loop")
    .emit(Op.Load, 3).emit(Op.Load, 0).emit(Op.Lt).jump(Op.JumpIfFalse, "fib.done")
    .emit(Op.Load, 2) // the new a, below the new b
    .emit(Op.Load, 1).emit(Op.Load, 2).emit(Op.Add).emit(Op.Push, MOD).emit(Op.Mod)
    .emit(Op.Store, 2).emit(Op.Store, 1)
    .emit(Op.Load, 3).emit(Op.Push, 1).emit(Op.Add).emit(Op.Store, 3)
    .jump(Op.Jump, "fib.loop")
    .label("fib.done")
    .emit(Op.Load, 1).emit(Op.Ret);
}

// triangle(n) = n + triangle(n - 1), triangle(0) = 0. Recursive.
function emitTriangle(asm: Assembler): void {
  asm.label("triangle")
    .emit(Op.Load, 0).emit(Op.Push, 0).emit(Op.Eq).jump(Op.JumpIfFalse, "triangle.rec")
    .emit(Op.Push, 0).emit(Op.Ret)
    .label("triangle.rec")
    .emit(Op.Load, 0)
    .emit(Op.Load, 0).emit(Op.Push, 1).emit(Op.Sub).call("triangle", 1, 1)
    .emit(Op.Add).emit(Op.Ret);
}

// main(count), locals: count, k, acc.
function emitMain(asm: Assembler): void {
  asm.label("main")
    .emit(Op.Push, 0).emit(Op.Store, 1)
    .emit(Op.Push, 0).emit(Op.Store, 2)
    .label("main.loop")
    .emit(Op.Load, 1).emit(Op.Load, 0).emit(Op.Lt).jump(Op.JumpIfFalse, "main.done")
    .emit(Op.Load, 2)
    .emit(Op.Load, 1).emit(Op.Push, 40).emit(Op.Mod).call("fib", 1, 4)
    .emit(Op.Load, 1).emit(Op.Push, 24).emit(Op.Mod).call("triangle", 1, 1)
    .emit(Op.Push, 3).emit(Op.Mul).emit(Op.Add)
    .emit(Op.Add).emit(Op.Push, MOD).emit(Op.Mod).emit(Op.Store, 2)
    .emit(Op.Load, 1).emit(Op.Push, 1).emit(Op.Add).emit(Op.Store, 1)
    .jump(Op.Jump, "main.loop")
    .label("main.done")
    .emit(Op.Load, 2).emit(Op.Ret);
}

const asm = new Assembler();
emitFib(asm);
emitTriangle(asm);
emitMain(asm);
const vm = new VM(asm.assemble());
const result = vm.call(asm.address("main"), [N], 3);
console.log(result, vm.steps, vm.stack.length, vm.frames.length);
