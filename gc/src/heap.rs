//! The heap: one address reservation holding the nursery and the old
//! generation's blocks, and the allocation entry points. See the crate
//! documentation for the layers.
//!
//! [`init`] is generic over the runtime's [`Binding`]: it stores the
//! collection entry points instantiated for it (`Hooks`), so the
//! allocation paths here stay non-generic and reach the binding through one
//! indirect call per collection (never per allocation or per object).
//!
//! **Idleness**: [`at_idle`] is called by the event loop once it has had
//! nothing to run for 50 ms (the stdlib's `PURGE_IDLE`: a server between
//! bursts, not between requests; the end of the main program skips it, since
//! the process exits next). V8's memory reducer waits for the same moment.
//! After a full collection [`at_quiescence`] releases the free pages of
//! fragmented blocks and of the empty nursery, and `purge::release_to_os` has
//! mimalloc purge eagerly; after a minor one only the nursery's pages go. What
//! an idle server keeps resident therefore does not depend on where the load
//! stopped, which is what `perry soak` measures after each pass.

use crate::JsCell;
use crate::barrier;
use crate::binding::{Binding, FullRequest};
use crate::blocks::{BLOCK, Blocks};
use crate::collect;
use crate::los::LargeSpace;
use crate::nursery::Nursery;
use crate::old::{MAX_SMALL, OldSpace};
use crate::plan::{EdenSizer, Kind, Plan, parse_bytes};
use crate::stats;
use perry_abi::*;

pub struct Heap {
    pub nursery: Nursery,
    pub blocks: Blocks,
    pub old: OldSpace,
    pub los: LargeSpace,
    pub plan: Plan,
    pub eden: EdenSizer,
    collecting: bool,
    allocated_total: u64,
    hash_counter: u64,
    verify: bool,
    /// A full collection ran since the last quiescence purge.
    full_since_purge: bool,
    /// Collections run so far.
    collections: u64,
    hooks: Hooks,
}

/// The entry points [`init`] instantiated for the binding: cold paths only.
#[derive(Clone, Copy)]
struct Hooks {
    run: fn(Kind, &'static str),
    full_request: fn() -> Option<FullRequest>,
    idle_wants_full: fn() -> bool,
    idle_pending: fn() -> bool,
    at_idle: fn(),
    print_summary: fn(),
}

static HEAP: JsCell<Option<Heap>> = JsCell::new(None);

pub(crate) fn heap() -> &'static mut Heap {
    // SAFETY: single JS thread; callers in this crate never keep two borrows
    // across a call that takes another.
    match unsafe { HEAP.get() } {
        Some(h) => h,
        None => crate::fatal("the heap is used before perry_gc::heap::init"),
    }
}

/// Default eden size; `PERRY_GC_NURSERY` overrides it. Each survivor space
/// is a quarter of eden.
pub const DEFAULT_EDEN: usize = 16 << 20;

/// Sets up the heap from the environment for the runtime `B`. Called once
/// at start-up; later calls do nothing.
pub fn init<B: Binding>() {
    // SAFETY: single JS thread.
    let slot = unsafe { HEAP.get() };
    if slot.is_some() {
        return;
    }
    stats::init();
    let plan = Plan::from_env();
    let eden = std::env::var("PERRY_GC_NURSERY").ok().and_then(|s| parse_bytes(&s)).unwrap_or(DEFAULT_EDEN).clamp(256 << 10, 1 << 30);
    let eden = eden.next_multiple_of(crate::vm::PAGE);
    let surv = (eden / 4).next_multiple_of(crate::vm::PAGE);
    let nursery_len = (eden + 2 * surv).next_multiple_of(BLOCK);
    let old_len = plan.limit.next_multiple_of(BLOCK) + BLOCK;
    let total = nursery_len + old_len;
    let base = crate::vm::reserve(total, BLOCK);
    barrier::init(base, total, base, eden + 2 * surv);
    let mut nursery = Nursery::new(base, eden, surv);
    let verify = stats::env_on("PERRY_GC_VERIFY");
    nursery.poison = verify || plan.stress > 0;
    *slot = Some(Heap {
        nursery,
        blocks: Blocks::new(base + nursery_len, old_len),
        old: OldSpace::new(),
        los: LargeSpace::new(),
        plan,
        eden: EdenSizer::new(eden),
        collecting: false,
        allocated_total: 0,
        hash_counter: 0x9E37,
        verify,
        full_since_purge: false,
        collections: 0,
        hooks: Hooks {
            run: run::<B>,
            full_request: B::full_request,
            idle_wants_full: B::idle_wants_full,
            idle_pending: B::idle_pending,
            at_idle: B::at_idle,
            print_summary: B::print_summary,
        },
    });
    let h = heap();
    h.nursery.sync_out(h.plan.stress > 0);
}

/// Bytes in use: nursery (eden and survivors) plus the old generation.
pub fn in_use() -> usize {
    let h = heap();
    h.nursery.sync_in();
    h.nursery.in_use() + h.old.bytes + h.los.bytes
}

/// Bytes the heap has set aside for cells: the eden in use, one survivor
/// space and the old generation's blocks in use (Node's `heapTotal`).
pub fn committed() -> usize {
    let h = heap();
    let (s0, s1) = h.nursery.surv[0];
    h.nursery.eden_capacity() + (s1 - s0) + h.blocks.used * BLOCK
}

/// Old generation bytes (small cells and large objects).
pub fn old_bytes() -> usize {
    let h = heap();
    h.old.bytes + h.los.bytes
}

/// Total bytes ever allocated.
pub fn allocated_total() -> u64 {
    let h = heap();
    h.nursery.sync_in();
    h.allocated_total + h.nursery.eden_used() as u64
}

/// Allocates a cell of `size` bytes (rounded up to 8, at least 16) and writes
/// its header. The body is zeroed (zero reads as the number +0).
///
/// May collect: the caller must hold every heap value it still needs in a
/// root (a handle, a stack-mapped slot or a registered table). The returned
/// pointer is valid until the next allocation. A cell of at most
/// [`MAX_SMALL`] bytes is always young: a caller that stores into it before
/// its next allocation needs no write barrier. Bigger cells are born old
/// (medium size classes, or the large-object space above 128 KiB).
pub fn alloc(size: usize, kind: u64) -> *mut u64 {
    alloc_cell(size, kind, true)
}

/// [`alloc`] without zeroing a young cell's body: the caller writes every
/// word before its next allocation (a body word left as it is would be
/// garbage to the collector). Cells born old are zeroed all the same.
pub fn alloc_uninit(size: usize, kind: u64) -> *mut u64 {
    alloc_cell(size, kind, false)
}

#[inline(always)]
fn alloc_cell(size: usize, kind: u64, zero: bool) -> *mut u64 {
    let size = size.max(16).next_multiple_of(8);
    let h = heap();
    // Compiled code may have bumped eden since the runtime last looked.
    h.nursery.sync_in();
    // The common case, with nothing to call: a small cell that fits in eden, no stress plan.
    if size <= MAX_SMALL
        && h.plan.stress == 0
        && let Some(p) = h.nursery.bump(size)
    {
        h.nursery.sync_out(false);
        write_header(h, p, size, kind, zero);
        return p;
    }
    alloc_cell_slow(size, kind, zero)
}

/// [`alloc_cell`] past its fast path: a cell born old, a stress plan, or a full eden.
#[cold]
#[inline(never)]
fn alloc_cell_slow(size: usize, kind: u64, zero: bool) -> *mut u64 {
    let h = heap();
    // Eden bytes (bumped here or inline by compiled code) are counted when
    // a collection empties eden; cells born old here.
    if size > MAX_SMALL {
        h.allocated_total += size as u64;
    }
    if !h.collecting
        && let Some(k) = h.plan.stress_tick()
    {
        (h.hooks.run)(k, "stress");
    }
    let h = heap();
    let p = if size > MAX_SMALL {
        alloc_born_old(size)
    } else {
        match h.nursery.bump(size) {
            Some(p) => p,
            None => {
                let (k, reason) = h.plan.on_nursery_full(h.old.bytes + h.los.bytes, h.nursery.size, (h.hooks.full_request)());
                (h.hooks.run)(k, reason);
                let h = heap();
                h.nursery.bump(size).unwrap_or_else(|| crate::fatal("allocation does not fit in an empty eden"))
            }
        }
    };
    let h = heap();
    h.nursery.sync_out(h.plan.stress > 0);
    write_header(h, p, size, kind, zero);
    p
}

/// Writes the header of fresh cell `p` (`size` bytes of `kind`, the next identity hash) and,
/// with `zero`, zeroes the body of a young one (cells born old come zeroed).
#[inline(always)]
fn write_header(h: &mut Heap, p: *mut u64, size: usize, kind: u64, zero: bool) {
    h.hash_counter = h.hash_counter.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let hash = (h.hash_counter >> 33) & 0xFFFF;
    // SAFETY: `p` is a fresh cell of `size` bytes.
    unsafe {
        *p = (size as u64) | (kind << HDR_KIND_SHIFT) | (hash << HDR_HASH_SHIFT);
        if zero && size <= MAX_SMALL {
            core::ptr::write_bytes(p.add(1), 0, size / 8 - 1);
        }
    }
}

/// [`alloc_uninit`] that never collects, so it moves nothing: a caller may
/// hold unrooted values and slices of heap cells across it. A cell that fits
/// in what is left of eden is bumped there; any other is born old, with no
/// collection before it (the next ordinary allocation runs what the plan
/// asks for). For the few allocations made where collecting is not allowed:
/// flattening a rope string (`perry_runtime::string`), which happens inside
/// reads of a string's units.
pub fn alloc_uninit_no_gc(size: usize, kind: u64) -> *mut u64 {
    let size = size.max(16).next_multiple_of(8);
    let h = heap();
    h.nursery.sync_in();
    let young = if size <= MAX_SMALL { h.nursery.bump(size) } else { None };
    let p = match young {
        Some(p) => p,
        None => {
            h.allocated_total += size as u64;
            alloc_old_cell(size)
        }
    };
    let h = heap();
    h.nursery.sync_out(h.plan.stress > 0);
    h.hash_counter = h.hash_counter.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let hash = (h.hash_counter >> 33) & 0xFFFF;
    // SAFETY: `p` is a fresh cell of `size` bytes.
    unsafe { *p = (size as u64) | (kind << HDR_KIND_SHIFT) | (hash << HDR_HASH_SHIFT) };
    p
}

/// A cell too big for the nursery: a medium size-class cell or a large object.
fn alloc_born_old(size: usize) -> *mut u64 {
    let h = heap();
    if let Some(reason) = h.plan.before_large(h.old.bytes + h.los.bytes, h.nursery.size, size) {
        (h.hooks.run)(Kind::Full, reason);
    }
    alloc_old_cell(size)
}

/// A zeroed old cell of `size` bytes (a size-class cell or a large object),
/// without collecting.
fn alloc_old_cell(size: usize) -> *mut u64 {
    let h = heap();
    if h.old.bytes + h.los.bytes + size + h.nursery.size > h.plan.limit {
        crate::out_of_memory(&format!("{size} more bytes would pass the heap limit of {} bytes; raise PERRY_GC_HEAP_LIMIT", h.plan.limit));
    }
    let p = if size <= crate::old::MAX_CLASS {
        // A medium cell: a size-class cell born old. Its memory may hold a
        // dead cell's bytes.
        let p = h.old.alloc(&mut h.blocks, size);
        if let Some(p) = p {
            // SAFETY: a free cell of at least `size` bytes.
            unsafe { core::ptr::write_bytes(p, 0, size / 8) };
        }
        p
    } else {
        h.los.alloc(&mut h.blocks, size)
    };
    p.unwrap_or_else(|| crate::out_of_memory("the heap reservation is exhausted; raise PERRY_GC_HEAP_LIMIT"))
}

/// The number of collections run so far: while it stays the same, no cell has moved or died,
/// so a cell's address names the same cell (what caches keyed by address check).
pub fn collections() -> u64 {
    heap().collections
}

/// Runs a full collection (`gc()` under `--expose-gc`, tests).
pub fn collect_full(reason: &'static str) {
    (heap().hooks.run)(Kind::Full, reason);
}

/// Runs a minor collection (tests).
pub fn collect_minor(reason: &'static str) {
    (heap().hooks.run)(Kind::Minor, reason);
}

/// One collection of `kind`, instantiated for the binding by [`init`].
fn run<B: Binding>(kind: Kind, reason: &'static str) {
    let h = heap();
    if h.collecting {
        crate::fatal("collection re-entered");
    }
    h.collecting = true;
    h.collections += 1;
    B::before_collection();
    h.nursery.sync_in();
    if h.verify {
        crate::verify::before::<B>(h);
    }
    let t0 = std::time::Instant::now();
    let usage0 = stats::diag_enabled().then(stats::ThreadUsage::now);
    h.allocated_total += h.nursery.eden_used() as u64;
    let pre = h.nursery.in_use() + h.old.bytes + h.los.bytes;
    let (outcome, swept) = match kind {
        Kind::Minor => {
            let o = collect::minor::<B>(h);
            let h = heap();
            h.plan.after_minor(h.old.bytes + h.los.bytes);
            if reason == "nursery-full" {
                let next = h.eden.after_minor(h.nursery.eden_capacity(), o.survived + o.promoted);
                h.nursery.resize_eden(next);
            }
            (o, 0)
        }
        Kind::Full => {
            let f = collect::full::<B>(h);
            let h = heap();
            h.plan.after_full(h.old.bytes + h.los.bytes);
            h.full_since_purge = true;
            (f.outcome, f.swept)
        }
    };
    let h = heap();
    let post = h.nursery.in_use() + h.old.bytes + h.los.bytes;
    let pause = t0.elapsed();
    let usage = usage0.map(|u0| stats::ThreadUsage::now().since(&u0));
    if h.verify {
        crate::verify::after::<B>(h, kind);
    }
    h.collecting = false;
    h.nursery.sync_out(h.plan.stress > 0);
    let swept = if kind == Kind::Minor { pre.saturating_sub(post) } else { swept };
    let mut fields = String::new();
    if stats::diag_enabled() {
        B::step_fields(&mut fields);
    }
    stats::record(stats::Step {
        kind: kind.name(),
        reason,
        pre,
        post,
        swept,
        promoted: outcome.promoted,
        root_slots: outcome.root_slots,
        pause,
        usage,
        fields,
    });
}

/// The binding's lines after `[gc-summary]`.
pub(crate) fn print_binding_summary() {
    (heap().hooks.print_summary)();
}

/// Eden bytes in use from which an idle loop collects before it purges.
const IDLE_COLLECT: usize = 1 << 20;

/// There is work for an idle event loop: a full collection ran since the
/// last purge, eden holds at least [`IDLE_COLLECT`] bytes, or the binding
/// has work only a full collection does ([`Binding::idle_wants_full`]).
/// The loop does not do it as soon as it has nothing to run: the purge returns eden's
/// pages, which a busy server would fault in again (a kernel page clear per
/// 4 KiB) a moment later.
pub fn idle_work_pending() -> bool {
    let h = heap();
    h.nursery.sync_in();
    h.full_since_purge || h.nursery.eden_used() >= IDLE_COLLECT || (h.hooks.idle_wants_full)() || (h.hooks.idle_pending)()
}

/// The event loop has stayed idle for a while (a server between bursts of
/// requests), as V8's memory reducer waits for. A collection runs when
/// there is garbage to find: a full one when the binding wants one
/// ([`Binding::idle_wants_full`]), else, when eden holds at least
/// [`IDLE_COLLECT`] bytes, the kind the plan would pick if eden were full.
/// Then the binding's idle work ([`Binding::at_idle`]) runs and the pages
/// nothing uses go back to the OS. What an idle server keeps resident, and
/// the binding's live counts, no longer depend on where the load stopped.
pub fn at_idle() {
    let h = heap();
    h.nursery.sync_in();
    let hooks = h.hooks;
    if (hooks.idle_wants_full)() {
        (hooks.run)(Kind::Full, "idle");
    } else if h.nursery.eden_used() >= IDLE_COLLECT {
        let (kind, _) = h.plan.on_nursery_full(h.old.bytes + h.los.bytes, h.nursery.size, None);
        (hooks.run)(kind, "idle");
    }
    (hooks.at_idle)();
    let h = heap();
    if h.full_since_purge {
        at_quiescence();
    } else {
        let t = stats::Phase::start();
        h.nursery.sync_in();
        let released = h.nursery.release_free();
        t.end_with("purge", &format!("released={released}"));
    }
}

/// Called by the runtime when the event loop is quiescent (no task
/// pending). After a full collection it gives fragmented old-space pages
/// back to the OS and has mimalloc purge its freed memory eagerly.
pub fn at_quiescence() {
    let h = heap();
    if !h.full_since_purge {
        return;
    }
    h.full_since_purge = false;
    let t = stats::Phase::start();
    h.nursery.sync_in();
    let released = OldSpace::release_free_pages(&h.blocks) + h.nursery.release_free() + h.blocks.release_warm();
    crate::purge::release_to_os();
    t.end_with("purge", &format!("released={released}"));
}
