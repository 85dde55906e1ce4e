//! Scoped eager purging: while a [`PurgeGuard`] is alive, mimalloc returns
//! freed memory to the OS at once instead of after its purge delay.
//!
//! Why: steady-state RSS must follow the live heap (DESIGN.md, "The garbage
//! collector"). A full collection at event-loop quiescence frees much through
//! mimalloc, the global allocator (string and array storage, runtime tables),
//! but mimalloc keeps freed ranges committed for `purge_delay` (1000 ms by
//! default) and only purges ranges of at least `minimal_purge_size` (the OS
//! page, or 2 MiB with `allow_thp=2` on a kernel with transparent huge
//! pages). A server that goes idle right after a burst
//! would hold its peak RSS until some later allocation happens to run a purge.
//! Purging eagerly for the whole process instead costs system CPU on every
//! free (Turbopack measured +122 s on one build: vercel/next.js#101589, in
//! `../shared/seeds/000_*`), so the override is scoped to where it pays.
//!
//! [`release_to_os`] is the one call the collector makes, after a full
//! collection at quiescence. [`PurgeGuard`] is for longer spans that free a
//! lot (a large sweep); guards nest and may be held on any thread.
//!
//! Invariants:
//! - Guards are counted process-wide. The first guard saves the two options
//!   and overrides them; the last guard dropped restores exactly the saved
//!   values, whatever order the guards drop in, and also when it is dropped by
//!   unwinding.
//! - An option the user set through the environment is never overridden, and
//!   neither is one that is already eager (`purge_delay` 0, a small
//!   `minimal_purge_size`) or disabled (`purge_delay` < 0: no purging at all).
//! - Only options that decide *when* and *which* freed ranges are purged are
//!   changed at run time. Never options that mimalloc reads when it allocates
//!   OS memory (`allow_thp`, `arena_eager_commit`, ...).
//! - Nothing else in Perry sets these two options; a value set while a guard
//!   is alive would be overwritten by the restore.
//!
//! Thread safety: mimalloc documents `mi_option_set` and `mi_option_get` as not
//! thread-safe. An option is a plain aligned `long` in a static table
//! (`src/options.c`); allocator threads read it without synchronization while
//! a guard writes it. That is formally a data race, accepted as benign, as in
//! vercel/next.js#101589: an aligned `long` is read and written without tearing
//! on every supported target, so a reader sees the old or the new value, and
//! both values are correct (they decide only whether a free range is
//! decommitted now or later). The values change twice per guard span. Our own
//! bookkeeping is behind a `Mutex` (not a [`crate::JsCell`]): guards may be
//! held on several threads.
//!
//! The event loop's idle work ends here: after a full collection `heap::at_quiescence` releases
//! the free pages of fragmented blocks and of the empty nursery, and [`release_to_os`] has
//! mimalloc purge eagerly inside the reference-counted option override. Purging as soon as the
//! loop had nothing to run cost a busy server 14% of its CPU (every 4 KiB page of eden was
//! faulted in and cleared again after each collection), which is why the loop waits 50 ms of
//! idleness first.

use libmimalloc_sys as sys;
use std::ffi::{OsStr, c_long};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// `mi_option_purge_delay`: milliseconds between freeing a range and purging
/// it; 0 purges at once, a negative value never purges (default 1000). Index
/// 15 of `mi_option_t` in the mimalloc v3.3.2 bundled with libmimalloc-sys
/// 0.1.49, `c_src/mimalloc/v3/include/mimalloc.h` (the crate has no constant
/// for it). `mi_option_reset_delay` is its legacy alias.
pub const MI_OPTION_PURGE_DELAY: sys::mi_option_t = 15;

/// `mi_option_minimal_purge_size`: smallest free range (KiB) that a purge
/// pass returns to the OS; 0 means the OS page size, or the huge page size
/// when `allow_thp` is 2 and the kernel has transparent huge pages. Index 44
/// of `mi_option_t`, same header.
pub const MI_OPTION_MINIMAL_PURGE_SIZE: sys::mi_option_t = 44;

/// The purge delay while a guard is alive: purge when freed.
const EAGER_PURGE_DELAY: c_long = 0;

/// The minimal purge size (KiB) while a guard is alive: one arena slice, the
/// unit mimalloc v3 purges in (`MI_ARENA_SLICE_SIZE`, 64 KiB on 64-bit);
/// smaller values round up to it.
const EAGER_MINIMAL_PURGE_SIZE_KIB: c_long = 64;

/// One option a guard overrides.
struct Override {
    option: sys::mi_option_t,
    /// The environment variables mimalloc reads the option from: `mimalloc_`
    /// plus the option name, then plus its legacy name (`mi_option_init` in
    /// `src/options.c`). On Unix mimalloc scans `environ` case-insensitively
    /// (`_mi_prim_getenv` in `src/prim/unix/prim.c`), so we match the same
    /// way. Any value counts as set, even one mimalloc rejects.
    env: &'static [&'static str],
    /// The value while a guard is alive.
    eager: c_long,
    /// Whether the current value is already as eager as `eager`, or turns
    /// purging off: then there is nothing to override.
    already_eager: fn(c_long) -> bool,
}

const OVERRIDES: [Override; 2] = [
    Override {
        option: MI_OPTION_PURGE_DELAY,
        env: &["MIMALLOC_PURGE_DELAY", "MIMALLOC_RESET_DELAY"],
        eager: EAGER_PURGE_DELAY,
        already_eager: |delay| delay <= 0,
    },
    Override {
        option: MI_OPTION_MINIMAL_PURGE_SIZE,
        env: &["MIMALLOC_MINIMAL_PURGE_SIZE"],
        eager: EAGER_MINIMAL_PURGE_SIZE_KIB,
        // 0 is "automatic", possibly 2 MiB.
        already_eager: |kib| (1..=EAGER_MINIMAL_PURGE_SIZE_KIB).contains(&kib),
    },
];

/// Index of `purge_delay` in [`OVERRIDES`] and [`Active::saved`].
const PURGE_DELAY: usize = 0;

/// The override while at least one guard is alive.
struct Active {
    guards: usize,
    /// For each of [`OVERRIDES`], the value to restore, or `None` when the
    /// option was left alone.
    saved: [Option<c_long>; 2],
}

/// `None` while no guard is alive.
static STATE: Mutex<Option<Active>> = Mutex::new(None);

fn state() -> MutexGuard<'static, Option<Active>> {
    // Nothing panics while holding the lock; should that change, the state
    // is still consistent at every unlock.
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

fn option_get(option: sys::mi_option_t) -> c_long {
    // SAFETY: `option` is a valid index (constants above); see the module
    // doc on the benign race with allocator threads.
    unsafe { sys::mi_option_get(option) }
}

fn option_set(option: sys::mi_option_t, value: c_long) {
    // SAFETY: as for `option_get`.
    unsafe { sys::mi_option_set(option, value) }
}

fn set_in_environment(names: &[&str]) -> bool {
    std::env::vars_os().any(|(key, _)| names.iter().any(|name| key.eq_ignore_ascii_case(OsStr::new(name))))
}

/// While alive, mimalloc purges freed memory at once and in ranges as small
/// as one arena slice. Obtained with [`PurgeGuard::new`] or [`eager`];
/// dropping the last live guard restores the options.
#[must_use = "the override ends when the guard is dropped"]
#[derive(Debug)]
pub struct PurgeGuard {
    _private: (),
}

impl PurgeGuard {
    /// Enters eager purging, or joins the span already entered by another
    /// guard.
    pub fn new() -> PurgeGuard {
        let mut state = state();
        match state.as_mut() {
            Some(active) => active.guards += 1,
            None => {
                let saved = OVERRIDES.map(|o| {
                    let current = option_get(o.option);
                    if set_in_environment(o.env) || (o.already_eager)(current) {
                        return None;
                    }
                    option_set(o.option, o.eager);
                    Some(current)
                });
                *state = Some(Active { guards: 1, saved });
            }
        }
        PurgeGuard { _private: () }
    }
}

impl Default for PurgeGuard {
    fn default() -> PurgeGuard {
        PurgeGuard::new()
    }
}

impl Drop for PurgeGuard {
    fn drop(&mut self) {
        let mut state = state();
        let Some(active) = state.as_mut() else {
            crate::fatal("purge: a guard was dropped while none was counted");
        };
        active.guards -= 1;
        if active.guards == 0 {
            for (o, saved) in OVERRIDES.iter().zip(active.saved) {
                if let Some(value) = saved {
                    option_set(o.option, value);
                }
            }
            *state = None;
        }
    }
}

/// Same as [`PurgeGuard::new`].
pub fn eager() -> PurgeGuard {
    PurgeGuard::new()
}

/// The number of live guards, for diagnostics and tests.
pub fn active_guards() -> usize {
    state().as_ref().map_or(0, |active| active.guards)
}

/// Returns the memory freed so far to the OS now: a forced `mi_collect(true)`
/// inside a guard. The collector calls it after a full collection at
/// event-loop quiescence, once it has freed what it could.
///
/// `mi_collect(true)` frees the calling thread's empty pages to the arenas
/// and then purges every arena of the process, due or not. It runs with the
/// small minimal purge size of the guard, but with the purge delay the guard
/// replaced, when there is one: mimalloc skips the arena purge pass entirely
/// while the delay is 0 (`mi_arenas_try_purge` in `src/arena.c` returns early
/// when the delay is <= 0, since nothing is scheduled then), so the ranges
/// freed before the guard, and scheduled with the old delay, would stay
/// resident. Delay 0 is set again before returning. Turbopack hit the same
/// trap (vercel/next.js#101589) and ends its guard before its final collect.
pub fn release_to_os() {
    let _guard = PurgeGuard::new();
    let state = state();
    let replaced_delay = state.as_ref().and_then(|active| active.saved[PURGE_DELAY]);
    if let Some(delay) = replaced_delay {
        option_set(MI_OPTION_PURGE_DELAY, delay);
    }
    // SAFETY: no precondition; collects the calling thread's heap and the
    // process's arenas.
    unsafe { sys::mi_collect(true) };
    if replaced_delay.is_some() {
        option_set(MI_OPTION_PURGE_DELAY, EAGER_PURGE_DELAY);
    }
    // Unlock before `_guard` drops: its drop locks the state too.
    drop(state);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::ffi::OsString;

    /// mimalloc's defaults for the two options (`src/options.c`).
    const DEFAULT_PURGE_DELAY: c_long = 1000;
    const DEFAULT_MINIMAL_PURGE_SIZE: c_long = 0;

    /// These tests share process-wide state (the guard count, mimalloc's
    /// options, the environment) and cargo runs tests on parallel threads,
    /// so each holds this lock. A test elsewhere in the crate that opens a
    /// guard, directly or through [`release_to_os`], must hold it too.
    pub(crate) static SERIAL: Mutex<()> = Mutex::new(());

    /// Serializes a test and gives it mimalloc's default options and an
    /// environment without mimalloc purge variables; restores both on drop.
    struct Fixture {
        _serial: MutexGuard<'static, ()>,
        options: [c_long; 2],
        env: Vec<(OsString, OsString)>,
    }

    fn fixture() -> Fixture {
        let serial = SERIAL.lock().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(active_guards(), 0, "a guard leaked from another test");
        let options = OVERRIDES.map(|o| option_get(o.option));
        let env: Vec<_> =
            std::env::vars_os().filter(|(key, _)| OVERRIDES.iter().any(|o| o.env.iter().any(|name| key.eq_ignore_ascii_case(OsStr::new(name))))).collect();
        for (key, _) in &env {
            remove_env(key);
        }
        option_set(MI_OPTION_PURGE_DELAY, DEFAULT_PURGE_DELAY);
        option_set(MI_OPTION_MINIMAL_PURGE_SIZE, DEFAULT_MINIMAL_PURGE_SIZE);
        Fixture { _serial: serial, options, env }
    }

    impl Drop for Fixture {
        fn drop(&mut self) {
            for (o, value) in OVERRIDES.iter().zip(self.options) {
                option_set(o.option, value);
            }
            for (key, value) in &self.env {
                set_env(key, value);
            }
        }
    }

    fn set_env(key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) {
        // SAFETY: only these tests (serialized by SERIAL) write the
        // environment; other code in this binary reads it through std, which
        // locks, and mimalloc reads it only when the process starts.
        unsafe { std::env::set_var(key, value) }
    }

    fn remove_env(key: impl AsRef<OsStr>) {
        // SAFETY: as for `set_env`.
        unsafe { std::env::remove_var(key) }
    }

    /// (purge_delay, minimal_purge_size) as mimalloc sees them.
    fn options() -> (c_long, c_long) {
        (option_get(MI_OPTION_PURGE_DELAY), option_get(MI_OPTION_MINIMAL_PURGE_SIZE))
    }

    const DEFAULTS: (c_long, c_long) = (DEFAULT_PURGE_DELAY, DEFAULT_MINIMAL_PURGE_SIZE);
    const EAGER: (c_long, c_long) = (EAGER_PURGE_DELAY, EAGER_MINIMAL_PURGE_SIZE_KIB);

    #[test]
    fn nested_guards_restore_when_the_outer_one_drops() {
        let _f = fixture();
        assert_eq!(options(), DEFAULTS);
        let outer = PurgeGuard::new();
        assert_eq!((options(), active_guards()), (EAGER, 1));
        let inner = eager();
        assert_eq!((options(), active_guards()), (EAGER, 2));
        drop(inner);
        assert_eq!((options(), active_guards()), (EAGER, 1));
        drop(outer);
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
    }

    #[test]
    fn out_of_order_drops_restore_on_the_last_drop() {
        let _f = fixture();
        let first = eager();
        let second = eager();
        let third = eager();
        drop(first);
        assert_eq!((options(), active_guards()), (EAGER, 2));
        drop(third);
        assert_eq!((options(), active_guards()), (EAGER, 1));
        drop(second);
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
        // A new span saves the options afresh.
        option_set(MI_OPTION_PURGE_DELAY, 250);
        let again = eager();
        assert_eq!(options(), EAGER);
        drop(again);
        assert_eq!(options(), (250, DEFAULT_MINIMAL_PURGE_SIZE));
    }

    /// Test binaries are built with panic=unwind whatever `profile.panic`
    /// says (cargo ignores it for test targets), so unwinding is observable
    /// here even though the workspace builds with panic=abort.
    #[test]
    fn unwinding_drops_restore() {
        let _f = fixture();
        let outer = eager();
        let caught = std::panic::catch_unwind(|| {
            let _inner = eager();
            assert_eq!(active_guards(), 2);
            panic!("purge test: unwinding through a guard (expected)");
        });
        assert!(caught.is_err());
        assert_eq!((options(), active_guards()), (EAGER, 1));
        let caught = std::panic::catch_unwind(move || {
            let _moved = outer;
            panic!("purge test: unwinding through the last guard (expected)");
        });
        assert!(caught.is_err());
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
    }

    #[test]
    fn a_purge_delay_from_the_environment_is_left_alone() {
        // The legacy name and any case count, as they do for mimalloc.
        for name in ["MIMALLOC_PURGE_DELAY", "mimalloc_purge_delay", "MIMALLOC_RESET_DELAY", "Mimalloc_Reset_Delay"] {
            let _f = fixture();
            // mimalloc read the environment at start-up; a variable set now
            // is seen by the guard only, which must leave the value alone.
            set_env(name, "1000");
            let guard = eager();
            assert_eq!(options(), (DEFAULT_PURGE_DELAY, EAGER_MINIMAL_PURGE_SIZE_KIB), "{name}");
            drop(guard);
            assert_eq!(options(), DEFAULTS, "{name}");
            remove_env(name);
        }
    }

    #[test]
    fn a_minimal_purge_size_from_the_environment_is_left_alone() {
        let _f = fixture();
        set_env("MIMALLOC_MINIMAL_PURGE_SIZE", "2M");
        let guard = eager();
        assert_eq!(options(), (EAGER_PURGE_DELAY, DEFAULT_MINIMAL_PURGE_SIZE));
        drop(guard);
        assert_eq!(options(), DEFAULTS);
        remove_env("MIMALLOC_MINIMAL_PURGE_SIZE");
    }

    #[test]
    fn eager_or_disabled_values_are_left_alone() {
        let _f = fixture();
        for (delay, size) in [(-1, 0), (0, 16), (0, 64), (5, 2048)] {
            option_set(MI_OPTION_PURGE_DELAY, delay);
            option_set(MI_OPTION_MINIMAL_PURGE_SIZE, size);
            let guard = eager();
            let expected_delay = if delay <= 0 { delay } else { EAGER_PURGE_DELAY };
            let expected_size = if (1..=64).contains(&size) { size } else { EAGER_MINIMAL_PURGE_SIZE_KIB };
            assert_eq!(options(), (expected_delay, expected_size));
            drop(guard);
            assert_eq!(options(), (delay, size));
        }
    }

    #[test]
    fn guards_on_many_threads_restore_once_all_drop() {
        let _f = fixture();
        let held = eager();
        let threads = 8;
        let barrier = std::sync::Barrier::new(threads);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    barrier.wait();
                    for _ in 0..1000 {
                        let a = eager();
                        let b = eager();
                        drop(a);
                        assert_eq!(options(), EAGER);
                        drop(b);
                    }
                });
            }
        });
        assert_eq!((options(), active_guards()), (EAGER, 1));
        drop(held);
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
        // Threads that each open and close whole spans.
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    barrier.wait();
                    for _ in 0..1000 {
                        drop(eager());
                    }
                });
            }
        });
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
    }

    #[test]
    fn release_to_os_restores_the_options() {
        let _f = fixture();
        release_to_os();
        assert_eq!((options(), active_guards()), (DEFAULTS, 0));
        let guard = eager();
        release_to_os();
        assert_eq!((options(), active_guards()), (EAGER, 1));
        drop(guard);
        assert_eq!(options(), DEFAULTS);
    }

    /// Names the test a child process runs (see [`in_child`]).
    const CHILD_ENV: &str = "PERRY_GC_PURGE_TEST_CHILD";

    /// RSS is process-wide, and the other tests of this binary allocate on
    /// parallel threads, so an RSS test runs alone: the test binary runs it
    /// again, by exact name, in a child process (with `env` added, which
    /// mimalloc reads when the child starts). Returns true in the child,
    /// which then measures; the parent checks that the child passed.
    fn in_child(test: &str, env: &[(&str, &str)]) -> bool {
        if std::env::var_os(CHILD_ENV).is_some_and(|t| t == test) {
            return true;
        }
        let exe = std::env::current_exe().expect("test binary path");
        let name = format!("purge::tests::{test}");
        let out = std::process::Command::new(exe)
            .args(["--exact", &name, "--nocapture", "--test-threads=1"])
            .env(CHILD_ENV, test)
            .envs(env.iter().copied())
            .output()
            .expect("run the test binary");
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        eprintln!("{stdout}{stderr}");
        assert!(out.status.success(), "{test}: the child process failed");
        assert!(stdout.contains("1 passed"), "{test}: the child process did not run the test");
        false
    }

    /// Resident pages, from /proc/self/statm. Compared with each other only,
    /// so the page size does not matter.
    fn resident_pages() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").expect("read /proc/self/statm");
        statm.split_whitespace().nth(1).and_then(|pages| pages.parse().ok()).expect("statm: resident pages")
    }

    const TOTAL: usize = 200 << 20;
    const BLOCK: usize = 1024;
    /// A purge delay no test outlives: nothing is purged because it is due.
    const LONG_PURGE_DELAY: c_long = 600_000;

    /// Allocates and touches `TOTAL` bytes in `BLOCK`-byte mimalloc blocks.
    /// mimalloc is called directly: the global allocator of the test binary
    /// is the system one.
    fn allocate() -> Vec<*mut u8> {
        (0..TOTAL / BLOCK)
            .map(|i| {
                // SAFETY: a plain allocation, checked for null below.
                let p = unsafe { sys::mi_malloc(BLOCK) }.cast::<u8>();
                assert!(!p.is_null());
                // SAFETY: `p` points to `BLOCK` writable bytes.
                unsafe { p.write_bytes(i as u8 | 1, BLOCK) };
                p
            })
            .collect()
    }

    fn free(blocks: Vec<*mut u8>) {
        for p in blocks {
            // SAFETY: each block came from `mi_malloc` and is freed once.
            unsafe { sys::mi_free(p.cast()) };
        }
    }

    /// At most half of the growth from `base` to `peak` is still resident.
    fn mostly_released(base: usize, peak: usize, now: usize) -> bool {
        now.saturating_sub(base) * 2 < peak - base
    }

    /// The collector's order: the sweep frees, then `release_to_os`.
    #[test]
    fn release_to_os_returns_freed_memory() {
        if !in_child("release_to_os_returns_freed_memory", &[]) {
            return;
        }
        let _f = fixture();
        option_set(MI_OPTION_PURGE_DELAY, LONG_PURGE_DELAY);
        let base = resident_pages();
        let blocks = allocate();
        let peak = resident_pages();
        free(blocks);
        let freed = resident_pages();
        release_to_os();
        let released = resident_pages();
        println!("[purge-test] freed, then release_to_os: resident pages base={base} peak={peak} after_free={freed} after_release={released}");
        assert!(peak - base >= TOTAL / 4096 / 2, "the allocations were not resident");
        // The control: mimalloc keeps freed memory until the purge delay.
        assert!(!mostly_released(base, peak, freed), "freed memory was returned without release_to_os");
        // Those purges were scheduled with the long delay; the forced
        // collect carries them out even though the guard's delay is 0.
        assert!(mostly_released(base, peak, released), "release_to_os kept most of the freed memory");
        assert_eq!((options(), active_guards()), ((LONG_PURGE_DELAY, DEFAULT_MINIMAL_PURGE_SIZE), 0));
    }

    /// A sweep inside a guard: pages are purged as they are freed, before
    /// any collect. This is also the behavioural check that
    /// [`MI_OPTION_PURGE_DELAY`] names the purge delay.
    #[test]
    fn memory_freed_inside_a_guard_is_returned_at_once() {
        if !in_child("memory_freed_inside_a_guard_is_returned_at_once", &[]) {
            return;
        }
        let _f = fixture();
        option_set(MI_OPTION_PURGE_DELAY, LONG_PURGE_DELAY);
        let base = resident_pages();
        let blocks = allocate();
        let peak = resident_pages();
        let guard = eager();
        free(blocks);
        let freed = resident_pages();
        release_to_os();
        let released = resident_pages();
        drop(guard);
        println!("[purge-test] freed inside a guard: resident pages base={base} peak={peak} after_free={freed} after_release={released}");
        assert!(peak - base >= TOTAL / 4096 / 2, "the allocations were not resident");
        assert!(mostly_released(base, peak, freed), "a guard did not make the frees purge at once");
        assert!(mostly_released(base, peak, released), "release_to_os kept most of the freed memory");
        assert_eq!((options(), active_guards()), ((LONG_PURGE_DELAY, DEFAULT_MINIMAL_PURGE_SIZE), 0));
    }

    /// A fragmented heap: one live block per MiB leaves free ranges shorter
    /// than a huge page. With `allow_thp=2` (set for the child: mimalloc
    /// reads it at start-up) and transparent huge pages enabled in the
    /// kernel, mimalloc's minimal purge size is 2 MiB and a forced collect
    /// keeps those ranges; the guard's smaller size returns them. This is
    /// the behavioural check that [`MI_OPTION_MINIMAL_PURGE_SIZE`] names the
    /// minimal purge size. With THP `[never]` the control does not apply.
    #[test]
    fn release_to_os_returns_ranges_smaller_than_a_huge_page() {
        if !in_child("release_to_os_returns_ranges_smaller_than_a_huge_page", &[("MIMALLOC_ALLOW_THP", "2")]) {
            return;
        }
        let _f = fixture();
        option_set(MI_OPTION_PURGE_DELAY, LONG_PURGE_DELAY);
        let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").is_ok_and(|s| !s.contains("[never]"));
        let base = resident_pages();
        let mut blocks = allocate();
        let peak = resident_pages();
        let live: Vec<_> = blocks.iter().copied().step_by((1 << 20) / BLOCK).collect();
        blocks.retain(|p| !live.contains(p));
        free(blocks);
        // SAFETY: no precondition.
        unsafe { sys::mi_collect(true) };
        let collected = resident_pages();
        release_to_os();
        let released = resident_pages();
        free(live);
        println!("[purge-test] fragmented, thp={thp}: resident pages base={base} peak={peak} after_plain_collect={collected} after_release={released}");
        assert!(peak - base >= TOTAL / 4096 / 2, "the allocations were not resident");
        if thp {
            assert!(!mostly_released(base, peak, collected), "mi_collect(true) purged ranges below 2 MiB");
        }
        assert!(mostly_released(base, peak, released), "release_to_os kept most of the fragmented free memory");
    }
}
