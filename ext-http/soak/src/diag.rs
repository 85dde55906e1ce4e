//! Parsing the server's `PERRY_GC_DIAG=1` stderr lines.
//!
//! A diagnostic line is `[tag] key=value key=value ...` (README.md, "The
//! garbage collector and its environment variables"). Keys are only ever
//! added, so parsing is generic: every `key=value` token is kept, unknown
//! keys are ignored by the typed views, and a missing key is `None`.
//! Anything else on stderr (the application's own output) is not a
//! diagnostic line.

/// One `[tag] key=value ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagLine {
    pub tag: String,
    pub fields: Vec<(String, String)>,
}

impl DiagLine {
    /// Parses a line; `None` unless it starts (after blanks) with `[tag]`
    /// and at least one `key=value` token follows. Tokens without `=` are
    /// skipped.
    pub fn parse(line: &str) -> Option<DiagLine> {
        let rest = line.trim_start().strip_prefix('[')?;
        let (tag, rest) = rest.split_once(']')?;
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return None;
        }
        let fields: Vec<(String, String)> = rest
            .split_ascii_whitespace()
            .filter_map(|tok| tok.split_once('='))
            .filter(|(k, _)| !k.is_empty())
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if fields.is_empty() {
            return None;
        }
        Some(DiagLine { tag: tag.to_string(), fields })
    }

    /// The value of `key` (the last one if repeated).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of `key` as an unsigned integer.
    pub fn u64(&self, key: &str) -> Option<u64> {
        self.get(key)?.parse().ok()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GcKind {
    Minor,
    Full,
}

/// A `[gc-step]` line: one collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcStep {
    pub n: Option<u64>,
    /// `None` for a kind this parser does not know.
    pub kind: Option<GcKind>,
    pub reason: Option<String>,
    pub pre_in_use: Option<u64>,
    pub post_in_use: Option<u64>,
    pub sweep_freed: Option<u64>,
    pub promoted: Option<u64>,
    pub pause_us: Option<u64>,
    /// The collecting thread's CPU time during the pause (a Perry server
    /// prints it; the wall-clock `pause_us` also counts time the CPU was
    /// taken away, by the scheduler or a hypervisor).
    pub pause_cpu_us: Option<u64>,
    pub root_slots: Option<u64>,
    pub rss: Option<u64>,
    pub box_cells_live: Option<u64>,
    pub proxies_live: Option<u64>,
}

/// A `[box-stats]` line: the box-cell pool, at event-loop quiescence and at exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxStats {
    pub allocs: Option<u64>,
    pub releases: Option<u64>,
    pub pool_reuses: Option<u64>,
    pub live: Option<u64>,
    pub pooled: Option<u64>,
    pub slabs: Option<u64>,
    pub activations: Option<u64>,
}

/// A `[proxy-stats]` line: the proxy registry, after each full collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyStats {
    pub live: Option<u64>,
    pub freed: Option<u64>,
    pub freed_total: Option<u64>,
    pub created_total: Option<u64>,
    pub slots: Option<u64>,
}

/// A stderr line, as far as the verifier cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    GcStep(GcStep),
    BoxStats(BoxStats),
    ProxyStats(ProxyStats),
    /// `[gc-summary]` (and any other diagnostic tag), kept whole.
    Other(DiagLine),
}

impl Event {
    /// Parses one stderr line; `None` for a line that is not a diagnostic.
    pub fn parse(line: &str) -> Option<Event> {
        let d = DiagLine::parse(line)?;
        Some(match d.tag.as_str() {
            "gc-step" => Event::GcStep(GcStep {
                n: d.u64("n"),
                kind: match d.get("kind") {
                    Some("minor") => Some(GcKind::Minor),
                    Some("full") => Some(GcKind::Full),
                    _ => None,
                },
                reason: d.get("reason").map(str::to_string),
                pre_in_use: d.u64("pre_in_use"),
                post_in_use: d.u64("post_in_use"),
                sweep_freed: d.u64("sweep_freed"),
                promoted: d.u64("promoted"),
                pause_us: d.u64("pause_us"),
                pause_cpu_us: d.u64("pause_cpu_us"),
                root_slots: d.u64("root_slots"),
                rss: d.u64("rss"),
                box_cells_live: d.u64("box_cells_live"),
                proxies_live: d.u64("proxies_live"),
            }),
            "box-stats" => Event::BoxStats(BoxStats {
                allocs: d.u64("allocs"),
                releases: d.u64("releases"),
                pool_reuses: d.u64("pool_reuses"),
                live: d.u64("live"),
                pooled: d.u64("pooled"),
                slabs: d.u64("slabs"),
                activations: d.u64("activations"),
            }),
            "proxy-stats" => Event::ProxyStats(ProxyStats {
                live: d.u64("live"),
                freed: d.u64("freed"),
                freed_total: d.u64("freed_total"),
                created_total: d.u64("created_total"),
                slots: d.u64("slots"),
            }),
            _ => Event::Other(d),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gc_step_minor_and_full() {
        let line = "[gc-step] n=12 kind=minor reason=nursery-full pre_in_use=109861328 post_in_use=108641088 sweep_freed=1220240 promoted=7168360 pause_us=28682 root_slots=382 rss=139767808 box_cells_live=0 proxies_live=0";
        let Some(Event::GcStep(s)) = Event::parse(line) else { panic!("{line}") };
        assert_eq!(
            s,
            GcStep {
                n: Some(12),
                kind: Some(GcKind::Minor),
                reason: Some("nursery-full".into()),
                pre_in_use: Some(109861328),
                post_in_use: Some(108641088),
                sweep_freed: Some(1220240),
                promoted: Some(7168360),
                pause_us: Some(28682),
                pause_cpu_us: None,
                root_slots: Some(382),
                rss: Some(139767808),
                box_cells_live: Some(0),
                proxies_live: Some(0),
            }
        );
        let line = "[gc-step] n=3 kind=full reason=old-growth pre_in_use=46243368 post_in_use=33599016 sweep_freed=12644352 promoted=6345920 pause_us=21308 root_slots=386 rss=69795840 box_cells_live=2092 proxies_live=12\n";
        let Some(Event::GcStep(s)) = Event::parse(line) else { panic!("{line}") };
        assert_eq!((s.kind, s.post_in_use, s.box_cells_live, s.proxies_live), (Some(GcKind::Full), Some(33599016), Some(2092), Some(12)));
    }

    #[test]
    fn gc_step_tolerates_new_and_missing_keys() {
        // A key added later, keys in another order, one key missing.
        let line = "[gc-step] kind=minor n=1 future_key=abc pause_us=17 post_in_use=5000";
        let Some(Event::GcStep(s)) = Event::parse(line) else { panic!() };
        assert_eq!((s.n, s.kind, s.pause_us, s.post_in_use, s.rss), (Some(1), Some(GcKind::Minor), Some(17), Some(5000), None));
        assert_eq!(s.pause_cpu_us, None);
        let Some(Event::GcStep(s)) = Event::parse("[gc-step] n=2 kind=minor pause_us=900 pause_cpu_us=95 preempted=0") else { panic!() };
        assert_eq!((s.pause_us, s.pause_cpu_us), (Some(900), Some(95)));
        // An unknown kind is kept as a step of no known kind.
        let Some(Event::GcStep(s)) = Event::parse("[gc-step] n=2 kind=concurrent pause_us=1") else { panic!() };
        assert_eq!(s.kind, None);
        // A value that is not a number reads as missing.
        let Some(Event::GcStep(s)) = Event::parse("[gc-step] n=2 kind=full pause_us=1.5ms") else { panic!() };
        assert_eq!(s.pause_us, None);
    }

    #[test]
    fn box_stats() {
        let line = "[box-stats] allocs=1100002 releases=1100002 pool_reuses=1099890 live=0 pooled=82944 slabs=11 activations=0";
        assert_eq!(
            Event::parse(line),
            Some(Event::BoxStats(BoxStats {
                allocs: Some(1100002),
                releases: Some(1100002),
                pool_reuses: Some(1099890),
                live: Some(0),
                pooled: Some(82944),
                slabs: Some(11),
                activations: Some(0),
            }))
        );
    }

    #[test]
    fn proxy_stats() {
        let line = "[proxy-stats] live=0 freed=65536 freed_total=131072 created_total=131072 slots=65536";
        assert_eq!(
            Event::parse(line),
            Some(Event::ProxyStats(ProxyStats {
                live: Some(0),
                freed: Some(65536),
                freed_total: Some(131072),
                created_total: Some(131072),
                slots: Some(65536),
            }))
        );
    }

    #[test]
    fn other_diagnostics_are_kept() {
        let line = "[gc-summary] collections=72 full=6 minor=66 pause_p99_us=83848";
        let Some(Event::Other(d)) = Event::parse(line) else { panic!() };
        assert_eq!(d.tag, "gc-summary");
        assert_eq!(d.u64("minor"), Some(66));
        assert_eq!(d.get("nope"), None);
        // A line of the trace, with a word that is not key=value.
        let Some(Event::Other(d)) = Event::parse("[gc-trace] roots source=handles slots=0 us=0") else { panic!() };
        assert_eq!((d.get("source"), d.u64("slots")), (Some("handles"), Some(0)));
    }

    #[test]
    fn garbage_lines_are_not_diagnostics() {
        for line in [
            "",
            "   ",
            "listening on http://127.0.0.1:3000",
            "[gc-step]",
            "[gc-step] no pairs here",
            "[] a=1",
            "[gc step] a=1",
            "gc-step] n=1",
            "[gc-step n=1 kind=minor",
            "TypeError: x is not a function [at foo.ts:1:2] a=b",
            "\u{1b}[31m[gc-step]\u{1b}[0m n=1",
            "[gc-step] =5 ==",
        ] {
            assert_eq!(Event::parse(line), None, "{line:?}");
        }
        // Leading blanks are tolerated; a truncated last token is skipped.
        assert!(matches!(Event::parse("  [box-stats] live=3 pooled"), Some(Event::BoxStats(BoxStats { live: Some(3), pooled: None, .. }))));
    }
}
