//! Built-in modules: `node:*` and `perry:*` specifiers resolve to TypeScript
//! sources that ship inside the compiler (`compiler/builtins/`). They
//! are compiled like any other module, with one difference: the identifier
//! `__perry_native` names the runtime's native-module loader
//! (`__perry_native("http")` returns the namespace object the stdlib or an
//! extension registered under that name), and only built-in modules may use it.
//!
//! `node:X` (or a bare Node name such as `timers`) and `perry:X` are named by their specifier
//! in stack traces. Their native halves are namespace objects registered with
//! `stdlib::native_modules::register(name, builder)` (by the stdlib, or by an extension crate's
//! `install`); `node:async_hooks` is Node's AsyncLocalStorage class over the stdlib's
//! `async_hooks`. Outside built-in modules `__perry_native` is an ordinary undefined global. A
//! Node module Perry lacks is a compile error naming it when a static `import` names it; a
//! `require` or `import()` of it throws or rejects at run time, where Node would have loaded
//! it, so packages that probe for optional built-ins carry on. A built-in module whose native half
//! lives in an extension crate (`perry:http`) names the extension's install function in
//! `EXTENSIONS`; the code generator writes the install functions the module graph needs into
//! the `perry_extensions` table, the program's only reference to them.

use std::path::{Path, PathBuf};

/// The prefix of the virtual path of a built-in module.
const PREFIX: &str = "\0perry-builtin/";

/// (canonical specifier, source). Node's modules are importable with or
/// without the `node:` scheme, as in Node. A module's file is its specifier
/// with `:`, `-` and `/` replaced by `_` (tests/gen-expected.sh relies on it
/// to run conformance programs that import a `perry:*` module under Node).
const MODULES: &[(&str, &str)] = &[
    ("node:async_hooks", include_str!("../builtins/node_async_hooks.ts")),
    ("node:buffer", include_str!("../builtins/node_buffer.ts")),
    ("node:crypto", include_str!("../builtins/node_crypto.ts")),
    ("node:events", include_str!("../builtins/node_events.ts")),
    ("node:path", include_str!("../builtins/node_path.ts")),
    ("node:path/posix", include_str!("../builtins/node_path_posix.ts")),
    ("node:process", include_str!("../builtins/node_process.ts")),
    ("node:string_decoder", include_str!("../builtins/node_string_decoder.ts")),
    ("node:timers", include_str!("../builtins/node_timers.ts")),
    ("node:tty", include_str!("../builtins/node_tty.ts")),
    ("node:util", include_str!("../builtins/node_util.ts")),
    ("node:util/types", include_str!("../builtins/node_util_types.ts")),
    ("node:timers/promises", include_str!("../builtins/node_timers_promises.ts")),
    ("perry:app-router", include_str!("../builtins/perry_app_router.ts")),
    ("perry:decorators", include_str!("../builtins/perry_decorators.ts")),
    ("perry:disposable", include_str!("../builtins/perry_disposable.ts")),
    ("perry:fetch", include_str!("../builtins/perry_fetch.ts")),
    ("perry:web-streams", include_str!("../builtins/perry_web_streams.ts")),
    ("perry:oxc/helpers/decorate", include_str!("../builtins/perry_oxc_helpers_decorate.ts")),
    ("perry:oxc/helpers/decorateMetadata", include_str!("../builtins/perry_oxc_helpers_decorateMetadata.ts")),
    ("perry:oxc/helpers/decorateParam", include_str!("../builtins/perry_oxc_helpers_decorateParam.ts")),
    ("perry:oxc/helpers/usingCtx", include_str!("../builtins/perry_oxc_helpers_usingCtx.ts")),
    ("perry:http", include_str!("../builtins/perry_http.ts")),
    ("perry:next/cookies", include_str!("../builtins/perry_next_cookies.ts")),
    ("perry:next/headers", include_str!("../builtins/perry_next_headers.ts")),
    ("perry:next/server", include_str!("../builtins/perry_next_server.ts")),
    ("perry:web-compression", include_str!("../builtins/perry_web_compression.ts")),
    ("perry:web-crypto", include_str!("../builtins/perry_web_crypto.ts")),
    ("perry:web-events", include_str!("../builtins/perry_web_events.ts")),
    ("perry:web-globals", include_str!("../builtins/perry_web_globals.ts")),
];

/// Built-in modules whose native half lives in an extension crate: the
/// symbol of its install function (`perry_abi::foreach_extension!`). A
/// program whose module graph contains such a module lists the symbol in
/// its extension table, which `main` calls at start-up; only then does the
/// linker pull the extension (and its dependencies) out of the runtime
/// library.
const EXTENSIONS: &[(&str, &str)] = perry_abi::EXTENSIONS;

/// Resolves `spec` when it names a built-in module (`node:x`, `perry:x`, or a bare Node name,
/// `nodejs_built_in_modules::BUILTINS`): `Some(Ok(path))` for a module Perry has,
/// `Some(Err(message))` for one it lacks (or no Node module), `None` for an ordinary
/// specifier.
pub fn resolve(spec: &str) -> Option<Result<PathBuf, String>> {
    let canonical = if spec.starts_with("node:") || spec.starts_with("perry:") {
        spec.to_string()
    } else if nodejs_built_in_modules::BUILTINS.contains(&spec) {
        format!("node:{spec}")
    } else {
        return None;
    };
    Some(match MODULES.iter().find(|(name, _)| *name == canonical) {
        Some((name, _)) => Ok(PathBuf::from(format!("{PREFIX}{name}"))),
        None if canonical.starts_with("node:") && !nodejs_built_in_modules::is_nodejs_builtin_module(&canonical) => {
            Err(format!("no such built-in module: {canonical}"))
        }
        None => Err(format!("not supported yet: the built-in module '{canonical}'")),
    })
}

/// The source of a built-in module's virtual path.
pub fn source(path: &Path) -> Option<&'static str> {
    let name = path.to_str()?.strip_prefix(PREFIX)?;
    MODULES.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// The install function of the extension behind a built-in module's
/// virtual path, if it has one.
pub fn extension(path: &Path) -> Option<&'static str> {
    let name = path.to_str()?.strip_prefix(PREFIX)?;
    EXTENSIONS.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// How diagnostics and stack traces name a built-in module.
pub fn display(path: &Path) -> String {
    path.to_string_lossy().trim_start_matches(PREFIX).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers() {
        let p = resolve("node:timers").unwrap().unwrap();
        assert_eq!(resolve("timers").unwrap().unwrap(), p);
        assert!(source(&p).unwrap().contains("export"));
        assert_eq!(display(&p), "node:timers");
        assert_eq!(resolve("fs").unwrap().unwrap_err(), "not supported yet: the built-in module 'node:fs'");
        assert!(resolve("perry:nope").unwrap().is_err());
        assert_eq!(resolve("async_hooks").unwrap().unwrap(), resolve("node:async_hooks").unwrap().unwrap());
        let http = resolve("perry:http").unwrap().unwrap();
        assert_eq!(extension(&http), Some(perry_abi::EXTENSIONS[0].1));
        assert_eq!(extension(&p), None);
        assert!(source(&resolve("perry:app-router").unwrap().unwrap()).unwrap().contains("export async function startApp"));
        assert!(resolve("./x").is_none());
        assert!(resolve("lodash").is_none());
        assert_eq!(resolve("node:nope").unwrap().unwrap_err(), "no such built-in module: node:nope");
        assert!(resolve("diagnostics_channel").unwrap().unwrap_err().contains("not supported yet"));
    }
}
