#!/usr/bin/env bash
# The npm corpus: popular packages at pinned versions (package.json, package-lock.json), each
# used by a small program in cases/ written as the package's documentation shows. Every
# program is compiled by Perry as it is (no bundler) and its output compared with Node's
# (types stripped by esbuild, run by node from this folder, so both resolve the same
# node_modules). Not run by CI: it needs the npm registry.
#
# Usage:
#   tests/npm-corpus/run.sh                 # every case
#   tests/npm-corpus/run.sh zod yaml        # some cases
#   PERRY=/path/to/perry tests/npm-corpus/run.sh
#
# Requirements: node, npm, esbuild (npm install -g esbuild); Perry built by
# `cargo build --release` (or PERRY=...). Writes its work to tests/npm-corpus/out/ (ignored
# by git) and prints one line per case and the number that match Node.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
perry="${PERRY:-$root/target/release/perry}"
cd "$here"
unset NODE_EXTRA_CA_CERTS
export NO_COLOR=1 TZ=UTC

if [ ! -x "$perry" ]; then
    (cd "$root" && cargo build --release) || exit 1
fi
command -v esbuild >/dev/null 2>&1 || npm install -g esbuild >&2 || exit 1
# Install exactly what the lock file pins (again only when it changed).
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.perry-lock; then
    npm ci --ignore-scripts --no-audit --no-fund >&2 || exit 1
    cp package-lock.json node_modules/.perry-lock
fi

mkdir -p out
cases=()
if [ "$#" -gt 0 ]; then
    for c in "$@"; do cases+=("cases/${c%.ts}.ts"); done
else
    cases=(cases/*.ts)
fi

pass=0
total=0
for f in "${cases[@]}"; do
    name="$(basename "$f" .ts)"
    total=$((total + 1))
    # Node: the case's types stripped by esbuild with tsconfig.json (class fields as assignments,
    # legacy decorators, as Perry reads the same file), beside the TypeScript.
    # A case's own modules (relative imports) are bundled in; packages stay imports.
    esbuild "$f" --bundle --packages=external --format=esm --platform=node --target=es2022 --log-level=error \
        --tsconfig-raw="$(cat tsconfig.json)" --outfile="cases/.$name.mjs" || { echo "$name: esbuild failed"; continue; }
    timeout 60 node "cases/.$name.mjs" >"out/$name.node" 2>"out/$name.node.err"
    echo "exit $?" >>"out/$name.node"
    rm -f "cases/.$name.mjs"
    start=$(date +%s.%N)
    if ! "$perry" compile "$f" -o "out/$name" 2>"out/$name.compile"; then
        echo "$name: COMPILE ERROR: $(head -c 300 "out/$name.compile" | head -3 | tr '\n' ' ')"
        continue
    fi
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    timeout 60 "out/$name" >"out/$name.perry" 2>"out/$name.perry.err"
    echo "exit $?" >>"out/$name.perry"
    if cmp -s "out/$name.node" "out/$name.perry"; then
        pass=$((pass + 1))
        printf '%s: ok (compiled in %.1f s)\n' "$name" "$secs"
    else
        echo "$name: DIFFERS: $(diff "out/$name.node" "out/$name.perry" | head -5 | tr '\n' ' ' | head -c 400)"
    fi
done
echo "$pass of $total programs print exactly what Node prints"
