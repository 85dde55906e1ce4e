#!/usr/bin/env python3
"""Minor-collection pauses with a small and a large old generation.

Compiles bench/gc/old_live.ts with Perry and runs it twice with
PERRY_GC_DIAG=1: once with --small MB of long-lived objects (default 10) and
once with --large MB (default 1024). old_live.ts prints "[bench] churn-start"
and "[bench] churn-end" on stderr around its allocation-churn phase; only the
`[gc-step]` lines between those markers count. For each size it prints the
number of minor collections, their p50/p99/max pause, the number of full
collections, wall time and peak RSS (/usr/bin/time -f %M), then the ratio
p99(large)/p99(small), PASS when it is <= --max-ratio (default 2.0).

The same program also runs under Node (types stripped by esbuild, with
--max-old-space-size=4096) for reference wall time and peak RSS, and its
output must match Perry's.

    python3 bench/gc_pause.py [--small 10] [--large 1024] [--churn N] [--json]
                              [--perry PATH] [--no-node] [--timeout S]

Exit status 0 on PASS, 1 on FAIL (including when there are no minor
collections to compare), 2 when a run fails or the outputs differ.
"""
import argparse, json, math, os, pathlib, shutil, subprocess, sys, tempfile, time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
SRC = BENCH / "gc" / "old_live.ts"
PERRY = ROOT / "target" / "release" / "perry"


def parse_kv(line, prefix):
    """`[gc-step] a=1 b=x ...` -> {"a": 1, "b": "x"} (ints where they parse)."""
    d = {}
    for tok in line[len(prefix):].split():
        k, sep, v = tok.partition("=")
        if not sep:
            continue
        try:
            d[k] = int(v)
        except ValueError:
            try:
                d[k] = float(v)
            except ValueError:
                d[k] = v
    return d


def percentile(xs, p):
    """Nearest-rank percentile of a non-empty list."""
    s = sorted(xs)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def run(cmd, env, timeout):
    """Wall seconds, peak RSS in KB, stdout, stderr lines (without time's line)."""
    t = time.perf_counter()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + [str(c) for c in cmd],
                           capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"{' '.join(map(str, cmd))}: timed out after {timeout} s", file=sys.stderr)
        sys.exit(2)
    dt = time.perf_counter() - t
    lines = p.stderr.splitlines()
    if p.returncode != 0:
        tail = "\n".join(l for l in lines[-20:] if not l.startswith("[gc-step]"))
        print(f"{' '.join(map(str, cmd))} failed (status {p.returncode}):\n{tail}", file=sys.stderr)
        sys.exit(2)
    rss = int(lines[-1].strip())
    return dt, rss, p.stdout, lines[:-1]


def analyse(lines):
    """Collections during the churn phase (between the [bench] markers)."""
    phase = "build"
    steps, summary = [], None
    for line in lines:
        if line.startswith("[bench] churn-start"):
            phase = "churn"
        elif line.startswith("[bench] churn-end"):
            phase = "check"
        elif line.startswith("[gc-step]"):
            d = parse_kv(line, "[gc-step]")
            d["phase"] = phase
            steps.append(d)
        elif line.startswith("[gc-summary]"):
            summary = parse_kv(line, "[gc-summary]")
    if phase == "build":
        sys.exit("old_live printed no '[bench] churn-start' marker on stderr")
    churn = [s for s in steps if s["phase"] == "churn"]
    minor = [s["pause_us"] for s in churn if s.get("kind") == "minor"]
    full = [s["pause_us"] for s in churn if s.get("kind") == "full"]
    return {
        "minor": len(minor),
        "minor_p50_us": percentile(minor, 50) if minor else None,
        "minor_p99_us": percentile(minor, 99) if minor else None,
        "minor_max_us": max(minor) if minor else None,
        "full": len(full),
        "full_max_us": max(full) if full else None,
        "collections_total": len(steps),
        "full_total": sum(1 for s in steps if s.get("kind") == "full"),
        "summary": summary,
    }


def esbuild(src, out):
    exe = shutil.which("esbuild")
    cmd = [exe, str(src)] if exe else ["npx", "--yes", "esbuild", str(src)]
    subprocess.run(cmd + ["--format=esm", "--platform=node", f"--outfile={out}", "--log-level=error"], check=True)


def fmt_us(v):
    return "-" if v is None else f"{v / 1000:.2f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--small", type=float, default=10, help="live MB of the small run (default 10)")
    ap.add_argument("--large", type=float, default=1024, help="live MB of the large run (default 1024)")
    ap.add_argument("--churn", type=int, default=None, help="temporaries in the churn phase (old_live default 2*10^7)")
    ap.add_argument("--max-ratio", type=float, default=2.0, help="PASS when p99(large)/p99(small) <= this (2.0)")
    ap.add_argument("--perry", type=pathlib.Path, default=PERRY, help="compiler to use (target/release/perry)")
    ap.add_argument("--no-node", action="store_true", help="skip the Node reference runs")
    ap.add_argument("--timeout", type=float, default=None, help="seconds allowed per run")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    a = ap.parse_args()

    if not a.perry.exists():
        if a.perry != PERRY:
            sys.exit(f"{a.perry} does not exist")
        subprocess.run(["cargo", "build", "--release", "-p", "perry-compiler"], cwd=ROOT, check=True)
    env = dict(os.environ)
    env.pop("NODE_EXTRA_CA_CERTS", None)  # costs Node ~80 ms per start here
    for k in ("PERRY_GC_STRESS", "PERRY_GC_TRACE"):
        env.pop(k, None)
    perry_env = dict(env, PERRY_GC_DIAG="1")

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="perry-gcpause-"))
    try:
        exe = tmp / "old_live"
        subprocess.run([a.perry, "compile", SRC, "-o", exe], check=True)
        js = tmp / "old_live.mjs"
        if not a.no_node:
            esbuild(SRC, js)

        results = {}
        for label, mb in (("small", a.small), ("large", a.large)):
            args = [f"{mb:g}"] + ([str(a.churn)] if a.churn else [])
            dt, rss, out, lines = run([exe] + args, perry_env, a.timeout)
            r = {"live_mb": mb, "wall_s": round(dt, 3), "peak_rss_kb": rss, "output": out.strip()}
            r.update(analyse(lines))
            if not a.no_node:
                ndt, nrss, nout, _ = run(["node", "--max-old-space-size=4096", js] + args, env, a.timeout)
                if nout != out:
                    print(f"{label}: outputs differ\nperry: {out.strip()}\nnode:  {nout.strip()}", file=sys.stderr)
                    sys.exit(2)
                r["node"] = {"wall_s": round(ndt, 3), "peak_rss_kb": nrss}
            results[label] = r
            if not a.json:
                print(f"{label} ({mb:g} MB live): {out.strip()}", flush=True)

        ps, pl = results["small"]["minor_p99_us"], results["large"]["minor_p99_us"]
        ratio = pl / max(ps, 1) if ps is not None and pl is not None else None
        ok = ratio is not None and ratio <= a.max_ratio
        report = {"small": results["small"], "large": results["large"],
                  "p99_ratio": None if ratio is None else round(ratio, 3),
                  "max_ratio": a.max_ratio, "pass": ok}
        if a.json:
            print(json.dumps(report, indent=2))
        else:
            hdr = f"{'live':>8}{'minor':>7}{'p50':>10}{'p99':>10}{'max':>10}{'full':>6}{'perry s':>9}{'perry RSS':>11}"
            if not a.no_node:
                hdr += f"{'node s':>9}{'node RSS':>10}"
            print(hdr)
            for label in ("small", "large"):
                r = results[label]
                row = (f"{r['live_mb']:>6g}MB{r['minor']:>7}{fmt_us(r['minor_p50_us']):>10}"
                       f"{fmt_us(r['minor_p99_us']):>10}{fmt_us(r['minor_max_us']):>10}{r['full']:>6}"
                       f"{r['wall_s']:>9.2f}{r['peak_rss_kb'] / 1024:>9.1f}MB")
                if "node" in r:
                    row += f"{r['node']['wall_s']:>9.2f}{r['node']['peak_rss_kb'] / 1024:>8.1f}MB"
                print(row)
            print("(minor/full: collections during the churn phase; pauses of the minor ones)")
            if ratio is None:
                print("p99 ratio: n/a (no minor collections in the churn phase) FAIL")
            else:
                print(f"p99 ratio large/small: {ratio:.2f} (target <= {a.max_ratio:g}) {'PASS' if ok else 'FAIL'}")
        sys.exit(0 if ok else 1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
