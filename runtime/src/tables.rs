//! Table sweeps: atoms, derived shapes and symbols are collected.
//!
//! Native code holds atoms as plain `u32`s and shapes as `&'static Shape`
//! across allocations, so an arbitrary full collection cannot free them. A
//! *table sweep* is a full collection run only where no native frame can
//! hold one: at a turn of the event loop (nothing on the stack), when idle,
//! and in `gc()` called with no native function below it
//! ([`perry_gc::frames::depth`]). During its mark:
//!
//! - the atom table is a root only for pinned atoms (`atoms.rs`);
//! - every marked object marks its shape, and through it the atoms of its
//!   keys; a dictionary object marks the atoms of its table's keys; a marked
//!   symbol marks its own atom (`Binding::scan_object`);
//! - the compiled program's inline caches and module globals keep the
//!   shapes they name (conservatively: any word that is a shape's address).
//!
//! After the mark, unmarked atoms are freed (ids reused), unmarked derived
//! shapes are freed and the transitions to them removed, and every runtime
//! cache keyed by shape or atom is emptied. A dead atom's string or symbol is
//! not traced, so it dies in the same collection.

use crate::value::Value;
use perry_abi::*;
use perry_gc::JsCell;

struct State {
    /// A table sweep's collection is running.
    sweeping: bool,
    /// Numbers the marks of each table sweep (never 0: fresh shapes and
    /// atoms carry 0).
    epoch: u32,
    /// The program's own code has started: atoms interned from now on are
    /// not pinned.
    started: bool,
    /// Atoms and shapes after the last table sweep (the growth that triggers one).
    atoms_after: usize,
    shapes_after: usize,
    /// What the last table sweep freed, for `[gc-step]`.
    freed: (usize, usize),
}

static STATE: JsCell<State> = JsCell::new(State { sweeping: false, epoch: 0, started: false, atoms_after: 0, shapes_after: 0, freed: (0, 0) });

fn state() -> &'static mut State {
    // SAFETY: the JS thread; each borrow is used within one call that does not reach `state()`.
    unsafe { STATE.get() }
}

/// Growth in atoms or shapes since the last table sweep that runs one at the
/// next turn of the event loop (or half the count after it, if larger).
const GROWTH: usize = 16_384;

/// The compiled program is about to run: atoms interned before now (its
/// constants, the runtime's and the built-ins' names) are pinned.
pub fn start_program() {
    let s = state();
    s.started = true;
    s.atoms_after = crate::atoms::count();
    s.shapes_after = crate::shape::count();
}

pub fn program_started() -> bool {
    state().started
}

/// Whether the running collection is a table sweep's.
#[inline]
pub fn sweeping() -> bool {
    state().sweeping
}

/// Runs a full collection that sweeps the tables. Only where no native frame
/// holds an atom or a shape (see the module documentation).
pub fn collect(reason: &'static str) {
    let s = state();
    s.epoch = s.epoch.wrapping_add(1).max(1);
    s.sweeping = true;
    perry_gc::heap::collect_full(reason);
    let s = state();
    s.sweeping = false;
    s.atoms_after = crate::atoms::count();
    s.shapes_after = crate::shape::count();
}

fn grown(by: usize) -> bool {
    let s = state();
    let due = |now: usize, after: usize| now > after + by.max(after / 2);
    s.started && (due(crate::atoms::count(), s.atoms_after) || due(crate::shape::count(), s.shapes_after))
}

/// A turn of the event loop (no JavaScript on the stack): a table sweep when
/// the tables grew by [`GROWTH`] since the last one.
pub fn at_turn() {
    if grown(GROWTH) {
        collect("tables");
    }
}

/// The event loop is idle: a table sweep when the tables grew at all.
pub fn at_idle() {
    if grown(0) {
        collect("idle-tables");
    }
}

/// Whether an idle event loop has a table sweep to run.
pub fn idle_pending() -> bool {
    grown(0)
}

/// `gc()`: a table sweep when no native function is below the caller (the
/// program's module bodies and the event loop's callbacks run at depth 2 at
/// most: the entry, then a module body or a callback); else a plain full
/// collection. Then what it freed goes back to the OS, as at quiescence: a
/// program that calls `gc()` asks for its memory to follow its live heap
/// (mimalloc would otherwise keep freed ranges committed until some later
/// allocation purges them, which a synchronous loop may not make for rounds).
pub fn collect_explicit() {
    if state().started && perry_gc::frames::depth() <= 2 {
        collect("explicit");
    } else {
        perry_gc::heap::collect_full("explicit");
    }
    perry_gc::heap::at_quiescence();
}

/// The atom table's root hook during a table sweep: the shapes the compiled
/// caches name.
pub fn mark_roots(visit: &mut dyn FnMut(*mut u64)) {
    let epoch = state().epoch;
    let mut v = |p: *mut u64| visit(p);
    crate::abi::for_each_cache_word(|w| crate::shape::mark(w, epoch, &mut v));
}

/// A table sweep's scan met `cell` (after tracing its slots): an object marks
/// its shape and, in dictionary mode, its table's keys; a symbol its atom.
///
/// # Safety
/// `cell` is a marked live cell of `kind`.
pub unsafe fn mark_cell(cell: *mut u64, kind: u64, visit: &mut impl FnMut(*mut u64)) {
    let epoch = state().epoch;
    let v = Value::from_cell(cell);
    if kind == KIND_SYMBOL {
        crate::atoms::mark(crate::symbol::atom_of(v), epoch, visit);
    } else if kind >= KIND_FIRST_OBJECT {
        let w = v.cell().word(OBJ_SHAPE);
        crate::shape::mark(w, epoch, visit);
        // SAFETY: every object kind keeps a live shape in `OBJ_SHAPE`.
        let sh = unsafe { &*(w as *const crate::shape::Shape) };
        if sh.dict {
            crate::dict::mark_keys(v, sh, epoch, visit);
        }
    }
}

/// After a table sweep's mark: frees what it did not reach and empties the
/// caches that could name it. Returns the `[gc-trace] phase=weak` fields.
pub fn sweep() -> String {
    let epoch = state().epoch;
    let atoms = crate::atoms::sweep(epoch);
    let shapes = crate::shape::sweep(epoch);
    crate::abi::clear_caches();
    crate::proxy::clear_caches();
    state().freed = (atoms, shapes);
    format!(" atoms_freed={atoms} shapes_freed={shapes}")
}

/// What the last table sweep freed: (atoms, shapes).
pub fn last_freed() -> (usize, usize) {
    state().freed
}
