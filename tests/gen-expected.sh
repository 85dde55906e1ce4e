#!/usr/bin/env bash
# Regenerate the expected outputs of the differential conformance corpus.
#
# Usage:
#   tests/gen-expected.sh                 # every test in tests/conformance/
#   tests/gen-expected.sh TEST...         # only the given tests (NAME.ts, a test
#                                         # directory, or NAME.out/NAME.status), e.g.
#       tests/gen-expected.sh tests/conformance/closures_counter.ts
#       tests/gen-expected.sh tests/conformance/modules_named      (a directory test)
#
# A test is either
#   * tests/conformance/NAME.ts        -- a single self-contained program, or
#   * tests/conformance/NAME/main.ts   -- a multi-module program (main.ts plus
#                                         sibling .ts modules using relative imports,
#                                         and packages in its own node_modules/, which
#                                         are copied as they are), run by node as
#                                         separate ES modules.
# For each test the TypeScript is turned into JavaScript with esbuild (types
# stripped; each module of a directory test separately) and run with node. The
# program's stdout is written to tests/conformance/NAME.out. If the exit status
# is non-zero, the number is written to tests/conformance/NAME.status;
# otherwise any stale NAME.status is removed. stderr is never recorded.
#
# Programs run with TZ=UTC, as the conformance harness runs them.
#
# A test with a line `// @expose-gc` runs with `node --expose-gc` (and the
# conformance harness compiles it with `perry compile --expose-gc`).
#
# A test may import a `perry:NAME` built-in module: under Node it gets the
# module's TypeScript source shipped in the compiler,
# compiler/builtins/perry_NAME.ts (`:`, `-` and `/` become `_`), types
# stripped. Only built-ins written in plain TypeScript work this way (not
# those that call `__perry_native`).
#
# Requirements: node, and esbuild (installed with `npm install -g esbuild`
# when missing).
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
conf="$here/conformance"

if ! command -v esbuild >/dev/null 2>&1; then
    echo "esbuild not found; installing it with npm install -g esbuild" >&2
    npm install -g esbuild >&2 || { echo "failed to install esbuild" >&2; exit 1; }
fi
command -v node >/dev/null 2>&1 || { echo "node not found" >&2; exit 1; }

unset NODE_EXTRA_CA_CERTS
export NO_COLOR=1
# Every program runs in UTC (so does the conformance harness): Date output
# must not depend on the machine's time zone.
export TZ=UTC

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
builtins="$here/../compiler/builtins"

# Points every `"perry:NAME"` specifier in the JavaScript file $1 at the
# built-in's source, stripped into $tmp/perry-builtins/ (once per module).
map_perry_builtins() {
    local spec name src out
    for spec in $(grep -oE '"perry:[a-z0-9/-]+"' "$1" | sort -u | tr -d '"'); do
        name="$(printf '%s' "$spec" | tr ':/-' '___')"
        src="$builtins/$name.ts"
        out="$tmp/perry-builtins/$name.mjs"
        if [ ! -f "$src" ]; then
            echo "no built-in source for $spec ($src)" >&2
            return 1
        fi
        if [ ! -f "$out" ]; then
            mkdir -p "$tmp/perry-builtins"
            esbuild --format=esm --platform=node --target=es2022 --supported:import-attributes=true --loader=ts \
                --log-level=error <"$src" >"$out" || return 1
            map_perry_builtins "$out" || return 1
        fi
        sed -i "s#\"$spec\"#\"$out\"#g" "$1"
    done
}

tests=()
if [ "$#" -eq 0 ]; then
    for f in "$conf"/*.ts; do [ -e "$f" ] && tests+=("$f"); done
    for d in "$conf"/*/; do [ -e "$d/main.ts" ] && tests+=("${d%/}"); done
else
    declare -A seen=()
    for a in "$@"; do
        a="${a%/}"
        # Accept NAME.ts, a test directory, or NAME / NAME.out / NAME.status.
        case "$a" in
            *.out) a="${a%.out}" ;;
            *.status) a="${a%.status}" ;;
        esac
        if [ -f "$a" ] && [ "${a%.ts}" != "$a" ]; then
            :
        elif [ -d "$a" ] && [ -f "$a/main.ts" ]; then
            :
        elif [ -f "$a.ts" ]; then
            a="$a.ts"
        else
            echo "no such test: $a" >&2
            exit 1
        fi
        abs="$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"
        if [ -z "${seen[$abs]:-}" ]; then
            seen[$abs]=1
            tests+=("$abs")
        fi
    done
fi

failures=0
for t in "${tests[@]}"; do
    if [ -d "$t" ]; then
        name="$(basename "$t")"
        base="$(dirname "$t")/$name"
        # Each module on its own (types stripped), as real ES modules: a
        # bundle would flatten them into one script and change evaluation
        # order (top-level await, cycles). Relative specifiers get `.mjs`.
        out="$tmp/$name"
        js="$out/main.mjs"
        ok=1
        # Everything but the TypeScript as it is (node_modules, JSON, package.json files,
        # symlinks kept as symlinks).
        mkdir -p "$out"
        cp -a "$t/." "$out/"
        find "$out" -name '*.ts' -delete
        # A test's tsconfig.json (experimentalDecorators...) reaches esbuild, which reads stdin.
        tsconfig=()
        if [ -f "$t/tsconfig.json" ]; then tsconfig=(--tsconfig-raw="$(cat "$t/tsconfig.json")"); fi
        while IFS= read -r -d '' f; do
            rel="${f#"$t"/}"
            mkdir -p "$out/$(dirname "$rel")"
            if ! esbuild --format=esm --platform=node --target=es2022 --supported:import-attributes=true --loader=ts \
                    "${tsconfig[@]}" --log-level=error <"$f" >"$out/${rel%.ts}.mjs"; then
                ok=0
            fi
            sed -i -E 's#((from|import)[[:space:]]*\(?[[:space:]]*)"(\.{1,2}/[^"]*)\.ts"#\1"\3.mjs"#g; s#((from|import)[[:space:]]*\(?[[:space:]]*)"(\.{1,2}/[^".]*)"#\1"\3.mjs"#g' "$out/${rel%.ts}.mjs"
            map_perry_builtins "$out/${rel%.ts}.mjs" || ok=0
        done < <(find "$t" -name '*.ts' -not -path '*/node_modules/*' -print0)
        if [ "$ok" -ne 1 ]; then
            echo "esbuild failed: $t" >&2
            failures=$((failures + 1))
            continue
        fi
    else
        name="$(basename "$t" .ts)"
        base="$(dirname "$t")/$name"
        js="$tmp/$name.mjs"
        # --loader=ts only applies to stdin, so the file is piped in.
        if ! esbuild --format=esm --platform=node --target=es2022 --supported:import-attributes=true --loader=ts \
                --log-level=error <"$t" >"$js"; then
            echo "esbuild failed: $t" >&2
            failures=$((failures + 1))
            continue
        fi
        if ! map_perry_builtins "$js"; then
            echo "esbuild failed: $t" >&2
            failures=$((failures + 1))
            continue
        fi
    fi
    if grep -q "__commonJS" "$js"; then
        # esbuild wraps a file in a CommonJS shim when it uses top-level
        # `this`, module, exports or require; such a test would not be ESM.
        echo "warning: $t was compiled as CommonJS (top-level this/require?)" >&2
    fi
    # `// @expose-gc` on a line of its own: the test calls gc().
    flags=()
    src="$t"; [ -d "$t" ] && src="$t/main.ts"
    if grep -qx '// @expose-gc' "$src"; then flags+=(--expose-gc); fi
    (cd "$tmp" && node "${flags[@]}" "$js" >"$base.out" 2>/dev/null)
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "$status" >"$base.status"
    else
        rm -f "$base.status"
    fi
done

echo "generated expected output for ${#tests[@]} test(s), $failures esbuild failure(s)" >&2
[ "$failures" -eq 0 ]
