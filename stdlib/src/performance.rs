//! The native half of `perry:web-globals`: `performance`'s clock (`now()`, milliseconds since
//! the process started on a monotonic clock, and `timeOrigin`, the wall-clock time of that
//! start in milliseconds since the epoch, as Node's `performance` has them) and the
//! processor count `navigator.hardwareConcurrency` gives. An extension
//! entry (`perry_web_globals_install`, `perry_abi::foreach_extension!`): only programs whose
//! graph holds the module link it.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use perry_gc::HandleScope;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::{JsResult, Value};

/// The process's start: a monotonic instant and the wall-clock milliseconds at that instant.
static ORIGIN: OnceLock<(Instant, f64)> = OnceLock::new();

fn origin() -> &'static (Instant, f64) {
    ORIGIN.get_or_init(|| (Instant::now(), SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64() * 1000.0)))
}

/// `now()`: milliseconds since the start, to the microsecond (Node's resolution).
fn now(_args: &Args) -> JsResult {
    let us = origin().0.elapsed().as_micros() as f64;
    Ok(Value::num(us / 1000.0))
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(3).0);
    crate::method(Value(ns.get()), "now", 0, now);
    let key = perry_runtime::atoms::intern("timeOrigin");
    object::define(Value(ns.get()), key, Value::num(origin().1), perry_runtime::shape::DEFAULT);
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let key = perry_runtime::atoms::intern("hardwareConcurrency");
    object::define(Value(ns.get()), key, Value::int(cpus as i64), perry_runtime::shape::DEFAULT);
    Ok(Value(ns.get()))
}

/// Registers the native module `web-globals`, and starts its clock (at start-up, before the
/// program runs).
#[unsafe(no_mangle)]
pub extern "C" fn perry_web_globals_install() {
    origin();
    crate::native_modules::register("web-globals", build);
}
