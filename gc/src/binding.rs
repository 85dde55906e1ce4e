//! The interface between the collector and the runtime it serves, after
//! MMTk's `src/vm/` split (`ObjectModel`, `Scanning`, `ObjectTracer`), kept
//! as plain traits for one runtime and one plan.
//!
//! The collector owns the header layout (`perry-abi`: size, kind, flags),
//! the value tags that carry heap addresses, the spaces, the card table and
//! the two collections. Everything a cell's kind *means* comes from the
//! runtime through [`Binding`]:
//!
//! - **Object model** ([`Binding::scan_kind`]): per kind, whether a cell is
//!   raw data (never scanned), a plain slot array (every word after the
//!   header is a value slot), one of the two weak primitives the collector
//!   implements itself ([`Scan::Ephemerons`], [`Scan::WeakCell`], layouts
//!   below), or a cell that needs the runtime's own scan
//!   ([`Binding::scan_object`]). The size is always the header's.
//! - **Tagged non-heap references** ([`Binding::is_external`] and friends):
//!   values met in traced slots that are not heap addresses but name
//!   something the runtime keeps alive only while reachable (Perry's proxy
//!   id band). A full collection hands each one it meets to
//!   [`Binding::trace_external`]; weak processing asks
//!   [`Binding::external_is_marked`].
//! - **Roots**: the registered root sources of [`crate::roots`] (compiled
//!   frames, handles, runtime tables) for both collections, plus
//!   [`Binding::minor_roots`], slots that only a minor collection treats as
//!   roots (a full collection reaches them through their owners).
//! - **Weak processing** ([`Binding::process_weak_refs`]) after a full
//!   collection's mark and the collector's own ephemerons and weak cells,
//!   then [`Binding::end_of_trace`] once nothing more can be marked.
//! - **Hooks**: before every collection, the plan's request for a full
//!   collection instead of a minor one ([`FullRequest`]), idle work, the
//!   heap verifier's extra checks, and the extra `key=value` fields and
//!   lines of the diagnostics.
//!
//! Monomorphisation: the collections ([`crate::collect`]) and the verifier
//! are generic over `B: Binding`, so every hook on a tracing path is a
//! static, inlinable call. `heap::init::<B>()` stores the instantiated
//! entry points as plain function pointers; the allocation slow path pays
//! one indirect call per *collection*, the fast path and the barrier none.
//!
//! Rules every kind follows:
//! - Minor collections and the verifier scan every word after the header of
//!   a cell that is not [`Scan::Data`] (custom and weak kinds included):
//!   minor collections are strong, and a raw word below 2^48 reads as a
//!   number, which is ignored.
//! - Only a full collection distinguishes: it clears the weak primitives and
//!   calls [`Binding::scan_object`] for [`Scan::Custom`] kinds.
//!
//! Layouts of the weak primitives (value slots unless said otherwise):
//! - [`Scan::Ephemerons`]: `header | len (raw) | [key, value]...`. A pair
//!   whose key is not reached otherwise is cleared to `[HOLE, undefined]`;
//!   a value is traced only once its key is.
//! - [`Scan::WeakCell`]: `header | target`. An unreached target becomes
//!   `undefined`.

use perry_abi::{PAYLOAD_MASK, TAG_SHIFT, UNDEFINED, is_heap_tag};

/// How the collector scans the cells of one kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scan {
    /// Raw data (strings, bytes, buffer stores...): never scanned.
    Data,
    /// Every word after the header is a value slot.
    Slots,
    /// An ephemeron table (see the module documentation for the layout).
    Ephemerons,
    /// A weak cell (see the module documentation for the layout).
    WeakCell,
    /// A full collection calls [`Binding::scan_object`].
    Custom,
}

/// What a full collection's mark does with a slot: the runtime's scans and
/// root hooks call it on every slot that holds a strong reference.
pub trait Tracer {
    /// `slot` holds a value: its referent (heap cell or external reference)
    /// is kept alive, and the slot is updated if the referent moves.
    fn trace(&mut self, slot: *mut u64);
}

/// The tracer a full collection passes to weak processing, after its mark.
pub trait WeakTracer: Tracer {
    /// Whether the referent of value `v` was reached by the mark: `None`
    /// when `v` refers to nothing (a number, undefined...).
    fn liveness(&self, v: u64) -> Option<bool>;

    /// A weak slot: a dead referent is replaced with `undefined` (returns
    /// true); a live one is traced so the slot follows a moved cell.
    ///
    /// # Safety
    /// `slot` is a word of a live cell or of the runtime's own tables,
    /// readable and writable.
    unsafe fn clear_if_dead(&mut self, slot: *mut u64) -> bool {
        // SAFETY: the caller's contract.
        let v = unsafe { *slot };
        match self.liveness(v) {
            None => false,
            Some(true) => {
                self.trace(slot);
                false
            }
            Some(false) => {
                // SAFETY: the caller's contract.
                unsafe { *slot = UNDEFINED };
                true
            }
        }
    }

    /// A slot that holds a heap value: traces it (updating it) and returns
    /// true when the cell was reached, false otherwise (left as it is).
    ///
    /// # Safety
    /// As for [`WeakTracer::clear_if_dead`].
    unsafe fn keep_if_live(&mut self, slot: *mut u64) -> bool {
        // SAFETY: the caller's contract.
        let v = unsafe { *slot };
        if is_heap_tag(v >> TAG_SHIFT) && v & PAYLOAD_MASK != 0 && self.liveness(v) == Some(true) {
            self.trace(slot);
            true
        } else {
            false
        }
    }
}

/// What the runtime's weak processing did, for the `[gc-trace] phase=weak`
/// line.
#[derive(Default)]
pub struct WeakReport {
    /// Weak references the runtime cleared (added to the collector's count).
    pub cleared: usize,
    /// Fields written before `cleared=` (the runtime's weak tables).
    pub tables: String,
    /// Fields written after it (what the runtime swept).
    pub swept: String,
}

/// The runtime asks for a full collection where the plan would run a minor
/// one, while the old generation left by the last full collection is at
/// most `max_live_old` bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FullRequest {
    /// The `reason=` of the `[gc-step]` line.
    pub reason: &'static str,
    pub max_live_old: usize,
}

/// The runtime side of the collector. Every function is static: the
/// collector calls `B::...` with no receiver and no dynamic dispatch. All
/// have defaults except the object model, so a runtime with no custom
/// kinds, external references or side tables implements one function.
pub trait Binding: 'static {
    /// How cells of `kind` are scanned. Called per scanned cell: keep it a
    /// `match` the compiler can inline.
    fn scan_kind(kind: u64) -> Scan;

    /// A full collection scans a cell whose kind is [`Scan::Custom`]: calls
    /// `t.trace` on each of its strong slots (and on slots outside the heap
    /// that the cell owns). A cell with weak slots records itself for
    /// [`Binding::process_weak_refs`].
    ///
    /// # Safety
    /// `cell` is a marked, live cell of `kind`, whose header and body the
    /// collector does not touch until the scan returns.
    unsafe fn scan_object<T: Tracer>(cell: *mut u64, kind: u64, t: &mut T) {
        let _ = kind;
        // SAFETY: the caller's contract: a live cell whose header holds its size.
        let words = (unsafe { *cell } & 0xFFFF_FFFF) as usize / 8;
        for i in 1..words {
            // SAFETY: inside the cell.
            t.trace(unsafe { cell.add(i) });
        }
    }

    /// Whether `v`, a value that is not a heap reference, names something
    /// the runtime keeps while it is reachable. On every traced slot: keep it
    /// one compare.
    #[inline(always)]
    fn is_external(v: u64) -> bool {
        let _ = v;
        false
    }

    /// A full collection met external reference `v` in a traced slot: the
    /// runtime marks it and, the first time, traces what it holds.
    fn trace_external<T: Tracer>(v: u64, t: &mut T) {
        let _ = (v, t);
    }

    /// Whether the full collection in progress reached external reference `v`.
    fn external_is_marked(v: u64) -> bool {
        let _ = v;
        false
    }

    /// The heap verifier met external reference `v`: the runtime's reason to
    /// fail when `v` names nothing that exists.
    fn check_external(v: u64) -> Result<(), &'static str> {
        let _ = v;
        Ok(())
    }

    /// A minor collection met external reference `v` (in a root, a dirty
    /// card's slot or a young cell): when `v` is young and met the first
    /// time, the runtime keeps it and returns the two slots it holds, which
    /// the collection then forwards.
    fn minor_reach_external(v: u64) -> Option<(*mut u64, *mut u64)> {
        let _ = v;
        None
    }

    /// After a minor collection's trace: the runtime frees the young
    /// external references it did not reach.
    fn end_of_minor() {}

    /// Whether external reference `v` is young (a store of it into an old
    /// cell must have dirtied its card: the verifier's check).
    fn external_is_young(v: u64) -> bool {
        let _ = v;
        false
    }

    /// A minor collection's extra roots: calls `visit` on each; returns the
    /// number of slots (counted in `root_slots`).
    fn minor_roots<V: FnMut(*mut u64)>(visit: &mut V) -> usize {
        let _ = visit;
        0
    }

    /// Before every collection (minor or full).
    fn before_collection() {}

    /// After a full collection's mark and the collector's own ephemerons and
    /// weak cells: the runtime clears its weak slots and sweeps its tables
    /// whose owners died. It may trace live slots (to update them) but must
    /// not make anything new reachable.
    fn process_weak_refs<W: WeakTracer>(w: &mut W) -> WeakReport {
        let _ = w;
        WeakReport::default()
    }

    /// A full collection's trace is over (nothing is marked after this, the
    /// `[gc-trace] phase=weak` line is out): external references that were
    /// not reached are freed.
    fn end_of_trace() {}

    /// Asked when eden is full: a full collection instead of the minor one?
    fn full_request() -> Option<FullRequest> {
        None
    }

    /// Whether the binding's idle work ([`Binding::at_idle`]) has something
    /// to do even when no collection is needed (diagnostics to print).
    fn idle_pending() -> bool {
        false
    }

    /// Whether an idle event loop should run a full collection (work only a
    /// full collection does, such as freeing external references).
    fn idle_wants_full() -> bool {
        false
    }

    /// The event loop has stayed idle (after the idle collection, if any).
    fn at_idle() {}

    /// The heap verifier's extra slots: calls `check` on every slot outside
    /// the heap that the runtime's tables hold.
    fn verify_slots<V: FnMut(*mut u64)>(check: &mut V) {
        let _ = check;
    }

    /// Appends ` key=value` fields to the `[gc-step]` line.
    fn step_fields(out: &mut String) {
        let _ = out;
    }

    /// Prints the runtime's lines after `[gc-summary]` (at exit).
    fn print_summary() {}
}
