//! Promise (ECMAScript 27.2) and the microtask queue (HostEnqueuePromiseJob,
//! `queueMicrotask`); the event loop that drains it is `event_loop.rs`.
//!
//! A promise is a `KIND_PROMISE` cell with seven words after the ordinary
//! ones: state and handled flag, result, reactions while pending (the first
//! `[derived, onFulfilled, onRejected]` triple in the last three words, any
//! further ones in an array), and the async context it was made in
//! (`async_context.rs`).
//!
//! A *capability* (27.2.1.1) is what a reaction settles: undefined (none),
//! a native promise (the capability of %Promise% itself, settled directly),
//! or for any other constructor (a subclass, a species) the array
//! `[promise, resolve, reject]` that NewPromiseCapability made by calling it.
//! A reaction with no capability keeps the async context it runs in in the
//! derived place instead: undefined or a context value array.
//!
//! A "pristine" promise (no own properties, untouched `then`/`constructor`/species) skips the
//! NewPromiseCapability and species lookups. `await` subscribes the activation itself as the
//! reaction. A built-in that awaits (`Array.fromAsync`, `array_from_async.rs`) is a state
//! machine instead: one state array (result promise, target, iterator, index, ...) that native
//! closures capture, each `Await` a PromiseResolve plus PerformPromiseThen with two of them.

use crate::async_context;
use crate::{method, this_of_kind};
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use std::collections::VecDeque;

/// The state (`PENDING`, `FULFILLED`, `REJECTED`) plus `HANDLED`, a number.
const P_STATE: i32 = OBJ_INLINE;
const P_RESULT: i32 = OBJ_INLINE + 8;
/// Undefined (no reaction), 1 (one, in `P_FIRST`) or an array of the
/// `[derived, onFulfilled, onRejected]` triples after the first.
const P_REACTIONS: i32 = OBJ_INLINE + 16;
/// The async context current when the promise was made (Node 20's promise
/// resource): its reaction jobs and the thenable job resolving it run there.
const P_CTX: i32 = OBJ_INLINE + 24;
/// The first reaction's triple, in the promise itself: most promises get
/// exactly one (an `await`, a `then`), which then allocates nothing.
const P_FIRST: i32 = OBJ_INLINE + 32;
const EXTRA: u32 = 56;

const PENDING: i64 = 0;
const FULFILLED: i64 = 1;
const REJECTED: i64 = 2;
/// In `P_STATE` beside the state: a handler was attached (27.2.1.4's
/// [[PromiseIsHandled]]).
const HANDLED: i64 = 4;

/// A queued job: `[kind, a, b, c]`, the values a root source.
#[derive(Clone, Copy)]
enum Job {
    /// A reaction: (derived capability or context, handler or undefined,
    /// argument); it runs in the derived promise's context.
    Fulfill,
    Reject,
    /// PromiseResolveThenableJob: (promise, thenable, then), in the
    /// promise's context.
    Thenable,
    /// `queueMicrotask(callback)`: (callback, context, -).
    Callback,
    /// An `await` settled: resume the async activation (activation,
    /// context of the `await`, value).
    AwaitFulfilled,
    AwaitRejected,
}

/// In a reaction's `derived` place: the reaction is an `await` whose
/// handlers are the activation itself (no closures are made for it); the
/// triple is `[AWAIT_REACTION, activation, context]`.
const AWAIT_REACTION: u64 = HOLE;

struct Queues {
    micro: VecDeque<(Job, [u64; 3])>,
    /// Rejected promises with no handler yet, in rejection order.
    unhandled: Vec<u64>,
}

static QUEUES: JsCell<Queues> = JsCell::new(Queues { micro: VecDeque::new(), unhandled: Vec::new() });

fn queues() -> &'static mut Queues {
    // SAFETY: the queues belong to the JS thread; each caller uses the borrow for one push or pop,
    // and no job runs while one is held.
    unsafe { QUEUES.get() }
}

fn enqueue(job: Job, a: Value, b: Value, c: Value) {
    queues().micro.push_back((job, [a.0, b.0, c.0]));
}

/// Whether a microtask is pending.
pub fn has_microtasks() -> bool {
    !queues().micro.is_empty()
}

pub fn is_promise(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_PROMISE
}

/// Whether `v` is a promise still pending.
pub fn is_pending(v: Value) -> bool {
    is_promise(v) && state(v) == PENDING
}

/// A settled promise's outcome (`Ok(value)` or `Err(reason)`), marked
/// handled as `then` would mark it; `None` while it is pending. For hosts
/// that consume a promise without reactions (an HTTP handler's result).
pub fn take_settled(p: Value) -> Option<Result<Value, Value>> {
    match state(p) {
        PENDING => None,
        st => {
            set_handled(p);
            let r = p.cell().field(P_RESULT);
            Some(if st == FULFILLED { Ok(r) } else { Err(r) })
        }
    }
}

fn state(p: Value) -> i64 {
    p.cell().field(P_STATE).as_number() as i64 & 3
}

fn is_handled(p: Value) -> bool {
    p.cell().field(P_STATE).as_number() as i64 & HANDLED != 0
}

fn set_handled(p: Value) {
    let w = p.cell().field(P_STATE).as_number() as i64;
    if w & HANDLED == 0 {
        p.cell().set_field(P_STATE, Value::int(w | HANDLED));
    }
}

/// A pending promise with `proto`.
fn new_promise_with(proto: Value) -> Value {
    let p = object::alloc_object(KIND_PROMISE, EXTRA, 0, proto);
    p.cell().set_field(P_STATE, Value::int(PENDING));
    // The new cell's words are undefined: the common context needs no store.
    let ctx = async_context::capture();
    if !ctx.is_undefined() {
        p.cell().set_field(P_CTX, ctx);
    }
    p
}

/// A pending %Promise%.
pub fn new_promise() -> Value {
    new_promise_with(realm::get(I::PromiseProto))
}

/// Fulfils or rejects a pending promise and queues its reactions.
fn settle(p: Value, st: i64, v: Value) {
    if state(p) != PENDING {
        return;
    }
    // Nothing here allocates on the heap (jobs and the unhandled list are
    // Rust queues), so the values need no handles.
    let reactions = p.cell().field(P_REACTIONS);
    let first = [p.cell().field(P_FIRST), p.cell().field(P_FIRST + 8), p.cell().field(P_FIRST + 16)];
    let handled = is_handled(p);
    p.cell().set_field(P_STATE, Value::int(st | if handled { HANDLED } else { 0 }));
    p.cell().set_field(P_RESULT, v);
    p.cell().set_field(P_REACTIONS, Value::UNDEFINED);
    for i in 0..3 {
        p.cell().set_field(P_FIRST + 8 * i, Value::UNDEFINED);
    }
    if st == REJECTED && !handled {
        queues().unhandled.push(p.0);
    }
    if reactions.is_undefined() {
        return;
    }
    let rest = if reactions.is_array() { arr::len(reactions) } else { 0 };
    for i in (0..rest + 3).step_by(3) {
        let at = |k: usize| if i == 0 { first[k] } else { arr::get_index(reactions, i - 3 + k) };
        let derived = at(0);
        if derived.0 == AWAIT_REACTION {
            // [AWAIT_REACTION, activation, context]
            let job = if st == FULFILLED { Job::AwaitFulfilled } else { Job::AwaitRejected };
            enqueue(job, at(1), at(2), v);
            continue;
        }
        let handler = at(if st == FULFILLED { 1 } else { 2 });
        enqueue(if st == FULFILLED { Job::Fulfill } else { Job::Reject }, derived, handler, v);
    }
}

pub fn reject(p: Value, reason: Value) {
    settle(p, REJECTED, reason);
}

/// The promise resolve function's steps (27.2.1.3.2) for `p`.
pub fn resolve(p: Value, x: Value) {
    if x == p {
        let _ = error::type_error("Chaining cycle detected for promise #<Promise>");
        return reject(p, error::take());
    }
    if !x.is_js_object() {
        return settle(p, FULFILLED, x);
    }
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let hx = scope.root(x.0);
    let then = match object::get(x, atoms::names::THEN) {
        Ok(t) => t,
        Err(_) => return reject(Value(hp.get()), error::take()),
    };
    if !then.is_callable() {
        return settle(Value(hp.get()), FULFILLED, Value(hx.get()));
    }
    enqueue(Job::Thenable, Value(hp.get()), Value(hx.get()), then);
}

/// CreateResolvingFunctions (27.2.1.3): `(resolve, reject)` sharing an
/// already-resolved flag, kept in resolve's second capture (reject's second
/// capture is resolve).
fn resolving_functions(p: Value) -> (Value, Value) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let res = function::new_native_caps("", 1, resolve_fn, 2, 0);
    res.cell().set_field(FN_CAPS, Value(hp.get()));
    res.cell().set_field(FN_CAPS + 8, Value::bool(false));
    let hres = scope.root(res.0);
    let rej = function::new_native_caps("", 1, reject_fn, 2, 0);
    rej.cell().set_field(FN_CAPS, Value(hp.get()));
    rej.cell().set_field(FN_CAPS + 8, Value(hres.get()));
    (Value(hres.get()), rej)
}

/// Tests and sets the already-resolved flag of the resolving function
/// `res`: whether this is the pair's first call.
fn first_call(res: Value) -> bool {
    if res.cell().field(FN_CAPS + 8).as_bool() {
        return false;
    }
    res.cell().set_field(FN_CAPS + 8, Value::bool(true));
    true
}

fn resolve_fn(args: &Args) -> JsResult {
    if first_call(args.callee()) {
        resolve(args.capture(0), args.get(0));
    }
    Ok(Value::UNDEFINED)
}

fn reject_fn(args: &Args) -> JsResult {
    if first_call(args.capture(1)) {
        reject(args.capture(0), args.get(0));
    }
    Ok(Value::UNDEFINED)
}

/// Appends a reaction to pending promise `p`: the first in the promise
/// itself, the others in an array.
fn add_reaction(p: Value, derived: Value, on_f: Value, on_r: Value) {
    let list = p.cell().field(P_REACTIONS);
    if list.is_undefined() {
        for (i, v) in [derived, on_f, on_r].into_iter().enumerate() {
            p.cell().set_field(P_FIRST + 8 * i as i32, v);
        }
        p.cell().set_field(P_REACTIONS, Value::int(1));
        return;
    }
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let hs = [derived, on_f, on_r].map(|v| scope.root(v.0));
    let list = if list.is_array() {
        list
    } else {
        let l = arr::new_array(0);
        Value(hp.get()).cell().set_field(P_REACTIONS, l);
        l
    };
    let hl = scope.root(list.0);
    for h in hs {
        arr::push(Value(hl.get()), Value(h.get()));
    }
}

/// PerformPromiseThen (27.2.5.4.1) with a derived promise (or undefined:
/// then the reaction keeps the current async context in its place, where
/// V8 would make a throwaway promise).
pub fn perform_then(p: Value, on_fulfilled: Value, on_rejected: Value, derived: Value) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let hf = scope.root(if on_fulfilled.is_callable() { on_fulfilled.0 } else { UNDEFINED });
    let hr = scope.root(if on_rejected.is_callable() { on_rejected.0 } else { UNDEFINED });
    let hd = scope.root(if derived.is_undefined() { async_context::capture().0 } else { derived.0 });
    match state(p) {
        PENDING => add_reaction(Value(hp.get()), Value(hd.get()), Value(hf.get()), Value(hr.get())),
        FULFILLED => enqueue(Job::Fulfill, Value(hd.get()), Value(hf.get()), Value(hp.get()).cell().field(P_RESULT)),
        // Rejected: the handled flag set below takes it off the unhandled list.
        _ => enqueue(Job::Reject, Value(hd.get()), Value(hr.get()), Value(hp.get()).cell().field(P_RESULT)),
    }
    set_handled(Value(hp.get()));
}

/// Await (27.7.5.3) in async activation `g`: the activation resumes as a
/// reaction to PromiseResolve(%Promise%, v), with no closures made, in the
/// async context current now. A primitive resolves such a promise at once,
/// so its reaction job is queued directly.
pub fn await_value(v: Value, g: Value) {
    if !v.is_js_object() {
        return enqueue(Job::AwaitFulfilled, g, async_context::capture(), v);
    }
    // A settled %Promise%: its reaction job at once (nothing allocates).
    if is_promise(v) && object::proto_of(v) == realm::get(I::PromiseProto) && state(v) != PENDING {
        let job = if state(v) == FULFILLED { Job::AwaitFulfilled } else { Job::AwaitRejected };
        set_handled(v);
        return enqueue(job, g, async_context::capture(), v.cell().field(P_RESULT));
    }
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let p = promise_resolve(v);
    match state(p) {
        PENDING => {
            let hp = scope.root(p.0);
            add_reaction(p, Value(AWAIT_REACTION), Value(hg.get()), async_context::capture());
            set_handled(Value(hp.get()));
        }
        st => {
            let job = if st == FULFILLED { Job::AwaitFulfilled } else { Job::AwaitRejected };
            set_handled(p);
            enqueue(job, Value(hg.get()), async_context::capture(), p.cell().field(P_RESULT));
        }
    }
}

/// The async context a reaction with capability (or context) `d` runs in,
/// and the promise whose context it is (Node's resource of the job, which
/// keeps what the handler wrote to it).
fn reaction_context(d: Value) -> (Value, Option<Value>) {
    if is_promise(d) {
        return (d.cell().field(P_CTX), Some(d));
    }
    // No capability: the context kept in its place (undefined: none).
    if d.is_undefined() || async_context::is_context(d) {
        return (d, None);
    }
    let p = if d.is_array() { arr::get_index(d, 0) } else { d };
    if is_promise(p) {
        (p.cell().field(P_CTX), Some(p))
    } else {
        // A capability whose promise is not native (V8 runs it without a
        // resource): the context current now.
        (async_context::current(), None)
    }
}

/// The activation the running await job resumed (a root, see `install`),
/// or undefined: where the `async` frames of a stack trace start.
static RESUMED: JsCell<u64> = JsCell::new(UNDEFINED);

/// The activation awaiting pending promise `p` (a reaction of its own, not
/// a closure), if any.
fn awaiter(p: Value) -> Option<Value> {
    if !is_promise(p) || state(p) != PENDING {
        return None;
    }
    let list = p.cell().field(P_REACTIONS);
    if list.is_undefined() {
        return None;
    }
    if p.cell().field(P_FIRST).0 == AWAIT_REACTION {
        return Some(p.cell().field(P_FIRST + 8));
    }
    if list.is_array() {
        let n = arr::len(list);
        for i in (0..n).step_by(3) {
            if arr::get_index(list, i).0 == AWAIT_REACTION {
                return Some(arr::get_index(list, i + 1));
            }
        }
    }
    None
}

/// V8's async stack trace: after the frames of an activation an await job
/// resumed, `at async NAME` for the activation awaiting its promise, and
/// for the one awaiting that one's, up to `limit` frames. Allocates nothing.
fn async_frames(out: &mut String, limit: usize) {
    // SAFETY: read on the JS thread; nothing here writes it.
    let mut g = Value(unsafe { *RESUMED.get() });
    let mut n = 0;
    while n < limit && g.is_cell() && g.kind() == KIND_GENERATOR {
        let Some(next) = awaiter(g.cell().field(GEN_PROMISE)) else { break };
        if !next.is_cell() || next.kind() != KIND_GENERATOR {
            break;
        }
        let code = next.cell().field(GEN_FN).cell().word(FN_CODE);
        let name = perry_runtime::sourcemap::function_name(code).unwrap_or_default();
        out.push_str("\n    at async ");
        out.push_str(if name.is_empty() { "<anonymous>" } else { &name });
        g = next;
        n += 1;
    }
}

/// Runs one microtask in its async context; false when the queue is empty.
pub fn run_one() -> JsResult<bool> {
    let Some((job, [a, b, c])) = queues().micro.pop_front() else { return Ok(false) };
    if let Job::AwaitFulfilled | Job::AwaitRejected = job {
        // SAFETY: the JS thread's cell; restored below (jobs do not nest,
        // but an activation may drain the queue, as the test harness does).
        let outer = core::mem::replace(unsafe { RESUMED.get() }, a);
        let r = resume_job(job, a, b, c);
        // SAFETY: as above.
        unsafe { *RESUMED.get() = outer };
        return r;
    }
    run_job(job, a, b, c)
}

fn resume_job(job: Job, a: u64, b: u64, c: u64) -> JsResult<bool> {
    {
        // Resuming an activation (which roots what it needs) in the context
        // of its `await`.
        let mode = if matches!(job, Job::AwaitFulfilled) { GEN_NEXT } else { GEN_THROW };
        let entered = if async_context::enter_allocates() {
            let scope = HandleScope::new();
            let (ha, hc) = (scope.root(a), scope.root(c));
            let e = async_context::enter(Value(b));
            crate::generator::async_step(Value(ha.get()), Value(hc.get()), mode);
            e
        } else {
            let e = async_context::enter(Value(b));
            crate::generator::async_step(Value(a), Value(c), mode);
            e
        };
        async_context::leave(entered);
        Ok(true)
    }
}

fn run_job(job: Job, a: u64, b: u64, c: u64) -> JsResult<bool> {
    let scope = HandleScope::new();
    let (ha, hb, hc) = (scope.root(a), scope.root(b), scope.root(c));
    let (entered, done) = match job {
        Job::AwaitFulfilled | Job::AwaitRejected => unreachable!("resumed above"),
        Job::Fulfill | Job::Reject => {
            let (ctx, resource) = reaction_context(Value(ha.get()));
            let hres = resource.map(|p| scope.root(p.0));
            let entered = async_context::enter(ctx);
            let (handler, arg) = (Value(hb.get()), Value(hc.get()));
            let outcome = if handler.is_undefined() {
                if matches!(job, Job::Fulfill) { Ok(arg) } else { Err(error::throw(arg)) }
            } else {
                function::call(handler, Value::UNDEFINED, &[arg])
            };
            let derived = Value(ha.get());
            let has_capability = !derived.is_undefined() && !async_context::is_context(derived);
            let done = match outcome {
                Ok(v) => settle_capability(derived, true, v),
                Err(_) if has_capability => settle_capability(derived, false, error::take()),
                // A reaction with no derived promise (internal) that throws:
                // the exception propagates to the loop.
                Err(e) => Err(e),
            };
            // What the handler wrote to its resource stays there (a
            // thenable it returned is adopted in that context).
            if let Some(h) = hres {
                let p = Value(h.get());
                if p.cell().field(P_CTX) != async_context::current() {
                    p.cell().set_field(P_CTX, async_context::current());
                }
            }
            (entered, done)
        }
        Job::Thenable => {
            let entered = async_context::enter(reaction_context(Value(ha.get())).0);
            let (res, rej) = resolving_functions(Value(ha.get()));
            let hrej = scope.root(rej.0);
            let done = if function::call(Value(hc.get()), Value(hb.get()), &[res, rej]).is_err() {
                let e = error::take();
                let he = scope.root(e.0);
                // The reject function honours the already-resolved flag.
                function::call(Value(hrej.get()), Value::UNDEFINED, &[Value(he.get())]).map(|_| ())
            } else {
                Ok(())
            };
            (entered, done)
        }
        Job::Callback => {
            let entered = async_context::enter(Value(hb.get()));
            (entered, function::call(Value(ha.get()), Value::UNDEFINED, &[]).map(|_| ()))
        }
    };
    async_context::leave(entered);
    done.map(|_| true)
}

/// Set when the exception ending the process is an unhandled rejection's
/// reason (the report then follows Node's wording for non-errors).
static FROM_REJECTION: JsCell<bool> = JsCell::new(false);

pub fn set_from_rejection() {
    // SAFETY: a flag of the JS thread, written with no reference kept.
    unsafe { *FROM_REJECTION.get() = true };
}

pub fn from_rejection() -> bool {
    // SAFETY: a flag of the JS thread, read with no reference kept.
    unsafe { *FROM_REJECTION.get() }
}

/// Node's report of an unhandled rejection whose reason is not an error
/// (lib/internal/process/promises.js, `UnhandledPromiseRejection`), with
/// V8's NoSideEffectsToString of the reason.
pub fn unhandled_rejection_text(reason: Value) -> String {
    let r = if reason.is_string() {
        perry_runtime::string::to_rust(reason)
    } else if reason.is_function() {
        crate::function_builtins::source_string(reason)
    } else {
        crate::object_builtins::v8_brief(reason)
    };
    format!(
        "UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason \"{r}\". {{\n  code: 'ERR_UNHANDLED_REJECTION'\n}}"
    )
}

/// The oldest rejection still unhandled after a microtask checkpoint (Node
/// then ends the process), taken off the list.
pub fn take_unhandled() -> Option<Value> {
    let q = queues();
    let first = q.unhandled.iter().map(|&p| Value(p)).find(|&p| !is_handled(p));
    q.unhandled.clear();
    first.map(|p| p.cell().field(P_RESULT))
}

// ----- the constructor and prototype -----

/// Promise ( executor ) — 27.2.3.1
fn promise_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Promise constructor cannot be invoked without 'new'"));
    }
    let executor = args.get(0);
    if !executor.is_callable() {
        return Err(error::type_error(&format!("Promise resolver {} is not a function", crate::object_builtins::v8_brief(executor))));
    }
    let proto = function::proto_from_new_target(args.new_target(), I::PromiseProto)?;
    let scope = HandleScope::new();
    let p = scope.root(new_promise_with(proto).0);
    let (res, rej) = resolving_functions(Value(p.get()));
    let hrej = scope.root(rej.0);
    if function::call(args.get(0), Value::UNDEFINED, &[res, rej]).is_err() {
        let e = error::take();
        function::call(Value(hrej.get()), Value::UNDEFINED, &[e])?;
    }
    Ok(Value(p.get()))
}

/// Promise.prototype.then ( onFulfilled, onRejected ) — 27.2.5.4
fn then(args: &Args) -> JsResult {
    let p = this_of_kind(args.this(), KIND_PROMISE, "Promise.prototype.then")?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let c = species_constructor(p)?;
    let d = scope.root(new_capability(c)?.0);
    perform_then(Value(hp.get()), args.get(0), args.get(1), Value(d.get()));
    Ok(capability_promise(Value(d.get())))
}

/// Where %Promise.prototype%'s `then` and `constructor` and %Promise%'s
/// `@@species` live, as the realm installed them; shapes made before the
/// program starts are pinned (never freed), so an unchanged shape pointer means no property was added, removed or
/// redefined with other attributes.
struct Pristine {
    proto_shape: u64,
    ctor_shape: u64,
    then: usize,
    constructor: usize,
    species: usize,
}

static PRISTINE: JsCell<Option<Pristine>> = JsCell::new(None);

/// Records the installed layout (called once the realm is complete).
pub fn record_pristine() {
    let (proto, ctor) = (realm::get(I::PromiseProto), realm::get(I::PromiseCtor));
    let slot = |o: Value, k| object::find_own(o, k).map(|(i, _)| i);
    let (Some(then), Some(constructor), Some(species)) =
        (slot(proto, atoms::names::THEN), slot(proto, atoms::names::CONSTRUCTOR), slot(ctor, realm::sym_atom(I::SymSpecies)))
    else {
        return;
    };
    let p = Pristine { proto_shape: proto.cell().word(OBJ_SHAPE), ctor_shape: ctor.cell().word(OBJ_SHAPE), then, constructor, species };
    // SAFETY: a one-word store on the JS thread at start-up, with no reference kept.
    unsafe { *PRISTINE.get() = Some(p) };
}

/// Whether `p` is a native promise with no own properties whose `then`,
/// `constructor` and species are still the intrinsic ones: then `p.then(...)`
/// is PerformPromiseThen with a %Promise% capability, with no lookups.
fn pristine(p: Value) -> bool {
    // SAFETY: the JS thread only; `r` is only read, and nothing below writes `PRISTINE` (only
    // `install` does).
    let Some(r) = (unsafe { PRISTINE.get() }).as_ref() else { return false };
    let (proto, ctor) = (realm::get(I::PromiseProto), realm::get(I::PromiseCtor));
    is_promise(p)
        && object::shape_of(p).is_empty()
        && object::proto_of(p) == proto
        && proto.cell().word(OBJ_SHAPE) == r.proto_shape
        && ctor.cell().word(OBJ_SHAPE) == r.ctor_shape
        && object::slot_get(proto, r.then) == realm::get(I::PromiseThen)
        && object::slot_get(proto, r.constructor) == ctor
        && object::slot_get(ctor, r.species).cell().field(8) == realm::get(I::PromiseSpeciesGetter)
}

/// SpeciesConstructor(p, %Promise%) — 7.3.22
fn species_constructor(p: Value) -> JsResult {
    if pristine(p) {
        return Ok(realm::get(I::PromiseCtor));
    }
    let default = realm::get(I::PromiseCtor);
    let c = object::get(p, atoms::names::CONSTRUCTOR)?;
    if c.is_undefined() {
        return Ok(default);
    }
    if !c.is_js_object() {
        return Err(error::type_error("The .constructor property is not an object"));
    }
    let s = object::get(c, realm::sym_atom(I::SymSpecies))?;
    if s.is_nullish() {
        return Ok(default);
    }
    if !perry_runtime::proxy::is_constructor(s) {
        return Err(error::type_error("object.constructor[Symbol.species] is not a constructor"));
    }
    Ok(s)
}

/// NewPromiseCapability(C) — 27.2.1.5: for %Promise% a new native promise;
/// for any other constructor `[promise, resolve, reject]` from `new C(executor)`.
fn new_capability(c: Value) -> JsResult {
    if c == realm::get(I::PromiseCtor) {
        return Ok(new_promise());
    }
    if !function::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", crate::object_builtins::v8_brief(c))));
    }
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    let rec = scope.root(arr::new_array_filled(3, Value::UNDEFINED).0);
    let ex = function::new_native_caps("", 2, capability_executor, 1, 0);
    ex.cell().set_field(FN_CAPS, Value(rec.get()));
    let p = function::construct(Value(hc.get()), &[ex], Value(hc.get()))?;
    let r = Value(rec.get());
    arr::set_index(r, 0, p)?;
    if !arr::get_index(r, 1).is_callable() || !arr::get_index(r, 2).is_callable() {
        return Err(error::type_error("Promise resolve or reject function is not callable"));
    }
    Ok(r)
}

/// GetCapabilitiesExecutor Functions — 27.2.1.5.1
fn capability_executor(args: &Args) -> JsResult {
    let rec = args.capture(0);
    if !arr::get_index(rec, 1).is_undefined() || !arr::get_index(rec, 2).is_undefined() {
        return Err(error::type_error("Promise executor has already been invoked with non-undefined arguments"));
    }
    arr::set_index(rec, 1, args.get(0))?;
    arr::set_index(args.capture(0), 2, args.get(1))?;
    Ok(Value::UNDEFINED)
}

/// The promise of capability `d`.
fn capability_promise(d: Value) -> Value {
    if d.is_array() { arr::get_index(d, 0) } else { d }
}

/// Resolves (`ok`) or rejects capability `d` with `v` (nothing for none,
/// or for the context a reaction with no capability keeps in its place).
fn settle_capability(d: Value, ok: bool, v: Value) -> JsResult<()> {
    if d.is_undefined() || async_context::is_context(d) {
        return Ok(());
    }
    if !d.is_array() {
        if ok {
            resolve(d, v)
        } else {
            reject(d, v)
        }
        return Ok(());
    }
    let f = arr::get_index(d, if ok { 1 } else { 2 });
    function::call(f, Value::UNDEFINED, &[v]).map(|_| ())
}

/// Invoke(promise, "then", args).
fn invoke_then(p: Value, f: Value, r: Value) -> JsResult {
    let scope = HandleScope::new();
    let (hp, hf, hr) = (scope.root(p.0), scope.root(f.0), scope.root(r.0));
    if !p.is_js_object() {
        return Err(error::type_error(&format!("Cannot read properties of {} (reading 'then')", crate::object_builtins::v8_brief(p))));
    }
    if pristine(p) {
        let d = scope.root(new_promise().0);
        perform_then(Value(hp.get()), Value(hf.get()), Value(hr.get()), Value(d.get()));
        return Ok(Value(d.get()));
    }
    let t = object::get(p, atoms::names::THEN)?;
    if !t.is_callable() {
        return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(t))));
    }
    function::call(t, Value(hp.get()), &[Value(hf.get()), Value(hr.get())])
}

/// Promise.prototype.catch ( onRejected ) — 27.2.5.1
fn catch(args: &Args) -> JsResult {
    invoke_then(args.this(), Value::UNDEFINED, args.get(0))
}

/// Promise.prototype.finally ( onFinally ) — 27.2.5.3
fn finally(args: &Args) -> JsResult {
    let f = args.get(0);
    if !f.is_callable() {
        return invoke_then(args.this(), f, f);
    }
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let this = args.this();
    if !this.is_js_object() {
        return Err(error::type_error("Promise.prototype.finally called on a non-object"));
    }
    let c = scope.root(species_constructor(this)?.0);
    let on_f = function::new_native_caps("", 1, finally_fulfilled, 2, 0);
    on_f.cell().set_field(FN_CAPS, Value(hf.get()));
    on_f.cell().set_field(FN_CAPS + 8, Value(c.get()));
    let ho = scope.root(on_f.0);
    let on_r = function::new_native_caps("", 1, finally_rejected, 2, 0);
    on_r.cell().set_field(FN_CAPS, Value(hf.get()));
    on_r.cell().set_field(FN_CAPS + 8, Value(c.get()));
    invoke_then(args.this(), Value(ho.get()), on_r)
}

/// `onFinally()`, then a promise of `value` (or of the rethrown reason).
fn finally_step(args: &Args, rethrow: bool) -> JsResult {
    let scope = HandleScope::new();
    let hv = scope.root(args.get(0).0);
    let r = function::call(args.capture(0), Value::UNDEFINED, &[])?;
    let p = scope.root(promise_resolve_with(args.capture(1), r)?.0);
    let k = function::new_native_caps("", 0, if rethrow { thrower } else { value_thunk }, 1, 0);
    k.cell().set_field(FN_CAPS, Value(hv.get()));
    invoke_then(Value(p.get()), k, Value::UNDEFINED)
}

fn finally_fulfilled(args: &Args) -> JsResult {
    finally_step(args, false)
}

fn finally_rejected(args: &Args) -> JsResult {
    finally_step(args, true)
}

fn value_thunk(args: &Args) -> JsResult {
    Ok(args.capture(0))
}

fn thrower(args: &Args) -> JsResult {
    Err(error::throw(args.capture(0)))
}

// ----- statics -----

/// PromiseResolve(%Promise%, x) — 27.2.4.7.1
pub fn promise_resolve(x: Value) -> Value {
    if is_promise(x) && object::proto_of(x) == realm::get(I::PromiseProto) {
        return x;
    }
    let scope = HandleScope::new();
    let hx = scope.root(x.0);
    let p = scope.root(new_promise().0);
    resolve(Value(p.get()), Value(hx.get()));
    Value(p.get())
}

/// PromiseResolve(C, x) — 27.2.4.7.1
fn promise_resolve_with(c: Value, x: Value) -> JsResult {
    if c == realm::get(I::PromiseCtor) {
        return Ok(promise_resolve(x));
    }
    let scope = HandleScope::new();
    let (hc, hx) = (scope.root(c.0), scope.root(x.0));
    if is_promise(x) && object::get(x, atoms::names::CONSTRUCTOR)? == Value(hc.get()) {
        return Ok(Value(hx.get()));
    }
    let d = scope.root(new_capability(Value(hc.get()))?.0);
    settle_capability(Value(d.get()), true, Value(hx.get()))?;
    Ok(capability_promise(Value(d.get())))
}

/// The constructor a static method was called on (its `this`).
fn this_constructor(args: &Args, what: &str) -> JsResult {
    let c = args.this();
    if !c.is_js_object() {
        return Err(error::type_error(&format!("{what} called on non-object")));
    }
    Ok(c)
}

/// Promise.resolve ( x ) — 27.2.4.7
fn resolve_static(args: &Args) -> JsResult {
    promise_resolve_with(this_constructor(args, "PromiseResolve")?, args.get(0))
}

/// Promise.reject ( r ) — 27.2.4.6
fn reject_static(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let hr = scope.root(args.get(0).0);
    let d = scope.root(new_capability(this_constructor(args, "Promise.reject")?)?.0);
    settle_capability(Value(d.get()), false, Value(hr.get()))?;
    Ok(capability_promise(Value(d.get())))
}

/// Promise.withResolvers ( ) — 27.2.4.8
fn with_resolvers(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let d = new_capability(this_constructor(args, "Promise.withResolvers")?)?;
    let (p, hres, hrej) = if d.is_array() {
        let hd = scope.root(d.0);
        let at = |i| scope.root(arr::get_index(Value(hd.get()), i).0);
        (at(0), at(1), at(2))
    } else {
        let p = scope.root(d.0);
        let (res, rej) = resolving_functions(Value(p.get()));
        (p, scope.root(res.0), scope.root(rej.0))
    };
    // Keys first: interning allocates (invariant 1 of ARCHITECTURE.md).
    let keys = [atoms::intern("promise"), atoms::intern("resolve"), atoms::intern("reject")];
    let o = scope.root(object::new_plain(3).0);
    for (k, h) in keys.into_iter().zip([&p, &hres, &hrej]) {
        object::define(Value(o.get()), k, Value(h.get()), perry_runtime::shape::DEFAULT);
    }
    Ok(Value(o.get()))
}

#[derive(Clone, Copy, PartialEq)]
enum Combinator {
    All,
    AllSettled,
    Any,
    Race,
}

/// Promise.all / allSettled / any / race over an iterable (27.2.4.1-5):
/// each element's promise reports into a shared record `[values, remaining,
/// result promise]` through element functions that capture their index.
fn combinator(args: &Args, kind: Combinator) -> JsResult {
    let scope = HandleScope::new();
    let name = match kind {
        Combinator::All => "Promise.all",
        Combinator::AllSettled => "Promise.allSettled",
        Combinator::Any => "Promise.any",
        Combinator::Race => "Promise.race",
    };
    let c = scope.root(this_constructor(args, name)?.0);
    // `result` is the capability the combinator settles.
    let result = scope.root(new_capability(Value(c.get()))?.0);
    // GetPromiseResolve(C): the intrinsic one is PromiseResolve(%Promise%, x).
    let resolve_fn = match object::get(Value(c.get()), atoms::intern("resolve")) {
        Ok(f) if f.is_callable() => scope.root(f.0),
        Ok(f) => {
            let _ = error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(f)));
            settle_capability(Value(result.get()), false, error::take())?;
            return Ok(capability_promise(Value(result.get())));
        }
        Err(_) => {
            settle_capability(Value(result.get()), false, error::take())?;
            return Ok(capability_promise(Value(result.get())));
        }
    };
    let intrinsic = Value(c.get()) == realm::get(I::PromiseCtor) && Value(resolve_fn.get()) == realm::get(I::PromiseResolveFn);
    let values = scope.root(arr::new_array(0).0);
    // [values, remaining (a number), result]
    let record = scope.root(arr::new_array(0).0);
    arr::push(Value(record.get()), Value(values.get()));
    arr::push(Value(record.get()), Value::int(1));
    arr::push(Value(record.get()), Value(result.get()));
    let mut index = 0usize;
    let walk = crate::object_builtins::for_each_iterable(args.get(0), &mut |item, _| {
        let s = HandleScope::new();
        let next = if intrinsic { promise_resolve(item) } else { function::call(Value(resolve_fn.get()), Value(c.get()), &[item])? };
        let p = s.root(next.0);
        if kind != Combinator::Race {
            arr::push(Value(values.get()), Value::UNDEFINED);
            bump_remaining(Value(record.get()), 1);
        }
        // Each function is rooted as it is made: making the next allocates.
        let element = |f: function::NativeFn, s: &HandleScope| {
            let e = function::new_native_caps("", 1, f, 3, 0);
            e.cell().set_field(FN_CAPS, Value(record.get()));
            e.cell().set_field(FN_CAPS + 8, Value::int(index as i64));
            e.cell().set_field(FN_CAPS + 16, Value::bool(false));
            s.root(e.0)
        };
        let settle_with = |f: function::NativeFn, s: &HandleScope| {
            let e = function::new_native_caps("", 1, f, 1, 0);
            e.cell().set_field(FN_CAPS, Value(result.get()));
            s.root(e.0)
        };
        let (hf, hr) = match kind {
            Combinator::All => (element(all_element, &s), settle_with(plain_reject, &s)),
            Combinator::AllSettled => (element(settled_fulfilled, &s), element(settled_rejected, &s)),
            Combinator::Any => (settle_with(plain_resolve, &s), element(any_element, &s)),
            Combinator::Race => (settle_with(plain_resolve, &s), settle_with(plain_reject, &s)),
        };
        invoke_then(Value(p.get()), Value(hf.get()), Value(hr.get()))?;
        index += 1;
        Ok(())
    });
    if walk.is_err() {
        let e = error::take();
        settle_capability(Value(result.get()), false, e)?;
        return Ok(capability_promise(Value(result.get())));
    }
    if kind != Combinator::Race && bump_remaining(Value(record.get()), -1) == 0 {
        finish(Value(record.get()), kind)?;
    }
    Ok(capability_promise(Value(result.get())))
}

fn bump_remaining(record: Value, by: i64) -> i64 {
    let n = arr::get_index(record, 1).as_number() as i64 + by;
    let _ = arr::set_index(record, 1, Value::int(n));
    n
}

/// All elements reported: settle the result.
fn finish(record: Value, kind: Combinator) -> JsResult<()> {
    let scope = HandleScope::new();
    let hr = scope.root(record.0);
    let values = arr::get_index(record, 0);
    let result = arr::get_index(Value(hr.get()), 2);
    if kind == Combinator::Any {
        let hv = scope.root(values.0);
        let hres = scope.root(result.0);
        let e = crate::error::aggregate_error(Value(hv.get()), "All promises were rejected");
        settle_capability(Value(hres.get()), false, e)
    } else {
        settle_capability(result, true, values)
    }
}

/// Resolves (rejects) the capability in capture 0: combinators' results
/// need no already-resolved flag of their own.
fn plain_resolve(args: &Args) -> JsResult {
    settle_capability(args.capture(0), true, args.get(0))?;
    Ok(Value::UNDEFINED)
}

fn plain_reject(args: &Args) -> JsResult {
    settle_capability(args.capture(0), false, args.get(0))?;
    Ok(Value::UNDEFINED)
}

/// An element function's one call: stores `v` at its index and counts down.
fn element_report(args: &Args, v: Value, kind: Combinator) -> JsResult {
    let f = args.callee();
    if f.cell().field(FN_CAPS + 16).as_bool() {
        return Ok(Value::UNDEFINED);
    }
    f.cell().set_field(FN_CAPS + 16, Value::bool(true));
    let record = args.capture(0);
    let i = args.capture(1).as_number() as usize;
    arr::set_index(arr::get_index(record, 0), i, v)?;
    if bump_remaining(args.capture(0), -1) == 0 {
        finish(args.capture(0), kind)?;
    }
    Ok(Value::UNDEFINED)
}

fn all_element(args: &Args) -> JsResult {
    element_report(args, args.get(0), Combinator::All)
}

fn any_element(args: &Args) -> JsResult {
    element_report(args, args.get(0), Combinator::Any)
}

/// `{ status, value | reason }` for allSettled.
fn settled(args: &Args, fulfilled: bool) -> JsResult {
    let scope = HandleScope::new();
    let hv = scope.root(args.get(0).0);
    let (ks, kv) = (atoms::intern("status"), atoms::intern(if fulfilled { "value" } else { "reason" }));
    let status = scope.root(string::from_str(if fulfilled { "fulfilled" } else { "rejected" }).0);
    let o = scope.root(object::new_plain(2).0);
    object::define(Value(o.get()), ks, Value(status.get()), perry_runtime::shape::DEFAULT);
    object::define(Value(o.get()), kv, Value(hv.get()), perry_runtime::shape::DEFAULT);
    element_report(args, Value(o.get()), Combinator::AllSettled)
}

fn settled_fulfilled(args: &Args) -> JsResult {
    settled(args, true)
}

fn settled_rejected(args: &Args) -> JsResult {
    settled(args, false)
}

fn all(args: &Args) -> JsResult {
    combinator(args, Combinator::All)
}
fn all_settled(args: &Args) -> JsResult {
    combinator(args, Combinator::AllSettled)
}
fn any(args: &Args) -> JsResult {
    combinator(args, Combinator::Any)
}
fn race(args: &Args) -> JsResult {
    combinator(args, Combinator::Race)
}

/// queueMicrotask ( callback )
fn queue_microtask(args: &Args) -> JsResult {
    let cb = args.get(0);
    if !cb.is_callable() {
        return Err(error::type_error(&format!("The \"callback\" argument must be of type function. Received {}", crate::event_loop::received(cb))));
    }
    enqueue(Job::Callback, cb, async_context::capture(), Value::UNDEFINED);
    Ok(Value::UNDEFINED)
}

/// For console.log: `(state, result)` with state "pending", "fulfilled" or "rejected".
pub fn describe(p: Value) -> (&'static str, Value) {
    match state(p) {
        PENDING => ("pending", Value::UNDEFINED),
        FULFILLED => ("fulfilled", p.cell().field(P_RESULT)),
        _ => ("rejected", p.cell().field(P_RESULT)),
    }
}

pub fn install() {
    perry_gc::roots::register_source("microtasks", |visit| {
        // SAFETY: the collector runs on the JS thread, between mutations.
        visit(unsafe { RESUMED.get() } as *mut u64);
        let q = queues();
        for (_, vals) in q.micro.iter_mut() {
            for v in vals.iter_mut() {
                visit(v as *mut u64);
            }
        }
        for v in q.unhandled.iter_mut() {
            visit(v as *mut u64);
        }
    });
    perry_runtime::error::set_async_frames(async_frames);
    let p = || realm::get(I::PromiseProto);
    let c = crate::constructor("Promise", 1, promise_ctor, p());
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    let t = method(p(), "then", 2, then);
    realm::set(I::PromiseThen, t);
    method(p(), "catch", 1, catch);
    method(p(), "finally", 1, finally);
    crate::to_string_tag(p(), "Promise");
    realm::set(I::PromiseCtor, Value(hc.get()));
    let r = method(Value(hc.get()), "resolve", 1, resolve_static);
    realm::set(I::PromiseResolveFn, r);
    let g = function::new_native("get [Symbol.species]", 0, crate::array::species_getter);
    realm::set(I::PromiseSpeciesGetter, g);
    let g = realm::get(I::PromiseSpeciesGetter);
    object::define_accessor(Value(hc.get()), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, perry_runtime::shape::CONFIGURABLE);
    method(Value(hc.get()), "reject", 1, reject_static);
    method(Value(hc.get()), "all", 1, all);
    method(Value(hc.get()), "allSettled", 1, all_settled);
    method(Value(hc.get()), "any", 1, any);
    method(Value(hc.get()), "race", 1, race);
    method(Value(hc.get()), "withResolvers", 0, with_resolvers);
    let g = scope.root(realm::get(I::Global).0);
    crate::global::def_method(g, "queueMicrotask", 1, queue_microtask);
}
