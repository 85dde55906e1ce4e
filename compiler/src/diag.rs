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

/// Line starts and UTF-16 checkpoints of a source, for many [`line_col`]
/// lookups in O(log n) each: a column counts UTF-16 units from its line's
/// start, and on a long line (a minified or generated file is one line)
/// counting from the start would make the lookups quadratic, so the index
/// keeps the UTF-16 offset of every line start and of every `CHUNK` bytes.
pub struct LineIndex {
    /// Byte offset of each line start.
    starts: Vec<u32>,
    /// UTF-16 offset (from the start of the source) of each line start.
    starts16: Vec<u32>,
    /// UTF-16 offset of each checkpoint `checkpoint(k)` (a char boundary at or below `k * CHUNK`).
    chunks16: Vec<u32>,
}

const CHUNK: usize = 64;

impl LineIndex {
    pub fn new(source: &str) -> Self {
        let (mut starts, mut starts16, mut chunks16) = (vec![0], vec![0], Vec::with_capacity(source.len() / CHUNK + 1));
        let mut u16s = 0u32;
        for (i, c) in source.char_indices() {
            while chunks16.len() * CHUNK <= i {
                chunks16.push(u16s);
            }
            u16s += c.len_utf16() as u32;
            if c == '\n' {
                starts.push(i as u32 + 1);
                starts16.push(u16s);
            }
        }
        while chunks16.len() * CHUNK <= source.len() {
            chunks16.push(u16s);
        }
        LineIndex { starts, starts16, chunks16 }
    }

    /// UTF-16 offset of the char boundary `offset`.
    fn utf16_at(&self, source: &str, offset: usize) -> u32 {
        let k = offset / CHUNK;
        // chunks16[k] counts the chars that start before k * CHUNK; the one
        // straddling that byte, if any, starts at `from`.
        let from = floor_char_boundary(source, k * CHUNK);
        let straddle = if from < k * CHUNK { source[from..].chars().next().map_or(0, char::len_utf16) as u32 } else { 0 };
        self.chunks16[k] - straddle + source[from..offset].encode_utf16().count() as u32
    }

    /// The same as [`line_col`].
    pub fn line_col(&self, source: &str, offset: u32) -> (u32, u32) {
        let offset = floor_char_boundary(source, (offset as usize).min(source.len()));
        let line = self.starts.partition_point(|&s| s as usize <= offset);
        (line as u32, self.utf16_at(source, offset) - self.starts16[line - 1] + 1)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Two lines of context, the line itself, and a caret under the column. Of
/// a long line (minified or generated code) only [`FRAME_WIDTH`] characters
/// around the column are shown, `…` marking what is cut.
pub fn code_frame(source: &str, line: u32, col: u32) -> String {
    let mut out = String::new();
    let first = line.saturating_sub(2).max(1);
    let width = (line + 1).to_string().len();
    // The window of columns shown: all of them, or FRAME_WIDTH around `col`.
    let col0 = col.saturating_sub(1) as usize;
    let from = col0.saturating_sub(FRAME_WIDTH / 2);
    for (l, text) in source.lines().enumerate().map(|(i, t)| (i as u32 + 1, t)).skip(first as usize - 1).take((line + 1 - first) as usize) {
        let mark = if l == line { ">" } else { " " };
        let _ = writeln!(out, "{mark} {l:>width$} | {}", window(text, from));
        if l == line {
            let caret = col0 - from + usize::from(from > 0);
            let _ = writeln!(out, "  {} | {}^", " ".repeat(width), " ".repeat(caret));
        }
    }
    if source.lines().count() < line as usize {
        // The end of a source that ends with a newline.
        let _ = writeln!(out, "> {line:>width$} | \n  {} | ^", " ".repeat(width));
    }
    out
}

/// How many characters of a long line a code frame shows.
pub const FRAME_WIDTH: usize = 120;

/// `text`'s characters from `from` on, at most [`FRAME_WIDTH`] of them.
fn window(text: &str, from: usize) -> String {
    let mut chars = text.chars().skip(from);
    let shown: String = chars.by_ref().take(FRAME_WIDTH).collect();
    let before = if from > 0 && !shown.is_empty() { "…" } else { "" };
    let after = if chars.next().is_some() { "…" } else { "" };
    format!("{before}{shown}{after}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_frames_show_short_lines_whole_and_a_window_of_long_ones() {
        let src = "let a = 1;\nlet b = ;\n";
        assert_eq!(code_frame(src, 2, 9), "  1 | let a = 1;\n> 2 | let b = ;\n    |         ^\n");
        assert_eq!(code_frame(src, 3, 1), "  1 | let a = 1;\n  2 | let b = ;\n> 3 | \n    | ^\n");
        let long = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
        let frame = code_frame(&long, 1, 1001);
        let lines: Vec<&str> = frame.lines().collect();
        assert_eq!(lines[0], format!("> 1 | …{}X{}…", "a".repeat(60), "b".repeat(59)));
        let column = |l: &str, c: char| l.chars().position(|x| x == c);
        assert_eq!(column(lines[1], '^'), column(lines[0], 'X'));
        assert_eq!(code_frame(&long, 1, 1).lines().next().unwrap(), format!("> 1 | {}…", "a".repeat(FRAME_WIDTH)));
    }

    #[test]
    fn line_index_agrees_with_line_col() {
        let long = format!("x{}é{}\n{}", "😀a".repeat(40), "b".repeat(200), "é".repeat(100));
        for src in ["a\nbé😀c\n\n  d\r\nlast", "", "\n", long.as_str()] {
            let idx = LineIndex::new(src);
            for off in 0..=src.len() as u32 + 2 {
                assert_eq!(idx.line_col(src, off), line_col(src, off), "offset {off} of {src:?}");
            }
        }
    }
}
