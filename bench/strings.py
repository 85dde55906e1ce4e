#!/usr/bin/env python3
"""Issue 27's strings benchmarks: Perry against Node and Bun, side by side.

    bench/strings.py [--rounds N] [--perry PATH] [--no-bun] [names...]

Compiles each bench/strings/NAME.ts with Perry and strips its types with
esbuild for Node and Bun (`useDefineForClassFields: false`, so class fields
are assignments: each peer at its best), then runs the three *interleaved*
for --rounds rounds (Perry, Node, Bun, Perry, ...) at the sizes listed in
CASES. Every run's stdout must equal Node's. Prints per case the median CPU
time (user+sys of the child, from wait4) of each, the ratios Perry/Node and
Perry/Bun, and the peak RSS (ru_maxrss, the maximum over the rounds); then
the geometric mean of the Perry/Node ratios over the "bar" set and the
largest one. NODE_EXTRA_CA_CERTS is removed from Node's environment (it
costs Node ~80 ms per start). Exit status: 0 ok, 1 an output differs, 2 a
compile or a run failed.

The bar (issue 27): every case of the "bar" set <= 1.0x Node, their
geometric mean <= 0.8, build_concat at 1 and 10 MB with peak RSS <= Node's,
and many_strings' peak RSS <= 1.3x Node's. The "bar" set is the issue's six
programs plus lex (a tokenizer slicing off each token: string slices and
compiled unit reads). "extra" cases are timed and printed but kept out of the
bar's geometric mean: lex_regex runs the same tokenizer through RegExp exec,
whose cost beyond the match (the result array, property reads, destructuring)
is call and object overhead, not strings (issue 30's work).
"""
import argparse
import math
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIR = ROOT / "bench" / "strings"

# (case name, program, size argument, set: "bar" is timed and in the geometric mean, "extra"
# timed and printed only, "memory" judged by its peak RSS)
CASES = [
    ("build_concat 1MB", "build_concat", "1", "bar"),
    ("build_concat 10MB", "build_concat", "10", "bar"),
    ("build_template", "build_template", "400000", "bar"),
    ("build_twobyte", "build_twobyte", "4", "bar"),
    ("join", "join", "40", "bar"),
    ("split_search", "split_search", "10", "bar"),
    ("replace", "replace", "10", "bar"),
    ("json_doc", "json_doc", "60000", "bar"),
    ("lex", "lex", "4", "bar"),
    ("lex_regex", "lex_regex", "4", "extra"),
    ("many_strings", "many_strings", "1000000", "memory"),
]


def run(cmd, env=None):
    """Runs `cmd`; returns (stdout, cpu seconds, peak RSS in KB)."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        err = p.stderr.read().decode(errors="replace")
        p.stderr.close()
        out.seek(0)
        text = out.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({os.waitstatus_to_exitcode(status)}):\n{err[-2000:]}")
    return text, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--perry", default=str(pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "perry"))
    ap.add_argument("--no-bun", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    bun = None if a.no_bun else shutil.which("bun")
    esbuild = shutil.which("esbuild")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="perry-strings-"))
    node_env = {k: v for k, v in os.environ.items() if k != "NODE_EXTRA_CA_CERTS"}
    cases = [c for c in CASES if not a.names or c[1] in a.names or c[0] in a.names]
    built = {}
    for _, prog, _, _ in cases:
        if prog in built:
            continue
        src = DIR / f"{prog}.ts"
        exe, js = tmp / prog, tmp / f"{prog}.js"
        p = subprocess.run([a.perry, "compile", str(src), "-o", str(exe)], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"{prog}: perry compile failed:\n{p.stderr}", file=sys.stderr)
            return 2
        cmd = [esbuild, str(src)] if esbuild else ["npx", "--yes", "esbuild", str(src)]
        cmd += ["--format=esm", "--log-level=warning", f"--outfile={js}", '--tsconfig-raw={"compilerOptions":{"useDefineForClassFields":false}}']
        if subprocess.run(cmd).returncode != 0:
            return 2
        built[prog] = (exe, js)
    arms = [("perry", None), ("node", node_env)] + ([("bun", None)] if bun else [])
    status = 0
    rows = []
    for name, prog, size, group in cases:
        exe, js = built[prog]
        cmds = {"perry": [str(exe), size], "node": ["node", str(js), size], "bun": [bun or "bun", str(js), size]}
        cpu = {k: [] for k, _ in arms}
        rss = {k: 0 for k, _ in arms}
        outs = {}
        try:
            for _ in range(a.rounds):
                for arm, env in arms:
                    out, t, m = run(cmds[arm], env)
                    cpu[arm].append(t)
                    rss[arm] = max(rss[arm], m)
                    outs.setdefault(arm, out)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            return 2
        for arm in outs:
            if outs[arm] != outs["node"]:
                print(f"{name}: {arm}'s output differs from Node's:\n{arm}: {outs[arm][:400]}\nnode: {outs['node'][:400]}", file=sys.stderr)
                status = 1
        med = {k: statistics.median(v) for k, v in cpu.items()}
        rows.append((name, group, med, rss))
        line = f"{name:20} perry {med['perry']:7.3f}s  node {med['node']:7.3f}s"
        if bun:
            line += f"  bun {med['bun']:7.3f}s"
        line += f"  perry/node {med['perry'] / med['node']:5.2f}"
        if bun:
            line += f"  perry/bun {med['perry'] / med['bun']:5.2f}"
        line += f"  rss MB perry {rss['perry'] / 1024:6.1f} node {rss['node'] / 1024:6.1f}"
        if bun:
            line += f" bun {rss['bun'] / 1024:6.1f}"
        line += f"  rss perry/node {rss['perry'] / rss['node']:4.2f}"
        print(line, flush=True)
    ratios = [r[2]["perry"] / r[2]["node"] for r in rows if r[1] == "bar"]
    if ratios:
        g = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        print(f"geometric mean perry/node {g:.3f} over the {len(ratios)} cases of the bar set; largest {max(ratios):.2f}")
        if bun:
            gb = math.exp(sum(math.log(r[2]["perry"] / r[2]["bun"]) for r in rows if r[1] == "bar") / len(ratios))
            print(f"geometric mean perry/bun {gb:.3f}")
    shutil.rmtree(tmp, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
