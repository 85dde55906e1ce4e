//! Field reads of a fresh object literal answered from the literal.
//!
//! In a block, after `o = object {f: v, ...}`, a read `get o.f` (of `o` itself or of a local
//! the block last set to `o`) is the value the literal stored, `v`, or the value a later
//! `set o.f, w` of the block stored, as long as nothing that may run other code came between:
//! only code could change the field (no getter or setter is involved: the literal made data
//! properties). Such reads are removed and their uses read the stored value instead.
//!
//! What may run other code: calls and `new`, property and element reads and writes (getters,
//! setters, proxies), global reads, conversions (`tonumber` of an object, arithmetic whose
//! operands are not both numbers: `ir::numbers`), `in` and `instanceof`. Allocations, locals,
//! captures, module bindings, constants and guards do not.

use crate::ir::numbers::number_values;
use crate::ir::*;
use hashbrown::{HashMap, HashSet};

pub fn run(m: &mut Module) {
    for f in &mut m.functions {
        run_function(f);
    }
}

/// Whether `op` may run code other than its own (so it may change a fresh object's fields).
fn may_run_code(op: &Op, nums: &HashSet<Value>) -> bool {
    let num = |v: &Value| nums.contains(v);
    match op {
        Op::Const(_) | Op::This | Op::Callee | Op::Param(_) | Op::LocalGet(_) | Op::LocalSet(..) | Op::BoxNew(_) | Op::BoxGet(_) | Op::BoxSet(..) => false,
        Op::CapGet(_) | Op::CapSet(..) | Op::ModuleGet(_) | Op::ModuleSet(..) | Op::Truthy(_) | Op::BoolValue(_) | Op::Guard(..) | Op::Caught => false,
        Op::Closure { .. } | Op::Array(_) | Op::Object(_) => false,
        Op::Unary(UnOp::TypeOf | UnOp::Void | UnOp::Not, _) => false,
        Op::Unary(_, v) => !num(v),
        Op::Binary(BinOp::StrictEq | BinOp::StrictNe, ..) => false,
        Op::Binary(_, a, b) => !(num(a) && num(b)),
        Op::GlobalGet(_) | Op::GetProp(..) | Op::SetProp(..) | Op::GetIndex(..) | Op::SetIndex(..) | Op::Call { .. } | Op::New { .. } => true,
    }
}

fn run_function(f: &mut Function) {
    let nums = number_values(f);
    for b in &mut f.blocks {
        // Fresh objects of this block: their fields' current values.
        let mut fresh: HashMap<Value, Vec<(String, Value)>> = HashMap::new();
        // Values and locals that are one of them.
        let mut alias: HashMap<Value, Value> = HashMap::new();
        let mut local_obj: HashMap<Local, Value> = HashMap::new();
        let mut subst: HashMap<Value, Value> = HashMap::new();
        let mut out = Vec::with_capacity(b.insts.len());
        for mut inst in b.insts.drain(..) {
            for u in inst.op.uses_mut() {
                if let Some(&s) = subst.get(u) {
                    *u = s;
                }
            }
            let obj_of = |v: &Value, alias: &HashMap<Value, Value>| alias.get(v).copied().or(Some(*v)).filter(|o| fresh.contains_key(o));
            match &inst.op {
                Op::Object(fs) => {
                    let r = inst.result.expect("object has a result");
                    fresh.insert(r, fs.clone());
                }
                Op::LocalSet(l, v) => match obj_of(v, &alias) {
                    Some(o) => {
                        local_obj.insert(*l, o);
                    }
                    None => {
                        local_obj.remove(l);
                    }
                },
                Op::LocalGet(l) => {
                    if let (Some(&o), Some(r)) = (local_obj.get(l), inst.result) {
                        alias.insert(r, o);
                    }
                }
                Op::GetProp(x, name) => {
                    if let Some(o) = obj_of(x, &alias)
                        && let Some((_, v)) = fresh[&o].iter().find(|(k, _)| k == name)
                    {
                        subst.insert(inst.result.expect("get has a result"), *v);
                        continue;
                    }
                }
                Op::SetProp(x, name, v) => {
                    if let Some(o) = obj_of(x, &alias)
                        && let Some(field) = fresh.get_mut(&o).and_then(|fs| fs.iter_mut().find(|(k, _)| k == name))
                    {
                        field.1 = *v;
                        out.push(inst);
                        continue;
                    }
                }
                _ => {}
            }
            if may_run_code(&inst.op, &nums) {
                fresh.clear();
                alias.clear();
                local_obj.clear();
            }
            out.push(inst);
        }
        b.insts = out;
        match &mut b.term {
            Term::Branch(v, ..) | Term::Return(v) | Term::Throw(v) => {
                if let Some(&s) = subst.get(v) {
                    *v = s;
                }
            }
            _ => {}
        }
    }
}
