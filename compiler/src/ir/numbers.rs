//! Which values of a function are numbers, whatever runs: an analysis the passes share.
//!
//! A value is a number when the operation that makes it returns one for any operands it
//! meets here: a number constant; `tonumber` (ToNumber throws for a BigInt rather than return
//! one); `-`, `~` and the arithmetic and bitwise operators of numbers (of BigInts they make
//! BigInts, so both operands must be numbers; `+` also because of strings); a read of a local
//! all of whose writes store numbers (a fixpoint: a local starts as a number and stops being one
//! at its first other write). The entry's `undefined` of a local nobody reads before its first
//! write does not count (lowering writes it to every local; a read before any other write
//! would see it, which is why locals guarded for their TDZ or read before written on some path
//! are not numbers: see [`number_values`]).

use super::*;
use hashbrown::HashSet;

/// The values of `f` that are numbers.
pub fn number_values(f: &Function) -> HashSet<Value> {
    // Locals written only with numbers (after the entry's initialisation), assumed first.
    let entry_inits: HashSet<(Local, Value)> = f.blocks[0].insts[..f.prologue]
        .iter()
        .filter_map(|i| match &i.op {
            Op::LocalSet(l, v) => Some((*l, *v)),
            _ => None,
        })
        .collect();
    let mut num_locals: HashSet<Local> = (0..f.locals.len() as u32).map(Local).filter(|l| f.locals[l.index()].kind != LocalKind::Boxed).collect();
    for p in &f.params {
        num_locals.remove(p);
    }
    // A local read before some write on a path: its entry `undefined` may be read.
    for l in maybe_uninitialised_reads(f) {
        num_locals.remove(&l);
    }
    loop {
        let nums = values(f, &num_locals);
        let mut changed = false;
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            if let Op::LocalSet(l, v) = &i.op
                && num_locals.contains(l)
                && !entry_inits.contains(&(*l, *v))
                && !nums.contains(v)
            {
                num_locals.remove(l);
                changed = true;
            }
        }
        if !changed {
            return nums;
        }
    }
}

/// The values that are numbers when the locals `num_locals` hold numbers.
fn values(f: &Function, num_locals: &HashSet<Local>) -> HashSet<Value> {
    let mut nums: HashSet<Value> = HashSet::new();
    // Values are block-local and defined before use: one pass in order sees operands first.
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        let Some(r) = i.result else { continue };
        let num = |v: &Value| nums.contains(v);
        let is = match &i.op {
            Op::Const(Const::Number(_)) => true,
            Op::LocalGet(l) => num_locals.contains(l),
            Op::Unary(UnOp::Plus, _) => true,
            Op::Unary(UnOp::Neg | UnOp::BitNot, v) => num(v),
            Op::Binary(op, a, b) => match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem | BinOp::Exp => num(a) && num(b),
                BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => num(a) && num(b),
                // `>>>` throws for BigInts.
                BinOp::UShr => true,
                _ => false,
            },
            _ => false,
        };
        if is {
            nums.insert(r);
        }
    }
    nums
}

/// Locals some read may reach before any write but the entry's (a forward "definitely
/// written" analysis over the blocks).
fn maybe_uninitialised_reads(f: &Function) -> HashSet<Local> {
    let n = f.blocks.len();
    // written[b]: locals surely written on entry to b (None: not reached yet).
    let mut written: Vec<Option<HashSet<Local>>> = vec![None; n];
    written[0] = Some(HashSet::new());
    let mut out = HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for bi in 0..n {
            let Some(at_entry) = written[bi].clone() else { continue };
            let mut w = at_entry.clone();
            let skip = if bi == 0 { f.prologue } else { 0 };
            for i in &f.blocks[bi].insts[skip..] {
                match &i.op {
                    Op::LocalSet(l, _) => {
                        w.insert(*l);
                    }
                    Op::LocalGet(l) if !w.contains(l) => {
                        out.insert(*l);
                    }
                    _ => {}
                }
            }
            // A handler may be entered from any instruction: with what the block's entry had.
            let succs = f.blocks[bi].term.successors().into_iter().map(|s| (s, &w)).chain(f.blocks[bi].handler.map(|h| (h, &at_entry)));
            for (s, w) in succs {
                let merged = match &written[s.index()] {
                    None => w.clone(),
                    Some(old) => old.intersection(w).copied().collect(),
                };
                if written[s.index()].as_ref() != Some(&merged) {
                    written[s.index()] = Some(merged);
                    changed = true;
                }
            }
        }
    }
    out
}
