#!/usr/bin/env python3
"""Compile times with and without the code cache, side by side.

For each program, four arms run interleaved (round by round, so machine noise hits them
alike), each timed as wall clock and CPU (user+sys of the compiler and the linker):

  cold     an empty code cache (a fresh PERRY_CACHE_DIR each time, holding only the unpacked
           runtime library, as the other arms have it): pays for writing the cache
  nocache  `perry compile --no-cache`: no cache read or written
  warm     nothing changed since the last compile
  edit     one line of the app's own entry file changed (a new line each round)

Programs:
  gen100k   a generated project: an app file importing a package in node_modules of 100
            modules, 1,000 lines each (classes, methods, closures, loops), about 100,000
            lines of package code
  effect    tests/npm-corpus/cases/effect.ts (effect 3.12 and its dependencies: 595 modules,
            109,000 lines), when tests/npm-corpus/node_modules is installed
            (`tests/npm-corpus/run.sh effect` installs it)
  server    an app importing the packages a server commonly depends on, from the corpus's
            node_modules (hono, zod, valibot, date-fns, lodash-es, marked, json5, superjson,
            rxjs, immer, semver, uuid, ms, dayjs, fast-xml-parser, kysely, decimal.js,
            lru-cache: about 1,600 modules, 100,000 lines)

Usage: bench/compile_cache.py [--rounds N] [--perry PATH] [PROGRAM...]
Prints one table per program: median wall and CPU seconds per arm.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def gen100k(dir: Path) -> Path:
    pkg = dir / "node_modules" / "genpkg"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "package.json").write_text('{ "name": "genpkg", "type": "module", "exports": "./index.js" }\n')
    index = []
    for m in range(100):
        lines = []
        for i in range(100):
            n = m * 100 + i
            lines += [
                f"export class C{n} {{",
                f"  constructor(a, b) {{ this.a = a; this.b = b; }}",
                f"  m(x) {{ return this.a * x + {n}; }}",
                f"  each(xs) {{ return xs.map((v) => v * this.a + {i}); }}",
                f"}}",
                f"export function f{n}(k) {{",
                f"  let s = 0;",
                f"  for (let j = 0; j < k; j++) {{ s += new C{n}(j, 'x').m(2); }}",
                f"  return s + C{n}.name.length;",
                f"}}",
            ]
        (pkg / f"m{m}.js").write_text("\n".join(lines) + "\n")
        index.append(f'export * from "./m{m}.js";')
    (pkg / "index.js").write_text("\n".join(index) + "\n")
    app = dir / "app.ts"
    app.write_text('import { f0, f9999, C42 } from "genpkg";\nconsole.log(f0(3), f9999(2), new C42(1, "y").each([1, 2]));\n')
    return app


def effect(dir: Path) -> Path | None:
    corpus = ROOT / "tests" / "npm-corpus"
    if not (corpus / "node_modules" / "effect").exists():
        return None
    app = corpus / "cases" / ".cache-bench-effect.ts"
    shutil.copy(corpus / "cases" / "effect.ts", app)
    return app


SERVER_APP = """\
import { Hono } from "hono";
import { z } from "zod";
import * as v from "valibot";
import { format, addDays } from "date-fns";
import { groupBy, sortBy } from "lodash-es";
import { marked } from "marked";
import JSON5 from "json5";
import superjson from "superjson";
import { of, map } from "rxjs";
import { produce } from "immer";
import semver from "semver";
import { v4 as uuid } from "uuid";
import ms from "ms";
import dayjs from "dayjs";
import { XMLParser } from "fast-xml-parser";
import { Kysely } from "kysely";
import { Decimal } from "decimal.js";
import { LRUCache } from "lru-cache";
const app = new Hono();
app.get("/", (c) => c.text("ok"));
const User = z.object({ name: z.string() });
console.log(typeof app.fetch, User.parse({ name: "a" }).name, v.parse(v.string(), "x"), format(addDays(new Date(0), 1), "yyyy-MM-dd"));
console.log(Object.keys(groupBy([1, 2, 3], (x) => x % 2)).length, sortBy([3, 1]).join(), typeof marked, typeof JSON5.parse, typeof superjson.stringify);
of(1).pipe(map((x) => x + 1)).subscribe((x) => console.log(x, produce({ a: 1 }, (d) => { d.a = 2; }).a, semver.valid("1.2.3"), typeof uuid, ms("1h"), dayjs(0).year()));
console.log(typeof XMLParser, typeof Kysely, new Decimal(0.1).plus(0.2).toString(), new LRUCache({ max: 2 }).max);
"""


def server(dir: Path) -> Path | None:
    corpus = ROOT / "tests" / "npm-corpus"
    if not (corpus / "node_modules" / "hono").exists():
        return None
    app = corpus / "cases" / ".cache-bench-server.ts"
    app.write_text(SERVER_APP)
    return app


def timed(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"compile failed: {' '.join(map(str, cmd))}\n{p.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--perry", default=str(ROOT / "target" / "release" / "perry"))
    ap.add_argument("programs", nargs="*", default=["gen100k", "effect", "server"])
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="perry-cache-bench-"))
    try:
        for name in args.programs:
            work = tmp / name
            work.mkdir()
            app = {"gen100k": gen100k, "effect": effect, "server": server}[name](work)
            if app is None:
                print(f"{name}: skipped (tests/npm-corpus/node_modules is not installed)")
                continue
            original = app.read_text()
            exe = work / "out"
            warm_dir = work / "warm-cache"
            env = dict(os.environ)
            env["PERRY_CACHE_DIR"] = str(warm_dir)
            base = [args.perry, "compile", str(app), "-o", str(exe)]
            timed(base, env)  # fills the warm cache
            times = {arm: [] for arm in ("cold", "nocache", "warm", "edit")}
            for r in range(args.rounds):
                # An empty code cache; the runtime library already unpacked, as for the others.
                cold_dir = work / f"cold-{r}"
                shutil.copytree(warm_dir / "runtime", cold_dir / "runtime", symlinks=True)
                cold_env = dict(env, PERRY_CACHE_DIR=str(cold_dir))
                times["cold"].append(timed(base, cold_env))
                shutil.rmtree(work / f"cold-{r}", ignore_errors=True)
                times["nocache"].append(timed(base + ["--no-cache"], env))
                app.write_text(original)
                timed(base, env)
                times["warm"].append(timed(base, env))
                app.write_text(original + f"console.log('edit {r}', {r} * 2);\n")
                times["edit"].append(timed(base, env))
                app.write_text(original)
            out = subprocess.run(
                [args.perry, "compile", str(app), "-o", str(exe), "--timings", "--no-cache"], env=env, capture_output=True, text=True
            ).stderr
            graph = next((l.split("graph: ", 1)[1] for l in out.splitlines() if "graph:" in l), "?")
            print(f"\n{name} ({graph}), median of {args.rounds} rounds")
            print(f"{'arm':<8} {'wall s':>8} {'cpu s':>8}")
            for arm, xs in times.items():
                print(f"{arm:<8} {statistics.median(w for w, _ in xs):>8.2f} {statistics.median(c for _, c in xs):>8.2f}")
            if name in ("effect", "server"):
                app.unlink()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
