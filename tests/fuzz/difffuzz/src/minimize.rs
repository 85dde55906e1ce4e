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
    /// For an output difference: the first differing line's label and
    /// Node's text of it. A candidate must differ first at the same print
    /// with the same expected text, so minimising does not wander off to
    /// another difference (or make one by breaking the helpers).
    pub witness: Option<(String, String)>,
}

/// The label and Node's line where `v`'s outputs first differ.
fn witness(v: &Verdict) -> Option<(String, String)> {
    let (n, p) = (v.node.as_ref()?, v.perry.as_ref()?);
    let (_, a, _) = run::first_difference(&n.ran.stdout, &p.stdout)?;
    let label = a.split(' ').next().unwrap_or("").to_string();
    Some((label, a))
}

impl Target {
    pub fn from(v: &Verdict) -> Target {
        let witness = if v.class == Class::Diff { witness(v) } else { None };
        Target { class: v.class, mode: v.mode, signature: v.signature.clone(), witness }
    }
    /// The label of the print whose output differs, if known.
    pub fn label(&self) -> Option<&str> {
        self.witness.as_ref().map(|(l, _)| l.as_str()).filter(|l| l.len() > 1 && (l.starts_with('p') || l.starts_with('l')))
    }
    /// Whether `v` is the same failure: the same class and signature, for a
    /// hang any hang, for an output difference the same witness.
    fn matches(&self, v: &Verdict) -> bool {
        if v.class != self.class {
            return false;
        }
        match self.class {
            Class::Hang => true,
            Class::Diff => match &self.witness {
                Some(w) => witness(v).as_ref() == Some(w),
                None => v.signature == self.signature,
            },
            _ => v.signature == self.signature,
        }
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
        let build = |bs: &[String]| {
            let mut s = p.prelude.clone();
            for b in bs {
                s.push_str(b);
            }
            s.push_str(&p.epilogue);
            s
        };
        // The block that prints the differing line, alone, is the likely
        // answer: tried first.
        let mut blocks = None;
        if let Some(label) = self.target.label() {
            let needle = format!("\"{label}\"");
            if let Some(b) = p.blocks.iter().find(|b| b.contains(&needle))
                && self.still_fails(&build(std::slice::from_ref(b)))
            {
                blocks = Some(vec![b.clone()]);
            }
        }
        let blocks = blocks.unwrap_or_else(|| self.blocks(p));
        let text = build(&blocks);
        // The prelude's helpers stay whole (cutting lines out of them
        // changes every print); its unused functions may go.
        let keep = p.prelude.lines().count();
        let body = self.lines(text, keep);
        self.lines_groups_only(body, keep)
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
                    reduced = true;
                    break;
                }
            }
            if reduced {
                n = (n - 1).max(2);
            } else {
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
    fn lines(&mut self, text: String, from: usize) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        loop {
            let mut changed = false;
            let mut i = from;
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

impl Minimizer<'_> {
    /// Tries to drop each whole top-level brace group (a helper function)
    /// among the first `upto` lines.
    fn lines_groups_only(&mut self, text: String, upto: usize) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut upto = upto.min(lines.len());
        let mut i = 0;
        while i < upto && !self.exhausted() {
            let end = group_end(&lines, i);
            if end > i && end < upto {
                let t: String = lines[..i].iter().chain(&lines[end + 1..]).map(|l| format!("{l}\n")).collect();
                if self.still_fails(&t) {
                    lines.drain(i..=end);
                    upto -= end + 1 - i;
                    continue;
                }
            }
            i = end + 1;
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
