//! Symbol cells: `header | atom | description | flags`.

use crate::atoms::{self, Atom};
use crate::string;
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

const SYM_DESC: i32 = 16;
const SYM_FLAGS: i32 = 24;
const PRIVATE: u64 = 1;

/// A new symbol with description `desc` (a string or undefined).
pub fn new_symbol(desc: Value, private: bool) -> Value {
    let scope = HandleScope::new();
    let hd = scope.root(desc.0);
    let s = Value::from_cell(perry_gc::alloc(32, KIND_SYMBOL));
    s.cell().set_field(SYM_DESC, Value(hd.get()));
    s.cell().set_word(SYM_FLAGS, if private { PRIVATE } else { 0 });
    let hs = scope.root(s.0);
    let a = atoms::new_symbol_atom(s);
    let s = Value(hs.get());
    s.cell().set_word(SYM_ATOM, a as u64);
    s
}

pub fn atom_of(s: Value) -> Atom {
    s.cell().word(SYM_ATOM) as Atom
}

pub fn description(s: Value) -> Value {
    s.cell().field(SYM_DESC)
}

pub fn is_private_atom(a: Atom) -> bool {
    let v = atoms::value(a);
    v.is_symbol() && v.cell().word(SYM_FLAGS) & PRIVATE != 0
}

/// `Symbol(desc)` as String(sym) prints it.
pub fn descriptive_string(s: Value) -> String {
    let d = description(s);
    if d.is_string() { format!("Symbol({})", string::to_rust(d)) } else { "Symbol()".into() }
}
