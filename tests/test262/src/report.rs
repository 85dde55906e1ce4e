//! Results: the table per directory, the skip reasons, the results file,
//! and the comparison with the committed expected failures.

use crate::run::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The directory a test is counted under: `built-ins/Array`,
/// `language/expressions`, ... (the first two components of its path).
pub fn group(rel: &str) -> &str {
    let mut it = rel.match_indices('/');
    it.next();
    match it.next() {
        Some((i, _)) => &rel[..i],
        None => rel,
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub pass: u32,
    pub fail: u32,
    pub skip: u32,
}

impl Counts {
    pub fn add(&mut self, o: &Outcome) {
        match o {
            Outcome::Pass => self.pass += 1,
            Outcome::Fail(_) => self.fail += 1,
            Outcome::Skip(_) => self.skip += 1,
        }
    }

    /// Passes over non-skipped tests, in percent.
    pub fn rate(&self) -> Option<f64> {
        let run = self.pass + self.fail;
        (run > 0).then(|| 100.0 * f64::from(self.pass) / f64::from(run))
    }
}

/// The summary table: per directory, then overall, then skips by reason.
pub fn table(results: &[(String, Outcome)], bar_total: f64, bar_dir: f64) -> String {
    let mut by_dir: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut total = Counts::default();
    let mut reasons: BTreeMap<&str, u32> = BTreeMap::new();
    for (rel, o) in results {
        by_dir.entry(group(rel)).or_default().add(o);
        total.add(o);
        if let Outcome::Skip(why) = o {
            *reasons.entry(why.as_str()).or_default() += 1;
        }
    }
    let mut s = String::new();
    let _ = writeln!(s, "| directory | pass | fail | skip | pass rate |");
    let _ = writeln!(s, "|---|---:|---:|---:|---:|");
    for (dir, c) in &by_dir {
        let rate = c.rate().map_or("-".into(), |r| format!("{r:.1}%{}", if r < bar_dir { " (below)" } else { "" }));
        let _ = writeln!(s, "| {dir} | {} | {} | {} | {rate} |", c.pass, c.fail, c.skip);
    }
    let rate = total.rate().map_or("-".into(), |r| format!("{r:.1}%{}", if r < bar_total { " (below)" } else { "" }));
    let _ = writeln!(s, "| **all** | {} | {} | {} | **{rate}** |", total.pass, total.fail, total.skip);
    if !reasons.is_empty() {
        let _ = writeln!(s, "\nSkipped, by reason:");
        let mut rs: Vec<(&str, u32)> = reasons.into_iter().collect();
        rs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (why, n) in rs {
            let _ = writeln!(s, "  {n:>6}  {why}");
        }
    }
    s
}

/// The most common failure messages (digits and quoted text folded so
/// that one cause counts once).
pub fn top_failures(results: &[(String, Outcome)], n: usize) -> String {
    let mut kinds: BTreeMap<String, (u32, &str)> = BTreeMap::new();
    for (rel, o) in results {
        if let Outcome::Fail(why) = o {
            let e = kinds.entry(fold(why)).or_insert((0, rel.as_str()));
            e.0 += 1;
        }
    }
    let mut v: Vec<(String, (u32, &str))> = kinds.into_iter().collect();
    v.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(&b.0)));
    let mut s = String::new();
    for (why, (count, example)) in v.into_iter().take(n) {
        let _ = writeln!(s, "  {count:>6}  {why}   (e.g. {example})");
    }
    s
}

/// A failure message with its test-specific parts replaced by `_`.
pub fn fold(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    let mut quote: Option<char> = None;
    for c in msg.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                out.push(c);
            }
            Some(_) => {}
            None if c == '\'' || c == '"' || c == '`' => {
                quote = Some(c);
                out.push(c);
                out.push('_');
            }
            None if c.is_ascii_digit() => {
                if !out.ends_with('#') {
                    out.push('#');
                }
            }
            None => out.push(c),
        }
    }
    out
}

/// The results file: a header naming the suite commit, then one line per
/// test, `PASS path`, `FAIL path # reason` or `SKIP path # reason`.
pub fn results_file(commit: &str, results: &[(String, Outcome)]) -> String {
    let mut s = format!("# perry-test262 results for test262 {commit}\n");
    for (rel, o) in results {
        let _ = match o {
            Outcome::Pass => writeln!(s, "PASS {rel}"),
            Outcome::Fail(why) => writeln!(s, "FAIL {rel} # {}", one_line(why)),
            Outcome::Skip(why) => writeln!(s, "SKIP {rel} # {}", one_line(why)),
        };
    }
    s
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// The expected-failures file: `path # reason` per line, `#` comments.
pub fn parse_expected(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(" # ") {
            Some((p, why)) => (p.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

pub fn expected_file(commit: &str, results: &[(String, Outcome)]) -> String {
    let mut s = format!(
        "# Tests of the bar's subset that fail today, each with its reason (the first error line).\n\
         # Measured against test262 {commit}. Regenerate: perry-test262 --root PATH --write-expected FILE\n"
    );
    for (rel, o) in results {
        if let Outcome::Fail(why) = o {
            let _ = writeln!(s, "{rel} # {}", one_line(why));
        }
    }
    s
}

/// What changed against the expected failures: tests that fail and were
/// not expected to (regressions), and expected failures that pass now.
/// Only tests that ran in this run are compared.
pub struct Changes {
    pub regressions: Vec<(String, String)>,
    pub fixed: Vec<String>,
}

pub fn compare(expected: &BTreeMap<String, String>, results: &[(String, Outcome)]) -> Changes {
    let mut c = Changes { regressions: Vec::new(), fixed: Vec::new() };
    for (rel, o) in results {
        match (o, expected.contains_key(rel)) {
            (Outcome::Fail(why), false) => c.regressions.push((rel.clone(), why.clone())),
            (Outcome::Pass, true) => c.fixed.push(rel.clone()),
            _ => {}
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rel: &str, o: Outcome) -> (String, Outcome) {
        (rel.to_string(), o)
    }

    #[test]
    fn groups_and_table() {
        assert_eq!(group("built-ins/Array/prototype/at/x.js"), "built-ins/Array");
        assert_eq!(group("language/asi/S7.9_A1.js"), "language/asi");
        assert_eq!(group("x.js"), "x.js");
        let results = vec![
            r("built-ins/Array/a.js", Outcome::Pass),
            r("built-ins/Array/b.js", Outcome::Fail("TypeError: x".into())),
            r("built-ins/Array/c.js", Outcome::Skip("eval: the test calls eval".into())),
            r("language/asi/d.js", Outcome::Pass),
        ];
        let t = table(&results, 90.0, 85.0);
        assert!(t.contains("| built-ins/Array | 1 | 1 | 1 | 50.0% (below) |"), "{t}");
        assert!(t.contains("| language/asi | 1 | 0 | 0 | 100.0% |"), "{t}");
        assert!(t.contains("| **all** | 2 | 1 | 1 | **66.7% (below)** |"), "{t}");
        assert!(t.contains("       1  eval: the test calls eval"), "{t}");
    }

    #[test]
    fn folding() {
        assert_eq!(fold("Expected SameValue(«1», «2») to be true"), "Expected SameValue(«#», «#») to be true");
        assert_eq!(fold("TypeError: 'foo' is not a function at 12:3"), "TypeError: '_' is not a function at #:#");
    }

    #[test]
    fn expected_and_compare() {
        let exp = parse_expected("# header\nbuilt-ins/Array/b.js # TypeError: x\nbuilt-ins/Array/a.js # old\n\n");
        assert_eq!(exp.len(), 2);
        assert_eq!(exp["built-ins/Array/b.js"], "TypeError: x");
        let results = vec![
            r("built-ins/Array/a.js", Outcome::Pass),
            r("built-ins/Array/b.js", Outcome::Fail("TypeError: x".into())),
            r("built-ins/Array/c.js", Outcome::Fail("new".into())),
        ];
        let c = compare(&exp, &results);
        assert_eq!(c.regressions, vec![("built-ins/Array/c.js".to_string(), "new".to_string())]);
        assert_eq!(c.fixed, vec!["built-ins/Array/a.js".to_string()]);
        let file = expected_file("abc", &results);
        assert!(file.contains("test262 abc"));
        assert_eq!(parse_expected(&file).len(), 2);
        let res = results_file("abc", &results);
        assert!(res.starts_with("# perry-test262 results for test262 abc\nPASS built-ins/Array/a.js\nFAIL built-ins/Array/b.js # TypeError: x\n"), "{res}");
    }
}
