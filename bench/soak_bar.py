#!/usr/bin/env python3
"""Prints the Perry and Node soaks of bench/soak-bar.sh side by side and
checks the bar on Perry's run (see bench/soak-bar.sh).

    python3 bench/soak_bar.py DIR [--warmup K]

DIR holds NAME.csv, NAME.txt and NAME.status for NAME = perry, node and
(optionally) perry-small-eden, as `perry soak --csv` and its summary wrote
them. Exit status 0 when the bar holds on every Perry run, 1 when it does
not.
"""

import csv
import statistics
import sys
from pathlib import Path

RSS_RATIO = 1 / 3


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(row, key):
    v = row.get(key, "")
    return float(v) if v not in ("", None) else None


def slope(points):
    """Least-squares slope of (x, y) points, or None under two points."""
    if len(points) < 2:
        return None
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def verdict(path):
    """The verdict lines of a summary: {name: (status, figure)}."""
    out = {}
    lines = Path(path).read_text().splitlines()
    if "Verdict:" not in lines:
        return out
    for line in lines[lines.index("Verdict:") + 1:]:
        parts = line.strip().split(None, 1)
        if len(parts) == 2 and parts[0] in ("PASS", "FAIL", "n/a"):
            name, _, figure = parts[1].partition("  ")
            out[name.strip()] = (parts[0], figure.strip())
        elif parts and parts[0] == "info":
            name, _, figure = parts[1].partition(":")
            out[name.strip()] = ("info", figure.strip())
    return out


def summary(rs, warmup):
    warm = rs[warmup:]
    def col(key, rows_=warm):
        return [v for v in (num(r, key) for r in rows_) if v is not None]
    def fit(key):
        return slope([(num(r, "cumulative_requests"), num(r, key)) for r in warm if num(r, key) is not None])
    def span(key):
        vs = col(key)
        return f"{int(min(vs))}-{int(max(vs))}" if vs else "-"
    rss = col("rss_bytes")
    return {
        "passes": len(rs),
        "requests": int(sum(col("requests", rs))),
        "failures": int(sum(col("failures", rs))),
        "timeouts": int(sum(col("timeouts", rs))),
        "latency p50 (median of passes)": f"{statistics.median(col('latency_p50_us', rs)) / 1000:.2f} ms" if col("latency_p50_us", rs) else "-",
        "latency p99 (median of passes)": f"{statistics.median(col('latency_p99_us', rs)) / 1000:.2f} ms" if col("latency_p99_us", rs) else "-",
        "rss_steady": statistics.median(rss) if rss else None,
        "RSS first / last pass": f"{num(rs[0], 'rss_bytes') / 1e6:.1f} / {num(rs[-1], 'rss_bytes') / 1e6:.1f} MB" if rs and num(rs[0], "rss_bytes") and num(rs[-1], "rss_bytes") else "-",
        "RSS slope after warm-up": fmt_slope(fit("rss_bytes")),
        "post_in_use slope after warm-up": fmt_slope(fit("post_in_use")),
        "box_cells_live after warm-up": span("box_cells_live"),
        "proxies_live after warm-up": span("proxies_live"),
        "collections (minor + full)": f"{int(sum(col('minor', rs)))} + {int(sum(col('full', rs)))}" if col("minor", rs) else "-",
    }


def fmt_slope(s):
    return "-" if s is None else f"{s:.1f} B/request"


def main():
    args = sys.argv[1:]
    warmup = 20
    if "--warmup" in args:
        i = args.index("--warmup")
        warmup = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    d = Path(args[0])
    names = [n for n in ("perry", "perry-small-eden", "node") if (d / f"{n}.csv").exists()]
    sums = {n: summary(rows(d / f"{n}.csv"), warmup) for n in names}
    verdicts = {n: verdict(d / f"{n}.txt") for n in names}
    statuses = {n: int((d / f"{n}.status").read_text()) for n in names}
    width = 24

    print(f"{'':34}" + "".join(f"{n:>{width}}" for n in names))
    for k in sums["perry"]:
        if k == "rss_steady":
            cells = "".join(f"{(sums[n][k] or 0) / 1e6:>{width - 3}.1f} MB" for n in names)
            print(f"{'steady-state RSS (median)':34}{cells}")
            continue
        print(f"{k:34}" + "".join(f"{str(sums[n][k]):>{width}}" for n in names))

    print("\nperry soak's verdict on each:")
    for name in dict.fromkeys(k for n in names for k in verdicts[n]):
        print(f"  {name}")
        for n in names:
            st, fig = verdicts[n].get(name, ("-", ""))
            print(f"    {n:<17} {st:<5} {fig}")

    ok = True
    def check(name, good, figure):
        nonlocal ok
        ok &= good
        print(f"  {'PASS' if good else 'FAIL'}  {name}: {figure}")
    node_rss = sums["node"]["rss_steady"]
    for n in names:
        if n == "node":
            continue
        print(f"\nThe bar on {n}:")
        check("perry soak's verdict (requests, slopes, live counts, pauses, cadence)", statuses[n] == 0, f"exit status {statuses[n]}")
        rss = sums[n]["rss_steady"]
        if not rss or not node_rss:
            check("steady-state RSS <= 1/3 of Node's", False, "no RSS readings")
        else:
            ratio = rss / node_rss
            check("steady-state RSS <= 1/3 of Node's", ratio <= RSS_RATIO, f"{rss / 1e6:.1f} MB vs {node_rss / 1e6:.1f} MB: {ratio:.3f}")
    print(f"\nReports: {d}/NAME.html (and .csv, .txt) for NAME in {', '.join(names)}")
    print("Result:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
