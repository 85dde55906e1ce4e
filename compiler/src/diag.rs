//! Compile diagnostics: `file:line:col`, the message, and a code frame.

use std::fmt::Write;

#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub frame: String,
}

impl Diagnostic {
    pub fn new(file: &str, source: &str, offset: u32, message: impl Into<String>) -> Diagnostic {
        let (line, col) = line_col(source, offset);
        Diagnostic { file: file.to_string(), line, col, message: message.into(), frame: code_frame(source, line, col) }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}\n{}", self.file, self.line, self.col, self.message, self.frame)
    }
}

/// Diagnostics as the compiler prints them, one after another.
pub fn render(diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

/// 1-based line and column (in UTF-16 units, as JavaScript tools count) of a byte offset.
pub fn line_col(source: &str, offset: u32) -> (u32, u32) {
    let offset = (offset as usize).min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].encode_utf16().count() as u32 + 1;
    (line, col)
}

/// Line starts of a source, for many [`line_col`] lookups in O(log n) each.
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1));
        LineIndex { starts }
    }

    /// The same as [`line_col`].
    pub fn line_col(&self, source: &str, offset: u32) -> (u32, u32) {
        let offset = floor_char_boundary(source, (offset as usize).min(source.len()));
        let line = self.starts.partition_point(|&s| s as usize <= offset);
        let start = self.starts[line - 1] as usize;
        (line as u32, source[start..offset].encode_utf16().count() as u32 + 1)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Two lines of context, the line itself, and a caret under the column.
pub fn code_frame(source: &str, line: u32, col: u32) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = String::new();
    let first = line.saturating_sub(2).max(1);
    let width = (line + 1).to_string().len();
    for l in first..=line.min(lines.len() as u32 + 1) {
        let text = lines.get(l as usize - 1).copied().unwrap_or("");
        let mark = if l == line { ">" } else { " " };
        let _ = writeln!(out, "{mark} {l:>width$} | {text}");
        if l == line {
            let _ = writeln!(out, "  {} | {}^", " ".repeat(width), " ".repeat(col.saturating_sub(1) as usize));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index_agrees_with_line_col() {
        let src = "a\nbé😀c\n\n  d\r\nlast";
        let idx = LineIndex::new(src);
        for off in 0..=src.len() as u32 + 2 {
            assert_eq!(idx.line_col(src, off), line_col(src, off), "offset {off}");
        }
    }
}
