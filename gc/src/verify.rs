//! The heap verifier (`PERRY_GC_VERIFY=1`), as trusted engines have one.
//!
//! Before each collection it checks the mutator's side of the contract:
//! every old slot that points into the nursery has a dirty card (a store
//! without a write barrier fails here, at the first collection after it).
//! After each collection it walks the roots and every live cell and checks
//! that each pointer names the start of a live cell, that no forwarding or
//! mark flag survived, and, after a full collection, that nothing points into
//! the nursery. A failure aborts with the slot and the value.
//!
//! The binding supplies what only it knows: how kinds are scanned (every
//! word of a cell that is not [`Scan::Data`] is checked), the slots of its
//! own tables ([`Binding::verify_slots`]) and whether an external reference
//! names something that still exists ([`Binding::check_external`]).
//!
//! `PERRY_GC_STRESS=N` collects every N allocations, minor and full
//! alternating; `PERRY_GC_VERIFY=1` runs the checks above. The conformance
//! suite runs in both modes
//! (`compiler/tests/conformance.rs::conformance_gc_stress`,
//! `conformance_gc_verify`).

use crate::barrier;
use crate::binding::{Binding, Scan};
use crate::blocks::Use;
use crate::heap::Heap;
use crate::old::OldSpace;
use crate::plan::Kind;
use perry_abi::*;
use std::collections::HashSet;

fn fail(what: &str, slot: *const u64, v: u64) -> ! {
    crate::fatal(&format!("heap verifier: {what}: slot {slot:p} holds {v:#x}"))
}

fn for_each_old_cell(h: &Heap, f: &mut dyn FnMut(*mut u64)) {
    OldSpace::for_each_cell(&h.blocks, f);
    for &head in &h.los.heads {
        f(h.blocks.addr(head as usize) as *mut u64);
    }
}

fn for_each_slot<B: Binding>(cell: *mut u64, f: &mut dyn FnMut(*mut u64)) {
    // SAFETY: `cell` is the start of a live cell (the callers walk the
    // spaces' allocated cells).
    let hdr = unsafe { *cell };
    let kind = (hdr >> HDR_KIND_SHIFT) & 0xFF;
    if B::scan_kind(kind) == Scan::Data {
        return;
    }
    for i in 1..(hdr & 0xFFFF_FFFF) as usize / 8 {
        // SAFETY: a word of that cell.
        f(unsafe { cell.add(i) });
    }
}

/// Every old-to-young pointer is covered by a dirty card.
pub fn before<B: Binding>(h: &mut Heap) {
    for_each_old_cell(h, &mut |cell| {
        for_each_slot::<B>(cell, &mut |s| {
            // SAFETY: a word of a live old cell.
            let v = unsafe { *s };
            let young = (is_heap_tag(v >> TAG_SHIFT) && barrier::is_young(v & PAYLOAD_MASK)) || (B::is_external(v) && B::external_is_young(v));
            // SAFETY: the card table covers the whole reservation.
            if young && unsafe { *barrier::card_of(s as usize) } == 0 {
                // SAFETY: the cell's header.
                let hdr = unsafe { *cell };
                let what = format!(
                    "old-to-young pointer without a dirty card (missing write barrier) in a cell of kind {} at offset {}",
                    (hdr >> HDR_KIND_SHIFT) & 0xFF,
                    s as usize - cell as usize
                );
                fail(&what, s, v);
            }
        });
    });
}

/// What holds a slot the verifier checks, for its failure message.
#[derive(Clone, Copy)]
enum Holder {
    Root,
    Binding,
    Young(*mut u64),
    Old(*mut u64),
}

impl Holder {
    fn describe(self, s: *const u64) -> String {
        let cell_at = |c: *mut u64, space: &str| {
            // SAFETY: `c` is the start of a live cell that holds `s`.
            let hdr = unsafe { *c };
            format!("a {space} cell of kind {} at offset {}", (hdr >> HDR_KIND_SHIFT) & 0xFF, s as usize - c as usize)
        };
        match self {
            Holder::Root => "a root".into(),
            Holder::Binding => "a runtime table".into(),
            Holder::Young(c) => cell_at(c, "young"),
            Holder::Old(c) => cell_at(c, "old"),
        }
    }
}

pub fn after<B: Binding>(h: &mut Heap, kind: Kind) {
    let mut young = HashSet::new();
    h.nursery.for_each_survivor(&mut |c| {
        young.insert(c as usize);
    });
    if h.nursery.eden_used() != 0 {
        crate::fatal("heap verifier: eden is not empty after a collection");
    }
    if kind == Kind::Full && !young.is_empty() {
        crate::fatal("heap verifier: survivors left after a full collection");
    }
    let check_cell_header = |a: usize, s: *const u64, v: u64, holder: &str| {
        // SAFETY: `a` was checked to be the start of a live cell.
        let hdr = unsafe { *(a as *const u64) };
        let flags = (hdr >> HDR_FLAGS_SHIFT) & 0xFF;
        if flags & (FLAG_FORWARDED | FLAG_MARK) != 0 {
            let what = format!(
                "pointer to a cell with a stale forwarding or mark flag (flags {flags:#x}, kind {}, {}) held by {holder}",
                (hdr >> HDR_KIND_SHIFT) & 0xFF,
                if barrier::is_young(a as u64) { "young" } else { "old" }
            );
            fail(&what, s, v);
        }
        if (hdr & 0xFFFF_FFFF) < 16 {
            fail("pointer to a cell with a corrupt header", s, v);
        }
    };
    let check = |s: *mut u64, holder: Holder| {
        let holder_old = matches!(holder, Holder::Old(_));
        // SAFETY: a root slot, a binding table's slot or a word of a live cell.
        let v = unsafe { *s };
        if !is_heap_tag(v >> TAG_SHIFT) {
            if B::is_external(v)
                && let Err(what) = B::check_external(v)
            {
                fail(what, s, v);
            }
            return;
        }
        let a = (v & PAYLOAD_MASK) as usize;
        if a == 0 {
            return;
        }
        if barrier::is_young(a as u64) {
            if !young.contains(&a) {
                fail("pointer into the nursery that is not a survivor", s, v);
            }
            // SAFETY: the card table covers the whole reservation.
            if holder_old && unsafe { *barrier::card_of(s as usize) } == 0 {
                fail("old-to-young pointer left with a clean card", s, v);
            }
        } else {
            let Some(b) = h.blocks.index_of(a) else { fail("pointer outside the heap", s, v) };
            let ok = match h.blocks.meta[b].usage {
                Use::Small { .. } => OldSpace::is_cell_start(&h.blocks, b, a),
                Use::LargeHead { .. } => a == h.blocks.addr(b),
                _ => false,
            };
            if !ok {
                fail("pointer to a free cell or into the middle of one", s, v);
            }
        }
        check_cell_header(a, s, v, &holder.describe(s));
    };
    crate::roots::visit_all(&mut |s| check(s, Holder::Root));
    B::verify_slots(&mut |s| check(s, Holder::Binding));
    h.nursery.for_each_survivor(&mut |c| for_each_slot::<B>(c, &mut |s| check(s, Holder::Young(c))));
    for_each_old_cell(h, &mut |c| {
        // SAFETY: an allocated old cell.
        let hdr = unsafe { *c };
        if (hdr >> HDR_FLAGS_SHIFT) & (FLAG_MARK | FLAG_FORWARDED) != 0 {
            crate::fatal(&format!("heap verifier: old cell {c:p} keeps a mark or forwarding flag"));
        }
        for_each_slot::<B>(c, &mut |s| check(s, Holder::Old(c)));
    });
}
