//! Exceptions: the pending-exception slot, throwing, and error objects.

use crate::atoms::names;
use crate::object;
use crate::realm::{self, I};
use crate::string;
use crate::value::Value;
use perry_gc::{HandleScope, JsCell};

/// The marker a Rust function returns when it threw; the thrown value waits
/// in the pending-exception slot.
#[derive(Debug, Clone, Copy)]
pub struct Exc;
pub type JsResult<T = Value> = Result<T, Exc>;

static PENDING: JsCell<u64> = JsCell::new(perry_abi::UNDEFINED);

pub fn init() {
    // SAFETY: `PENDING` is a static word, so registering its address as a root range of one stays
    // valid for the program; `init` runs once on the JS thread.
    perry_gc::roots::register_range("pending-exception", unsafe { PENDING.get() } as *mut u64, 1);
}

/// Throws `v`.
#[inline]
pub fn throw(v: Value) -> Exc {
    // SAFETY: the pending-exception word belongs to the JS thread; a one-word store with no
    // reference kept.
    unsafe { *PENDING.get() = v.0 };
    Exc
}

/// Takes the pending exception (leaving undefined).
pub fn take() -> Value {
    // SAFETY: as in `throw`; `p` is used for two plain word accesses and nothing in between can
    // reach `PENDING`.
    let p = unsafe { PENDING.get() };
    let v = Value(*p);
    *p = perry_abi::UNDEFINED;
    v
}

pub fn peek() -> Value {
    // SAFETY: as in `throw`: a one-word read.
    Value(unsafe { *PENDING.get() })
}

/// Converts a result into the ABI form: the value or the sentinel.
#[inline]
pub fn abi(r: JsResult) -> u64 {
    match r {
        Ok(v) => v.0,
        Err(Exc) => perry_abi::EXCEPTION,
    }
}

/// Converts an ABI return value into a result.
#[inline]
pub fn from_abi(v: u64) -> JsResult {
    if v == perry_abi::EXCEPTION { Err(Exc) } else { Ok(Value(v)) }
}

#[derive(Clone, Copy, Debug)]
pub enum ErrorKind {
    Error,
    TypeError,
    RangeError,
    SyntaxError,
    ReferenceError,
    EvalError,
    UriError,
}

impl ErrorKind {
    pub fn proto(self) -> I {
        match self {
            ErrorKind::Error => I::ErrorProto,
            ErrorKind::TypeError => I::TypeErrorProto,
            ErrorKind::RangeError => I::RangeErrorProto,
            ErrorKind::SyntaxError => I::SyntaxErrorProto,
            ErrorKind::ReferenceError => I::ReferenceErrorProto,
            ErrorKind::EvalError => I::EvalErrorProto,
            ErrorKind::UriError => I::UriErrorProto,
        }
    }
}

/// Creates an error object with `proto` and message (a string value or undefined).
pub fn new_error_with_proto(proto: Value, msg: Value) -> Value {
    let scope = HandleScope::new();
    let hm = scope.root(msg.0);
    let e = object::new_object_kind(perry_abi::KIND_ERROR, proto, 4);
    let he = scope.root(e.0);
    if !Value(hm.get()).is_undefined() {
        object::define_hidden(Value(he.get()), names::MESSAGE, Value(hm.get()));
    }
    capture_stack(Value(he.get()));
    Value(he.get())
}

/// Appends V8's `at async NAME` frames (at most the given number) for the
/// activations awaiting the one running now: set by the promise built-ins.
static ASYNC_FRAMES: perry_gc::JsCell<Option<AsyncFrames>> = perry_gc::JsCell::new(None);

/// Appends at most `limit` async frames to a stack trace.
pub type AsyncFrames = fn(out: &mut String, limit: usize);

pub fn set_async_frames(f: AsyncFrames) {
    // SAFETY: set once at start-up on the JS thread.
    unsafe { *ASYNC_FRAMES.get() = Some(f) };
}

/// Frames a stack trace shows, as V8's default `Error.stackTraceLimit`.
const STACK_FRAMES: usize = 10;

/// One frame of a stack trace: its function's name as V8 prints it (`""` for top-level code),
/// file, line and column.
pub use crate::sourcemap::Frame;

/// A frame as a stack trace's `at` line shows it: `name (file:line:column)`.
pub fn frame_text((name, file, line, col): &Frame) -> String {
    if name.is_empty() { format!("{file}:{line}:{col}") } else { format!("{name} ({file}:{line}:{col})") }
}

/// V8's stack trace API, installed by the stdlib (`Error.stackTraceLimit`,
/// `Error.prepareStackTrace`).
#[derive(Clone, Copy)]
pub struct StackHooks {
    /// How many frames a stack trace captures.
    pub limit: fn() -> usize,
    /// The value of `stack` for an error and its frames, when `Error.prepareStackTrace` is a
    /// function (`None`: the default text).
    pub prepare: fn(error: Value, frames: &[Frame]) -> Option<Value>,
}

static STACK_HOOKS: perry_gc::JsCell<Option<StackHooks>> = perry_gc::JsCell::new(None);

pub fn set_stack_hooks(h: StackHooks) {
    // SAFETY: set once at start-up on the JS thread.
    unsafe { *STACK_HOOKS.get() = Some(h) };
}

/// Sets `stack` on an error: `Name: message`, one `at` line per compiled
/// frame and the `at async` frames of the activations awaiting this one, or what
/// `Error.prepareStackTrace` makes of the frames.
pub fn capture_stack(e: Value) {
    let scope = HandleScope::new();
    let he = scope.root(e.0);
    // SAFETY: read on the JS thread.
    let hooks = unsafe { *STACK_HOOKS.get() };
    let limit = hooks.map_or(STACK_FRAMES, |h| (h.limit)());
    let mut frames: Vec<Frame> = Vec::new();
    for pc in perry_gc::frames::backtrace(limit) {
        crate::sourcemap::frames(pc, &mut frames);
    }
    frames.truncate(limit);
    if let Some(h) = hooks
        && let Some(v) = (h.prepare)(Value(he.get()), &frames)
    {
        object::define_hidden(Value(he.get()), names::STACK, v);
        return;
    }
    let mut s = error_header(Value(he.get()));
    for f in &frames {
        s.push_str("\n    at ");
        s.push_str(&frame_text(f));
    }
    // SAFETY: read on the JS thread.
    if let Some(f) = unsafe { *ASYNC_FRAMES.get() } {
        f(&mut s, limit.saturating_sub(frames.len()));
    }
    let sv = string::from_str(&s);
    object::define_hidden(Value(he.get()), names::STACK, sv);
}

/// `Name: message` as Error.prototype.toString would print it (no getters run).
pub fn error_header(e: Value) -> String {
    let name = object::get_data_chain(e, names::NAME).filter(|v| v.is_string()).map(string::to_rust).unwrap_or_else(|| "Error".into());
    let msg = object::get_data_chain(e, names::MESSAGE).filter(|v| v.is_string()).map(string::to_rust).unwrap_or_default();
    if msg.is_empty() {
        name
    } else if name.is_empty() {
        msg
    } else {
        format!("{name}: {msg}")
    }
}

pub fn new_error(kind: ErrorKind, msg: &str) -> Value {
    let m = string::from_str(msg);
    new_error_with_proto(realm::get(kind.proto()), m)
}

#[cold]
pub fn throw_error(kind: ErrorKind, msg: &str) -> Exc {
    throw(new_error(kind, msg))
}

#[cold]
pub fn type_error(msg: &str) -> Exc {
    throw_error(ErrorKind::TypeError, msg)
}

#[cold]
pub fn range_error(msg: &str) -> Exc {
    throw_error(ErrorKind::RangeError, msg)
}

#[cold]
pub fn reference_error(msg: &str) -> Exc {
    throw_error(ErrorKind::ReferenceError, msg)
}

#[cold]
pub fn syntax_error(msg: &str) -> Exc {
    throw_error(ErrorKind::SyntaxError, msg)
}

#[cold]
pub fn fatal_oom(what: &str) -> ! {
    perry_gc::fatal(&format!("out of memory: {what}"))
}
