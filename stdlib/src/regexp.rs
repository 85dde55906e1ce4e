//! RegExp (ECMAScript 2023, chapter 22.2): the constructor, RegExp.prototype
//! with its `Symbol.match`/`matchAll`/`replace`/`search`/`split` methods,
//! and %RegExpStringIteratorPrototype%. Matching is the `regress` crate's
//! backtracking engine run directly on the string's UTF-16 code units.
//!
//! Representation (`perry_abi::KIND_REGEXP`): an ordinary object whose extra
//! words are `RX_SOURCE` ([[OriginalSource]]), `RX_FLAGS` ([[OriginalFlags]])
//! and `RX_CODE`, a raw number naming the compiled matcher's entry in
//! [`TABLE`] by slot and stamp (0 before RegExpInitialize). `lastIndex` is an
//! ordinary own data property (writable, not enumerable, not configurable).
//! The table is a cache of compiled `regress::Regex` programs by (pattern,
//! flags), bounded in entries and bytes ([`Table`]): the cell stays a plain
//! traced GC cell with nothing to finalize, a dead RegExp's program goes
//! when its entry is reused, a live RegExp whose entry was reused compiles
//! its source again, and a literal evaluated in a loop compiles once.
//!
//! # Matching and the fast paths
//!
//! Matching runs on the string's code units in place (`find_from_ucs2`, or `find_from_utf16`
//! under `u`/`v`); a match is turned into plain Rust data (`Found`) before anything is
//! allocated. `regress` has no anchored search, so a sticky exec takes the leftmost match from
//! `lastIndex` and fails unless it starts there; `@@split` with the built-in exec searches once
//! per piece instead of trying every position. A search skips to the first occurrence of the
//! pattern's literal prefix (no i/u/v flag, no top-level alternative; a character a `*`, `?` or
//! `{` follows is left out), since regress with its `utf16` feature tries a match at every
//! position. The matcher table is a `JsCell` looked up by a borrowed key (no copy of the pattern
//! per literal evaluation).
//!
//! Everything observable goes through the spec's steps (RegExpExec reads `exec`, the Symbol
//! methods read `flags`, `lastIndex` and the result's properties), with fast paths where
//! nothing those steps read could differ. `lastIndex` is always slot 0, read and written there
//! directly (a write checks the slot is writable). A *pristine* RegExp ([`pristine`]): only its
//! own `lastIndex`, RegExp.prototype as prototype, and RegExp.prototype and %RegExp% still with
//! the shapes and own property values recorded when every built-in was installed
//! (`record_pristine`, a hook run last by `install_with`; the values are a root range, and
//! accessor pairs are never changed in place, so a redefined getter is a new value). For it,
//! RegExpExec skips the `exec` lookup, `test` builds no match array, `@@replace` keeps the
//! matches as Rust data instead of reading result arrays back (regexps without named groups),
//! and `@@split` runs its own matcher instead of constructing the splitter (a limit that is not
//! a number takes the general path, since its conversion runs after the splitter is made).
//! Otherwise RegExpExec on a RegExp whose `exec` is the intrinsic runs RegExpBuiltinExec
//! directly. The String methods dispatch through `Symbol.match` ... `Symbol.split`.
//! `util.inspect` prints a RegExp from its slots (`/source/flags`, escaped as `source` is).

use crate::string_builtins::{get_substitution, is_high, is_low, new_str, new_view, to_units};
use perry_abi::regexp_source::{MAX_NESTING, nesting, pattern_chars};
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::proxy;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string::{self, Str};
use perry_runtime::{JsResult, Value};

// ---------------------------------------------------------------------------
// Flags and the compiled-matcher table
// ---------------------------------------------------------------------------

pub const F_D: u8 = 1;
pub const F_G: u8 = 2;
pub const F_I: u8 = 4;
pub const F_M: u8 = 8;
pub const F_S: u8 = 16;
pub const F_U: u8 = 32;
pub const F_V: u8 = 64;
pub const F_Y: u8 = 128;

/// The flags in the order `get flags` lists them (22.2.6.4).
const FLAG_CHARS: [(u8, u8); 8] = [(b'd', F_D), (b'g', F_G), (b'i', F_I), (b'm', F_M), (b's', F_S), (b'u', F_U), (b'v', F_V), (b'y', F_Y)];

/// Parses a flags string (RegExpInitialize steps 4-6): each of `dgimsuvy`
/// at most once, and not both `u` and `v`.
pub fn parse_flags(u: &[u16]) -> Option<u8> {
    let mut bits = 0u8;
    for &c in u {
        let (_, b) = FLAG_CHARS.iter().find(|(ch, _)| *ch as u16 == c)?;
        if bits & b != 0 {
            return None;
        }
        bits |= b;
    }
    if bits & F_U != 0 && bits & F_V != 0 {
        return None;
    }
    Some(bits)
}

/// A compiled pattern.
struct Compiled {
    re: regress::Regex,
    flags: u8,
    /// Whether capture group `i + 1` has a name.
    named: Vec<bool>,
    /// Code units every match starts with (`literal_prefix`), or none.
    prefix: Vec<u16>,
}

/// Compiled matchers, a bounded cache: at most [`MAX_MATCHERS`] entries and
/// about [`MAX_MATCHER_BYTES`] of programs (estimated from the pattern's
/// length, [`estimated_bytes`]). A RegExp object names its entry by slot and
/// stamp (`RX_CODE`, see [`code_word`]); an entry reused for another pattern
/// gets a new stamp, and a RegExp whose entry was reused compiles its source
/// again on next use ([`code_of`]). So `new RegExp(s)` of ever-new strings
/// keeps at most the cache's worth of programs, and a literal evaluated in a
/// loop finds its entry by key and compiles once.
#[derive(Default)]
struct Table {
    slots: Vec<Slot>,
    by_key: hashbrown::HashMap<(Vec<u16>, u8), u32>,
    /// The clock hand of the eviction (second chance: an entry used since
    /// the hand last passed it is skipped once).
    hand: usize,
    bytes: usize,
    /// The stamp of the next entry made (36 bits, see [`code_word`]).
    next_stamp: u64,
}

struct Slot {
    c: Compiled,
    key: (Vec<u16>, u8),
    stamp: u64,
    used: bool,
    bytes: usize,
}

const MAX_MATCHERS: usize = 4096;
const MAX_MATCHER_BYTES: usize = 16 << 20;
/// `RX_CODE` is `stamp << SLOT_BITS | (slot + 1)`: slot + 1 is at most
/// `MAX_MATCHERS`, and the word stays below 2^48.
const SLOT_BITS: u32 = 13;
const SLOT_MASK: u64 = (1 << SLOT_BITS) - 1;
const STAMP_BITS: u32 = 48 - SLOT_BITS;
const _: () = assert!(MAX_MATCHERS as u64 <= SLOT_MASK);

/// What a compiled program of `pattern` is taken to cost: regress's
/// instructions and the pattern's copies grow with its length.
fn estimated_bytes(pattern: &[u16]) -> usize {
    512 + pattern.len() * 24
}

/// The `RX_CODE` word naming slot `slot` with stamp `stamp`, below 2^48 so
/// the collector reads the word as a number.
fn code_word(slot: u32, stamp: u64) -> u64 {
    (stamp << SLOT_BITS) | (slot as u64 + 1)
}

/// A borrowed `(pattern, flags)` key: a literal evaluated in a loop finds
/// its matcher without copying its pattern.
#[derive(Hash)]
struct KeyRef<'a>(&'a [u16], u8);

impl hashbrown::Equivalent<(Vec<u16>, u8)> for KeyRef<'_> {
    fn equivalent(&self, k: &(Vec<u16>, u8)) -> bool {
        self.0 == k.0.as_slice() && self.1 == k.1
    }
}

static TABLE: JsCell<Option<Table>> = JsCell::new(None);

/// The matchers (single JS thread; no borrow is held across a call that
/// could reach this again: matching and compiling run no JavaScript).
fn table() -> &'static mut Table {
    // SAFETY: the matchers belong to the JS thread; no borrow is held across a call that could
    // reach this again (matching and compiling run no JavaScript).
    unsafe { TABLE.get() }.get_or_insert_with(Table::default)
}

impl Table {
    /// A slot for a new entry of `bytes`: a free one while under the bounds,
    /// else the next the clock hand finds unused (which it evicts).
    fn take_slot(&mut self, bytes: usize) -> Option<usize> {
        while !self.slots.is_empty() && (self.slots.len() >= MAX_MATCHERS || self.bytes + bytes > MAX_MATCHER_BYTES) {
            let i = self.hand % self.slots.len();
            self.hand = i + 1;
            let e = &mut self.slots[i];
            if e.used {
                e.used = false;
                continue;
            }
            self.bytes -= e.bytes;
            self.by_key.remove(&e.key);
            if self.bytes + bytes <= MAX_MATCHER_BYTES {
                return Some(i);
            }
            // Still over the byte bound: free this entry's program and keep looking.
            let last = self.slots.len() - 1;
            self.slots.swap(i, last);
            self.slots.pop();
            if i < self.slots.len() {
                let k = self.slots[i].key.clone();
                self.by_key.insert(k, i as u32);
                // The moved entry's RegExp objects name its old slot: they compile again.
                self.slots[i].stamp = self.stamp();
            }
        }
        None
    }

    fn stamp(&mut self) -> u64 {
        let s = self.next_stamp;
        self.next_stamp = (s + 1) & ((1 << STAMP_BITS) - 1);
        s
    }
}

/// The `RX_CODE` word of the matcher for (`pattern`, `flags`), compiling it
/// unless the cache holds it.
fn compile(pattern: &[u16], flags: u8) -> Result<u64, String> {
    let t = table();
    if let Some(&i) = t.by_key.get(&KeyRef(pattern, flags)) {
        let e = &mut t.slots[i as usize];
        e.used = true;
        return Ok(code_word(i, e.stamp));
    }
    let re = compile_regex(pattern, flags)?;
    let named = scan_named(pattern, flags & F_V != 0);
    let prefix = if flags & (F_I | F_U | F_V) == 0 { literal_prefix(pattern) } else { Vec::new() };
    let t = table();
    let bytes = estimated_bytes(pattern);
    let stamp = t.stamp();
    let slot = Slot { c: Compiled { re, flags, named, prefix }, key: (pattern.to_vec(), flags), stamp, used: true, bytes };
    let i = match t.take_slot(bytes) {
        Some(i) => {
            t.slots[i] = slot;
            i
        }
        None => {
            t.slots.push(slot);
            t.slots.len() - 1
        }
    };
    t.bytes += bytes;
    t.by_key.insert((pattern.to_vec(), flags), i as u32);
    Ok(code_word(i as u32, stamp))
}

/// The number of compiled matchers the cache holds and their estimated bytes.
pub fn matcher_cache_stats() -> (usize, usize) {
    let t = table();
    (t.slots.len(), t.bytes)
}

/// Which capture groups of a (valid) pattern are named: the same scan as
/// the parser's capture-group pre-pass (escapes and classes skipped).
fn scan_named(p: &[u16], v_mode: bool) -> Vec<bool> {
    let mut named = Vec::new();
    let mut i = 0;
    let mut class = 0usize;
    let is = |i: usize, c: u8| p.get(i) == Some(&(c as u16));
    while i < p.len() {
        let c = p[i];
        if c == b'\\' as u16 {
            i += 2;
            continue;
        }
        if class > 0 {
            if c == b']' as u16 {
                class -= 1;
            } else if c == b'[' as u16 && v_mode {
                class += 1;
            }
            i += 1;
            continue;
        }
        if c == b'[' as u16 {
            class = 1;
        } else if c == b'(' as u16 {
            if !is(i + 1, b'?') {
                named.push(false);
            } else if is(i + 2, b'<') && !is(i + 3, b'=') && !is(i + 3, b'!') {
                named.push(true);
            }
        }
        i += 1;
    }
    named
}

fn compile_regex(pattern: &[u16], flags: u8) -> Result<regress::Regex, String> {
    if nesting(pattern) > MAX_NESTING {
        return Err("Regular expression too large".into());
    }
    let unicode = flags & (F_U | F_V) != 0;
    let f = regress::Flags {
        icase: flags & F_I != 0,
        multiline: flags & F_M != 0,
        dot_all: flags & F_S != 0,
        unicode,
        unicode_sets: flags & F_V != 0,
        no_opt: false,
    };
    let chars = pattern_chars(pattern, unicode);
    // The parser recurses per nesting level: `MAX_NESTING` above keeps it
    // off the end of the native stack.
    regress::Regex::from_unicode(chars.iter().copied(), f).map_err(|e| e.text)
}

/// The code units every match of `pattern` (no `i`, `u` or `v` flag) starts
/// with: its leading literal characters (plain or escaped syntax
/// characters), up to the first anything else; a character that a `*`,
/// `?` or `{` follows is left out (it may match zero times), one that a `+`
/// follows ends the prefix. None when the pattern has an alternative at
/// its top level (`a|b`).
///
/// regress, built with its `utf16` feature, tries a match at every position
/// (it uses no start predicates then); searching for the prefix first skips
/// the positions where no match can start.
fn literal_prefix(pattern: &[u16]) -> Vec<u16> {
    const SYNTAX: &[u8] = b"^$\\.*+?()[]{}|";
    let is = |c: u16, set: &[u8]| c < 128 && set.contains(&(c as u8));
    // A top-level `|` (outside groups and classes, not escaped).
    let (mut depth, mut class, mut i) = (0usize, false, 0);
    while i < pattern.len() {
        let c = pattern[i];
        if c == b'\\' as u16 {
            i += 2;
            continue;
        }
        if class {
            class = c != b']' as u16;
        } else if c == b'[' as u16 {
            class = true;
        } else if c == b'(' as u16 {
            depth += 1;
        } else if c == b')' as u16 {
            depth = depth.saturating_sub(1);
        } else if c == b'|' as u16 && depth == 0 {
            return Vec::new();
        }
        i += 1;
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < pattern.len() {
        let c = pattern[i];
        let (lit, next) = if c == b'\\' as u16 {
            match pattern.get(i + 1) {
                Some(&e) if is(e, b"^$\\.*+?()[]{}|/-") => (e, i + 2),
                _ => break,
            }
        } else if is(c, SYNTAX) {
            break;
        } else {
            (c, i + 1)
        };
        match pattern.get(next) {
            Some(&q) if is(q, b"*?{") => break,
            Some(&q) if q == b'+' as u16 => {
                out.push(lit);
                break;
            }
            _ => {
                out.push(lit);
                i = next;
            }
        }
    }
    out
}

/// A successful match, as plain Rust data (nothing points into the heap).
struct Found {
    start: usize,
    end: usize,
    /// Capture groups 1..=n (regress's own vector: no copy per match).
    groups: Vec<Option<core::ops::Range<usize>>>,
    /// (capture index 1-based, name) for each named group, in index order.
    names: Vec<(usize, Vec<u16>)>,
}

impl Found {
    /// Capture groups 1..=n: (start, end) or None.
    fn caps(&self) -> impl Iterator<Item = Option<(usize, usize)>> + '_ {
        self.groups.iter().map(|r| r.as_ref().map(|r| (r.start, r.end)))
    }
}

/// A subject string as the matcher reads it, in place: ASCII text (regress's ASCII entry
/// point, with its byte prefix search), other Latin-1 text (one byte a code point), or UTF-16
/// units.
enum Input<'a> {
    Ascii(&'a str),
    Latin1(&'a [u8]),
    Units(&'a [u16]),
}

/// The input of string `s`; valid until the next allocation. A slice of an ASCII string is
/// ASCII; a slice of another one-byte string is read as Latin-1 without scanning it (a
/// tokenizer's `src = src.slice(n)` makes a new one per token).
fn input<'a>(s: Value) -> Input<'a> {
    let f = string::flat(s);
    match string::view(f) {
        Str::Two(u) => Input::Units(u),
        // SAFETY: ASCII bytes are UTF-8.
        Str::One(b) if string::is_ascii(string::base(f).0) => Input::Ascii(unsafe { core::str::from_utf8_unchecked(b) }),
        Str::One(b) => Input::Latin1(b),
    }
}

/// Runs the matcher of RegExp `r` (initialized) on `s` from `from`: the
/// leftmost match at or after `from`. Allocates nothing on the JS heap.
fn run(r: Value, s: Value, from: usize) -> Option<Found> {
    let code = code_of(r)?;
    {
        let c = &table().slots[code as usize].c;
        let sv = string::view(s);
        // No match starts before the literal prefix's first occurrence.
        let from = if c.prefix.is_empty() { from } else { sv.find(Str::Two(&c.prefix), from)? };
        let m = match input(s) {
            Input::Ascii(t) => c.re.find_from_ascii(t, from).next(),
            Input::Latin1(b) => c.re.find_from_latin1(b, from).next(),
            Input::Units(u) if c.flags & (F_U | F_V) != 0 => c.re.find_from_utf16(u, from).next(),
            Input::Units(u) => c.re.find_from_ucs2(u, from).next(),
        }?;
        let mut names = Vec::new();
        if c.named.iter().any(|&b| b) {
            let idx = c.named.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i + 1);
            for (i, (name, _)) in idx.zip(m.named_groups()) {
                names.push((i, name.encode_utf16().collect()));
            }
        }
        Some(Found { start: m.range.start, end: m.range.end, groups: m.captures, names })
    }
}

fn code_flags(code: u32) -> u8 {
    table().slots[code as usize].c.flags
}

/// Whether matcher `code` has a named capture group.
fn code_has_names(code: u32) -> bool {
    table().slots[code as usize].c.named.iter().any(|&b| b)
}

// ---------------------------------------------------------------------------
// Names and helpers
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
struct Names {
    last_index: Atom,
    source: Atom,
    flags: Atom,
    exec: Atom,
    groups: Atom,
    indices: Atom,
    zero: Atom,
    has_indices: Atom,
    global: Atom,
    ignore_case: Atom,
    multiline: Atom,
    dot_all: Atom,
    unicode: Atom,
    unicode_sets: Atom,
    sticky: Atom,
    /// The shape of a match result (an array with `index`, `input`, `groups` in its cell),
    /// made at start-up so it is pinned.
    match_shape: &'static shape::Shape,
}

static NAMES: JsCell<Option<Names>> = JsCell::new(None);

fn n() -> Names {
    // SAFETY: single JS thread; set once by `install`.
    unsafe { NAMES.get() }.expect("RegExp names are interned at start-up")
}

/// Whether `v` is a RegExp object (has [[RegExpMatcher]]).
#[inline]
pub fn is_regexp_object(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_REGEXP
}

/// The cache slot of the matcher of RegExp object `r`; `None` before
/// RegExpInitialize. A RegExp whose entry the cache reused compiles its
/// source again (it compiled once, so it compiles; nothing is allocated on
/// the JS heap).
fn code_of(r: Value) -> Option<u32> {
    let w = r.cell().word(RX_CODE);
    if w == 0 {
        return None;
    }
    let slot = ((w & SLOT_MASK) - 1) as u32;
    let t = table();
    if let Some(e) = t.slots.get_mut(slot as usize)
        && e.stamp == w >> SLOT_BITS
    {
        e.used = true;
        return Some(slot);
    }
    let flags = parse_flags(&string::units16(r.cell().field(RX_FLAGS)))?;
    let w = compile(&string::units16(r.cell().field(RX_SOURCE)), flags).ok()?;
    r.cell().set_word(RX_CODE, w);
    Some(((w & SLOT_MASK) - 1) as u32)
}

/// The flag bits of a RegExp object (0 before initialization).
fn flags_of(r: Value) -> u8 {
    code_of(r).map(code_flags).unwrap_or(0)
}

/// ToLength (7.1.20).
fn to_length(v: Value) -> JsResult<f64> {
    let f = ops::to_integer(v)?;
    Ok(if f <= 0.0 { 0.0 } else { f.min(9007199254740991.0) })
}

/// AdvanceStringIndex (22.2.7.3).
fn advance(s: Str, index: f64, unicode: bool) -> f64 {
    if !unicode || index + 1.0 >= s.len() as f64 {
        return index + 1.0;
    }
    let i = index as usize;
    if is_high(s.at(i)) && is_low(s.at(i + 1)) { index + 2.0 } else { index + 1.0 }
}

/// `this` as an Object, or the TypeError of `RegExp.prototype.name`.
fn this_object(args: &Args, name: &str) -> JsResult {
    let t = args.this();
    if t.is_js_object() {
        Ok(t)
    } else {
        Err(error::type_error(&format!("Method RegExp.prototype.{name} called on incompatible receiver {}", crate::object_builtins::v8_brief(t))))
    }
}

fn set_last_index(r: Value, v: f64) -> JsResult<()> {
    // `lastIndex` is slot 0 of a RegExp's shape; a dictionary RegExp takes the generic path.
    if is_regexp_object(r) && !object::shape_of(r).dict && object::shape_of(r).attrs[0] & shape::WRITABLE != 0 {
        object::slot_set(r, 0, Value::num(v));
        return Ok(());
    }
    object::set(r, n().last_index, Value::num(v))
}

/// IsRegExp (7.2.8).
pub fn is_regexp(v: Value) -> JsResult<bool> {
    if !v.is_js_object() {
        return Ok(false);
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let m = object::get(v, realm::sym_atom(I::SymMatch))?;
    if !m.is_undefined() {
        return Ok(ops::to_boolean(m));
    }
    Ok(is_regexp_object(Value(hv.get())))
}

/// SpeciesConstructor(o, %RegExp%) — 7.3.22
fn species_constructor(o: Value) -> JsResult {
    let c = object::get(o, names::CONSTRUCTOR)?;
    if c.is_undefined() {
        return Ok(realm::get(I::RegExpCtor));
    }
    if !c.is_js_object() {
        return Err(error::type_error("object.constructor is not an object"));
    }
    let s = object::get(c, realm::sym_atom(I::SymSpecies))?;
    if s.is_nullish() {
        return Ok(realm::get(I::RegExpCtor));
    }
    if !proxy::is_constructor(s) {
        return Err(error::type_error("object.constructor[Symbol.species] is not a constructor"));
    }
    Ok(s)
}

// ---------------------------------------------------------------------------
// Pristine RegExps
// ---------------------------------------------------------------------------

/// RegExp.prototype and %RegExp% as installed: their shapes, and the values
/// of their own properties (`VALUES` is a root range). Accessor pairs are
/// never changed in place, so a redefined getter is a new value here.
struct Pristine {
    proto_shape: u64,
    ctor_shape: u64,
    /// The shape of a RegExp object with only its own `lastIndex`.
    instance_shape: u64,
    proto_len: usize,
    ctor_len: usize,
}

const PRISTINE_MAX: usize = 64;
static PRISTINE: JsCell<Option<Pristine>> = JsCell::new(None);
static VALUES: JsCell<[u64; PRISTINE_MAX]> = JsCell::new([UNDEFINED; PRISTINE_MAX]);

/// Records RegExp.prototype and %RegExp% once every built-in is installed
/// (`install_with` calls it last); nothing when RegExp is not linked.
pub fn record_pristine() {
    let (proto, ctor) = (realm::get(I::RegExpProto), realm::get(I::RegExpCtor));
    if !proto.is_cell() || !ctor.is_cell() {
        return;
    }
    let (proto_len, ctor_len) = (object::shape_of(proto).len(), object::shape_of(ctor).len());
    if proto_len + ctor_len > PRISTINE_MAX {
        return;
    }
    // SAFETY: start-up on the JS thread; `values` is the only borrow of the static array, whose
    // address the root range below keeps for the program.
    let values = unsafe { VALUES.get() };
    let (own, rest) = values.split_at_mut(proto_len);
    for (i, v) in own.iter_mut().enumerate() {
        *v = object::slot_get(proto, i).0;
    }
    for (i, v) in rest[..ctor_len].iter_mut().enumerate() {
        *v = object::slot_get(ctor, i).0;
    }
    perry_gc::roots::register_range("regexp-pristine", values.as_mut_ptr(), PRISTINE_MAX);
    let Ok(sample) = regexp_alloc(Value::UNDEFINED) else { return };
    let p = Pristine {
        proto_shape: proto.cell().word(OBJ_SHAPE),
        ctor_shape: ctor.cell().word(OBJ_SHAPE),
        instance_shape: sample.cell().word(OBJ_SHAPE),
        proto_len,
        ctor_len,
    };
    // SAFETY: a store on the JS thread at start-up, with no reference kept.
    unsafe { *PRISTINE.get() = Some(p) };
}

/// Whether `r` is an initialized RegExp object whose only own property is
/// its writable `lastIndex`, whose prototype is RegExp.prototype, and
/// RegExp.prototype and %RegExp% still have the properties they were
/// installed with: then every property the spec'd steps of exec, test,
/// @@replace and @@split read (`exec`, `flags` and the flag getters,
/// `constructor`, @@species) is the intrinsic one, and reading it is
/// unobservable.
fn pristine(r: Value) -> bool {
    // SAFETY: the JS thread only; `p` is only read, and nothing below writes `PRISTINE` (only
    // `install` does).
    let Some(p) = (unsafe { PRISTINE.get() }).as_ref() else { return false };
    if !is_regexp_object(r) || r.cell().word(OBJ_SHAPE) != p.instance_shape || code_of(r).is_none() {
        return false;
    }
    let (proto, ctor) = (realm::get(I::RegExpProto), realm::get(I::RegExpCtor));
    if r.cell().field(OBJ_PROTO) != proto || proto.cell().word(OBJ_SHAPE) != p.proto_shape || ctor.cell().word(OBJ_SHAPE) != p.ctor_shape {
        return false;
    }
    // SAFETY: the JS thread only; `slot_get` runs no code and does not reach `VALUES`.
    let values = unsafe { VALUES.get() };
    (0..p.proto_len).all(|i| object::slot_get(proto, i).0 == values[i]) && (0..p.ctor_len).all(|i| object::slot_get(ctor, i).0 == values[p.proto_len + i])
}

/// `lastIndex` of a RegExp object: its first own property, a data property
/// (non-configurable, so it stays there).
fn last_index_of(r: Value) -> Value {
    object::slot_get(r, 0)
}

// ---------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------

/// RegExpAlloc ( newTarget ) — 22.2.3.2
fn regexp_alloc(new_target: Value) -> JsResult {
    let proto = function::proto_from_new_target(new_target, I::RegExpProto)?;
    let o = object::alloc_object(KIND_REGEXP, RX_EXTRA, 1, proto);
    o.cell().set_word(RX_CODE, 0);
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    object::define(o, n().last_index, Value::UNDEFINED, shape::WRITABLE);
    Ok(Value(ho.get()))
}

/// RegExpInitialize ( obj, pattern, flags ) — 22.2.3.3
fn regexp_initialize(o: Value, pattern: Value, flags: Value) -> JsResult {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hf = scope.root(flags.0);
    let p = if pattern.is_undefined() { atoms::value(names::EMPTY) } else { ops::to_string(pattern)? };
    let hp = scope.root(p.0);
    let f = if Value(hf.get()).is_undefined() { atoms::value(names::EMPTY) } else { ops::to_string(Value(hf.get()))? };
    let hf = scope.root(f.0);
    // Parsing and compiling allocate nothing on the JS heap: the units stay put.
    let fu = string::units16(f);
    let Some(bits) = parse_flags(&fu) else {
        return Err(error::syntax_error(&format!("Invalid flags supplied to RegExp constructor '{}'", string::utf8_lossy(&fu))));
    };
    let pu = string::units16(Value(hp.get()));
    let code = match compile(&pu, bits) {
        Ok(c) => c,
        Err(msg) => {
            return Err(error::syntax_error(&format!("Invalid regular expression: /{}/{}: {msg}", string::utf8_lossy(&pu), string::utf8_lossy(&fu))));
        }
    };
    let o = Value(ho.get());
    o.cell().set_field(RX_SOURCE, Value(hp.get()));
    o.cell().set_field(RX_FLAGS, Value(hf.get()));
    o.cell().set_word(RX_CODE, code);
    set_last_index(Value(ho.get()), 0.0)?;
    Ok(Value(ho.get()))
}

/// RegExpCreate ( P, F ) — 22.2.3.1
pub fn regexp_create(p: Value, f: Value) -> JsResult {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let hf = scope.root(f.0);
    let o = regexp_alloc(realm::get(I::RegExpCtor))?;
    regexp_initialize(o, Value(hp.get()), Value(hf.get()))
}

/// A regular expression literal's evaluation (13.2.7.3): a new RegExp from
/// the literal's pattern and flags (both strings, checked at compile time).
extern "C" fn regexp_literal(p: u64, f: u64) -> u64 {
    error::abi(regexp_create(Value(p), Value(f)))
}
perry_runtime::abi_export!(perry_regexp_new, regexp_literal);

/// RegExp ( pattern, flags ) — 22.2.4.1
fn regexp_ctor(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let pattern_is_regexp = is_regexp(args.get(0))?;
    let new_target = if args.new_target().is_undefined() {
        if pattern_is_regexp && args.get(1).is_undefined() {
            let pc = object::get(args.get(0), names::CONSTRUCTOR)?;
            if ops::same_value(args.callee(), pc) {
                return Ok(args.get(0));
            }
        }
        args.callee()
    } else {
        args.new_target()
    };
    let hnt = scope.root(new_target.0);
    let pattern = args.get(0);
    let (p, f) = if is_regexp_object(pattern) {
        let f = if args.get(1).is_undefined() { pattern.cell().field(RX_FLAGS) } else { args.get(1) };
        (scope.root(pattern.cell().field(RX_SOURCE).0), scope.root(f.0))
    } else if pattern_is_regexp {
        let src = object::get(pattern, n().source)?;
        let hs = scope.root(src.0);
        let f = if args.get(1).is_undefined() { object::get(args.get(0), n().flags)? } else { args.get(1) };
        (hs, scope.root(f.0))
    } else {
        (scope.root(pattern.0), scope.root(args.get(1).0))
    };
    let o = regexp_alloc(Value(hnt.get()))?;
    regexp_initialize(o, Value(p.get()), Value(f.get()))
}

/// get RegExp [ @@species ] — 22.2.5.2
fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

/// RegExp.prototype.compile ( pattern, flags ) — B.2.4.1
fn compile_method(args: &Args) -> JsResult {
    let o = args.this();
    if !is_regexp_object(o) {
        return Err(error::type_error(&format!("Method RegExp.prototype.compile called on incompatible receiver {}", ops::inspect_brief(o))));
    }
    let scope = HandleScope::new();
    let pattern = args.get(0);
    let (p, f) = if is_regexp_object(pattern) {
        if !args.get(1).is_undefined() {
            return Err(error::type_error("Cannot supply flags when constructing one RegExp from another"));
        }
        (scope.root(pattern.cell().field(RX_SOURCE).0), scope.root(pattern.cell().field(RX_FLAGS).0))
    } else {
        (scope.root(pattern.0), scope.root(args.get(1).0))
    };
    regexp_initialize(args.this(), Value(p.get()), Value(f.get()))
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

/// RegExpBuiltinExec ( R, S ) — 22.2.7.2. `r` is a RegExp object.
fn builtin_exec(r: Value, s: Value) -> JsResult {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let has_indices = code_of(r).is_some_and(|c| code_flags(c) & F_D != 0);
    match builtin_match(r, s)? {
        Some(m) => Ok(match_array(&m, Value(hs.get()), has_indices)),
        None => Ok(Value::NULL),
    }
}

/// RegExpBuiltinExec ( R, S ) up to the match result: the match, with
/// `lastIndex` updated. `r` is a RegExp object.
fn builtin_match(r: Value, s: Value) -> JsResult<Option<Found>> {
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let hs = scope.root(s.0);
    // `lastIndex` is the first own property of every RegExp object.
    let li = last_index_of(r);
    let mut last_index = if li.is_number() { to_length(li).unwrap_or(0.0) } else { to_length(li)? };
    let r = Value(hr.get());
    let Some(code) = code_of(r) else { return Err(error::type_error("RegExp.prototype.exec called on an uninitialized RegExp")) };
    let flags = code_flags(code);
    let (global, sticky) = (flags & F_G != 0, flags & F_Y != 0);
    if !global && !sticky {
        last_index = 0.0;
    }
    let len = string::len(Value(hs.get()));
    // Under `u`/`v` the input is a list of code points: a lastIndex inside a
    // surrogate pair names the pair (as V8 does).
    if flags & (F_U | F_V) != 0 && last_index > 0.0 && last_index < len as f64 {
        let u = string::view(Value(hs.get()));
        let i = last_index as usize;
        if is_low(u.at(i)) && is_high(u.at(i - 1)) {
            last_index -= 1.0;
        }
    }
    let found = if last_index > len as f64 {
        None
    } else {
        let m = run(Value(hr.get()), Value(hs.get()), last_index as usize);
        m.filter(|m| !sticky || m.start == last_index as usize)
    };
    let Some(m) = found else {
        if global || sticky {
            set_last_index(Value(hr.get()), 0.0)?;
        }
        return Ok(None);
    };
    if global || sticky {
        set_last_index(Value(hr.get()), m.end as f64)?;
    }
    Ok(Some(m))
}

/// The match result array of RegExpBuiltinExec steps 20-34.
fn match_array(m: &Found, s: Value, has_indices: bool) -> Value {
    let nm = n();
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    // Made at its final length (the elements are stored in place), with its three properties
    // in its cell under the match shape.
    let a = scope.root(array::new_array_in(1 + m.groups.len(), Value::UNDEFINED, 3).0);
    let sub = |range: Option<(usize, usize)>| match range {
        Some((x, y)) => new_view(string::view(Value(hs.get())).slice(x, y)),
        None => Value::UNDEFINED,
    };
    for (i, range) in core::iter::once(Some((m.start, m.end))).chain(m.caps()).enumerate() {
        let v = sub(range);
        array::va_set(Value(a.get()).cell().field(ARR_ELEMS), i, v);
    }
    object::adopt_shape(Value(a.get()), nm.match_shape);
    object::slot_set(Value(a.get()), 0, Value::int(m.start as i64));
    object::slot_set(Value(a.get()), 1, Value(hs.get()));
    let has_groups = !m.names.is_empty();
    let name_atoms: Vec<(usize, Atom)> = m.names.iter().map(|(i, name)| (*i, atoms::intern_units(name))).collect();
    let groups = if has_groups { scope.root(object::alloc_object(KIND_OBJECT, 0, name_atoms.len() as u32, Value::NULL).0) } else { scope.root(UNDEFINED) };
    for &(i, k) in &name_atoms {
        let v = array::get_index(Value(a.get()), i);
        object::define(Value(groups.get()), k, v, shape::DEFAULT);
    }
    object::slot_set(Value(a.get()), 2, Value(groups.get()));
    if has_indices {
        let ind = scope.root(array::new_array(0).0);
        let pair = |r: Option<(usize, usize)>| match r {
            Some((x, y)) => array::from_values(&[Value::int(x as i64), Value::int(y as i64)]),
            None => Value::UNDEFINED,
        };
        let p = pair(Some((m.start, m.end)));
        array::push(Value(ind.get()), p);
        for c in m.caps() {
            let p = pair(c);
            array::push(Value(ind.get()), p);
        }
        let ig = if has_groups { scope.root(object::alloc_object(KIND_OBJECT, 0, name_atoms.len() as u32, Value::NULL).0) } else { scope.root(UNDEFINED) };
        for &(i, k) in &name_atoms {
            let v = array::get_index(Value(ind.get()), i);
            object::define(Value(ig.get()), k, v, shape::DEFAULT);
        }
        object::define(Value(ind.get()), nm.groups, Value(ig.get()), shape::DEFAULT);
        object::define(Value(a.get()), nm.indices, Value(ind.get()), shape::DEFAULT);
    }
    Value(a.get())
}

/// RegExpExec ( R, S ) — 22.2.7.1
pub fn regexp_exec(r: Value, s: Value) -> JsResult {
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let hs = scope.root(s.0);
    if pristine(r) {
        return builtin_exec(r, s);
    }
    let exec = object::get(r, n().exec)?;
    // Fast path: the intrinsic exec on a RegExp object needs no call.
    if exec == realm::get(I::RegExpProtoExec) && is_regexp_object(Value(hr.get())) {
        return builtin_exec(Value(hr.get()), Value(hs.get()));
    }
    if proxy::is_callable(exec) {
        let res = function::call(exec, Value(hr.get()), &[Value(hs.get())])?;
        if !res.is_js_object() && !res.is_null() {
            return Err(error::type_error(&format!("object {} is not a function or its result is not an object or null", ops::inspect_brief(res))));
        }
        return Ok(res);
    }
    if !is_regexp_object(Value(hr.get())) {
        return Err(error::type_error(&format!("Method RegExp.prototype.exec called on incompatible receiver {}", ops::inspect_brief(Value(hr.get())))));
    }
    builtin_exec(Value(hr.get()), Value(hs.get()))
}

/// RegExp.prototype.exec ( string ) — 22.2.6.2
fn exec(args: &Args) -> JsResult {
    let r = args.this();
    if !is_regexp_object(r) {
        return Err(error::type_error(&format!("Method RegExp.prototype.exec called on incompatible receiver {}", ops::inspect_brief(r))));
    }
    let s = ops::to_string(args.get(0))?;
    builtin_exec(args.this(), s)
}

/// RegExp.prototype.test ( S ) — 22.2.6.16
fn test(args: &Args) -> JsResult {
    this_object(args, "test")?;
    let s = ops::to_string(args.get(0))?;
    if pristine(args.this()) {
        return Ok(Value::bool(builtin_match(args.this(), s)?.is_some()));
    }
    let m = regexp_exec(args.this(), s)?;
    Ok(Value::bool(!m.is_null()))
}

// ---------------------------------------------------------------------------
// Accessors and toString
// ---------------------------------------------------------------------------

/// EscapeRegExpPattern (22.2.6.13.1), as V8 writes it: `/` outside a class
/// and line terminators escaped, the empty pattern as `(?:)`.
pub fn escape_pattern(p: &[u16]) -> Vec<u16> {
    if p.is_empty() {
        return "(?:)".encode_utf16().collect();
    }
    let mut out = Vec::with_capacity(p.len() + 2);
    let mut in_class = false;
    let mut i = 0;
    let line = |c: u16| -> Option<&'static str> {
        match c {
            0x0A => Some("n"),
            0x0D => Some("r"),
            0x2028 => Some("u2028"),
            0x2029 => Some("u2029"),
            _ => None,
        }
    };
    while i < p.len() {
        let c = p[i];
        if c == b'\\' as u16 {
            out.push(c);
            if let Some(&next) = p.get(i + 1) {
                match line(next) {
                    Some(e) => out.extend(e.encode_utf16()),
                    None => out.push(next),
                }
            }
            i += 2;
            continue;
        }
        if let Some(e) = line(c) {
            out.push(b'\\' as u16);
            out.extend(e.encode_utf16());
        } else if c == b'/' as u16 && !in_class {
            out.extend([b'\\' as u16, c]);
        } else {
            if c == b'[' as u16 {
                in_class = true;
            } else if c == b']' as u16 {
                in_class = false;
            }
            out.push(c);
        }
        i += 1;
    }
    out
}

/// The canonical flags text of flag bits.
fn flags_text(bits: u8) -> String {
    FLAG_CHARS.iter().filter(|(_, b)| bits & b != 0).map(|(c, _)| *c as char).collect()
}

/// `/source/flags` of a RegExp object from its internal slots (what
/// `util.inspect` prints; runs no code).
pub fn to_display(r: Value) -> String {
    let src = r.cell().field(RX_SOURCE);
    let src = if src.is_string() { string::utf8_lossy(&escape_pattern(&string::units16(src))) } else { "(?:)".into() };
    format!("/{src}/{}", flags_text(flags_of(r)))
}

/// get RegExp.prototype.source — 22.2.6.13
fn get_source(args: &Args) -> JsResult {
    let r = args.this();
    if !r.is_js_object() {
        return Err(error::type_error(&format!("RegExp.prototype.source getter called on non-object {}", ops::inspect_brief(r))));
    }
    if !is_regexp_object(r) || code_of(r).is_none() {
        if r == realm::get(I::RegExpProto) {
            return Ok(string::from_str("(?:)"));
        }
        return Err(error::type_error("RegExp.prototype.source getter called on non-RegExp object"));
    }
    let e = escape_pattern(&string::units16(r.cell().field(RX_SOURCE)));
    Ok(new_str(&e))
}

/// RegExpHasFlag ( R, codeUnit ) — 22.2.6.4.1
fn has_flag(args: &Args, bit: u8, name: &str) -> JsResult {
    let r = args.this();
    if !r.is_js_object() {
        return Err(error::type_error(&format!("RegExp.prototype.{name} getter called on non-object {}", ops::inspect_brief(r))));
    }
    if !is_regexp_object(r) || code_of(r).is_none() {
        if r == realm::get(I::RegExpProto) {
            return Ok(Value::UNDEFINED);
        }
        return Err(error::type_error(&format!("RegExp.prototype.{name} getter called on non-RegExp object")));
    }
    Ok(Value::bool(flags_of(r) & bit != 0))
}

fn get_has_indices(args: &Args) -> JsResult {
    has_flag(args, F_D, "hasIndices")
}
fn get_global(args: &Args) -> JsResult {
    has_flag(args, F_G, "global")
}
fn get_ignore_case(args: &Args) -> JsResult {
    has_flag(args, F_I, "ignoreCase")
}
fn get_multiline(args: &Args) -> JsResult {
    has_flag(args, F_M, "multiline")
}
fn get_dot_all(args: &Args) -> JsResult {
    has_flag(args, F_S, "dotAll")
}
fn get_unicode(args: &Args) -> JsResult {
    has_flag(args, F_U, "unicode")
}
fn get_unicode_sets(args: &Args) -> JsResult {
    has_flag(args, F_V, "unicodeSets")
}
fn get_sticky(args: &Args) -> JsResult {
    has_flag(args, F_Y, "sticky")
}

/// get RegExp.prototype.flags — 22.2.6.4
fn get_flags(args: &Args) -> JsResult {
    let r = args.this();
    if !r.is_js_object() {
        return Err(error::type_error(&format!("RegExp.prototype.flags getter called on non-object {}", ops::inspect_brief(r))));
    }
    let nm = n();
    let mut out = String::new();
    for (c, key) in [
        ('d', nm.has_indices),
        ('g', nm.global),
        ('i', nm.ignore_case),
        ('m', nm.multiline),
        ('s', nm.dot_all),
        ('u', nm.unicode),
        ('v', nm.unicode_sets),
        ('y', nm.sticky),
    ] {
        if ops::to_boolean(object::get(args.this(), key)?) {
            out.push(c);
        }
    }
    Ok(string::from_str(&out))
}

/// ToString(Get(rx, "flags")) as flag bits (unknown characters ignored).
fn get_flags_bits(rx: Value) -> JsResult<u8> {
    let f = object::get(rx, n().flags)?;
    let u = to_units(f)?;
    Ok(u.iter().fold(0u8, |acc, &c| acc | FLAG_CHARS.iter().find(|(ch, _)| *ch as u16 == c).map_or(0, |(_, b)| *b)))
}

/// RegExp.prototype.toString ( ) — 22.2.6.17
fn to_string(args: &Args) -> JsResult {
    this_object(args, "toString")?;
    let p = to_units(object::get(args.this(), n().source)?)?;
    let f = to_units(object::get(args.this(), n().flags)?)?;
    let mut out = Vec::with_capacity(p.len() + f.len() + 2);
    out.push(b'/' as u16);
    out.extend(p);
    out.push(b'/' as u16);
    out.extend(f);
    Ok(new_str(&out))
}

// ---------------------------------------------------------------------------
// The Symbol methods
// ---------------------------------------------------------------------------

/// RegExp.prototype [ @@match ] ( string ) — 22.2.6.8
fn symbol_match(args: &Args) -> JsResult {
    this_object(args, "[Symbol.match]")?;
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.get(0))?.0);
    let flags = get_flags_bits(args.this())?;
    if flags & F_G == 0 {
        return regexp_exec(args.this(), Value(s.get()));
    }
    let full_unicode = flags & (F_U | F_V) != 0;
    set_last_index(args.this(), 0.0)?;
    let a = scope.root(array::new_array(0).0);
    loop {
        let result = regexp_exec(args.this(), Value(s.get()))?;
        if result.is_null() {
            return Ok(if array::len(Value(a.get())) == 0 { Value::NULL } else { Value(a.get()) });
        }
        let m = object::get(result, n().zero)?;
        let ms = ops::to_string(m)?;
        let empty = string::len(ms) == 0;
        array::push(Value(a.get()), ms);
        if empty {
            advance_last_index(args.this(), Value(s.get()), full_unicode)?;
        }
    }
}

/// Steps shared by @@match, @@replace and the String Iterator for an empty
/// match: lastIndex = AdvanceStringIndex(S, ToLength(Get(rx, "lastIndex"))).
fn advance_last_index(rx: Value, s: Value, full_unicode: bool) -> JsResult<()> {
    let scope = HandleScope::new();
    let hr = scope.root(rx.0);
    let hs = scope.root(s.0);
    let li = object::get(rx, n().last_index)?;
    let this_index = to_length(li)?;
    let next = advance(string::view(Value(hs.get())), this_index, full_unicode);
    set_last_index(Value(hr.get()), next)
}

/// RegExp.prototype [ @@matchAll ] ( string ) — 22.2.6.9
fn symbol_match_all(args: &Args) -> JsResult {
    this_object(args, "[Symbol.matchAll]")?;
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.get(0))?.0);
    let c = scope.root(species_constructor(args.this())?.0);
    let f = object::get(args.this(), n().flags)?;
    let flags = scope.root(ops::to_string(f)?.0);
    let matcher = scope.root(function::construct(Value(c.get()), &[args.this(), Value(flags.get())], Value(c.get()))?.0);
    let li = object::get(args.this(), n().last_index)?;
    let last_index = to_length(li)?;
    set_last_index(Value(matcher.get()), last_index)?;
    let fu = string::units16(Value(flags.get()));
    let global = fu.contains(&(b'g' as u16));
    let full_unicode = fu.contains(&(b'u' as u16)) || fu.contains(&(b'v' as u16));
    let it = object::alloc_object(KIND_REGEXP_ITERATOR, RXI_EXTRA, 1, realm::get(I::RegExpStringIteratorProto));
    it.cell().set_field(RXI_REGEXP, Value(matcher.get()));
    it.cell().set_field(RXI_STRING, Value(s.get()));
    it.cell().set_word(RXI_STATE, if global { RXI_GLOBAL } else { 0 } | if full_unicode { RXI_UNICODE } else { 0 });
    Ok(it)
}

/// %RegExpStringIteratorPrototype%.next ( ) — 22.2.9.2.1
fn rsi_next(args: &Args) -> JsResult {
    let o = args.this();
    if !(o.is_cell() && o.kind() == KIND_REGEXP_ITERATOR) {
        return Err(error::type_error(&format!("Method %RegExpStringIterator%.prototype.next called on incompatible receiver {}", ops::inspect_brief(o))));
    }
    let state = o.cell().word(RXI_STATE);
    if state & RXI_DONE != 0 {
        return Ok(iter::result_object(Value::UNDEFINED, true));
    }
    let scope = HandleScope::new();
    let r = scope.root(o.cell().field(RXI_REGEXP).0);
    let s = scope.root(o.cell().field(RXI_STRING).0);
    let m = regexp_exec(Value(r.get()), Value(s.get()))?;
    if m.is_null() {
        args.this().cell().set_word(RXI_STATE, state | RXI_DONE);
        return Ok(iter::result_object(Value::UNDEFINED, true));
    }
    let hm = scope.root(m.0);
    if state & RXI_GLOBAL == 0 {
        args.this().cell().set_word(RXI_STATE, state | RXI_DONE);
        return Ok(iter::result_object(Value(hm.get()), false));
    }
    let ms = ops::to_string(object::get(m, n().zero)?)?;
    if string::len(ms) == 0 {
        advance_last_index(Value(r.get()), Value(s.get()), state & RXI_UNICODE != 0)?;
    }
    Ok(iter::result_object(Value(hm.get()), false))
}

/// RegExp.prototype [ @@replace ] ( string, replaceValue ) — 22.2.6.11
fn symbol_replace(args: &Args) -> JsResult {
    this_object(args, "[Symbol.replace]")?;
    let nm = n();
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.get(0))?.0);
    let functional = proxy::is_callable(args.get(1));
    let repl = scope.root(if functional { args.get(1) } else { ops::to_string(args.get(1))? }.0);
    if pristine(args.this()) && code_of(args.this()).is_some_and(|c| !code_has_names(c)) {
        if !functional {
            return replace_template(args.this(), Value(s.get()), Value(repl.get()));
        }
        return replace_with_function(args.this(), Value(s.get()), Value(repl.get()));
    }
    let repl_units = if functional { Vec::new() } else { string::view(Value(repl.get())).to_vec() };
    let rx = args.this();
    let flags = get_flags_bits(rx)?;
    let global = flags & F_G != 0;
    let full_unicode = flags & (F_U | F_V) != 0;
    if global {
        set_last_index(args.this(), 0.0)?;
    }
    let results = scope.root(array::new_array(0).0);
    loop {
        let inner = HandleScope::new();
        let result = regexp_exec(args.this(), Value(s.get()))?;
        if result.is_null() {
            break;
        }
        let hres = inner.root(result.0);
        array::push(Value(results.get()), result);
        if !global {
            break;
        }
        let m = object::get(Value(hres.get()), nm.zero)?;
        let ms = ops::to_string(m)?;
        if string::len(ms) == 0 {
            advance_last_index(args.this(), Value(s.get()), full_unicode)?;
        }
    }
    let su = string::view(Value(s.get())).to_vec();
    let len_s = su.len();
    let mut acc: Vec<u16> = Vec::new();
    let mut next_pos = 0usize;
    for k in 0..array::len(Value(results.get())) {
        let inner = HandleScope::new();
        let result = inner.root(array::get_index(Value(results.get()), k).0);
        let n_caps = ops::length_of(Value(result.get()))?.saturating_sub(1);
        let matched = to_units(object::get(Value(result.get()), nm.zero)?)?;
        let pos_v = object::get(Value(result.get()), names::INDEX)?;
        let pos = ops::to_integer(pos_v)?;
        let position = if pos <= 0.0 {
            0
        } else if pos >= len_s as f64 {
            len_s
        } else {
            pos as usize
        };
        let mut captures: Vec<Option<Vec<u16>>> = Vec::with_capacity(n_caps);
        let caps_arr = inner.root(array::new_array(0).0);
        for i in 1..=n_caps {
            let key = atoms::intern(&i.to_string());
            let c = object::get(Value(result.get()), key)?;
            if c.is_undefined() {
                captures.push(None);
                array::push(Value(caps_arr.get()), Value::UNDEFINED);
            } else {
                let cs = ops::to_string(c)?;
                let cu = string::view(cs).to_vec();
                array::push(Value(caps_arr.get()), cs);
                captures.push(Some(cu));
            }
        }
        let named = object::get(Value(result.get()), nm.groups)?;
        let hnamed = inner.root(named.0);
        let replacement = if functional {
            let mut call_args: Vec<perry_gc::Handle> = Vec::with_capacity(n_caps + 4);
            call_args.push(inner.root(new_str(&matched).0));
            for i in 0..n_caps {
                call_args.push(inner.root(array::get_index(Value(caps_arr.get()), i).0));
            }
            call_args.push(inner.root(Value::int(position as i64).0));
            call_args.push(inner.root(s.get()));
            if !Value(hnamed.get()).is_undefined() {
                call_args.push(inner.root(hnamed.get()));
            }
            let vals: Vec<Value> = call_args.iter().map(|h| Value(h.get())).collect();
            let r = function::call(args.get(1), Value::UNDEFINED, &vals)?;
            to_units(r)?
        } else {
            let named = if Value(hnamed.get()).is_undefined() { Value::UNDEFINED } else { ops::to_object(Value(hnamed.get()))? };
            get_substitution(&matched, &su, position, &captures, named, &repl_units)?
        };
        append_replacement(&mut acc, &mut next_pos, &su, position, matched.len(), replacement)?;
    }
    if next_pos < len_s {
        acc.extend_from_slice(&su[next_pos..]);
    }
    Ok(new_str(&acc))
}

/// @@replace steps 10-11 for a [`pristine`] RegExp `rx` with `flags`: every match in `s` (the
/// first only, unless global) handed to `f` in order, `lastIndex` moved as the spec's loop
/// moves it.
fn each_match(rx: Value, s: Value, flags: u8, mut f: impl FnMut(Found)) -> JsResult<()> {
    let scope = HandleScope::new();
    let hr = scope.root(rx.0);
    let hs = scope.root(s.0);
    let global = flags & F_G != 0;
    if global {
        set_last_index(rx, 0.0)?;
    }
    while let Some(m) = builtin_match(Value(hr.get()), Value(hs.get()))? {
        let empty = m.start == m.end;
        f(m);
        if !global {
            break;
        }
        if empty {
            advance_last_index(Value(hr.get()), Value(hs.get()), flags & (F_U | F_V) != 0)?;
        }
    }
    Ok(())
}

/// A part of a replacement template (GetSubstitution's `$` forms, 22.1.3.19.1, for a regexp
/// without named groups: `$<` is literal).
#[derive(Clone, Copy)]
enum Part {
    /// Units `start..end` of the template.
    Text(usize, usize),
    /// `$&`, `` $` ``, `$'`.
    Matched,
    Before,
    After,
    /// `$n` / `$nn`: capture group n (1-based).
    Group(usize),
}

/// The parts of template `t` for a regexp with `groups` capture groups, in GetSubstitution's
/// reading (a two-digit `$nn` only when nn names a group, else one digit; an index naming no
/// group, and any other `$`, is literal text).
fn template_parts(t: Str, groups: usize) -> Vec<Part> {
    let d = |c: u16| (b'0' as u16..=b'9' as u16).contains(&c);
    let mut parts = Vec::new();
    let (mut i, mut lit) = (0, 0);
    let flush = |parts: &mut Vec<Part>, lit: usize, to: usize| {
        if to > lit {
            parts.push(Part::Text(lit, to));
        }
    };
    while i < t.len() {
        if t.at(i) != b'$' as u16 || i + 1 >= t.len() {
            i += 1;
            continue;
        }
        let n = t.at(i + 1);
        let (part, width) = match n {
            0x24 => (Some(Part::Text(i, i + 1)), 2),
            0x26 => (Some(Part::Matched), 2),
            0x60 => (Some(Part::Before), 2),
            0x27 => (Some(Part::After), 2),
            _ if d(n) => {
                let one = (n - b'0' as u16) as usize;
                let two = (i + 2 < t.len() && d(t.at(i + 2))).then(|| one * 10 + (t.at(i + 2) - b'0' as u16) as usize);
                match two {
                    Some(k) if (1..=groups).contains(&k) => (Some(Part::Group(k)), 3),
                    _ if (1..=groups).contains(&one) => (Some(Part::Group(one)), 2),
                    _ => (None, 2),
                }
            }
            _ => (None, 1),
        };
        match part {
            Some(p) => {
                flush(&mut parts, lit, i);
                parts.push(p);
                i += width;
                lit = i;
            }
            None => i += width,
        }
    }
    flush(&mut parts, lit, t.len());
    parts
}

/// @@replace for a [`pristine`] RegExp without named groups and a string replacement: the
/// matches as Rust data, the template read once ([`template_parts`]), and the result
/// assembled from ranges of the subject and the template in one pass.
fn replace_template(rx: Value, s: Value, repl: Value) -> JsResult {
    let scope = HandleScope::new();
    let hr = scope.root(rx.0);
    let hs = scope.root(s.0);
    let ht = scope.root(repl.0);
    let flags = flags_of(rx);
    // Each match as units: start, end, then (start, end) of every group (NONE, NONE when it
    // did not participate); Found itself is dropped at once, so a million matches cost their
    // offsets and no more.
    const NONE: u32 = u32::MAX;
    let mut spans: Vec<u32> = Vec::new();
    let mut groups = 0;
    each_match(Value(hr.get()), Value(hs.get()), flags, |m| {
        groups = m.groups.len();
        spans.extend([m.start as u32, m.end as u32]);
        for c in m.caps() {
            spans.extend(c.map_or([NONE, NONE], |(a, b)| [a as u32, b as u32]));
        }
    })?;
    if spans.is_empty() {
        return Ok(Value(hs.get()));
    }
    let parts = template_parts(string::view(Value(ht.get())), groups);
    let n = string::len(Value(hs.get()));
    string::assemble(Value(hs.get()), Value(ht.get()), |piece| {
        let mut next = 0;
        for m in spans.chunks_exact(2 + 2 * groups) {
            let (start, end) = (m[0] as usize, m[1] as usize);
            // Matches never overlap (each search starts at the previous end).
            piece((false, next, start));
            for p in &parts {
                match *p {
                    Part::Text(a, b) => piece((true, a, b)),
                    Part::Matched => piece((false, start, end)),
                    Part::Before => piece((false, 0, start)),
                    Part::After => piece((false, end, n)),
                    Part::Group(g) if m[2 * g] != NONE => piece((false, m[2 * g] as usize, m[2 * g + 1] as usize)),
                    Part::Group(_) => {}
                }
            }
            next = end;
        }
        piece((false, next, n));
    })
}

/// @@replace for a [`pristine`] RegExp without named groups and a replacer function: the same
/// steps, with the matches kept as Rust data instead of result arrays whose properties are read
/// back (nothing those reads could observe differs). The result is gathered in a [`StrBuf`]
/// from views of the subject and of each replacement, in the width they need: the subject is
/// never widened or copied whole (HTML escaping, `s.replace(/[&<>]/g, (c) => map[c])`).
fn replace_with_function(rx: Value, s: Value, f: Value) -> JsResult {
    let scope = HandleScope::new();
    let hr = scope.root(rx.0);
    let hs = scope.root(s.0);
    let hf = scope.root(f.0);
    let flags = flags_of(rx);
    let mut found: Vec<Found> = Vec::new();
    each_match(Value(hr.get()), Value(hs.get()), flags, |m| found.push(m))?;
    if found.is_empty() {
        return Ok(Value(hs.get()));
    }
    // Views of the subject are taken again after every allocation (it may have moved).
    let piece = |x: usize, y: usize| new_view(string::view(Value(hs.get())).slice(x, y));
    let mut acc = string::StrBuf::with_capacity(string::len(Value(hs.get())));
    let mut next_pos = 0usize;
    for m in &found {
        let inner = HandleScope::new();
        let mut call_args: Vec<perry_gc::Handle> = Vec::with_capacity(m.groups.len() + 3);
        call_args.push(inner.root(piece(m.start, m.end).0));
        for c in m.caps() {
            let v = c.map_or(Value::UNDEFINED, |(x, y)| piece(x, y));
            call_args.push(inner.root(v.0));
        }
        call_args.push(inner.root(Value::int(m.start as i64).0));
        call_args.push(inner.root(hs.get()));
        let vals: Vec<Value> = call_args.iter().map(|h| Value(h.get())).collect();
        let r = function::call(Value(hf.get()), Value::UNDEFINED, &vals)?;
        let r = ops::to_string(r)?;
        // Steps 15.m-n: the text before a match that does not overlap the previous one.
        if m.start >= next_pos {
            acc.push_view(string::view(Value(hs.get())).slice(next_pos, m.start));
            acc.push_view(string::view(r));
            next_pos = m.end;
        }
        string::check_len(acc.len())?;
    }
    acc.push_view(string::view(Value(hs.get())).slice(next_pos.min(string::len(Value(hs.get()))), string::len(Value(hs.get()))));
    acc.finish()
}

/// @@replace steps 15.m-n: the text before a match at `position` that does
/// not overlap the previous one, then its replacement.
fn append_replacement(acc: &mut Vec<u16>, next_pos: &mut usize, su: &[u16], position: usize, matched_len: usize, replacement: Vec<u16>) -> JsResult<()> {
    if position >= *next_pos {
        acc.extend_from_slice(&su[*next_pos..position]);
        acc.extend(replacement);
        *next_pos = position + matched_len;
    }
    if acc.len() > crate::string_builtins::MAX_STRING_LENGTH {
        return Err(error::range_error("Invalid string length"));
    }
    Ok(())
}

/// RegExp.prototype [ @@search ] ( string ) — 22.2.6.12
fn symbol_search(args: &Args) -> JsResult {
    this_object(args, "[Symbol.search]")?;
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.get(0))?.0);
    let prev = scope.root(object::get(args.this(), n().last_index)?.0);
    if !ops::same_value(Value(prev.get()), Value::int(0)) {
        set_last_index(args.this(), 0.0)?;
    }
    let result = scope.root(regexp_exec(args.this(), Value(s.get()))?.0);
    let cur = object::get(args.this(), n().last_index)?;
    if !ops::same_value(cur, Value(prev.get())) {
        object::set(args.this(), n().last_index, Value(prev.get()))?;
    }
    if Value(result.get()).is_null() {
        return Ok(Value::int(-1));
    }
    object::get(Value(result.get()), names::INDEX)
}

/// RegExp.prototype [ @@split ] ( string, limit ) — 22.2.6.14
fn symbol_split(args: &Args) -> JsResult {
    this_object(args, "[Symbol.split]")?;
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.get(0))?.0);
    // A pristine RegExp's splitter would be a plain RegExp of the same
    // pattern and flags (plus `y`), made without observable steps: the
    // leftmost-search loop below runs this one's matcher (it ignores `y`
    // and leaves `lastIndex` alone, as the splitter's own would be).
    // (A limit that is not a number converts after the splitter is made,
    // and may change what making one would observe: the general path.)
    let (splitter, unicode) = if pristine(args.this()) && (args.get(1).is_undefined() || args.get(1).is_number()) {
        (scope.root(args.this().0), flags_of(args.this()) & (F_U | F_V) != 0)
    } else {
        let c = scope.root(species_constructor(args.this())?.0);
        let f = object::get(args.this(), n().flags)?;
        let flags = ops::to_string(f)?;
        let mut fu = string::view(flags).to_vec();
        let unicode = fu.contains(&(b'u' as u16)) || fu.contains(&(b'v' as u16));
        if !fu.contains(&(b'y' as u16)) {
            fu.push(b'y' as u16);
        }
        let new_flags = new_str(&fu);
        (scope.root(function::construct(Value(c.get()), &[args.this(), new_flags], Value(c.get()))?.0), unicode)
    };
    let a = scope.root(array::new_array(0).0);
    let lim = if args.get(1).is_undefined() { u32::MAX } else { ops::to_uint32(ops::to_number(args.get(1))?) };
    if lim == 0 {
        return Ok(Value(a.get()));
    }
    let size = string::len(Value(s.get()));
    if size == 0 {
        if pristine(Value(splitter.get())) {
            let matches = run(Value(splitter.get()), atoms::value(names::EMPTY), 0).is_some_and(|m| m.start == 0);
            if !matches {
                array::push(Value(a.get()), Value(s.get()));
            }
            return Ok(Value(a.get()));
        }
        let z = regexp_exec(Value(splitter.get()), Value(s.get()))?;
        if !z.is_null() {
            return Ok(Value(a.get()));
        }
        array::push(Value(a.get()), Value(s.get()));
        return Ok(Value(a.get()));
    }
    // Fast path: a plain RegExp splitter with the intrinsic exec finds the
    // next match with one leftmost search instead of a sticky attempt at
    // every position (the positions skipped are exactly the failed ones).
    let fast = pristine(Value(splitter.get()))
        || (is_regexp_object(Value(splitter.get()))
            && object::get(Value(splitter.get()), n().exec)? == realm::get(I::RegExpProtoExec)
            && object::shape_of(Value(splitter.get())).len() == 1);
    let mut p = 0usize;
    let mut q = 0usize;
    let push = |v: Value| -> bool {
        array::push(Value(a.get()), v);
        array::len(Value(a.get())) as u32 == lim
    };
    let sub = |x: usize, y: usize| new_view(string::view(Value(s.get())).slice(x, y));
    if fast {
        while q < size {
            let Some(m) = run(Value(splitter.get()), Value(s.get()), q) else { break };
            if m.start >= size {
                break;
            }
            q = m.start;
            let e = m.end.min(size);
            if e == p {
                q = advance(string::view(Value(s.get())), q as f64, unicode) as usize;
                continue;
            }
            if push(sub(p, q)) {
                return Ok(Value(a.get()));
            }
            p = e;
            for c in m.caps() {
                let v = match c {
                    Some((x, y)) => sub(x, y),
                    None => Value::UNDEFINED,
                };
                if push(v) {
                    return Ok(Value(a.get()));
                }
            }
            q = p;
        }
    } else {
        while q < size {
            let inner = HandleScope::new();
            set_last_index(Value(splitter.get()), q as f64)?;
            let z = regexp_exec(Value(splitter.get()), Value(s.get()))?;
            if z.is_null() {
                q = advance(string::view(Value(s.get())), q as f64, unicode) as usize;
                continue;
            }
            let hz = inner.root(z.0);
            let li = object::get(Value(splitter.get()), n().last_index)?;
            let e = (to_length(li)? as usize).min(size);
            if e == p {
                q = advance(string::view(Value(s.get())), q as f64, unicode) as usize;
                continue;
            }
            if push(sub(p, q)) {
                return Ok(Value(a.get()));
            }
            p = e;
            let n_caps = ops::length_of(Value(hz.get()))?.saturating_sub(1);
            for i in 1..=n_caps {
                let key = atoms::intern(&i.to_string());
                let cap = object::get(Value(hz.get()), key)?;
                if push(cap) {
                    return Ok(Value(a.get()));
                }
            }
            q = p;
        }
    }
    let t = new_view(string::view(Value(s.get())).slice(p.min(size), size));
    array::push(Value(a.get()), t);
    Ok(Value(a.get()))
}

// ---------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------

pub fn install() {
    let names = Names {
        last_index: atoms::intern("lastIndex"),
        source: atoms::intern("source"),
        flags: atoms::intern("flags"),
        exec: atoms::intern("exec"),
        groups: atoms::intern("groups"),
        indices: atoms::intern("indices"),
        zero: atoms::intern("0"),
        has_indices: atoms::intern("hasIndices"),
        global: atoms::intern("global"),
        ignore_case: atoms::intern("ignoreCase"),
        multiline: atoms::intern("multiline"),
        dot_all: atoms::intern("dotAll"),
        unicode: atoms::intern("unicode"),
        unicode_sets: atoms::intern("unicodeSets"),
        sticky: atoms::intern("sticky"),
        match_shape: shape::root(ARR_SIZE as u32, 3).add_many(&[names::INDEX, names::INPUT, atoms::intern("groups")], shape::DEFAULT),
    };
    // SAFETY: a store on the JS thread at start-up, with no reference kept.
    unsafe { *NAMES.get() = Some(names) };
    for i in 1..=9 {
        atoms::intern(&i.to_string());
    }

    let scope = HandleScope::new();
    let proto = object::new_object_kind(KIND_OBJECT, realm::get(I::ObjectProto), 8);
    realm::set(I::RegExpProto, proto);
    let hp = scope.root(proto.0);
    let c = crate::constructor("RegExp", 2, regexp_ctor, Value(hp.get()));
    realm::set(I::RegExpCtor, c);
    let hc = scope.root(c.0);
    let g = function::new_native("get [Symbol.species]", 0, species_getter);
    object::define_accessor(Value(hc.get()), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, shape::CONFIGURABLE);

    let e = crate::method(Value(hp.get()), "exec", 1, exec);
    realm::set(I::RegExpProtoExec, e);
    crate::method(Value(hp.get()), "test", 1, test);
    crate::method(Value(hp.get()), "toString", 0, to_string);
    crate::method(Value(hp.get()), "compile", 2, compile_method);
    for (i, name, len, f) in [
        (I::SymMatch, "[Symbol.match]", 1, symbol_match as function::NativeFn),
        (I::SymMatchAll, "[Symbol.matchAll]", 1, symbol_match_all),
        (I::SymReplace, "[Symbol.replace]", 2, symbol_replace),
        (I::SymSearch, "[Symbol.search]", 1, symbol_search),
        (I::SymSplit, "[Symbol.split]", 2, symbol_split),
    ] {
        crate::method_atom(Value(hp.get()), realm::sym_atom(i), name, len, f);
    }
    for (name, f) in [
        ("dotAll", get_dot_all as function::NativeFn),
        ("flags", get_flags),
        ("global", get_global),
        ("hasIndices", get_has_indices),
        ("ignoreCase", get_ignore_case),
        ("multiline", get_multiline),
        ("source", get_source),
        ("sticky", get_sticky),
        ("unicode", get_unicode),
        ("unicodeSets", get_unicode_sets),
    ] {
        crate::getter(Value(hp.get()), name, f);
    }

    let ip = object::new_object_kind(KIND_OBJECT, realm::get(I::IteratorProto), 4);
    realm::set(I::RegExpStringIteratorProto, ip);
    let hi = scope.root(ip.0);
    crate::method(Value(hi.get()), "next", 0, rsi_next);
    crate::to_string_tag(Value(hi.get()), "RegExp String Iterator");
}

#[cfg(test)]
mod tests {
    use super::literal_prefix;

    fn prefix(p: &str) -> String {
        let u: Vec<u16> = p.encode_utf16().collect();
        String::from_utf16(&literal_prefix(&u)).unwrap()
    }

    #[test]
    fn literal_prefixes_stop_where_a_match_may_differ() {
        assert_eq!(prefix(r"items\/\d+5 "), "items/");
        assert_eq!(prefix("abc"), "abc");
        assert_eq!(prefix("abc*d"), "ab");
        assert_eq!(prefix("abc?d"), "ab");
        assert_eq!(prefix("abc{0,2}"), "ab");
        assert_eq!(prefix("abc+d"), "abc");
        assert_eq!(prefix(r"a\.b\\c"), r"a.b\c");
        assert_eq!(prefix(r"ab\d"), "ab");
        assert_eq!(prefix("ab(c)"), "ab");
        assert_eq!(prefix("ab[c]"), "ab");
        assert_eq!(prefix("ab.c"), "ab");
        assert_eq!(prefix("^abc"), "");
        assert_eq!(prefix("abc$"), "abc");
        assert_eq!(prefix("abc|x"), "");
        assert_eq!(prefix("ab(c|d)"), "ab");
        assert_eq!(prefix(r"ab\|c"), "ab|c");
        assert_eq!(prefix("ab[|]c"), "ab");
        assert_eq!(prefix("(?<=x)ab"), "");
    }
}
