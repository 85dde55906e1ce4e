#!/usr/bin/env bash
# Proxy churn under load (issue 26): bench/http/proxy_cache.ts (a 48 MB live
# cache, one proxy per request) compiled by Perry, loaded with wrk for S
# seconds (default 10, 32 connections), once with proxies and once without
# (PROXIES=0), with PERRY_GC_DIAG=1. Prints, for each, the requests/s, the
# collections by kind and reason, and the pause p50/p99/max of the
# collections during the load. The bar: no full collection with reason
# proxy-churn, and the pause p99 with proxies at most that without.
#
#   bench/proxy-churn.sh [--duration S] [--connections C]
#
# Needs wrk (apt-get install wrk). Environment: PERRY (default
# target/release/perry under CARGO_TARGET_DIR or the repository).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DURATION=10
CONNS=32
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNS=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
PERRY=${PERRY:-${CARGO_TARGET_DIR:-$ROOT/target}/release/perry}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$TMP"' EXIT
"$PERRY" compile "$ROOT/bench/http/proxy_cache.ts" -o "$TMP/server"
status=0
for proxies in 1 0; do
  port=$((3300 + proxies))
  PORT=$port PROXIES=$proxies PERRY_GC_DIAG=1 "$TMP/server" > "$TMP/out-$proxies" 2> "$TMP/diag-$proxies" &
  pid=$!
  for _ in $(seq 100); do grep -q listening "$TMP/out-$proxies" 2>/dev/null && break; sleep 0.1; done
  # Collections before the load (building the cache) are not counted.
  before=$(grep -c '^\[gc-step\]' "$TMP/diag-$proxies" || true)
  rps=$(wrk -t1 -c"$CONNS" -d"${DURATION}s" "http://127.0.0.1:$port/x" | awk '/Requests\/sec/ {print $2}')
  kill "$pid"; wait "$pid" 2>/dev/null || true
  python3 - "$TMP/diag-$proxies" "$before" "$proxies" "$rps" > "$TMP/summary-$proxies" <<'PY'
import collections, sys
path, before, proxies, rps = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
steps = [l for l in open(path) if l.startswith("[gc-step]")][before:]
kinds = collections.Counter()
pauses = []
for l in steps:
    f = dict(kv.split("=", 1) for kv in l.split()[1:])
    kinds[f"{f['kind']}/{f['reason']}"] += 1
    pauses.append(int(f["pause_us"]))
pauses.sort()
q = lambda p: pauses[min(len(pauses) - 1, int(p * len(pauses)))] if pauses else 0
print(f"proxies={'yes' if proxies == '1' else 'no '} rps={rps} collections={len(steps)} "
      + " ".join(f"{k}={v}" for k, v in sorted(kinds.items()))
      + f" pause_p50_us={q(0.5)} pause_p99_us={q(0.99)} pause_max_us={pauses[-1] if pauses else 0}")
print(f"P99 {q(0.99)}")
print(f"CHURN {kinds.get('full/proxy-churn', 0)}")
PY
  head -1 "$TMP/summary-$proxies"
done
p99_with=$(awk '/^P99/ {print $2}' "$TMP/summary-1")
p99_without=$(awk '/^P99/ {print $2}' "$TMP/summary-0")
churn=$(awk '/^CHURN/ {print $2}' "$TMP/summary-1")
if [ "$churn" -ne 0 ]; then echo "FAIL: $churn full collections for proxy churn"; status=1; fi
# Pauses are noisy on a shared machine: within 10% or 200 us counts as equal.
if [ "$p99_with" -gt $((p99_without + p99_without / 10 + 200)) ]; then echo "FAIL: pause p99 ${p99_with} us with proxies, ${p99_without} us without"; status=1; fi
[ $status -eq 0 ] && echo "bar holds: no proxy-churn collection, pause p99 ${p99_with} us with proxies, ${p99_without} us without"
exit $status
