//! The minimiser: delta debugging over a failing program's blocks, then
//! over its lines (a line that opens a brace is tried together with its
//! body first), keeping a candidate while Node still runs it cleanly and
//! Perry still fails the same way in the same mode.

use crate::generator::Program;
use crate::run::{self, Class, Config, Mode, Verdict};
use std::collections::HashMap;
use std::path::Path;

/// What a candidate must still show.
pub struct Target {
    pub class: Class,
    pub mode: Option<Mode>,
    pub signature: String,
}

impl Target {
    pub fn from(v: &Verdict) -> Target {
        Target { class: v.class, mode: v.mode, signature: v.signature.clone() }
    }
    /// Whether `v` is the same failure: the same class, and for everything
    /// but an output difference (any difference will do) the same signature.
    fn matches(&self, v: &Verdict) -> bool {
        v.class == self.class && (self.class == Class::Diff || self.class == Class::Hang || v.signature == self.signature)
    }
}

pub struct Minimizer<'a> {
    cfg: &'a Config,
    dir: &'a Path,
    target: Target,
    budget: usize,
    pub tests: usize,
    cache: HashMap<String, bool>,
    pub last: Option<Verdict>,
}

impl<'a> Minimizer<'a> {
    pub fn new(cfg: &'a Config, dir: &'a Path, target: Target, budget: usize) -> Self {
        Minimizer { cfg, dir, target, budget, tests: 0, cache: HashMap::new(), last: None }
    }

    fn exhausted(&self) -> bool {
        self.tests >= self.budget
    }

    /// Whether `text` still fails as the target does.
    fn still_fails(&mut self, text: &str) -> bool {
        if let Some(&r) = self.cache.get(text) {
            return r;
        }
        if self.exhausted() {
            return false;
        }
        self.tests += 1;
        let modes: Vec<Mode> = self.target.mode.into_iter().collect();
        let ok = std::fs::write(self.dir.join("case.ts"), text).is_ok()
            && match run::evaluate(self.cfg, self.dir, &modes) {
                Ok(v) => {
                    let m = self.target.matches(&v);
                    if m {
                        self.last = Some(v);
                    }
                    m
                }
                Err(_) => false,
            };
        self.cache.insert(text.to_string(), ok);
        ok
    }

    /// The smallest program found that still fails, as text.
    pub fn minimize(&mut self, p: &Program) -> String {
        let blocks = self.blocks(p);
        let mut text = p.prelude.clone();
        for b in &blocks {
            text.push_str(b);
        }
        text.push_str(&p.epilogue);
        self.lines(text)
    }

    /// ddmin over the blocks: the kept blocks.
    fn blocks(&mut self, p: &Program) -> Vec<String> {
        let build = |bs: &[String]| {
            let mut s = p.prelude.clone();
            for b in bs {
                s.push_str(b);
            }
            s.push_str(&p.epilogue);
            s
        };
        let mut cur = p.blocks.clone();
        let mut n = 2usize;
        while cur.len() >= 2 && !self.exhausted() {
            let chunk = cur.len().div_ceil(n);
            let mut reduced = false;
            for i in 0..n {
                let (lo, hi) = (i * chunk, ((i + 1) * chunk).min(cur.len()));
                if lo >= hi {
                    continue;
                }
                let rest: Vec<String> = cur[..lo].iter().chain(&cur[hi..]).cloned().collect();
                if self.still_fails(&build(&rest)) {
                    cur = rest;
                    n = (n - 1).max(2);
                    reduced = true;
                    break;
                }
            }
            if !reduced {
                if n >= cur.len() {
                    break;
                }
                n = (n * 2).min(cur.len());
            }
        }
        if cur.len() == 1 && self.still_fails(&build(&[])) {
            cur.clear();
        }
        cur
    }

    /// Removes brace groups and single lines until nothing more can go.
    fn lines(&mut self, text: String) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        loop {
            let mut changed = false;
            let mut i = 0;
            while i < lines.len() && !self.exhausted() {
                let end = group_end(&lines, i);
                let spans = if end > i { vec![(i, end), (i, i)] } else { vec![(i, i)] };
                let mut removed = false;
                for (lo, hi) in spans {
                    let mut t: String = lines[..lo].iter().chain(&lines[hi + 1..]).map(|l| format!("{l}\n")).collect();
                    if t.is_empty() {
                        t.push('\n');
                    }
                    if self.still_fails(&t) {
                        lines.drain(lo..=hi);
                        removed = true;
                        changed = true;
                        break;
                    }
                }
                if !removed {
                    i += 1;
                }
            }
            if !changed || self.exhausted() {
                break;
            }
        }
        let mut t = lines.join("\n");
        t.push('\n');
        t
    }
}

/// The last line of the brace group that line `i` opens (`i` itself when it
/// opens none).
fn group_end(lines: &[String], i: usize) -> usize {
    let depth = |l: &str| l.chars().fold(0i64, |d, c| d + i64::from(c == '{') - i64::from(c == '}'));
    let mut d = depth(&lines[i]);
    if d <= 0 {
        return i;
    }
    for (j, l) in lines.iter().enumerate().skip(i + 1) {
        d += depth(l);
        if d <= 0 {
            return j;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brace_groups() {
        let ls: Vec<String> = ["{", "  a;", "  if (x) {", "  }", "}", "b;"].iter().map(|s| s.to_string()).collect();
        assert_eq!(group_end(&ls, 0), 4);
        assert_eq!(group_end(&ls, 2), 3);
        assert_eq!(group_end(&ls, 5), 5);
    }
}
