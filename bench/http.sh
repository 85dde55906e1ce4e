#!/usr/bin/env bash
# perry:http against Node's node:http on the same app (bench/http/echo.ts).
#
#   bench/http.sh [--rounds N] [--duration S] [--connections C] [--app]
#
# --app: the App-Route fixture instead (perry compile --app fixtures/app-route
# against its Node host, fixtures/app-route/build-node.sh), loaded at
# GET /api/echo?id=x&iterations=20 with an x-request-id header.
#
# Builds the echo server with Perry, strips its types with esbuild for Node
# ("perry:http" replaced by bench/http/node_serve.ts: the same serve() over
# node:http), then for each round runs the load generator against Perry and
# against Node, one after the other, after a 2 s warm-up of each. Prints
# requests/s, p99 latency, the server's RSS after the run and its CPU time
# per request (user + system, all its threads, from /proc) for both, the
# median over the rounds, and the ratios Perry/Node. CPU per request is the
# figure that survives a busy machine; requests/s and p99 do not.
#
# Load generator: wrk (Debian package `wrk`: apt-get install wrk), one
# thread, C connections (default 32), S seconds (default 10). The machine has
# two cores: wrk takes part of one, so neither server gets two to itself.
# Environment: PERRY (the compiler; default target/release/perry under
# CARGO_TARGET_DIR or the repository), NODE (default node).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=3
DURATION=10
CONNS=32
APP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNS=$2; shift 2 ;;
    --app) APP=1; shift ;;
    *) echo "usage: $0 [--rounds N] [--duration S] [--connections C] [--app]" >&2; exit 2 ;;
  esac
done

PERRY=${PERRY:-${CARGO_TARGET_DIR:-$ROOT/target}/release/perry}
NODE=${NODE:-node}
command -v wrk >/dev/null || { echo "bench/http.sh needs wrk: apt-get install wrk" >&2; exit 2; }
[ -x "$PERRY" ] || { echo "no Perry compiler at $PERRY (cargo build --release, or set PERRY)" >&2; exit 2; }
ESBUILD=$(command -v esbuild || true)
unset NODE_EXTRA_CA_CERTS

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ "$APP" = 1 ]; then
  "$PERRY" compile --app "$ROOT/fixtures/app-route" -o "$WORK/echo"
  PERRY="$PERRY" "$ROOT/fixtures/app-route/build-node.sh" "$WORK/node" >/dev/null
  cp "$WORK/node/node-host.mjs" "$WORK/echo.mjs"
  URL_PATH="/api/echo?id=x&iterations=20"
  WRK_HEADER=(-H "x-request-id: x")
else
  "$PERRY" compile "$ROOT/bench/http/echo.ts" -o "$WORK/echo"
  ESBUILD_ARGS=("$ROOT/bench/http/echo.ts" --bundle --platform=node --format=esm "--alias:perry:http=$ROOT/bench/http/node_serve.ts" --outfile="$WORK/echo.mjs" --log-level=error)
  if [ -n "$ESBUILD" ]; then "$ESBUILD" "${ESBUILD_ARGS[@]}"; else npx --yes esbuild "${ESBUILD_ARGS[@]}"; fi
  URL_PATH="/bench"
  WRK_HEADER=()
fi

PORT=$((20000 + RANDOM % 20000))

# start NAME CMD...: starts a server on $PORT and waits until it accepts.
start() {
  PORT=$PORT "${@:2}" >"$WORK/$1.out" 2>"$WORK/$1.err" &
  SERVER_PID=$!
  for _ in $(seq 1 200); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then return; fi
    sleep 0.05
  done
  echo "$1 did not start:" >&2
  cat "$WORK/$1.err" >&2
  exit 1
}

stop() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}

# cpu_ticks: user + system clock ticks of the server so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }

# measure NAME: requests/s, p99 in ms, RSS in MB and CPU us per request of
# the running server.
measure() {
  wrk -t1 -c"$CONNS" -d2s "${WRK_HEADER[@]}" "http://127.0.0.1:$PORT$URL_PATH" >/dev/null
  local t0 t1
  t0=$(cpu_ticks)
  wrk -t1 -c"$CONNS" -d"${DURATION}s" --latency "${WRK_HEADER[@]}" "http://127.0.0.1:$PORT$URL_PATH" >"$WORK/wrk.txt"
  t1=$(cpu_ticks)
  local rps p99 rss errors n cpu
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$WORK/wrk.txt")
  n=$(awk '/requests in/ {print $1}' "$WORK/wrk.txt")
  cpu=$(awk -v a="$t0" -v b="$t1" -v n="$n" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.1f", (b - a) / hz * 1e6 / n}')
  # wrk prints 99% as e.g. 812.00us, 3.41ms or 1.02s.
  p99=$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)} else {sub(/s$/, "", v); v *= 1000}; print v}' "$WORK/wrk.txt")
  # RSS after the run: half a second after the load stopped, once an idle
  # server has settled (Perry gives memory back after 50 ms of idleness).
  sleep 0.5
  rss=$(awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$SERVER_PID/status")
  errors=$(awk '/Non-2xx|Socket errors/ {print}' "$WORK/wrk.txt")
  if [ -n "$errors" ]; then echo "  $1: $errors" >&2; fi
  echo "$rps $p99 $rss $cpu"
}

printf '%-6s %-6s %12s %10s %9s %12s\n' round server "requests/s" "p99 ms" "RSS MB" "CPU us/req"
: >"$WORK/perry.res"
: >"$WORK/node.res"
for round in $(seq 1 "$ROUNDS"); do
  start perry "$WORK/echo"
  read -r rps p99 rss cpu < <(measure perry)
  stop
  echo "$rps $p99 $rss $cpu" >>"$WORK/perry.res"
  printf '%-6s %-6s %12.0f %10.2f %9.1f %12.1f\n' "$round" perry "$rps" "$p99" "$rss" "$cpu"
  start node "$NODE" "$WORK/echo.mjs"
  read -r rps p99 rss cpu < <(measure node)
  stop
  echo "$rps $p99 $rss $cpu" >>"$WORK/node.res"
  printf '%-6s %-6s %12.0f %10.2f %9.1f %12.1f\n' "$round" node "$rps" "$p99" "$rss" "$cpu"
done

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
col() { awk -v c="$2" '{print $c}' "$WORK/$1.res" | median; }
P_RPS=$(col perry 1); P_P99=$(col perry 2); P_RSS=$(col perry 3); P_CPU=$(col perry 4)
N_RPS=$(col node 1); N_P99=$(col node 2); N_RSS=$(col node 3); N_CPU=$(col node 4)
echo
echo "median of $ROUNDS rounds, $CONNS connections, ${DURATION}s each:"
printf '%-6s %12.0f req/s   p99 %7.2f ms   RSS %6.1f MB   CPU %5.1f us/req\n' perry "$P_RPS" "$P_P99" "$P_RSS" "$P_CPU"
printf '%-6s %12.0f req/s   p99 %7.2f ms   RSS %6.1f MB   CPU %5.1f us/req\n' node "$N_RPS" "$N_P99" "$N_RSS" "$N_CPU"
awk -v a="$P_RPS" -v b="$N_RPS" -v c="$P_P99" -v d="$N_P99" -v e="$P_RSS" -v f="$N_RSS" -v g="$P_CPU" -v h="$N_CPU" \
  'BEGIN {printf "Perry/Node: requests/s %.2fx, p99 %.2fx, RSS %.2fx, CPU per request %.2fx\n", a / b, c / d, e / f, g / h}'
