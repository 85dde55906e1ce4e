//! Scalar replacement of object literals that do not escape.
//!
//! A `const` binding (a plain local: no closure captures it) initialised with an object literal,
//! whose every read is the receiver of a property read or write of one of the literal's own
//! fields, never lets the object reach other code: nothing can see it, change its shape or its
//! prototype, or read a field it does not have (that would look up `Object.prototype`). Its
//! fields then become locals of their own, and the object is never made:
//!
//! ```text
//! v2 = object {x: v0, y: v1}      =>   local.set %3 p.x, v0
//! local.set %2, v2                     local.set %4 p.y, v1
//! v5 = local.get %2               =>   (gone)
//! v6 = get v5.x                   =>   v6 = local.get %3
//! set v5.y, v7                    =>   local.set %4, v7
//! ```
//!
//! What it leaves: a binding read any other way (passed, stored, compared, returned, spread, a
//! method called on it, a TDZ-guarded read), a `let`, a captured binding, a field added later.
//! The object's field values are stored in the literal's order, where the literal was, so
//! evaluation order is unchanged.

use crate::ir::*;
use hashbrown::{HashMap, HashSet};

pub fn run(m: &mut Module) {
    for f in &mut m.functions {
        run_function(f);
    }
}

/// A binding that qualifies: its local, the object value, and the literal's field names.
struct Candidate {
    local: Local,
    object: Value,
    fields: Vec<String>,
}

fn run_function(f: &mut Function) {
    let cands = candidates(f);
    for c in cands {
        replace(f, &c);
    }
}

fn candidates(f: &Function) -> Vec<Candidate> {
    let mut defs: HashMap<Value, &Op> = HashMap::new();
    let mut uses: HashMap<Value, Vec<&Op>> = HashMap::new();
    let mut term_uses: HashSet<Value> = HashSet::new();
    for b in &f.blocks {
        for i in &b.insts {
            if let Some(r) = i.result {
                defs.insert(r, &i.op);
            }
            for u in i.op.uses() {
                uses.entry(u).or_default().push(&i.op);
            }
        }
        if let Term::Branch(v, ..) | Term::Return(v) | Term::Throw(v) = b.term {
            term_uses.insert(v);
        }
    }
    let mut writes: HashMap<Local, Vec<Value>> = HashMap::new();
    let mut reads: HashMap<Local, Vec<Value>> = HashMap::new();
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        match &i.op {
            Op::LocalSet(l, v) => writes.entry(*l).or_default().push(*v),
            Op::LocalGet(l) => reads.entry(*l).or_default().push(i.result.expect("local.get has a result")),
            _ => {}
        }
    }
    let mut out = vec![];
    for (l, ws) in writes {
        let data = &f.locals[l.index()];
        if data.kind != LocalKind::Plain || !data.constant || data.sym.is_none() {
            continue;
        }
        // Besides the entry's undefined or hole, one write: of an object literal.
        let inits: Vec<Value> = ws.into_iter().filter(|v| !matches!(defs.get(v), Some(Op::Const(Const::Undefined | Const::Hole)))).collect();
        let [object] = inits[..] else { continue };
        let Some(Op::Object(fs)) = defs.get(&object) else { continue };
        let fields: Vec<String> = fs.iter().map(|(k, _)| k.clone()).collect();
        // The object's only use is that write.
        if uses.get(&object).map_or(0, |u| u.len()) != 1 || term_uses.contains(&object) {
            continue;
        }
        let receiver_only = |r: &Value| {
            !term_uses.contains(r)
                && uses.get(r).into_iter().flatten().all(|op| match op {
                    Op::GetProp(o, name) => o == r && fields.contains(name),
                    Op::SetProp(o, name, v) => o == r && v != r && fields.contains(name),
                    _ => false,
                })
        };
        if reads.get(&l).into_iter().flatten().all(receiver_only) {
            out.push(Candidate { local: l, object, fields });
        }
    }
    out.sort_by_key(|c| c.local);
    out
}

fn replace(f: &mut Function, c: &Candidate) {
    let base = f.locals[c.local.index()].name.clone();
    let field_locals: HashMap<String, Local> = c
        .fields
        .iter()
        .map(|name| {
            f.locals.push(LocalData { name: format!("{base}.{name}"), kind: LocalKind::Temp, constant: false, sym: None });
            (name.clone(), Local(f.locals.len() as u32 - 1))
        })
        .collect();
    let mut receivers: HashSet<Value> = HashSet::new();
    for b in &mut f.blocks {
        let mut out = Vec::with_capacity(b.insts.len());
        let mut values: Vec<(String, Value)> = vec![];
        for inst in b.insts.drain(..) {
            match &inst.op {
                Op::Object(fs) if inst.result == Some(c.object) => values = fs.clone(),
                Op::LocalSet(l, v) if *l == c.local && *v == c.object => {
                    for (name, v) in values.drain(..) {
                        out.push(Inst { result: None, op: Op::LocalSet(field_locals[&name], v), at: inst.at });
                    }
                }
                Op::LocalGet(l) if *l == c.local => {
                    receivers.insert(inst.result.expect("local.get has a result"));
                }
                Op::GetProp(o, name) if receivers.contains(o) => out.push(Inst { result: inst.result, op: Op::LocalGet(field_locals[name]), at: inst.at }),
                Op::SetProp(o, name, v) if receivers.contains(o) => out.push(Inst { result: None, op: Op::LocalSet(field_locals[name], *v), at: inst.at }),
                _ => out.push(inst),
            }
        }
        b.insts = out;
    }
}
