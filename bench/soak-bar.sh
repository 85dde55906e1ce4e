#!/usr/bin/env bash
# The warm-soak bar (issue 7): the App-Route fixture soaked by `perry soak`,
# compiled by Perry and hosted by Node, in one run, side by side.
#
#   bench/soak-bar.sh [--passes N] [--out DIR] [--keep-alive] [--unique]
#   bench/soak-long.sh                       # the same for 3,000 passes
#   bench/soak-unique.sh                     # 3,000 passes, every request unique
#
# Builds the fixture with `perry compile --app fixtures/app-route` and its
# Node host (fixtures/app-route/build-node.sh), then soaks each with
# `perry soak --spawn ... --passes N --check-pauses` (default 300 passes of
# 20 GETs and 1 POST, a fresh connection per request), writing DIR/NAME.csv,
# DIR/NAME.html and the summary DIR/NAME.txt for NAME = perry, node and
# perry-small-eden (Perry with PERRY_GC_NURSERY=256k, so that minor
# collections run in every pass). bench/soak_bar.py then prints them side
# by side and checks the bar on both Perry runs:
#   - 0 failed requests and 0 timeouts;
#   - RSS slope <= 1 KB/request and post_in_use slope <= 256 B/request after
#     the warm-up;
#   - box_cells_live and proxies_live at the end of every pass after the
#     warm-up no higher than at its end;
#   - pause p99 over the last 50 passes <= 1.5x that over passes 21-70, and
#     collections per pass not growing;
#   - steady-state RSS (the median over the passes after the warm-up) at
#     most 1/3 of Node's on the same app.
# With --unique every request is new (`perry soak --unique`: a unique id, a
# cookie of a unique name, a JSON body with a unique key; the echo route
# makes a cookie jar, a parsed body, a Symbol and a RegExp of them), and the
# slope bounds are the retention bar's (issue 26): RSS <= 256 B/request and
# post_in_use <= 64 B/request.
# Exit status 0 when the bar holds, 1 when it does not, 2 when it could not
# run. Node's own verdict is printed, not required (Node prints no GC
# diagnostics, so its diagnostic checks are n/a).
#
# Environment: PERRY (default target/release/perry under CARGO_TARGET_DIR or
# the repository), NODE (default node). Needs esbuild (npm install -g
# esbuild) for the Node host.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PASSES=300
OUT=
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --passes) PASSES=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --keep-alive) EXTRA+=(--keep-alive); shift ;;
    --unique) EXTRA+=(--unique --max-rss-slope 256 --max-heap-slope 64); shift ;;
    *) echo "usage: $0 [--passes N] [--out DIR] [--keep-alive] [--unique]" >&2; exit 2 ;;
  esac
done

PERRY=${PERRY:-${CARGO_TARGET_DIR:-$ROOT/target}/release/perry}
NODE=${NODE:-node}
[ -x "$PERRY" ] || { echo "no Perry compiler at $PERRY (cargo build --release, or set PERRY)" >&2; exit 2; }
command -v "$NODE" >/dev/null || { echo "bench/soak-bar.sh needs Node ($NODE)" >&2; exit 2; }
unset NODE_EXTRA_CA_CERTS

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=${OUT:-$ROOT/target/soak-bar}
mkdir -p "$OUT"

"$PERRY" compile --app "$ROOT/fixtures/app-route" -o "$WORK/server"
PERRY="$PERRY" "$ROOT/fixtures/app-route/build-node.sh" "$WORK/node" >/dev/null

# soak NAME CMD: soaks the server CMD (which takes --port) on a free port.
soak() {
  local port=$((20000 + RANDOM % 20000))
  echo "== $1: $PASSES passes against $2" >&2
  set +e
  "$PERRY" soak "http://127.0.0.1:$port" --spawn "$2 --port $port" --passes "$PASSES" --check-pauses \
    "${EXTRA[@]}" --csv "$OUT/$1.csv" --html "$OUT/$1.html" >"$OUT/$1.txt"
  local status=$?
  set -e
  if [ "$status" -ge 2 ]; then
    cat "$OUT/$1.txt" >&2
    echo "the $1 soak could not run (exit $status)" >&2
    exit 2
  fi
  echo "$status" >"$OUT/$1.status"
}

soak perry "$WORK/server"
# The same binary with the smallest eden (256 KiB): the fixture allocates
# about 13 KB per request, so a default 16 MiB eden rarely fills during a
# soak and the idle collections are all full ones; this run has minor
# collections in every pass, so the pause bar measures them.
soak perry-small-eden "env PERRY_GC_NURSERY=256k $WORK/server"
soak node "$NODE $WORK/node/node-host.mjs"

python3 "$ROOT/bench/soak_bar.py" "$OUT"
