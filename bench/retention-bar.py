#!/usr/bin/env python3
"""The retention bar (issue 26): what a request's data leaves behind.

    bench/retention-bar.py [--iters N] [--rounds R] [--only NAME,...]

Compiles bench/gc/retention.ts with Perry and strips its types for Node
(esbuild, useDefineForClassFields false), then runs each round workload
(json-unique, json-fixed, symbol, regexp, dict: ROUNDS rounds of ITERS
iterations, a full collection after each) under both, and prints, side by
side, the growth of the live heap (process.memoryUsage().heapUsed after the
collection) and of RSS from round 2 to the last round. Then the key-deletion
cliff: 1,600 and 100,000 keys added to one object, every second one deleted,
with the time and RSS. The bar, checked on Perry:

  - every round workload: heap +256 KB at most and RSS +4 MB at most;
  - 1,600 keys: under 0.5 s and under 100 MB RSS; 100,000 keys: under 1 s.

Exit status 0 when the bar holds, 1 when it does not, 2 when it could not
run. Environment: PERRY (default target/release/perry under CARGO_TARGET_DIR
or the repository), NODE (default node), ESBUILD (default esbuild).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = ["json-unique", "json-fixed", "symbol", "regexp", "dict"]
HEAP_BAR = 256 * 1024
RSS_BAR = 4 * 1024 * 1024
KEYS_TIMEOUT = 20


def perry_path():
    if os.environ.get("PERRY"):
        return os.environ["PERRY"]
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", "perry")


def run(cmd, env=None, timeout=600):
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    dt = time.monotonic() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    return p.stdout, dt


def rounds_of(out):
    rows = []
    for line in out.splitlines():
        if line.startswith("round="):
            f = dict(kv.split("=") for kv in line.split())
            rows.append((int(f["heap_used"]), int(f["rss"])))
    return rows


def keys_of(out):
    f = dict(kv.split("=") for kv in out.split())
    return int(f["ms"]), int(f["rss"]), f["left"], f["sum"]


def mb(b):
    return f"{b / 1e6:+.2f} MB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=50000)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    only = set(filter(None, a.only.split(",")))
    node = os.environ.get("NODE", "node")
    esbuild = os.environ.get("ESBUILD", "esbuild")
    src = os.path.join(ROOT, "bench", "gc", "retention.ts")
    tmp = tempfile.mkdtemp(prefix="retention-")
    exe = os.path.join(tmp, "retention")
    js = os.path.join(tmp, "retention.js")
    try:
        run([perry_path(), "compile", src, "-o", exe])
        run([esbuild, src, "--outfile=" + js, "--log-level=warning",
             '--tsconfig-raw={"compilerOptions":{"useDefineForClassFields":false}}'])
    except (RuntimeError, FileNotFoundError) as e:
        print(f"could not build: {e}", file=sys.stderr)
        return 2
    penv = dict(os.environ, PERRY_EXPOSE_GC="1")
    nenv = dict(os.environ)
    nenv.pop("NODE_EXTRA_CA_CERTS", None)
    ok = True
    print(f"{'workload':<12} {'perry heap':>12} {'perry rss':>12} {'node heap':>12} {'node rss':>12}  bar")
    for w in WORKLOADS:
        if only and w not in only:
            continue
        args = [w, str(a.iters), str(a.rounds)]
        pout, _ = run([exe] + args, env=penv)
        nout, _ = run([node, "--expose-gc", js] + args, env=nenv)
        p, n = rounds_of(pout), rounds_of(nout)
        if len(p) < 3 or len(n) < 3:
            print(f"{w}: too few rounds", file=sys.stderr)
            return 2
        ph, pr = p[-1][0] - p[1][0], p[-1][1] - p[1][1]
        nh, nr = n[-1][0] - n[1][0], n[-1][1] - n[1][1]
        held = ph <= HEAP_BAR and pr <= RSS_BAR
        ok &= held
        print(f"{w:<12} {mb(ph):>12} {mb(pr):>12} {mb(nh):>12} {mb(nr):>12}  {'ok' if held else 'FAIL'}")
    for n_keys, ms_bar, rss_bar in [(1600, 500, 100e6), (100000, 1000, None)]:
        if only and "keys" not in only:
            continue
        # Bounded in time: before dictionary objects, 1,600 keys took 48 s and 15 GB.
        try:
            pout, _ = run([exe, "keys", str(n_keys)], env=penv, timeout=KEYS_TIMEOUT)
        except (subprocess.TimeoutExpired, RuntimeError) as e:
            why = "timed out" if isinstance(e, subprocess.TimeoutExpired) else "failed"
            print(f"keys {n_keys:<7} perry {why} ({KEYS_TIMEOUT} s limit)  FAIL")
            ok = False
            continue
        nout, _ = run([node, js, "keys", str(n_keys)], env=nenv)
        pms, prss, pleft, psum = keys_of(pout)
        nms, nrss, nleft, nsum = keys_of(nout)
        held = pms <= ms_bar and (rss_bar is None or prss <= rss_bar) and (pleft, psum) == (nleft, nsum)
        ok &= held
        print(f"keys {n_keys:<7} perry {pms} ms rss {prss / 1e6:.1f} MB | node {nms} ms rss {nrss / 1e6:.1f} MB"
              f"  {'ok' if held else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
