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
//! - after a call such a value is only in its slot: it is reloaded at its
//!   next use; where versions meet in a loop (a slow path's reload and the
//!   hot path's register), a block parameter merges them (SSA repair), the
//!   slot-only side reloading on its edge, so the hot path keeps the value
//!   in a register (outside loops the merge may stay slot-only, `states`);
//! - a value live across a call on the hot path, or defined outside loops,
//!   is stored to its slot where it is defined (the slot then always holds
//!   its current version: the collector updates it, and every later version
//!   is a reload from it); one defined in a loop and live only across calls
//!   in cold blocks (the slow paths, `FnCompiler::cold_here`) is stored
//!   just before each of them instead, so the hot path does no memory
//!   traffic for it at all.
//!
//! Other values (numbers in `f64` registers, integers, flags) live across a
//! call in a cold block that does not preserve registers are kept in slots
//! across it the same way, without a stack map entry: the
//! register allocator then never sees them live across that call, so it
//! need not keep them in memory (every float register is caller-saved) or
//! in callee-saved registers on the hot path.
//!
//! Between calls a value stays in a register. (Cranelift's own pass, which
//! this replaces, reloads a spilled value before every use after its
//! definition, calls or not.) Slots are shared by values whose live ranges
//! do not overlap, assigned as Cranelift's pass assigns them.
//!
//! # The steps
//!
//! 1. Unreachable blocks are dropped, and the block parameters that always receive one value
//!    (Cranelift's SSA construction leaves chains of them when every block is sealed at the
//!    end) become aliases of it.
//! 2. Liveness, one value at a time: walking back from its uses to its definition gives the
//!    blocks where it is live; the calls inside its range in those blocks are the ones it is
//!    live across.
//! 3. Slots are shared by values whose ranges do not overlap.
//! 4. Stores at the definition or before each cold call, as above.
//! 5. Reloads and merges, as above. Outside loops, when one side of a merge is slot-only and
//!    the value was stored at its definition, the merge stays slot-only (straight-line code with
//!    many calls, such as a module body, would otherwise carry every long-lived value through a
//!    parameter at every slow path). The same holds inside a loop for a value *passive* in it
//!    (live through it, defined outside it, unused in it: an outer loop's values across an
//!    inner loop, by Cranelift's natural-loop analysis); such a value is stored at its
//!    definition, so the inner loop carries no copy of it for the register allocator to keep. A
//!    forward analysis over blocks decides this (`states`); the rewrite follows it (`rewrite`).
//!    "Loop" is otherwise a block between a loop header and the block that branches back to it
//!    in reverse post-order.

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::entity::{EntitySet, SecondaryMap};
use cranelift_codegen::flowgraph::ControlFlowGraph;
use cranelift_codegen::ir::{self, Block, Function, Inst, InstBuilder, Opcode, StackSlot, Value};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::loop_analysis::{Loop, LoopAnalysis};
use cranelift_codegen::traversals::Dfs;
use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

/// Rewrites `func` so that the GC values (`gc`, grown here to the block
/// parameters GC values flow into) live across calls are kept in stack
/// slots named by the calls' stack maps, as described above.
pub fn run(func: &mut Function, gc: &mut EntitySet<Value>) {
    let post = reachable_post_order(func);
    remove_trivial_params(func, &post);
    close_over_params(func, &post, gc);
    func.dfg.resolve_all_aliases();
    let mut a = Analysis::new(func, post);
    a.liveness(func, gc);
    if a.across.is_empty() {
        return;
    }
    let slots = a.assign_slots(func);
    a.loops(func);
    a.eager_values(func);
    a.states();
    a.rewrite(func, &slots, gc);
}

/// Whether call `inst` clobbers the caller-saved registers: a call in a
/// cold block whose callee does not preserve them. Other values live across
/// such a call are kept in slots too.
fn clobbering_cold_call(func: &Function, b: Block, inst: Inst) -> bool {
    func.layout.is_cold(b) && func.dfg.call_signature(inst).is_none_or(|s| func.dfg.signatures[s].call_conv != CallConv::PreserveAll)
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
        for &b in post.iter().rev() {
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
    // The parameters each value is passed to.
    let mut to: HashMap<Value, SmallVec<[Value; 2]>> = HashMap::new();
    for &b in post {
        let Some(term) = func.layout.last_inst(b) else { continue };
        for bc in func.dfg.insts[term].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables) {
            let params = func.dfg.block_params(bc.block(&func.dfg.value_lists));
            for (arg, &p) in bc.args(&func.dfg.value_lists).zip(params) {
                if let Some(a) = arg.as_value() {
                    to.entry(func.dfg.resolve_aliases(a)).or_default().push(p);
                }
            }
        }
    }
    let mut work: Vec<Value> = (0..n).map(|i| Value::from_u32(i as u32)).filter(|&v| gc.contains(v) && to.contains_key(&v)).collect();
    while let Some(v) = work.pop() {
        for &p in to.get(&v).into_iter().flatten() {
            if !gc.contains(p) {
                gc.insert(p);
                work.push(p);
            }
        }
    }
}

struct Analysis {
    post: Vec<Block>,
    index: SecondaryMap<Block, u32>,
    preds: Vec<SmallVec<[u32; 4]>>,
    /// Per block: the kept values live at its entry and exit.
    live_in: Vec<Vec<Value>>,
    live_out: Vec<Vec<Value>>,
    /// The values kept across each call, sorted: the GC values live across
    /// it and, at a clobbering cold call, the other values.
    calls: HashMap<Inst, SmallVec<[Value; 8]>>,
    /// Values kept across some call.
    across: EntitySet<Value>,
    /// GC values live across some call that is not cold: stored where they
    /// are defined (the others just before each call).
    hot: EntitySet<Value>,
    /// Per block, in order, what happens to the kept values: uses
    /// (operands and branch arguments) at an instruction, calls they are
    /// live across, definitions (block parameters: no instruction).
    events: Vec<Vec<(Option<Inst>, Value, Ev)>>,
    /// Per block: the innermost loop it is in (an index into `spans`), or
    /// `NO_LOOP` (`loops`).
    loop_of: Vec<u32>,
    /// Whether the function has loops.
    has_loops: bool,
    /// Per block: whether it lies between a loop header and the last block
    /// whose branch goes back to it, in reverse post-order (for the
    /// structured loops code generation makes, the loop body).
    in_loop: Vec<bool>,
    /// (value, loop): the value is live through the loop, defined outside
    /// it and not used in it (`loops`).
    passive: HashSet<(Value, u32)>,
    /// Per block: the kept values' states at entry (not `Orig`), and those
    /// merged by a new parameter (`states`).
    entry: Vec<HashMap<Value, Abs>>,
    merges: Vec<HashSet<Value>>,
    /// The kept values stored where they are defined (`eager`).
    eager: EntitySet<Value>,
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
            live_in: vec![Vec::new(); n],
            live_out: vec![Vec::new(); n],
            calls: HashMap::new(),
            across: EntitySet::new(),
            hot: EntitySet::new(),
            events: Vec::new(),
            loop_of: Vec::new(),
            has_loops: false,
            in_loop: Vec::new(),
            passive: HashSet::new(),
            entry: Vec::new(),
            merges: Vec::new(),
            eager: EntitySet::new(),
        }
    }

    /// Liveness of the values that may be live across a call, one value at
    /// a time (the blocks where a value is live are found by walking back
    /// from its uses to its definition; branch arguments are uses at the
    /// branch), and from it the values kept across each call and what
    /// happens to them in each block (`events`). Positions in a block: 0
    /// for its parameters, k + 1 for its k-th instruction.
    ///
    /// The values followed are the GC values and, when the function has a
    /// clobbering cold call, all others but constants (which Cranelift
    /// materialises where they are used). A use in the value's own block
    /// with no call since its definition is not followed (most of a
    /// function's values have only such uses).
    fn liveness(&mut self, func: &Function, gc: &EntitySet<Value>) {
        let n = self.post.len();
        let all = self.post.iter().any(|&b| {
            func.layout.is_cold(b) && func.layout.block_insts(b).any(|i| func.dfg.insts[i].opcode().is_safepoint() && clobbering_cold_call(func, b, i))
        });
        // (value, block, position) of every use followed; each value's
        // definition (block, position, calls before it in its block;
        // block u32::MAX: not followed); each block's calls (position,
        // call, clobbering) and uses and definitions in order.
        let mut uses: Vec<(Value, u32, u32)> = Vec::new();
        let mut def: SecondaryMap<Value, (u32, u32, u32)> = SecondaryMap::with_default((u32::MAX, 0, 0));
        let mut sps: Vec<SmallVec<[(u32, Inst, bool); 4]>> = vec![SmallVec::new(); n];
        let mut scan: Vec<Vec<Scanned>> = vec![Vec::new(); n];
        for bi in (0..n).rev() {
            let b = self.post[bi];
            let bi32 = bi as u32;
            for &p in func.dfg.block_params(b) {
                if all || gc.contains(p) {
                    def[p] = (bi32, 0, 0);
                    scan[bi].push((0, None, p, Ev::Def));
                }
            }
            let mut ncalls = 0;
            for (k, i) in func.layout.block_insts(b).enumerate() {
                let pos = k as u32 + 1;
                for v in func.dfg.inst_values(i) {
                    let (db, _, dc) = def[v];
                    if db != u32::MAX && (db != bi32 || dc != ncalls) {
                        uses.push((v, bi32, pos));
                        scan[bi].push((pos, Some(i), v, Ev::Use));
                    }
                }
                let data = &func.dfg.insts[i];
                if data.opcode().is_safepoint() {
                    sps[bi].push((pos, i, clobbering_cold_call(func, b, i)));
                    ncalls += 1;
                }
                if matches!(data.opcode(), Opcode::Iconst | Opcode::F32const | Opcode::F64const) {
                    continue;
                }
                for &r in func.dfg.inst_results(i) {
                    if all || gc.contains(r) {
                        def[r] = (bi32, pos, ncalls);
                        scan[bi].push((pos, Some(i), r, Ev::Def));
                    }
                }
            }
        }
        uses.sort_unstable();
        let mut in_mark = vec![u32::MAX; n];
        let mut out_mark = vec![u32::MAX; n];
        let mut last: Vec<(u32, u32)> = vec![(u32::MAX, 0); n];
        let mut live_blocks: Vec<u32> = Vec::new();
        let mut work: Vec<u32> = Vec::new();
        let mut calls: HashMap<Inst, SmallVec<[Value; 8]>> = HashMap::new();
        let mut stamp = 0u32;
        let mut at = 0;
        while at < uses.len() {
            let v = uses[at].0;
            let mut end = at;
            while end < uses.len() && uses[end].0 == v {
                end += 1;
            }
            let (d, dp, _) = def[v];
            stamp += 1;
            live_blocks.clear();
            live_blocks.push(d);
            in_mark[d as usize] = stamp;
            for &(_, b, pos) in &uses[at..end] {
                let l = &mut last[b as usize];
                if l.0 != stamp {
                    *l = (stamp, pos);
                } else {
                    l.1 = l.1.max(pos);
                }
                if in_mark[b as usize] != stamp {
                    in_mark[b as usize] = stamp;
                    live_blocks.push(b);
                    work.push(b);
                }
            }
            at = end;
            while let Some(b) = work.pop() {
                for &p in &self.preds[b as usize] {
                    out_mark[p as usize] = stamp;
                    if in_mark[p as usize] != stamp {
                        in_mark[p as usize] = stamp;
                        live_blocks.push(p);
                        work.push(p);
                    }
                }
            }
            let mut kept = false;
            for &b in &live_blocks {
                let from = if b == d { dp } else { 0 };
                let to = if out_mark[b as usize] == stamp {
                    u32::MAX
                } else if last[b as usize].0 == stamp {
                    last[b as usize].1
                } else {
                    0
                };
                for &(q, inst, clob) in &sps[b as usize] {
                    if from < q && q < to && (clob || gc.contains(v)) {
                        calls.entry(inst).or_default().push(v);
                        kept = true;
                    }
                }
            }
            if kept {
                self.across.insert(v);
                for &b in &live_blocks {
                    if b != d {
                        self.live_in[b as usize].push(v);
                    }
                    if out_mark[b as usize] == stamp {
                        self.live_out[b as usize].push(v);
                    }
                }
            }
        }
        for (&inst, l) in &calls {
            if !func.layout.is_cold(func.layout.inst_block(inst).unwrap()) {
                for &v in l {
                    self.hot.insert(v);
                }
            }
        }
        // Each block's events for the kept values, calls in place.
        let mut events = vec![Vec::new(); n];
        for (bi, sc) in scan.into_iter().enumerate() {
            if sc.is_empty() && sps[bi].is_empty() {
                continue;
            }
            let ev: &mut Vec<(Option<Inst>, Value, Ev)> = &mut events[bi];
            let mut k = 0;
            let sp = &sps[bi];
            for (pos, inst, v, e) in sc {
                // Calls before this position, or at it when this is a
                // definition (uses come before the call, results after).
                while k < sp.len() && (sp[k].0 < pos || (sp[k].0 == pos && e == Ev::Def)) {
                    if let Some(l) = calls.get(&sp[k].1) {
                        ev.extend(l.iter().map(|&w| (Some(sp[k].1), w, Ev::Call)));
                    }
                    k += 1;
                }
                if self.across.contains(v) {
                    ev.push((inst, v, e));
                }
            }
            for &(_, i, _) in &sp[k..] {
                if let Some(l) = calls.get(&i) {
                    ev.extend(l.iter().map(|&w| (Some(i), w, Ev::Call)));
                }
            }
        }
        self.events = events;
        self.calls = calls;
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
            vals.extend(self.live_out[i].iter().copied());
            vals.sort_unstable();
            for v in vals.drain(..) {
                a.take(func, v);
            }
            for &(_, v, e) in self.events[i].iter().rev() {
                match e {
                    Ev::Def => a.give_back(func, v),
                    Ev::Use | Ev::Call => a.take(func, v),
                }
            }
        }
        a.slots
    }

    /// Loops. `in_loop`: the blocks between a loop header and the last
    /// block whose branch goes back to it, in reverse post-order (for the
    /// structured loops code generation makes, the loop body). When there
    /// are any, Cranelift's natural-loop analysis gives each block's
    /// innermost loop, and from it the values passive in each loop (live
    /// through it, defined outside it, with no use in it: an outer loop's
    /// values across an inner one).
    fn loops(&mut self, func: &Function) {
        let n = self.post.len();
        self.loop_of = vec![NO_LOOP; n];
        // Reverse post-order position of post-order index i: n - 1 - i.
        let mut delta = vec![0i32; n + 1];
        for (i, &b) in self.post.iter().enumerate() {
            let rp = n - 1 - i;
            for s in func.block_successors(b) {
                let rs = n - 1 - self.index[s] as usize;
                if rs <= rp {
                    delta[rs] += 1;
                    delta[rp + 1] -= 1;
                }
            }
        }
        let mut depth = 0;
        self.in_loop = vec![false; n];
        for (rp, d) in delta.iter().take(n).enumerate() {
            depth += d;
            self.in_loop[n - 1 - rp] = depth > 0;
        }
        if !self.in_loop.iter().any(|&l| l) {
            return;
        }
        self.has_loops = true;
        let cfg = ControlFlowGraph::with_function(func);
        let domtree = DominatorTree::with_function(func, &cfg);
        let mut la = LoopAnalysis::new();
        la.compute(func, &cfg, &domtree);
        for (i, &b) in self.post.iter().enumerate() {
            if let Some(l) = la.innermost_loop(b) {
                self.loop_of[i] = l.as_u32();
            }
        }
        let parent = |l: u32| la.loop_parent(Loop::from_u32(l)).map_or(NO_LOOP, |p| p.as_u32());
        // The values used in each loop (and so in its enclosing ones).
        let mut used: HashSet<(Value, u32)> = HashSet::new();
        for (i, ev) in self.events.iter().enumerate() {
            let l = self.loop_of[i];
            if l == NO_LOOP {
                continue;
            }
            for &(_, v, e) in ev {
                if e != Ev::Use {
                    continue;
                }
                let mut l = l;
                while l != NO_LOOP && used.insert((v, l)) {
                    l = parent(l);
                }
            }
        }
        for i in 0..n {
            let l = self.loop_of[i];
            if l == NO_LOOP {
                continue;
            }
            for &v in &self.live_in[i] {
                let d = self.post[self.def_index(func, v)];
                if !la.is_in_loop(d, Loop::from_u32(l)) && !used.contains(&(v, l)) {
                    self.passive.insert((v, l));
                }
            }
        }
    }

    /// The post-order index of the block defining `v`.
    fn def_index(&self, func: &Function, v: Value) -> usize {
        let b = match func.dfg.value_def(v) {
            ir::ValueDef::Result(i, _) => func.layout.inst_block(i).unwrap(),
            ir::ValueDef::Param(b, _) => b,
            _ => unreachable!("a kept value is an instruction result or a block parameter"),
        };
        self.index[b] as usize
    }

    /// The kept values stored where they are defined: those live across a
    /// call on the hot path (only GC values are kept there), any value
    /// defined outside loops (once per run of the function), and any value
    /// passive in some loop (once per run of the loop it is defined in; in
    /// the passive loop it then stays in its slot, `states`). The others,
    /// defined in a loop and live only across slow-path calls, are stored
    /// just before those calls.
    fn eager_values(&mut self, func: &Function) {
        for &(v, _) in &self.passive {
            self.eager.insert(v);
        }
        for l in self.calls.values() {
            for &v in l {
                if self.hot.contains(v) || !self.in_loop[self.def_index(func, v)] {
                    self.eager.insert(v);
                }
            }
        }
    }

    /// Forward: where each kept value is at each block's entry: its
    /// original definition, only in its slot (`Stale`: a call has run since
    /// the last version in a register), or a version made in some block (a
    /// reload, or a merge parameter). Where different versions meet, a
    /// merge parameter is made (`merges`), except outside loops, where a
    /// value stored at its definition whose slot is current on some path
    /// stays only in its slot (reloaded at its next use): straight-line
    /// code with many calls (a module body) would otherwise carry every
    /// long-lived value through a parameter at every slow path's merge.
    /// So does a value passive in the loop (an outer loop's value across an
    /// inner loop): carried through the inner loop's merges, it would look
    /// as hot as the inner loop's own values to the register allocator.
    fn states(&mut self) {
        let n = self.post.len();
        let events = &self.events;
        let mut entry: Vec<HashMap<Value, Abs>> = vec![HashMap::new(); n];
        let mut exit: Vec<HashMap<Value, Abs>> = vec![HashMap::new(); n];
        let mut done = vec![false; n];
        let mut merges: Vec<HashSet<Value>> = vec![HashSet::new(); n];
        let mut rounds = 0;
        let mut changed = true;
        while changed {
            changed = false;
            rounds += 1;
            for i in (0..n).rev() {
                let mut en: HashMap<Value, Abs> = HashMap::new();
                for &v in &self.live_in[i] {
                    if merges[i].contains(&v) {
                        en.insert(v, Abs::Own(i as u32));
                        continue;
                    }
                    let mut st: Option<Abs> = None;
                    let mut same = true;
                    let mut stale = false;
                    for &p in &self.preds[i] {
                        if !done[p as usize] {
                            continue;
                        }
                        let s = exit[p as usize].get(&v).copied().unwrap_or(Abs::Orig);
                        stale |= s == Abs::Stale;
                        match st {
                            None => st = Some(s),
                            Some(t) if t != s => same = false,
                            _ => {}
                        }
                    }
                    let s = match st {
                        Some(s) if same => s,
                        Some(_) if stale && self.eager.contains(v) && (!self.in_loop[i] || self.passive.contains(&(v, self.loop_of[i]))) => Abs::Stale,
                        Some(_) => {
                            merges[i].insert(v);
                            Abs::Own(i as u32)
                        }
                        None => Abs::Orig,
                    };
                    if s != Abs::Orig {
                        en.insert(v, s);
                    }
                }
                let mut ex = en.clone();
                for &(_, v, e) in &events[i] {
                    match e {
                        Ev::Use => {
                            if ex.get(&v) == Some(&Abs::Stale) {
                                ex.insert(v, Abs::Own(i as u32));
                            }
                        }
                        Ev::Call => {
                            ex.insert(v, Abs::Stale);
                        }
                        Ev::Def => {
                            ex.remove(&v);
                        }
                    }
                }
                if !done[i] || ex != exit[i] {
                    changed = true;
                }
                // After a few rounds, a value still changing merges for good
                // (a merge parameter is always correct).
                if rounds > 8 && entry[i] != en {
                    for (&v, s) in &en {
                        if entry[i].get(&v) != Some(s) {
                            merges[i].insert(v);
                        }
                    }
                }
                done[i] = true;
                entry[i] = en;
                exit[i] = ex;
            }
            // Without loops every predecessor came first: one pass.
            if !self.has_loops {
                break;
            }
        }
        self.entry = entry;
        self.merges = merges;
    }

    fn rewrite(&mut self, func: &mut Function, slots: &HashMap<Value, StackSlot>, gc: &EntitySet<Value>) {
        let n = self.post.len();
        let eager = |v: Value| self.eager.contains(v);
        // Merge parameters, made before any branch to them is rewritten.
        let mut params: Vec<Vec<(Value, Value)>> = vec![Vec::new(); n];
        for (i, ps) in params.iter_mut().enumerate() {
            let mut vs: Vec<Value> = self.merges[i].iter().copied().collect();
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
        let mut exit: Vec<HashMap<Value, Cur>> = vec![HashMap::new(); n];
        for i in (0..n).rev() {
            let b = self.post[i];
            let mut cur: HashMap<Value, Cur> = HashMap::new();
            for &(v, p) in &params[i] {
                cur.insert(v, Cur::Reg(p, false));
            }
            // Any predecessor already rewritten has the agreed state (there
            // is one: the one this block was reached from first).
            if let Some(&p) = self.preds[i].iter().find(|&&p| (p as usize) > i) {
                for (&v, &s) in &self.entry[i] {
                    if !matches!(s, Abs::Own(o) if o as usize == i) {
                        let c = match s {
                            Abs::Stale => Cur::Stale,
                            _ => exit[p as usize][&v],
                        };
                        cur.insert(v, c);
                    }
                }
            }
            let evs = &self.events[i];
            let mut k = 0;
            while k < evs.len() {
                let Some(inst) = evs[k].0 else {
                    // A block parameter's definition.
                    let p = evs[k].1;
                    if eager(p) {
                        let mut pos = FuncCursor::new(func).at_first_insertion_point(b);
                        spill(&mut pos, p, slots[&p]);
                    }
                    cur.remove(&p);
                    k += 1;
                    continue;
                };
                let mut j = k;
                while j < evs.len() && evs[j].0 == Some(inst) {
                    j += 1;
                }
                // Operands: a value only in its slot is reloaded first.
                let mut map: SmallVec<[(Value, Value); 8]> = SmallVec::new();
                for &(_, v, e) in &evs[k..j] {
                    if e == Ev::Use && cur.contains_key(&v) && !map.iter().any(|&(w, _)| w == v) {
                        let x = self.current(func, &mut cur, slots, inst, v);
                        map.push((v, x));
                    }
                }
                if !map.is_empty() {
                    func.dfg.map_inst_values(inst, |v| map.iter().find(|&&(w, _)| w == v).map_or(v, |&(_, x)| x));
                }
                let mut pos = FuncCursor::new(func).at_inst(inst);
                for &(_, v, e) in &evs[k..j] {
                    if e != Ev::Call {
                        continue;
                    }
                    let s = slots[&v];
                    match cur.get(&v).copied() {
                        _ if eager(v) => {}
                        None => spill(&mut pos, v, s),
                        Some(Cur::Reg(x, false)) => spill(&mut pos, x, s),
                        Some(_) => {}
                    }
                    if gc.contains(v) {
                        let ty = pos.func.dfg.value_type(v);
                        pos.func.dfg.append_user_stack_map_entry(inst, ir::UserStackMapEntry { ty, slot: s, offset: 0 });
                    }
                    cur.insert(v, Cur::Stale);
                }
                let mut pos = FuncCursor::new(pos.func).after_inst(inst);
                for &(_, v, e) in &evs[k..j] {
                    if e == Ev::Def {
                        if eager(v) {
                            spill(&mut pos, v, slots[&v]);
                        }
                        cur.remove(&v);
                    }
                }
                k = j;
            }
            // Arguments for the merge parameters of the targets.
            let inst = func.layout.last_inst(b).unwrap();
            let ndest = func.dfg.insts[inst].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables).len();
            for d in 0..ndest {
                let dfg = &func.dfg;
                let t = self.index[dfg.insts[inst].branch_destination(&dfg.jump_tables, &dfg.exception_tables)[d].block(&dfg.value_lists)] as usize;
                for &(v, _) in &params[t] {
                    let x = if cur.contains_key(&v) { self.current(func, &mut cur, slots, inst, v) } else { v };
                    let dfg = &mut func.dfg;
                    let dests = dfg.insts[inst].branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
                    dests[d].append_argument(x, &mut dfg.value_lists);
                }
            }
            exit[i] = cur;
        }
    }

    /// The version of `v` to use at `inst`: reloaded just before it when
    /// only its slot holds it.
    fn current(&self, func: &mut Function, cur: &mut HashMap<Value, Cur>, slots: &HashMap<Value, StackSlot>, inst: Inst, v: Value) -> Value {
        match cur[&v] {
            Cur::Reg(x, _) => x,
            Cur::Stale => {
                let ty = func.dfg.value_type(v);
                let mut pos = FuncCursor::new(func).at_inst(inst);
                let r = reload(&mut pos, ty, slots[&v]);
                cur.insert(v, Cur::Reg(r, true));
                r
            }
        }
    }
}

/// `Analysis::loop_of` of a block in no loop.
const NO_LOOP: u32 = u32::MAX;

/// A use or definition seen by `Analysis::liveness`: position, instruction
/// (none for a block parameter), value, which.
type Scanned = (u32, Option<Inst>, Value, Ev);

/// What happens to a kept value in a block (`Analysis::events`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ev {
    Use,
    Call,
    Def,
}

/// Where a kept value is (`Analysis::states`); absent means its original
/// definition.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Abs {
    Orig,
    Stale,
    /// The last version made in block (post-order index) n.
    Own(u32),
}

/// Where a kept value is while rewriting: a register version (and whether
/// its slot holds it too), or only its slot. Absent: its original
/// definition.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cur {
    Reg(Value, bool),
    Stale,
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
