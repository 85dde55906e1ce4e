//! Running a generator or async activation: the compiled state machine
//! (compiler `codegen/generator.rs`) resumed from its saved state. The
//! prototype methods and the async driver are in stdlib `generator.rs`.

use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

/// How a run of an activation ended.
pub enum Step {
    /// The exception is pending.
    Threw,
    Returned(Value),
    /// At a `yield` or `await`, handing out the value.
    Suspended(Value),
}

/// The saved suspension point of generator object `g` (or `GEN_RUNNING`,
/// `GEN_DONE`; 0 before the first resumption).
#[inline]
pub fn state(g: Value) -> i64 {
    g.cell().word(GEN_STATE) as i64 - GEN_STATE_BIAS
}

#[inline]
pub fn set_state(g: Value, s: i64) {
    g.cell().set_word(GEN_STATE, (s + GEN_STATE_BIAS) as u64);
}

/// Runs generator or async activation `g` from its saved state with `v` in
/// `mode`: the code dispatches on the state and marks it running, and a
/// suspension point stores its index again; returning or throwing leaves it
/// done and queues its box cells for release.
pub fn run(g: Value, v: Value, mode: u64) -> Step {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let code = g.cell().field(GEN_FN).cell().word(FN_CODE);
    let block = [g.0, UNDEFINED, UNDEFINED, 2, v.0, mode, UNDEFINED, UNDEFINED, UNDEFINED];
    let r = perry_gc::frames::enter(code, &block);
    let g = Value(hg.get());
    if r != EXCEPTION && state(g) != GEN_RUNNING {
        return Step::Suspended(Value(r));
    }
    finish(g);
    if r == EXCEPTION { Step::Threw } else { Step::Returned(Value(r)) }
}

/// Marks activation `g` done and queues its box cells for release.
pub fn finish(g: Value) {
    set_state(g, GEN_DONE);
    let cells = g.cell().word(GEN_FRAME);
    if cells != 0 {
        g.cell().set_word(GEN_FRAME, 0);
        // SAFETY: the run `perry_gen_new` took for this activation; the
        // word is cleared, so it is completed once.
        unsafe { crate::binding::boxes::complete(cells as *mut u64) };
    }
}
