//! Values across calls: the moving collector's roots in compiled frames,
//! and the registers a slow path's call would clobber.
//!
//! Every JS value the code generator makes is a *GC value*
//! (`FnCompiler::track`, the values of variables made with `stack_map`, and
//! the block parameters those flow into). A call is a safepoint: the
//! collector may run and move cells, so a GC value live across a call must
//! be in a stack slot the call's stack map names, and read back afterwards.
//! This pass, run on each finished function (on the code generation
//! workers), does that:
//!
//! - each call names the slots of the GC values live across it;
//! - after each call, those values are reloaded from their slots, and later
//!   uses read the reload; where a path with a reload meets one without, a
//!   block parameter merges the two versions (SSA repair);
//! - a value live across a call on the hot path is stored to its slot where
//!   it is defined (the slot then always holds its current version: the
//!   collector updates it, and every later version is a reload from it);
//!   one live only across calls in cold blocks (the slow paths,
//!   `FnCompiler::cold_here`) is stored just before each of them instead,
//!   so the hot path does no memory traffic for it at all.
//!
//! Other values (numbers in `f64` registers, integers, flags) live across a
//! call in a cold block that does not preserve registers are stored before
//! it and reloaded after it the same way, without a stack map entry: the
//! register allocator then never sees them live across that call, so it
//! need not keep them in memory (every float register is caller-saved) or
//! in callee-saved registers on the hot path.
//!
//! Between calls a value stays in a register. (Cranelift's own pass, which
//! this replaces, reloads a spilled value before every use after its
//! definition, calls or not.) Slots are shared by values whose live ranges
//! do not overlap, assigned as Cranelift's pass assigns them.

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::entity::{EntitySet, SecondaryMap};
use cranelift_codegen::ir::{self, Block, Function, Inst, InstBuilder, Opcode, StackSlot, Value};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::traversals::Dfs;
use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

type Live = HashSet<Value>;

/// Rewrites `func` so that the GC values (`gc`, grown here to the block
/// parameters GC values flow into) live across calls are kept in stack
/// slots named by the calls' stack maps, as described above.
pub fn run(func: &mut Function, gc: &mut EntitySet<Value>) {
    let post = reachable_post_order(func);
    remove_trivial_params(func, &post);
    close_over_params(func, &post, gc);
    func.dfg.resolve_all_aliases();
    let cand = candidates(func, &post, gc);
    let mut a = Analysis::new(func, post);
    a.liveness(func, &cand, gc);
    if a.across.is_empty() {
        return;
    }
    let slots = a.assign_slots(func);
    a.dirty();
    a.rewrite(func, &slots, gc);
}

/// Whether call `inst` clobbers the caller-saved registers: a call in a
/// cold block whose callee does not preserve them. Other values live across
/// such a call are kept in slots too.
fn clobbering_cold_call(func: &Function, b: Block, inst: Inst) -> bool {
    func.layout.is_cold(b) && func.dfg.call_signature(inst).is_none_or(|s| func.dfg.signatures[s].call_conv != CallConv::PreserveAll)
}

/// The values the liveness analysis follows: the GC values, and when the
/// function has a clobbering cold call, every value but constants (which
/// Cranelift materialises where they are used).
fn candidates(func: &Function, post: &[Block], gc: &EntitySet<Value>) -> EntitySet<Value> {
    let mut cand = gc.clone();
    let any = post.iter().any(|&b| func.layout.block_insts(b).any(|i| func.dfg.insts[i].opcode().is_safepoint() && clobbering_cold_call(func, b, i)));
    if !any {
        return cand;
    }
    for &b in post {
        for &p in func.dfg.block_params(b) {
            cand.insert(p);
        }
        for i in func.layout.block_insts(b) {
            if matches!(func.dfg.insts[i].opcode(), Opcode::Iconst | Opcode::F32const | Opcode::F64const) {
                continue;
            }
            for &r in func.dfg.inst_results(i) {
                cand.insert(r);
            }
        }
    }
    cand
}

/// The reachable blocks in post-order; unreachable blocks are removed from
/// the layout (a branch from one would lack the parameters added here).
fn reachable_post_order(func: &mut Function) -> Vec<Block> {
    let post: Vec<Block> = Dfs::new().post_order_iter(func).collect();
    let mut seen: EntitySet<Block> = EntitySet::with_capacity(func.dfg.num_blocks());
    for &b in &post {
        seen.insert(b);
    }
    let all: Vec<Block> = func.layout.blocks().collect();
    for b in all {
        if !seen.contains(b) {
            while let Some(i) = func.layout.first_inst(b) {
                func.layout.remove_inst(i);
            }
            func.layout.remove_block(b);
        }
    }
    post
}

/// Removes the block parameters that always receive one value (or
/// themselves), making each an alias of that value. Cranelift's SSA
/// construction leaves chains of these around loops when every block is
/// sealed at the end: kept, each would be a definition to store and a merge
/// to carry through every loop.
fn remove_trivial_params(func: &mut Function, post: &[Block]) {
    // The branches into each block: (branch, destination index).
    let mut into: HashMap<Block, Vec<(Inst, usize)>> = HashMap::new();
    for &b in post {
        let Some(term) = func.layout.last_inst(b) else { continue };
        let dests = func.dfg.insts[term].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
        for (d, bc) in dests.iter().enumerate() {
            into.entry(bc.block(&func.dfg.value_lists)).or_default().push((term, d));
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in post {
            let Some(edges) = into.get(&b) else { continue };
            for k in (0..func.dfg.num_block_params(b)).rev() {
                let p = func.dfg.block_params(b)[k];
                let mut same: Option<Value> = None;
                let mut trivial = true;
                for &(inst, d) in edges {
                    let bc = func.dfg.insts[inst].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables)[d];
                    let Some(a) = bc.args(&func.dfg.value_lists).nth(k).and_then(|a| a.as_value()) else {
                        trivial = false;
                        break;
                    };
                    let a = func.dfg.resolve_aliases(a);
                    if a == p || same == Some(a) {
                        continue;
                    }
                    if same.is_some() {
                        trivial = false;
                        break;
                    }
                    same = Some(a);
                }
                let (true, Some(w)) = (trivial, same) else { continue };
                for &(inst, d) in edges {
                    let dfg = &mut func.dfg;
                    let bc = &mut dfg.insts[inst].branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables)[d];
                    bc.remove(k, &mut dfg.value_lists);
                }
                func.dfg.remove_block_param(p);
                func.dfg.change_to_alias(p, w);
                changed = true;
            }
        }
    }
}

/// Adds to `gc` the alias targets of its values and every block parameter
/// that some branch passes a GC value (the parameters Cranelift's SSA
/// construction made for variables holding JS values).
fn close_over_params(func: &Function, post: &[Block], gc: &mut EntitySet<Value>) {
    let n = func.dfg.num_values();
    for i in 0..n {
        let v = Value::from_u32(i as u32);
        if gc.contains(v) {
            gc.insert(func.dfg.resolve_aliases(v));
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in post {
            let Some(term) = func.layout.last_inst(b) else { continue };
            for bc in func.dfg.insts[term].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables) {
                let target = bc.block(&func.dfg.value_lists);
                for (i, arg) in bc.args(&func.dfg.value_lists).enumerate() {
                    let Some(a) = arg.as_value() else { continue };
                    if gc.contains(func.dfg.resolve_aliases(a)) {
                        let p = func.dfg.block_params(target)[i];
                        if !gc.contains(p) {
                            gc.insert(p);
                            changed = true;
                        }
                    }
                }
            }
        }
    }
}

struct Analysis {
    post: Vec<Block>,
    index: SecondaryMap<Block, u32>,
    preds: Vec<SmallVec<[u32; 4]>>,
    live_in: Vec<Live>,
    live_out: Vec<Live>,
    /// The values kept across each call, sorted: the GC values live across
    /// it and, at a clobbering cold call, the other values.
    calls: HashMap<Inst, SmallVec<[Value; 8]>>,
    /// Values kept across some call.
    across: EntitySet<Value>,
    /// GC values live across some call that is not cold: stored where they
    /// are defined (the others just before each call).
    hot: EntitySet<Value>,
    /// Per block: the values some call in it is live across.
    reloaded: Vec<Vec<Value>>,
    /// Per block: values whose version at entry (and exit) may be a reload.
    dirty_in: Vec<Live>,
    dirty_out: Vec<Live>,
}

impl Analysis {
    fn new(func: &Function, post: Vec<Block>) -> Analysis {
        let mut index = SecondaryMap::with_default(u32::MAX);
        for (i, &b) in post.iter().enumerate() {
            index[b] = i as u32;
        }
        let n = post.len();
        let mut preds = vec![SmallVec::new(); n];
        for (i, &b) in post.iter().enumerate() {
            for s in func.block_successors(b) {
                preds[index[s] as usize].push(i as u32);
            }
        }
        Analysis {
            post,
            index,
            preds,
            live_in: vec![Live::new(); n],
            live_out: vec![Live::new(); n],
            calls: HashMap::new(),
            across: EntitySet::new(),
            hot: EntitySet::new(),
            reloaded: vec![Vec::new(); n],
            dirty_in: vec![Live::new(); n],
            dirty_out: vec![Live::new(); n],
        }
    }

    /// Backward liveness of the candidates (branch arguments count as uses
    /// at the branch), then the values kept across each call.
    fn liveness(&mut self, func: &Function, cand: &EntitySet<Value>, gc: &EntitySet<Value>) {
        let n = self.post.len();
        let mut queued = vec![true; n];
        let mut work: Vec<u32> = (0..n as u32).rev().collect();
        let mut live = Live::new();
        while let Some(i) = work.pop() {
            let i = i as usize;
            queued[i] = false;
            let b = self.post[i];
            let mut out = std::mem::take(&mut self.live_out[i]);
            for s in func.block_successors(b) {
                out.extend(self.live_in[self.index[s] as usize].iter().copied());
            }
            live.clear();
            live.extend(out.iter().copied());
            self.live_out[i] = out;
            self.block_live(func, cand, b, &mut live, None);
            if live.len() != self.live_in[i].len() {
                self.live_in[i].extend(live.iter().copied());
                for &p in &self.preds[i] {
                    if !queued[p as usize] {
                        queued[p as usize] = true;
                        work.push(p);
                    }
                }
            }
        }
        let mut calls = HashMap::new();
        for i in 0..n {
            live.clear();
            live.extend(self.live_out[i].iter().copied());
            let mut here = Vec::new();
            self.block_live(func, cand, self.post[i], &mut live, Some((gc, &mut calls, &mut here)));
            here.sort_unstable();
            here.dedup();
            for &v in &here {
                self.across.insert(v);
            }
            self.reloaded[i] = here;
        }
        for (&inst, l) in &calls {
            if !func.layout.is_cold(func.layout.inst_block(inst).unwrap()) {
                for &v in l {
                    self.hot.insert(v);
                }
            }
        }
        self.calls = calls;
        // Only the values kept across calls matter from here on.
        let across = &self.across;
        for s in self.live_in.iter_mut().chain(self.live_out.iter_mut()) {
            s.retain(|v| across.contains(*v));
        }
    }

    /// Walks block `b` backwards from `live` (its live-out set), leaving its
    /// live-in set; with `record`, notes the values live across each call.
    #[allow(clippy::type_complexity)]
    fn block_live(
        &self,
        func: &Function,
        cand: &EntitySet<Value>,
        b: Block,
        live: &mut Live,
        mut record: Option<(&EntitySet<Value>, &mut HashMap<Inst, SmallVec<[Value; 8]>>, &mut Vec<Value>)>,
    ) {
        let dfg = &func.dfg;
        let mut inst = func.layout.last_inst(b);
        while let Some(i) = inst {
            for bc in dfg.insts[i].branch_destination(&dfg.jump_tables, &dfg.exception_tables) {
                for a in bc.args(&dfg.value_lists).filter_map(|a| a.as_value()) {
                    if cand.contains(a) {
                        live.insert(a);
                    }
                }
            }
            for r in dfg.inst_results(i) {
                live.remove(r);
            }
            if dfg.insts[i].opcode().is_safepoint()
                && let Some((gc, calls, here)) = record.as_mut()
            {
                let all = clobbering_cold_call(func, b, i);
                let mut l: SmallVec<[Value; 8]> = live.iter().copied().filter(|&v| all || gc.contains(v)).collect();
                if !l.is_empty() {
                    l.sort_unstable();
                    here.extend(l.iter().copied());
                    calls.insert(i, l);
                }
            }
            for &a in dfg.inst_args(i) {
                if cand.contains(a) {
                    live.insert(a);
                }
            }
            inst = func.layout.prev_inst(i);
        }
        for p in dfg.block_params(b) {
            live.remove(p);
        }
    }

    /// A stack slot per value live across a call, shared between values
    /// whose live ranges do not overlap: walking the blocks in post-order
    /// and each block backwards, a value takes a slot where it is first
    /// seen live (a use, a call it is live across, or the block's live-out
    /// set, which reserves a loop's values for the whole loop) and gives it
    /// back at its definition (Cranelift's assignment).
    fn assign_slots(&self, func: &mut Function) -> HashMap<Value, StackSlot> {
        let mut a = Slots::default();
        let mut vals: Vec<Value> = Vec::new();
        for i in 0..self.post.len() {
            let b = self.post[i];
            vals.extend(self.live_out[i].iter().copied());
            vals.sort_unstable();
            for v in vals.drain(..) {
                a.take(func, v);
            }
            let mut inst = func.layout.last_inst(b);
            while let Some(x) = inst {
                for k in 0..func.dfg.inst_results(x).len() {
                    let r = func.dfg.inst_results(x)[k];
                    a.give_back(func, r);
                }
                if let Some(l) = self.calls.get(&x) {
                    for &v in l {
                        a.take(func, v);
                    }
                }
                vals.extend(func.dfg.inst_values(x).filter(|v| self.across.contains(*v)));
                for v in vals.drain(..) {
                    a.take(func, v);
                }
                inst = func.layout.prev_inst(x);
            }
            for k in 0..func.dfg.num_block_params(b) {
                let p = func.dfg.block_params(b)[k];
                a.give_back(func, p);
            }
        }
        a.slots
    }

    /// Forward: the values whose version may be a reload at each block's
    /// entry and exit (a call in the block, or a dirty predecessor).
    fn dirty(&mut self) {
        let n = self.post.len();
        let mut changed = true;
        while changed {
            changed = false;
            for i in (0..n).rev() {
                let mut din = std::mem::take(&mut self.dirty_in[i]);
                for &p in &self.preds[i] {
                    for &v in &self.dirty_out[p as usize] {
                        if self.live_in[i].contains(&v) {
                            din.insert(v);
                        }
                    }
                }
                let before = self.dirty_out[i].len();
                let mut dout = std::mem::take(&mut self.dirty_out[i]);
                dout.extend(din.iter().copied());
                dout.extend(self.reloaded[i].iter().copied());
                changed |= dout.len() != before;
                self.dirty_in[i] = din;
                self.dirty_out[i] = dout;
            }
        }
    }

    fn rewrite(&mut self, func: &mut Function, slots: &HashMap<Value, StackSlot>, gc: &EntitySet<Value>) {
        // Stored where defined (else before each call).
        let eager = |v: Value| self.hot.contains(v) && slots.contains_key(&v);
        let n = self.post.len();
        // Merge parameters, made before any branch to them is rewritten.
        let mut params: Vec<Vec<(Value, Value)>> = vec![Vec::new(); n];
        for (i, ps) in params.iter_mut().enumerate() {
            if self.preds[i].len() < 2 || self.dirty_in[i].is_empty() {
                continue;
            }
            let mut vs: Vec<Value> = self.dirty_in[i].iter().copied().collect();
            vs.sort_unstable();
            let b = self.post[i];
            *ps = vs
                .into_iter()
                .map(|v| {
                    let ty = func.dfg.value_type(v);
                    (v, func.dfg.append_block_param(b, ty))
                })
                .collect();
        }
        let mut exit: Vec<HashMap<Value, Value>> = vec![HashMap::new(); n];
        let mut insts: Vec<Inst> = Vec::new();
        for i in (0..n).rev() {
            let b = self.post[i];
            let mut cur: HashMap<Value, Value> = HashMap::new();
            if self.preds[i].len() >= 2 {
                cur.extend(params[i].iter().copied());
            } else if let Some(&p) = self.preds[i].first() {
                let pe = &exit[p as usize];
                for &v in &self.dirty_in[i] {
                    cur.insert(v, pe[&v]);
                }
            }
            // Block parameters (not the merges just added) are definitions.
            let own = func.dfg.num_block_params(b) - params[i].len();
            for k in 0..own {
                let p = func.dfg.block_params(b)[k];
                if eager(p) {
                    let s = slots[&p];
                    let mut pos = FuncCursor::new(func).at_first_insertion_point(b);
                    spill(&mut pos, p, s);
                }
            }
            insts.clear();
            let mut x = func.layout.first_inst(b);
            while let Some(inst) = x {
                insts.push(inst);
                x = func.layout.next_inst(inst);
            }
            for &inst in &insts {
                if !cur.is_empty() {
                    func.dfg.map_inst_values(inst, |v| cur.get(&v).copied().unwrap_or(v));
                }
                let mut pos = FuncCursor::new(func).after_inst(inst);
                let results: SmallVec<[Value; 2]> = pos.func.dfg.inst_results(inst).iter().copied().collect();
                for r in results {
                    if eager(r) {
                        spill(&mut pos, r, slots[&r]);
                    }
                }
                if let Some(l) = self.calls.get(&inst) {
                    let mut before = FuncCursor::new(pos.func).at_inst(inst);
                    for &v in l {
                        if !eager(v) {
                            spill(&mut before, cur.get(&v).copied().unwrap_or(v), slots[&v]);
                        }
                    }
                    let mut pos = FuncCursor::new(before.func).after_inst(inst);
                    for &v in l {
                        let s = slots[&v];
                        let ty = pos.func.dfg.value_type(v);
                        if gc.contains(v) {
                            pos.func.dfg.append_user_stack_map_entry(inst, ir::UserStackMapEntry { ty, slot: s, offset: 0 });
                        }
                        let r = reload(&mut pos, ty, s);
                        cur.insert(v, r);
                    }
                }
                // Arguments for the merge parameters of the targets.
                let dfg = &mut func.dfg;
                let ndest = dfg.insts[inst].branch_destination(&dfg.jump_tables, &dfg.exception_tables).len();
                for d in 0..ndest {
                    let bc = dfg.insts[inst].branch_destination(&dfg.jump_tables, &dfg.exception_tables)[d];
                    let t = self.index[bc.block(&dfg.value_lists)] as usize;
                    if params[t].is_empty() {
                        continue;
                    }
                    let dests = dfg.insts[inst].branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
                    let bc = &mut dests[d];
                    for &(v, _) in &params[t] {
                        bc.append_argument(cur.get(&v).copied().unwrap_or(v), &mut dfg.value_lists);
                    }
                }
            }
            exit[i] = cur;
        }
    }
}

/// Slot assignment: each value's slot, and the free slots by size.
#[derive(Default)]
struct Slots {
    slots: HashMap<Value, StackSlot>,
    free: HashMap<u32, Vec<StackSlot>>,
}

impl Slots {
    fn take(&mut self, func: &mut Function, v: Value) {
        if self.slots.contains_key(&v) {
            return;
        }
        let size = func.dfg.value_type(v).bytes();
        let s = self
            .free
            .get_mut(&size)
            .and_then(|l| l.pop())
            .unwrap_or_else(|| func.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, size, size.ilog2() as u8)));
        self.slots.insert(v, s);
    }

    /// At `v`'s definition: its slot is free for values seen later (earlier
    /// in the program). The mapping stays.
    fn give_back(&mut self, func: &Function, v: Value) {
        if let Some(&s) = self.slots.get(&v) {
            self.free.entry(func.dfg.value_type(v).bytes()).or_default().push(s);
        }
    }
}

fn flags() -> ir::MemFlagsData {
    let mut f = ir::MemFlagsData::trusted();
    f.set_notrap();
    f
}

fn spill(pos: &mut FuncCursor, v: Value, s: StackSlot) {
    let addr = pos.ins().stack_addr(ir::types::I64, s, 0);
    pos.ins().store(flags(), v, addr, 0);
}

fn reload(pos: &mut FuncCursor, ty: ir::Type, s: StackSlot) -> Value {
    let addr = pos.ins().stack_addr(ir::types::I64, s, 0);
    pos.ins().load(ty, flags(), addr, 0)
}
