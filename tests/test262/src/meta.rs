//! A test's frontmatter: the YAML between `/*---` and `---*/`
//! (test262's INTERPRETING.md, "Metadata"). Only the keys a runner acts on
//! are read, and only the YAML forms test262 uses for them: flow lists
//! (`includes: [a.js, b.js]`), block lists (`- a.js` lines), and the
//! `negative` mapping.

/// When a negative test's error must happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Parsing, or the early errors of the static semantics.
    Parse,
    /// Module resolution or linking.
    Resolution,
    /// Evaluation.
    Runtime,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Negative {
    pub phase: Phase,
    /// The constructor name of the expected error (`SyntaxError`, ...).
    pub error: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    pub includes: Vec<String>,
    pub flags: Vec<String>,
    pub features: Vec<String>,
    pub negative: Option<Negative>,
}

impl Meta {
    pub fn flag(&self, f: &str) -> bool {
        self.flags.iter().any(|x| x == f)
    }
}

/// Parses the frontmatter of `source`; `Err` when it is missing or a key
/// the runner needs is malformed.
pub fn parse(source: &str) -> Result<Meta, String> {
    let start = source.find("/*---").ok_or("no /*--- frontmatter")? + 5;
    let len = source[start..].find("---*/").ok_or("unterminated frontmatter")?;
    let yaml = &source[start..start + len];
    let mut meta = Meta::default();
    let lines: Vec<&str> = yaml.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        // Top-level keys only: nested lines are indented.
        if line.starts_with(' ') || line.starts_with('\t') {
            continue;
        }
        let Some((key, rest)) = line.split_once(':') else { continue };
        let rest = rest.trim();
        match key.trim() {
            k @ ("includes" | "flags" | "features") => {
                let list = if rest.is_empty() {
                    let mut items = Vec::new();
                    while i < lines.len() && lines[i].trim_start().starts_with("- ") {
                        items.push(unquote(lines[i].trim_start()[2..].trim()).to_string());
                        i += 1;
                    }
                    items
                } else {
                    flow_list(rest).ok_or_else(|| format!("{k}: expected a list, found {rest:?}"))?
                };
                match k {
                    "includes" => meta.includes = list,
                    "flags" => meta.flags = list,
                    _ => meta.features = list,
                }
            }
            "negative" => {
                let (mut phase, mut error) = (None, None);
                while i < lines.len() && (lines[i].starts_with(' ') || lines[i].starts_with('\t') || lines[i].trim().is_empty()) {
                    if let Some((k, v)) = lines[i].trim().split_once(':') {
                        match k.trim() {
                            "phase" => phase = Some(v.trim().to_string()),
                            "type" => error = Some(v.trim().to_string()),
                            _ => {}
                        }
                    }
                    i += 1;
                }
                let phase = match phase.as_deref() {
                    Some("parse" | "early") => Phase::Parse,
                    Some("resolution") => Phase::Resolution,
                    Some("runtime") => Phase::Runtime,
                    other => return Err(format!("negative: unknown phase {other:?}")),
                };
                let error = error.ok_or("negative: no type")?;
                meta.negative = Some(Negative { phase, error });
            }
            _ => {}
        }
    }
    Ok(meta)
}

/// `[a, b, c]` as its items.
fn flow_list(s: &str) -> Option<Vec<String>> {
    let inner = s.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    Some(inner.split(',').map(|x| unquote(x.trim()).to_string()).filter(|x| !x.is_empty()).collect())
}

fn unquote(s: &str) -> &str {
    s.strip_prefix('"').and_then(|x| x.strip_suffix('"')).or_else(|| s.strip_prefix('\'').and_then(|x| x.strip_suffix('\''))).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_and_block_lists() {
        let src = "// c\n/*---\nesid: sec-x\ndescription: >\n  includes: [not, this]\nincludes: [propertyHelper.js, compareArray.js]\nflags: [onlyStrict, async]\nfeatures:\n  - Symbol\n  - 'BigInt'\n---*/\nx();\n";
        let m = parse(src).unwrap();
        assert_eq!(m.includes, ["propertyHelper.js", "compareArray.js"]);
        assert_eq!(m.flags, ["onlyStrict", "async"]);
        assert_eq!(m.features, ["Symbol", "BigInt"]);
        assert!(m.flag("async") && !m.flag("raw"));
        assert_eq!(m.negative, None);
    }

    #[test]
    fn negative() {
        let src = "/*---\nnegative:\n  phase: parse\n  type: SyntaxError\nflags: [module]\n---*/\n$DONOTEVALUATE();\n";
        let m = parse(src).unwrap();
        assert_eq!(m.negative, Some(Negative { phase: Phase::Parse, error: "SyntaxError".into() }));
        assert_eq!(m.flags, ["module"]);
        let src = "/*---\nnegative:\n  type: TypeError\n  phase: runtime\n---*/\n";
        assert_eq!(parse(src).unwrap().negative.unwrap().phase, Phase::Runtime);
        let src = "/*---\nnegative:\n  phase: early\n  type: ReferenceError\n---*/\n";
        assert_eq!(parse(src).unwrap().negative.unwrap().phase, Phase::Parse);
        assert!(parse("/*---\nnegative:\n  phase: later\n  type: X\n---*/").is_err());
        assert!(parse("no frontmatter").is_err());
    }
}
