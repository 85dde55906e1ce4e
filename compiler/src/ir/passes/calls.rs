//! Call targets: which function a call reaches, when the whole module proves it.
//!
//! - **Known functions.** A callee read from a module binding that names one function for the
//!   whole run (a function declaration never assigned, or a `const` initialised with a function
//!   or arrow expression: [`Function::binding`]), from a local that is only ever set to one
//!   closure made in this function, or that is itself a `closure` instruction, reaches that
//!   function: [`Target::Known`].
//! - **Methods by class-hierarchy analysis.** A method call `o.m(...)` (the callee read as
//!   `get o.m` and called with `this` `o`) gets [`Target::Guarded`]: the classes of the module
//!   whose instances find a method `m` on their prototype chain, with the function each
//!   reaches. When `o` is the `this` of a method of class C, only C and its subclasses are
//!   candidates (another receiver, say one passed to `call`, fails every guard and takes the
//!   general call). A class is a candidate only when it is closed ([`ClassInfo::open`] false:
//!   no code can reach its prototype to change it) and so are its ancestors, and when no class
//!   on its chain declares an instance field or accessor `m` (an own property shadows the
//!   method). At most [`MAX_CANDIDATES`] classes: a site seeing more stays a general call.
//!
//! What a guarded target leaves to code generation: the test that the receiver is an instance
//! of the class with no own property `m` (its shape) and that the prototype's `m` is still the
//! method.

use crate::ir::*;
use hashbrown::HashMap;

/// The most classes a guarded call tests before its general call.
pub const MAX_CANDIDATES: usize = 4;

pub fn run(m: &mut Module) {
    let bound: HashMap<SymbolId, FuncId> = m.functions.iter().enumerate().filter_map(|(i, f)| f.binding.map(|s| (s, FuncId(i as u32)))).collect();
    let resolved = resolve_methods(&m.classes);
    let subclasses = subclasses(&m.classes);
    for fi in 0..m.functions.len() {
        let this_class = match m.functions[fi].kind {
            FnKind::Method | FnKind::Getter | FnKind::Setter => m.functions[fi].class,
            _ => None,
        };
        let f = &mut m.functions[fi];
        let defs = definitions(f);
        let single = single_closure_locals(f, &defs);
        for inst in f.insts_mut() {
            let Op::Call { target, callee, this, .. } = &mut inst.op else { continue };
            if *target != Target::Unknown {
                continue;
            }
            *target = match defs.get(callee) {
                Some(Op::ModuleGet(s)) => bound.get(s).map_or(Target::Unknown, |&f| Target::Known(f)),
                Some(Op::Closure { func, .. }) => Target::Known(*func),
                Some(Op::LocalGet(l)) => single.get(l).map_or(Target::Unknown, |&f| Target::Known(f)),
                Some(Op::GetProp(o, name)) if o == this => {
                    let receiver_is_this = matches!(defs.get(o), Some(Op::This));
                    let candidates: Vec<usize> = match (receiver_is_this, this_class) {
                        (true, Some(c)) => subclasses[c].clone(),
                        _ => (0..m.classes.len()).collect(),
                    };
                    let hits: Vec<(usize, FuncId)> = candidates.into_iter().filter_map(|c| resolved[c].get(name.as_str()).map(|&f| (c, f))).collect();
                    if hits.is_empty() || hits.len() > MAX_CANDIDATES { Target::Unknown } else { Target::Guarded(hits) }
                }
                _ => Target::Unknown,
            };
        }
    }
}

/// The instruction defining each value of `f`.
fn definitions(f: &Function) -> HashMap<Value, Op> {
    f.blocks.iter().flat_map(|b| &b.insts).filter_map(|i| i.result.map(|r| (r, i.op.clone()))).collect()
}

/// The constant locals (`const`, function declarations) initialised with a `closure`: besides
/// the entry's undefined or hole, their one write.
fn single_closure_locals(f: &Function, defs: &HashMap<Value, Op>) -> HashMap<Local, FuncId> {
    let mut closures: HashMap<Local, Vec<Option<FuncId>>> = HashMap::new();
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        let Op::LocalSet(l, v) = &i.op else { continue };
        let w = match defs.get(v) {
            Some(Op::Const(Const::Undefined | Const::Hole)) => continue,
            Some(Op::Closure { func, .. }) => Some(*func),
            _ => None,
        };
        closures.entry(*l).or_default().push(w);
    }
    closures
        .into_iter()
        .filter(|(l, _)| f.locals[l.index()].constant)
        .filter_map(|(l, ws)| match ws.as_slice() {
            [Some(func)] => Some((l, *func)),
            _ => None,
        })
        .collect()
}

/// For each class, the method each name reaches on its prototype chain, when the chain is
/// closed and no class on it makes the name an own property or accessor.
fn resolve_methods(classes: &[ClassInfo]) -> Vec<HashMap<&str, FuncId>> {
    (0..classes.len())
        .map(|c| {
            let mut chain = vec![];
            let mut at = Some(c);
            while let Some(i) = at {
                chain.push(i);
                at = match classes[i].parent {
                    Parent::Class(p) if !chain.contains(&p) => Some(p),
                    Parent::Class(_) | Parent::Unknown => return HashMap::new(),
                    Parent::None => None,
                };
            }
            if chain.iter().any(|&i| classes[i].open) {
                return HashMap::new();
            }
            let mut out: HashMap<&str, FuncId> = HashMap::new();
            // Nearest first: a subclass's method overrides its parent's.
            for &i in chain.iter().rev() {
                for (name, f) in &classes[i].methods {
                    out.insert(name.as_str(), *f);
                }
            }
            for &i in &chain {
                for name in &classes[i].other_members {
                    out.remove(name.as_str());
                }
            }
            out
        })
        .collect()
}

/// Each class with its subclasses (transitively, itself first).
fn subclasses(classes: &[ClassInfo]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..classes.len()).map(|c| vec![c]).collect();
    for c in 0..classes.len() {
        let mut at = classes[c].parent;
        let mut seen = 0;
        while let Parent::Class(p) = at {
            if p == c || seen > classes.len() {
                break;
            }
            out[p].push(c);
            at = classes[p].parent;
            seen += 1;
        }
    }
    out
}
