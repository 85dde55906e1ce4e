#!/usr/bin/env bash
# fetch's memory under sequential load: bench/fetch/soak.ts (compiled by Perry) makes REQUESTS
# sequential fetches (default 10,000, after 1,000 for warm-up) to a local Node keep-alive server
# that counts its connections, sampling its own RSS every 500 requests. Prints the samples'
# least-squares slope in bytes per request and the number of connections the client opened.
# The bar: slope <= 256 B/request, and the connections reused (a handful, not one per request).
#
#   bench/fetch-soak.sh [--requests N] [--shared-signal]
#
# --shared-signal: every fetch gets the same long-lived AbortSignal (its listeners must not pile up).
#
# Needs node. Environment: PERRY (default target/release/perry under CARGO_TARGET_DIR or the
# repository).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REQUESTS=10000
SHARED_SIGNAL=
while [ $# -gt 0 ]; do
  case "$1" in
    --requests) REQUESTS=$2; shift 2 ;;
    --shared-signal) SHARED_SIGNAL=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
PERRY=${PERRY:-${CARGO_TARGET_DIR:-$ROOT/target}/release/perry}
command -v node >/dev/null || { echo "needs node" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$TMP"' EXIT
"$PERRY" compile "$ROOT/bench/fetch/soak.ts" -o "$TMP/client"
cat > "$TMP/server.mjs" <<'JS'
import http from "node:http";
let connections = 0;
const body = "hello from a keep-alive server ".repeat(8);
const s = http.createServer((req, res) => {
  res.setHeader("content-type", "text/plain");
  res.end(req.url === "/count" ? String(connections) : body);
});
s.keepAliveTimeout = 60000;
s.on("connection", () => connections++);
s.listen(0, "127.0.0.1", () => console.log(s.address().port));
JS
node "$TMP/server.mjs" > "$TMP/port" &
for _ in $(seq 100); do [ -s "$TMP/port" ] && break; sleep 0.1; done
PORT=$(cat "$TMP/port") REQUESTS=$REQUESTS SHARED_SIGNAL=$SHARED_SIGNAL "$TMP/client" > "$TMP/out"
python3 - "$TMP/out" "$REQUESTS" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
samples = [(int(l.split()[1]), int(l.split()[2])) for l in lines if l.startswith("rss ")]
conns = next(l.split()[1] for l in lines if l.startswith("connections "))
n = len(samples)
mx = sum(x for x, _ in samples) / n
my = sum(y for _, y in samples) / n
slope = sum((x - mx) * (y - my) for x, y in samples) / sum((x - mx) ** 2 for x, _ in samples)
first, last = samples[0][1], samples[-1][1]
print(f"requests={sys.argv[2]} rss_first={first / 1e6:.1f}MB rss_last={last / 1e6:.1f}MB "
      f"rss_max={max(y for _, y in samples) / 1e6:.1f}MB slope={slope:.1f}B/request connections={conns}")
ok = slope <= 256 and int(conns) <= 8
print("PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
