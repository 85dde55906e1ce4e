#!/usr/bin/env bash
# The long soak: bench/soak-bar.sh for 3,000 passes (63,000 requests) into
# one Perry process and one Node process. Takes about 15 minutes; reports go
# to target/soak-long/ (or --out DIR).
#
#   bench/soak-long.sh [--passes N] [--out DIR] [--keep-alive]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
exec "$ROOT/bench/soak-bar.sh" --passes 3000 --out "$ROOT/target/soak-long" "$@"
