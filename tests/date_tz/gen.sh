#!/usr/bin/env bash
# Regenerates the expected output of zones.ts for each zone that
# compiler/tests/date_tz.rs runs it in (Node 20 and esbuild needed).
set -eu
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
unset NODE_EXTRA_CA_CERTS
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
esbuild --format=esm --platform=node --target=es2022 --loader=ts --log-level=error <"$here/zones.ts" >"$tmp/zones.mjs"
for zone in America/New_York Europe/Berlin Asia/Kolkata Australia/Sydney; do
    TZ="$zone" NO_COLOR=1 node "$tmp/zones.mjs" >"$here/zones.$(printf '%s' "$zone" | tr '/' '_').out"
done
