//! Generator functions as resumable state machines (DESIGN.md, "Async
//! functions, generators, box cells").
//!
//! A generator function compiles to one machine function with two ways in.
//! Called as a function, it binds its parameters (FunctionDeclarationInstantiation)
//! and then suspends at point 0: `perry_gen_new` makes the generator object
//! and takes the activation's box cells (`perry_runtime::binding::boxes`), and the call
//! returns the object. `next`/`throw`/`return` call the same code with the
//! generator object as callee: the entry sees that, switches on the saved
//! state to the point's reload block, which loads the variables live there
//! from their cells and continues after the suspension point, where the
//! resumption mode makes the `yield` produce the sent value, throw it, or
//! return it (through the `finally` blocks, as a `return` statement would).
//!
//! Locals: only the variables live where a point resumes are saved there
//! (`live_in`, a dataflow over the emitted blocks with every use and
//! definition recorded by `FnCompiler::use_var`/`def_var`); each variable
//! live at any point has one cell. Everything else stays in registers and
//! stack slots. A variable not yet defined on a path reads as zero, a
//! number. The save and reload blocks are filled after the whole body is
//! compiled. Cells are roots of minor collections, so saves need no write
//! barrier. A captured variable's cell holds its heap box, which closures
//! share (the box outlives the activation; the cell does not). The effect
//! epoch is bumped at each suspension point: other code runs meanwhile.
//!
//! # State, liveness, async
//!
//! `GEN_STATE` is a raw integer biased by `GEN_STATE_BIAS`; a plain return leaves the running
//! marker, so `runtime::generator::run` (the one place that runs an activation) knows it is
//! done and queues its cells. `hold` uses a variable in a generator (only variables cross a
//! suspension point). In a generator every `use_var`/`def_var` is recorded with its block
//! (`FnCompiler::var_events`; the clippy ban in `clippy.toml` keeps every use going through
//! them); a jump to a point's save block counts as an edge to its resume block. `range(n)`
//! (`for (let i...) yield i`) keeps 2 cells; saving every variable took 16.
//!
//! Async functions are the same state machines: `await v` is a suspension point, and point 0
//! calls `perry_async_start` (stdlib `generator.rs`), which makes the function's promise
//! (`GEN_PROMISE`) and runs the body to its first `await` (`perry_gen_new` skips the
//! `prototype` lookup for them: `GEN_NEW_HIDDEN`). Generator and async methods are the same (a
//! generator method's function has `FNF_GENERATOR`, hence a `prototype`). `yield*` is a loop
//! around `suspend_raw`, which hands the sent value and the mode back instead of acting on
//! them: each resumption goes to the inner iterator (`perry_yield_star_step`) until its result
//! is done. In an async generator `yield v` compiles to an `await v` then a suspension whose
//! save block stores `AG_SUSPENDED_YIELD`. `for await` (`for_await_loop`) reads `next` once,
//! awaits each result, and closes with `return()` (awaited) on break, return or throw (a
//! `Cleanup::AsyncIterClose` that drops the loop's own handler). A module with a top-level
//! `await` or `for await` compiles as an async activation: its prologue makes a closure of the
//! module function (the generator's `GEN_FN`) and point 0 calls `perry_async_start`.
//!
//! An async function (or arrow or method) with no `await` in its parameters or body cannot
//! suspend: it compiles as a plain function (`FnCompiler::async_plain`) whose returns call
//! `perry_async_resolved` and whose exception exit calls `perry_async_rejected`, each returning
//! the function's promise; no activation object or box cells are made. One known difference
//! from Node: such a function makes its promise when it returns, so a thenable it returns after
//! an `enterWith` is adopted in the context the `enterWith` made, where Node uses the one at
//! the call.

use super::func::FnCompiler;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, InstBuilder, MemFlagsData, Value as V, types};
use cranelift_frontend::{Switch, Variable};
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_syntax::scope::ScopeFlags;
use perry_abi::*;

/// Finds an `await` (or `for await`) outside nested functions.
struct AwaitFinder(bool);

impl<'a> Visit<'a> for AwaitFinder {
    fn visit_await_expression(&mut self, _: &AwaitExpression<'a>) {
        self.0 = true;
    }
    fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
        self.0 |= it.r#await;
        oxc_ast_visit::walk::walk_for_of_statement(self, it);
    }
    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _: &ArrowFunctionExpression<'a>) {}
}

/// Whether an async function's parameters or body can suspend. One that
/// cannot runs to completion inside its call, so it compiles as a plain
/// function whose returns resolve its promise and whose exceptions reject
/// it (`FnCompiler::async_plain`): no activation object, no box cells.
/// Whether a module awaits at top level (its body is then an async activation).
pub fn program_awaits(p: &Program<'_>) -> bool {
    let mut f = AwaitFinder(false);
    f.visit_program(p);
    f.0
}

/// Whether an async function can suspend (see [`AwaitFinder`]).
pub fn function_awaits(f: &Function<'_>) -> bool {
    let mut v = AwaitFinder(false);
    oxc_ast_visit::walk::walk_function(&mut v, f, ScopeFlags::Function);
    v.0
}

/// [`function_awaits`] for an arrow function.
pub fn arrow_awaits(a: &ArrowFunctionExpression<'_>) -> bool {
    let mut v = AwaitFinder(false);
    oxc_ast_visit::walk::walk_arrow_function_expression(&mut v, a);
    v.0
}

pub struct GenState {
    /// Reloads the variables and dispatches (from the entry, on resumption).
    restore: Block,
    /// Per suspension point: the block that saves and returns, the one
    /// that resumes, and whether it is an async generator's `yield` (which
    /// records `AG_SUSPENDED_YIELD`; its `await`s leave the state executing).
    points: Vec<(Block, Block, bool)>,
    /// The value a `yield` hands out.
    yielded: Variable,
    /// On resumption: the sent value, the mode and the generator object.
    sent: Variable,
    mode: Variable,
    gen_obj: Variable,
    /// An async function: point 0 hands the activation to `perry_async_start`,
    /// which runs it to its first `await` and returns its promise.
    is_async: bool,
    /// An async generator: point 0 returns the generator object, like a
    /// generator's; `yield` awaits its operand first.
    pub is_async_gen: bool,
}

impl FnCompiler<'_, '_, '_> {
    /// At the entry, after the stack check: a generator object as callee
    /// means a resumption.
    pub fn gen_entry(&mut self, is_async: bool, is_async_gen: bool) {
        let restore = self.b.create_block();
        let cont = self.b.create_block();
        let callee = self.use_var(self.callee);
        let is_gen = self.kind_test(callee, KIND_GENERATOR);
        let f = self.use_var(is_gen);
        self.b.ins().brif(f, restore, &[], cont, &[]);
        self.b.switch_to_block(cont);
        let yielded = self.new_var();
        let sent = self.new_var();
        let mode = self.declare(types::I64);
        let gen_obj = self.new_var();
        self.generator = Some(super::generator::GenState { restore, points: Vec::new(), yielded, sent, mode, gen_obj, is_async, is_async_gen });
    }

    /// A suspension point handing out `v`; returns the resumption's sent
    /// value and mode, for the caller to act on (`yield*` forwards them).
    fn suspend_raw(&mut self, v: V, is_yield: bool) -> (V, V) {
        self.ensure_open();
        let gs = self.generator.as_mut().expect("suspend in a generator");
        let save = self.b.create_block();
        let resume = self.b.create_block();
        gs.points.push((save, resume, is_yield && gs.is_async_gen));
        let (yielded, sent, mode) = (gs.yielded, gs.sent, gs.mode);
        self.def_var(yielded, v);
        self.b.ins().jump(save, &[]);
        self.b.switch_to_block(resume);
        self.effects += 1;
        (self.use_var(sent), self.use_var(mode))
    }

    /// A suspension point handing out `v` (point 0, the initial one, hands
    /// out the new generator object). Returns the value the resumption
    /// produces (the sent value in `next` mode).
    pub fn suspend(&mut self, v: V) -> V {
        self.suspend_as(v, false)
    }

    /// `yield v`: in an async generator, `v` is awaited first (27.6.3.8
    /// AsyncGeneratorYield(? Await(v))); a `return` resumption arrives with
    /// its value already awaited by the driver.
    pub fn yield_value(&mut self, v: V) -> V {
        if self.generator.as_ref().is_some_and(|g| g.is_async_gen) {
            let a = self.suspend(v);
            return self.suspend_as(a, true);
        }
        self.suspend(v)
    }

    /// Whether this is an async generator's body.
    pub fn in_async_gen(&self) -> bool {
        self.generator.as_ref().is_some_and(|g| g.is_async_gen)
    }

    /// `await v` whose outcome is ignored (a fulfilment or a rejection).
    pub fn suspend_await_any(&mut self, v: V) {
        self.suspend_raw(v, false);
    }

    /// Whether this module's body awaits at its top level (then it compiles
    /// as an async activation). Only the entry module may.
    pub fn module_has_tla(&self) -> bool {
        program_awaits(self.m.program)
    }

    fn suspend_as(&mut self, v: V, is_yield: bool) -> V {
        let (_, m) = self.suspend_raw(v, is_yield);
        let sent = self.generator.as_ref().expect("suspend in a generator").sent;
        let normal = self.b.create_block();
        let other = self.b.create_block();
        let is_next = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_NEXT as i64);
        self.b.ins().brif(is_next, normal, &[], other, &[]);
        self.b.switch_to_block(other);
        let thr = self.b.create_block();
        let ret = self.b.create_block();
        let is_throw = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_THROW as i64);
        self.b.ins().brif(is_throw, thr, &[], ret, &[]);
        self.b.switch_to_block(thr);
        let s = self.use_var(sent);
        self.rt(Rt::perry_throw, &[s]);
        self.throw_pending();
        self.b.switch_to_block(ret);
        self.terminated = false;
        let s = self.use_var(sent);
        self.do_return(s);
        self.b.switch_to_block(normal);
        self.terminated = false;
        self.use_var(sent)
    }

    /// `yield* iterable` (14.4.4): every resumption is forwarded to the inner
    /// iterator (`perry_yield_star_step`: next, throw or return) until its
    /// result is done; its value is the expression's, or with `return` the
    /// generator's own return.
    /// In an async generator the iterator is an async one (sync iterators
    /// are wrapped), each result is awaited, and its values are handed out
    /// without awaiting them again.
    pub fn yield_star(&mut self, iterable: V) -> V {
        let is_async = self.in_async_gen();
        let it = self.rt_check(if is_async { Rt::perry_get_async_iterator } else { Rt::perry_get_iterator }, &[iterable]);
        let itv = self.new_var();
        self.def_var(itv, it);
        let received = self.new_var();
        let u = self.undef();
        self.def_var(received, u);
        let mode = self.declare(types::I64);
        let next = self.iconst(GEN_NEXT);
        self.def_var(mode, next);
        let head = self.b.create_block();
        let exit = self.b.create_block();
        let res = self.new_var();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        self.effects += 1;
        let (it, rv, m) = (self.use_var(itv), self.use_var(received), self.use_var(mode));
        let mut r = self.rt_check(Rt::perry_yield_star_step, &[it, rv, m]);
        if is_async {
            let a = self.suspend(r);
            r = self.rt_check(Rt::perry_iter_result_check, &[a]);
        }
        let rh = self.new_var();
        self.def_var(rh, r);
        let done = self.get_named(r, "done", 0);
        let d = self.truthy(done);
        let fin = self.b.create_block();
        let more = self.b.create_block();
        self.b.ins().brif(d, fin, &[], more, &[]);
        // Done: the value ends the `yield*`, or returns when resumed with `return`.
        self.b.switch_to_block(fin);
        let r = self.use_var(rh);
        let v = self.get_named(r, "value", 0);
        self.def_var(res, v);
        let m = self.use_var(mode);
        let is_ret = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_RETURN as i64);
        let ret = self.b.create_block();
        self.b.ins().brif(is_ret, ret, &[], exit, &[]);
        self.b.switch_to_block(ret);
        let v = self.use_var(res);
        self.do_return(v);
        // Not done: hand out its value, forward the resumption.
        self.b.switch_to_block(more);
        self.terminated = false;
        let r = self.use_var(rh);
        let v = self.get_named(r, "value", 0);
        let (s, m) = self.suspend_raw(v, true);
        self.def_var(received, s);
        self.def_var(mode, m);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(exit);
        self.terminated = false;
        self.use_var(res)
    }

    /// The variables live on entry to each block of `targets`: a backward
    /// dataflow over the blocks emitted so far, with each block's uses and
    /// definitions from `var_events`. The save and restore blocks are not
    /// emitted yet, so they neither use nor define anything here; a jump to
    /// a save block counts as an edge to its resume block.
    fn live_in(&self, vars: &[(Variable, types::Type)], points: &[(Block, Block, bool)]) -> Vec<Vec<usize>> {
        use cranelift_codegen::entity::EntityRef;
        let func = &self.b.func;
        let words = vars.len().div_ceil(64).max(1);
        let mut bit = vec![usize::MAX; vars.iter().map(|(v, _)| v.index() + 1).max().unwrap_or(0)];
        for (i, (v, _)) in vars.iter().enumerate() {
            bit[v.index()] = i;
        }
        let order: Vec<Block> = func.layout.blocks().collect();
        let mut pos = vec![usize::MAX; func.dfg.num_blocks()];
        for (i, b) in order.iter().enumerate() {
            pos[b.index()] = i;
        }
        // A jump to a suspension point's save block continues, as far as
        // liveness goes, where it resumes: what is live there is saved.
        for &(save, resume, _) in points {
            pos[save.index()] = pos[resume.index()];
        }
        let n = order.len();
        let (mut gen_, mut kill) = (vec![0u64; n * words], vec![0u64; n * words]);
        for &(b, v, is_def) in &self.var_events {
            let (Some(&bi), Some(&vi)) = (pos.get(b.index()), bit.get(v.index())) else { continue };
            if bi == usize::MAX || vi == usize::MAX {
                continue;
            }
            let (w, m) = (bi * words + vi / 64, 1u64 << (vi % 64));
            if is_def {
                kill[w] |= m;
            } else if kill[w] & m == 0 {
                gen_[w] |= m;
            }
        }
        let succs: Vec<Vec<usize>> = order
            .iter()
            .map(|&b| {
                let Some(last) = func.layout.last_inst(b) else { return Vec::new() };
                func.dfg.insts[last]
                    .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables)
                    .iter()
                    .map(|c| pos[c.block(&func.dfg.value_lists).index()])
                    .filter(|&p| p != usize::MAX)
                    .collect()
            })
            .collect();
        let mut live = vec![0u64; n * words];
        let mut out = vec![0u64; words];
        let mut changed = true;
        while changed {
            changed = false;
            for bi in (0..n).rev() {
                out.fill(0);
                for &si in &succs[bi] {
                    for w in 0..words {
                        out[w] |= live[si * words + w];
                    }
                }
                for w in 0..words {
                    let x = gen_[bi * words + w] | (out[w] & !kill[bi * words + w]);
                    if x != live[bi * words + w] {
                        live[bi * words + w] = x;
                        changed = true;
                    }
                }
            }
        }
        points
            .iter()
            .map(|&(_, b, _)| {
                let bi = pos[b.index()];
                (0..vars.len()).filter(|&i| bi != usize::MAX && live[bi * words + i / 64] & (1 << (i % 64)) != 0).collect()
            })
            .collect()
    }

    /// Fills the restore and save blocks, once the body is emitted: each
    /// suspension point saves the variables live where it resumes (and only
    /// those) into the activation's box cells, one cell per variable live at
    /// any point.
    // The save and reload blocks are not part of the body's liveness.
    #[allow(clippy::disallowed_methods)]
    pub fn gen_finish(&mut self) {
        let Some(gs) = self.generator.take() else { return };
        let vars: Vec<(Variable, types::Type)> = self.var_types.iter().copied().filter(|(v, _)| ![gs.sent, gs.mode, gs.gen_obj].contains(v)).collect();
        let resumes: Vec<Block> = gs.points.iter().map(|&(_, r, _)| r).collect();
        let live = self.live_in(&vars, &gs.points);
        self.var_events = Vec::new();
        let mut cell = vec![usize::MAX; vars.len()];
        let mut n = 0usize;
        for &i in live.iter().flatten() {
            if cell[i] == usize::MAX {
                cell[i] = n;
                n += 1;
            }
        }
        let off = |i: usize| 8 + 8 * cell[i] as i32;
        // Resumption: callee = generator, a0 = sent value, a1 = mode.
        self.b.switch_to_block(gs.restore);
        let g = self.b.use_var(self.callee);
        let s = self.b.use_var(self.regs[0]);
        let m = self.b.use_var(self.regs[1]);
        self.def_var_quiet(gs.gen_obj, g);
        self.def_var_quiet(gs.sent, s);
        self.def_var_quiet(gs.mode, m);
        let state = self.load_field(g, GEN_STATE);
        let k = self.b.ins().iadd_imm_s(state, -GEN_STATE_BIAS);
        let running = self.iconst((GEN_RUNNING + GEN_STATE_BIAS) as u64);
        let gp = self.ptr_of(g);
        self.b.ins().store(MemFlagsData::trusted(), running, gp, GEN_STATE);
        let bad = self.b.create_block();
        let mut sw = Switch::new();
        let reloads: Vec<Block> = resumes.iter().map(|_| self.b.create_block()).collect();
        for (i, &r) in reloads.iter().enumerate() {
            sw.set_entry(i as u128, r);
        }
        sw.emit(&mut self.b, k, bad);
        self.b.switch_to_block(bad);
        let u = self.undef();
        self.b.ins().return_(&[u]);
        // Per point: reload the variables live there, continue after it.
        for (k, &r) in reloads.iter().enumerate() {
            self.b.switch_to_block(r);
            let g = self.b.use_var(gs.gen_obj);
            let fp = self.load_field(g, GEN_FRAME);
            for &i in &live[k] {
                let (var, ty) = vars[i];
                let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), fp, off(i));
                let v = if ty == types::I64 {
                    w
                } else if ty == types::F64 {
                    self.b.ins().bitcast(types::F64, MemFlagsData::new(), w)
                } else {
                    self.b.ins().ireduce(ty, w)
                };
                self.def_var_quiet(var, v);
            }
            self.b.ins().jump(resumes[k], &[]);
        }
        // Suspension: save the live variables, record the point, return.
        for (k, &(save, _, is_yield)) in gs.points.iter().enumerate() {
            self.b.switch_to_block(save);
            let g = if k == 0 {
                let f = self.b.use_var(self.callee);
                let nv = self.iconst(n as u64 | if gs.is_async && !gs.is_async_gen { GEN_NEW_HIDDEN } else { 0 });
                let g = self.rt(Rt::perry_gen_new, &[f, nv]);
                self.def_var_quiet(gs.gen_obj, g);
                g
            } else {
                self.b.use_var(gs.gen_obj)
            };
            // Box cells are roots of every minor collection: no barrier.
            let fp = self.load_field(g, GEN_FRAME);
            for &i in &live[k] {
                let (var, ty) = vars[i];
                let v = self.b.use_var(var);
                let w = if ty == types::I64 {
                    v
                } else if ty == types::F64 {
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), v)
                } else {
                    self.b.ins().uextend(types::I64, v)
                };
                self.b.ins().store(MemFlagsData::trusted(), w, fp, off(i));
            }
            let st = self.iconst(k as u64 + GEN_STATE_BIAS as u64);
            let gp = self.ptr_of(g);
            self.b.ins().store(MemFlagsData::trusted(), st, gp, GEN_STATE);
            if is_yield {
                let y = self.num(AG_SUSPENDED_YIELD as f64);
                self.b.ins().store(MemFlagsData::trusted(), y, gp, GEN_AGSTATE);
            }
            let out = if k == 0 && gs.is_async && !gs.is_async_gen {
                let g = self.b.use_var(gs.gen_obj);
                self.rt(Rt::perry_async_start, &[g])
            } else if k == 0 {
                g
            } else {
                self.b.use_var(gs.yielded)
            };
            self.b.ins().return_(&[out]);
        }
    }
}
