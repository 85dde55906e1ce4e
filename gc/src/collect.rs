//! The two collections.
//!
//! **Minor** (copying, nursery only): forwards the nursery cells reachable
//! from the roots and from dirty cards into the to-survivor space, or into
//! the old generation once they are old enough (or the to-survivor is full);
//! then scans what it copied, Cheney-style for survivors and from a work list
//! for promoted cells. It never walks the old generation: its cost is roots
//! plus dirty cards plus survivors.
//!
//! **Full** (mark-sweep, whole heap): marks from the roots, promoting every
//! reachable nursery cell on the way (so the nursery is empty afterwards),
//! resolves ephemerons, clears dead weak references, sweeps the old
//! generation and the large-object space.
//!
//! Both are generic over the runtime's [`Binding`]: a cell's kind says how
//! it is scanned ([`Binding::scan_kind`]), and the runtime's hooks are
//! called at fixed points (minor roots, custom scans, external references,
//! weak processing, the end of the trace). Weak structures (the collector's
//! ephemeron tables and weak cells, and whatever the runtime's custom scans
//! record) are traced strongly by minor collections and cleared only by
//! full ones.
//!
//! A minor collection promotes a cell once it has survived
//! `PERRY_GC_PROMOTE_AGE` (2) minors or when the survivor space is full. In a
//! large old generation each dirty card is a cache and TLB miss, so the scan
//! first touches each batch of 64 logged cards with plain loads (software
//! prefetches that miss the TLB may be dropped): the card byte, the card's four
//! lines, its allocation-bitmap word and the header of the cell the card starts
//! in (for a card inside a large array that header is far away; it was the miss
//! that made 1 GB pauses twice the 10 MB ones). The loads overlap, and the scan
//! then runs from cache.
//!
//! The full collection's marker prefetches: it keeps `PREFETCH_DEPTH` (16)
//! target headers in flight. When it meets an external reference of the binding
//! in any traced word (`Full::visit`/`enqueue` ask `Binding::is_external`), it
//! hands it to `Binding::trace_external`, which marks it and traces what it
//! holds; weak processing treats external references as weak keys like cells
//! (`weak_live`, through `Binding::external_is_marked`), and
//! `Binding::end_of_trace` frees the unreached ones. A `Scan::Custom` cell is
//! scanned by `Binding::scan_object`.

use crate::barrier;
use crate::binding::{Binding, Scan, Tracer, WeakTracer};
use crate::blocks::Use;
use crate::heap::Heap;
use crate::old::OldSpace;
use crate::roots;
use crate::stats::Phase;
use core::marker::PhantomData;
use perry_abi::*;

const FWD: u64 = FLAG_FORWARDED << HDR_FLAGS_SHIFT;
const MARK: u64 = FLAG_MARK << HDR_FLAGS_SHIFT;
const AGE_SHIFT: u64 = HDR_FLAGS_SHIFT + FLAG_AGE_SHIFT;
const AGE_BITS: u64 = FLAG_AGE_MASK << AGE_SHIFT;

/// Asks the CPU to bring the cache line at `addr` in (a hint; never faults).
#[inline(always)]
pub(crate) fn prefetch(addr: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint and cannot fault, whatever the address.
    unsafe {
        core::arch::x86_64::_mm_prefetch(addr as *const i8, core::arch::x86_64::_MM_HINT_T0)
    };
}

/// Slots whose targets the mark phase has prefetched but not visited yet:
/// visiting a slot reads its target's header, a likely cache miss, so the
/// marker keeps up to this many misses in flight.
const PREFETCH_DEPTH: usize = 16;

#[inline(always)]
fn size_of(hdr: u64) -> usize {
    (hdr & 0xFFFF_FFFF) as usize
}

#[inline(always)]
fn kind_of(hdr: u64) -> u64 {
    (hdr >> HDR_KIND_SHIFT) & 0xFF
}

/// The size of nursery cell `p` (header `hdr`, reached from `slot`), checked.
#[inline(always)]
fn nursery_size(hdr: u64, p: *mut u64, slot: *mut u64) -> usize {
    let size = size_of(hdr);
    if size < 16 {
        crate::fatal(&format!("corrupt nursery header {hdr:#x} at {p:p} (slot {slot:p})"));
    }
    size
}

/// Copies nursery cell `p` (header `hdr`, `size` bytes) into a new old cell
/// with header `new_hdr` and leaves a forwarding pointer behind.
///
/// # Safety
/// `p` is an unforwarded nursery cell of `size` bytes.
#[inline(always)]
unsafe fn promote(h: &mut Heap, p: *mut u64, hdr: u64, size: usize, new_hdr: u64) -> *mut u64 {
    let d = h.old.alloc(&mut h.blocks, size).unwrap_or_else(|| out_of_memory());
    // SAFETY: `p` is a nursery cell of `size` bytes (the caller's contract)
    // and `d` a fresh old cell of at least `size` bytes: they do not overlap.
    unsafe {
        core::ptr::copy_nonoverlapping(p, d, size / 8);
        *d = new_hdr;
        *p = hdr | FWD;
        *p.add(1) = d as u64;
    }
    d
}

/// What a collection reports to the statistics.
pub struct Outcome {
    pub promoted: usize,
    /// Bytes a minor collection copied into the to-survivor space.
    pub survived: usize,
    pub root_slots: usize,
}

fn out_of_memory() -> ! {
    crate::out_of_memory("the old generation cannot grow; raise PERRY_GC_HEAP_LIMIT")
}

// ---------------------------------------------------------------------------
// Minor collection
// ---------------------------------------------------------------------------

struct Minor<'a, B> {
    h: &'a mut Heap,
    /// The survivor space this collection copies into: `[to_start, to_top)`
    /// holds the copies made so far, `to_end` is its end.
    to_start: usize,
    to_top: usize,
    to_end: usize,
    promoted: Vec<*mut u64>,
    promoted_bytes: usize,
    /// Slots of young external references reached (a proxy's target and
    /// handler), forwarded from `drain`: a chain of proxies is a queue, not
    /// a recursion.
    externals: Vec<*mut u64>,
    binding: PhantomData<B>,
}

impl<B: Binding> Minor<'_, B> {
    /// Forwards the nursery cell `*slot` points at; returns whether the slot
    /// still points into the nursery afterwards (its card must stay dirty).
    #[inline]
    fn forward(&mut self, slot: *mut u64) -> bool {
        // SAFETY: `slot` is a root slot or a word of a live cell; a value with
        // a heap tag whose payload is young names the start of a nursery cell
        // (the heap invariant the verifier checks), whose header and word 1
        // are readable; survivor copies fit between `to_top` and `to_end`.
        unsafe {
            let v = *slot;
            if !is_heap_tag(v >> TAG_SHIFT) {
                if B::is_external(v) {
                    self.reach_external(v);
                }
                return false;
            }
            let a = (v & PAYLOAD_MASK) as usize;
            if !barrier::is_young(a as u64) {
                return false;
            }
            if a.wrapping_sub(self.to_start) < self.to_end - self.to_start {
                // Already a copy of this collection: the slot was forwarded
                // before. A cell promoted in this collection is scanned from
                // `promoted` and again when it shares a dirty card; copying
                // the copy would leave every other slot forwarded to it
                // pointing at a stale cell.
                return true;
            }
            let p = a as *mut u64;
            let hdr = *p;
            let new = if hdr & FWD != 0 {
                *p.add(1) as usize
            } else {
                let size = nursery_size(hdr, p, slot);
                let age = ((hdr & AGE_BITS) >> AGE_SHIFT) + 1;
                let dst = if age < self.h.plan.promote_age && self.to_end - self.to_top >= size {
                    let d = self.to_top as *mut u64;
                    self.to_top += size;
                    core::ptr::copy_nonoverlapping(p, d, size / 8);
                    *d = (hdr & !AGE_BITS) | (age << AGE_SHIFT);
                    *p = hdr | FWD;
                    *p.add(1) = d as u64;
                    d
                } else {
                    let d = promote(self.h, p, hdr, size, hdr & !AGE_BITS);
                    self.promoted.push(d);
                    self.promoted_bytes += size;
                    d
                };
                dst as usize
            };
            *slot = (v & !PAYLOAD_MASK) | new as u64;
            barrier::is_young(new as u64)
        }
    }

    /// An external reference met while tracing: a young one reached the
    /// first time queues its slots.
    #[cold]
    fn reach_external(&mut self, v: u64) {
        if let Some((a, b)) = B::minor_reach_external(v) {
            self.externals.push(a);
            self.externals.push(b);
        }
    }

    /// Forwards the slots of an old cell in `[lo, hi)`, re-dirtying the
    /// cards of slots left pointing at survivors.
    fn scan_old_range(&mut self, lo: usize, hi: usize) {
        // The young cells a card points at were allocated in another order:
        // reading their headers one by one waits on one cache miss after
        // another. Prefetch them all first, then forward.
        let mut s = lo;
        while s < hi {
            // SAFETY: `[lo, hi)` lies inside a live old cell.
            let v = unsafe { *(s as *const u64) };
            if is_heap_tag(v >> TAG_SHIFT) && barrier::is_young(v & PAYLOAD_MASK) {
                prefetch((v & PAYLOAD_MASK) as usize);
            }
            s += 8;
        }
        let mut s = lo;
        while s < hi {
            if self.forward(s as *mut u64) {
                barrier::dirty(s);
            }
            s += 8;
        }
    }

    fn scan_old_cell_in(&mut self, cell: *mut u64, lo: usize, hi: usize) {
        // SAFETY: `cell` is the start of a live old cell.
        let hdr = unsafe { *cell };
        if B::scan_kind(kind_of(hdr)) == Scan::Data {
            return;
        }
        let c = cell as usize;
        self.scan_old_range(lo.max(c + 8), hi.min(c + size_of(hdr)));
    }

    /// Loads what scanning card `c` reads: the card byte, the header of the
    /// cell the card starts in (a large array's may lie far before it), that
    /// cell's allocation-bitmap word and the card's lines.
    fn touch_card(&self, c: *mut u8) -> u64 {
        let a = barrier::card_addr(c);
        let blocks = &self.h.blocks;
        // SAFETY: a card byte and card memory of the reservation, and cell
        // headers the block metadata locates (released pages read as zero).
        unsafe {
            let mut sum = core::ptr::read_volatile(c) as u64;
            for line in (0..barrier::CARD).step_by(64) {
                sum = sum.wrapping_add(core::ptr::read_volatile((a + line) as *const u64));
            }
            let Some(b) = blocks.index_of(a) else { return sum };
            let head = match blocks.meta[b].usage {
                Use::Small { .. } => {
                    let cell = OldSpace::cell_size(blocks, b);
                    let i = (a - blocks.addr(b)) / cell;
                    if let Some(w) = blocks.meta[b].bits.get(i / 64) {
                        sum = sum.wrapping_add(core::ptr::read_volatile(w));
                    }
                    blocks.addr(b) + i * cell
                }
                Use::LargeHead { .. } => blocks.addr(b),
                Use::LargeCont { head } => blocks.addr(head as usize),
                Use::Free => return sum,
            };
            sum.wrapping_add(core::ptr::read_volatile(head as *const u64))
        }
    }

    /// Scans every dirty card of the old generation (the card log).
    fn scan_cards(&mut self) -> (usize, usize) {
        let log = barrier::take_log();
        let mut dirty = 0usize;
        let mut cells = Vec::new();
        // The cards of a large old generation are scattered: each is a cache
        // and TLB miss. Software prefetches that miss the TLB may be dropped,
        // so batches of cards are first touched with plain loads, which the
        // processor overlaps (and which fill the TLB), then scanned from cache.
        const BATCH: usize = 64;
        for (i, &c) in log.iter().enumerate() {
            if i % BATCH == 0 {
                let mut sum = 0u64;
                for &n in &log[i..(i + BATCH).min(log.len())] {
                    sum = sum.wrapping_add(self.touch_card(n));
                }
                core::hint::black_box(sum);
            }
            // SAFETY: a card byte of the reservation; a card logged twice or
            // released since reads clean.
            if unsafe { *c } == 0 {
                continue;
            }
            // SAFETY: as above.
            unsafe { *c = 0 };
            dirty += 1;
            let ca = barrier::card_addr(c);
            let ce = ca + barrier::CARD;
            let Some(b) = self.h.blocks.index_of(ca) else { continue };
            match self.h.blocks.meta[b].usage {
                Use::Free => {}
                Use::Small { .. } => {
                    cells.clear();
                    OldSpace::for_cells_in(&self.h.blocks, b, ca, ce, &mut |p| cells.push(p));
                    for &p in &cells {
                        self.scan_old_cell_in(p, ca, ce);
                    }
                }
                Use::LargeHead { .. } => self.scan_old_cell_in(self.h.blocks.addr(b) as *mut u64, ca, ce),
                Use::LargeCont { head } => self.scan_old_cell_in(self.h.blocks.addr(head as usize) as *mut u64, ca, ce),
            }
        }
        (dirty, log.len())
    }

    /// Scans what was copied until nothing new is.
    fn drain(&mut self, mut scan: usize) {
        loop {
            let mut progress = false;
            while scan < self.to_top {
                progress = true;
                let p = scan as *mut u64;
                // SAFETY: `[to.0, to_top)` holds the cells copied so far, one
                // after another; `p` is the start of one.
                let hdr = unsafe { *p };
                let size = size_of(hdr);
                if B::scan_kind(kind_of(hdr)) != Scan::Data {
                    for i in 1..size / 8 {
                        // SAFETY: a word of that cell.
                        self.forward(unsafe { p.add(i) });
                    }
                }
                scan += size;
            }
            while let Some(s) = self.externals.pop() {
                progress = true;
                // A registry slot outside the heap: no card to keep dirty.
                self.forward(s);
            }
            while let Some(p) = self.promoted.pop() {
                progress = true;
                // SAFETY: a cell this collection promoted.
                let size = size_of(unsafe { *p });
                self.scan_old_cell_in(p, p as usize, p as usize + size);
            }
            if !progress {
                break;
            }
        }
    }
}

/// A minor collection: the registered roots and the binding's minor roots,
/// the dirty cards, then what was copied.
pub fn minor<B: Binding>(h: &mut Heap) -> Outcome {
    let to = h.nursery.surv[h.nursery.from ^ 1];
    let mut m =
        Minor::<B> { h, to_start: to.0, to_top: to.0, to_end: to.1, promoted: Vec::new(), promoted_bytes: 0, externals: Vec::new(), binding: PhantomData };
    let t = Phase::start();
    let mut root_slots = roots::visit_all(&mut |slot| {
        m.forward(slot);
    });
    root_slots += B::minor_roots(&mut |slot| {
        m.forward(slot);
    });
    t.end("roots", root_slots);
    let t = Phase::start();
    let (dirty, cards) = m.scan_cards();
    t.end_with("cards", &format!("dirty={dirty} logged={cards}"));
    let t = Phase::start();
    m.drain(to.0);
    B::end_of_minor();
    let survived = m.to_top - to.0;
    t.end_with("evacuate", &format!("survived={survived} promoted={}", m.promoted_bytes));
    let (to_top, promoted) = (m.to_top, m.promoted_bytes);
    h.nursery.flip(to_top);
    Outcome { promoted, survived, root_slots }
}

// ---------------------------------------------------------------------------
// Full collection
// ---------------------------------------------------------------------------

struct Full<'a, B> {
    h: &'a mut Heap,
    stack: Vec<*mut u64>,
    /// Ring of prefetched slots waiting to be visited.
    ring: [*mut u64; PREFETCH_DEPTH],
    ring_head: usize,
    ring_len: usize,
    ephemerons: Vec<*mut u64>,
    weak_cells: Vec<*mut u64>,
    /// External references met while tracing others `EXTERNAL_DEPTH` deep (a chain of
    /// proxies, each the target of the next), traced from `drain` instead of recursing.
    externals: Vec<u64>,
    external_depth: usize,
    promoted_bytes: usize,
    marked: usize,
    binding: PhantomData<B>,
}

/// How deep tracing external references recurses before queueing them.
const EXTERNAL_DEPTH: usize = 32;

/// Whether the cell `v` points at survived the mark phase.
#[inline]
fn is_live(v: u64) -> bool {
    let a = (v & PAYLOAD_MASK) as usize;
    // SAFETY: `v` is a heap value of a traced slot, so `a` is the start of a
    // live cell (nursery or old) whose header is readable.
    let hdr = unsafe { *(a as *const u64) };
    if barrier::is_young(a as u64) { hdr & FWD != 0 } else { hdr & MARK != 0 }
}

/// Whether the referent of weak value `v` survived the mark phase: `None`
/// when `v` refers to nothing (a number, undefined...).
#[inline]
fn weak_live<B: Binding>(v: u64) -> Option<bool> {
    if is_heap_tag(v >> TAG_SHIFT) {
        Some(is_live(v))
    } else if B::is_external(v) {
        Some(B::external_is_marked(v))
    } else {
        None
    }
}

impl<B: Binding> Full<'_, B> {
    /// An external reference met in a traced location: the binding marks it
    /// and traces what it holds.
    #[cold]
    fn mark_external(&mut self, v: u64) {
        if self.external_depth >= EXTERNAL_DEPTH {
            self.externals.push(v);
            return;
        }
        self.external_depth += 1;
        B::trace_external(v, &mut Visit(self));
        self.external_depth -= 1;
    }

    /// Traces the queued external references (and what they reach).
    fn drain_externals(&mut self) {
        while let Some(v) = self.externals.pop() {
            self.mark_external(v);
        }
    }

    #[inline]
    fn visit(&mut self, slot: *mut u64) {
        // SAFETY: `slot` is a root slot, a word of a live cell or a slot the
        // binding passed as strong; a heap value names the start of a live
        // cell (nursery: checked header; old: checked to lie in a block).
        unsafe {
            let v = *slot;
            if !is_heap_tag(v >> TAG_SHIFT) {
                if B::is_external(v) {
                    self.mark_external(v);
                }
                return;
            }
            let a = (v & PAYLOAD_MASK) as usize;
            let p = a as *mut u64;
            if barrier::is_young(a as u64) {
                let hdr = *p;
                let new = if hdr & FWD != 0 {
                    *p.add(1)
                } else {
                    let size = nursery_size(hdr, p, slot);
                    let d = promote(self.h, p, hdr, size, (hdr & !AGE_BITS) | MARK);
                    self.promoted_bytes += size;
                    self.stack.push(d);
                    d as u64
                };
                *slot = (v & !PAYLOAD_MASK) | new;
                return;
            }
            if a == 0 {
                return;
            }
            if self.h.blocks.index_of(a).is_none() {
                crate::fatal(&format!("pointer outside the heap: {v:#x} in slot {slot:p}"));
            }
            let hdr = *p;
            if hdr & MARK == 0 {
                *p = hdr | MARK;
                self.stack.push(p);
            }
        }
    }

    /// Queues `slot` for a visit after prefetching its target; visits the
    /// oldest queued slot when the ring is full.
    #[inline]
    fn enqueue(&mut self, slot: *mut u64) {
        // SAFETY: as in `visit`.
        let v = unsafe { *slot };
        if !is_heap_tag(v >> TAG_SHIFT) {
            if B::is_external(v) {
                self.mark_external(v);
            }
            return;
        }
        prefetch((v & PAYLOAD_MASK) as usize);
        if self.ring_len == PREFETCH_DEPTH {
            let oldest = self.ring[self.ring_head];
            self.ring[self.ring_head] = slot;
            self.ring_head = (self.ring_head + 1) % PREFETCH_DEPTH;
            self.visit(oldest);
        } else {
            self.ring[(self.ring_head + self.ring_len) % PREFETCH_DEPTH] = slot;
            self.ring_len += 1;
        }
    }

    fn drain(&mut self) {
        loop {
            self.drain_stack();
            if self.ring_len == 0 && self.externals.is_empty() {
                break;
            }
            self.drain_externals();
            while self.ring_len > 0 {
                let s = self.ring[self.ring_head];
                self.ring_head = (self.ring_head + 1) % PREFETCH_DEPTH;
                self.ring_len -= 1;
                self.visit(s);
            }
        }
    }

    fn drain_stack(&mut self) {
        while let Some(p) = self.stack.pop() {
            self.marked += 1;
            // SAFETY: the stack holds marked live cells.
            let hdr = unsafe { *p };
            let words = size_of(hdr) / 8;
            let kind = kind_of(hdr);
            match B::scan_kind(kind) {
                Scan::Data => {}
                Scan::Ephemerons => self.ephemerons.push(p),
                Scan::WeakCell => self.weak_cells.push(p),
                Scan::Slots => {
                    for i in 1..words {
                        // SAFETY: a word of the cell.
                        self.enqueue(unsafe { p.add(i) });
                    }
                }
                // SAFETY: a marked live cell of `kind`; the mark only reads
                // and updates its slots through the tracer.
                Scan::Custom => unsafe { B::scan_object(p, kind, &mut Enqueue(self)) },
            }
        }
    }

    /// Marks ephemeron values whose keys are live, until no new cell is
    /// reached (a value may make another table's key live).
    fn ephemeron_fixpoint(&mut self) {
        loop {
            let mut t = 0;
            while t < self.ephemerons.len() {
                let p = self.ephemerons[t];
                // SAFETY: a marked ephemeron table: `header | len | [key, value]...`.
                let words = size_of(unsafe { *p }) / 8;
                let mut i = 2;
                while i + 1 < words {
                    // SAFETY: words `i` and `i + 1` of the table.
                    let k = unsafe { *p.add(i) };
                    if weak_live::<B>(k) == Some(true) {
                        // SAFETY: as above.
                        unsafe {
                            self.visit(p.add(i));
                            self.visit(p.add(i + 1));
                        }
                    }
                    i += 2;
                }
                t += 1;
            }
            if self.stack.is_empty() && self.externals.is_empty() {
                break;
            }
            self.drain();
        }
    }

    /// Clears what died: ephemeron pairs with dead keys, dead weak targets;
    /// then the binding's weak processing.
    fn clear_weak(&mut self) -> (usize, crate::binding::WeakReport) {
        let mut cleared = 0;
        for t in 0..self.ephemerons.len() {
            let p = self.ephemerons[t];
            // SAFETY: a marked ephemeron table, as in `ephemeron_fixpoint`.
            let words = size_of(unsafe { *p }) / 8;
            let mut i = 2;
            while i + 1 < words {
                // SAFETY: words `i` and `i + 1` of the table.
                let k = unsafe { *p.add(i) };
                if weak_live::<B>(k) == Some(false) {
                    // SAFETY: as above.
                    unsafe {
                        *p.add(i) = HOLE;
                        *p.add(i + 1) = UNDEFINED;
                    }
                    cleared += 1;
                }
                i += 2;
            }
        }
        for c in 0..self.weak_cells.len() {
            let p = self.weak_cells[c];
            // SAFETY: a marked weak cell: `header | target`.
            if unsafe { Visit(self).clear_if_dead(p.add(1)) } {
                cleared += 1;
            }
        }
        let report = B::process_weak_refs(&mut Visit(self));
        // Externals queued while visiting there are traced as they were met (only a chain
        // deeper than EXTERNAL_DEPTH is queued).
        self.drain_externals();
        // Nothing new may be marked here (live targets were already marked).
        debug_assert!(self.stack.is_empty());
        (cleared, report)
    }
}

/// The tracer of the mark phase: slots are prefetched and queued.
struct Enqueue<'f, 'h, B>(&'f mut Full<'h, B>);

impl<B: Binding> Tracer for Enqueue<'_, '_, B> {
    #[inline(always)]
    fn trace(&mut self, slot: *mut u64) {
        self.0.enqueue(slot);
    }
}

/// The tracer of external references and weak processing: a slot is
/// visited (and updated) at once.
struct Visit<'f, 'h, B>(&'f mut Full<'h, B>);

impl<B: Binding> Tracer for Visit<'_, '_, B> {
    #[inline(always)]
    fn trace(&mut self, slot: *mut u64) {
        self.0.visit(slot);
    }
}

impl<B: Binding> WeakTracer for Visit<'_, '_, B> {
    #[inline]
    fn liveness(&self, v: u64) -> Option<bool> {
        weak_live::<B>(v)
    }
}

/// The value `v` names during a collection: a young cell the collection
/// already moved is named by its new address (the old one holds a forwarding
/// header). For a runtime scan that reads a cell's slot before the collector
/// visited it; other values are returned as they are.
pub fn current(v: u64) -> u64 {
    if !is_heap_tag(v >> TAG_SHIFT) || !barrier::is_young(v & PAYLOAD_MASK) {
        return v;
    }
    let p = (v & PAYLOAD_MASK) as *const u64;
    // SAFETY: a young heap value names the start of a nursery cell, whose
    // header (and, when forwarded, second word) is readable.
    unsafe {
        let hdr = *p;
        if hdr & FWD != 0 { (v & !PAYLOAD_MASK) | *p.add(1) } else { v }
    }
}

pub struct FullOutcome {
    pub outcome: Outcome,
    pub swept: usize,
}

/// The fields of the `[gc-trace] phase=weak` line, the binding's among the
/// collector's (each part only when not empty).
fn weak_fields(eph: usize, weak: usize, cleared: usize, r: &crate::binding::WeakReport) -> String {
    let mut s = format!("ephemeron_tables={eph} weak_cells={weak}");
    let cleared = format!("cleared={}", cleared + r.cleared);
    for part in [r.tables.as_str(), cleared.as_str(), r.swept.as_str()] {
        if !part.is_empty() {
            s.push(' ');
            s.push_str(part);
        }
    }
    s
}

/// A full collection: marks from the roots (promoting every reachable
/// nursery cell), resolves ephemerons and weak cells, runs the binding's
/// weak processing and end of trace, then sweeps.
pub fn full<B: Binding>(h: &mut Heap) -> FullOutcome {
    let mut f = Full::<B> {
        h,
        stack: Vec::new(),
        ring: [core::ptr::null_mut(); PREFETCH_DEPTH],
        ring_head: 0,
        ring_len: 0,
        ephemerons: Vec::new(),
        weak_cells: Vec::new(),
        externals: Vec::new(),
        external_depth: 0,
        promoted_bytes: 0,
        marked: 0,
        binding: PhantomData,
    };
    let t = Phase::start();
    let root_slots = roots::visit_all(&mut |slot| f.visit(slot));
    t.end("roots", root_slots);
    let t = Phase::start();
    f.drain();
    t.end_with("mark", &format!("cells={} promoted={}", f.marked, f.promoted_bytes));
    let t = Phase::start();
    f.ephemeron_fixpoint();
    let (cleared, report) = f.clear_weak();
    t.end_with("weak", &weak_fields(f.ephemerons.len(), f.weak_cells.len(), cleared, &report));
    // Nothing is marked after this point.
    B::end_of_trace();
    let promoted = f.promoted_bytes;
    let t = Phase::start();
    let h = f.h;
    let swept = h.old.sweep(&mut h.blocks) + h.los.sweep(&mut h.blocks);
    h.nursery.empty();
    // No young cell is left, so no card may stay dirty.
    barrier::clear_logged();
    t.end_with("sweep", &format!("freed={swept} blocks_used={}", h.blocks.used));
    FullOutcome { outcome: Outcome { promoted, survived: 0, root_slots }, swept }
}
