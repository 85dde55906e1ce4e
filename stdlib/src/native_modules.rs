//! The native halves of built-in modules. A built-in module's TypeScript
//! source (shipped inside the compiler, `compiler/builtins/`) calls
//! `__perry_native(name)` to get the namespace object registered here under
//! `name`: the stdlib registers its own (`async_hooks`), an extension crate
//! registers its own from its `install` (`http`). Each namespace is built on
//! first use and then kept, so every import of the module sees one object.

use perry_gc::{HandleScope, JsCell};
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// Builds a module's namespace object.
pub type Builder = fn() -> JsResult;

static BUILDERS: JsCell<Vec<(&'static str, Builder)>> = JsCell::new(Vec::new());

/// Registers the native module `name` (once, at start-up).
pub fn register(name: &'static str, build: Builder) {
    // SAFETY: registration happens at start-up on the JS thread; a one-statement borrow.
    unsafe { BUILDERS.get() }.push((name, build));
}

/// `__perry_native(name)`: the namespace registered under `name`.
fn load(args: &Args) -> JsResult {
    let name = args.get(0);
    if !name.is_string() {
        return Err(error::type_error("__perry_native: the module name must be a string"));
    }
    let key = atoms::intern_value(name);
    let cache = realm::get(I::NativeModules);
    if let Some((i, _)) = object::find_own(cache, key) {
        return Ok(object::slot_get(cache, i));
    }
    let rust_name = atoms::to_rust(key);
    // SAFETY: the JS thread only; the borrow ends with the search (`build` runs after).
    let Some(&(_, build)) = unsafe { BUILDERS.get() }.iter().find(|(n, _)| *n == rust_name) else {
        return Err(error::throw_error(error::ErrorKind::Error, &format!("no native module '{rust_name}' is linked into this executable")));
    };
    let scope = HandleScope::new();
    let ns = scope.root(build()?.0);
    object::define(realm::get(I::NativeModules), key, Value(ns.get()), 0);
    Ok(Value(ns.get()))
}

pub fn install() {
    realm::set(I::NativeModules, object::new_plain(4));
    let f = perry_runtime::function::new_native("__perry_native", 1, load);
    realm::set(I::NativeLoader, f);
}
