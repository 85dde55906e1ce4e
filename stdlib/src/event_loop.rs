//! The event loop, with Node's ordering: `process.nextTick` callbacks, then
//! microtasks, drain after the main script and after every macrotask;
//! timers (`setTimeout`, `setInterval`) run by due time, then insertion
//! order; `setImmediate` callbacks run after the timers of a turn. The loop
//! ends when nothing is pending. A rejection still unhandled after a
//! checkpoint ends the process, as Node's default (`--unhandled-rejections=throw`);
//! `PERRY_UNHANDLED_REJECTIONS=warn` or `none` lets it go on.
//! Every callback runs in the async context captured when it was scheduled
//! (`async_context.rs`); an interval keeps what its callback left there.
//!
//! Work that arrives from other threads (an HTTP server's requests, run by
//! an extension on its own threads) enters through *external sources*
//! ([`add_source`]): each turn polls them after the timers (libuv's poll
//! phase), and when nothing is runnable the loop waits on its [`Waker`]
//! until the next timer is due or another thread wakes it. A refed source
//! (a listening server) keeps the loop alive.
//!
//! # Turns, checkpoints, waking
//!
//! Jobs (reactions, thenable adoption, `queueMicrotask`) wait in a FIFO whose values are a root
//! source ("microtasks"); so are the timers, immediates and `nextTick` callbacks
//! ("event-loop"). After `perry_user_main` returns, [`run`] runs the main module's microtasks
//! (it ran as an ES module, inside a job, as in Node), then, after the main script and after
//! every macrotask, a *checkpoint*: the `nextTick` callbacks, then the whole microtask queue (a
//! tick queued by a microtask waits for it to drain, as in Node), until both are empty. A turn
//! updates the cached loop time (libuv's), runs the timers due by then in (due time, insertion)
//! order (timers set during the turn are due after it), then the immediates queued before the
//! check phase. A rejection handled during the same checkpoint does not end the process. When
//! nothing is runnable, the loop ends the job (`weak::end_of_job`: FinalizationRegistry
//! callbacks and the WeakRef kept-objects list) and waits; after 50 ms of that (`PURGE_IDLE`: a
//! server between bursts, not between requests) it runs the heap's idle work
//! (`gc::heap::at_idle`); the end of the main program skips it, since the process exits next.
//!
//! A source's `poll` runs what is ready, each item through [`macrotask`] (the task, then the
//! checkpoint and the end of the job, as after a timer callback); `refed` says whether it keeps
//! the loop alive; `flush` hands what the macrotasks produced back to the other threads (a
//! source may batch it). Each turn polls the sources after the timers, before the immediates.
//! The [`Waker`] is a `notified` flag and the thread's park/unpark: only the first wake after a
//! poll unparks, and unparking a thread that is not parked is an atomic store, no system call.
//! The loop clears the flag before polling, so work handed over during a poll makes the next
//! wait return at once.

use crate::async_context;
use crate::promise;
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest delay Node accepts (2^31 - 1 ms); longer or shorter ones are 1 ms.
const TIMEOUT_MAX: f64 = 2147483647.0;

/// How long the loop stays idle (no task, no wake-up from a source) before
/// the heap collects and purges ([`perry_gc::heap::at_idle`]).
const PURGE_IDLE: Duration = Duration::from_millis(50);

struct Timer {
    /// The Timeout object, the callback, then its extra arguments (roots).
    values: Vec<u64>,
    /// The async context it runs in (a root).
    ctx: u64,
    /// Repeat period (setInterval), in ms.
    repeat: Option<u64>,
    refed: bool,
}

struct Loop {
    start: Option<Instant>,
    /// The loop time (ms since start), as libuv caches it: updated at the
    /// start of each turn, so timers set during a turn are due after it.
    time: u64,
    seq: u64,
    /// (due ms, sequence) -> timer.
    timers: BTreeMap<(u64, u64), Timer>,
    /// Timer id -> its key in `timers`.
    by_id: BTreeMap<u64, (u64, u64)>,
    /// setImmediate: (id, async context, [Immediate object, callback, args...]).
    immediates: VecDeque<(u64, u64, Vec<u64>)>,
    /// process.nextTick: (async context, [callback, args...]).
    ticks: VecDeque<(u64, Vec<u64>)>,
    /// External event sources, polled once per turn.
    sources: Vec<Source>,
    /// What other threads call to end the loop's wait (made at install).
    waker: Option<Waker>,
}

static LOOP: JsCell<Loop> = JsCell::new(Loop {
    start: None,
    time: 0,
    seq: 0,
    timers: BTreeMap::new(),
    by_id: BTreeMap::new(),
    immediates: VecDeque::new(),
    ticks: VecDeque::new(),
    sources: Vec::new(),
    waker: None,
});

/// A source of macrotasks fed by other threads (an HTTP server's requests).
/// The functions run on the JS thread.
#[derive(Clone, Copy)]
pub struct Source {
    /// Runs the tasks that are ready, each through [`macrotask`], and
    /// returns how many ran. It must take all the work that was handed to
    /// it before it was called: the loop clears its [`Waker`] first, so
    /// work handed over later wakes the loop again.
    pub poll: fn() -> JsResult<usize>,
    /// Whether the source keeps the loop alive (a listening server does).
    pub refed: fn() -> bool,
    /// Hands what the macrotasks produced for the other threads over to
    /// them (a source may batch it); called before the loop waits.
    pub flush: fn(),
}

/// Registers an external source (once, at start-up).
pub fn add_source(s: Source) {
    lp().sources.push(s);
}

/// Ends the event loop's wait from any thread. Cheap when the loop is not
/// waiting: one atomic swap, no system call.
#[derive(Clone)]
pub struct Waker(Arc<WakeState>);

struct WakeState {
    /// Work was handed over since the loop last polled its sources.
    notified: AtomicBool,
    /// The JS thread, which parks while it waits.
    thread: std::thread::Thread,
}

impl Waker {
    fn new() -> Waker {
        Waker(Arc::new(WakeState { notified: AtomicBool::new(false), thread: std::thread::current() }))
    }

    /// Called by another thread after handing the loop work. Only the first
    /// call after the loop polled unparks it (a futex wake when it sleeps,
    /// an atomic store when it does not).
    pub fn wake(&self) {
        if !self.0.notified.swap(true, Ordering::AcqRel) {
            self.0.thread.unpark();
        }
    }

    /// Forgets earlier wake-ups: called right before the sources are polled.
    fn clear(&self) {
        self.0.notified.store(false, Ordering::Release);
    }

    /// Blocks until woken or until `timeout` passes (forever for `None`).
    /// An unpark that came between the test and the park makes the park
    /// return at once; a spurious return only makes the loop look again.
    fn wait(&self, timeout: Option<Duration>) {
        if self.0.notified.load(Ordering::Acquire) {
            return;
        }
        match timeout {
            Some(t) => std::thread::park_timeout(t),
            None => std::thread::park(),
        }
    }

    /// Waits `idle` and returns true only if no wake-up came and the whole
    /// time passed: a park can return early (an unpark's token left from
    /// before the last [`Waker::clear`], or spuriously).
    fn stayed_idle(&self, idle: Duration) -> bool {
        let t0 = Instant::now();
        self.wait(Some(idle));
        !self.0.notified.load(Ordering::Acquire) && t0.elapsed() >= idle
    }
}

/// The loop's waker, for threads that feed an external source.
pub fn waker() -> Waker {
    lp().waker.get_or_insert_with(Waker::new).clone()
}

fn lp() -> &'static mut Loop {
    // SAFETY: single JS thread.
    unsafe { LOOP.get() }
}

/// The cached loop time.
fn now() -> u64 {
    lp().time
}

/// Milliseconds since start-up, read from the clock.
fn clock() -> u64 {
    lp().start.get_or_insert_with(Instant::now).elapsed().as_millis() as u64
}

fn update_time() {
    lp().time = clock();
}

/// Node's rendering of a wrong argument in ERR_INVALID_ARG_TYPE messages
/// (`determineSpecificType` in lib/internal/errors.js).
pub fn received(v: Value) -> String {
    if v.is_undefined() {
        return "undefined".into();
    }
    if v.is_null() {
        return "null".into();
    }
    if v.is_function() {
        let n = function::name_of(v);
        if !n.is_empty() {
            return format!("function {n}");
        }
    } else if v.is_object() {
        return match object::get_data_chain(v, atoms::names::CONSTRUCTOR) {
            Some(c) if c.is_function() && !function::name_of(c).is_empty() => format!("an instance of {}", function::name_of(c)),
            _ => crate::inspect::inspect(v, 0),
        };
    }
    let s = if v.is_string() && perry_runtime::string::len(v) > 28 {
        // A long string shows its first 25 code units.
        let mut u = perry_runtime::string::view(v).slice(0, 25).to_vec();
        u.extend("...".encode_utf16());
        crate::inspect::str_escape(&u)
    } else {
        crate::inspect::inspect(v, 0)
    };
    format!("type {} ({s})", ops::typeof_str(v))
}

fn require_callback(v: Value) -> JsResult<()> {
    if v.is_callable() { Ok(()) } else { Err(error::type_error(&format!("The \"callback\" argument must be of type function. Received {}", received(v)))) }
}

/// The private key holding a Timeout's or Immediate's id.
fn id_key() -> atoms::Atom {
    static KEY: JsCell<Option<atoms::Atom>> = JsCell::new(None);
    // SAFETY: single JS thread.
    let k = unsafe { KEY.get() };
    *k.get_or_insert_with(|| {
        let s = perry_runtime::symbol::new_symbol(perry_runtime::string::from_str("timer id"), true);
        // Held here for the process: a table sweep must not free it.
        let a = perry_runtime::symbol::atom_of(s);
        perry_runtime::atoms::pin(a);
        a
    })
}

fn handle_object(proto: I, id: u64) -> Value {
    // The key first: making it allocates (invariant 1 of ARCHITECTURE.md).
    let key = id_key();
    let scope = HandleScope::new();
    let ho = scope.root(object::new_object_kind(KIND_OBJECT, realm::get(proto), 1).0);
    object::define(Value(ho.get()), key, Value::int(id as i64), perry_runtime::shape::WRITABLE);
    Value(ho.get())
}

fn id_of(v: Value) -> Option<u64> {
    if v.is_number() {
        let f = v.as_number();
        return (f >= 1.0 && f.fract() == 0.0).then_some(f as u64);
    }
    if v.is_object() {
        return object::find_own(v, id_key()).map(|(i, _)| object::slot_get(v, i).as_number() as u64);
    }
    None
}

fn delay_ms(v: Value) -> JsResult<u64> {
    let d = if v.is_undefined() { 1.0 } else { ops::to_number(v)? };
    Ok(if (1.0..=TIMEOUT_MAX).contains(&d) { d as u64 } else { 1 })
}

/// A new Timeout or Immediate: its id, and its root values (the object, the
/// callback, then the arguments from `args[first]` on).
fn new_handle(proto: I, args: &Args, first: usize) -> (u64, Vec<u64>) {
    let l = lp();
    l.seq += 1;
    let id = l.seq;
    let o = handle_object(proto, id);
    let mut values = vec![o.0, args.get(0).0];
    values.extend((first..args.len()).map(|i| args.get(i).0));
    (id, values)
}

fn add_timer(args: &Args, repeat: bool) -> JsResult {
    require_callback(args.get(0))?;
    let ms = delay_ms(args.get(1))?;
    let (id, values) = new_handle(I::TimeoutProto, args, 2);
    let o = Value(values[0]);
    let key = (now() + ms, id);
    let l = lp();
    l.timers.insert(key, Timer { values, ctx: async_context::capture().0, repeat: repeat.then_some(ms), refed: true });
    l.by_id.insert(id, key);
    Ok(o)
}

fn set_timeout(args: &Args) -> JsResult {
    add_timer(args, false)
}

fn set_interval(args: &Args) -> JsResult {
    add_timer(args, true)
}

fn clear_timer(args: &Args) -> JsResult {
    if let Some(id) = id_of(args.get(0)) {
        let l = lp();
        if let Some(key) = l.by_id.remove(&id) {
            l.timers.remove(&key);
        }
    }
    Ok(Value::UNDEFINED)
}

fn set_immediate(args: &Args) -> JsResult {
    require_callback(args.get(0))?;
    let (id, values) = new_handle(I::ImmediateProto, args, 1);
    let o = Value(values[0]);
    lp().immediates.push_back((id, async_context::capture().0, values));
    Ok(o)
}

fn clear_immediate(args: &Args) -> JsResult {
    if let Some(id) = id_of(args.get(0)) {
        lp().immediates.retain(|(i, _, _)| *i != id);
    }
    Ok(Value::UNDEFINED)
}

/// Queues `callback` (callable) to run with no arguments on the next tick, as
/// `process.nextTick(callback)`.
pub(crate) fn queue_tick(callback: Value) {
    lp().ticks.push_back((async_context::capture().0, vec![callback.0]));
}

/// process.nextTick ( callback, ...args )
pub fn next_tick(args: &Args) -> JsResult {
    require_callback(args.get(0))?;
    lp().ticks.push_back((async_context::capture().0, (0..args.len()).map(|i| args.get(i).0).collect()));
    Ok(Value::UNDEFINED)
}

/// Timeout.prototype.ref / unref / hasRef / refresh.
fn timer_ref(args: &Args, on: bool) -> JsResult {
    if let Some(id) = id_of(args.this())
        && let Some(key) = lp().by_id.get(&id).copied()
        && let Some(t) = lp().timers.get_mut(&key)
    {
        t.refed = on;
    }
    Ok(args.this())
}
fn timeout_ref(args: &Args) -> JsResult {
    timer_ref(args, true)
}
fn timeout_unref(args: &Args) -> JsResult {
    timer_ref(args, false)
}
fn timeout_has_ref(args: &Args) -> JsResult {
    let l = lp();
    let refed = id_of(args.this()).and_then(|id| l.by_id.get(&id)).and_then(|k| l.timers.get(k)).is_some_and(|t| t.refed);
    Ok(Value::bool(refed))
}
fn timeout_refresh(args: &Args) -> JsResult {
    if let Some(id) = id_of(args.this())
        && let Some(key) = lp().by_id.get(&id).copied()
        && let Some(t) = lp().timers.remove(&key)
    {
        let ms = t.repeat.unwrap_or(key.0.saturating_sub(key.0.min(now())).max(1));
        let nk = (now() + ms, key.1);
        lp().timers.insert(nk, t);
        lp().by_id.insert(id, nk);
    }
    Ok(args.this())
}
fn timeout_to_primitive(args: &Args) -> JsResult {
    Ok(id_of(args.this()).map_or(Value::num(f64::NAN), |id| Value::int(id as i64)))
}

/// Calls `values[first]` with `values[first + 1..]` in async context `ctx`
/// (a timer's, immediate's or tick's callback, `this` the Timeout or
/// Immediate object, or undefined for a tick); `written` is told the
/// context the callback left, before it is left.
fn call_values(values: &[u64], ctx: u64, first: usize, written: impl FnOnce(Value)) -> JsResult<()> {
    let scope = HandleScope::new();
    let hs: Vec<_> = values.iter().map(|&v| scope.root(v)).collect();
    let entered = async_context::enter(Value(ctx));
    let args: Vec<Value> = hs[first + 1..].iter().map(|h| Value(h.get())).collect();
    let this = if first == 0 { Value::UNDEFINED } else { Value(hs[0].get()) };
    let r = function::call(Value(hs[first].get()), this, &args).map(|_| ());
    written(async_context::current());
    async_context::leave(entered);
    r
}

/// Runs nextTicks and microtasks until both are empty (Node's
/// processTicksAndRejections: the ticks, then the whole microtask queue, as
/// V8 drains it, so a tick queued by a microtask waits for the microtasks
/// queued after it); then a rejection nobody handled ends the process (Err
/// with the reason pending).
pub fn checkpoint() -> JsResult<()> {
    loop {
        while let Some((ctx, t)) = lp().ticks.pop_front() {
            call_values(&t, ctx, 0, |_| {})?;
        }
        while promise::run_one()? {}
        if lp().ticks.is_empty() {
            break;
        }
    }
    match promise::take_unhandled() {
        Some(reason) => match unhandled_rejections() {
            Unhandled::Throw => {
                promise::set_from_rejection();
                Err(error::throw(reason))
            }
            Unhandled::Warn => {
                let text = if reason.is_js_object() { crate::inspect::inspect_top(reason) } else { promise::unhandled_rejection_text(reason) };
                eprintln!("(perry:{}) UnhandledPromiseRejectionWarning: {text}", std::process::id());
                Ok(())
            }
            Unhandled::None => Ok(()),
        },
        None => Ok(()),
    }
}

/// What an unhandled rejection does: `PERRY_UNHANDLED_REJECTIONS`, as
/// Node's `--unhandled-rejections` (`throw`, the default; `warn`; `none`).
#[derive(Clone, Copy)]
enum Unhandled {
    Throw,
    Warn,
    None,
}

fn unhandled_rejections() -> Unhandled {
    static MODE: std::sync::OnceLock<Unhandled> = std::sync::OnceLock::new();
    *MODE.get_or_init(|| match std::env::var("PERRY_UNHANDLED_REJECTIONS").as_deref() {
        Ok("warn") => Unhandled::Warn,
        Ok("none") => Unhandled::None,
        _ => Unhandled::Throw,
    })
}

/// Runs one macrotask of an external source: `task`, then the checkpoint
/// and the end of the job, as after a timer callback.
pub fn macrotask(task: impl FnOnce() -> JsResult<()>) -> JsResult<()> {
    task()?;
    checkpoint()?;
    crate::weak::end_of_job()
}

/// Runs the loop after the main script until nothing is pending. The main
/// module ran as an ES module does in Node, inside a job: the microtasks it
/// queued run before its `nextTick` callbacks.
pub fn run() -> JsResult<()> {
    while promise::run_one()? {}
    checkpoint()?;
    loop {
        update_time();
        // Nothing is on the stack: the atoms and shapes that requests made
        // can be swept when they grew (`perry_runtime::tables`).
        perry_runtime::tables::at_turn();
        // Timers due at the loop time, by due time then insertion order.
        let mut ran = false;
        loop {
            let t = now();
            let Some((&key, _)) = lp().timers.iter().next() else { break };
            if key.0 > t {
                break;
            }
            let timer = lp().timers.remove(&key).expect("the first key");
            let id = key.1;
            lp().by_id.remove(&id);
            let (values, ctx) = (timer.values.clone(), timer.ctx);
            // An interval is due again `ms` after this run; its callback may
            // clear it.
            if let Some(ms) = timer.repeat {
                let nk = (t + ms, key.1);
                lp().timers.insert(nk, timer);
                lp().by_id.insert(id, nk);
            }
            // The Timeout keeps the stores its callback wrote (Node's
            // resource), for an interval's next run.
            call_values(&values, ctx, 1, |now| {
                if let Some(k) = lp().by_id.get(&id).copied()
                    && let Some(t) = lp().timers.get_mut(&k)
                {
                    t.ctx = now.0;
                }
            })?;
            checkpoint()?;
            crate::weak::end_of_job()?;
            ran = true;
        }
        // External sources (libuv's poll phase). Wake-ups from now on are
        // for work the polls below may not see.
        if !lp().sources.is_empty() {
            waker().clear();
            for i in 0..lp().sources.len() {
                let poll = lp().sources[i].poll;
                ran |= poll()? > 0;
            }
        }
        // Immediates queued before this phase.
        let n = lp().immediates.len();
        for _ in 0..n {
            let Some((_, ctx, values)) = lp().immediates.pop_front() else { break };
            call_values(&values, ctx, 1, |_| {})?;
            checkpoint()?;
            crate::weak::end_of_job()?;
            ran = true;
        }
        if !lp().immediates.is_empty() {
            continue;
        }
        let next = lp().timers.iter().find(|(_, t)| t.refed).map(|(k, _)| k.0);
        let alive = lp().sources.iter().any(|s| (s.refed)());
        // Quiescence: no microtask pending and no macrotask runnable now.
        // Completed activations' box cells go back to the pool.
        if next.is_none_or(|due| due > clock()) {
            perry_runtime::binding::boxes::at_quiescence();
        }
        if next.is_none() && !alive {
            return Ok(());
        }
        if !ran {
            // Idle until the next timer or until a source's thread wakes us.
            crate::weak::end_of_job()?;
            for i in 0..lp().sources.len() {
                (lp().sources[i].flush)();
            }
            // The first timer, refed or not: an unrefed one still runs
            // while something else keeps the loop alive.
            let first = lp().timers.keys().next().map(|k| k.0);
            let t = clock();
            let idle = first.map(|due| due.saturating_sub(t));
            if idle == Some(0) {
                continue;
            }
            // The heap collects and gives memory back once the loop has been
            // idle for PURGE_IDLE: a server between bursts, not between
            // requests.
            let long = idle.is_none_or(|ms| ms >= PURGE_IDLE.as_millis() as u64);
            if long && (perry_gc::heap::idle_work_pending() || perry_runtime::tables::idle_pending()) {
                // With no source, nothing but a timer can end this wait.
                if lp().sources.is_empty() || waker().stayed_idle(PURGE_IDLE) {
                    perry_runtime::tables::at_idle();
                    perry_gc::heap::at_idle();
                }
                continue;
            }
            match idle {
                Some(ms) if lp().sources.is_empty() => std::thread::sleep(Duration::from_millis(ms)),
                Some(ms) => waker().wait(Some(Duration::from_millis(ms))),
                None => waker().wait(None),
            }
        }
    }
}

pub fn install() {
    lp().start = Some(Instant::now());
    lp().waker = Some(Waker::new());
    perry_gc::roots::register_source("event-loop", |visit| {
        let l = lp();
        for t in l.timers.values_mut() {
            visit(&mut t.ctx as *mut u64);
            for v in t.values.iter_mut() {
                visit(v as *mut u64);
            }
        }
        for (_, ctx, vs) in l.immediates.iter_mut() {
            visit(ctx as *mut u64);
            for v in vs.iter_mut() {
                visit(v as *mut u64);
            }
        }
        for (ctx, vs) in l.ticks.iter_mut() {
            visit(ctx as *mut u64);
            for v in vs.iter_mut() {
                visit(v as *mut u64);
            }
        }
    });
    let scope = HandleScope::new();
    let g = scope.root(realm::get(I::Global).0);
    crate::global::def_method(g, "setTimeout", 2, set_timeout);
    crate::global::def_method(g, "setInterval", 2, set_interval);
    crate::global::def_method(g, "setImmediate", 1, set_immediate);
    crate::global::def_method(g, "clearTimeout", 1, clear_timer);
    crate::global::def_method(g, "clearInterval", 1, clear_timer);
    crate::global::def_method(g, "clearImmediate", 1, clear_immediate);
    let tp = || realm::get(I::TimeoutProto);
    crate::method(tp(), "ref", 0, timeout_ref);
    crate::method(tp(), "unref", 0, timeout_unref);
    crate::method(tp(), "hasRef", 0, timeout_has_ref);
    crate::method(tp(), "refresh", 0, timeout_refresh);
    crate::method_atom(tp(), perry_runtime::realm::sym_atom(I::SymToPrimitive), "[Symbol.toPrimitive]", 1, timeout_to_primitive);
}
