//! `perry:fetch`: the WHATWG `fetch` client of Perry programs, as Node 20 (undici 6) has it.
//! hyper-util's pooled client runs over rustls on a tokio runtime on its own thread
//! (`client.rs`); the JS-thread half (`host.rs`) hands requests over and settles the promises
//! of response heads and body chunks from an event-loop source; content codings are undone on
//! the I/O thread (`decode.rs`). The Request/Response objects, redirect modes, abort signals
//! and Node's error shapes are the TypeScript half's (`compiler/builtins/perry_fetch.ts`).
//!
//! Linking: nothing in the runtime refers to this crate. A program whose module graph contains
//! `perry:fetch` (a module that names `fetch` loads it) lists [`perry_ext_fetch_install`] in
//! its extension table, so only such programs link tokio, hyper and rustls. `rtlib` names the
//! crate (`extern crate`) so that the symbol is in the archive.

mod client;
mod decode;
mod host;

/// Registers the native module `fetch`, the event-loop source and the root source "fetch".
/// Called once at start-up, on the JS thread, after the built-ins are installed. The I/O thread
/// starts with the first fetch.
#[unsafe(no_mangle)]
pub extern "C" fn perry_ext_fetch_install() {
    perry_stdlib::native_modules::register("fetch", host::namespace);
    perry_stdlib::event_loop::add_source(perry_stdlib::event_loop::Source { poll: host::poll, refed: host::refed, flush: host::flush });
    perry_gc::roots::register_source("fetch", host::visit_roots);
}
