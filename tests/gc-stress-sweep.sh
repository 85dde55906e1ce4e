#!/usr/bin/env bash
# Runs the whole conformance suite under PERRY_GC_STRESS=N for every N of a
# range (default 1-32): each N lands collections at other allocations, so a
# cell held unrooted across an allocation is found at some N even when the
# CI stress run (one N per program) misses it. Too slow for CI: about
# 30 s-2 min per N on 2 cores.
#
# Usage:
#   tests/gc-stress-sweep.sh              # N = 1..32
#   tests/gc-stress-sweep.sh 5-9          # a range
#   tests/gc-stress-sweep.sh 8,10,13      # a list
#   PERRY_TEST_FILTER=proxy tests/gc-stress-sweep.sh 1-32   # a subset of programs
#
# Prints one summary line per N and the failing programs; exits non-zero if
# any N failed.
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PERRY_GC_SWEEP="${1:-1-32}"
exec cargo test --release -p perry-compiler --test conformance conformance_gc_sweep -- --ignored --nocapture
