#!/usr/bin/env bash
# The Hono app of app.ts served by perry:http, soaked: `perry soak` sends its echo requests
# (GET and POST /api/echo, through secureHeaders and cors) for PASSES passes (default 300) and
# checks that RSS and heap stay flat (RSS slope at most 1 KiB per request).
#
# Usage: tests/npm-corpus/hono/soak.sh [PASSES] [more perry soak options, e.g. --unique]
set -eu
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
perry="${PERRY:-$root/target/release/perry}"
passes="${1:-300}"
shift || true
"$perry" compile "$here/serve-perry.ts" -o "$here/.serve-perry"
port=$((20000 + RANDOM % 20000))
exec "$perry" soak "http://127.0.0.1:$port" --spawn "env PORT=$port $here/.serve-perry" --passes "$passes" --no-contract --keep-alive "$@"
