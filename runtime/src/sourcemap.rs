//! Maps return addresses in compiled code back to TypeScript positions, from
//! the tables the compiler emits (for `Error.prototype.stack`).

use perry_gc::JsCell;

struct Entry {
    start: u64,
    end: u64,
    /// Index of the function's name in `names`.
    name: u32,
    /// Sorted (code offset, file, line, col, inlined frame): the inlined
    /// frame is 0 for the function's own code, else an index into
    /// `Map::inlines` plus one.
    locs: Vec<(u32, u32, u32, u32, u32)>,
}

/// The frame of a body compiled into a caller: its name, and the file, line
/// and column of the call it replaced (the caller's frame position).
struct Inlined {
    name: String,
    file: u32,
    line: u32,
    col: u32,
}

struct Map {
    files: Vec<String>,
    sources: Vec<String>,
    entries: Vec<Entry>,
    names: Vec<String>,
    inlines: Vec<Inlined>,
}

static MAP: JsCell<Map> = JsCell::new(Map { files: Vec::new(), sources: Vec::new(), entries: Vec::new(), names: Vec::new(), inlines: Vec::new() });

/// A frame of a stack trace: function name, file, line and column.
pub type Frame = (String, String, u32, u32);

/// Parses the compiler's source-map blob: a text format, one record per line:
/// `F <file>` declares a file; `N <name>` a function name; `R <fnindex> <name idx>`
/// starts a function (address patched by `install`); `L <off> <file> <line> <col> [<inl>]`
/// a position from code offset `off` on, in inlined frame `inl` when given;
/// `I <file> <line> <col> <name>` an inlined frame (the `inl`-th), called from that
/// position.
///
/// # Safety
/// `addrs` must hold `count` function addresses in the blob's function order.
pub unsafe fn install(blob: &str, addrs: *const u64, count: usize) {
    // SAFETY: `install` runs once at start-up on the JS thread, before any `locate`; the map's
    // borrow ends with it and nothing it calls touches `MAP`.
    let m = unsafe { MAP.get() };
    // SAFETY: `addrs` holds `count` addresses (this function's safety contract); the table is in
    // the executable's data, so it lives for the program.
    let addrs = if count == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(addrs, count) } };
    for line in blob.lines() {
        let (tag, rest) = line.split_at(1.min(line.len()));
        let rest = rest.trim_start();
        match tag {
            "F" => m.files.push(rest.to_string()),
            "N" => m.names.push(rest.to_string()),
            "R" => {
                let mut it = rest.split(' ');
                let fi: usize = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let name: u32 = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let size: u64 = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let start = addrs.get(fi).copied().unwrap_or(0);
                m.entries.push(Entry { start, end: start + size, name, locs: Vec::new() });
            }
            "L" => {
                let v: Vec<u32> = rest.split(' ').filter_map(|x| x.parse().ok()).collect();
                if (4..=5).contains(&v.len())
                    && let Some(e) = m.entries.last_mut()
                {
                    e.locs.push((v[0], v[1], v[2], v[3], v.get(4).map_or(0, |i| i + 1)));
                }
            }
            "I" => {
                let mut it = rest.splitn(4, ' ');
                let mut num = || it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let (file, line, col) = (num(), num(), num());
                let name = it.next().unwrap_or("").to_string();
                m.inlines.push(Inlined { name, file, line, col });
            }
            _ => {}
        }
    }
    m.entries.sort_by_key(|e| e.start);
}

/// The frames of a return address, innermost first: the function's own, or
/// the inlined body's then the function's at the call it replaced.
pub fn frames(pc: u64, out: &mut Vec<Frame>) {
    let Some((name, file, line, col, inl)) = locate_raw(pc) else { return };
    // SAFETY: as in `locate_raw`.
    let m = unsafe { MAP.get() };
    match inl.checked_sub(1).and_then(|i| m.inlines.get(i as usize)) {
        Some(i) => {
            out.push((i.name.clone(), file, line, col));
            out.push((name, m.files.get(i.file as usize).cloned().unwrap_or_default(), i.line, i.col));
        }
        None => out.push((name, file, line, col)),
    }
}

fn locate_raw(pc: u64) -> Option<(String, String, u32, u32, u32)> {
    // SAFETY: the map is only read after `install`, on the JS thread (stack traces are made
    // there); this shared use of the borrow ends within `locate`, which calls nothing that writes
    // `MAP`.
    let m = unsafe { MAP.get() };
    let i = m.entries.partition_point(|e| e.start <= pc);
    if i == 0 {
        return None;
    }
    let e = &m.entries[i - 1];
    if pc > e.end {
        return None;
    }
    let off = (pc - 1 - e.start) as u32;
    let j = e.locs.partition_point(|l| l.0 <= off);
    let l = if j == 0 { e.locs.first()? } else { &e.locs[j - 1] };
    let file = m.files.get(l.1 as usize).cloned().unwrap_or_default();
    let name = m.names.get(e.name as usize).cloned().unwrap_or_default();
    Some((name, file, l.2, l.3, l.4))
}

/// The frame name of the compiled function whose code starts at `code`.
pub fn function_name(code: u64) -> Option<String> {
    // SAFETY: as in `locate`.
    let m = unsafe { MAP.get() };
    let i = m.entries.partition_point(|e| e.start < code);
    let e = m.entries.get(i).filter(|e| e.start == code)?;
    m.names.get(e.name as usize).cloned()
}

/// Embedded source text of file `file` between byte offsets (Function.prototype.toString).
pub fn source_text(file: u32, start: u32, end: u32) -> Option<String> {
    // SAFETY: as in `locate`: a read on the JS thread that ends within the function.
    let m = unsafe { MAP.get() };
    let src = m.sources.get(file as usize)?;
    src.get(start as usize..end as usize).map(|s| s.to_string())
}

/// The text of line `line` (1-based) of file `file`.
pub fn source_line(file: &str, line: u32) -> Option<String> {
    // SAFETY: as in `locate`.
    let m = unsafe { MAP.get() };
    let i = m.files.iter().position(|f| f == file)?;
    m.sources.get(i)?.lines().nth(line.saturating_sub(1) as usize).map(|s| s.to_string())
}

/// Registers the source text of each file, in file order.
pub fn install_sources(sources: Vec<String>) {
    // SAFETY: start-up on the JS thread, before any source text is read; a one-statement borrow.
    unsafe { MAP.get() }.sources = sources;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inlined_position_gives_the_inlined_frame_then_the_callers() {
        let addrs = [0x1000u64];
        let blob = "F main.ts\nN run\nR 0 0 100\nL 0 0 10 3\nL 20 0 40 5 0\nL 30 0 11 7\nI 0 12 9 VM.pop\n";
        // SAFETY: one function address for the blob's one function.
        unsafe { install(blob, addrs.as_ptr(), 1) };
        let at = |pc| {
            let mut v = Vec::new();
            frames(pc, &mut v);
            v
        };
        assert_eq!(at(0x1000 + 5), [("run".to_string(), "main.ts".to_string(), 10, 3)]);
        assert_eq!(at(0x1000 + 25), [("VM.pop".to_string(), "main.ts".to_string(), 40, 5), ("run".to_string(), "main.ts".to_string(), 12, 9)]);
        assert_eq!(at(0x1000 + 35), [("run".to_string(), "main.ts".to_string(), 11, 7)]);
        assert!(at(0x2000).is_empty());
    }
}
