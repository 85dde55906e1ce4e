//! The generational plan: which collection to run, and when.
//!
//! - A minor collection when eden is full.
//! - A full collection when the old generation (small cells and large
//!   objects) has grown past `growth` times the live size the last full
//!   collection left (at least [`MIN_FULL_THRESHOLD`]), or when the heap
//!   would pass `PERRY_GC_HEAP_LIMIT`. The decision is taken where the
//!   runtime allocates slowly anyway (eden overflow, a large object), never
//!   on a fast path.
//! - A full collection instead of a minor one when the runtime asks for it
//!   ([`FullRequest`], from [`crate::binding::Binding::full_request`]) while
//!   the old generation is small: the runtime knows of side tables a minor
//!   collection treats as roots, which would otherwise promote what they hold.
//! - `PERRY_GC_STRESS=N`: a collection every N allocations, minor and full
//!   alternating.
//!
//! The growth factor is `PERRY_GC_GROWTH` (default [`DEFAULT_GROWTH`], 1.5);
//! a binding's [`FullRequest`] is asked only when eden is full. Eden sizing
//! ([`EdenSizer`]) is described in `nursery.rs`.

use crate::binding::FullRequest;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Minor,
    Full,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Minor => "minor",
            Kind::Full => "full",
        }
    }
}

/// Default old-generation growth between full collections: a server wants
/// flat memory more than the last few percent of throughput.
pub const DEFAULT_GROWTH: f64 = 1.5;

/// The old generation may reach this size before the first full collection.
pub const MIN_FULL_THRESHOLD: usize = 8 << 20;

pub struct Plan {
    pub stress: u64,
    since_stress: u64,
    stress_full_next: bool,
    /// Old-generation growth factor between full collections (`PERRY_GC_GROWTH`).
    pub growth: f64,
    /// Old-generation bytes at which the next full collection runs.
    pub threshold: usize,
    /// `PERRY_GC_HEAP_LIMIT`: old generation plus nursery, in bytes.
    pub limit: usize,
    /// Minor collections a cell survives before promotion (`PERRY_GC_PROMOTE_AGE`, 1..=3).
    pub promote_age: u64,
    /// Set by a minor collection that pushed the old generation past the
    /// threshold: the next collection is full.
    pub full_pending: bool,
    /// Old-generation bytes live after the last full collection.
    pub live_old: usize,
}

/// Parses a byte count: `1048576`, `64k`, `512m`, `2g` (binary multiples).
pub fn parse_bytes(s: &str) -> Option<usize> {
    let s = s.trim().to_ascii_lowercase();
    let s = s.strip_suffix('b').unwrap_or(&s);
    let (num, mult) = match s.chars().last()? {
        'k' => (&s[..s.len() - 1], 1usize << 10),
        'm' => (&s[..s.len() - 1], 1 << 20),
        'g' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    let n: f64 = num.trim().parse().ok()?;
    (n.is_finite() && n > 0.0).then_some((n * mult as f64) as usize)
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Plan {
    pub fn from_env() -> Plan {
        let stress = env("PERRY_GC_STRESS").and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        let growth = env("PERRY_GC_GROWTH").and_then(|s| s.trim().parse::<f64>().ok()).filter(|g| *g > 1.0).unwrap_or(DEFAULT_GROWTH);
        let limit = match env("PERRY_GC_HEAP_LIMIT") {
            Some(s) => parse_bytes(&s).unwrap_or_else(|| {
                eprintln!("perry: ignoring PERRY_GC_HEAP_LIMIT={s:?}: expected bytes like 1073741824, 512m or 2g");
                DEFAULT_LIMIT
            }),
            None => DEFAULT_LIMIT,
        };
        let promote_age = env("PERRY_GC_PROMOTE_AGE").and_then(|s| s.trim().parse().ok()).unwrap_or(2u64).clamp(1, 3);
        Plan { stress, since_stress: 0, stress_full_next: false, growth, threshold: MIN_FULL_THRESHOLD, limit, promote_age, full_pending: false, live_old: 0 }
    }

    /// Counts an allocation under stress; returns the collection to run now.
    #[inline]
    pub fn stress_tick(&mut self) -> Option<Kind> {
        if self.stress == 0 {
            return None;
        }
        self.since_stress += 1;
        if self.since_stress < self.stress {
            return None;
        }
        self.since_stress = 0;
        self.stress_full_next = !self.stress_full_next;
        Some(if self.stress_full_next { Kind::Minor } else { Kind::Full })
    }

    /// The collection to run when eden is full. `request`: the runtime's
    /// request for a full collection, granted while the old generation the
    /// last full collection left is at most its `max_live_old`.
    pub fn on_nursery_full(&self, old_bytes: usize, nursery: usize, request: Option<FullRequest>) -> (Kind, &'static str) {
        if old_bytes + nursery > self.limit {
            (Kind::Full, "heap-limit")
        } else if self.full_pending || old_bytes >= self.threshold {
            (Kind::Full, "old-growth")
        } else if let Some(r) = request
            && self.live_old <= r.max_live_old
        {
            (Kind::Full, r.reason)
        } else {
            (Kind::Minor, "nursery-full")
        }
    }

    /// Before a large allocation of `size` bytes: a full collection first?
    pub fn before_large(&self, old_bytes: usize, nursery: usize, size: usize) -> Option<&'static str> {
        if old_bytes + size + nursery > self.limit {
            Some("heap-limit")
        } else if old_bytes + size >= self.threshold {
            Some("old-growth")
        } else {
            None
        }
    }

    pub fn after_minor(&mut self, old_bytes: usize) {
        if old_bytes >= self.threshold {
            self.full_pending = true;
        }
    }

    pub fn after_full(&mut self, live_old: usize) {
        self.full_pending = false;
        self.live_old = live_old;
        self.threshold = ((live_old as f64 * self.growth) as usize).max(MIN_FULL_THRESHOLD);
    }
}

/// Eden sizing, as V8 sizes its young generation. What a minor collection
/// costs is the bytes that survive it; what eden's size costs is cache: the
/// allocation front sweeps through all of eden, and a big one pushes the old
/// generation's hot cells out of the last-level cache. So while few bytes
/// survive, eden halves (down to an eighth of its reserved size): the
/// survivors are as few, the collections cheap, and the allocation stays in
/// cache. When many survive, eden doubles (up to its reserved size) so that
/// objects get the time to die young.
pub struct EdenSizer {
    pub max: usize,
    pub min: usize,
    /// Consecutive minor collections with a low survival rate.
    low: u32,
}

/// Survival rate (bytes copied or promoted per byte of eden) above which
/// eden doubles.
pub const GROW_SURVIVAL: f64 = 0.10;
/// Survival rate below which eden halves, after [`SHRINK_AFTER`] minor
/// collections in a row (a phase of short-lived garbage, not one lucky
/// collection).
pub const SHRINK_SURVIVAL: f64 = 0.02;
pub const SHRINK_AFTER: u32 = 8;

impl EdenSizer {
    pub fn new(max: usize) -> EdenSizer {
        EdenSizer { max, min: (max / 8).max(crate::vm::PAGE), low: 0 }
    }

    /// The eden size for the next cycle, after a minor collection of a full
    /// eden of `cur` bytes that copied or promoted `survived` bytes.
    pub fn after_minor(&mut self, cur: usize, survived: usize) -> usize {
        let rate = survived as f64 / cur.max(1) as f64;
        if rate > GROW_SURVIVAL {
            self.low = 0;
            return (cur * 2).min(self.max);
        }
        if rate >= SHRINK_SURVIVAL {
            self.low = 0;
            return cur;
        }
        self.low += 1;
        if self.low < SHRINK_AFTER {
            return cur;
        }
        self.low = 0;
        (cur / 2).max(self.min)
    }
}

/// Default heap limit: 16 GiB of old generation (the reservation costs
/// address space only).
pub const DEFAULT_LIMIT: usize = 16 << 30;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eden_shrinks_after_a_run_of_low_survival_and_grows_at_once() {
        let mb = 1 << 20;
        let mut e = EdenSizer::new(16 * mb);
        assert_eq!(e.min, 2 * mb);
        let mut cur = 16 * mb;
        // One collection with few survivors changes nothing...
        for _ in 0..SHRINK_AFTER - 1 {
            cur = e.after_minor(cur, 10_000);
            assert_eq!(cur, 16 * mb);
        }
        // ...a run of them halves eden, down to the minimum.
        cur = e.after_minor(cur, 10_000);
        assert_eq!(cur, 8 * mb);
        for _ in 0..10 * SHRINK_AFTER {
            cur = e.after_minor(cur, 10_000);
        }
        assert_eq!(cur, 2 * mb);
        // Many survivors: it doubles at once, up to the reserved size.
        cur = e.after_minor(cur, mb / 2);
        assert_eq!(cur, 4 * mb);
        cur = e.after_minor(cur, 2 * mb);
        cur = e.after_minor(cur, 4 * mb);
        cur = e.after_minor(cur, 8 * mb);
        assert_eq!(cur, 16 * mb);
        // A middling rate interrupts a run of low ones.
        for _ in 0..SHRINK_AFTER - 1 {
            cur = e.after_minor(cur, 10_000);
        }
        cur = e.after_minor(cur, mb / 2);
        cur = e.after_minor(cur, 10_000);
        assert_eq!(cur, 16 * mb);
    }

    #[test]
    fn byte_counts_parse_with_suffixes() {
        assert_eq!(parse_bytes("1048576"), Some(1 << 20));
        assert_eq!(parse_bytes("512m"), Some(512 << 20));
        assert_eq!(parse_bytes("512M"), Some(512 << 20));
        assert_eq!(parse_bytes("2g"), Some(2 << 30));
        assert_eq!(parse_bytes("64kb"), Some(64 << 10));
        assert_eq!(parse_bytes("1.5g"), Some(3 << 29));
        assert_eq!(parse_bytes("lots"), None);
        assert_eq!(parse_bytes("-1"), None);
    }

    #[test]
    fn stress_alternates_minor_and_full() {
        let mut p = Plan::from_env();
        p.stress = 2;
        let kinds: Vec<_> = (0..8).filter_map(|_| p.stress_tick()).collect();
        assert_eq!(kinds, [Kind::Minor, Kind::Full, Kind::Minor, Kind::Full]);
    }

    #[test]
    fn full_collections_follow_old_growth() {
        let mut p = Plan::from_env();
        p.limit = 1 << 30;
        assert_eq!(p.on_nursery_full(0, 8 << 20, None).0, Kind::Minor);
        p.after_full(100 << 20);
        assert_eq!(p.threshold, ((100 << 20) as f64 * p.growth) as usize);
        assert_eq!(p.on_nursery_full(p.threshold - 1, 8 << 20, None).0, Kind::Minor);
        p.after_minor(p.threshold);
        assert_eq!(p.on_nursery_full(0, 8 << 20, None), (Kind::Full, "old-growth"));
        assert_eq!(p.on_nursery_full(1 << 30, 8 << 20, None), (Kind::Full, "heap-limit"));
        assert_eq!(p.before_large(0, 0, 2 << 30), Some("heap-limit"));
    }

    #[test]
    fn a_full_request_is_granted_while_the_old_generation_is_small() {
        let mut p = Plan::from_env();
        p.limit = 1 << 30;
        p.after_full(1 << 20);
        let req = FullRequest { reason: "side-table", max_live_old: 64 << 20 };
        assert_eq!(p.on_nursery_full(0, 8 << 20, None).0, Kind::Minor);
        assert_eq!(p.on_nursery_full(0, 8 << 20, Some(req)), (Kind::Full, "side-table"));
        p.after_full((64 << 20) + 1);
        assert_eq!(p.on_nursery_full(0, 8 << 20, Some(req)).0, Kind::Minor);
        // The plan's own reasons come first.
        p.after_minor(p.threshold);
        assert_eq!(p.on_nursery_full(0, 8 << 20, Some(req)), (Kind::Full, "old-growth"));
    }
}
