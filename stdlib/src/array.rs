//! Array (ECMAScript 23.1): the constructor, its static methods and
//! Array.prototype. Every method is generic over array-likes where the spec
//! says so, with fast paths for real arrays whose elements need no checks.

use crate::method;
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::error::{self, Exc};
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

use perry_runtime::array::{MAX_DENSE, MAX_LENGTH};
const MAX_SAFE: f64 = 9007199254740991.0;

/// The %Array% constructor (a root).
static ARRAY_CTOR: JsCell<u64> = JsCell::new(UNDEFINED);
/// Arrays whose join is in progress (cycle detection, as V8: a cycle joins as "").
static JOIN_STACK: JsCell<Vec<u64>> = JsCell::new(Vec::new());

fn array_ctor() -> Value {
    // SAFETY: a static word read by the JS thread only, with no reference kept.
    Value(unsafe { *ARRAY_CTOR.get() })
}

// ---------------------------------------------------------------------------
// Helpers (abstract operations over array-likes)
// ---------------------------------------------------------------------------

fn idx_atom(i: usize) -> Atom {
    atoms::intern(&i.to_string())
}

/// A callable's rendering in V8's "x is not a function" messages.
pub fn fn_brief(v: Value) -> String {
    if v.is_string() { string::to_rust(v) } else { crate::object_builtins::v8_brief(v) }
}

fn not_fn(v: Value) -> Exc {
    error::type_error(&format!("{} is not a function", fn_brief(v)))
}

pub(crate) fn require_fn(v: Value) -> JsResult<()> {
    if v.is_callable() { Ok(()) } else { Err(not_fn(v)) }
}

/// ToObject(this value) with V8's message for null and undefined.
fn this_object(args: &Args, name: &str) -> JsResult {
    let t = args.this();
    if t.is_nullish() {
        return Err(error::type_error(&format!("Array.prototype.{name} called on null or undefined")));
    }
    ops::to_object(t)
}

/// A real array whose elements can be written without checks.
#[inline]
fn plain(o: Value) -> bool {
    o.is_array() && o.cell().header_flags() & (FLAG_NONEXTENSIBLE | FLAG_SEALED_ELEMENTS | FLAG_FROZEN_ELEMENTS) == 0
}

/// Get(O, ToString(i)).
pub(crate) fn get_i(o: Value, i: usize) -> JsResult {
    if o.is_array_exotic() {
        let v = arr::get_index(o, i);
        if v != Value::HOLE {
            return Ok(v);
        }
        if arr::holes_absent(o) {
            return Ok(Value::UNDEFINED);
        }
    }
    let scope = HandleScope::new();
    let h = scope.root(o.0);
    let k = idx_atom(i);
    object::get(Value(h.get()), k)
}

/// HasProperty(O, ToString(i)).
fn has_i(o: Value, i: usize) -> bool {
    if o.is_array_exotic() {
        if arr::get_index(o, i) != Value::HOLE {
            return true;
        }
        if arr::holes_absent(o) {
            return false;
        }
    }
    let scope = HandleScope::new();
    let h = scope.root(o.0);
    let k = idx_atom(i);
    object::has_property(Value(h.get()), k)
}

/// The element at `i` when present (HasProperty then Get), else None.
fn get_present(o: Value, i: usize) -> JsResult<Option<Value>> {
    if o.is_array_exotic() {
        let v = arr::get_index(o, i);
        if v != Value::HOLE {
            return Ok(Some(v));
        }
        if arr::holes_absent(o) {
            return Ok(None);
        }
    }
    let scope = HandleScope::new();
    let h = scope.root(o.0);
    let k = idx_atom(i);
    if !object::has_property(Value(h.get()), k) {
        return Ok(None);
    }
    Ok(Some(object::get(Value(h.get()), k)?))
}

/// Set(O, ToString(i), v, true).
fn set_i(o: Value, i: usize, v: Value) -> JsResult<()> {
    object::set_value_key(o, Value::num(i as f64), v)
}

/// DeletePropertyOrThrow(O, ToString(i)).
fn delete_i(o: Value, i: usize) -> JsResult<()> {
    let scope = HandleScope::new();
    let h = scope.root(o.0);
    let k = idx_atom(i);
    object::delete(Value(h.get()), k)?;
    Ok(())
}

/// CreateDataPropertyOrThrow(O, ToString(i), v).
pub(crate) fn create_i(o: Value, i: usize, v: Value) -> JsResult<()> {
    if o.is_array_exotic() {
        return arr::set_index(o, i, v);
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hv = scope.root(v.0);
    let k = idx_atom(i);
    // [[DefineOwnProperty]] (a proxy's trap, a non-configurable or
    // non-extensible refusal) with a TypeError on false.
    let d = crate::object_builtins::Desc::data(hv);
    if !crate::proxy::define_own_any(Value(ho.get()), k, &d)? {
        return Err(error::type_error(&format!("Cannot add property {i}, object is not extensible")));
    }
    Ok(())
}

/// Set(O, "length", n, true).
pub(crate) fn set_len(o: Value, n: usize) -> JsResult<()> {
    if o.is_array_exotic() {
        return arr::set_length(o, Value::num(n as f64));
    }
    object::set(o, names::LENGTH, Value::num(n as f64))
}

/// A relative index argument clamped to [0, len] (`undefined` gives `default`).
pub(crate) fn rel_index(v: Value, len: usize, default: usize) -> JsResult<usize> {
    if v.is_undefined() {
        return Ok(default);
    }
    let f = ops::to_integer(v)?;
    let l = len as f64;
    Ok(if f < 0.0 { (l + f).max(0.0) as usize } else { f.min(l) as usize })
}

/// ArrayCreate(len): a new array of `len` holes (sparse past [`MAX_DENSE`]).
fn array_create(len: usize) -> JsResult {
    if len > MAX_LENGTH {
        return Err(error::range_error("Invalid array length"));
    }
    if len > MAX_DENSE {
        return Ok(arr::new_sparse(len));
    }
    Ok(arr::new_array_filled(len, Value::HOLE))
}

/// The indices in `from..to` that a loop reading `o` with HasProperty or Get needs to visit
/// when it runs no code of its own between reads: for a sparse array whose prototype chain
/// has no elements, its present ones (a hole of it runs nothing and finds nothing); `None`
/// for any other object (every index is visited).
fn sparse_span(o: Value, from: usize, to: usize) -> Option<Vec<usize>> {
    (o.is_sparse_array() && arr::holes_absent(o)).then(|| arr::sparse_indices(o, from, to))
}

/// The indices of `from..to` such a loop visits: [`sparse_span`]'s, or all of them.
fn visit(o: Value, from: usize, to: usize) -> Box<dyn Iterator<Item = usize>> {
    match sparse_span(o, from, to) {
        Some(span) => Box::new(span.into_iter()),
        None => Box::new(from..to),
    }
}

/// ArraySpeciesCreate — 10.4.2.3
fn species_create(o: Value, len: usize) -> JsResult {
    if !o.is_array_exotic() {
        return array_create(len);
    }
    let ap = realm::get(I::ArrayProto);
    if object::proto_of(o) == ap && object::find_own(o, names::CONSTRUCTOR).is_none() && object::get_data_chain(ap, names::CONSTRUCTOR) == Some(array_ctor()) {
        return array_create(len);
    }
    let scope = HandleScope::new();
    let c = object::get(o, names::CONSTRUCTOR)?;
    let c = if c.is_object() {
        let s = object::get(c, realm::sym_atom(I::SymSpecies))?;
        if s.is_null() { Value::UNDEFINED } else { s }
    } else {
        c
    };
    if c.is_undefined() || c == array_ctor() {
        return array_create(len);
    }
    if !function::is_constructor(c) {
        return Err(error::type_error("object.constructor[Symbol.species] is not a constructor"));
    }
    let hc = scope.root(c.0);
    function::construct(c, &[Value::num(len as f64)], Value(hc.get()))
}

/// Sorts `perm` stably with a fallible `lt(a, b)` = "comparator(a, b) < 0".
/// The comparator is called as V8's TimSort calls it (run detection, then
/// binary insertion), so inconsistent comparators give V8's results on the
/// short arrays where that is observable; runs are then merged without
/// galloping (same result for any consistent comparator).
fn sort_perm(perm: &mut [usize], lt: &mut dyn FnMut(usize, usize) -> JsResult<bool>) -> JsResult<()> {
    let n = perm.len();
    if n < 2 {
        return Ok(());
    }
    let min_run = {
        let (mut m, mut r) = (n, 0);
        while m >= 64 {
            r |= m & 1;
            m >>= 1;
        }
        m + r
    };
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut low = 0;
    while low < n {
        let remaining = n - low;
        let mut run = count_and_make_run(perm, low, n, lt)?;
        if run < min_run {
            let forced = min_run.min(remaining);
            binary_insertion_sort(perm, low, low + run, low + forced, lt)?;
            run = forced;
        }
        runs.push((low, run));
        low += run;
    }
    while runs.len() > 1 {
        let mut next = Vec::with_capacity(runs.len() / 2 + 1);
        let mut i = 0;
        while i + 1 < runs.len() {
            merge_runs(perm, runs[i].0, runs[i].1, runs[i + 1].1, lt)?;
            next.push((runs[i].0, runs[i].1 + runs[i + 1].1));
            i += 2;
        }
        if i < runs.len() {
            next.push(runs[i]);
        }
        runs = next;
    }
    Ok(())
}

/// The longest ascending (or strictly descending, then reversed) run at `low`.
fn count_and_make_run(perm: &mut [usize], low_arg: usize, high: usize, lt: &mut dyn FnMut(usize, usize) -> JsResult<bool>) -> JsResult<usize> {
    let low = low_arg + 1;
    if low == high {
        return Ok(1);
    }
    let mut run = 2;
    let desc = lt(perm[low], perm[low - 1])?;
    let mut prev = perm[low];
    for &cur in &perm[low + 1..high] {
        let less = lt(cur, prev)?;
        if desc != less {
            break;
        }
        prev = cur;
        run += 1;
    }
    if desc {
        perm[low_arg..low_arg + run].reverse();
    }
    Ok(run)
}

fn binary_insertion_sort(perm: &mut [usize], low: usize, start: usize, high: usize, lt: &mut dyn FnMut(usize, usize) -> JsResult<bool>) -> JsResult<()> {
    let mut start = if low == start { start + 1 } else { start };
    while start < high {
        let pivot = perm[start];
        let (mut left, mut right) = (low, start);
        while left < right {
            let mid = left + ((right - left) >> 1);
            if lt(pivot, perm[mid])? {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        perm.copy_within(left..start, left + 1);
        perm[left] = pivot;
        start += 1;
    }
    Ok(())
}

fn merge_runs(perm: &mut [usize], base: usize, len_a: usize, len_b: usize, lt: &mut dyn FnMut(usize, usize) -> JsResult<bool>) -> JsResult<()> {
    let a: Vec<usize> = perm[base..base + len_a].to_vec();
    let (mut i, mut j, mut k) = (0, base + len_a, base);
    let end = base + len_a + len_b;
    while i < a.len() && j < end {
        if lt(perm[j], a[i])? {
            perm[k] = perm[j];
            j += 1;
        } else {
            perm[k] = a[i];
            i += 1;
        }
        k += 1;
    }
    while i < a.len() {
        perm[k] = a[i];
        i += 1;
        k += 1;
    }
    Ok(())
}

/// SortIndexedProperties + CompareArrayElements: sorts the values of the
/// array `items` (rooted by the caller in `hitems`) and returns them in order.
/// `undefined`s go last without calling the comparator.
fn sort_values(hitems: perry_gc::Handle, cmp: Value) -> JsResult<Vec<usize>> {
    let scope = HandleScope::new();
    let hc = scope.root(cmp.0);
    let items = Value(hitems.get());
    let n = arr::len(items);
    let mut perm: Vec<usize> = Vec::with_capacity(n);
    let mut undefs = Vec::new();
    for i in 0..n {
        if arr::get_index(items, i).is_undefined() {
            undefs.push(i);
        } else {
            perm.push(i);
        }
    }
    if cmp.is_undefined() {
        // Default order: ToString of each value, compared by code units.
        let mut keys: Vec<Vec<u16>> = vec![Vec::new(); n];
        for &i in &perm {
            let v = arr::get_index(Value(hitems.get()), i);
            let s = ops::to_string(v)?;
            keys[i] = string::view(s).to_vec();
        }
        sort_perm(&mut perm, &mut |a, b| Ok(keys[a] < keys[b]))?;
    } else {
        sort_perm(&mut perm, &mut |a, b| {
            let items = Value(hitems.get());
            let (x, y) = (arr::get_index(items, a), arr::get_index(items, b));
            let r = function::call(Value(hc.get()), Value::UNDEFINED, &[x, y])?;
            let f = if r.is_number() { r.as_number() } else { ops::to_number(r)? };
            Ok(f < 0.0)
        })?;
    }
    perm.extend(undefs);
    Ok(perm)
}

fn check_comparator(c: Value) -> JsResult<()> {
    if c.is_undefined() || c.is_callable() { Ok(()) } else { Err(error::type_error("The comparison function must be either a function or undefined")) }
}

// ---------------------------------------------------------------------------
// The constructor and its static methods
// ---------------------------------------------------------------------------

/// Array ( ...values ) — 23.1.1.1
fn array_constructor(args: &Args) -> JsResult {
    let nt = if args.new_target().is_undefined() { args.callee() } else { args.new_target() };
    let proto = function::proto_from_new_target(nt, I::ArrayProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let a = if args.len() == 1 && args.get(0).is_number() {
        let f = args.get(0).as_number();
        if f < 0.0 || f.fract() != 0.0 || f > 4294967295.0 {
            return Err(error::range_error("Invalid array length"));
        }
        array_create(f as usize)?
    } else if args.len() == 1 {
        arr::from_values(&[args.get(0)])
    } else {
        let vals = args.to_vec();
        arr::from_values(&vals)
    };
    let p = Value(hp.get());
    if p != realm::get(I::ArrayProto) {
        object::set_proto(a, p);
    }
    Ok(a)
}

/// get Array [ @@species ] — 23.1.2.5 (and get Promise [ @@species ], 27.2.4.8)
pub fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

/// Array.isArray ( arg ) — 23.1.2.2
fn is_array(args: &Args) -> JsResult {
    Ok(Value::bool(perry_runtime::proxy::is_array(args.get(0))?))
}

/// A new array for Array.from / Array.of with `this` as the constructor.
pub(crate) fn construct_this(c: Value, len: Option<usize>) -> JsResult {
    if function::is_constructor(c) && c != array_ctor() {
        let a: Vec<Value> = len.map(|n| vec![Value::num(n as f64)]).unwrap_or_default();
        return function::construct(c, &a, c);
    }
    array_create(len.unwrap_or(0))
}

/// Array.from ( items [ , mapfn [ , thisArg ] ] ) — 23.1.2.1
fn from(args: &Args) -> JsResult {
    let mapfn = args.get(1);
    let mapping = !mapfn.is_undefined();
    if mapping {
        require_fn(mapfn)?;
    }
    let items = args.get(0);
    if items.is_nullish() {
        let what = if items.is_null() { "object null" } else { "undefined" };
        return Err(error::type_error(&format!("{what} is not iterable (cannot read property Symbol(Symbol.iterator))")));
    }
    let scope = HandleScope::new();
    let using = object::get(items, realm::sym_atom(I::SymIterator))?;
    if !using.is_nullish() {
        let hu = scope.root(using.0);
        let a = construct_this(args.this(), None)?;
        let ha = scope.root(a.0);
        // GetIteratorFromMethod: `items[Symbol.iterator]` is read once.
        let it = iter::open_method(args.get(0), Value(hu.get()))?;
        let hit = scope.root(it.0);
        let mut k = 0usize;
        loop {
            let s = HandleScope::new();
            let v = iter::step(Value(hit.get()))?;
            if v == Value::HOLE {
                break;
            }
            let v = if mapping {
                match function::call(args.get(1), args.get(2), &[v, Value::num(k as f64)]) {
                    Ok(r) => r,
                    Err(e) => {
                        close_quietly(Value(hit.get()));
                        return Err(e);
                    }
                }
            } else {
                v
            };
            let hv = s.root(v.0);
            if let Err(e) = create_i(Value(ha.get()), k, Value(hv.get())) {
                close_quietly(Value(hit.get()));
                return Err(e);
            }
            k += 1;
        }
        set_len(Value(ha.get()), k)?;
        return Ok(Value(ha.get()));
    }
    // An array-like.
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let a = construct_this(args.this(), Some(len))?;
    let ha = scope.root(a.0);
    for k in 0..len {
        let v = get_i(Value(ho.get()), k)?;
        let v = if mapping { function::call(args.get(1), args.get(2), &[v, Value::num(k as f64)])? } else { v };
        create_i(Value(ha.get()), k, v)?;
    }
    set_len(Value(ha.get()), len)?;
    Ok(Value(ha.get()))
}

/// IteratorClose after an abrupt completion: the original error wins.
fn close_quietly(it: Value) {
    let scope = HandleScope::new();
    let pending = scope.root(error::take().0);
    let _ = iter::close(it);
    error::take();
    error::throw(Value(pending.get()));
}

/// Array.of ( ...items ) — 23.1.2.3
fn of(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let n = args.len();
    let a = construct_this(args.this(), Some(n))?;
    let ha = scope.root(a.0);
    for k in 0..n {
        create_i(Value(ha.get()), k, args.get(k))?;
    }
    set_len(Value(ha.get()), n)?;
    Ok(Value(ha.get()))
}

// ---------------------------------------------------------------------------
// Array.prototype
// ---------------------------------------------------------------------------

/// Array.prototype.at ( index ) — 23.1.3.1
fn at(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "at")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let rel = ops::to_integer(args.get(0))?;
    let k = if rel >= 0.0 { rel } else { len as f64 + rel };
    if k < 0.0 || k >= len as f64 {
        return Ok(Value::UNDEFINED);
    }
    get_i(Value(ho.get()), k as usize)
}

/// IsConcatSpreadable — 23.1.3.2.1
fn is_concat_spreadable(v: Value) -> JsResult<bool> {
    if !v.is_js_object() {
        return Ok(false);
    }
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    let s = object::get(v, realm::sym_atom(I::SymIsConcatSpreadable))?;
    if !s.is_undefined() {
        return Ok(ops::to_boolean(s));
    }
    perry_runtime::proxy::is_array(Value(h.get()))
}

/// Array.prototype.concat ( ...items ) — 23.1.3.2
fn concat(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "concat")?;
    let ho = scope.root(o.0);
    let a = species_create(o, 0)?;
    let ha = scope.root(a.0);
    let mut n = 0usize;
    for idx in 0..=args.len() {
        let s = HandleScope::new();
        let e = if idx == 0 { Value(ho.get()) } else { args.get(idx - 1) };
        let he = s.root(e.0);
        if is_concat_spreadable(e)? {
            let e = Value(he.get());
            let len = ops::length_of(e)?;
            if n + len > MAX_LENGTH {
                return Err(error::range_error("Invalid array length"));
            }
            if let Some(span) = sparse_span(Value(he.get()), 0, len) {
                // A sparse array: its elements alone (their reads run no code).
                for k in span {
                    let v = arr::get_index(Value(he.get()), k);
                    create_i(Value(ha.get()), n + k, v)?;
                }
            } else if Value(he.get()).is_array() && plain(Value(ha.get())) && n + len <= MAX_DENSE {
                // Fast path: copy element storage (holes stay holes).
                for k in 0..len {
                    let v = arr::get_index(Value(he.get()), k);
                    if v != Value::HOLE {
                        arr::set_index(Value(ha.get()), n + k, v)?;
                    } else if let Some(v) = get_present(Value(he.get()), k)? {
                        arr::set_index(Value(ha.get()), n + k, v)?;
                    }
                }
            } else {
                for k in 0..len {
                    if let Some(v) = get_present(Value(he.get()), k)? {
                        create_i(Value(ha.get()), n + k, v)?;
                    }
                }
            }
            n += len;
        } else {
            create_i(Value(ha.get()), n, Value(he.get()))?;
            n += 1;
        }
    }
    set_len(Value(ha.get()), n)?;
    Ok(Value(ha.get()))
}

/// Array.prototype.copyWithin ( target, start [ , end ] ) — 23.1.3.4
fn copy_within(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "copyWithin")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let to = rel_index(args.get(0), len, 0)?;
    let from = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    let count = fin.saturating_sub(from).min(len - to);
    if count == 0 {
        return Ok(Value(ho.get()));
    }
    let o = Value(ho.get());
    if plain(o) && arr::len(o) == len {
        let vals: Vec<Value> = (from..from + count).map(|i| arr::get_index(o, i)).collect();
        let e = o.cell().field(ARR_ELEMS);
        for (k, v) in vals.into_iter().enumerate() {
            arr::va_set(e, to + k, v);
        }
        return Ok(o);
    }
    let (mut f, mut t, dir): (isize, isize, isize) =
        if from < to && to < from + count { ((from + count - 1) as isize, (to + count - 1) as isize, -1) } else { (from as isize, to as isize, 1) };
    for _ in 0..count {
        match get_present(Value(ho.get()), f as usize)? {
            Some(v) => set_i(Value(ho.get()), t as usize, v)?,
            None => delete_i(Value(ho.get()), t as usize)?,
        }
        f += dir;
        t += dir;
    }
    Ok(Value(ho.get()))
}

/// Array.prototype.entries — 23.1.3.5
fn entries(args: &Args) -> JsResult {
    let o = this_object(args, "entries")?;
    Ok(iter::new_iterator(o, iter::ARRAY_ENTRIES, I::ArrayIteratorProto))
}

/// Array.prototype.keys — 23.1.3.19
fn keys(args: &Args) -> JsResult {
    let o = this_object(args, "keys")?;
    Ok(iter::new_iterator(o, iter::ARRAY_KEYS, I::ArrayIteratorProto))
}

/// Array.prototype.values / [@@iterator] — 23.1.3.37
fn values(args: &Args) -> JsResult {
    let o = this_object(args, "values")?;
    Ok(iter::new_iterator(o, iter::ARRAY_VALUES, I::ArrayIteratorProto))
}

/// The shared loop of every/some/forEach: calls the callback on each
/// present element; `stop` sees the callback's result and may end the loop
/// with a value.
fn each_present(args: &Args, name: &str, stop: &dyn Fn(Value) -> Option<Value>, done: Value) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, name)?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    require_fn(args.get(0))?;
    for i in 0..len {
        if let Some(v) = get_present(Value(ho.get()), i)? {
            let r = function::call(args.get(0), args.get(1), &[v, Value::num(i as f64), Value(ho.get())])?;
            if let Some(x) = stop(r) {
                return Ok(x);
            }
        }
    }
    Ok(done)
}

/// Array.prototype.every ( callbackfn [ , thisArg ] ) — 23.1.3.6
fn every(args: &Args) -> JsResult {
    each_present(args, "every", &|r| if ops::to_boolean(r) { None } else { Some(Value::FALSE) }, Value::TRUE)
}

/// Array.prototype.some ( callbackfn [ , thisArg ] ) — 23.1.3.29
fn some(args: &Args) -> JsResult {
    each_present(args, "some", &|r| if ops::to_boolean(r) { Some(Value::TRUE) } else { None }, Value::FALSE)
}

/// Array.prototype.forEach ( callbackfn [ , thisArg ] ) — 23.1.3.15
fn for_each(args: &Args) -> JsResult {
    each_present(args, "forEach", &|_| None, Value::UNDEFINED)
}

/// Array.prototype.fill ( value [ , start [ , end ] ] ) — 23.1.3.7
fn fill(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "fill")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let k = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    let o = Value(ho.get());
    if plain(o) && arr::len(o) == len {
        let e = o.cell().field(ARR_ELEMS);
        for i in k..fin {
            arr::va_set(e, i, args.get(0));
        }
        return Ok(o);
    }
    for i in k..fin {
        set_i(Value(ho.get()), i, args.get(0))?;
    }
    Ok(Value(ho.get()))
}

/// Array.prototype.filter ( callbackfn [ , thisArg ] ) — 23.1.3.8
fn filter(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "filter")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    require_fn(args.get(0))?;
    let a = species_create(Value(ho.get()), 0)?;
    let ha = scope.root(a.0);
    let mut n = 0;
    for i in 0..len {
        let s = HandleScope::new();
        if let Some(v) = get_present(Value(ho.get()), i)? {
            let hv = s.root(v.0);
            let r = function::call(args.get(0), args.get(1), &[v, Value::num(i as f64), Value(ho.get())])?;
            if ops::to_boolean(r) {
                create_i(Value(ha.get()), n, Value(hv.get()))?;
                n += 1;
            }
        }
    }
    Ok(Value(ha.get()))
}

/// FindViaPredicate — 23.1.3.12.1: (index, value) of the first match.
fn find_via(args: &Args, name: &str, reverse: bool) -> JsResult<Option<(usize, Value)>> {
    let scope = HandleScope::new();
    let o = this_object(args, name)?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    require_fn(args.get(0))?;
    for j in 0..len {
        let i = if reverse { len - 1 - j } else { j };
        let s = HandleScope::new();
        let v = get_i(Value(ho.get()), i)?;
        let hv = s.root(v.0);
        let r = function::call(args.get(0), args.get(1), &[v, Value::num(i as f64), Value(ho.get())])?;
        if ops::to_boolean(r) {
            return Ok(Some((i, Value(hv.get()))));
        }
    }
    Ok(None)
}

/// Array.prototype.find — 23.1.3.9
fn find(args: &Args) -> JsResult {
    Ok(find_via(args, "find", false)?.map(|p| p.1).unwrap_or(Value::UNDEFINED))
}

/// Array.prototype.findIndex — 23.1.3.10
fn find_index(args: &Args) -> JsResult {
    Ok(Value::num(find_via(args, "findIndex", false)?.map(|p| p.0 as f64).unwrap_or(-1.0)))
}

/// Array.prototype.findLast — 23.1.3.11
fn find_last(args: &Args) -> JsResult {
    Ok(find_via(args, "findLast", true)?.map(|p| p.1).unwrap_or(Value::UNDEFINED))
}

/// Array.prototype.findLastIndex — 23.1.3.12
fn find_last_index(args: &Args) -> JsResult {
    Ok(Value::num(find_via(args, "findLastIndex", true)?.map(|p| p.0 as f64).unwrap_or(-1.0)))
}

/// FlattenIntoArray — 23.1.3.13.1. `source` and `mapper` are rooted by the caller.
fn flatten_into(target: perry_gc::Handle, source: Value, len: usize, start: usize, depth: f64, mapper: Option<(Value, Value)>) -> JsResult<usize> {
    perry_runtime::stack::check()?;
    let scope = HandleScope::new();
    let hs = scope.root(source.0);
    let (hm, ht) = match mapper {
        Some((m, t)) => (Some(scope.root(m.0)), Some(scope.root(t.0))),
        None => (None, None),
    };
    let mut target_index = start;
    for i in 0..len {
        let s = HandleScope::new();
        let Some(v) = get_present(Value(hs.get()), i)? else { continue };
        let v = match (hm, ht) {
            (Some(m), Some(t)) => function::call(Value(m.get()), Value(t.get()), &[v, Value::num(i as f64), Value(hs.get())])?,
            _ => v,
        };
        // IsArray: a proxy of an array is flattened too.
        if depth > 0.0 && perry_runtime::proxy::is_array(v)? {
            let he = s.root(v.0);
            let n = ops::length_of(v)?;
            target_index = flatten_into(target, Value(he.get()), n, target_index, depth - 1.0, None)?;
        } else {
            if target_index >= MAX_LENGTH {
                return Err(error::range_error("Invalid array length"));
            }
            create_i(Value(target.get()), target_index, v)?;
            target_index += 1;
        }
    }
    Ok(target_index)
}

/// Array.prototype.flat ( [ depth ] ) — 23.1.3.13
fn flat(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "flat")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let d = args.get(0);
    let depth = if d.is_undefined() {
        1.0
    } else {
        let f = ops::to_integer(d)?;
        if f < 0.0 { 0.0 } else { f }
    };
    let a = species_create(Value(ho.get()), 0)?;
    let ha = scope.root(a.0);
    flatten_into(ha, Value(ho.get()), len, 0, depth, None)?;
    Ok(Value(ha.get()))
}

/// Array.prototype.flatMap ( mapperFunction [ , thisArg ] ) — 23.1.3.14
fn flat_map(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "flatMap")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    if !args.get(0).is_callable() {
        return Err(error::type_error("flatMap mapper function is not callable"));
    }
    let a = species_create(Value(ho.get()), 0)?;
    let ha = scope.root(a.0);
    flatten_into(ha, Value(ho.get()), len, 0, 1.0, Some((args.get(0), args.get(1))))?;
    Ok(Value(ha.get()))
}

/// Array.prototype.includes ( searchElement [ , fromIndex ] ) — 23.1.3.16
fn includes(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "includes")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    if len == 0 {
        return Ok(Value::FALSE);
    }
    let n = ops::to_integer(args.get(1))?;
    if n == f64::INFINITY {
        return Ok(Value::FALSE);
    }
    let start = if n >= 0.0 { n as usize } else { (len as f64 + n).max(0.0) as usize };
    for i in start..len {
        let o = Value(ho.get());
        let v = if o.is_array_exotic() && arr::get_index(o, i) != Value::HOLE { arr::get_index(o, i) } else { get_i(o, i)? };
        if ops::same_value_zero(v, args.get(0)) {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

/// Array.prototype.indexOf ( searchElement [ , fromIndex ] ) — 23.1.3.17
fn index_of(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "indexOf")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    if len == 0 {
        return Ok(Value::num(-1.0));
    }
    let n = ops::to_integer(args.get(1))?;
    if n == f64::INFINITY {
        return Ok(Value::num(-1.0));
    }
    let start = if n >= 0.0 { n as usize } else { (len as f64 + n).max(0.0) as usize };
    for i in start..len {
        let o = Value(ho.get());
        if o.is_array_exotic() {
            let v = arr::get_index(o, i);
            if v != Value::HOLE {
                if ops::strict_equals(v, args.get(0)) {
                    return Ok(Value::num(i as f64));
                }
                continue;
            }
        }
        if let Some(v) = get_present(o, i)?
            && ops::strict_equals(v, args.get(0))
        {
            return Ok(Value::num(i as f64));
        }
    }
    Ok(Value::num(-1.0))
}

/// Array.prototype.lastIndexOf ( searchElement [ , fromIndex ] ) — 23.1.3.20
fn last_index_of(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "lastIndexOf")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    if len == 0 {
        return Ok(Value::num(-1.0));
    }
    let n = if args.len() > 1 { ops::to_integer(args.get(1))? } else { len as f64 - 1.0 };
    if n == f64::NEG_INFINITY {
        return Ok(Value::num(-1.0));
    }
    let k = if n >= 0.0 { n.min(len as f64 - 1.0) } else { len as f64 + n };
    if k < 0.0 {
        return Ok(Value::num(-1.0));
    }
    let mut i = k as usize as isize;
    while i >= 0 {
        if let Some(v) = get_present(Value(ho.get()), i as usize)?
            && ops::strict_equals(v, args.get(0))
        {
            return Ok(Value::num(i as f64));
        }
        i -= 1;
    }
    Ok(Value::num(-1.0))
}

/// The join loop shared by join and toLocaleString, with cycle detection.
pub(crate) fn join_impl(ho: perry_gc::Handle, len: usize, sep: &[u16], locale: bool) -> JsResult {
    // SAFETY: the join stack is touched by the JS thread only; this borrow ends before `join_loop`
    // runs (which may re-enter `join_impl` and borrow it again).
    let stack = unsafe { JOIN_STACK.get() };
    if stack.contains(&ho.get()) {
        return Ok(atoms::value(names::EMPTY));
    }
    stack.push(ho.get());
    let r = join_loop(ho, len, sep, locale);
    // SAFETY: as above: the earlier borrow is dead; this one ends within the function.
    let stack = unsafe { JOIN_STACK.get() };
    stack.pop();
    r
}

/// Converts every element (in order) and then makes the string at once, so that a result too
/// long throws before any copying.
fn join_loop(ho: perry_gc::Handle, len: usize, sep: &[u16], locale: bool) -> JsResult {
    let scope = HandleScope::new();
    // The non-empty strings, with their elements' indices, and whether all are one-byte.
    let mut parts: Vec<(usize, perry_gc::Handle)> = Vec::new();
    let mut total = 0usize;
    let mut one = true;
    for i in visit(Value(ho.get()), 0, len) {
        // The separators before element `i` count before it is converted.
        string::check_len(total + i * sep.len())?;
        let v = get_i(Value(ho.get()), i)?;
        if v.is_nullish() {
            continue;
        }
        let s = if v.is_string() {
            v
        } else if locale {
            let scope = HandleScope::new();
            let hv = scope.root(v.0);
            // Intern first: it may allocate and move `v` (a BigInt element).
            let key = atoms::intern("toLocaleString");
            let f = object::get(Value(hv.get()), key)?;
            let r = function::call(f, Value(hv.get()), &[])?;
            ops::to_string(r)?
        } else {
            ops::to_string(v)?
        };
        if string::len(s) == 0 {
            continue;
        }
        total += string::len(s);
        string::check_len(total + i * sep.len())?;
        // Flat pieces (flattening moves nothing), so the views below cost nothing.
        let s = string::flat(s);
        one &= string::is_one_byte(s);
        parts.push((i, scope.root(s.0)));
    }
    let seps = len.saturating_sub(1);
    total += seps * sep.len();
    string::check_len(total)?;
    // One string of the width the pieces need.
    if one && sep.iter().all(|&c| c <= 0xFF) {
        let sep: smallvec::SmallVec<[u8; 8]> = sep.iter().map(|&c| c as u8).collect();
        Ok(string::build_one_byte(total, |d| join_fill(d, &sep, &parts, seps)))
    } else {
        Ok(string::build(total, |d| join_fill(d, sep, &parts, seps)))
    }
}

/// Writes the joined pieces into `d`: element `j` follows `j` separators, `seps` in all.
fn join_fill<T: string::Unit>(d: &mut [T], sep: &[T], parts: &[(usize, perry_gc::Handle)], seps: usize) {
    let mut at = 0;
    let put_sep = |d: &mut [T], times: usize, at: &mut usize| {
        for _ in 0..times {
            d[*at..*at + sep.len()].copy_from_slice(sep);
            *at += sep.len();
        }
    };
    let mut placed = 0;
    for &(j, h) in parts {
        put_sep(d, j - placed, &mut at);
        placed = j;
        let u = string::view(Value(h.get()));
        u.copy_to(&mut d[at..at + u.len()]);
        at += u.len();
    }
    put_sep(d, seps - placed, &mut at);
}

/// Array.prototype.join ( separator ) — 23.1.3.18
fn join(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "join")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let sep: Vec<u16> = if args.get(0).is_undefined() { vec![b',' as u16] } else { string::view(ops::to_string(args.get(0))?).to_vec() };
    join_impl(ho, len, &sep, false)
}

/// Array.prototype.toLocaleString — 23.1.3.32
fn to_locale_string(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "toLocaleString")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    join_impl(ho, len, &[b',' as u16], true)
}

/// Array.prototype.toString — 23.1.3.36
fn to_string(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "toString")?;
    let ho = scope.root(o.0);
    let f = object::get(o, atoms::intern("join"))?;
    if f.is_callable() {
        return function::call(f, Value(ho.get()), &[]);
    }
    crate::object_builtins::object_to_string(Value(ho.get()))
}

/// Array.prototype.map ( callbackfn [ , thisArg ] ) — 23.1.3.21
fn map(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "map")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    require_fn(args.get(0))?;
    let a = species_create(Value(ho.get()), len)?;
    let ha = scope.root(a.0);
    for i in 0..len {
        if let Some(v) = get_present(Value(ho.get()), i)? {
            let r = function::call(args.get(0), args.get(1), &[v, Value::num(i as f64), Value(ho.get())])?;
            create_i(Value(ha.get()), i, r)?;
        }
    }
    Ok(Value(ha.get()))
}

/// Array.prototype.pop — 23.1.3.22
fn pop(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "pop")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let o = Value(ho.get());
    if len == 0 {
        set_len(o, 0)?;
        return Ok(Value::UNDEFINED);
    }
    if plain(o) {
        let v = arr::get_index(o, len - 1);
        if v != Value::HOLE {
            arr::truncate(o, len - 1);
            return Ok(v);
        }
    }
    let v = get_i(o, len - 1)?;
    let hv = scope.root(v.0);
    delete_i(Value(ho.get()), len - 1)?;
    set_len(Value(ho.get()), len - 1)?;
    Ok(Value(hv.get()))
}

/// Array.prototype.push ( ...items ) — 23.1.3.23
fn push(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "push")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let n = args.len();
    if (len + n) as f64 > MAX_SAFE {
        return Err(error::type_error("Pushing elements past 2^53-1 length"));
    }
    if plain(Value(ho.get())) && len + n < MAX_DENSE {
        for i in 0..n {
            arr::push(Value(ho.get()), args.get(i));
        }
        return Ok(Value::num((len + n) as f64));
    }
    for i in 0..n {
        set_i(Value(ho.get()), len + i, args.get(i))?;
    }
    set_len(Value(ho.get()), len + n)?;
    Ok(Value::num((len + n) as f64))
}

/// The reduce loop (both directions).
fn reduce_impl(args: &Args, name: &str, right: bool) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, name)?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    require_fn(args.get(0))?;
    let order = |j: usize| if right { len - 1 - j } else { j };
    let mut j = 0;
    let acc = scope.root(Value::UNDEFINED.0);
    if args.len() >= 2 {
        acc.set(args.get(1).0);
    } else {
        let mut found = false;
        while j < len {
            let i = order(j);
            j += 1;
            if let Some(v) = get_present(Value(ho.get()), i)? {
                acc.set(v.0);
                found = true;
                break;
            }
        }
        if !found {
            return Err(error::type_error("Reduce of empty array with no initial value"));
        }
    }
    while j < len {
        let i = order(j);
        j += 1;
        if let Some(v) = get_present(Value(ho.get()), i)? {
            let r = function::call(args.get(0), Value::UNDEFINED, &[Value(acc.get()), v, Value::num(i as f64), Value(ho.get())])?;
            acc.set(r.0);
        }
    }
    Ok(Value(acc.get()))
}

/// Array.prototype.reduce ( callbackfn [ , initialValue ] ) — 23.1.3.24
fn reduce(args: &Args) -> JsResult {
    reduce_impl(args, "reduce", false)
}

/// Array.prototype.reduceRight ( callbackfn [ , initialValue ] ) — 23.1.3.25
fn reduce_right(args: &Args) -> JsResult {
    reduce_impl(args, "reduceRight", true)
}

/// Array.prototype.reverse — 23.1.3.26
fn reverse(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "reverse")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let o = Value(ho.get());
    if plain(o) && arr::len(o) == len {
        let e = o.cell().field(ARR_ELEMS);
        let (mut lo, mut hi) = (0usize, len);
        while lo + 1 < hi {
            hi -= 1;
            let (a, b) = (arr::va_get(e, lo), arr::va_get(e, hi));
            arr::va_set(e, lo, b);
            arr::va_set(e, hi, a);
            lo += 1;
        }
        return Ok(o);
    }
    let mut lower = 0usize;
    while len > 0 && lower < len / 2 {
        let upper = len - 1 - lower;
        let s = HandleScope::new();
        let lv = get_present(Value(ho.get()), lower)?;
        let hl = lv.map(|v| s.root(v.0));
        let uv = get_present(Value(ho.get()), upper)?;
        let hu = uv.map(|v| s.root(v.0));
        match (hl, hu) {
            (Some(l), Some(u)) => {
                set_i(Value(ho.get()), lower, Value(u.get()))?;
                set_i(Value(ho.get()), upper, Value(l.get()))?;
            }
            (None, Some(u)) => {
                set_i(Value(ho.get()), lower, Value(u.get()))?;
                delete_i(Value(ho.get()), upper)?;
            }
            (Some(l), None) => {
                delete_i(Value(ho.get()), lower)?;
                set_i(Value(ho.get()), upper, Value(l.get()))?;
            }
            (None, None) => {}
        }
        lower += 1;
    }
    Ok(Value(ho.get()))
}

/// Array.prototype.shift — 23.1.3.27
fn shift(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "shift")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    if len == 0 {
        set_len(Value(ho.get()), 0)?;
        return Ok(Value::UNDEFINED);
    }
    let o = Value(ho.get());
    if plain(o) && arr::len(o) == len {
        let first = arr::get_index(o, 0);
        if first != Value::HOLE {
            let hf = scope.root(first.0);
            arr::splice_gap(o, 0, 1, 0);
            return Ok(Value(hf.get()));
        }
    }
    let first = get_i(o, 0)?;
    let hf = scope.root(first.0);
    for k in 1..len {
        match get_present(Value(ho.get()), k)? {
            Some(v) => set_i(Value(ho.get()), k - 1, v)?,
            None => delete_i(Value(ho.get()), k - 1)?,
        }
    }
    delete_i(Value(ho.get()), len - 1)?;
    set_len(Value(ho.get()), len - 1)?;
    Ok(Value(hf.get()))
}

/// Array.prototype.slice ( start, end ) — 23.1.3.28
fn slice(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "slice")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let k = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(k);
    let a = species_create(Value(ho.get()), count)?;
    let ha = scope.root(a.0);
    let (o, a) = (Value(ho.get()), Value(ha.get()));
    if o.is_array() && plain(a) && arr::len(a) == count && arr::len(o) >= fin {
        for n in 0..count {
            let v = arr::get_index(Value(ho.get()), k + n);
            if v != Value::HOLE {
                arr::set_index(Value(ha.get()), n, v)?;
            } else if let Some(v) = get_present(Value(ho.get()), k + n)? {
                arr::set_index(Value(ha.get()), n, v)?;
            }
        }
        return Ok(Value(ha.get()));
    }
    for n in 0..count {
        if let Some(v) = get_present(Value(ho.get()), k + n)? {
            create_i(Value(ha.get()), n, v)?;
        }
    }
    set_len(Value(ha.get()), count)?;
    Ok(Value(ha.get()))
}

/// Array.prototype.sort ( comparefn ) — 23.1.3.30
fn sort(args: &Args) -> JsResult {
    check_comparator(args.get(0))?;
    let scope = HandleScope::new();
    let o = this_object(args, "sort")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    // Collect the present elements (holes are skipped and end up last).
    let items = arr::new_array(0);
    let hi = scope.root(items.0);
    for k in visit(Value(ho.get()), 0, len) {
        if let Some(v) = get_present(Value(ho.get()), k)? {
            arr::push(Value(hi.get()), v);
        }
    }
    let perm = sort_values(hi, args.get(0))?;
    let n = perm.len();
    for (j, &p) in perm.iter().enumerate() {
        let v = arr::get_index(Value(hi.get()), p);
        set_i(Value(ho.get()), j, v)?;
    }
    for j in visit(Value(ho.get()), n, len) {
        if has_i(Value(ho.get()), j) {
            delete_i(Value(ho.get()), j)?;
        }
    }
    Ok(Value(ho.get()))
}

/// Array.prototype.splice ( start, deleteCount, ...items ) — 23.1.3.31
fn splice(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "splice")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let start = rel_index(args.get(0), len, 0)?;
    let dc = match args.len() {
        0 => 0,
        1 => len - start,
        _ => {
            let f = ops::to_integer(args.get(1))?;
            f.max(0.0).min((len - start) as f64) as usize
        }
    };
    let ic = args.len().saturating_sub(2);
    if (len + ic - dc) as f64 > MAX_SAFE {
        return Err(error::type_error("Invalid array length"));
    }
    let a = species_create(Value(ho.get()), dc)?;
    let ha = scope.root(a.0);
    let o = Value(ho.get());
    if plain(o) && arr::len(o) == len && plain(Value(ha.get())) && len - dc + ic <= MAX_DENSE {
        for k in 0..dc {
            let v = arr::get_index(Value(ho.get()), start + k);
            if v != Value::HOLE {
                arr::set_index(Value(ha.get()), k, v)?;
            }
        }
        let o = arr::splice_gap(Value(ho.get()), start, dc, ic);
        let e = o.cell().field(ARR_ELEMS);
        for i in 0..ic {
            arr::va_set(e, start + i, args.get(2 + i));
        }
        return Ok(Value(ha.get()));
    }
    for k in 0..dc {
        if let Some(v) = get_present(Value(ho.get()), start + k)? {
            create_i(Value(ha.get()), k, v)?;
        }
    }
    set_len(Value(ha.get()), dc)?;
    if ic < dc {
        for k in start..len - dc {
            match get_present(Value(ho.get()), k + dc)? {
                Some(v) => set_i(Value(ho.get()), k + ic, v)?,
                None => delete_i(Value(ho.get()), k + ic)?,
            }
        }
        let mut k = len;
        while k > len - dc + ic {
            delete_i(Value(ho.get()), k - 1)?;
            k -= 1;
        }
    } else if ic > dc {
        let mut k = len - dc;
        while k > start {
            match get_present(Value(ho.get()), k + dc - 1)? {
                Some(v) => set_i(Value(ho.get()), k + ic - 1, v)?,
                None => delete_i(Value(ho.get()), k + ic - 1)?,
            }
            k -= 1;
        }
    }
    for i in 0..ic {
        set_i(Value(ho.get()), start + i, args.get(2 + i))?;
    }
    set_len(Value(ho.get()), len - dc + ic)?;
    Ok(Value(ha.get()))
}

/// Array.prototype.unshift ( ...items ) — 23.1.3.35
fn unshift(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "unshift")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let n = args.len();
    if n > 0 {
        if (len + n) as f64 > MAX_SAFE {
            return Err(error::type_error("Invalid array length"));
        }
        let o = Value(ho.get());
        if plain(o) && arr::len(o) == len && len + n <= MAX_DENSE {
            let o = arr::splice_gap(o, 0, 0, n);
            let e = o.cell().field(ARR_ELEMS);
            for i in 0..n {
                arr::va_set(e, i, args.get(i));
            }
            return Ok(Value::num((len + n) as f64));
        }
        let mut k = len;
        while k > 0 {
            match get_present(Value(ho.get()), k - 1)? {
                Some(v) => set_i(Value(ho.get()), k + n - 1, v)?,
                None => delete_i(Value(ho.get()), k + n - 1)?,
            }
            k -= 1;
        }
        for i in 0..n {
            set_i(Value(ho.get()), i, args.get(i))?;
        }
    }
    set_len(Value(ho.get()), len + n)?;
    Ok(Value::num((len + n) as f64))
}

/// Array.prototype.toReversed — 23.1.3.33
fn to_reversed(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "toReversed")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let a = array_create(len)?;
    let ha = scope.root(a.0);
    for k in 0..len {
        let v = get_i(Value(ho.get()), len - 1 - k)?;
        arr::set_index(Value(ha.get()), k, v)?;
    }
    Ok(Value(ha.get()))
}

/// Array.prototype.toSorted ( comparefn ) — 23.1.3.34
fn to_sorted(args: &Args) -> JsResult {
    check_comparator(args.get(0))?;
    let scope = HandleScope::new();
    let o = this_object(args, "toSorted")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let items = array_create(len)?;
    let hi = scope.root(items.0);
    for k in 0..len {
        let v = get_i(Value(ho.get()), k)?;
        arr::set_index(Value(hi.get()), k, v)?;
    }
    let perm = sort_values(hi, args.get(0))?;
    let a = array_create(len)?;
    let items = Value(hi.get());
    for (j, &p) in perm.iter().enumerate() {
        arr::set_index(a, j, arr::get_index(items, p))?;
    }
    Ok(a)
}

/// Array.prototype.toSpliced ( start, skipCount, ...items ) — 23.1.3.35
fn to_spliced(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "toSpliced")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let start = rel_index(args.get(0), len, 0)?;
    let ic = args.len().saturating_sub(2);
    let skip = match args.len() {
        0 => 0,
        1 => len - start,
        _ => {
            let f = ops::to_integer(args.get(1))?;
            f.max(0.0).min((len - start) as f64) as usize
        }
    };
    let new_len = len + ic - skip;
    if new_len as f64 > MAX_SAFE {
        return Err(error::type_error("Invalid array length"));
    }
    let a = array_create(new_len)?;
    let ha = scope.root(a.0);
    let mut i = 0;
    for k in 0..start {
        let v = get_i(Value(ho.get()), k)?;
        arr::set_index(Value(ha.get()), i, v)?;
        i += 1;
    }
    for j in 0..ic {
        arr::set_index(Value(ha.get()), i, args.get(2 + j))?;
        i += 1;
    }
    for k in start + skip..len {
        let v = get_i(Value(ho.get()), k)?;
        arr::set_index(Value(ha.get()), i, v)?;
        i += 1;
    }
    Ok(Value(ha.get()))
}

/// Array.prototype.with ( index, value ) — 23.1.3.39
fn with(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = this_object(args, "with")?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let rel = ops::to_integer(args.get(0))?;
    let actual = if rel >= 0.0 { rel } else { len as f64 + rel };
    if actual >= len as f64 || actual < 0.0 {
        return Err(error::range_error(&format!("Invalid index : {}", string::number_to_rust(rel))));
    }
    let actual = actual as usize;
    let a = array_create(len)?;
    let ha = scope.root(a.0);
    for k in 0..len {
        let v = if k == actual { args.get(1) } else { get_i(Value(ho.get()), k)? };
        arr::set_index(Value(ha.get()), k, v)?;
    }
    Ok(Value(ha.get()))
}

pub fn install() {
    // SAFETY: `install` runs once at start-up on the JS thread. `ARRAY_CTOR` is a static word, so
    // the range of one stays valid; the join stack's visitor runs during a collection, when no
    // `join_impl` borrow is live across it (the collector runs inside an allocation, after which
    // `join_impl` re-borrows).
    unsafe {
        perry_gc::roots::register_range("array-ctor", ARRAY_CTOR.get() as *mut u64, 1);
        perry_gc::roots::register_source("array-join-stack", |visit| {
            for v in JOIN_STACK.get().iter_mut() {
                visit(v as *mut u64);
            }
        });
    }
    let ap = realm::get(I::ArrayProto);
    let scope = HandleScope::new();
    let hp = scope.root(ap.0);
    let c = crate::constructor("Array", 1, array_constructor, ap);
    // SAFETY: a static word written on the JS thread, with no reference kept.
    unsafe { *ARRAY_CTOR.get() = c.0 };
    let c = array_ctor();
    method(c, "isArray", 1, is_array);
    method(array_ctor(), "from", 1, from);
    method(array_ctor(), "of", 0, of);
    method(array_ctor(), "fromAsync", 1, from_async);
    {
        let g = function::new_native("get [Symbol.species]", 0, species_getter);
        object::define_accessor(array_ctor(), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, perry_runtime::shape::CONFIGURABLE);
    }

    // Array.prototype [ @@unscopables ] (23.1.3.41): a null-prototype object.
    {
        let u = object::new_object_kind(perry_abi::KIND_OBJECT, Value::NULL, 16);
        let hu = scope.root(u.0);
        for name in [
            "at",
            "copyWithin",
            "entries",
            "fill",
            "find",
            "findIndex",
            "findLast",
            "findLastIndex",
            "flat",
            "flatMap",
            "includes",
            "keys",
            "toReversed",
            "toSorted",
            "toSpliced",
            "values",
        ] {
            let key = atoms::intern(name);
            object::define(Value(hu.get()), key, Value::TRUE, perry_runtime::shape::DEFAULT);
        }
        object::define(Value(hp.get()), realm::sym_atom(I::SymUnscopables), Value(hu.get()), perry_runtime::shape::CONFIGURABLE);
    }

    let f = method(Value(hp.get()), "values", 0, values);
    realm::set(I::ArrayProtoValues, f);
    object::define_hidden(realm::get(I::ArrayProto), realm::sym_atom(I::SymIterator), realm::get(I::ArrayProtoValues));

    let methods: &[(&str, u32, function::NativeFn)] = &[
        ("at", 1, at),
        ("concat", 1, concat),
        ("copyWithin", 2, copy_within),
        ("entries", 0, entries),
        ("every", 1, every),
        ("fill", 1, fill),
        ("filter", 1, filter),
        ("find", 1, find),
        ("findIndex", 1, find_index),
        ("findLast", 1, find_last),
        ("findLastIndex", 1, find_last_index),
        ("flat", 0, flat),
        ("flatMap", 1, flat_map),
        ("forEach", 1, for_each),
        ("includes", 1, includes),
        ("indexOf", 1, index_of),
        ("join", 1, join),
        ("keys", 0, keys),
        ("lastIndexOf", 1, last_index_of),
        ("map", 1, map),
        ("pop", 0, pop),
        ("push", 1, push),
        ("reduce", 1, reduce),
        ("reduceRight", 1, reduce_right),
        ("reverse", 0, reverse),
        ("shift", 0, shift),
        ("slice", 2, slice),
        ("some", 1, some),
        ("sort", 1, sort),
        ("splice", 2, splice),
        ("toLocaleString", 0, to_locale_string),
        ("toString", 0, to_string),
        ("unshift", 1, unshift),
        ("toReversed", 0, to_reversed),
        ("toSorted", 1, to_sorted),
        ("toSpliced", 2, to_spliced),
        ("with", 2, with),
    ];
    for &(name, len, f) in methods {
        method(Value(hp.get()), name, len, f);
    }
    // The built-in callback methods compiled code runs inline.
    let hofs = &raw mut PERRY_ARRAY_HOFS;
    for (i, name) in ARRAY_HOFS.iter().chain(ARRAY_INLINE.iter()).enumerate() {
        let f = object::get_data_chain(Value(hp.get()), atoms::intern(name)).unwrap_or(Value::UNDEFINED).0;
        // SAFETY: `PERRY_ARRAY_HOFS` is a static table read by compiled code; it is written here
        // once at start-up on the JS thread, through a raw pointer (no reference).
        unsafe { (*hofs)[i] = f };
    }
    perry_gc::roots::register_range("array-hofs", hofs as *mut u64, ARRAY_HOFS.len() + ARRAY_INLINE.len());
}

/// The function objects of `perry_abi::ARRAY_HOFS` then `ARRAY_INLINE`, as installed.
#[unsafe(no_mangle)]
pub static mut PERRY_ARRAY_HOFS: [u64; ARRAY_HOFS.len() + ARRAY_INLINE.len()] = [UNDEFINED; ARRAY_HOFS.len() + ARRAY_INLINE.len()];

// The steps of those methods that compiled code's inline loops call (`k`
// and `len` are raw integers).

/// ArraySpeciesCreate(o, len).
extern "C" fn species_create_abi(o: u64, len: u64) -> u64 {
    error::abi(species_create(Value(o), len as usize))
}
perry_runtime::abi_export!(perry_array_species_create, species_create_abi);

/// CreateDataPropertyOrThrow(a, k, v); returns undefined.
extern "C" fn create_data_abi(a: u64, k: u64, v: u64) -> u64 {
    error::abi(create_i(Value(a), k as usize, Value(v)).map(|()| Value::UNDEFINED))
}
perry_runtime::abi_export!(perry_array_create_data, create_data_abi);

/// HasProperty(o, k) then Get(o, k): the value, or HOLE when absent.
extern "C" fn get_present_abi(o: u64, k: u64) -> u64 {
    error::abi(get_present(Value(o), k as usize).map(|v| v.unwrap_or(Value::HOLE)))
}
perry_runtime::abi_export!(perry_array_get_present, get_present_abi);

/// Get(o, k).
extern "C" fn get_abi(o: u64, k: u64) -> u64 {
    error::abi(get_i(Value(o), k as usize))
}
perry_runtime::abi_export!(perry_array_get_k, get_abi);

/// Array.fromAsync through the family hook (stdlib `families`): linked when
/// the program names `fromAsync`.
fn from_async(args: &Args) -> JsResult {
    match crate::families::hooks().from_async {
        Some(f) => f(args),
        None => Err(crate::families::not_linked("Array.fromAsync", "Array.fromAsync")),
    }
}
