//! Per-function code generation state and the value-level helpers every
//! statement and expression uses (tags, boxing, calls, exception checks).
//!
//! Rooting invariant: every `i64` SSA value or variable that holds a
//! JavaScript value is declared to need a stack map, so the safepoint pass
//! spills it around calls and reloads it after (the collector may move what
//! it points to). Untagged pointers derived from a value are used only
//! between two calls, never across one.
//!
//! # Exceptions, stack depth, cold blocks
//!
//! Compiled code tests every call's result for `EXCEPTION` and branches to the innermost
//! handler (a `catch` landing block, a `finally` landing block that runs the finaliser and
//! rethrows, or the function's exit that returns `EXCEPTION`). Stack depth is checked in every
//! prologue (its stack pointer) against `PERRY_STACK_LIMIT`, so deep recursion is a `RangeError`. Slow paths are
//! cold blocks (`FnCompiler::cold_here`: inline-cache misses, generic arithmetic and
//! comparisons, element access and stores that leave the inline path): Cranelift lays them out
//! after the hot code, and the safepoint pass treats their calls as rare. Within a function,
//! the temporaries made while compiling one top-level statement are reused by the next
//! (`release_temps`): Cranelift's SSA construction keeps a table per variable as long as the
//! blocks so far, so a long module body would otherwise need memory quadratic in its length.
//!
//! # Write barriers and fresh cells
//!
//! Stores use `store_field` (inline filter, `perry_card_dirty` on a clean card); only a store
//! into a cell allocated since the last call that could allocate (`store_fresh` at the raw
//! address `alloc_object_inline` returns: object literal slots) may skip it, because such a
//! cell is young. Stores into boxes (captured variables) and closure captures carry the inline
//! barrier.
//!
//! # Known fields of fresh literals
//!
//! After `const c = { f: e, ... }` (a shaped literal), a read `c.f` compiles to the value the
//! literal stored while the *effect epoch* (`FnCompiler::effects`) is unchanged. Everything
//! compiled that may run other code or write a field bumps it: runtime calls (`rt`), JavaScript
//! calls, inline field and element stores, `await` and `yield`, and the entry of a loop or a
//! `switch` case (code compiled later may run earlier there). A scope compiled again (a
//! `finally` copy) drops its records. `is_number`/`both_numbers` fold for values that are
//! numbers by construction (constants, f64 bits), and `hold` keeps such values across other
//! code without a stack-mapped variable, so they stay constants.
//!
//! # Peepholes and int32
//!
//! `f64_of`/`val_of_f64` fold a bitcast of a bitcast and turn integer constants into float
//! constants; arithmetic and comparisons of known numbers emit no slow path at all; the cell
//! kind is one byte load. Bitwise operators apply ToInt32 with one 64-bit truncation (a
//! magnitude of 2^63 or more takes a cold block that reads the low bits off the mantissa); a
//! value just made from an int32 or uint32 (a bitwise result, an Int32Array element, an
//! integral constant) needs no conversion (`i32_of_num`), and `+`/`-` of such integers is
//! integer arithmetic while the result stays below 2^53 (`int_source`, `int_bits`), so chains
//! like `(a + (a >>> 4)) & m` never touch a double.
//!
//! # Loop array caches
//!
//! Set up by [`FnCompiler::enter_loop_caches`]: a `for`, `while` or `do` loop that calls nothing outside
//! its slow paths (no call, `new`, tagged template, `await`, `yield`, nested function or class:
//! `numeric::loop_arrays`; calls of number functions that `num_call` compiles in place,
//! `FnCompiler::inlines`, are operators, not calls), outside generators, caches up to three of
//! the bindings it indexes (`a[i]`, read, written or compound-assigned), most indexed first:
//! plain locals never assigned and declared before the loop, so they hold one value for the
//! whole loop. A cache is two `i64` variables: the elements' data address and the length while
//! the value is an array whose elements are not frozen (else length 0, so every access takes
//! the general path). **Invariant:** between two calls nothing changes an array's length or
//! replaces or moves its elements (compiled code never writes a length or an elements pointer
//! inline, and the collector runs only inside calls), so the caches are filled where the loop
//! starts and again right after every call emitted in it (`rt`, the JS call paths, number
//! entries: `refresh_caches`, in the call's cold block when it is cold). An access is then the
//! index test, one compare with the cached length, the load or the barriered store, and the
//! hole test. Entering a nested loop empties the enclosing loop's caches (length 0; the first
//! general access's call refills them) and leaving it refills them, so a labelled `continue`,
//! `break` or a caught exception that leaves an inner loop never sees a stale cache. A
//! parameter with a Float64Array flag (`param_flags`) gets a Float64Array cache instead
//! (`ArrCache::f64`): the view's element address and length while the value is one whose view
//! lies inside its buffer (not detached, not out of bounds after a resize), else length 0;
//! reads load the double (NaN canonicalised), writes of numbers store it, and detaching or
//! resizing a buffer happens only in calls. (Rule; the conformance programs `loop_array_caches`
//! and `f64_loop_caches` cover it.)

use super::{Compiler, FnBody};
use crate::analyze::{Cap, CtxKind};
use crate::modules::Module;
use cranelift_codegen::entity::EntitySet;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{self, Block, InstBuilder, MemFlagsData as MemFlags, Value as V, types};
use cranelift_frontend::{FunctionBuilder, Variable};
use cranelift_module::Module as _;
use hashbrown::HashMap;
use oxc_ast::ast::*;
use oxc_semantic::Scoping;
use oxc_syntax::scope::ScopeId;
use oxc_syntax::symbol::{SymbolFlags, SymbolId};
use perry_abi::*;

/// Where a binding lives.
/// A value kept while other code is evaluated (see `FnCompiler::hold`).
#[derive(Clone, Copy)]
pub enum Held {
    Raw(V),
    Var(Variable),
}

#[derive(Clone, Copy, Debug)]
pub enum Loc {
    Global(u32),
    /// A script's top-level `var` or function: a global object property.
    GlobalObject(SymbolId),
    /// A local variable holding the value.
    Local(Variable),
    /// A local variable holding the box.
    Boxed(Variable),
    /// Capture `i` of the current closure (a box).
    Captured(usize),
    /// A number local in an `f64` variable (see `numeric.rs`).
    Num(Variable),
    /// An integer number local (a loop counter) in an `i64` variable, and
    /// whether it is never negative (`numeric::int_locals`).
    Int(Variable, bool),
    /// A probable number (`numeric::spec_locals`): an `f64` variable, a
    /// value variable and an `i8` flag. While the flag is set the binding
    /// holds the f64's number (the value variable is stale); otherwise it
    /// holds the value.
    Spec(Variable, Variable, Variable),
}

/// A loop's cache of an array binding (`FnCompiler::enter_loop_caches`):
/// the binding's variable, and variables holding its elements' data
/// address and its length (0 when it is not an array with writable
/// elements).
#[derive(Clone, Copy)]
pub struct ArrCache {
    pub sym: SymbolId,
    pub var: Variable,
    pub data: Variable,
    pub len: Variable,
    /// For a binding whose Float64Array test is computed once
    /// (`f64_array_flags`), that flag: the cache then holds the view's
    /// element address and length while the binding is one (else 0).
    pub f64: Option<Variable>,
}

/// Something to run when control leaves a region early (break/continue/return).
#[derive(Clone, Copy)]
pub enum Cleanup {
    Finally(&'static BlockStatement<'static>, usize),
    IterClose(Variable),
    /// A `for await` iterator and the handler depth outside its loop.
    AsyncIterClose(Variable, usize),
}

pub struct JumpTarget {
    pub labels: Vec<String>,
    pub brk: Block,
    pub cont: Option<Block>,
    pub cleanup_depth: usize,
    /// Cleanups to run for `continue` (for-of keeps its iterator open).
    pub cont_depth: usize,
    /// Plain labelled statement (only `break label` may target it).
    pub label_only: bool,
}

pub struct FnCompiler<'c, 'g, 'b> {
    pub c: &'c mut Compiler<'g>,
    pub b: FunctionBuilder<'b>,
    pub module: usize,
    pub m: &'g Module,
    pub ctx_id: usize,
    pub body: FnBody,
    pub display_name: String,
    pub callee: Variable,
    pub this_v: Variable,
    pub nt: Variable,
    pub argc: Variable,
    pub regs: [Variable; 4],
    pub rest: Variable,
    pub locals: HashMap<SymbolId, Variable>,
    pub pseudo_box: HashMap<Cap, Variable>,
    pub arguments_var: Option<Variable>,
    pub handlers: Vec<Block>,
    pub throw_block: Block,
    pub jumps: Vec<JumpTarget>,
    pub cleanups: Vec<Cleanup>,
    pub terminated: bool,
    pub pending_labels: Vec<String>,
    pub enum_obj: Vec<(Variable, ScopeId)>,
    /// Optional-chain short-circuit targets: (exit block, result variable).
    pub chain: Vec<(Block, Variable)>,
    /// Class whose fields a derived constructor initialises after `super()`.
    pub ctor_class: Option<&'static Class<'static>>,
    pub is_ctor: bool,
    pub is_derived: bool,
    /// Lexical bindings whose declaration has been compiled (reads after it skip the TDZ check).
    pub initialized: hashbrown::HashSet<SymbolId>,
    /// Parameters read by default values before they are bound.
    pub param_tdz: hashbrown::HashSet<SymbolId>,
    /// Number locals (kept unboxed in f64 variables).
    pub num_locals: hashbrown::HashSet<SymbolId>,
    /// Number locals and module number constants: what `is_num_expr` trusts.
    pub num_known: crate::numeric::Known,
    /// Integer values whose range is known: i64 values made by integer
    /// arithmetic (see `int_source`), i32 results of `&` with a non-negative
    /// constant or of `>>>`: (bits the magnitude may need, never negative).
    pub int_bits: HashMap<V, (u32, bool)>,
    /// Compiling a body in place: an inlined number function's or method's (no nested
    /// inlining).
    pub inlining: bool,
    /// While a method's body is compiled into a call site (`inline_method_call`): the
    /// variable holding its `this`, and the block and variable its `return`s go to.
    pub inline_this: Option<Variable>,
    /// The AST key of the method whose body is being compiled in place (with `inline_this`).
    pub inline_key: Option<usize>,
    pub inline_ret: Option<(Block, Variable)>,
    /// The inlined frame positions are recorded in (`Compiler::position_in`):
    /// 0 outside an inlined body.
    pub inline_frame: u32,
    /// The last position set (`set_pos`), restored after an inlined body.
    pub cur_pos: u32,
    /// Compiling from the IR (`from_ir.rs`): no AST bodies run in place.
    pub from_ir: bool,
    /// Module-scope `const` number literals (see `numeric::module_const_numbers`).
    pub const_nums: std::rc::Rc<crate::numeric::ModuleConsts>,
    pub num_vars: HashMap<SymbolId, Variable>,
    /// Integer number locals (`numeric::int_locals`): never negative?
    pub int_locals: HashMap<SymbolId, bool>,
    /// The integer locals that only ever hold an int32 or a uint32
    /// (`numeric::int_locals`).
    pub narrow_ints: hashbrown::HashSet<SymbolId>,
    pub int_vars: HashMap<SymbolId, Variable>,
    /// Probable numbers (`numeric::spec_locals`) and their variables.
    pub spec_locals: hashbrown::HashSet<SymbolId>,
    pub spec_vars: HashMap<SymbolId, (Variable, Variable, Variable)>,
    /// `const` bindings initialised with an object literal whose field values
    /// are still known: a read `c.f` of such a field compiles to the value the
    /// literal stored (see [`FnCompiler::known_field`]).
    pub fresh: HashMap<SymbolId, FreshObject>,
    /// Effect epoch, bumped by everything compiled that may run other code or
    /// write an object field: runtime calls, JavaScript calls, inline field
    /// and element stores, and the entry of a loop or `switch` case (code
    /// compiled later may then run earlier). A [`FreshObject`] recorded at
    /// the current epoch has had nothing of that kind compiled since its
    /// literal. Suspension points (`await`, `yield`) must bump it too.
    pub effects: u64,
    /// Loop statements compiled in this function.
    pub loops: u32,
    /// Bindings used as `b[i]` in this function (`numeric::indexed_bindings`).
    pub indexed: hashbrown::HashSet<SymbolId>,
    /// `const` bindings among them, with an `i8` variable set at the
    /// declaration: whether the value is an array (a const's value, and a
    /// cell's kind, never change). Zero on any path that did not run the
    /// declaration, which only sends a read to the general path.
    pub array_flags: HashMap<SymbolId, Variable>,
    /// Bindings that never change and are indexed, whose Float64Array test
    /// is computed once (parameters never assigned): `b[i]` on them skips
    /// the kind and element-type tests.
    pub f64_array_flags: HashMap<SymbolId, Variable>,
    /// Object literals of this function that are never allocated (`crate::scalar`).
    pub scalars: hashbrown::HashSet<SymbolId>,
    /// The integer counter a `for` loop's update steps while its test
    /// bounds it strictly inside +-2^53 (`stmt::bounded_counter`): the step
    /// needs no clamp.
    pub bounded_step: Option<SymbolId>,
    /// Array caches, one frame per loop being compiled (innermost last;
    /// `enter_loop_caches`).
    pub arr_caches: Vec<Vec<ArrCache>>,
    /// Remembered shape tests: for each binding of `classes::
    /// shape_memo_bindings` (never in a generator), an `i8` variable that is
    /// 1 where the binding's value is known to have its predicted class's
    /// instance shape. A predicted field access that finds it 1 skips the
    /// shape test; the test that passes sets it. It is 0 where the
    /// function starts, where the binding is (re)declared and after every
    /// call: between calls nothing removes, retypes or moves an object's
    /// fields (compiled code only adds properties inline, after the
    /// existing ones, and the collector runs only inside calls).
    pub shape_memo: HashMap<SymbolId, Variable>,
    /// In a method of a class with a known instance layout (`class_fields`): `this`'s address
    /// when it is an object, else the address of sixteen zero bytes (`Compiler::no_object`,
    /// whose shape word no class has). A field access on `this` then tests only the shape.
    /// The address is recomputed after every call (`after_call`): a collection, which runs
    /// only inside calls, may move the object.
    pub this_ptr: Option<Variable>,
    /// Outside generators and functions using `arguments`: an `i64` variable whose bit
    /// `recv_bits[(region, binding)]` says that the number region's entry found the binding's
    /// object to have its class's shape and numbers in the fields the region reads, since the
    /// last call, ordinary named store, store to a predicted field other than a number region's,
    /// and write of the binding (`forget_memos`, `forget_receiver`): later entries skip those
    /// tests.
    pub recv_memo: Option<Variable>,
    /// The bits: (statement list, index of the region's first statement, inline frame) and the
    /// binding.
    pub recv_bits: HashMap<((usize, usize, u32), SymbolId), u32>,
    /// The masks that clear a binding's bits at its writes (`forget_receiver`): constants
    /// completed when the function is (`finish`), since a region compiled after a write may
    /// give the binding bits.
    recv_clears: Vec<(cranelift_codegen::ir::Inst, SymbolId)>,
    /// While a method called as `this.m(...)` is compiled in place: `this_ptr`, the address of
    /// its `this` too.
    pub inline_this_ptr: Option<Variable>,
    /// While the general path of a site whose fast path runs a member in place is compiled: no
    /// second copy of a body in place there (`may_inline`).
    pub no_inline: bool,
    /// The call (its node's address) that is the whole expression of the statement being
    /// compiled: its value is unused (`o.push(x);` need not count the new length).
    pub unused_call: usize,
    /// The first prototype entry of the last named read's inline cache that has them (its
    /// first way's receiver-shape entry), for a test that reads it (`array_method_read`).
    pub last_proto_site: Option<u32>,
    /// Receivers whose predicted class's shape, and the numbers in whose fields, the number
    /// region being compiled tested at its entry (`regions.rs`), each with the variable holding
    /// its address (the fast copy makes no call, so no collection moves it): their field
    /// accesses are plain loads and stores of doubles.
    pub proven: Vec<(SymbolId, Variable)>,
    /// The `Math` functions (`MATH_INLINE` indices) that number region's entry found to be
    /// the built-ins: its fast copy computes their calls inline with no test.
    pub math_proven: Vec<usize>,
    /// Every variable declared, with its type.
    pub var_types: Vec<(Variable, types::Type)>,
    /// An async function with no `await`: a plain function whose returns
    /// resolve, and whose exceptions reject, the promise it returns.
    pub async_plain: bool,
    /// Generator functions: the suspension points (see `generator.rs`).
    pub generator: Option<super::generator::GenState>,
    /// Generator functions: every use (`false`) and definition (`true`) of a
    /// variable, by block, in emission order (the liveness of `generator.rs`).
    pub var_events: Vec<(Block, Variable, bool)>,
    /// Statements being compiled (nesting), and the variables made since
    /// the outermost began, and those free for reuse (`release_temps`).
    pub stmt_depth: u32,
    pub temps: Vec<(Variable, types::Type, bool)>,
    pub free_temps: HashMap<(types::Type, bool), Vec<Variable>>,
    /// Variables holding JS values, and the values known to be JS values
    /// (`track`, and those defined to such variables): the roots
    /// `safepoints::run` keeps across calls.
    pub gc_vars: EntitySet<Variable>,
    pub gc_values: EntitySet<V>,
}

/// The epoch of a [`FreshObject`] that never escapes (`crate::scalar`): its
/// fields cannot change, whatever runs.
pub const SCALAR: u64 = u64::MAX;

/// The fields of a fresh object literal bound to a `const`, as held values,
/// at effect epoch `epoch`.
pub struct FreshObject {
    pub epoch: u64,
    pub fields: Vec<(String, Held)>,
}

impl<'c, 'g, 'b> FnCompiler<'c, 'g, 'b> {
    pub fn new(c: &'c mut Compiler<'g>, mut b: FunctionBuilder<'b>, key: usize, module: usize, body: FnBody) -> Self {
        let m: &'g Module = &c.graph.modules[module];
        let ctx_id = m.analysis.by_node[&key];
        let mut gc_vars = EntitySet::new();
        let mut mk = |b: &mut FunctionBuilder<'b>| {
            let v = b.declare_var(types::I64);
            gc_vars.insert(v);
            v
        };
        let callee = mk(&mut b);
        let this_v = mk(&mut b);
        let nt = mk(&mut b);
        let argc = b.declare_var(types::I64);
        let regs = [mk(&mut b), mk(&mut b), mk(&mut b), mk(&mut b)];
        let rest = mk(&mut b);
        let throw_block = b.create_block();
        let kind = m.analysis.ctxs[ctx_id].kind;
        FnCompiler {
            c,
            b,
            module,
            m,
            ctx_id,
            body,
            display_name: String::new(),
            callee,
            this_v,
            nt,
            argc,
            regs,
            rest,
            locals: HashMap::new(),
            pseudo_box: HashMap::new(),
            arguments_var: None,
            handlers: Vec::new(),
            throw_block,
            jumps: Vec::new(),
            cleanups: Vec::new(),
            terminated: false,
            pending_labels: Vec::new(),
            enum_obj: Vec::new(),
            chain: Vec::new(),
            ctor_class: None,
            is_ctor: matches!(kind, CtxKind::Ctor { .. }),
            is_derived: matches!(kind, CtxKind::Ctor { derived: true }),
            initialized: hashbrown::HashSet::new(),
            param_tdz: hashbrown::HashSet::new(),
            num_locals: hashbrown::HashSet::new(),
            num_known: Default::default(),
            int_bits: HashMap::new(),
            inlining: false,
            inline_this: None,
            inline_key: None,
            inline_ret: None,
            inline_frame: 0,
            cur_pos: 0,
            from_ir: false,
            const_nums: Default::default(),
            num_vars: HashMap::new(),
            int_locals: HashMap::new(),
            int_vars: HashMap::new(),
            spec_locals: hashbrown::HashSet::new(),
            spec_vars: HashMap::new(),
            fresh: HashMap::new(),
            effects: 0,
            loops: 0,
            indexed: hashbrown::HashSet::new(),
            array_flags: HashMap::new(),
            arr_caches: Vec::new(),
            shape_memo: HashMap::new(),
            this_ptr: None,
            recv_memo: None,
            recv_bits: HashMap::new(),
            recv_clears: Vec::new(),
            inline_this_ptr: None,
            no_inline: false,
            unused_call: 0,
            last_proto_site: None,
            proven: Vec::new(),
            math_proven: Vec::new(),
            narrow_ints: hashbrown::HashSet::new(),
            bounded_step: None,
            f64_array_flags: HashMap::new(),
            scalars: hashbrown::HashSet::new(),
            var_types: [callee, this_v, nt, argc, regs[0], regs[1], regs[2], regs[3], rest].into_iter().map(|v| (v, types::I64)).collect(),
            generator: None,
            var_events: Vec::new(),
            stmt_depth: 0,
            temps: Vec::new(),
            free_temps: HashMap::new(),
            gc_vars,
            gc_values: EntitySet::new(),
            async_plain: false,
        }
    }

    /// Finds the number locals of the body about to be compiled.
    /// `params`: parameters known to hold numbers (a number entry's).
    fn infer_numbers(&mut self, body: &'static [Statement<'static>], params: &[SymbolId]) {
        let fns = self.c.number_functions(self.module);
        let m = self.m;
        let ctx = &m.analysis.ctxs[self.ctx_id];
        let module = self.module;
        let globals = &self.c.global_slots;
        let on_global = &self.c.global_object;
        let eligible = |s: SymbolId| {
            !m.analysis.boxed.contains(&s)
                && !ctx.cap_index.contains_key(&Cap::Sym(s))
                && !globals.contains_key(&(module, s))
                && !on_global.contains(&(module, s))
        };
        let module = self.module;
        self.const_nums =
            self.c.const_nums.entry(module).or_insert_with(|| std::rc::Rc::new(crate::numeric::module_const_numbers(m.program, &m.scoping))).clone();
        let known = crate::numeric::Known {
            syms: self.const_nums.values.keys().copied().collect(),
            fns: fns.iter().filter(|(_, f)| f.returns_num && f.full()).map(|(&s, f)| (s, f.arity)).collect(),
        };
        self.num_locals = crate::numeric::number_locals(body, &m.scoping, &eligible, &known, params);
        (self.int_locals, self.narrow_ints) = crate::numeric::int_locals(body, &m.scoping, &self.num_locals);
        self.spec_locals = crate::numeric::spec_locals(body, &m.scoping, &eligible, &known, &self.num_locals);
        self.num_known = known;
        self.num_known.syms.extend(self.num_locals.iter().copied());
        self.indexed = crate::numeric::indexed_bindings(body, &m.scoping);
        self.scalars = crate::scalar::scalar_literals(body, &m.scoping);
        self.shape_memo = HashMap::new();
        self.recv_memo = None;
        self.recv_bits = HashMap::new();
        if self.generator.is_none() {
            let z = self.b.ins().iconst(types::I64, 0);
            // Not in functions that use `arguments`: a precaution, should arguments objects
            // ever be mapped (a write through one would change a parameter unseen; today
            // every one is unmapped, `perry_arguments`).
            if !self.m.analysis.ctxs[self.ctx_id].uses_arguments {
                let v = self.declare(types::I64);
                self.def_var(v, z);
                self.recv_memo = Some(v);
            }
            let predicted = self.predictions();
            for s in crate::classes::shape_memo_bindings(body, &m.scoping, &predicted) {
                let v = self.declare(types::I8);
                let z = self.b.ins().iconst(types::I8, 0);
                self.def_var(v, z);
                self.shape_memo.insert(s, v);
            }
        }
    }

    /// Forgets every remembered shape test (after a call).
    pub fn forget_shapes(&mut self) {
        if self.shape_memo.is_empty() || self.terminated {
            return;
        }
        let z = self.b.ins().iconst(types::I8, 0);
        let vars: Vec<Variable> = self.shape_memo.values().copied().collect();
        for v in vars {
            self.def_var(v, z);
        }
    }

    /// Forgets the remembered shape test of binding `sym` (a new value).
    fn forget_shape(&mut self, sym: SymbolId) {
        if let Some(&v) = self.shape_memo.get(&sym)
            && !self.terminated
        {
            let z = self.b.ins().iconst(types::I8, 0);
            self.def_var(v, z);
        }
    }

    /// After a call: the loop's array caches are refilled and the shape
    /// tests forgotten.
    pub fn after_call(&mut self) {
        self.refresh_caches();
        self.forget_shapes();
        self.forget_memos();
        self.refresh_this_ptr();
    }

    /// Forgets what number regions' entries found (`recv_memo`).
    pub fn forget_memos(&mut self) {
        self.clear_memo(self.recv_memo);
    }

    /// Forgets what number regions' entries found about their receivers (`recv_memo`): after a
    /// store that may put something other than a number into a field.
    pub fn forget_receivers(&mut self) {
        self.clear_memo(self.recv_memo);
    }

    /// Sets memo variable `v` (when there is one) to 0 where code is being emitted.
    fn clear_memo(&mut self, v: Option<Variable>) {
        if let Some(v) = v
            && !self.terminated
        {
            let z = self.b.ins().iconst(types::I64, 0);
            self.def_var(v, z);
        }
    }

    /// Forgets what number regions' entries found about binding `sym`'s object (a new value):
    /// clears its bits, those of regions compiled later too (`finish` completes the mask).
    fn forget_receiver(&mut self, sym: SymbolId) {
        let Some(v) = self.recv_memo else { return };
        if self.terminated || !self.predictions().contains_key(&sym) {
            return;
        }
        let bits = self.use_var(v);
        let keep = self.b.ins().iconst(types::I64, -1);
        let inst = self.b.func.dfg.value_def(keep).unwrap_inst();
        self.recv_clears.push((inst, sym));
        let bits = self.b.ins().band(bits, keep);
        self.def_var(v, bits);
    }

    /// Sets up `this_ptr` in a method whose class has a known layout (at the prologue's end).
    fn init_this_ptr(&mut self) {
        let FnBody::Function(f) = self.body else { return };
        if f.generator || f.r#async || self.m.analysis.non_arrow(self.ctx_id) != self.ctx_id {
            return;
        }
        if matches!(self.m.analysis.ctxs[self.ctx_id].kind, CtxKind::Ctor { derived: true }) {
            return;
        }
        let Some(class) = self.this_class() else { return };
        if self.class_fields(class).is_none() {
            return;
        }
        self.this_ptr = Some(self.declare(types::I64));
        self.refresh_this_ptr();
    }

    /// (Re)computes `this_ptr` from `this`.
    fn refresh_this_ptr(&mut self) {
        let Some(var) = self.this_ptr else { return };
        if self.terminated {
            return;
        }
        let this = self.use_var(self.this_v);
        let t = self.tag_of(this);
        let iso = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let p = self.ptr_of(this);
        let none = self.data_addr(self.c.no_object);
        let at = self.b.ins().select(iso, p, none);
        self.def_var(var, at);
    }

    /// Whether an expression is statically a number in this function.
    pub fn is_num_expr(&self, e: &Expression) -> bool {
        crate::numeric::is_num(e, &self.m.scoping, &self.num_known)
    }

    pub fn scoping(&self) -> &'g Scoping {
        &self.m.scoping
    }

    // ----- small builders -----

    pub fn iconst(&mut self, v: u64) -> V {
        self.b.ins().iconst(types::I64, v as i64)
    }
    pub fn undef(&mut self) -> V {
        self.iconst(UNDEFINED)
    }
    pub fn num(&mut self, f: f64) -> V {
        let f = if f.is_nan() { f64::from_bits(NAN) } else { f };
        self.iconst(f.to_bits())
    }
    pub fn bool_val(&mut self, cond: V) -> V {
        let t = self.iconst(TRUE);
        let f = self.iconst(FALSE);
        self.b.ins().select(cond, t, f)
    }
    /// Marks the current block cold: a slow path (laid out after the hot
    /// code; `safepoints::run` keeps values across its calls in their
    /// slots rather than in registers).
    pub fn cold_here(&mut self) {
        if let Some(b) = self.b.current_block() {
            self.b.set_cold_block(b);
        }
    }
    /// Declares an SSA value as holding a JS value (stack-mapped).
    pub fn track(&mut self, v: V) -> V {
        self.gc_values.insert(v);
        v
    }
    /// Declares a Cranelift variable, recording its type (a generator saves
    /// and restores every variable at its suspension points).
    pub fn declare(&mut self, ty: types::Type) -> Variable {
        self.var_of(ty, false)
    }

    /// A variable of type `ty` (`stack_map`: holding JS values). Inside a
    /// statement, one another statement of this function left behind may be
    /// reused (see `release_temps`).
    fn var_of(&mut self, ty: types::Type, stack_map: bool) -> Variable {
        if self.stmt_depth > 0
            && let Some(v) = self.free_temps.get_mut(&(ty, stack_map)).and_then(|l| l.pop())
        {
            self.temps.push((v, ty, stack_map));
            return v;
        }
        let v = self.b.declare_var(ty);
        if stack_map {
            self.gc_vars.insert(v);
        }
        self.var_types.push((v, ty));
        if self.stmt_depth > 0 {
            self.temps.push((v, ty, stack_map));
        }
        v
    }

    /// After a statement at the top of a function body: the variables made
    /// while compiling it that hold nothing later code reads (temporaries of
    /// expressions, not bindings) become free for the next statements.
    /// Cranelift's SSA construction keeps, per variable, a table as long as
    /// the blocks so far, so a long body (a module's top level) that took a
    /// fresh variable for every temporary would need memory quadratic in its
    /// length. Every reuse defines the variable before reading it.
    pub fn release_temps(&mut self) {
        if self.generator.is_some() {
            self.temps.clear();
            return;
        }
        let mut keep: Vec<Variable> = Vec::new();
        keep.extend(self.locals.values().copied());
        keep.extend(self.pseudo_box.values().copied());
        keep.extend(self.arguments_var);
        keep.extend(self.num_vars.values().copied());
        keep.extend(self.array_flags.values().copied());
        keep.extend(self.enum_obj.iter().map(|e| e.0));
        keep.extend(self.chain.iter().map(|c| c.1));
        for c in &self.cleanups {
            match *c {
                Cleanup::IterClose(v) | Cleanup::AsyncIterClose(v, _) => keep.push(v),
                Cleanup::Finally(..) => {}
            }
        }
        for f in self.fresh.values() {
            for (_, h) in &f.fields {
                if let Held::Var(v) = h {
                    keep.push(*v);
                }
            }
        }
        let keep: hashbrown::HashSet<u32> = keep.into_iter().map(|v| v.as_u32()).collect();
        for (v, ty, sm) in std::mem::take(&mut self.temps) {
            if !keep.contains(&v.as_u32()) {
                self.free_temps.entry((ty, sm)).or_default().push(v);
            }
        }
    }
    /// Reads variable `v` (recorded in generators, see `var_events`).
    #[inline]
    #[allow(clippy::disallowed_methods)]
    pub fn use_var(&mut self, v: Variable) -> V {
        if self.generator.is_some()
            && let Some(b) = self.b.current_block()
        {
            self.var_events.push((b, v, false));
        }
        self.b.use_var(v)
    }
    /// Defines variable `v` (recorded in generators, see `var_events`).
    #[inline]
    #[allow(clippy::disallowed_methods)]
    pub fn def_var(&mut self, v: Variable, x: V) {
        if self.generator.is_some()
            && let Some(b) = self.b.current_block()
        {
            self.var_events.push((b, v, true));
        }
        self.def_var_quiet(v, x)
    }
    /// Defines variable `v` without recording it for generators.
    #[allow(clippy::disallowed_methods)]
    pub fn def_var_quiet(&mut self, v: Variable, x: V) {
        if self.gc_vars.contains(v) {
            self.gc_values.insert(x);
        }
        self.b.def_var(v, x)
    }
    /// Returns `v` from the function (an await-free async function returns
    /// its promise, resolved with `v`).
    pub fn ret(&mut self, v: V) {
        let r = if self.async_plain { self.rt(Rt::perry_async_resolved, &[v]) } else { v };
        self.b.ins().return_(&[r]);
    }
    pub fn new_var(&mut self) -> Variable {
        self.var_of(types::I64, true)
    }
    /// A new value variable holding `v`.
    pub fn var_holding(&mut self, v: V) -> Variable {
        let var = self.new_var();
        self.def_var(var, v);
        var
    }
    /// Whether `v` is a number by construction: a constant below
    /// `MIN_TAGGED`, or the bits of an f64.
    pub fn known_num(&self, v: V) -> bool {
        self.bitcast_from(v, types::F64).is_some() || self.iconst_of(v).is_some_and(|k| k < MIN_TAGGED)
    }
    /// `x` when `v` is a bitcast of `x`, of type `ty`.
    fn bitcast_from(&self, v: V, ty: types::Type) -> Option<V> {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let dfg = &self.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::LoadNoOffset { opcode: Opcode::Bitcast, arg, .. } if dfg.value_type(arg) == ty => Some(arg),
            _ => None,
        }
    }
    /// The bits of `v` when it is an integer constant.
    fn iconst_of(&self, v: V) -> Option<u64> {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let dfg = &self.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits() as u64),
            _ => None,
        }
    }
    pub fn is_number(&mut self, v: V) -> V {
        if self.known_num(v) {
            return self.b.ins().iconst(types::I8, 1);
        }
        self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, v, MIN_TAGGED as i64)
    }
    /// Both are numbers: one compare of the larger (a constant side is
    /// known and not tested).
    pub fn both_numbers(&mut self, a: V, b: V) -> V {
        match (self.known_num(a), self.known_num(b)) {
            (true, _) => self.is_number(b),
            (_, true) => self.is_number(a),
            _ => {
                let m = self.b.ins().umax(a, b);
                self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, m, MIN_TAGGED as i64)
            }
        }
    }
    /// Keeps `v` across the evaluation of other code: in a stack-mapped
    /// variable, unless it is a number by construction (no GC can move it).
    pub fn hold(&mut self, v: V) -> Held {
        // In a generator a value may be held across a `yield`, where only
        // variables survive (they are saved and restored).
        if self.known_num(v) && self.generator.is_none() {
            return Held::Raw(v);
        }
        let var = self.new_var();
        self.def_var(var, v);
        Held::Var(var)
    }
    pub fn unhold(&mut self, h: Held) -> V {
        match h {
            Held::Raw(v) => v,
            Held::Var(var) => self.use_var(var),
        }
    }
    /// The f64 a number value holds. Folds a value that was just made from
    /// an f64 (and constants), so that number code does not bounce through
    /// integer registers.
    pub fn f64_of(&mut self, v: V) -> V {
        if let Some(f) = self.bitcast_from(v, types::F64) {
            return f;
        }
        if let Some(k) = self.iconst_of(v) {
            return self.b.ins().f64const(f64::from_bits(k));
        }
        self.b.ins().bitcast(types::F64, MemFlags::new(), v)
    }
    /// The value of a number held as an f64 (the inverse of [`Self::f64_of`],
    /// folded the same way).
    pub fn val_of_f64(&mut self, f: V) -> V {
        // (Only when that keeps the knowledge that it is a number: the f64 of
        // a number entry's parameter is a bitcast of an untyped argument.)
        if let Some(v) = self.bitcast_from(f, types::I64)
            && self.known_num(v)
        {
            return v;
        }
        self.b.ins().bitcast(types::I64, MemFlags::new(), f)
    }
    /// ToInt32 of a number value, as an i32. A value that was just made from
    /// an integer (a bitwise operator's result, a constant) needs no
    /// conversion; otherwise the double is truncated to 64 bits inline and
    /// only a magnitude of 2^63 or more (where the truncation saturates)
    /// takes the out-of-line path, which reads the low bits off the mantissa.
    pub fn i32_of_num(&mut self, v: V) -> V {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let f = if self.b.func.dfg.value_type(v) == types::F64 { v } else { self.f64_of(v) };
        let dfg = &self.b.func.dfg;
        if let Some(inst) = dfg.value_def(f).inst() {
            match dfg.insts[inst] {
                InstructionData::Unary { opcode: Opcode::FcvtFromSint | Opcode::FcvtFromUint, arg } => {
                    let ty = dfg.value_type(arg);
                    if ty == types::I32 {
                        return arg;
                    }
                    // An exact integer (`int_source`): its low 32 bits.
                    if ty == types::I64 && self.int_bits.contains_key(&arg) {
                        return self.b.ins().ireduce(types::I32, arg);
                    }
                }
                InstructionData::UnaryIeee64 { imm, .. } => {
                    let k = perry_abi::to_int32(f64::from_bits(imm.bits()));
                    return self.b.ins().iconst(types::I32, k as i64);
                }
                _ => {}
            }
        }
        let t = self.b.ins().fcvt_to_sint_sat(types::I64, f);
        // Saturated (i64::MIN or MAX) maps to 0 or 1.
        let x = self.b.ins().iadd_imm_u(t, (1u64 << 63).wrapping_add(1) as i64);
        let big = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, x, 2);
        // |f| >= 2^63 (or infinite): the integer is mantissa << (exponent -
        // 1075) with a shift of at least 11; its low 32 bits, negated for a
        // negative sign. A shift of 32 or more (and infinity) leaves 0.
        // Computed without a branch (independent of the truncation, so it
        // costs little), which keeps the code straight-line: values held
        // across it stay recognisable as numbers.
        let bits = self.b.ins().bitcast(types::I64, MemFlags::new(), f);
        let e = self.b.ins().ushr_imm_u(bits, 52);
        let e = self.b.ins().band_imm_u(e, 0x7ff);
        let sh = self.b.ins().iadd_imm_s(e, -1075);
        let m = self.b.ins().band_imm_u(bits, (1i64 << 52) - 1);
        let m = self.b.ins().bor_imm_u(m, 1i64 << 52);
        let low = self.b.ins().ishl(m, sh);
        let zero = self.b.ins().iconst(types::I64, 0);
        let far = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, sh, 32);
        let low = self.b.ins().select(far, zero, low);
        let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0);
        let nlow = self.b.ins().ineg(low);
        let r = self.b.ins().select(neg, nlow, low);
        let t = self.b.ins().select(big, r, t);
        self.b.ins().ireduce(types::I32, t)
    }
    /// The integer an f64 was just made from, as an i64, with a bound on the
    /// bits of its magnitude and whether it is never negative: an int32 or
    /// uint32 converted to a double, a small integral constant, or integer
    /// arithmetic on those.
    pub fn int_source(&mut self, f: V) -> Option<(V, u32, bool)> {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let dfg = &self.b.func.dfg;
        let inst = dfg.value_def(f).inst()?;
        match dfg.insts[inst] {
            InstructionData::Unary { opcode: Opcode::FcvtFromSint, arg } => {
                if dfg.value_type(arg) == types::I32 {
                    let (bits, nonneg) = self.int_bits.get(&arg).copied().unwrap_or((32, false));
                    Some((self.b.ins().sextend(types::I64, arg), bits, nonneg))
                } else {
                    self.int_bits.get(&arg).map(|&(b, n)| (arg, b, n))
                }
            }
            InstructionData::Unary { opcode: Opcode::FcvtFromUint, arg } if dfg.value_type(arg) == types::I32 => {
                let (bits, _) = self.int_bits.get(&arg).copied().unwrap_or((32, true));
                Some((self.b.ins().uextend(types::I64, arg), bits, true))
            }
            InstructionData::UnaryIeee64 { imm, .. } => {
                let c = f64::from_bits(imm.bits());
                (c.fract() == 0.0 && c.abs() < 2147483648.0 && !(c == 0.0 && c.is_sign_negative()))
                    .then(|| (self.b.ins().iconst(types::I64, c as i64), 64 - (c.abs() as u64).leading_zeros(), c >= 0.0))
            }
            _ => None,
        }
    }

    /// The value of an i32 constant.
    pub fn i32_const_of(&self, v: V) -> Option<i32> {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let dfg = &self.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } if dfg.value_type(v) == types::I32 => Some(imm.bits() as i32),
            _ => None,
        }
    }

    pub fn tag_of(&mut self, v: V) -> V {
        self.b.ins().ushr_imm_u(v, TAG_SHIFT as i64)
    }
    pub fn ptr_of(&mut self, v: V) -> V {
        self.b.ins().band_imm_u(v, PAYLOAD_MASK as i64)
    }
    /// The kind byte of the header of heap cell `v` (tag already checked).
    pub fn cell_kind(&mut self, v: V) -> V {
        // The kind is header byte 4 (bits 32..40, little-endian): one load.
        const _: () = assert!(HDR_KIND_SHIFT == 32);
        let p = self.ptr_of(v);
        self.b.ins().uload8(types::I64, MemFlags::trusted(), p, 4)
    }

    /// An `i8` variable: whether `v` is a cell of `kind` (an object kind).
    pub fn kind_test(&mut self, v: V, kind: u64) -> Variable {
        let flag = self.declare(types::I8);
        let no = self.b.ins().iconst(types::I8, 0);
        self.def_var(flag, no);
        let t = self.tag_of(v);
        let iso = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let chk = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(iso, chk, &[], done, &[]);
        self.b.switch_to_block(chk);
        let k = self.cell_kind(v);
        let is = self.b.ins().icmp_imm_u(IntCC::Equal, k, kind as i64);
        self.def_var(flag, is);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        flag
    }

    pub fn load_field(&mut self, v: V, off: i32) -> V {
        let p = self.ptr_of(v);
        self.b.ins().load(types::I64, MemFlags::trusted(), p, off)
    }
    /// Stores a value into a heap cell, with the write barrier.
    pub fn store_field(&mut self, obj: V, off: i32, val: V) {
        self.effects += 1;
        let p = self.ptr_of(obj);
        self.b.ins().store(MemFlags::trusted(), val, p, off);
        self.write_barrier(p, off, val);
    }

    /// Stores a value at an address inside a heap cell, with the barrier.
    pub fn store_raw_with_barrier(&mut self, addr: V, val: V) {
        self.effects += 1;
        self.b.ins().store(MemFlags::trusted(), val, addr, 0);
        self.write_barrier(addr, 0, val);
    }

    /// Stores at raw address `p` of a cell allocated (young) with no
    /// allocation since: no collection can have promoted it, so no barrier
    /// is needed.
    pub fn store_fresh(&mut self, p: V, off: i32, val: V) {
        self.b.ins().store(MemFlags::trusted(), val, p, off);
    }

    /// The write barrier, inline: when `val` points into the nursery and the
    /// slot at `p + off` does not, the slot's card must be dirty; a clean one
    /// is dirtied and logged by `perry_card_dirty` (see `perry_gc::barrier`).
    fn write_barrier(&mut self, p: V, off: i32, val: V) {
        // A constant (undefined, null, a boolean, a number) is never young.
        if self.iconst_of(val).is_some() || self.known_num(val) {
            return;
        }
        // A number (the common value of a numeric store) is never young:
        // one compare, before the nursery bounds are loaded.
        let cell = self.b.create_block();
        let cont = self.b.create_block();
        let isn = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, val, MIN_TAGGED as i64);
        self.b.ins().brif(isn, cont, &[], cell, &[]);
        self.b.switch_to_block(cell);
        let payload = self.b.ins().band_imm_u(val, PAYLOAD_MASK as i64);
        let ns_addr = self.data_addr(self.c.nursery_start);
        let ns = self.b.ins().load(types::I64, MemFlags::trusted(), ns_addr, 0);
        let size_addr = self.data_addr(self.c.nursery_size);
        let size = self.b.ins().load(types::I64, MemFlags::trusted(), size_addr, 0);
        let d = self.b.ins().isub(payload, ns);
        let young = self.b.ins().icmp(IntCC::UnsignedLessThan, d, size);
        let mark = self.b.create_block();
        self.b.ins().brif(young, mark, &[], cont, &[]);
        self.b.set_cold_block(mark);
        self.b.switch_to_block(mark);
        let slot = self.b.ins().iadd_imm_s(p, off as i64);
        let ds = self.b.ins().isub(slot, ns);
        let slot_young = self.b.ins().icmp(IntCC::UnsignedLessThan, ds, size);
        let check = self.b.create_block();
        self.b.set_cold_block(check);
        self.b.ins().brif(slot_young, cont, &[], check, &[]);
        self.b.switch_to_block(check);
        let idx = self.b.ins().ushr_imm_u(slot, CARD_SHIFT as i64);
        let bias_addr = self.data_addr(self.c.card_bias);
        let bias = self.b.ins().load(types::I64, MemFlags::trusted(), bias_addr, 0);
        let card = self.b.ins().iadd(bias, idx);
        let byte = self.b.ins().uload8(types::I64, MemFlags::trusted(), card, 0);
        let log = self.b.create_block();
        self.b.set_cold_block(log);
        self.b.ins().brif(byte, cont, &[], log, &[]);
        self.b.switch_to_block(log);
        let id = self.c.rt_id(Rt::perry_card_dirty);
        let fref = self.func_ref(id);
        self.b.ins().call(fref, &[slot]);
        self.b.ins().jump(cont, &[]);
        self.b.switch_to_block(cont);
    }

    pub fn switch_to(&mut self, blk: Block) {
        if !self.terminated {
            self.b.ins().jump(blk, &[]);
        }
        self.b.switch_to_block(blk);
        self.terminated = false;
    }

    /// After a terminator: continue in a fresh (unreachable) block.
    pub fn dead(&mut self) {
        self.terminated = true;
    }

    pub fn jump(&mut self, blk: Block) {
        if !self.terminated {
            self.b.ins().jump(blk, &[]);
        }
        self.terminated = true;
    }

    /// Ensures there is an open block to emit into.
    pub fn ensure_open(&mut self) {
        if self.terminated {
            let blk = self.b.create_block();
            self.b.switch_to_block(blk);
            self.terminated = false;
        }
    }

    pub fn set_pos(&mut self, offset: u32) {
        let p = self.c.position_in(self.module, offset, self.inline_frame);
        self.set_pos_index(p);
    }

    /// Sets an already recorded position (`Compiler::positions`).
    pub fn set_pos_index(&mut self, p: u32) {
        self.cur_pos = p;
        self.b.set_srcloc(ir::SourceLoc::new(p));
    }

    // ----- calls into the runtime -----

    /// A call of runtime function `f` (its register-preserving form when it
    /// has one) returning a value.
    pub fn rt(&mut self, f: Rt, args: &[V]) -> V {
        self.ensure_open();
        // The list's signature, checked where the call is built (Cranelift's
        // verifier is off in release builds).
        assert!(
            args.len() == f.info().params.len() && f.info().params.iter().all(|&t| t == AbiType::Value) && f.info().result == Some(AbiType::Value),
            "{} takes {} arguments and returns a value",
            f.name(),
            f.info().params.len()
        );
        let id = self.c.rt_preserving_id(f).unwrap_or_else(|| self.c.rt_id(f));
        let fref = self.func_ref(id);
        let call = self.b.ins().call(fref, args);
        self.effects += 1;
        let r = self.b.inst_results(call)[0];
        self.after_call();
        self.track(r)
    }

    /// A runtime call that may throw: branches to the current handler on EXCEPTION.
    pub fn rt_check(&mut self, f: Rt, args: &[V]) -> V {
        let r = self.rt(f, args);
        self.check(r);
        r
    }

    pub fn handler(&self) -> Block {
        *self.handlers.last().unwrap_or(&self.throw_block)
    }

    /// Branches to the current exception handler when `v` is the sentinel.
    pub fn check(&mut self, v: V) {
        let is_exc = self.b.ins().icmp_imm_u(IntCC::Equal, v, EXCEPTION as i64);
        let cont = self.b.create_block();
        let h = self.handler();
        self.b.ins().brif(is_exc, h, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// Jumps to the current handler (the pending exception is set).
    pub fn throw_pending(&mut self) {
        let h = self.handler();
        self.jump(h);
    }

    // ----- constants, globals, atoms -----

    /// The address of data object `id`. Each use declares its own global
    /// value, so Cranelift computes the address where it is used (one
    /// `lea`) rather than keeping one shared value live across the function
    /// (see `func_ref` for what sharing entities did to register
    /// allocation).
    pub fn data_addr(&mut self, id: cranelift_module::DataId) -> V {
        let gv = self.c.module.declare_data_in_func(id, self.b.func);
        self.b.ins().symbol_value(types::I64, gv)
    }

    /// Function `id` as a reference from this function. Each use declares
    /// its own: sharing one reference per function changes the entity
    /// numbering Cranelift's register allocator breaks ties by, and that
    /// alone made `accessors` 18% slower (the same CLIF otherwise).
    pub fn func_ref(&mut self, id: cranelift_module::FuncId) -> cranelift_codegen::ir::FuncRef {
        self.c.module.declare_func_in_func(id, self.b.func)
    }

    /// A string constant's value.
    pub fn str_const(&mut self, s: &str) -> V {
        let i = self.c.const_str(s);
        self.const_value(i)
    }

    pub fn const_value(&mut self, i: u32) -> V {
        let base = self.data_addr(self.c.consts_data);
        let v = self.b.ins().load(types::I64, MemFlags::trusted(), base, (i * 8) as i32);
        self.track(v)
    }

    pub fn str_units_const(&mut self, u: Vec<u16>) -> V {
        let i = self.c.const_units(u);
        self.const_value(i)
    }

    /// The atom of a property name (runtime-interned at start-up).
    pub fn atom(&mut self, name: &str) -> V {
        let i = self.c.const_str(name);
        let base = self.data_addr(self.c.atoms_data);
        self.b.ins().load(types::I64, MemFlags::trusted(), base, (i * 8) as i32)
    }

    pub fn global_get(&mut self, slot: u32) -> V {
        let base = self.data_addr(self.c.globals_data);
        let v = self.b.ins().load(types::I64, MemFlags::trusted(), base, (slot * 8) as i32);
        self.track(v)
    }

    pub fn global_set(&mut self, slot: u32, v: V) {
        let base = self.data_addr(self.c.globals_data);
        self.b.ins().store(MemFlags::trusted(), v, base, (slot * 8) as i32);
    }

    // ----- bindings -----

    pub fn is_boxed(&self, sym: SymbolId) -> bool {
        self.m.analysis.boxed.contains(&sym)
    }

    pub fn loc(&mut self, sym: SymbolId) -> Loc {
        if self.c.global_object.contains(&(self.module, sym)) {
            return Loc::GlobalObject(sym);
        }
        if let Some(&s) = self.c.global_slots.get(&(self.module, sym)) {
            return Loc::Global(s);
        }
        if let Some(&i) = self.m.analysis.ctxs[self.ctx_id].cap_index.get(&Cap::Sym(sym)) {
            return Loc::Captured(i);
        }
        if let Some(&nonneg) = self.int_locals.get(&sym) {
            let var = match self.int_vars.get(&sym) {
                Some(&v) => v,
                None => {
                    let v = self.declare(types::I64);
                    self.int_vars.insert(sym, v);
                    v
                }
            };
            return Loc::Int(var, nonneg);
        }
        if self.num_locals.contains(&sym) {
            let var = match self.num_vars.get(&sym) {
                Some(&v) => v,
                None => {
                    let v = self.declare(types::F64);
                    self.num_vars.insert(sym, v);
                    v
                }
            };
            return Loc::Num(var);
        }
        if self.spec_locals.contains(&sym) {
            let vars = match self.spec_vars.get(&sym) {
                Some(&v) => v,
                None => {
                    let v = (self.declare(types::F64), self.new_var(), self.declare(types::I8));
                    self.spec_vars.insert(sym, v);
                    v
                }
            };
            return Loc::Spec(vars.0, vars.1, vars.2);
        }
        let var = match self.locals.get(&sym) {
            Some(&v) => v,
            None => {
                // Not initialised by a scope entry (should not happen): make it undefined.
                let v = self.new_var();
                self.locals.insert(sym, v);
                v
            }
        };
        if self.is_boxed(sym) { Loc::Boxed(var) } else { Loc::Local(var) }
    }

    /// The box of capture `i` of the running closure.
    pub fn capture_box(&mut self, i: usize) -> V {
        let f = self.use_var(self.callee);
        let v = self.load_field(f, FN_CAPS + 8 * i as i32);
        self.track(v)
    }

    pub fn box_get(&mut self, bx: V) -> V {
        let v = self.load_field(bx, BOX_VALUE);
        self.track(v)
    }

    pub fn box_set(&mut self, bx: V, v: V) {
        self.store_field(bx, BOX_VALUE, v);
    }

    /// Reads a binding without a TDZ check.
    pub fn read_raw(&mut self, sym: SymbolId) -> V {
        match self.loc(sym) {
            Loc::Global(s) => self.global_get(s),
            Loc::GlobalObject(sym) => {
                let name = self.scoping().symbol_name(sym).to_string();
                self.global_read(&name)
            }
            Loc::Local(v) => self.use_var(v),
            Loc::Boxed(v) => {
                let bx = self.use_var(v);
                self.box_get(bx)
            }
            Loc::Captured(i) => {
                let bx = self.capture_box(i);
                self.box_get(bx)
            }
            Loc::Num(var) => {
                let f = self.use_var(var);
                self.val_of_f64(f)
            }
            Loc::Int(var, nonneg) => {
                let f = self.int_local_f64(sym, var, nonneg);
                self.val_of_f64(f)
            }
            Loc::Spec(fv, gv, flag) => {
                let f = self.use_var(fv);
                let n = self.b.ins().bitcast(types::I64, MemFlags::new(), f);
                let g = self.use_var(gv);
                let on = self.use_var(flag);
                let v = self.b.ins().select(on, n, g);
                self.track(v)
            }
        }
    }

    /// Writes a probable number (`Loc::Spec`): the f64 and the flag when `v`
    /// is a number, else the value.
    pub fn write_spec(&mut self, fv: Variable, gv: Variable, flag: Variable, v: V) {
        let isn = self.is_number(v);
        let f = self.f64_of(v);
        self.def_var(fv, f);
        self.def_var(gv, v);
        self.def_var(flag, isn);
    }

    /// An integer local's value as an f64 made from its integer (so integer
    /// code reads the integer back, see `int_source`).
    fn int_local_f64(&mut self, sym: SymbolId, var: Variable, nonneg: bool) -> V {
        let x = self.use_var(var);
        let bits = if self.narrow_ints.contains(&sym) { 33 } else { 54 };
        self.int_bits.insert(x, (bits, nonneg));
        self.b.ins().fcvt_from_sint(types::F64, x)
    }

    /// The i64 of an f64 known to hold an integer (an integer local's write).
    fn int_of_f64(&mut self, f: V) -> V {
        match self.int_source(f) {
            Some((x, _, _)) => x,
            None => self.b.ins().fcvt_to_sint_sat(types::I64, f),
        }
    }

    /// `x++`/`x--` on an integer local: (old, new) as f64s. The step stops
    /// at +-2^53, where the double's does (unless the loop's test bounds
    /// the counter, `bounded_step`).
    pub fn step_int(&mut self, sym: SymbolId, inc: bool) -> Option<(V, V)> {
        let Loc::Int(var, nonneg) = self.loc(sym) else { return None };
        let old = self.int_local_f64(sym, var, nonneg);
        let x = self.use_var(var);
        let n = self.b.ins().iadd_imm_s(x, if inc { 1 } else { -1 });
        let n = if self.bounded_step == Some(sym) {
            n
        } else {
            let lim = self.b.ins().iconst(types::I64, if inc { 1i64 << 53 } else { -(1i64 << 53) });
            if inc { self.b.ins().smin(n, lim) } else { self.b.ins().smax(n, lim) }
        };
        self.def_var(var, n);
        let new = self.int_local_f64(sym, var, nonneg);
        Some((old, new))
    }

    /// Writes an f64 to a number local (no boxing round trip).
    pub fn write_num(&mut self, sym: SymbolId, f: V) {
        match self.loc(sym) {
            Loc::Num(var) => self.def_var(var, f),
            Loc::Int(var, _) => {
                let x = self.int_of_f64(f);
                self.def_var(var, x);
            }
            _ => {}
        }
    }

    /// A number local's value as an f64 (None for other bindings).
    pub fn read_num(&mut self, sym: SymbolId) -> Option<V> {
        if let Some(&n) = self.const_nums.values.get(&sym) {
            self.const_tdz(sym);
            return Some(self.b.ins().f64const(n));
        }
        match self.loc(sym) {
            Loc::Num(var) => Some(self.use_var(var)),
            Loc::Int(var, nonneg) => Some(self.int_local_f64(sym, var, nonneg)),
            _ => None,
        }
    }

    pub fn needs_tdz(&self, sym: SymbolId) -> bool {
        self.param_tdz.contains(&sym)
            || self.scoping().symbol_flags(sym).intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable | SymbolFlags::Class)
    }

    /// Reads a binding, throwing ReferenceError in its temporal dead zone.
    pub fn read_binding(&mut self, sym: SymbolId, at: u32) -> V {
        if let Some(&n) = self.const_nums.values.get(&sym) {
            self.const_tdz(sym);
            return self.num(n);
        }
        let v = self.read_raw(sym);
        let _ = at;
        // A read compiled after the declaration ran in this function cannot be in the TDZ.
        if self.needs_tdz(sym) && !self.initialized.contains(&sym) && !self.num_locals.contains(&sym) {
            self.tdz_check(v, self.scoping().symbol_name(sym).to_string());
        }
        v
    }

    /// The TDZ check of a module number constant (its value is known).
    fn const_tdz(&mut self, sym: SymbolId) {
        if !self.initialized.contains(&sym) && !self.const_nums.early.contains(&sym) {
            let v = self.read_raw(sym);
            self.tdz_check(v, self.scoping().symbol_name(sym).to_string());
        }
    }

    pub fn tdz_check(&mut self, v: V, name: String) {
        let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
        let bad = self.b.create_block();
        let ok = self.b.create_block();
        self.b.ins().brif(is_hole, bad, &[], ok, &[]);
        self.b.switch_to_block(bad);
        let ci = self.c.const_str(&name);
        let n = self.iconst(ci as u64);
        self.rt(Rt::perry_throw_tdz, &[n]);
        self.throw_pending();
        self.b.switch_to_block(ok);
        self.terminated = false;
    }

    /// Writes a binding (declaration initialisation: no TDZ or const check).
    pub fn init_binding(&mut self, sym: SymbolId, v: V) {
        self.forget_shape(sym);
        self.forget_receiver(sym);
        match self.loc(sym) {
            Loc::Global(s) => self.global_set(s, v),
            Loc::GlobalObject(sym) => {
                let a = self.sym_atom(sym);
                self.rt_check(Rt::perry_global_set, &[a, v]);
            }
            Loc::Local(var) => self.def_var(var, v),
            Loc::Boxed(var) => {
                let bx = self.use_var(var);
                self.box_set(bx, v);
            }
            Loc::Captured(i) => {
                let bx = self.capture_box(i);
                self.box_set(bx, v);
            }
            Loc::Num(_) | Loc::Int(..) => {
                let f = self.f64_of(v);
                self.write_num(sym, f);
            }
            Loc::Spec(fv, gv, flag) => self.write_spec(fv, gv, flag, v),
        }
    }

    /// Assignment to a binding: const bindings throw, TDZ is checked.
    pub fn assign_binding(&mut self, sym: SymbolId, v: V, at: u32) {
        self.forget_receiver(sym);
        let flags = self.scoping().symbol_flags(sym);
        let class_inner = self.m.analysis.class_bodies.get(&sym).is_some_and(|&(lo, hi)| (lo..hi).contains(&at));
        if flags.contains(SymbolFlags::ConstVariable) || flags.contains(SymbolFlags::Import) || self.m.analysis.fn_expr_names.contains(&sym) || class_inner {
            if self.needs_tdz(sym) {
                let cur = self.read_raw(sym);
                self.tdz_check(cur, self.scoping().symbol_name(sym).to_string());
            }
            self.rt(Rt::perry_throw_const_assign, &[]);
            self.throw_pending();
            self.ensure_open();
            return;
        }
        if flags.intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::Class) && !self.initialized.contains(&sym) && !self.num_locals.contains(&sym) {
            let cur = self.read_raw(sym);
            self.tdz_check(cur, self.scoping().symbol_name(sym).to_string());
        }
        self.init_binding(sym, v);
    }

    /// A binding of this function with no storage yet (parameters, catch bindings).
    pub fn is_undeclared_local(&self, sym: SymbolId) -> bool {
        !self.locals.contains_key(&sym)
            && !self.c.global_object.contains(&(self.module, sym))
            && !self.c.global_slots.contains_key(&(self.module, sym))
            && !self.m.analysis.ctxs[self.ctx_id].cap_index.contains_key(&Cap::Sym(sym))
    }

    /// Declares storage for a binding of this function (a box when captured).
    pub fn declare_local(&mut self, sym: SymbolId, init: V) {
        self.forget_shape(sym);
        self.forget_receiver(sym);
        if self.c.global_object.contains(&(self.module, sym)) {
            self.global_declare(sym, init, false);
            return;
        }
        if self.c.global_slots.contains_key(&(self.module, sym)) {
            self.global_set(self.c.global_slots[&(self.module, sym)], init);
            return;
        }
        if self.m.analysis.ctxs[self.ctx_id].cap_index.contains_key(&Cap::Sym(sym)) {
            return;
        }
        if self.num_locals.contains(&sym) {
            // The scope-entry HOLE is never read (no TDZ reads by construction).
            let f = self.f64_of(init);
            self.write_num(sym, f);
            return;
        }
        if let Loc::Spec(fv, gv, flag) = self.loc(sym) {
            self.write_spec(fv, gv, flag, init);
            return;
        }
        let var = match self.locals.get(&sym) {
            Some(&v) => v,
            None => {
                let v = self.new_var();
                self.locals.insert(sym, v);
                v
            }
        };
        if self.is_boxed(sym) {
            let bx = self.rt(Rt::perry_new_box, &[init]);
            self.def_var(var, bx);
        } else {
            self.def_var(var, init);
        }
    }

    /// The atom of a binding's name, as a value for the runtime.
    fn sym_atom(&mut self, sym: SymbolId) -> V {
        let name = self.scoping().symbol_name(sym).to_string();
        self.atom(&name)
    }

    /// CreateGlobalVarBinding / CreateGlobalFunctionBinding (16.1.7) for a
    /// script's top-level `var` or function `sym`.
    fn global_declare(&mut self, sym: SymbolId, v: V, function: bool) {
        let a = self.sym_atom(sym);
        let f = self.iconst(function as u64);
        self.rt_check(Rt::perry_global_declare, &[a, v, f]);
    }

    /// Enters a scope: every let/const/class binding starts in the TDZ, every
    /// var is undefined (function scopes only), captured ones get fresh boxes.
    pub fn init_scope(&mut self, scope: Option<ScopeId>, skip: &[SymbolId]) {
        let Some(scope) = scope else { return };
        let syms: Vec<SymbolId> = self.scoping().get_bindings(scope).iter().map(|(_, &s)| s).collect();
        for sym in syms {
            // A scope compiled again (a `finally` copy) starts without them.
            self.fresh.remove(&sym);
            self.array_flags.remove(&sym);
            if skip.contains(&sym) {
                continue;
            }
            let f = self.scoping().symbol_flags(sym);
            if f.contains(SymbolFlags::Import) || f.contains(SymbolFlags::Ambient) || !f.intersects(SymbolFlags::Value) {
                continue;
            }
            if f.intersects(SymbolFlags::EnumMember) || self.c.global_slots.contains_key(&(self.module, sym)) {
                continue;
            }
            let init = if f.intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable | SymbolFlags::Class) { HOLE } else { UNDEFINED };
            let v = self.iconst(init);
            self.declare_local(sym, v);
        }
    }

    // ----- this / arguments / new.target -----

    fn pseudo(&mut self, cap: Cap) -> V {
        let owner = self.m.analysis.non_arrow(self.ctx_id);
        if owner != self.ctx_id {
            let i = self.m.analysis.ctxs[self.ctx_id].cap_index[&cap];
            let bx = self.capture_box(i);
            return self.box_get(bx);
        }
        if let Some(&bv) = self.pseudo_box.get(&cap) {
            let bx = self.use_var(bv);
            return self.box_get(bx);
        }
        match cap {
            Cap::This => self.use_var(self.this_v),
            Cap::NewTarget => self.use_var(self.nt),
            Cap::FnObj => self.use_var(self.callee),
            Cap::Arguments => match self.arguments_var {
                Some(v) => self.use_var(v),
                None => self.undef(),
            },
            Cap::Sym(_) => unreachable!(),
        }
    }

    pub fn set_this(&mut self, v: V) {
        let owner = self.m.analysis.non_arrow(self.ctx_id);
        if owner != self.ctx_id {
            let i = self.m.analysis.ctxs[self.ctx_id].cap_index[&Cap::This];
            let bx = self.capture_box(i);
            self.box_set(bx, v);
            return;
        }
        if let Some(&bv) = self.pseudo_box.get(&Cap::This) {
            let bx = self.use_var(bv);
            self.box_set(bx, v);
        }
        self.def_var(self.this_v, v);
    }

    /// Whether this function's code is sloppy-mode code (a classic script's or a CommonJS
    /// module's, outside any `"use strict"` and class): then an assignment to an undeclared
    /// name creates a global, and `this` of a call without a receiver is the global object.
    pub fn sloppy(&self) -> bool {
        let scope = match self.body {
            FnBody::Function(f) | FnBody::NumEntry(f) => f.scope_id.get(),
            FnBody::Arrow(a) => a.scope_id.get(),
            FnBody::Module | FnBody::ModuleHoist => Some(self.scoping().root_scope_id()),
            FnBody::Ctor(_) | FnBody::StaticInit(_) => None,
        };
        scope.is_some_and(|s| !self.scoping().scope_flags(s).is_strict_mode())
    }

    /// `name = v` where `name` resolves to no declaration: a `ReferenceError` in strict code
    /// unless the global object has the property; in sloppy code the property is created.
    pub fn unresolved_assign(&mut self, name: &str, v: V) {
        let a = self.atom(name);
        let f = if self.sloppy() { Rt::perry_global_put } else { Rt::perry_global_set };
        self.rt_check(f, &[a, v]);
    }

    pub fn this_value(&mut self) -> V {
        if let Some(tv) = self.inline_this {
            return self.use_var(tv);
        }
        let v = self.pseudo(Cap::This);
        let owner = self.m.analysis.non_arrow(self.ctx_id);
        if matches!(self.m.analysis.ctxs[owner].kind, CtxKind::Ctor { derived: true }) {
            let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
            let bad = self.b.create_block();
            let ok = self.b.create_block();
            self.b.ins().brif(is_hole, bad, &[], ok, &[]);
            self.b.switch_to_block(bad);
            self.rt(Rt::perry_this_tdz, &[]);
            self.throw_pending();
            self.b.switch_to_block(ok);
            self.terminated = false;
        }
        v
    }

    pub fn new_target(&mut self) -> V {
        self.pseudo(Cap::NewTarget)
    }
    pub fn fn_obj(&mut self) -> V {
        self.pseudo(Cap::FnObj)
    }
    pub fn arguments(&mut self) -> V {
        self.pseudo(Cap::Arguments)
    }

    /// The box (or value) a child closure captures for `cap`.
    pub fn capture_for_child(&mut self, cap: Cap) -> V {
        if let Some(&i) = self.m.analysis.ctxs[self.ctx_id].cap_index.get(&cap) {
            return self.capture_box(i);
        }
        match cap {
            Cap::Sym(s) => match self.loc(s) {
                Loc::Boxed(v) | Loc::Local(v) | Loc::Num(v) | Loc::Int(v, _) => self.use_var(v),
                Loc::Spec(..) => unreachable!("a captured binding is never a probable number"),
                Loc::Captured(i) => self.capture_box(i),
                Loc::Global(_) | Loc::GlobalObject(_) => self.undef(),
            },
            other => match self.pseudo_box.get(&other) {
                Some(&bv) => self.use_var(bv),
                None => self.undef(),
            },
        }
    }

    // ----- closures and calls -----

    /// Creates the closure for a function context.
    pub fn make_closure(&mut self, key: usize, body: FnBody, name: &str, length: u32) -> V {
        let (fid, meta, flags) = {
            let info = self.c.function_for(key, self.module, body, name, length);
            (info.id, info.meta, info.flags)
        };
        let child = self.m.analysis.by_node[&key];
        let caps = self.m.analysis.ctxs[child].captures.clone();
        let f = self.alloc_closure(fid, meta, flags, caps.len());
        for (i, cap) in caps.into_iter().enumerate() {
            let v = self.capture_for_child(cap);
            self.store_field(f, FN_CAPS + 8 * i as i32, v);
        }
        f
    }

    /// A new function object for function `fid` (its metadata `meta`, with
    /// `flags` and `ncaps` capture slots, all undefined). The site's slots
    /// (`CLOSURE_SITE_*`) hold the shape and prototype of the function
    /// objects it makes once the runtime made the first (`perry_closure_site`);
    /// after that they are bump-allocated inline, and the runtime makes one
    /// only when eden is full.
    fn alloc_closure(&mut self, fid: cranelift_module::FuncId, meta: cranelift_module::DataId, flags: u32, ncaps: usize) -> V {
        let fref = self.func_ref(fid);
        // Code that runs once (module code outside loops) makes each of its
        // functions once: the plain call, and no site.
        let size = (FN_CAPS as usize + 8 * ncaps + 8) as u64;
        if size > 256 || self.runs_once() {
            let meta_addr = self.data_addr(meta);
            let code = self.b.ins().func_addr(types::I64, fref);
            return self.rt(Rt::perry_closure, &[meta_addr, code]);
        }
        let site = self.c.new_site(CLOSURE_SITE_SLOTS, super::SlotInit::Undefined);
        let general = |s: &mut Self| {
            let meta_addr = s.data_addr(meta);
            let code = s.b.ins().func_addr(types::I64, fref);
            let site_addr = s.global_addr(site);
            s.rt(Rt::perry_closure_site, &[meta_addr, code, site_addr])
        };
        let res = self.new_var();
        let base = self.data_addr(self.c.globals_data);
        let shape = self.b.ins().load(types::I64, MemFlags::trusted(), base, (site * GLOBAL_SLOT_SIZE) as i32);
        let learnt = self.b.ins().icmp_imm_u(IntCC::NotEqual, shape, UNDEFINED as i64);
        let inline = self.b.create_block();
        let first = self.b.create_block();
        let done = self.b.create_block();
        self.b.set_cold_block(first);
        self.b.ins().brif(learnt, inline, &[], first, &[]);
        self.b.switch_to_block(inline);
        let ctor = if flags & (FNF_CONSTRUCTOR | FNF_CLASS_CTOR) != 0 { FLAG_CONSTRUCTOR << HDR_FLAGS_SHIFT } else { 0 };
        let size_v = self.iconst(size);
        let (o, _) = self.alloc_object_inline(
            size_v,
            (KIND_FUNCTION << HDR_KIND_SHIFT) | ctor,
            |s, top| {
                // Every word before the next safepoint: the layout
                // `function::alloc_function` writes.
                let flags = MemFlags::trusted();
                s.b.ins().store(flags, shape, top, OBJ_SHAPE);
                let proto = s.b.ins().load(types::I64, flags, base, ((site + CLOSURE_SITE_PROTO) * GLOBAL_SLOT_SIZE) as i32);
                s.b.ins().store(flags, proto, top, OBJ_PROTO);
                let code = s.b.ins().func_addr(types::I64, fref);
                s.b.ins().store(flags, code, top, FN_CODE);
                let meta_addr = s.data_addr(meta);
                s.b.ins().store(flags, meta_addr, top, FN_META);
                let undef = s.undef();
                for off in (FN_HOME..size as i32).step_by(8) {
                    s.b.ins().store(flags, undef, top, off);
                }
            },
            general,
        );
        self.def_var(res, o);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(first);
        let o = general(self);
        self.def_var(res, o);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// Calls `f` with `this` and register arguments (at most 4), with the
    /// inline function check; non-callables throw TypeError naming `what`.
    /// The arguments of a JS call (`callee, this, new_target, argc, a0..a3,
    /// rest`) for at most `JS_REG_ARGS` arguments.
    fn js_call_args(&mut self, f: V, this: V, nt: V, args: &[V]) -> Vec<V> {
        let undef = self.undef();
        let argc = self.iconst(args.len() as u64);
        let mut full = vec![f, this, nt, argc];
        full.extend((0..JS_REG_ARGS).map(|i| args.get(i).copied().unwrap_or(undef)));
        full.push(undef);
        full
    }

    pub fn call_value(&mut self, f: V, this: V, args: &[V], what: &str) -> V {
        assert!(args.len() <= JS_REG_ARGS);
        let result = self.new_var();
        let is_obj = {
            let t = self.tag_of(f);
            self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64)
        };
        let check_kind = self.b.create_block();
        let do_call = self.b.create_block();
        let not_fn = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(is_obj, check_kind, &[], not_fn, &[]);
        self.b.switch_to_block(check_kind);
        let kind = self.cell_kind(f);
        let is_fn = self.b.ins().icmp_imm_u(IntCC::Equal, kind, KIND_FUNCTION as i64);
        self.b.ins().brif(is_fn, do_call, &[], not_fn, &[]);
        self.b.switch_to_block(do_call);
        let code = self.load_field(f, FN_CODE);
        let undef = self.undef();
        let full = self.js_call_args(f, this, undef, args);
        self.effects += 1;
        let sig = self.b.import_signature(self.c.js_sig.clone());
        let call = self.b.ins().call_indirect(sig, code, &full);
        let r = self.b.inst_results(call)[0];
        self.after_call();
        let r = self.track(r);
        self.def_var(result, r);
        self.b.ins().jump(done, &[]);
        // Not a function cell: a callable proxy is called by the runtime;
        // anything else throws "... is not a function".
        self.b.switch_to_block(not_fn);
        let ci = self.c.const_str(what);
        let text = self.iconst(ci as u64);
        let argc = self.iconst(args.len() as u64);
        let undef = self.undef();
        let mut full = vec![f, this, text, argc];
        for i in 0..JS_REG_ARGS {
            full.push(if i < args.len() { args[i] } else { undef });
        }
        let r = self.rt(Rt::perry_call_other, &full);
        self.def_var(result, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.terminated = false;
        let r = self.use_var(result);
        self.check(r);
        r
    }

    /// `ToBoolean` as an i8 condition.
    pub fn truthy(&mut self, v: V) -> V {
        let res = self.declare(types::I8);
        let isnum = self.is_number(v);
        let numb = self.b.create_block();
        let other = self.b.create_block();
        let boolb = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(isnum, numb, &[], other, &[]);
        self.b.switch_to_block(numb);
        let f = self.f64_of(v);
        let z = self.b.ins().f64const(0.0);
        let c = self.b.ins().fcmp(FloatCC::OrderedNotEqual, f, z);
        self.def_var(res, c);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(other);
        let t = self.tag_of(v);
        let isb = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_BOOL as i64);
        self.b.ins().brif(isb, boolb, &[], slow, &[]);
        self.b.switch_to_block(boolb);
        let low = self.b.ins().band_imm_u(v, 1);
        let c = self.b.ins().icmp_imm_u(IntCC::NotEqual, low, 0);
        self.def_var(res, c);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        let r = self.rt(Rt::perry_truthy, &[v]);
        let c = self.b.ins().icmp_imm_u(IntCC::NotEqual, r, 0);
        self.def_var(res, c);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    pub fn is_nullish(&mut self, v: V) -> V {
        let a = self.b.ins().icmp_imm_u(IntCC::Equal, v, UNDEFINED as i64);
        let b = self.b.ins().icmp_imm_u(IntCC::Equal, v, NULL as i64);
        self.b.ins().bor(a, b)
    }

    // ----- function bodies -----

    fn prologue(&mut self) {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        let p: Vec<V> = self.b.block_params(entry).to_vec();
        self.def_var(self.callee, p[0]);
        if matches!(self.body, FnBody::Module) && self.m.script {
            // A script's `this` is the global object (16.1.6 ScriptEvaluation).
            let g = self.rt(Rt::perry_global_this, &[]);
            self.def_var(self.this_v, g);
        } else if matches!(self.body, FnBody::Function(_)) && self.m.analysis.ctxs[self.ctx_id].uses_this && self.sloppy() {
            // A sloppy-mode function called without a receiver (`this` undefined or null) sees
            // the global object (10.2.1.2 OrdinaryCallBindThis, step 6.a).
            let nullish = self.is_nullish(p[1]);
            let global = self.b.create_block();
            let join = self.b.create_block();
            self.b.append_block_param(join, types::I64);
            self.b.ins().brif(nullish, global, &[], join, &[p[1].into()]);
            self.b.switch_to_block(global);
            self.cold_here();
            let g = self.rt(Rt::perry_global_this, &[]);
            self.b.ins().jump(join, &[g.into()]);
            self.b.switch_to_block(join);
            let this = self.b.block_params(join)[0];
            self.track(this);
            self.def_var(self.this_v, this);
        } else {
            self.def_var(self.this_v, p[1]);
        }
        self.def_var(self.nt, p[2]);
        self.def_var(self.argc, p[3]);
        for i in 0..4 {
            self.def_var(self.regs[i], p[4 + i]);
        }
        self.def_var(self.rest, p[8]);
        // Stack overflow check: RangeError instead of a crash. The stack pointer, not the
        // frame pointer: it is the bottom of the whole frame (`parallel::MAX_FAST_FRAME`).
        let fp = self.b.ins().get_stack_pointer(types::I64);
        let la = self.data_addr(self.c.stack_limit);
        let limit = self.b.ins().load(types::I64, MemFlags::trusted(), la, 0);
        let low = self.b.ins().icmp(IntCC::UnsignedLessThan, fp, limit);
        let over = self.b.create_block();
        let ok = self.b.create_block();
        self.b.ins().brif(low, over, &[], ok, &[]);
        self.b.switch_to_block(over);
        self.rt(Rt::perry_stack_overflow, &[]);
        let e = self.iconst(EXCEPTION);
        self.b.ins().return_(&[e]);
        self.b.switch_to_block(ok);
        match self.body {
            FnBody::Function(f) if f.generator => self.gen_entry(false, f.r#async),
            FnBody::Function(f) if f.r#async && !super::generator::function_awaits(f) => self.async_plain = true,
            FnBody::Function(f) if f.r#async => self.gen_entry(true, false),
            FnBody::Arrow(a) if a.r#async && !super::generator::arrow_awaits(a) => self.async_plain = true,
            FnBody::Arrow(a) if a.r#async => self.gen_entry(true, false),
            FnBody::Module if self.module_has_tla() => {
                // Top-level await: the module body is an async activation,
                // whose function object (for resumption) is made here.
                self.gen_entry(true, false);
                let key = self.m.program as *const _ as usize;
                let me = self.make_closure(key, FnBody::Module, "", 0);
                self.def_var(self.callee, me);
            }
            _ => {}
        }
        // Pseudo-variables that inner arrows capture live in boxes.
        let boxed: Vec<Cap> = self.m.analysis.ctxs[self.ctx_id].boxed_pseudo.iter().copied().collect();
        let owner_is_self = self.m.analysis.non_arrow(self.ctx_id) == self.ctx_id;
        if owner_is_self && self.m.analysis.ctxs[self.ctx_id].uses_arguments {
            let argc = self.use_var(self.argc);
            let r: Vec<V> = self.regs.into_iter().map(|r| self.use_var(r)).collect();
            let rest = self.use_var(self.rest);
            let a = self.rt(Rt::perry_arguments, &[argc, r[0], r[1], r[2], r[3], rest]);
            let v = self.new_var();
            self.def_var(v, a);
            self.arguments_var = Some(v);
        }
        if owner_is_self {
            for cap in boxed {
                let init = match cap {
                    Cap::This => self.use_var(self.this_v),
                    Cap::NewTarget => self.use_var(self.nt),
                    Cap::FnObj => self.use_var(self.callee),
                    Cap::Arguments => match self.arguments_var {
                        Some(v) => self.use_var(v),
                        None => self.undef(),
                    },
                    Cap::Sym(_) => continue,
                };
                let bx = self.rt(Rt::perry_new_box, &[init]);
                let var = self.new_var();
                self.def_var(var, bx);
                self.pseudo_box.insert(cap, var);
            }
        }
        self.init_this_ptr();
    }

    /// Parameter `i` as passed (undefined when missing).
    pub fn param(&mut self, i: usize) -> V {
        if i < JS_REG_ARGS {
            return self.use_var(self.regs[i]);
        }
        // rest[i - 4] when argc > i.
        let argc = self.use_var(self.argc);
        let has = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, argc, i as i64);
        let res = self.new_var();
        let yes = self.b.create_block();
        let no = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(has, yes, &[], no, &[]);
        self.b.switch_to_block(yes);
        let rest = self.use_var(self.rest);
        let v = self.load_field(rest, VA_DATA + 8 * (i - JS_REG_ARGS) as i32);
        let v = self.track(v);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(no);
        let u = self.undef();
        self.def_var(res, u);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    pub fn compile_params(&mut self, params: &'static FormalParameters<'static>) {
        // With default values, later parameters are in their TDZ while earlier
        // defaults run.
        let has_defaults = params.items.iter().any(|p| p.initializer.is_some() || matches!(p.pattern, BindingPattern::AssignmentPattern(_)));
        if has_defaults {
            for sym in param_symbols(params) {
                let h = self.iconst(HOLE);
                self.declare_local(sym, h);
                self.param_tdz.insert(sym);
            }
        }
        for (i, p) in params.items.iter().enumerate() {
            let mut v = self.param(i);
            if let Some(init) = &p.initializer {
                v = self.default_value(v, init, pattern_name(&p.pattern));
            }
            self.bind_pattern(&p.pattern, v, true);
        }
        if let Some(r) = &params.rest {
            let start = self.iconst(params.items.len() as u64);
            let argc = self.use_var(self.argc);
            let regs: Vec<V> = self.regs.into_iter().map(|r| self.use_var(r)).collect();
            let rest = self.use_var(self.rest);
            let arr = self.rt(Rt::perry_rest_array, &[start, argc, regs[0], regs[1], regs[2], regs[3], rest]);
            self.bind_pattern(&r.rest.argument, arr, true);
        }
    }

    /// Number function `sym` of this module, if it is one.
    pub fn num_fn(&mut self, sym: SymbolId) -> Option<crate::numeric::NumFn> {
        self.c.number_functions(self.module).get(&sym).cloned()
    }

    /// A number function's general entry: when every parameter that is a
    /// number in the number entry (`NumFn::nums`) holds one, the number
    /// entry runs instead (same arguments, same result).
    fn forward_numbers(&mut self, f: &'static Function<'static>) {
        let Some(sym) = f.id.as_ref().and_then(|i| i.symbol_id.get()) else { return };
        let key = f as *const Function as usize;
        let Some(nf) = self.num_fn(sym).filter(|nf| nf.key == key) else { return };
        let id = self.c.num_entry(self.module, &nf);
        let mut all = None;
        for i in (0..nf.arity).filter(|&i| nf.nums[i]) {
            let r = self.use_var(self.regs[i]);
            let c = self.is_number(r);
            all = Some(match all {
                None => c,
                Some(a) => self.b.ins().band(a, c),
            });
        }
        let fwd = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(all.unwrap(), fwd, &[], go, &[]);
        self.b.switch_to_block(fwd);
        let mut args = vec![self.use_var(self.callee), self.use_var(self.this_v), self.use_var(self.nt), self.use_var(self.argc)];
        for i in 0..JS_REG_ARGS {
            args.push(self.use_var(self.regs[i]));
        }
        args.push(self.use_var(self.rest));
        let fref = self.func_ref(id);
        let call = self.b.ins().call(fref, &args);
        let r = self.b.inst_results(call)[0];
        self.b.ins().return_(&[r]);
        self.b.switch_to_block(go);
    }

    /// A call of number function `nf` (`f`, its function object) whose
    /// arguments are numbers: straight to its number entry. The result is
    /// a number when the function returns only numbers.
    pub fn call_num_entry(&mut self, nf: &crate::numeric::NumFn, f: V, args: &[V]) -> V {
        let id = self.c.num_entry(self.module, nf);
        let undef = self.undef();
        let full = self.js_call_args(f, undef, undef, args);
        self.effects += 1;
        let fref = self.func_ref(id);
        let call = self.b.ins().call(fref, &full);
        let r = self.b.inst_results(call)[0];
        self.after_call();
        if !nf.returns_num {
            let r = self.track(r);
            self.check(r);
            return r;
        }
        self.check(r);
        // A number by construction from here on (see `known_num`).
        let x = self.b.ins().bitcast(types::F64, MemFlags::new(), r);
        self.b.ins().bitcast(types::I64, MemFlags::new(), x)
    }

    /// `v === undefined ? <init> : v`, with the default named after `name`.
    pub fn default_value(&mut self, v: V, init: &'static Expression<'static>, name: Option<&str>) -> V {
        let res = self.new_var();
        self.def_var(res, v);
        let is_undef = self.b.ins().icmp_imm_u(IntCC::Equal, v, UNDEFINED as i64);
        let yes = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(is_undef, yes, &[], done, &[]);
        self.b.switch_to_block(yes);
        let d = self.expr_named(init, name);
        self.def_var(res, d);
        self.jump(done);
        self.switch_to(done);
        self.use_var(res)
    }

    /// The IR function this body compiles from, when `PERRY_IR=1` and lowering covered it
    /// (`codegen/from_ir.rs`).
    fn ir_function(&mut self) -> Option<crate::ir::FuncId> {
        if !super::from_ir::enabled() {
            return None;
        }
        let key = super::from_ir::ir_key(self.body)?;
        self.c.ir_module(self.module).function(key)
    }

    pub fn compile_body(&mut self) {
        self.prologue();
        match self.body {
            FnBody::ModuleHoist => {
                let program = self.m.program;
                self.hoist_functions(&program.body);
                self.ensure_open();
                let u = self.undef();
                self.b.ins().return_(&[u]);
            }
            FnBody::Module => {
                self.display_name = String::new();
                let program = self.m.program;
                self.infer_numbers(&program.body, &[]);
                self.module_prologue();
                // Module bindings no other function uses live in this function.
                self.init_scope(program.scope_id.get(), &[]);
                if self.generator.is_some() {
                    // Point 0: the body runs to its first `await`; the call
                    // returns the module's promise.
                    let u = self.undef();
                    self.suspend(u);
                }
                match crate::modules::cjs_wrapper(program).filter(|_| self.m.cjs) {
                    // A CommonJS module's body makes its wrapper function, which the loader calls.
                    Some(f) => {
                        let key = f as *const Function as usize;
                        let clo = self.make_closure(key, FnBody::Function(f), "", fn_length(&f.params));
                        let slot = self.c.default_slots[&self.module];
                        self.global_set(slot, clo);
                    }
                    None => self.stmts(&program.body),
                }
                self.ensure_open();
                let u = self.undef();
                self.b.ins().return_(&[u]);
                self.gen_finish();
            }
            FnBody::Function(f) | FnBody::NumEntry(f) => {
                self.display_name = f.id.as_ref().map(|i| i.name.as_str().to_string()).unwrap_or_default();
                if let Some(id) = self.ir_function() {
                    if let Some(body) = &f.body {
                        self.infer_numbers(&body.statements, &[]);
                    }
                    self.forward_numbers(f);
                    self.param_flags(&f.params);
                    let irm = self.c.ir_module(self.module);
                    self.compile_from_ir(&irm, id);
                    self.exception_exit();
                    return;
                }
                let num_entry = matches!(self.body, FnBody::NumEntry(_));
                if let Some(body) = &f.body {
                    let mut params = if num_entry { param_symbols(&f.params) } else { Vec::new() };
                    if num_entry && let Some(nf) = f.id.as_ref().and_then(|i| i.symbol_id.get()).and_then(|s| self.num_fn(s)) {
                        let mut n = nf.nums.iter();
                        params.retain(|_| n.next().copied().unwrap_or(false));
                    }
                    self.infer_numbers(&body.statements, &params);
                }
                if !num_entry {
                    self.forward_numbers(f);
                }
                let mut params = param_symbols(&f.params);
                // A named function expression's own name is bound before the
                // parameters: a closure in a default value may capture it.
                if let Some(id) = &f.id
                    && f.r#type == FunctionType::FunctionExpression
                    && let Some(s) = id.symbol_id.get()
                    && self.scoping().symbol_scope_id(s) == f.scope_id.get().unwrap()
                {
                    let me = self.use_var(self.callee);
                    self.declare_local(s, me);
                    params.push(s);
                }
                self.compile_params(&f.params);
                self.init_scope(f.scope_id.get(), &params);
                self.param_flags(&f.params);
                if let Some(body) = &f.body {
                    self.hoist_functions(&body.statements);
                    if self.generator.is_some() {
                        // Point 0: the call returns the generator object
                        // (an async function's promise).
                        let u = self.undef();
                        self.suspend(u);
                    }
                    self.stmts(&body.statements);
                }
                self.ensure_open();
                let u = self.undef();
                self.ret(u);
                self.gen_finish();
            }
            FnBody::Arrow(a) => {
                // An expression body declares no locals, but its reads of
                // module number constants and number functions still fold.
                let statements: &'static [Statement<'static>] = match a.get_function_body() {
                    Some(body) => &body.statements,
                    None => &[],
                };
                self.infer_numbers(statements, &[]);
                if let Some(id) = self.ir_function() {
                    self.param_flags(&a.params);
                    let irm = self.c.ir_module(self.module);
                    self.compile_from_ir(&irm, id);
                    self.exception_exit();
                    return;
                }
                let params = param_symbols(&a.params);
                self.compile_params(&a.params);
                self.init_scope(a.scope_id.get(), &params);
                if let Some(body) = a.get_function_body() {
                    self.hoist_functions(&body.statements);
                }
                if self.generator.is_some() {
                    let u = self.undef();
                    self.suspend(u);
                }
                if let Some(e) = a.get_expression() {
                    let v = self.expr(e);
                    self.ensure_open();
                    self.ret(v);
                } else if let Some(body) = a.get_function_body() {
                    self.stmts(&body.statements);
                    self.ensure_open();
                    let u = self.undef();
                    self.ret(u);
                }
                self.gen_finish();
            }
            FnBody::Ctor(class) => self.compile_ctor(class),
            FnBody::StaticInit(class) => {
                self.display_name = "<static_initializer>".into();
                self.compile_static_init(class);
                self.ensure_open();
                let u = self.undef();
                self.b.ins().return_(&[u]);
            }
        }
        self.exception_exit();
    }

    /// The function-level exception exit (an await-free async function returns its promise,
    /// rejected).
    fn exception_exit(&mut self) {
        self.b.switch_to_block(self.throw_block);
        let e = if self.async_plain { self.rt(Rt::perry_async_rejected, &[]) } else { self.iconst(EXCEPTION) };
        self.b.ins().return_(&[e]);
    }

    /// Seals and finalizes the function; returns its GC values for
    /// `safepoints::run`.
    pub fn finish(mut self, cfg: cranelift_codegen::isa::TargetFrontendConfig) -> EntitySet<V> {
        for &(inst, sym) in &self.recv_clears {
            let mask = self.recv_bits.iter().filter(|((_, s), _)| *s == sym).fold(0u64, |m, (_, &b)| m | 1 << b);
            self.b.func.dfg.insts[inst] =
                cranelift_codegen::ir::InstructionData::UnaryImm { opcode: cranelift_codegen::ir::Opcode::Iconst, imm: (!mask as i64).into() };
        }
        self.b.seal_all_blocks();
        self.b.finalize(cfg);
        self.gc_values
    }

    /// For each plain parameter that is indexed (`p[i]`), never assigned
    /// and declared a Float64Array: whether it is one (and whether an
    /// Array), tested once here (an object's kind and a typed array's
    /// element type never change). (Flags for parameters declared arrays
    /// cost more than they saved: each is a variable live through the body.)
    fn param_flags(&mut self, params: &'static FormalParameters<'static>) {
        for p in &params.items {
            let BindingPattern::BindingIdentifier(id) = &p.pattern else { continue };
            let Some(s) = id.symbol_id.get() else { continue };
            if !self.indexed.contains(&s) || self.scoping().get_resolved_references(s).any(|r| r.is_write()) {
                continue;
            }
            let Loc::Local(var) = self.loc(s) else { continue };
            // Only the test the declared type suggests (each flag is a
            // variable live through the whole body).
            let ty = p.type_annotation.as_ref().map(|t| &t.type_annotation);
            let named = |n: &str| matches!(ty, Some(TSType::TSTypeReference(r)) if matches!(&r.type_name, TSTypeName::IdentifierReference(i) if i.name == n));
            let v = self.use_var(var);
            if named("Float64Array") {
                let flag = self.kind_test(v, KIND_ARRAY);
                self.array_flags.insert(s, flag);
                let v = self.use_var(var);
                let flag = self.typed_test(v, TA_TY_FLOAT64);
                self.f64_array_flags.insert(s, flag);
            }
        }
    }

    /// Enters a loop: the outer loop's array caches are emptied (their
    /// length 0 sends every access to the general path, whose call refills
    /// them) and the bindings of `syms` that hold one value for the whole
    /// loop get caches: plain locals never assigned, declared before the
    /// loop (`at`, its start). A cache is two `i64` variables, the elements'
    /// data address and the length, of the binding's value while it is an
    /// array with writable elements (else length 0), filled here and again
    /// after every call in the loop (`refresh_caches`): between calls
    /// nothing can change an array's length or move its elements, since
    /// compiled code never writes a length or replaces an elements array
    /// inline. An indexed access then needs only the bounds test against
    /// the cached length (`get_index_cached`, `set_index_cached`).
    pub fn enter_loop_caches(&mut self, syms: &[SymbolId], at: u32) {
        self.empty_caches();
        let mut frame = Vec::new();
        for &s in syms {
            let span = self.scoping().symbol_span(s);
            if span.end > at || self.scoping().get_resolved_references(s).any(|r| r.is_write()) {
                continue;
            }
            let Loc::Local(var) = self.loc(s) else { continue };
            let data = self.declare(types::I64);
            let len = self.declare(types::I64);
            let f64 = self.f64_array_flags.get(&s).copied();
            frame.push(ArrCache { sym: s, var, data, len, f64 });
        }
        self.arr_caches.push(frame);
        self.refresh_caches();
    }

    /// Leaves a loop (at its exit): the enclosing loop's caches are filled
    /// again.
    pub fn exit_loop_caches(&mut self) {
        self.arr_caches.pop();
        if !self.terminated {
            self.refresh_caches();
        }
    }

    fn empty_caches(&mut self) {
        let Some(frame) = self.arr_caches.last() else { return };
        if frame.is_empty() || self.terminated {
            return;
        }
        let frame = frame.clone();
        let z = self.b.ins().iconst(types::I64, 0);
        for c in frame {
            self.def_var(c.len, z);
        }
    }

    /// Fills the innermost loop's array caches from their bindings' values
    /// (after a call, and where the loop starts).
    pub fn refresh_caches(&mut self) {
        let Some(frame) = self.arr_caches.last() else { return };
        if frame.is_empty() || self.terminated {
            return;
        }
        let frame = frame.clone();
        let cold = self.b.current_block().is_some_and(|b| self.b.func.layout.is_cold(b));
        for c in frame {
            let z = self.b.ins().iconst(types::I64, 0);
            self.def_var(c.len, z);
            self.def_var(c.data, z);
            let o = self.use_var(c.var);
            let done = self.b.create_block();
            let first = self.b.func.dfg.num_blocks() - 1;
            let (data, len) = match c.f64 {
                Some(flag) => {
                    // A Float64Array (its kind and type never change; its
                    // length, buffer and place may, in a call).
                    let is = self.use_var(flag);
                    let yes = self.b.create_block();
                    self.b.ins().brif(is, yes, &[], done, &[]);
                    self.b.switch_to_block(yes);
                    let p = self.ptr_of(o);
                    self.typed_view(p, 8, done)
                }
                None => {
                    let p = self.guard_writable_array(o, done, done);
                    let len = self.b.ins().load(types::I64, MemFlags::trusted(), p, ARR_LEN);
                    let elems = self.b.ins().load(types::I64, MemFlags::trusted(), p, ARR_ELEMS);
                    let ep = self.ptr_of(elems);
                    (self.b.ins().iadd_imm_u(ep, VA_DATA as i64), len)
                }
            };
            if cold {
                // In a slow path: the refill stays in cold blocks.
                for i in first..self.b.func.dfg.num_blocks() {
                    self.b.set_cold_block(Block::from_u32(i as u32));
                }
            }
            self.def_var(c.len, len);
            self.def_var(c.data, data);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
        }
    }

    /// The innermost loop's array cache of the binding `e` names, if any.
    pub fn cache_of(&self, e: &Expression) -> Option<ArrCache> {
        let frame = self.arr_caches.last()?;
        if frame.is_empty() {
            return None;
        }
        let Expression::Identifier(id) = e else { return None };
        let s = self.scoping().get_reference(id.reference_id.get()?).symbol_id()?;
        frame.iter().find(|c| c.sym == s).copied()
    }

    /// Continues in a new block with `o`'s address when `o` is an object
    /// (its tag); to `not_object` otherwise.
    pub fn object_or(&mut self, o: V, not_object: Block) -> V {
        let t = self.tag_of(o);
        let iso = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let chk = self.b.create_block();
        self.b.ins().brif(iso, chk, &[], not_object, &[]);
        self.b.switch_to_block(chk);
        self.ptr_of(o)
    }

    /// Continues in a new block with `o`'s address when `o` is an array
    /// whose elements are not frozen (the kind byte and the flags byte of
    /// the header in one load); to `not_object` when it is no object, to
    /// `other` otherwise.
    pub fn guard_writable_array(&mut self, o: V, not_object: Block, other: Block) -> V {
        let p = self.object_or(o, not_object);
        let kf = self.b.ins().uload16(types::I64, MemFlags::trusted(), p, (HDR_KIND_SHIFT / 8) as i32);
        const _: () = assert!(HDR_FLAGS_SHIFT == HDR_KIND_SHIFT + 8);
        let masked = self.b.ins().band_imm_u(kf, (0xff | (FLAG_FROZEN_ELEMENTS << 8)) as i64);
        let ok = self.b.ins().icmp_imm_u(IntCC::Equal, masked, KIND_ARRAY as i64);
        let yes = self.b.create_block();
        self.b.ins().brif(ok, yes, &[], other, &[]);
        self.b.switch_to_block(yes);
        p
    }

    /// An `i8` variable: whether `v` is a typed array of element type `ty`.
    pub fn typed_test(&mut self, v: V, ty: u64) -> Variable {
        let flag = self.kind_test(v, KIND_TYPED_ARRAY);
        let is = self.use_var(flag);
        let chk = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(is, chk, &[], done, &[]);
        self.b.switch_to_block(chk);
        let p = self.ptr_of(v);
        let t = self.b.ins().load(types::I64, MemFlags::trusted(), p, TA_TYPE);
        let same = self.b.ins().icmp_imm_u(IntCC::Equal, t, ty as i64);
        self.def_var(flag, same);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        flag
    }

    /// Creates the closures of the function declarations among `stmts`.
    pub fn hoist_functions(&mut self, stmts: &'static [Statement<'static>]) {
        for s in stmts {
            let f: &'static Function<'static> = match s {
                Statement::FunctionDeclaration(f) => f,
                Statement::ExportDeclaration(d) => match &d.declaration {
                    Declaration::FunctionDeclaration(f) => f,
                    _ => continue,
                },
                Statement::ExportDefaultDeclaration(d) => match &d.declaration {
                    ExportDefaultDeclarationKind::FunctionDeclaration(f) if f.id.is_some() => f,
                    _ => continue,
                },
                _ => continue,
            };
            if f.body.is_none() {
                continue;
            }
            let Some(id) = &f.id else { continue };
            let Some(sym) = id.symbol_id.get() else { continue };
            let key = f as *const Function as usize;
            let clo = self.make_closure(key, FnBody::Function(f), id.name.as_str(), fn_length(&f.params));
            if self.c.global_object.contains(&(self.module, sym)) {
                self.global_declare(sym, clo, true);
            } else {
                self.init_binding(sym, clo);
            }
        }
    }

    /// Builds the namespace objects (`import * as ns`) this module reads.
    fn module_prologue(&mut self) {
        let g = self.c.graph;
        let program = self.m.program;
        // The ES modules a CommonJS module requires: `require` returns their namespaces.
        for &(_, d) in &self.m.requires {
            if !g.modules[d].cjs && self.c.require_slot(d) == self.c.namespace_slot(d) {
                self.build_namespace(d);
            }
        }
        // And those `import()` returns.
        for &(_, d) in &self.m.dynamic {
            self.build_namespace(d);
        }
        for d in crate::modules::import_equals_decls(program) {
            if let TSModuleReference::ExternalModuleReference(r) = &d.module_reference
                && let Some(&dep) = self.m.deps.get(r.expression.value.as_str())
                && !g.modules[dep].cjs
                && self.c.require_slot(dep) == self.c.namespace_slot(dep)
            {
                self.build_namespace(dep);
            }
        }
        for st in &program.body {
            let Statement::ImportDeclaration(d) = st else { continue };
            let Some(specs) = &d.specifiers else { continue };
            if crate::modules::import_elided(d, &self.m.scoping) {
                continue;
            }
            for s in specs {
                if let ImportDeclarationSpecifier::ImportNamespaceSpecifier(_) = s {
                    let dep = self.m.deps[d.source.value.as_str()];
                    self.build_namespace(dep);
                }
            }
        }
        let _ = g;
    }

    fn build_namespace(&mut self, dep: usize) {
        if self.c.graph.modules[dep].cjs {
            // The loader fills a CommonJS module's namespace when the module has run.
            return;
        }
        let slot = self.c.namespace_slot(dep);
        let mut names = Vec::new();
        self.c.graph.export_names(dep, 0, &mut names);
        let obj = self.rt(Rt::perry_module_namespace, &[]);
        let objv = self.new_var();
        self.def_var(objv, obj);
        for n in names {
            let target = match self.c.graph.resolve_export(dep, &n, 0) {
                Some((tm, e)) => {
                    if let crate::modules::Export::Namespace(ns) = e
                        && ns != dep
                    {
                        self.build_namespace(ns);
                    }
                    self.c.export_slot(tm, &e)
                }
                None => None,
            };
            let Some(target) = target else { continue };
            let k = self.str_const(&n);
            let o = self.use_var(objv);
            let s = self.iconst(target as u64);
            self.rt(Rt::perry_namespace_export, &[o, k, s]);
        }
        let o = self.use_var(objv);
        self.global_set(slot, o);
    }
}

pub fn param_symbols(params: &FormalParameters) -> Vec<SymbolId> {
    let mut out = Vec::new();
    for p in &params.items {
        crate::modules::pattern_names(&p.pattern, &mut Vec::new());
        let mut v = Vec::new();
        crate::modules::pattern_names(&p.pattern, &mut v);
        out.extend(v.into_iter().map(|x| x.1));
    }
    if let Some(r) = &params.rest {
        let mut v = Vec::new();
        crate::modules::pattern_names(&r.rest.argument, &mut v);
        out.extend(v.into_iter().map(|x| x.1));
    }
    out
}

/// Function.length: parameters before the first default or rest.
pub fn fn_length(params: &FormalParameters) -> u32 {
    let mut n = 0;
    for p in &params.items {
        if p.initializer.is_some() || matches!(p.pattern, BindingPattern::AssignmentPattern(_)) {
            break;
        }
        n += 1;
    }
    n
}

pub fn pattern_name<'a>(p: &'a BindingPattern) -> Option<&'a str> {
    match p {
        BindingPattern::BindingIdentifier(id) => Some(id.name.as_str()),
        _ => None,
    }
}
