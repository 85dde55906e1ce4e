//! Strings: flat one-byte and two-byte cells, and ropes.
//!
//! A string value (`TAG_STRING`) points at one of three cells (abi `KIND_STRING*`, `KIND_ROPE`):
//! - a flat **one-byte** string (`KIND_STRING_ONE_BYTE`): Latin-1 code units, a byte each;
//! - a flat **two-byte** string (`KIND_STRING`): UTF-16 code units;
//! - a **rope** (`KIND_ROPE`): the concatenation of two strings, made by [`concat`] when the
//!   result has at least [`ROPE_MIN`] units. It is flattened the first time its units are read
//!   ([`view`], [`flat`]): the flat string is kept in the rope (its `left`, `right` cleared), so
//!   a rope is flattened once and its pieces are freed. Flattening is iterative (no recursion),
//!   and a rope deeper than [`MAX_DEPTH`] is flattened when it is made;
//! - a **slice** (`KIND_SLICE`): units `[offset, offset + len)` of a flat parent, made by
//!   [`substring`] (`slice`, `substring`, `substr`, `trim`, `split`) for a result of at least
//!   [`SLICE_MIN`] units that is at least `1 / SLICE_RETAIN` of its parent, so `src =
//!   src.slice(n)` in a loop (a lexer) copies nothing and no slice keeps alive more than
//!   [`SLICE_RETAIN`] times its own length. A slice has its parent's width and is read in place.
//!
//! The semantics are UTF-16 throughout: a one-byte string is a UTF-16 string whose units all
//! fit in a byte. Makers choose the width by content where they can tell ([`from_units`] and
//! [`StrBuf`] narrow; [`from_str`] decodes), so ASCII text is one-byte; nothing relies on it
//! (equality and hashing compare units across widths).
//!
//! **Reading.** [`view`] gives a string's units as a [`Str`] (a byte or a `u16` slice) and
//! [`units16`] as UTF-16 (copied for a one-byte string). Both are valid until the next
//! allocation, as a slice of any heap cell is. Flattening a rope inside them allocates but
//! never collects (`perry_gc::alloc_uninit_no_gc`), so reading a string's units moves nothing:
//! callers may read two strings one after the other and hold both views.
//!
//! String cells are allocated unzeroed (every maker writes all units before the next
//! allocation; the collector never reads a flat string's body).

use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;
use std::borrow::Cow;

/// The most code units a string holds: V8's `String::kMaxLength` on 64-bit targets, so the
/// operations that would make a longer one throw Node's `RangeError` ([`check_len`]).
pub const MAX_LEN: usize = (1 << 29) - 24;

/// A concatenation this long or longer makes a rope (V8's `ConsString::kMinLength`); shorter
/// ones copy.
pub const ROPE_MIN: usize = 13;

/// A rope deeper than this is flattened when it is made: at most one flattening per this many
/// appends to a string built by `+=`.
pub const MAX_DEPTH: u64 = 1 << 14;

/// A substring this long or longer may be a slice of its string ([`substring`]); a shorter one
/// is copied, which costs about what a slice cell does and keeps nothing else alive.
pub const SLICE_MIN: usize = 64;

/// A substring is a slice only when its parent has at most this many times its units, so a
/// slice never keeps alive much more than itself; `src = src.slice(n)` in a loop copies its
/// remainder each time it falls below this fraction of its parent: linear in all.
pub const SLICE_RETAIN: usize = 4;

/// `Err(RangeError: Invalid string length)` when a string of `n` units would be too long.
#[inline]
pub fn check_len(n: usize) -> crate::error::JsResult<()> {
    if n > MAX_LEN { Err(crate::error::range_error("Invalid string length")) } else { Ok(()) }
}

// ---------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------

#[inline]
fn kind(s: Value) -> u64 {
    // SAFETY: `s` is a string (this module's contract: callers test `is_string`), whose cell
    // starts with a header.
    unsafe { (*s.ptr() >> HDR_KIND_SHIFT) & 0xFF }
}

#[inline]
fn word(s: Value, off: i32) -> u64 {
    // SAFETY: `s` is a rope (the callers test its kind), whose cell holds `ROPE_SIZE` bytes.
    unsafe { *s.ptr().add(off as usize / 8) }
}

#[inline]
fn is_slice(s: Value) -> bool {
    kind(s) == KIND_SLICE
}

/// The parent and offset of slice `s`.
#[inline]
fn slice_parts(s: Value) -> (Value, usize) {
    (Value(word(s, SLICE_PARENT)), word(s, SLICE_OFFSET) as usize)
}

/// The number of code units of `s`, whatever its cell.
#[inline]
pub fn len(s: Value) -> usize {
    // SAFETY: `s` is a string, and every string cell keeps its length in the low 32 bits of
    // word 1 (abi `STR_LEN`); nothing allocates during the read.
    unsafe { *(s.ptr().add(1) as *const u32) as usize }
}

/// Whether `s` is a rope not yet flattened.
#[inline]
pub fn is_rope(s: Value) -> bool {
    kind(s) == KIND_ROPE && word(s, ROPE_RIGHT) != 0
}

/// Whether every unit of `s` fits in a byte as far as its cells tell (a flat one-byte string, a
/// slice of one, or a rope of them).
#[inline]
pub fn is_one_byte(s: Value) -> bool {
    match kind(s) {
        KIND_STRING_ONE_BYTE => true,
        KIND_SLICE => kind(slice_parts(s).0) == KIND_STRING_ONE_BYTE,
        KIND_ROPE => {
            let l = word(s, ROPE_LEFT);
            if word(s, ROPE_RIGHT) == 0 { kind(Value(l)) == KIND_STRING_ONE_BYTE } else { word(s, ROPE_META) & ROPE_TWO_BYTE == 0 }
        }
        _ => false,
    }
}

fn depth(s: Value) -> u64 {
    if is_rope(s) { (word(s, ROPE_META) >> ROPE_DEPTH_SHIFT) & ROPE_DEPTH_MASK } else { 0 }
}

/// A flat cell of `len` units, one-byte or two-byte, unwritten; collecting first when `gc`.
fn alloc_flat(len: usize, one_byte: bool, gc: bool) -> Value {
    if len > (1 << 30) {
        crate::error::fatal_oom("Invalid string length");
    }
    let (size, kind) = if one_byte { (STR_DATA as usize + len, KIND_STRING_ONE_BYTE) } else { (STR_DATA as usize + len * 2, KIND_STRING) };
    // Not zeroed: every caller writes all the units before its next allocation, and the
    // collector never reads a flat string's body.
    let p = if gc { perry_gc::alloc_uninit(size, kind) } else { perry_gc::alloc_uninit_no_gc(size, kind) };
    // SAFETY: `p` is the cell just allocated, at least 16 bytes; word 1 is the length (and a
    // zero upper half), written before any other allocation as `alloc_uninit` asks.
    unsafe { *p.add(1) = len as u64 };
    Value::from_string_cell(p)
}

/// Allocates a two-byte string of `len` code units (not zeroed: the caller writes them all
/// before its next allocation). Callers check lengths that may exceed [`MAX_LEN`] first
/// ([`check_len`]); past 2^30 units this is a fatal out-of-memory error.
pub fn alloc_string(len: usize) -> Value {
    alloc_flat(len, false, true)
}

/// [`alloc_string`] for a one-byte string.
pub fn alloc_one_byte(len: usize) -> Value {
    alloc_flat(len, true, true)
}

/// A new two-byte string of `len` code units written by `fill`, which must not allocate (it
/// gets the string's units before any other allocation). The caller checked `len`
/// ([`check_len`]) and knows a unit is above 0xFF (else [`build_one_byte`]).
pub fn build(len: usize, fill: impl FnOnce(&mut [u16])) -> Value {
    let s = alloc_string(len);
    fill(two_mut(s));
    s
}

/// [`build`] for a one-byte string.
pub fn build_one_byte(len: usize, fill: impl FnOnce(&mut [u8])) -> Value {
    let s = alloc_one_byte(len);
    fill(one_mut(s));
    s
}

/// A piece of an [`assemble`]d string: units `start..end` of the first string (`false`) or of
/// the second (`true`).
pub type Piece = (bool, usize, usize);

/// What [`assemble`] calls to name its pieces.
pub type Walk<'a> = dyn Fn(&mut dyn FnMut(Piece)) + 'a;

/// The string made of the pieces `walk` names, in its order, ranges of `a` or of `b`: built in
/// one pass into a cell of the width its units need (one-byte when `a` and `b` are), with no
/// copy on the Rust side. `walk` is called twice (measuring, then copying) and must name the
/// same pieces both times; it sees no views, so the collection the allocation may run moves
/// nothing it holds. How `replace` and `replaceAll` build their results.
pub fn assemble(a: Value, b: Value, walk: impl Fn(&mut dyn FnMut(Piece))) -> crate::error::JsResult {
    let scope = HandleScope::new();
    let (ha, hb) = (scope.root(flat(a).0), scope.root(flat(b).0));
    let one = is_one_byte(Value(ha.get())) && is_one_byte(Value(hb.get()));
    let (va, vb) = (view(Value(ha.get())), view(Value(hb.get())));
    let (mut total, mut wide) = (0usize, false);
    walk(&mut |(second, s, e)| {
        total += e - s;
        if !one && !wide {
            let v = if second { vb } else { va };
            wide = matches!(v.slice(s, e), Str::Two(u) if u.iter().any(|&c| c > 0xFF));
        }
    });
    check_len(total)?;
    fn fill<T: Unit>(d: &mut [T], va: Str, vb: Str, walk: &Walk) {
        let mut at = 0;
        walk(&mut |(second, s, e)| {
            let v = if second { vb } else { va };
            v.slice(s, e).copy_to(&mut d[at..at + e - s]);
            at += e - s;
        });
    }
    // The views are taken again after the allocation, which may have moved both strings.
    let views = || (view(Value(ha.get())), view(Value(hb.get())));
    Ok(if wide {
        build(total, |d| {
            let (va, vb) = views();
            fill(d, va, vb, &walk)
        })
    } else {
        build_one_byte(total, |d| {
            let (va, vb) = views();
            fill(d, va, vb, &walk)
        })
    })
}

#[inline]
fn two_mut<'a>(s: Value) -> &'a mut [u16] {
    // SAFETY: `s` is a flat two-byte string: `len(s)` units follow `STR_DATA`; its units are
    // written only while it is being built (no other slice of it is alive then).
    unsafe { core::slice::from_raw_parts_mut((s.ptr() as *mut u8).add(STR_DATA as usize) as *mut u16, len(s)) }
}

#[inline]
fn one_mut<'a>(s: Value) -> &'a mut [u8] {
    // SAFETY: as in `two_mut`, for a flat one-byte string.
    unsafe { core::slice::from_raw_parts_mut((s.ptr() as *mut u8).add(STR_DATA as usize), len(s)) }
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/// A string's code units: a byte slice (each byte one Latin-1 unit) or a UTF-16 slice.
#[derive(Clone, Copy, Debug)]
pub enum Str<'a> {
    One(&'a [u8]),
    Two(&'a [u16]),
}

impl<'a> Str<'a> {
    #[inline]
    pub fn len(self) -> usize {
        match self {
            Str::One(b) => b.len(),
            Str::Two(u) => u.len(),
        }
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
    /// The code unit at `i` (which must be in bounds).
    #[inline]
    pub fn at(self, i: usize) -> u16 {
        match self {
            Str::One(b) => b[i] as u16,
            Str::Two(u) => u[i],
        }
    }
    /// The units `[a, b)`.
    #[inline]
    pub fn slice(self, a: usize, b: usize) -> Str<'a> {
        match self {
            Str::One(s) => Str::One(&s[a..b]),
            Str::Two(u) => Str::Two(&u[a..b]),
        }
    }
    /// The units as UTF-16 (a copy for a one-byte string).
    pub fn to_units(self) -> Cow<'a, [u16]> {
        match self {
            Str::One(b) => Cow::Owned(b.iter().map(|&c| c as u16).collect()),
            Str::Two(u) => Cow::Borrowed(u),
        }
    }
    pub fn to_vec(self) -> Vec<u16> {
        self.to_units().into_owned()
    }
    /// Calls `f` on each unit in order.
    #[inline]
    pub fn for_each(self, mut f: impl FnMut(u16)) {
        match self {
            Str::One(b) => b.iter().for_each(|&c| f(c as u16)),
            Str::Two(u) => u.iter().for_each(|&c| f(c)),
        }
    }
    /// Whether every unit is below 0x80.
    pub fn is_ascii(self) -> bool {
        match self {
            Str::One(b) => b.is_ascii(),
            Str::Two(u) => u.iter().all(|&c| c < 0x80),
        }
    }
    /// The units as UTF-8, lone surrogates replaced by U+FFFD.
    pub fn to_rust(self) -> String {
        match self {
            Str::One(b) => latin1_to_rust(b),
            Str::Two(u) => utf8_lossy(u),
        }
    }
    /// The units as UTF-8 bytes, lone surrogates replaced by U+FFFD (TextEncoder's encoding):
    /// ASCII is one copy.
    pub fn to_utf8(self) -> Vec<u8> {
        match self {
            Str::One(b) if b.is_ascii() => b.to_vec(),
            Str::One(b) => latin1_to_rust(b).into_bytes(),
            Str::Two(u) => utf8_lossy(u).into_bytes(),
        }
    }
    /// FNV-1a over the units (the same for both widths of the same units).
    pub fn hash(self) -> u64 {
        let mut h: u64 = 0xcbf29ce484222325;
        self.for_each(|c| {
            h ^= c as u64;
            h = h.wrapping_mul(0x100000001b3);
        });
        h
    }
    /// Unit-wise equality, across widths.
    pub fn same(self, o: Str) -> bool {
        match (self, o) {
            (Str::One(a), Str::One(b)) => a == b,
            (Str::Two(a), Str::Two(b)) => a == b,
            (Str::One(a), Str::Two(b)) | (Str::Two(b), Str::One(a)) => a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x as u16 == y),
        }
    }
    /// Whether the units equal `u`.
    pub fn eq_units(self, u: &[u16]) -> bool {
        self.same(Str::Two(u))
    }
    /// Unit-wise comparison (IsLessThan on strings), across widths.
    pub fn order(self, o: Str) -> core::cmp::Ordering {
        match (self, o) {
            (Str::One(a), Str::One(b)) => a.cmp(b),
            (Str::Two(a), Str::Two(b)) => a.cmp(b),
            (Str::One(a), Str::Two(b)) => a.iter().map(|&c| c as u16).cmp(b.iter().copied()),
            (Str::Two(a), Str::One(b)) => a.iter().copied().cmp(b.iter().map(|&c| c as u16)),
        }
    }
    /// StringIndexOf (6.1.4.1): the first occurrence of `needle` at or after `from`. One
    /// byte in a short one-byte haystack (`p.indexOf(":")` on a header or a CSV field) is
    /// searched inline; anything else out of line.
    #[inline(always)]
    pub fn find(self, needle: Str, from: usize) -> Option<usize> {
        if let (Str::One(h), Str::One(&[c])) = (self, needle)
            && from <= h.len()
            && h.len() - from < 64
        {
            return h[from..].iter().position(|&b| b == c).map(|i| i + from);
        }
        self.find_general(needle, from)
    }
    /// [`Str::find`] past its inline case.
    #[inline(never)]
    fn find_general(self, needle: Str, from: usize) -> Option<usize> {
        let n = needle.len();
        if n == 0 {
            return if from <= self.len() { Some(from) } else { None };
        }
        if n > self.len() || from > self.len() - n {
            return None;
        }
        match (self, needle) {
            (Str::One(h), Str::One(q)) => find_bytes(&h[from..], q).map(|i| i + from),
            (Str::Two(h), Str::Two(q)) => find_units(h, q, from),
            _ => self.find_mixed(needle, from),
        }
    }
    /// [`Str::find`] across widths (`from` in bounds).
    #[inline(never)]
    fn find_mixed(self, needle: Str, from: usize) -> Option<usize> {
        match (self, needle) {
            // A two-byte needle in a one-byte haystack: found only if every unit fits a byte.
            (Str::One(h), Str::Two(q)) => {
                let mut b = smallvec::SmallVec::<[u8; 32]>::with_capacity(q.len());
                for &c in q {
                    b.push(u8::try_from(c).ok()?);
                }
                find_bytes(&h[from..], &b).map(|i| i + from)
            }
            (Str::Two(h), Str::One(q)) => {
                let q: smallvec::SmallVec<[u16; 32]> = q.iter().map(|&c| c as u16).collect();
                find_units(h, &q, from)
            }
            _ => unreachable!("find_general searches strings of one width"),
        }
    }
    /// Whether the units at `at` begin with `p`.
    pub fn has_at(self, at: usize, p: Str) -> bool {
        at.checked_add(p.len()).is_some_and(|e| e <= self.len()) && self.slice(at, at + p.len()).same(p)
    }
    /// The units copied into `d` (as long as this), widened or narrowed (the caller knows
    /// every unit fits when `T` is `u8`).
    pub fn copy_to<T: Unit>(self, d: &mut [T]) {
        match self {
            Str::One(b) => T::copy_from_one(d, b),
            Str::Two(u) => T::copy_from_two(d, u),
        }
    }
}

/// A code-unit width a flat string is written in.
pub trait Unit: Copy + 'static {
    fn copy_from_one(d: &mut [Self], s: &[u8]);
    fn copy_from_two(d: &mut [Self], s: &[u16]);
}
impl Unit for u8 {
    #[inline]
    fn copy_from_one(d: &mut [u8], s: &[u8]) {
        copy_bytes(d, s)
    }
    #[inline]
    fn copy_from_two(d: &mut [u8], s: &[u16]) {
        for (d, &c) in d.iter_mut().zip(s) {
            *d = c as u8;
        }
    }
}
impl Unit for u16 {
    #[inline]
    fn copy_from_one(d: &mut [u16], s: &[u8]) {
        for (d, &c) in d.iter_mut().zip(s) {
            *d = c as u16;
        }
    }
    #[inline]
    fn copy_from_two(d: &mut [u16], s: &[u16]) {
        d.copy_from_slice(s)
    }
}

/// The first occurrence of `q` (not empty) in `h`: memchr for one byte, a plain scan in a short
/// haystack (where building memmem's searcher would cost more than the search: `indexOf` on a
/// header or a CSV field), memmem otherwise.
#[inline(always)]
fn find_bytes(h: &[u8], q: &[u8]) -> Option<usize> {
    // `q` is not empty and not longer than `h` (`Str::find` checked both).
    let first = q[0];
    if h.len() < 64 {
        if q.len() == 1 {
            return h.iter().position(|&c| c == first);
        }
        let last = h.len() - q.len();
        return (0..=last).find(|&i| h[i] == first && h[i + 1..i + q.len()].iter().zip(&q[1..]).all(|(a, b)| a == b));
    }
    if q.len() == 1 {
        return memchr::memchr(first, h);
    }
    memchr::memmem::find(h, q)
}

/// `d.copy_from_slice(s)` (the lengths are equal) without a call to `memcpy` for the short
/// pieces that template literals and `+` join (a number, a separator): overlapping word
/// copies up to 16 bytes.
#[inline(always)]
fn copy_bytes(d: &mut [u8], s: &[u8]) {
    let n = s.len();
    assert_eq!(d.len(), n);
    if n > 16 {
        d.copy_from_slice(s);
    } else if n >= 8 {
        d[..8].copy_from_slice(&s[..8]);
        d[n - 8..].copy_from_slice(&s[n - 8..]);
    } else if n >= 4 {
        d[..4].copy_from_slice(&s[..4]);
        d[n - 4..].copy_from_slice(&s[n - 4..]);
    } else {
        // At most three bytes: a loop, not a call.
        for (d, &c) in d.iter_mut().zip(s) {
            *d = c;
        }
    }
}

/// StringIndexOf over UTF-16 units: a scan for the first unit, then a compare.
pub fn find_units(h: &[u16], q: &[u16], from: usize) -> Option<usize> {
    let n = q.len();
    if n == 0 {
        return if from <= h.len() { Some(from) } else { None };
    }
    if n > h.len() {
        return None;
    }
    let first = q[0];
    let last = h.len() - n;
    let mut i = from;
    while i <= last {
        match h[i..=last].iter().position(|&c| c == first) {
            None => return None,
            Some(k) => i += k,
        }
        if h[i..i + n] == *q {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The units of `s` (flattening a rope first, without collecting; a slice is read in its
/// parent). Valid until the next allocation.
#[inline]
pub fn view<'a>(s: Value) -> Str<'a> {
    // The usual string (an atom, a number's digits, a literal) is a flat cell: read directly.
    if kind(s) < KIND_ROPE { flat_cell_view(s) } else { leaf_view(flat(s)) }
}

/// The flat cell that holds the units of `s`, and the offset of its first unit there: `s`
/// itself, a rope's flat form (made now, without collecting) or a slice's parent. What a
/// cache keyed by cell (RegExp's widened subjects) keys on.
pub fn base(s: Value) -> (Value, usize) {
    let f = flat(s);
    if is_slice(f) { slice_parts(f) } else { (f, 0) }
}

/// The code units of `s` as UTF-16: borrowed for a two-byte string, a copy for a one-byte one.
/// Valid until the next allocation.
#[inline]
pub fn units16<'a>(s: Value) -> Cow<'a, [u16]> {
    view(s).to_units()
}

/// Whether every unit of `s` is below 0x80. For a one-byte string this is computed once and
/// kept in its cell (bits 32 and 33 of word 1: known, ASCII), so the matchers that take ASCII
/// text directly (RegExp) do not scan a long string at every match.
pub fn is_ascii(s: Value) -> bool {
    let f = flat(s);
    if !is_one_byte(f) {
        return view(f).is_ascii();
    }
    // A slice of an ASCII parent is ASCII; else it scans its own units once.
    if is_slice(f) && cached_ascii(slice_parts(f).0) {
        return true;
    }
    cached_ascii(f)
}

/// Whether one-byte `f` (a flat string or a slice) is ASCII, scanned once and remembered in
/// its word 1 (bits 32 and 33: known, ASCII).
fn cached_ascii(f: Value) -> bool {
    const KNOWN: u64 = 1 << 32;
    const ASCII: u64 = 1 << 33;
    // SAFETY: `f` is a flat one-byte string or a slice of one, whose word 1 holds its length in
    // the low half and these bits in the upper half (nothing else reads them; both read as a
    // number to the collector).
    unsafe {
        let w = f.ptr().add(1);
        if *w & KNOWN == 0 {
            let a = leaf_view(f).is_ascii();
            *w |= KNOWN | if a { ASCII } else { 0 };
        }
        *w & ASCII != 0
    }
}

/// The code unit at `i` of `s` (in bounds).
#[inline]
pub fn unit_at(s: Value, i: usize) -> u16 {
    view(s).at(i)
}

/// `s` in a form whose units are read without allocating: `s` itself (a flat string or a
/// slice), or the flattened form of a rope (made now, without collecting, the first time).
#[inline]
pub fn flat(s: Value) -> Value {
    if kind(s) != KIND_ROPE {
        return s;
    }
    let l = word(s, ROPE_LEFT);
    if word(s, ROPE_RIGHT) == 0 { Value(l) } else { flatten(s) }
}

#[inline(never)]
fn flatten(rope: Value) -> Value {
    let n = len(rope);
    let one = word(rope, ROPE_META) & ROPE_TWO_BYTE == 0;
    let d = alloc_flat(n, one, false);
    if one {
        write_rope(rope, one_mut(d));
    } else {
        write_rope(rope, two_mut(d));
    }
    // SAFETY: `rope` is a rope cell (`ROPE_SIZE` bytes); `right` becomes raw 0 (read as a number
    // by the collector), and `left` the flat string, through the write barrier since the rope
    // may be old and `d` young.
    unsafe {
        let p = rope.ptr();
        *p.add(ROPE_RIGHT as usize / 8) = 0;
        perry_gc::barrier::store(p.add(ROPE_LEFT as usize / 8), d.0);
    }
    d
}

/// Writes the units of rope `r` into `d` (its length): leaves copied at their offsets, with an
/// explicit work list instead of recursion.
fn write_rope<T: Unit>(r: Value, d: &mut [T]) {
    let mut work: smallvec::SmallVec<[(Value, usize); 32]> = smallvec::smallvec![(r, 0)];
    while let Some((s, at)) = work.pop() {
        if kind(s) == KIND_ROPE {
            let (l, rt) = (Value(word(s, ROPE_LEFT)), word(s, ROPE_RIGHT));
            if rt == 0 {
                work.push((l, at));
            } else {
                // The right piece first, so a left-deep rope (built by `+=`) keeps the list short.
                work.push((l, at));
                work.push((Value(rt), at + len(l)));
            }
            continue;
        }
        let u = leaf_view(s);
        u.copy_to(&mut d[at..at + u.len()]);
    }
}

/// The units of a flat string cell (not a rope or a slice).
#[inline(always)]
fn flat_cell_view<'a>(f: Value) -> Str<'a> {
    let n = len(f);
    // SAFETY: `f` is a flat string cell (the caller tested its kind): `n` units of its width
    // follow `STR_DATA`, valid until the next allocation.
    unsafe {
        let d = (f.ptr() as *const u8).add(STR_DATA as usize);
        if kind(f) == KIND_STRING_ONE_BYTE { Str::One(core::slice::from_raw_parts(d, n)) } else { Str::Two(core::slice::from_raw_parts(d as *const u16, n)) }
    }
}

/// The units of a flat string or a slice (not a rope).
#[inline]
fn leaf_view<'a>(f: Value) -> Str<'a> {
    if is_slice(f) {
        // A slice's parent is always a flat cell, and the slice lies inside it.
        let (parent, off) = slice_parts(f);
        return flat_cell_view(parent).slice(off, off + len(f));
    }
    flat_cell_view(f)
}

// ---------------------------------------------------------------------------
// Making
// ---------------------------------------------------------------------------

/// Runs `f` on `u`, copied off the heap first when it lies in the nursery:
/// the allocation `f` makes may move the cell `u` was borrowed from (old
/// cells never move). Callers may pass a slice of any live cell.
pub fn off_nursery<T: Copy, R>(u: &[T], f: impl FnOnce(&[T]) -> R) -> R {
    if perry_gc::barrier::is_young(u.as_ptr() as u64) {
        let copy = smallvec::SmallVec::<[T; 64]>::from_slice(u);
        f(&copy)
    } else {
        f(u)
    }
}

/// A string of the units `u` (which may be a slice of a heap string): one-byte when every unit
/// fits in a byte.
pub fn from_units(u: &[u16]) -> Value {
    off_nursery(u, |u| {
        if u.iter().all(|&c| c <= 0xFF) {
            let s = alloc_one_byte(u.len());
            u8::copy_from_two(one_mut(s), u);
            s
        } else {
            let s = alloc_string(u.len());
            two_mut(s).copy_from_slice(u);
            s
        }
    })
}

/// A string of the units of `v` (which may be a view of a heap string), in its width.
pub fn from_view(v: Str) -> Value {
    match v {
        Str::One(b) => from_latin1(b),
        Str::Two(u) => from_units(u),
    }
}

/// A one-byte string of Latin-1 bytes: each byte one code unit (`b` may be a slice of a heap
/// cell).
pub fn from_latin1(b: &[u8]) -> Value {
    off_nursery(b, |b| {
        let v = alloc_one_byte(b.len());
        one_mut(v).copy_from_slice(b);
        v
    })
}

pub fn from_str(s: &str) -> Value {
    if s.is_ascii() {
        return from_latin1(s.as_bytes());
    }
    if s.chars().all(|c| (c as u32) <= 0xFF) {
        let v = alloc_one_byte(s.chars().count());
        for (d, c) in one_mut(v).iter_mut().zip(s.chars()) {
            *d = c as u32 as u8;
        }
        return v;
    }
    let v = alloc_string(s.encode_utf16().count());
    for (d, u) in two_mut(v).iter_mut().zip(s.encode_utf16()) {
        *d = u;
    }
    v
}

/// A string of UTF-8 bytes, malformed sequences replaced by U+FFFD (a BOM is kept): ASCII
/// and Latin-1 text makes a one-byte string, ASCII with no intermediate copy.
pub fn from_utf8_lossy(b: &[u8]) -> Value {
    if b.is_ascii() {
        return from_latin1(b);
    }
    from_str(&String::from_utf8_lossy(b))
}

/// The string as UTF-8, lone surrogates replaced by U+FFFD.
pub fn to_rust(s: Value) -> String {
    view(s).to_rust()
}

/// Latin-1 bytes as UTF-8.
pub fn latin1_to_rust(b: &[u8]) -> String {
    if b.is_ascii() {
        // SAFETY: every byte is ASCII.
        return unsafe { String::from_utf8_unchecked(b.to_vec()) };
    }
    b.iter().map(|&c| c as char).collect()
}

/// Code units as UTF-8, lone surrogates replaced by U+FFFD; all-ASCII
/// input (the common case: URLs, header values, JSON) is one copy.
pub fn utf8_lossy(u: &[u16]) -> String {
    if u.iter().all(|&c| c < 0x80) {
        let bytes: Vec<u8> = u.iter().map(|&c| c as u8).collect();
        // SAFETY: every byte is ASCII.
        return unsafe { String::from_utf8_unchecked(bytes) };
    }
    String::from_utf16_lossy(u)
}

/// Code units gathered on the Rust side, one byte each until a unit above 0xFF arrives (then
/// widened once): [`StrBuf::finish`] makes a string of the width the content needs.
#[derive(Default)]
pub struct StrBuf {
    one: Vec<u8>,
    two: Option<Vec<u16>>,
}

impl StrBuf {
    pub fn new() -> StrBuf {
        StrBuf::default()
    }
    pub fn with_capacity(n: usize) -> StrBuf {
        StrBuf { one: Vec::with_capacity(n), two: None }
    }
    pub fn len(&self) -> usize {
        match &self.two {
            Some(t) => t.len(),
            None => self.one.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn widen(&mut self) -> &mut Vec<u16> {
        if self.two.is_none() {
            let mut t = Vec::with_capacity(self.one.capacity().max(16));
            t.extend(self.one.iter().map(|&c| c as u16));
            self.one = Vec::new();
            self.two = Some(t);
        }
        self.two.as_mut().expect("widened")
    }
    #[inline]
    pub fn push(&mut self, c: u16) {
        match &mut self.two {
            Some(t) => t.push(c),
            None if c <= 0xFF => self.one.push(c as u8),
            None => self.widen().push(c),
        }
    }
    /// Appends ASCII or Latin-1 bytes.
    pub fn push_latin1(&mut self, b: &[u8]) {
        match &mut self.two {
            Some(t) => t.extend(b.iter().map(|&c| c as u16)),
            None => self.one.extend_from_slice(b),
        }
    }
    pub fn push_units(&mut self, u: &[u16]) {
        if self.two.is_none() && u.iter().all(|&c| c <= 0xFF) {
            self.one.extend(u.iter().map(|&c| c as u8));
        } else {
            self.widen().extend_from_slice(u);
        }
    }
    pub fn push_view(&mut self, v: Str) {
        match v {
            Str::One(b) => self.push_latin1(b),
            Str::Two(u) => self.push_units(u),
        }
    }
    pub fn push_str(&mut self, s: &str) {
        if s.is_ascii() {
            self.push_latin1(s.as_bytes());
        } else {
            for u in s.encode_utf16() {
                self.push(u);
            }
        }
    }
    /// The units gathered, as a view.
    pub fn as_view(&self) -> Str<'_> {
        match &self.two {
            Some(t) => Str::Two(t),
            None => Str::One(&self.one),
        }
    }
    pub fn truncate(&mut self, n: usize) {
        match &mut self.two {
            Some(t) => t.truncate(n),
            None => self.one.truncate(n),
        }
    }
    /// A string of the units (a RangeError past [`MAX_LEN`]).
    pub fn finish(self) -> crate::error::JsResult {
        check_len(self.len())?;
        Ok(match &self.two {
            Some(t) => from_units_two(t),
            None => from_latin1(&self.one),
        })
    }
}

/// A two-byte string of `u` (not on the heap), without narrowing.
fn from_units_two(u: &[u16]) -> Value {
    let s = alloc_string(u.len());
    two_mut(s).copy_from_slice(u);
    s
}

// ---------------------------------------------------------------------------
// Concatenation
// ---------------------------------------------------------------------------

/// Concatenates two strings (a RangeError past [`MAX_LEN`]): a rope when the result has at
/// least [`ROPE_MIN`] units, else a flat copy.
pub fn concat(a: Value, b: Value) -> crate::error::JsResult {
    let (la, lb) = (len(a), len(b));
    if la == 0 {
        return Ok(b);
    }
    if lb == 0 {
        return Ok(a);
    }
    check_len(la + lb)?;
    if la + lb <= SMALL {
        return Ok(concat_small(&[a, b], la + lb));
    }
    if la + lb < ROPE_MIN {
        let scope = HandleScope::new();
        let hs = [scope.root(a.0), scope.root(b.0)];
        return Ok(concat_rooted(&hs, la + lb));
    }
    Ok(rope(a, b))
}

/// A rope of `a` and `b` (neither empty), or their flat concatenation past [`MAX_DEPTH`].
fn rope(a: Value, b: Value) -> Value {
    // A flattened rope stands for its flat string.
    let (a, b) = (flat_if_done(a), flat_if_done(b));
    let depth = depth(a).max(depth(b)) + 1;
    let two = !is_one_byte(a) || !is_one_byte(b);
    let meta = (len(a) + len(b)) as u64 | if two { ROPE_TWO_BYTE } else { 0 } | (depth.min(ROPE_DEPTH_MASK) << ROPE_DEPTH_SHIFT);
    let scope = HandleScope::new();
    let (ha, hb) = (scope.root(a.0), scope.root(b.0));
    let p = perry_gc::alloc_uninit(ROPE_SIZE, KIND_ROPE);
    // SAFETY: `p` is the rope cell just allocated (`ROPE_SIZE` bytes, young: no barrier), every
    // word written before the next allocation.
    unsafe {
        *p.add(ROPE_META as usize / 8) = meta;
        *p.add(ROPE_LEFT as usize / 8) = ha.get();
        *p.add(ROPE_RIGHT as usize / 8) = hb.get();
    }
    let r = Value::from_string_cell(p);
    if depth > MAX_DEPTH {
        return flat(r);
    }
    r
}

#[inline]
fn flat_if_done(s: Value) -> Value {
    if kind(s) == KIND_ROPE && word(s, ROPE_RIGHT) == 0 { Value(word(s, ROPE_LEFT)) } else { s }
}

/// Concatenates four strings (a RangeError past [`MAX_LEN`]): template literals' pieces.
pub fn concat4(parts: [Value; 4]) -> crate::error::JsResult {
    let total: usize = parts.iter().map(|p| len(*p)).sum();
    if let Some(only) = parts.iter().find(|p| len(**p) == total) {
        return Ok(*only);
    }
    check_len(total)?;
    if total <= SMALL {
        return Ok(concat_small(&parts, total));
    }
    let scope = HandleScope::new();
    let hs = parts.map(|p| scope.root(p.0));
    if total >= ROPE_MIN * 4 {
        // A long result: ropes of the pieces, copying nothing now.
        let mut acc = Value(hs[0].get());
        let ha = scope.root(acc.0);
        for h in &hs[1..] {
            acc = concat(Value(ha.get()), Value(h.get()))?;
            ha.set(acc.0);
        }
        return Ok(Value(ha.get()));
    }
    Ok(concat_rooted(&hs, total))
}

/// A concatenation (or substring) this short is gathered on the stack first, then allocated:
/// no handles to root and no views to take again after the allocation.
const SMALL: usize = 64;

/// The flat string of `parts` (`total` units in all, at most [`SMALL`]), in order, one-byte
/// when they all are. Nothing is rooted: the units are copied to the stack before the one
/// allocation (flattening a rope part allocates without collecting).
fn concat_small(parts: &[Value], total: usize) -> Value {
    debug_assert!(total <= SMALL);
    let mut b = [0u8; SMALL];
    let mut at = 0;
    for p in parts {
        match view(*p) {
            Str::One(x) => {
                copy_bytes(&mut b[at..at + x.len()], x);
                at += x.len();
            }
            Str::Two(_) => {
                let mut w = [0u16; SMALL];
                gather(parts, &mut w);
                return from_units(&w[..total]);
            }
        }
    }
    let r = alloc_one_byte(total);
    copy_bytes(one_mut(r), &b[..total]);
    r
}

/// The units of `parts`, one after the other, into `d` (long enough).
#[inline(always)]
fn gather<T: Unit>(parts: &[Value], d: &mut [T]) {
    let mut at = 0;
    for p in parts {
        let u = view(*p);
        let n = u.len();
        u.copy_to(&mut d[at..at + n]);
        at += n;
    }
}

/// A new flat string of the rooted strings `hs` (`total` units in all), in order, one-byte
/// when they all are.
fn concat_rooted(hs: &[perry_gc::Handle], total: usize) -> Value {
    // Flatten first (allocations that move nothing), then allocate the result.
    for h in hs {
        h.set(flat(Value(h.get())).0);
    }
    let one = hs.iter().all(|h| is_one_byte(Value(h.get())));
    let s = alloc_flat(total, one, true);
    if one {
        fill_from(hs, one_mut(s));
    } else {
        fill_from(hs, two_mut(s));
    }
    s
}

fn fill_from<T: Unit>(hs: &[perry_gc::Handle], d: &mut [T]) {
    let mut at = 0;
    for h in hs {
        let u = leaf_view(Value(h.get()));
        u.copy_to(&mut d[at..at + u.len()]);
        at += u.len();
    }
}

/// Concatenates many strings into one flat string (a RangeError past [`MAX_LEN`]).
pub fn concat_many(parts: &[Value]) -> crate::error::JsResult {
    let total: usize = parts.iter().map(|p| len(*p)).sum();
    check_len(total)?;
    let scope = HandleScope::new();
    let hs: Vec<_> = parts.iter().map(|p| scope.root(p.0)).collect();
    Ok(concat_rooted(&hs, total))
}

/// A substring `[start, end)` in code units: a slice of the flat string holding `s` when it is
/// long enough and not much shorter than that string ([`SLICE_MIN`], [`SLICE_RETAIN`]), else a
/// copy in the narrowest width its units allow.
pub fn substring(s: Value, start: usize, end: usize) -> Value {
    if start == 0 && end == len(s) {
        return s;
    }
    let n = end - start;
    let (parent, off) = base(s);
    let (start, end) = (start + off, end + off);
    if n < SLICE_MIN {
        // Copied to the stack first: nothing to root across the allocation.
        return match leaf_view(parent).slice(start, end) {
            Str::One(b) => {
                let mut c = [0u8; SLICE_MIN];
                copy_bytes(&mut c[..n], b);
                let r = alloc_one_byte(n);
                copy_bytes(one_mut(r), &c[..n]);
                r
            }
            Str::Two(u) => {
                let mut c = [0u16; SLICE_MIN];
                c[..n].copy_from_slice(u);
                from_units(&c[..n])
            }
        };
    }
    let scope = HandleScope::new();
    let h = scope.root(parent.0);
    if n.saturating_mul(SLICE_RETAIN) >= len(parent) {
        let p = perry_gc::alloc_uninit(SLICE_SIZE, KIND_SLICE);
        // SAFETY: `p` is the slice cell just allocated (`SLICE_SIZE` bytes, young: no barrier),
        // every word written before the next allocation; the meta and offset are raw words
        // below 2^48, read as numbers by the collector.
        unsafe {
            *p.add(SLICE_META as usize / 8) = n as u64;
            *p.add(SLICE_PARENT as usize / 8) = h.get();
            *p.add(SLICE_OFFSET as usize / 8) = start as u64;
        }
        return Value::from_string_cell(p);
    }
    if kind(parent) == KIND_STRING_ONE_BYTE {
        let r = alloc_one_byte(n);
        let Str::One(b) = leaf_view(Value(h.get())) else { unreachable!("a one-byte string") };
        one_mut(r).copy_from_slice(&b[start..end]);
        return r;
    }
    let Str::Two(u) = leaf_view(parent) else { unreachable!("a two-byte string") };
    if u[start..end].iter().all(|&c| c <= 0xFF) {
        let r = alloc_one_byte(n);
        let Str::Two(u) = leaf_view(Value(h.get())) else { unreachable!("a two-byte string") };
        u8::copy_from_two(one_mut(r), &u[start..end]);
        return r;
    }
    let r = alloc_string(n);
    let Str::Two(u) = leaf_view(Value(h.get())) else { unreachable!("a two-byte string") };
    two_mut(r).copy_from_slice(&u[start..end]);
    r
}

/// `s` as a flat string cell of its own: `s` itself when flat, a rope's flat form, or a copy
/// of a slice's units made without collecting (an atom must not keep a slice's parent alive).
pub fn unshared(s: Value) -> Value {
    let f = flat(s);
    if !is_slice(f) {
        return f;
    }
    let one = is_one_byte(f);
    let d = alloc_flat(len(f), one, false);
    match leaf_view(f) {
        Str::One(b) => one_mut(d).copy_from_slice(b),
        Str::Two(u) => two_mut(d).copy_from_slice(u),
    }
    d
}

pub fn eq(a: Value, b: Value) -> bool {
    a == b || (len(a) == len(b) && view(a).same(view(b)))
}

/// The hash of a string's units (the same for any cell holding them).
pub fn hash(s: Value) -> u64 {
    view(s).hash()
}

pub fn hash_units(u: &[u16]) -> u64 {
    Str::Two(u).hash()
}
// ---------------------------------------------------------------------------
// Number <-> string
// ---------------------------------------------------------------------------

/// Number::toString(10), ECMAScript's shortest round-trip form.
pub fn number_to_rust(f: f64) -> String {
    if f == 0.0 {
        return "0".into();
    }
    let mut b = ryu_js::Buffer::new();
    b.format(f).to_string()
}

/// Number::toString(radix) for radix 2..36.
pub fn number_to_radix(f: f64, radix: u32) -> String {
    if radix == 10 || !f.is_finite() {
        return number_to_rust(f);
    }
    // V8's DoubleToRadixCString: fraction digits only up to the input's precision (half the
    // gap to the next double), rounded to even, and integer digits past 2^53 as zeros.
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let r = radix as f64;
    let negative = f < 0.0;
    let value = f.abs();
    let mut integer = value.floor();
    let mut fraction = value - integer;
    let next_up = |x: f64| f64::from_bits(x.to_bits() + 1);
    let mut delta = (0.5 * (next_up(value) - value)).max(next_up(0.0));
    let mut frac_digits: Vec<u8> = Vec::new();
    if fraction >= delta {
        loop {
            fraction *= r;
            delta *= r;
            let digit = fraction as usize;
            frac_digits.push(DIGITS[digit]);
            fraction -= digit as f64;
            if (fraction > 0.5 || (fraction == 0.5 && digit & 1 == 1)) && fraction + delta > 1.0 {
                // Round up, carrying through the digits written (into the integer part).
                loop {
                    let Some(c) = frac_digits.pop() else {
                        integer += 1.0;
                        break;
                    };
                    let d = (c as char).to_digit(36).expect("a digit") as usize;
                    if d + 1 < radix as usize {
                        frac_digits.push(DIGITS[d + 1]);
                        break;
                    }
                }
                break;
            }
            if fraction < delta {
                break;
            }
        }
    }
    // The exponent of `x` as significand (53-bit integer) * 2^e.
    let exponent = |x: f64| {
        let biased = ((x.to_bits() >> 52) & 0x7FF) as i32;
        if biased == 0 { -1074 } else { biased - 1075 }
    };
    let mut int_digits: Vec<u8> = Vec::new();
    while exponent(integer / r) > 0 {
        integer /= r;
        int_digits.push(b'0');
    }
    loop {
        let rem = integer % r;
        int_digits.push(DIGITS[rem as usize]);
        integer = (integer - rem) / r;
        if integer <= 0.0 {
            break;
        }
    }
    let mut out = String::with_capacity(int_digits.len() + frac_digits.len() + 2);
    if negative {
        out.push('-');
    }
    out.extend(int_digits.iter().rev().map(|&c| c as char));
    if !frac_digits.is_empty() {
        out.push('.');
        out.extend(frac_digits.iter().map(|&c| c as char));
    }
    out
}

fn is_js_whitespace(c: u16) -> bool {
    matches!(c, 0x09 | 0x0A | 0x0B | 0x0C | 0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF)
}

pub fn trim_units(u: &[u16], start: bool, end: bool) -> (usize, usize) {
    Str::Two(u).trim(start, end)
}

impl Str<'_> {
    /// The range left when white space and line terminators are cut from the start and/or
    /// the end (TrimString, 22.1.3.32.1).
    pub fn trim(self, start: bool, end: bool) -> (usize, usize) {
        let mut a = 0;
        let mut b = self.len();
        if start {
            while a < b && is_js_whitespace(self.at(a)) {
                a += 1;
            }
        }
        if end {
            while b > a && is_js_whitespace(self.at(b - 1)) {
                b -= 1;
            }
        }
        (a, b)
    }
}

/// StringToNumber of a string value: a short all-digit one-byte string (a parsed id, a
/// header value) without going through UTF-16.
pub fn to_number(s: Value) -> f64 {
    if let Str::One(b) = view(s)
        && !b.is_empty()
        && b.len() <= 15
        && b.iter().all(u8::is_ascii_digit)
    {
        return b.iter().fold(0u64, |v, &c| v * 10 + (c - b'0') as u64) as f64;
    }
    view_to_number(view(s))
}

/// StringToNumber (ECMAScript 7.1.4.1.1).
pub fn string_to_number(u: &[u16]) -> f64 {
    view_to_number(Str::Two(u))
}

/// StringToNumber of units of either width.
pub fn view_to_number(u: Str) -> f64 {
    let (a, b) = u.trim(true, true);
    let t: String = u.slice(a, b).to_rust();
    if t.is_empty() {
        return 0.0;
    }
    let lower = t.as_bytes();
    if lower.len() > 2 && lower[0] == b'0' {
        let radix = match lower[1] {
            b'x' | b'X' => 16,
            b'o' | b'O' => 8,
            b'b' | b'B' => 2,
            _ => 0,
        };
        if radix != 0 {
            let mut v = 0f64;
            for &c in &lower[2..] {
                match (c as char).to_digit(radix) {
                    Some(d) => v = v * radix as f64 + d as f64,
                    None => return f64::NAN,
                }
            }
            return v;
        }
    }
    match t.as_str() {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    // Only decimal literal syntax: digits, one dot, exponent.
    let ok = t.bytes().enumerate().all(|(i, c)| {
        c.is_ascii_digit() || c == b'.' || c == b'e' || c == b'E' || ((c == b'+' || c == b'-') && (i == 0 || matches!(lower[i - 1], b'e' | b'E')))
    });
    if !ok || t.contains("inf") || t.contains("nan") {
        return f64::NAN;
    }
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// Whether the units are a canonical array index ("0", "17", not "01").
pub fn as_array_index(u: &[u16]) -> Option<u32> {
    if u.is_empty() || u.len() > 10 {
        return None;
    }
    if u.len() > 1 && u[0] == b'0' as u16 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in u {
        if !(b'0' as u16..=b'9' as u16).contains(&c) {
            return None;
        }
        v = v * 10 + (c - b'0' as u16) as u64;
    }
    if v < u32::MAX as u64 { Some(v as u32) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn string_to_number_follows_ecmascript() {
        assert_eq!(string_to_number(&u("  42  ")), 42.0);
        assert_eq!(string_to_number(&u("")), 0.0);
        assert_eq!(string_to_number(&u("0x1F")), 31.0);
        assert_eq!(string_to_number(&u("0b101")), 5.0);
        assert_eq!(string_to_number(&u("-Infinity")), f64::NEG_INFINITY);
        assert_eq!(string_to_number(&u("1e3")), 1000.0);
        assert!(string_to_number(&u("12px")).is_nan());
        assert!(string_to_number(&u("inf")).is_nan());
        assert!(string_to_number(&u("-0x10")).is_nan());
    }

    #[test]
    fn number_printing_is_shortest_round_trip() {
        assert_eq!(number_to_rust(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(number_to_rust(1e21), "1e+21");
        assert_eq!(number_to_rust(1e-7), "1e-7");
        assert_eq!(number_to_rust(-0.0), "0");
        assert_eq!(number_to_rust(123456789012345680000.0), "123456789012345680000");
        assert_eq!(number_to_radix(255.0, 16), "ff");
        assert_eq!(number_to_radix(-10.0, 2), "-1010");
        assert_eq!(number_to_radix(0.5, 2), "0.1");
    }

    #[test]
    fn array_index_keys() {
        assert_eq!(as_array_index(&u("0")), Some(0));
        assert_eq!(as_array_index(&u("4294967294")), Some(4294967294));
        assert_eq!(as_array_index(&u("4294967295")), None);
        assert_eq!(as_array_index(&u("01")), None);
        assert_eq!(as_array_index(&u("-1")), None);
    }
}
