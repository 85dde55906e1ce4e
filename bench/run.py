#!/usr/bin/env python3
"""Perry vs Node, side by side in one run.

For each benchmark program in bench/*.ts: compile it with Perry, strip its
types with esbuild for Node, then run both *interleaved* for --rounds rounds
(Perry, Node, Perry, Node, ...) so machine noise hits both alike. Prints the
median wall time of each, the ratio Perry/Node, and the peak RSS of each
(from /usr/bin/time). Checks that both print the same output.

Also measures: compile time of a generated 2,000-line program, and the
hello-world executable's start time and peak RSS.

    python3 bench/run.py [--rounds 7] [names...]
"""
import argparse, os, pathlib, shutil, statistics, subprocess, sys, tempfile, time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PERRY = ROOT / "target" / "release" / "perry"


def run_timed(cmd, env=None):
    """Wall seconds, peak RSS in KB and stdout of one run."""
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True, env=env)
    dt = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"{' '.join(map(str, cmd))} failed:\n{p.stderr}")
    rss = int(p.stderr.strip().splitlines()[-1])
    return dt, rss, p.stdout


def esbuild(src, out):
    exe = shutil.which("esbuild")
    cmd = [exe, str(src)] if exe else ["npx", "--yes", "esbuild", str(src)]
    subprocess.run(cmd + ["--format=esm", "--platform=node", f"--outfile={out}", "--log-level=error"], check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    if not PERRY.exists():
        subprocess.run(["cargo", "build", "--release", "-p", "perry-compiler"], cwd=ROOT, check=True)
    env = dict(os.environ)
    env.pop("NODE_EXTRA_CA_CERTS", None)  # costs Node ~80 ms per start here
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="perry-bench-"))
    progs = sorted(BENCH.glob("*.ts"))
    if a.names:
        progs = [p for p in progs if p.stem in a.names]
    print(f"{'benchmark':<14}{'perry s':>9}{'node s':>9}{'ratio':>8}{'perry RSS':>11}{'node RSS':>10}")
    ratios = []
    for src in progs:
        exe = tmp / src.stem
        subprocess.run([PERRY, "compile", src, "-o", exe], check=True)
        js = tmp / (src.stem + ".mjs")
        esbuild(src, js)
        pt, nt, pr, nr = [], [], [], []
        out_p = out_n = None
        for _ in range(a.rounds):
            d, r, out_p = run_timed([str(exe)], env)
            pt.append(d); pr.append(r)
            d, r, out_n = run_timed(["node", str(js)], env)
            nt.append(d); nr.append(r)
        if out_p != out_n:
            sys.exit(f"{src.stem}: outputs differ\nperry: {out_p[:200]}\nnode:  {out_n[:200]}")
        mp, mn = statistics.median(pt), statistics.median(nt)
        ratios.append(mp / mn)
        print(f"{src.stem:<14}{mp:>9.3f}{mn:>9.3f}{mp / mn:>8.2f}{max(pr) / 1024:>9.1f}MB{max(nr) / 1024:>8.1f}MB")
    if ratios:
        print(f"{'geomean':<14}{'':>18}{statistics.geometric_mean(ratios):>8.2f}")

    # Compile speed: a generated 2,000-line program.
    gen = tmp / "big.ts"
    lines = []
    for i in range(200):
        lines += [
            f"class C{i} {{",
            f"  constructor(public a: number, public b: string) {{}}",
            f"  m(x: number): number {{ return this.a * x + {i}; }}",
            f"}}",
            f"function f{i}(n: number): number {{",
            f"  let s = 0;",
            f"  for (let k = 0; k < n; k++) {{ s += new C{i}(k, 'x').m(2); }}",
            f"  return s;",
            f"}}",
            f"console.log('f{i}', f{i}(3));",
        ]
    gen.write_text("\n".join(lines) + "\n")
    ts = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([PERRY, "compile", gen, "-o", tmp / "big"], check=True)
        ts.append(time.perf_counter() - t)
    print(f"compile {len(lines)} lines: {statistics.median(ts):.3f} s (median of 3)")

    # Hello world: start time and peak RSS.
    hello = tmp / "hello"
    subprocess.run([PERRY, "compile", ROOT / "examples" / "hello.ts", "-o", hello], check=True)
    ts, rs = [], []
    for _ in range(21):
        d, r, _ = run_timed([str(hello)], env)
        ts.append(d); rs.append(r)
    print(f"hello world: {statistics.median(ts) * 1000:.1f} ms wall (incl. /usr/bin/time), peak RSS {max(rs) / 1024:.1f} MB")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
