// The fuzzers' shared part (tests/fuzz/builtins): a deterministic mutator and the main loop.
let state = 1;
function rnd(n) {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) % n;
}
function reseed(seed, i) {
  state = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca77)) | 1;
  for (let k = 0; k < 4; k++) rnd(2);
}
function pick(a) {
  return a[rnd(a.length)];
}
// One to eight edits of `s`: insert or replace with a token, delete, duplicate, splice in
// another seed, truncate, swap halves.
function mutate(s, seeds, tokens) {
  const edits = 1 + rnd(8);
  for (let k = 0; k < edits; k++) {
    const at = rnd(s.length + 1);
    switch (rnd(8)) {
      case 0:
      case 1:
        s = s.slice(0, at) + pick(tokens) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + pick(tokens) + s.slice(at + 1);
        break;
      case 3:
        s = s.slice(0, at) + s.slice(at + 1 + rnd(8));
        break;
      case 4: {
        const n = rnd(16);
        s = s.slice(0, at) + s.slice(at, at + n) + s.slice(at);
        break;
      }
      case 5:
        s = s.slice(0, at) + pick(seeds) + s.slice(at);
        break;
      case 6:
        s = s.slice(0, at);
        break;
      default:
        s = s.slice(at) + s.slice(0, at);
    }
  }
  return s;
}
function show(s) {
  const j = JSON.stringify(s);
  return j.length > 300 ? j.slice(0, 300) + "...(" + s.length + ")" : j;
}
// argv: seed, count, first index. Input i is gen() after reseed(seed, i).
function main(gen, check) {
  const argv = process.argv;
  const seed = Number(argv[2]) | 0;
  const count = Number(argv[3]);
  const start = Number(argv[4]);
  for (let i = start; i < start + count; i++) {
    reseed(seed, i);
    const input = gen();
    let r;
    try {
      r = check(input);
    } catch (e) {
      r = "threw " + (e && e.name) + ": " + (e && e.message);
    }
    console.log(i + "\t" + r);
  }
}
