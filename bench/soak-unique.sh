#!/usr/bin/env bash
# The unique-request soak (issue 26): bench/soak-bar.sh --unique for 3,000
# passes (63,000 requests), each request carrying names no other carries (an
# id, a cookie name, a JSON key; the echo route makes a cookie jar, a parsed
# body, a Symbol and a RegExp from them), into one Perry process and one
# Node process. The bar: RSS slope <= 256 B/request and post_in_use slope <=
# 64 B/request after the warm-up, with the rest of soak-bar.sh's checks.
# Takes about 15 minutes; reports go to target/soak-unique/ (or --out DIR).
#
#   bench/soak-unique.sh [--passes N] [--out DIR] [--keep-alive]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
exec "$ROOT/bench/soak-bar.sh" --passes 3000 --unique --out "$ROOT/target/soak-unique" "$@"
