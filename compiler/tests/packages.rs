//! Resolution and loading that Node 20 (the conformance oracle) cannot check: `tsconfig.json`
//! `paths`/`baseUrl`, the `perry` export condition, TypeScript's `./x.js` naming `./x.ts`,
//! `require` of an ES module (Node 22), and the compile errors of a failed resolution
//! (file:line:col, the specifier, where it looked) and of a CommonJS file's syntax error
//! (columns on line 1 exclude Node's wrapper). The differential tests of packages are
//! `tests/conformance/{npm_packages,cjs_interop,dynamic_import}`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `files` (path, content) under a fresh project folder `name`.
fn project(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("packages").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    for (p, text) in files {
        let f = dir.join(p);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, text).unwrap();
    }
    dir
}

/// Compiles `dir/main.ts`; Ok(stdout of the program) or Err(the compiler's stderr).
fn run(dir: &Path) -> Result<String, String> {
    let exe = dir.join("main.bin");
    let out = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(dir.join("main.ts")).arg("-o").arg(&exe).output().unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn tsconfig_paths_and_ts_extension_rules() {
    let dir = project(
        "tsconfig",
        &[
            ("tsconfig.json", r#"{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } } }"#),
            ("src/util.ts", "export const util = 'util via paths';\n"),
            ("src/other.ts", "export const other = 'other.ts via ./other.js';\n"),
            ("src/index.ts", "export { other } from './other.js';\n"),
            ("main.ts", "import { util } from '@app/util';\nimport { other } from './src';\nconsole.log(util, other);\n"),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "util via paths other.ts via ./other.js\n");
}

#[test]
fn perry_condition_comes_first() {
    let dir = project(
        "perry-condition",
        &[
            (
                "node_modules/dual/package.json",
                r#"{ "name": "dual", "exports": { ".": { "types": "./x.d.ts", "perry": "./perry.js", "import": "./node.mjs", "default": "./node.cjs" } } }"#,
            ),
            ("node_modules/dual/perry.js", "module.exports = { target: 'perry' };\n"),
            ("node_modules/dual/node.mjs", "export default { target: 'node' };\n"),
            ("main.ts", "import dual from 'dual';\nconsole.log(dual.target);\n"),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "perry\n");
}

#[test]
fn commonjs_requires_an_es_module() {
    let dir = project(
        "require-esm",
        &[
            ("node_modules/esm-only/package.json", r#"{ "name": "esm-only", "type": "module", "exports": "./index.js" }"#),
            ("node_modules/esm-only/index.js", "export const named = 'named';\nexport default 'the default';\n"),
            ("node_modules/uses/package.json", r#"{ "name": "uses" }"#),
            ("node_modules/uses/index.js", "const m = require('esm-only');\nmodule.exports = `${m.named} ${m.default} ${Object.keys(m)}`;\n"),
            ("main.ts", "import uses from 'uses';\nconsole.log(uses);\n"),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "named the default default,named\n");
}

#[test]
fn failed_resolution_names_the_specifier_the_place_and_where_it_looked() {
    let dir = project("missing", &[("main.ts", "const x = 1;\nimport { a } from 'no-such-package/sub';\nconsole.log(a, x);\n")]);
    let err = run(&dir).unwrap_err();
    assert!(err.contains("main.ts:2:1"), "{err}");
    assert!(err.contains("cannot resolve module 'no-such-package/sub'"), "{err}");
    assert!(err.contains("no package 'no-such-package' in "), "{err}");
    assert!(err.contains(&format!("{}/node_modules", dir.display())), "{err}");

    let dir = project(
        "no-export",
        &[
            ("node_modules/closed/package.json", r#"{ "name": "closed", "exports": { ".": "./index.js" } }"#),
            ("node_modules/closed/index.js", "export const a = 1;\n"),
            ("node_modules/closed/secret.js", "export const b = 2;\n"),
            ("main.ts", "import { b } from 'closed/secret.js';\nconsole.log(b);\n"),
        ],
    );
    let err = run(&dir).unwrap_err();
    assert!(err.contains("main.ts:1:1"), "{err}");
    assert!(err.contains("cannot resolve module 'closed/secret.js': package 'closed' in"), "{err}");
}

#[test]
fn a_commonjs_syntax_error_has_the_files_own_columns() {
    let dir = project(
        "cjs-syntax",
        &[
            ("node_modules/broken/package.json", r#"{ "name": "broken" }"#),
            ("node_modules/broken/index.js", "module.exports = 1 +* 2;\n"),
            ("main.ts", "import b from 'broken';\nconsole.log(b);\n"),
        ],
    );
    let err = run(&dir).unwrap_err();
    assert!(err.contains("node_modules/broken/index.js:1:21"), "{err}");
}

#[test]
fn a_missing_builtin_is_a_compile_error_for_import_and_a_run_time_error_for_require() {
    let dir = project("builtin-import", &[("main.ts", "import * as dc from 'node:diagnostics_channel';\nconsole.log(dc);\n")]);
    let err = run(&dir).unwrap_err();
    assert!(err.contains("main.ts:1:1") && err.contains("not supported yet: the built-in module 'node:diagnostics_channel'"), "{err}");
    let dir = project(
        "builtin-require",
        &[
            ("node_modules/probe/package.json", r#"{ "name": "probe" }"#),
            ("node_modules/probe/index.js", "let dc;\ntry { dc = require('diagnostics_channel'); } catch (e) { dc = e.code; }\nmodule.exports = dc;\n"),
            ("main.ts", "import probe from 'probe';\nconsole.log(probe);\n"),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "MODULE_NOT_FOUND\n");
}

#[test]
fn typescript_import_equals_and_export_assignment() {
    let dir = project(
        "import-equals",
        &[
            ("node_modules/oldlib/index.js", "function oldlib(x) { return 'old:' + x; }\noldlib.helper = () => 'helper';\nmodule.exports = oldlib;\n"),
            ("shape.ts", "class Shape { constructor(public w: number) {} area() { return this.w * this.w; } }\nexport = Shape;\n"),
            ("util.ts", "export const twice = (n: number) => n * 2;\n"),
            ("lib/uses-shape.cjs", "const Shape = require('../shape');\nmodule.exports = new Shape(2).area();\n"),
            (
                "main.ts",
                "import oldlib = require('oldlib');\nimport Shape = require('./shape');\nimport util = require('./util');\nimport four from './lib/uses-shape.cjs';\n\
                 namespace Geo { export namespace Units { export const cm = 'centimetre'; } }\nimport cm = Geo.Units.cm;\nimport Units = Geo.Units;\n\
                 console.log(oldlib('x'), oldlib.helper(), new Shape(3).area(), util.twice(4), cm, Units.cm, four);\n",
            ),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "old:x helper 9 8 centimetre centimetre 4\n");
}

#[test]
fn standard_decorators_without_experimental_decorators() {
    // No tsconfig: the decorators are the standard ones; their metadata is what esbuild's
    // lowering defines under Node (an enumerable Symbol.metadata property).
    let dir = project("std-decorators", &[("main.ts", "function d(v: any, c: any) {}\n@d class A {}\nconsole.log(A);\n")]);
    assert_eq!(run(&dir).unwrap(), "[class A] { [Symbol(Symbol.metadata)]: [Object: null prototype] {} }\n");
}

#[test]
fn export_import_satisfies_const_type_parameters_and_tsx() {
    let dir = project(
        "ts-syntax",
        &[
            ("ns.ts", "export namespace NS { export const v = 5; }\nexport import V = NS.v;\n"),
            (
                "main.ts",
                "import { V } from './ns';\ntype Cfg = { port: number };\nconst cfg = { port: 80 } satisfies Cfg;\n\
                 function first<const T extends readonly unknown[]>(xs: T): T[0] { return xs[0]; }\nconsole.log(cfg.port, first(['a', 'b'] as const), V);\n",
            ),
        ],
    );
    assert_eq!(run(&dir).unwrap(), "80 a 5\n");
    let dir = project("tsx", &[("comp.tsx", "export const X = <div />;\n"), ("main.ts", "import { X } from './comp';\nconsole.log(X);\n")]);
    let err = run(&dir).unwrap_err();
    assert!(err.contains("comp.tsx:1:1: not supported yet: JSX (.tsx files)"), "{err}");
}
