//! `perry:http`: an HTTP/1.1 server for Perry programs. hyper runs on a
//! tokio runtime on its own thread (`server.rs`); each request crosses to
//! the single JS thread through a queue the event loop polls as an external
//! source (`host.rs`), runs there as a macrotask, and its response crosses
//! back through a oneshot channel. All conversion between hyper's types and
//! JavaScript values is in `bridge.rs`.
//!
//! Linking: nothing in the runtime refers to this crate. A compiled program
//! whose module graph contains `perry:http` lists [`perry_ext_http_install`]
//! in its extension table (`perry_extensions`, emitted by the compiler and
//! called by `main` before the program runs), so only such programs pull
//! this crate, tokio and hyper out of `libperry_runtime.a`.
//!
//! A program without `perry:http` never references [`perry_ext_http_install`], so the linker
//! (`--gc-sections`) leaves tokio and hyper out; a server executable is about 0.5 MB larger.
//! `rtlib` names the crate (`extern crate`) so that the symbol is in the archive. The handlers,
//! server objects and stop promises are the root source "http".

mod bridge;
pub mod conn;
mod host;
mod server;

/// Registers the native module `http` and the event-loop source. Called
/// once at start-up, on the JS thread, after the built-ins are installed.
#[unsafe(no_mangle)]
pub extern "C" fn perry_ext_http_install() {
    perry_stdlib::native_modules::register("http", host::namespace);
    perry_stdlib::event_loop::add_source(perry_stdlib::event_loop::Source { poll: host::poll, refed: host::refed, flush: host::flush });
    perry_gc::roots::register_source("http", host::visit_roots);
    host::install_body_source();
}
