//! Cranelift code generation: one object file holding every function of the
//! program, the string constants, module globals, function metadata, the
//! stack-map table and the source map that the runtime reads at start-up
//! (symbol names in `perry_abi`).
//!
//! # Phases
//!
//! `perry compile --timings` prints them: parse and analyse every module, then
//! code generation: the main thread lowers one function at a time to Cranelift
//! IR (`FnCompiler`, it needs the whole compiler's state) and hands each
//! finished function to the workers (`parallel.rs`); the machine code,
//! relocations, stack maps and source locations come back and are defined into
//! the one object module in the order the functions were lowered. Then the
//! tables (`perry_builtins` from `features.rs`, `perry_extensions`, function
//! metadata, stack maps, source map, site tables), then the link. A module's
//! top-level functions are created by a per-module hoist function that
//! `perry_user_main` runs for every module before any module body, so circular
//! imports work as in Node. `PERRY_DUMP_CLIF=NAME perry compile ...` prints the
//! Cranelift IR of the functions whose name contains NAME (`*` for all) before
//! optimisation.
//!
//! # Runtime imports and register-preserving slow paths
//!
//! Every runtime function is imported from
//! `perry_abi::foreach_runtime_function!` (`declare_runtime`, by `Rt`), never
//! by a name of its own. A function whose entry has the `preserving(name_pa)`
//! flag (`perry_get_index`, `perry_set_index`, `perry_numop`, `perry_compare`)
//! is also imported as its `_pa` form with Cranelift's `PreserveAll`
//! convention, and `FnCompiler::rt` calls that form. The runtime makes it with
//! `perry_gc::preserving_trampoline!`: it records the exit frame like an exit
//! trampoline (the walk starts from the compiled frame, not the trampoline's),
//! saves every other general and vector register, calls the Rust function and
//! restores them. A loop whose rare slow path calls one keeps its floats and
//! integers in registers (every float register is caller-saved in System V).
//! The calls are still safepoints for stack maps. The IC-miss functions and
//! `perry_add` have no `_pa` form: a site that always misses (a proxy) and
//! string concatenation (`+`'s common non-number case) paid more for the saves
//! than they gained.
//!
//! # Alignment
//!
//! Functions start on 64-byte lines (`log2_min_function_alignment`), so a
//! function's loops keep their alignment whatever code precedes it.

pub mod expr;
mod from_ir;
mod func;
mod generator;
pub mod parallel;
mod pattern;
mod regions;
mod safepoints;
mod stmt;

use crate::analyze::CtxKind;
use crate::diag::Diagnostic;
use crate::modules::{Export, Graph};
use cranelift_codegen::ir::{self, AbiParam, types};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_module::{DataDescription, DataId, FuncId, Linkage, Module};
use cranelift_object::{ObjectBuilder, ObjectModule};
use hashbrown::HashMap;
use oxc_syntax::symbol::{SymbolFlags, SymbolId};
use perry_abi::{AbiType, Rt};

pub use func::FnCompiler;

/// A global slot's meaning (for its initial value).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SlotInit {
    Undefined,
    Hole,
}

/// A method a call may run in place: its function's id, its AST and its parameters.
pub type InlineCandidate = (FuncId, &'static oxc_ast::ast::Function<'static>, Vec<SymbolId>);

pub struct FnInfo {
    pub id: FuncId,
    pub meta: DataId,
    /// The meta's `FNF_*` flags.
    pub flags: u32,
}

/// What is compiled for a function context.
#[derive(Clone, Copy)]
pub enum FnBody {
    /// A module's top-level code.
    Module,
    /// Creates a module's top-level function declarations; every module's
    /// runs before any module body (so circular imports can call them).
    ModuleHoist,
    Function(&'static oxc_ast::ast::Function<'static>),
    /// The number entry of a number function (`numeric::number_functions`):
    /// the same body, its parameters number locals; called directly when
    /// every argument is a number.
    NumEntry(&'static oxc_ast::ast::Function<'static>),
    Arrow(&'static oxc_ast::ast::ArrowFunctionExpression<'static>),
    /// A class constructor (explicit or synthetic) with its field initialisers.
    Ctor(&'static oxc_ast::ast::Class<'static>),
    /// A class's static fields and blocks.
    StaticInit(&'static oxc_ast::ast::Class<'static>),
}

/// A compiled program's object file, not yet written.
pub struct Object(cranelift_object::ObjectProduct);

impl Object {
    /// Writes the object file to `path`, streamed (the object of a large program is tens of
    /// megabytes: no second copy of it in memory).
    pub fn write(&self, path: &std::path::Path) -> Result<(), String> {
        let file = std::fs::File::create(path).map_err(|e| format!("cannot write object file: {e}"))?;
        self.0.object.write_stream(std::io::BufWriter::with_capacity(1 << 20, file)).map_err(|e| format!("cannot write object file: {e}"))
    }
}

pub struct Compiler<'g> {
    pub graph: &'g Graph,
    pub module: ObjectModule,
    /// The imported runtime functions, indexed by [`Rt`] (every function of
    /// `perry_abi::foreach_runtime_function!`, and nothing else).
    rt: Vec<FuncId>,
    /// The `PreserveAll` forms of the functions that have one (the list's
    /// `preserving` flag), indexed by [`Rt`].
    rt_preserving: Vec<Option<FuncId>>,
    pub js_sig: ir::Signature,
    pub consts: Vec<Vec<u16>>,
    const_index: HashMap<Vec<u16>, u32>,
    pub consts_data: DataId,
    pub atoms_data: DataId,
    pub globals_data: DataId,
    pub stack_limit: DataId,
    pub globals: Vec<SlotInit>,
    /// (module, symbol) -> global slot.
    pub global_slots: HashMap<(usize, SymbolId), u32>,
    /// Synthetic per-module slots (default export, namespace objects).
    pub default_slots: HashMap<usize, u32>,
    pub namespace_slots: HashMap<usize, u32>,
    /// Slots of ES module imports from CommonJS modules: (module, name) -> slot, filled by
    /// the loader (`stdlib/src/cjs.rs`) when the module has run; `None` is the namespace.
    pub cjs_import_slots: std::collections::BTreeMap<(usize, Option<String>), u32>,
    /// Function context key (AST address) -> compiled function.
    pub fns: HashMap<usize, FnInfo>,
    /// A script's top-level `var` and function bindings: properties of the
    /// global object, read and written by name (`Loc::GlobalObject`).
    pub global_object: hashbrown::HashSet<(usize, SymbolId)>,
    /// A method's [[SourceText]] span (its MethodDefinition, without
    /// `static`), by function node: the Function node starts at `(`.
    pub method_src: HashMap<usize, (u32, u32)>,
    /// The name a function's stack frames show, where V8 shows more than
    /// the function's own name: `C.m`, `new C`, `Object.m`, `get x [as x]`,
    /// and the inferred name of an anonymous function (by its key).
    pub frame_names: HashMap<usize, String>,
    pub queue: Vec<(usize, usize, FnBody)>,
    pub metas: Vec<DataId>,
    pub stackmaps: Vec<(FuncId, u32, u32, Vec<u32>)>,
    /// The largest frame of a compiled function (`SYM_MAX_FRAME`).
    pub max_frame: u32,
    pub srcmap: String,
    pub srcmap_fns: Vec<FuncId>,
    /// Source positions by index (a Cranelift `SourceLoc`): module, line,
    /// column, and the inlined frame the code at that position runs in
    /// (an index into `inline_frames` plus one; 0 for the function's own).
    pub positions: Vec<(u32, u32, u32, u32)>,
    /// Frames of inlined bodies: the inlined function's frame name and the
    /// position of the call it replaced (`I` records of the source map).
    pub inline_frames: Vec<(String, u32)>,
    /// Per module, its line starts (for `position`).
    pub line_index: HashMap<usize, crate::diag::LineIndex>,
    pub names: Vec<String>,
    pub errors: Vec<Diagnostic>,
    pub fn_count: usize,
    pub ctx: cranelift_codegen::Context,
    pub fctx: cranelift_frontend::FunctionBuilderContext,
    /// Workers running Cranelift on finished functions (`parallel.rs`).
    pool: Option<parallel::Pool>,
    /// Per submitted function: (its module, its display name).
    submitted: Vec<(usize, String)>,
    /// Sites that need a value computed once (tagged templates, private names).
    pub site_slots: HashMap<usize, u32>,
    /// Class declarations per module, and which class bindings construct as
    /// plain data (see `classes.rs`).
    pub class_decls: HashMap<usize, HashMap<SymbolId, &'static oxc_ast::ast::Class<'static>>>,
    /// Module-scope number constants per module (`numeric::module_const_numbers`).
    pub const_nums: HashMap<usize, std::rc::Rc<crate::numeric::ModuleConsts>>,
    pub plain_classes: HashMap<(usize, SymbolId), Option<std::rc::Rc<crate::classes::PlainClass>>>,
    /// Per class: its instances' fields in slot order, when predicted (`FnCompiler::class_fields`).
    pub class_fields: HashMap<(usize, SymbolId), Option<std::rc::Rc<Vec<String>>>>,
    /// Per module: the class of each instance method, getter and setter, by AST key.
    pub method_classes: HashMap<usize, std::rc::Rc<HashMap<usize, SymbolId>>>,
    /// Per module, the class each binding is predicted to hold an instance
    /// of (`classes::predicted_instances`).
    pub predicted: HashMap<usize, std::rc::Rc<HashMap<SymbolId, SymbolId>>>,
    /// Per plain class: a global slot holding its instances' shape (a raw
    /// shape pointer; undefined before the first construction).
    pub class_shapes: HashMap<(usize, SymbolId), u32>,
    /// Number functions per module (`numeric::number_functions`).
    pub num_fns: HashMap<usize, std::rc::Rc<HashMap<SymbolId, crate::numeric::NumFn>>>,
    /// Per module, its enum member reads that fold to constants (`enums.rs`), by site.
    enum_folds: HashMap<usize, std::rc::Rc<HashMap<u32, crate::enums::EnumConst>>>,
    /// Each module's methods compiled into their callers (`crate::inline`), found on first use.
    inline_methods: HashMap<usize, std::rc::Rc<crate::inline::Methods>>,
    /// Names of the program's class members (`member_names`), found on first use.
    member_names: Option<std::rc::Rc<MemberNames>>,
    /// Each module's IR (`PERRY_IR=1`, `from_ir.rs`), lowered on first use.
    ir: HashMap<usize, std::rc::Rc<from_ir::IrModule>>,
    /// Function key -> its number entry.
    pub num_entries: HashMap<usize, FuncId>,
    /// Private names: (class address, name) -> global slot holding the symbol,
    /// and (module, class span, name, slot) to find the innermost class.
    pub private_slots: HashMap<(usize, String), u32>,
    pub private_spans: Vec<(usize, u32, u32, String, u32)>,
    /// Exported variables of top-level TS namespaces: reads and writes go
    /// through the namespace object, as TypeScript emits them.
    pub ns_members: HashMap<(usize, SymbolId), (u32, String)>,
    /// Inline caches: 16 bytes per property-read site (shape, byte offset).
    pub ic_data: DataId,
    pub ic_count: u32,
    /// Sixteen zero bytes: where a method's untagged `this` points when `this` is no object
    /// (`FnCompiler::this_ptr`); its shape word, 0, equals no class's shape slot.
    pub no_object: DataId,
    pub heap_top: DataId,
    pub heap_end: DataId,
    /// The write barrier's filter and card table (see `perry_abi::SYM_CARD_BIAS`).
    pub nursery_start: DataId,
    /// `PERRY_MATH_METAS` (inline `Math.sqrt(x)` and the like).
    pub math_metas: DataId,
    /// `PERRY_NUMBER_METAS` (inline `Number.isFinite(x)` and the like).
    pub number_metas: DataId,
    /// `PERRY_STRING_METAS` (inline `s.charCodeAt(i)` and the like).
    pub string_metas: DataId,
    /// `PERRY_UNIT_STRINGS` (the one-unit Latin-1 strings).
    pub unit_strings: DataId,
    pub string_proto: DataId,
    pub array_hofs: DataId,
    /// `PERRY_INTACT`: which built-in properties still hold their start-up values (`INTACT_*`).
    pub intact: DataId,
    /// `PERRY_ARRAY_PROTO` (%Array.prototype%).
    pub array_proto_word: DataId,
    /// `PERRY_INTACT_VALUES`: the value of each `INTACT_*` property when it was watched.
    pub intact_values: DataId,
    /// `PERRY_HELD` (%Map.prototype% and %Set.prototype% while the methods compiled code calls
    /// directly are the built-ins: `perry_abi::HELD_MAP`).
    pub held: DataId,
    pub global_object_word: DataId,
    /// `PERRY_OBJECT_PROTO` (%Object.prototype%, for stores that add a property).
    pub object_proto_word: DataId,
    pub nursery_size: DataId,
    pub card_bias: DataId,
    /// `--expose-gc`: the executable defines a global `gc()`.
    pub expose_gc: bool,
}

/// The Cranelift type of an ABI type.
fn clif_type(t: AbiType) -> ir::Type {
    match t {
        AbiType::Value | AbiType::Ptr => types::I64,
        AbiType::F64 => types::F64,
    }
}

/// The signature of a runtime function (or of its `_pa` form) in `conv`.
fn runtime_signature(f: &perry_abi::RuntimeFn, conv: cranelift_codegen::isa::CallConv) -> ir::Signature {
    let mut sig = ir::Signature::new(conv);
    sig.params.extend(f.params.iter().map(|&t| AbiParam::new(clif_type(t))));
    sig.returns.extend(f.result.map(|t| AbiParam::new(clif_type(t))));
    sig
}

/// Declares every function of `perry_abi::foreach_runtime_function!` (and
/// the `_pa` forms) as imports; returns their ids indexed by [`Rt`]. The
/// order of declaration is the one the object file's symbols have always
/// had: the value functions, the `_pa` forms, then the number leaves.
fn declare_runtime(module: &mut ObjectModule) -> (Vec<FuncId>, Vec<Option<FuncId>>) {
    use cranelift_codegen::isa::CallConv;
    let default = module.isa().default_call_conv();
    let mut rt = vec![None; Rt::COUNT];
    let mut rt_preserving = vec![None; Rt::COUNT];
    let is_value_fn = |f: &perry_abi::RuntimeFn| f.conv == perry_abi::CallConv::C && f.result == Some(AbiType::Value);
    let mut declare = |name: &str, sig: &ir::Signature| module.declare_function(name, Linkage::Import, sig).unwrap();
    for &f in Rt::ALL.iter().filter(|f| is_value_fn(f.info())) {
        rt[f as usize] = Some(declare(f.name(), &runtime_signature(f.info(), default)));
    }
    for &f in Rt::ALL {
        if let Some(pa) = f.info().preserving {
            rt_preserving[f as usize] = Some(declare(pa, &runtime_signature(f.info(), CallConv::PreserveAll)));
        }
    }
    for &f in Rt::ALL.iter().filter(|f| !is_value_fn(f.info())) {
        let conv = match f.info().conv {
            perry_abi::CallConv::C => default,
            perry_abi::CallConv::PreserveAll => CallConv::PreserveAll,
        };
        rt[f as usize] = Some(declare(f.name(), &runtime_signature(f.info(), conv)));
    }
    (rt.into_iter().map(|id| id.expect("every runtime function is declared")).collect(), rt_preserving)
}

/// How an ISA compiles (see `parallel.rs` for which function gets which).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum IsaKind {
    /// Optimised, with the backtracking register allocator.
    Optimized,
    /// For code that runs once, as fast as Cranelift can: no optimisation, single-pass register
    /// allocation (which gives every spilled value a stack slot of its own, so frames grow with
    /// the function).
    Fast,
    /// No optimisation, with the backtracking register allocator (which shares stack slots):
    /// for code the fast ISA gave too large a frame.
    Compact,
}

/// The target ISA of `kind`.
pub fn make_isa(kind: IsaKind) -> OwnedTargetIsa {
    let mut fb = settings::builder();
    fb.set("opt_level", if kind == IsaKind::Optimized { "speed" } else { "none" }).unwrap();
    if kind == IsaKind::Fast {
        fb.set("regalloc_algorithm", "single_pass").unwrap();
    }
    fb.set("is_pic", "true").unwrap();
    fb.set("preserve_frame_pointers", "true").unwrap();
    fb.set("unwind_info", "false").unwrap();
    // Functions start on a cache line: a function's loops then sit at the
    // same offsets within lines whatever precedes it in the executable
    // (its speed does not depend on the size of unrelated code).
    fb.set("log2_min_function_alignment", "6").unwrap();
    fb.set("enable_verifier", if cfg!(debug_assertions) { "true" } else { "false" }).unwrap();
    let ib = cranelift_native::builder().expect("host ISA");
    ib.finish(settings::Flags::new(fb)).expect("ISA")
}

impl<'g> Compiler<'g> {
    /// The import of runtime function `f`.
    pub fn rt_id(&self, f: Rt) -> FuncId {
        self.rt[f as usize]
    }

    /// The import of `f`'s register-preserving form, if it has one.
    pub fn rt_preserving_id(&self, f: Rt) -> Option<FuncId> {
        self.rt_preserving[f as usize]
    }

    pub fn new(graph: &'g Graph) -> Compiler<'g> {
        let isa = make_isa(IsaKind::Optimized);
        let pool = Some(parallel::Pool::new(isa.clone(), make_isa(IsaKind::Fast), make_isa(IsaKind::Compact), parallel::open_cache()));
        let ob = ObjectBuilder::new(isa, "perry_program", cranelift_module::default_libcall_names()).unwrap();
        let mut module = ObjectModule::new(ob);
        let (rt, rt_preserving) = declare_runtime(&mut module);
        let mut js_sig = module.make_signature();
        for _ in 0..perry_abi::JS_PARAMS {
            js_sig.params.push(AbiParam::new(types::I64));
        }
        js_sig.returns.push(AbiParam::new(types::I64));
        let consts_data = module.declare_data(perry_abi::SYM_CONSTS, Linkage::Export, true, false).unwrap();
        let atoms_data = module.declare_data(perry_abi::SYM_ATOMS, Linkage::Export, true, false).unwrap();
        let globals_data = module.declare_data(perry_abi::SYM_GLOBALS, Linkage::Export, true, false).unwrap();
        let stack_limit = module.declare_data(perry_abi::SYM_STACK_LIMIT, Linkage::Import, true, false).unwrap();
        let ic_data = module.declare_data(perry_abi::SYM_ICS, Linkage::Export, true, false).unwrap();
        let no_object = module.declare_data("perry_no_object", Linkage::Local, false, false).unwrap();
        let heap_top = module.declare_data(perry_abi::SYM_HEAP_TOP, Linkage::Import, true, false).unwrap();
        let heap_end = module.declare_data(perry_abi::SYM_HEAP_END, Linkage::Import, true, false).unwrap();
        let nursery_start = module.declare_data(perry_abi::SYM_NURSERY_START, Linkage::Import, true, false).unwrap();
        let nursery_size = module.declare_data(perry_abi::SYM_NURSERY_SIZE, Linkage::Import, true, false).unwrap();
        let card_bias = module.declare_data(perry_abi::SYM_CARD_BIAS, Linkage::Import, true, false).unwrap();
        let math_metas = module.declare_data(perry_abi::SYM_MATH_METAS, Linkage::Import, true, false).unwrap();
        let number_metas = module.declare_data(perry_abi::SYM_NUMBER_METAS, Linkage::Import, true, false).unwrap();
        let string_metas = module.declare_data(perry_abi::SYM_STRING_METAS, Linkage::Import, true, false).unwrap();
        let unit_strings = module.declare_data(perry_abi::SYM_UNIT_STRINGS, Linkage::Import, true, false).unwrap();
        let string_proto = module.declare_data(perry_abi::SYM_STRING_PROTO, Linkage::Import, true, false).unwrap();
        let array_hofs = module.declare_data(perry_abi::SYM_ARRAY_HOFS, Linkage::Import, true, false).unwrap();
        let intact = module.declare_data(perry_abi::SYM_INTACT, Linkage::Import, true, false).unwrap();
        let array_proto_word = module.declare_data(perry_abi::SYM_ARRAY_PROTO, Linkage::Import, true, false).unwrap();
        let intact_values = module.declare_data(perry_abi::SYM_INTACT_VALUES, Linkage::Import, true, false).unwrap();
        let held = module.declare_data(perry_abi::SYM_HELD, Linkage::Import, true, false).unwrap();
        let global_object_word = module.declare_data(perry_abi::SYM_GLOBAL_OBJECT, Linkage::Import, true, false).unwrap();
        let object_proto_word = module.declare_data(perry_abi::SYM_OBJECT_PROTO, Linkage::Import, true, false).unwrap();
        let ctx = module.make_context();
        Compiler {
            graph,
            module,
            rt,
            rt_preserving,
            js_sig,
            consts: Vec::new(),
            const_index: HashMap::new(),
            consts_data,
            atoms_data,
            globals_data,
            stack_limit,
            globals: Vec::new(),
            global_slots: HashMap::new(),
            default_slots: HashMap::new(),
            namespace_slots: HashMap::new(),
            cjs_import_slots: std::collections::BTreeMap::new(),
            fns: HashMap::new(),
            global_object: hashbrown::HashSet::new(),
            method_src: HashMap::new(),
            frame_names: HashMap::new(),
            queue: Vec::new(),
            metas: Vec::new(),
            stackmaps: Vec::new(),
            max_frame: 0,
            srcmap: String::new(),
            srcmap_fns: Vec::new(),
            positions: Vec::new(),
            inline_frames: Vec::new(),
            line_index: HashMap::new(),
            names: Vec::new(),
            errors: Vec::new(),
            fn_count: 0,
            ctx,
            fctx: cranelift_frontend::FunctionBuilderContext::new(),
            pool,
            submitted: Vec::new(),
            site_slots: HashMap::new(),
            class_decls: HashMap::new(),
            plain_classes: HashMap::new(),
            class_fields: HashMap::new(),
            method_classes: HashMap::new(),
            predicted: HashMap::new(),
            class_shapes: HashMap::new(),
            const_nums: HashMap::new(),
            enum_folds: HashMap::new(),
            inline_methods: HashMap::new(),
            member_names: None,
            num_fns: HashMap::new(),
            ir: HashMap::new(),
            num_entries: HashMap::new(),
            private_slots: HashMap::new(),
            private_spans: Vec::new(),
            ns_members: HashMap::new(),
            ic_data,
            ic_count: 0,
            no_object,
            heap_top,
            heap_end,
            nursery_start,
            math_metas,
            number_metas,
            string_metas,
            unit_strings,
            string_proto,
            array_hofs,
            intact,
            array_proto_word,
            intact_values,
            held,
            global_object_word,
            object_proto_word,
            nursery_size,
            card_bias,
            expose_gc: false,
        }
    }

    /// Index of a string constant (also its atom index).
    pub fn const_str(&mut self, s: &str) -> u32 {
        let u: Vec<u16> = s.encode_utf16().collect();
        self.const_units(u)
    }

    pub fn const_units(&mut self, u: Vec<u16>) -> u32 {
        if let Some(&i) = self.const_index.get(&u) {
            return i;
        }
        let i = self.consts.len() as u32;
        self.consts.push(u.clone());
        self.const_index.insert(u, i);
        i
    }

    pub fn new_global(&mut self, init: SlotInit) -> u32 {
        self.globals.push(init);
        self.globals.len() as u32 - 1
    }

    /// A site of `n` consecutive global slots: the first starts as `first`,
    /// the others as undefined. Returns the first's index.
    pub fn new_site(&mut self, n: u32, first: SlotInit) -> u32 {
        let site = self.new_global(first);
        for _ in 1..n {
            self.new_global(SlotInit::Undefined);
        }
        site
    }

    /// Allocates global slots for every module-scope value binding, and
    /// resolves imports to the exporting module's slots.
    fn assign_globals(&mut self, phase: &[usize]) -> Result<(), Vec<Diagnostic>> {
        let g = self.graph;
        for &mi in phase {
            let m = &g.modules[mi];
            let root = m.analysis.module_scope;
            let exported: hashbrown::HashSet<SymbolId> = m.exports.values().filter_map(|e| if let Export::Local(s) = e { Some(*s) } else { None }).collect();
            for (_, &sym) in m.scoping.get_bindings(root).iter() {
                let f = m.scoping.symbol_flags(sym);
                if f.contains(SymbolFlags::Import) || f.contains(SymbolFlags::Ambient) || !f.intersects(SymbolFlags::Value) {
                    continue;
                }
                // A script's top-level `var` and function bindings live on the global object.
                if m.script && f.intersects(SymbolFlags::FunctionScopedVariable | SymbolFlags::Function) && !f.intersects(SymbolFlags::Class) {
                    self.global_object.insert((mi, sym));
                    continue;
                }
                // A variable only the module body uses is a local of that body.
                let is_var = f.intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable | SymbolFlags::FunctionScopedVariable)
                    && !f.intersects(SymbolFlags::Function | SymbolFlags::Class);
                if is_var && !exported.contains(&sym) && !m.analysis.module_refs_outside.contains(&sym) {
                    continue;
                }
                let init = if f.intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable | SymbolFlags::Class) {
                    SlotInit::Hole
                } else {
                    SlotInit::Undefined
                };
                let s = self.new_global(init);
                self.global_slots.insert((mi, sym), s);
            }
            let d = self.new_global(SlotInit::Hole);
            self.default_slots.insert(mi, d);
        }
        for &mi in phase {
            let m = &g.modules[mi];
            for st in &m.program.body {
                use oxc_ast::ast::*;
                let ns = match st {
                    Statement::TSNamespaceDeclaration(n) => n,
                    Statement::ExportDeclaration(d) => match &d.declaration {
                        Declaration::TSNamespaceDeclaration(n) => n,
                        _ => continue,
                    },
                    _ => continue,
                };
                let (Some(nsym), TSNamespaceDeclarationBody::TSModuleBlock(block)) = (ns.id.symbol_id.get(), &ns.body) else { continue };
                let Some(&slot) = self.global_slots.get(&(mi, nsym)) else { continue };
                for inner in &block.body {
                    if let Statement::ExportDeclaration(d) = inner
                        && let Declaration::VariableDeclaration(_) = &d.declaration
                    {
                        for (name, sym) in crate::modules::declared_names(&d.declaration) {
                            self.ns_members.insert((mi, sym), (slot, name));
                        }
                    }
                }
            }
        }
        // `import x = require("y")` binds y's `module.exports`, its `export =` value, or its
        // namespace; `import a = N.b` is a binding of its own, set where it stands.
        for &mi in phase {
            let m = &g.modules[mi];
            for d in crate::modules::import_equals_decls(m.program) {
                let Some(sym) = d.id.symbol_id.get() else { continue };
                let slot = match &d.module_reference {
                    oxc_ast::ast::TSModuleReference::ExternalModuleReference(r) => {
                        let Some(&dep) = m.deps.get(r.expression.value.as_str()) else { continue };
                        self.import_equals_slot(dep)
                    }
                    _ => self.new_global(SlotInit::Undefined),
                };
                self.global_slots.insert((mi, sym), slot);
            }
        }
        let mut errors = Vec::new();
        for &mi in phase {
            let m = &g.modules[mi];
            for st in &m.program.body {
                let oxc_ast::ast::Statement::ImportDeclaration(d) = st else { continue };
                let Some(specs) = &d.specifiers else { continue };
                if !d.import_kind.is_value() || crate::modules::import_elided(d, &m.scoping) {
                    continue;
                }
                let dep = m.deps[d.source.value.as_str()];
                for s in specs {
                    use oxc_ast::ast::ImportDeclarationSpecifier as S;
                    let (local, name) = match s {
                        S::ImportSpecifier(x) => {
                            if !x.import_kind.is_value() {
                                continue;
                            }
                            (&x.local, Some(x.imported.name().as_str().to_string()))
                        }
                        S::ImportDefaultSpecifier(x) => (&x.local, Some("default".to_string())),
                        S::ImportNamespaceSpecifier(x) => (&x.local, None),
                    };
                    let Some(sym) = local.symbol_id.get() else { continue };
                    // Imports used only as types have no value: skip them.
                    let used_as_value = m.scoping.get_resolved_references(sym).any(|r| r.flags().is_value());
                    let slot = match &name {
                        None if g.modules[dep].cjs => Some(self.cjs_import_slot(dep, None)),
                        None => Some(self.namespace_slot(dep)),
                        Some(n) => g.resolve_export(dep, n, 0).and_then(|(tm, e)| self.export_slot(tm, &e)),
                    };
                    match slot {
                        Some(s) => {
                            self.global_slots.insert((mi, sym), s);
                        }
                        None if used_as_value => {
                            let (spec, name) = (d.source.value.as_str(), name.as_deref().unwrap_or("*"));
                            let msg = if g.modules[dep].builtin {
                                format!("not supported yet: '{name}' of the built-in module '{}'", g.modules[dep].display)
                            } else {
                                format!("module '{spec}' has no export named '{name}'")
                            };
                            errors.push(m.diag(local.span.start, msg))
                        }
                        None => {}
                    }
                }
            }
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }

    /// The global slot holding the private name `#name` of class `c`.
    pub fn private_slot(&mut self, module: usize, c: &'static oxc_ast::ast::Class<'static>, name: &str) -> u32 {
        let key = (c as *const _ as usize, name.to_string());
        if let Some(&s) = self.private_slots.get(&key) {
            return s;
        }
        let s = self.new_global(SlotInit::Undefined);
        self.private_slots.insert(key, s);
        self.private_spans.push((module, c.span.start, c.span.end, name.to_string(), s));
        s
    }

    /// The slot of `#name` in the innermost class of `module` around offset `at`.
    pub fn private_slot_for(&mut self, module: usize, name: &str, at: u32) -> Option<u32> {
        self.private_spans.iter().filter(|(m, a, b, n, _)| *m == module && *a <= at && at < *b && n == name).min_by_key(|(_, a, b, _, _)| b - a).map(|x| x.4)
    }

    /// The global slot holding what module `tm`'s export `e` names.
    pub fn export_slot(&mut self, tm: usize, e: &Export) -> Option<u32> {
        match e {
            Export::Local(ts) => self.global_slots.get(&(tm, *ts)).copied(),
            Export::DefaultExpr => Some(self.default_slots[&tm]),
            Export::Namespace(ns) if self.graph.modules[*ns].cjs => Some(self.cjs_import_slot(*ns, None)),
            Export::Namespace(ns) => Some(self.namespace_slot(*ns)),
            Export::Cjs(name) => Some(self.cjs_import_slot(tm, Some(name.clone()))),
            Export::From(..) => None,
        }
    }

    /// The slot of an ES module import of name `name` (`None`: the namespace) from CommonJS
    /// module `m`.
    pub fn cjs_import_slot(&mut self, m: usize, name: Option<String>) -> u32 {
        if let Some(&s) = self.cjs_import_slots.get(&(m, name.clone())) {
            return s;
        }
        let s = self.new_global(SlotInit::Undefined);
        self.cjs_import_slots.insert((m, name), s);
        s
    }

    pub fn namespace_slot(&mut self, m: usize) -> u32 {
        if let Some(&s) = self.namespace_slots.get(&m) {
            return s;
        }
        let s = self.new_global(SlotInit::Undefined);
        self.namespace_slots.insert(m, s);
        s
    }

    /// Declares (once) the machine function for a function context and queues its body.
    /// Its symbol names the function and its line (`perry_fn_7_advance_L48`),
    /// for profilers and debuggers; stripping removes it.
    pub fn function_for(&mut self, key: usize, module: usize, body: FnBody, name: &str, length: u32) -> &FnInfo {
        if !self.fns.contains_key(&key) {
            let ctx_id = self.graph.modules[module].analysis.by_node[&key];
            let actx = &self.graph.modules[module].analysis.ctxs[ctx_id];
            let n = self.fn_count;
            self.fn_count += 1;
            let line = match body {
                FnBody::Function(f) | FnBody::NumEntry(f) => Some(f.span.start),
                FnBody::Arrow(a) => Some(a.span.start),
                FnBody::Ctor(c) | FnBody::StaticInit(c) => Some(c.span.start),
                FnBody::Module | FnBody::ModuleHoist => None,
            }
            .map(|offset| {
                let m = &self.graph.modules[module];
                self.line_index.entry(module).or_insert_with(|| crate::diag::LineIndex::new(m.source)).line_col(m.source, offset).0
            });
            let id = self.module.declare_function(&symbol_name(n, name, line), Linkage::Local, &self.js_sig.clone()).unwrap();
            let meta = self.module.declare_data(&format!("perry_meta_{n}"), Linkage::Local, true, false).unwrap();
            let flags = match actx.kind {
                CtxKind::Arrow => match body {
                    FnBody::Arrow(a) if a.r#async => perry_abi::FNF_ARROW | perry_abi::FNF_ASYNC,
                    _ => perry_abi::FNF_ARROW,
                },
                CtxKind::Method => match body {
                    FnBody::Function(f) if f.generator && f.r#async => perry_abi::FNF_METHOD | perry_abi::FNF_GENERATOR | perry_abi::FNF_ASYNC,
                    FnBody::Function(f) if f.generator => perry_abi::FNF_METHOD | perry_abi::FNF_GENERATOR,
                    FnBody::Function(f) if f.r#async => perry_abi::FNF_METHOD | perry_abi::FNF_ASYNC,
                    _ => perry_abi::FNF_METHOD,
                },
                CtxKind::Ctor { derived } => perry_abi::FNF_CLASS_CTOR | if derived { perry_abi::FNF_DERIVED } else { 0 },
                CtxKind::Function => match body {
                    FnBody::Function(f) if f.generator && f.r#async => perry_abi::FNF_GENERATOR | perry_abi::FNF_ASYNC,
                    FnBody::Function(f) if f.generator => perry_abi::FNF_GENERATOR,
                    FnBody::Function(f) if f.r#async => perry_abi::FNF_ASYNC,
                    _ => perry_abi::FNF_CONSTRUCTOR,
                },
                _ => 0,
            };
            let name_idx = if name.is_empty() { u32::MAX } else { self.const_str(name) };
            if !name.is_empty() {
                self.frame_names.entry(key).or_insert_with(|| name.to_string());
            }
            let (src_start, src_end) = match body {
                FnBody::Function(f) | FnBody::NumEntry(f) => self.method_src.get(&key).copied().unwrap_or((f.span.start, f.span.end)),
                FnBody::Arrow(a) => (a.span.start, a.span.end),
                FnBody::Ctor(c) | FnBody::StaticInit(c) => (c.span.start, c.span.end),
                FnBody::Module | FnBody::ModuleHoist => (0, 0),
            };
            // Offsets into the embedded source, which leaves out a CommonJS wrapper.
            let prefix = self.graph.modules[module].prefix;
            let (src_start, src_end) = (src_start.saturating_sub(prefix), src_end.saturating_sub(prefix));
            let mut bytes = Vec::with_capacity(perry_abi::FNMETA_SIZE);
            bytes.extend_from_slice(&name_idx.to_le_bytes());
            bytes.extend_from_slice(&length.to_le_bytes());
            bytes.extend_from_slice(&flags.to_le_bytes());
            bytes.extend_from_slice(&(actx.captures.len() as u32).to_le_bytes());
            bytes.extend_from_slice(&0u64.to_le_bytes());
            bytes.extend_from_slice(&src_start.to_le_bytes());
            bytes.extend_from_slice(&src_end.to_le_bytes());
            bytes.extend_from_slice(&(module as u32).to_le_bytes());
            let slots = match body {
                FnBody::Ctor(c) => crate::classes::instance_slots(c),
                _ => 0,
            };
            bytes.extend_from_slice(&slots.to_le_bytes());
            let mut d = DataDescription::new();
            d.define(bytes.into_boxed_slice());
            d.set_align(8);
            self.module.define_data(meta, &d).unwrap();
            self.metas.push(meta);
            self.queue.push((key, module, body));
            self.fns.insert(key, FnInfo { id, meta, flags });
        }
        &self.fns[&key]
    }

    /// Records a source position for stack traces, in inlined frame `inline`
    /// (0: none, else an index into `inline_frames` plus one); returns its index.
    pub fn position_in(&mut self, module: usize, offset: u32, inline: u32) -> u32 {
        let m = &self.graph.modules[module];
        let (line, mut col) = self.line_index.entry(module).or_insert_with(|| crate::diag::LineIndex::new(m.source)).line_col(m.source, offset);
        if line == 1 {
            // A CommonJS module's wrapper precedes its first line.
            col = col.saturating_sub(m.prefix).max(1);
        }
        self.positions.push((module as u32, line, col, inline));
        self.positions.len() as u32 - 1
    }

    /// A compile error (an early error of the program) at `offset`.
    pub fn error(&mut self, module: usize, offset: u32, msg: String) {
        let d = self.graph.modules[module].diag(offset, msg);
        self.errors.push(d);
    }

    pub fn unsupported(&mut self, module: usize, offset: u32, what: &str) {
        let d = self.graph.modules[module].diag(offset, format!("not supported yet: {what}"));
        self.errors.push(d);
    }

    /// The names the program's classes define accessors and methods by.
    pub fn member_names(&mut self) -> std::rc::Rc<MemberNames> {
        if let Some(n) = &self.member_names {
            return n.clone();
        }
        use oxc_ast::ast::{MethodDefinitionKind, PropertyKey};
        use oxc_ast_visit::Visit;
        #[derive(Default)]
        struct Names {
            names: MemberNames,
            methods: HashMap<String, u32>,
        }
        impl<'a> Visit<'a> for Names {
            fn visit_method_definition(&mut self, m: &oxc_ast::ast::MethodDefinition<'a>) {
                if let (PropertyKey::StaticIdentifier(id), false) = (&m.key, m.computed) {
                    match m.kind {
                        MethodDefinitionKind::Get => drop(self.names.getters.insert(id.name.to_string())),
                        MethodDefinitionKind::Set => drop(self.names.setters.insert(id.name.to_string())),
                        MethodDefinitionKind::Method if !m.r#static => *self.methods.entry(id.name.to_string()).or_default() += 1,
                        _ => {}
                    }
                }
                oxc_ast_visit::walk::walk_method_definition(self, m);
            }
        }
        let mut v = Names::default();
        for m in &self.graph.modules {
            v.visit_program(m.program);
        }
        v.names.poly_methods = v.methods.into_iter().filter(|&(_, n)| n >= 2).map(|(k, _)| k).collect();
        let n = std::rc::Rc::new(v.names);
        self.member_names = Some(n.clone());
        n
    }

    /// The constant an enum member read at `site` of `module` folds to (`enums.rs`).
    pub fn enum_fold(&mut self, module: usize, site: u32) -> Option<crate::enums::EnumConst> {
        let m = &self.graph.modules[module];
        self.enum_folds.entry(module).or_insert_with(|| std::rc::Rc::new(crate::enums::enum_folds(m.program, &m.scoping))).get(&site).cloned()
    }

    /// The methods (or getters) of `module` named `name` that calls may run in place
    /// (`crate::inline`), with their functions; `None` when there are none, more than
    /// `inline::MAX_CANDIDATES`, or one not yet given a function (its class not compiled yet).
    pub fn inline_candidates(&mut self, module: usize, kind: crate::inline::Kind, name: &str) -> Option<Vec<InlineCandidate>> {
        let all = self.inlinable(module);
        let ms = all.get(&(kind, name.to_string()))?;
        if ms.len() > crate::inline::MAX_CANDIDATES {
            return None;
        }
        ms.iter().map(|me| self.fns.get(&me.key()).map(|i| (i.id, me.func, me.params.clone()))).collect()
    }

    /// The function at AST address `key`, when it is a method, getter or setter (`kind`) of
    /// `module` named `name` that can run in place (`crate::inline`) and has its function.
    pub fn inline_candidate(&mut self, module: usize, kind: crate::inline::Kind, name: &str, key: usize) -> Option<InlineCandidate> {
        let me = self.inlinable(module).get(&(kind, name.to_string()))?.iter().find(|me| me.key() == key).map(|me| (me.func, me.params.clone()))?;
        self.fns.get(&key).map(|i| (i.id, me.0, me.1))
    }

    /// The methods of `module` that can run in place (`crate::inline`, computed once).
    pub fn inlinable(&mut self, module: usize) -> std::rc::Rc<crate::inline::Methods> {
        let m = &self.graph.modules[module];
        self.inline_methods.entry(module).or_insert_with(|| std::rc::Rc::new(crate::inline::inlinable_methods(m.program, &m.scoping))).clone()
    }

    /// The number functions of `module`.
    pub fn number_functions(&mut self, module: usize) -> std::rc::Rc<HashMap<SymbolId, crate::numeric::NumFn>> {
        if let Some(n) = self.num_fns.get(&module) {
            return n.clone();
        }
        let m = &self.graph.modules[module];
        let consts = self.const_nums.entry(module).or_insert_with(|| std::rc::Rc::new(crate::numeric::module_const_numbers(m.program, &m.scoping))).clone();
        let consts: hashbrown::HashSet<SymbolId> = consts.values.keys().copied().collect();
        let a = &m.analysis;
        let eligible = |key: usize, s: SymbolId| {
            a.by_node.get(&key).is_some_and(|&c| {
                let ctx = &a.ctxs[c];
                !ctx.uses_arguments && !a.boxed.contains(&s) && !ctx.cap_index.contains_key(&crate::analyze::Cap::Sym(s))
            }) && !self.global_slots.contains_key(&(module, s))
                && !self.global_object.contains(&(module, s))
        };
        let n = std::rc::Rc::new(crate::numeric::number_functions(m.program, &m.scoping, &consts, &eligible));
        self.num_fns.insert(module, n.clone());
        n
    }

    /// The IR of `module` (lowered and run through the pipeline on first use).
    pub fn ir_module(&mut self, module: usize) -> std::rc::Rc<from_ir::IrModule> {
        let m = &self.graph.modules[module];
        self.ir.entry(module).or_insert_with(|| std::rc::Rc::new(from_ir::IrModule::new(m))).clone()
    }

    /// The number entry of number function `nf` (declared and queued on first use).
    pub fn num_entry(&mut self, module: usize, nf: &crate::numeric::NumFn) -> FuncId {
        if let Some(&id) = self.num_entries.get(&nf.key) {
            return id;
        }
        let n = self.fn_count;
        self.fn_count += 1;
        let id = self.module.declare_function(&format!("perry_fn_{n}_num"), Linkage::Local, &self.js_sig.clone()).unwrap();
        self.num_entries.insert(nf.key, id);
        self.queue.push((nf.key, module, FnBody::NumEntry(nf.func)));
        id
    }

    /// Compiles the whole program into an object (written by [`Object::write`]).
    pub fn compile(mut self) -> Result<Object, Vec<Diagnostic>> {
        for phase in self.phases() {
            self.assign_globals(&phase)?;
            for &mi in &phase {
                let key = self.graph.modules[mi].program as *const _ as usize;
                // The queue is a stack: a module's body is compiled before its hoisted
                // functions, so the methods of its classes (declared where the class is) are
                // known when any function of the module is compiled (`crate::inline`).
                self.function_for(key + 1, mi, FnBody::ModuleHoist, "", 0);
                self.function_for(key, mi, FnBody::Module, "", 0);
            }
            while let Some((key, module, body)) = self.queue.pop() {
                self.compile_function(key, module, body);
            }
        }
        self.define_compiled(true);
        self.pool.take().unwrap().finish();
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        self.emit_main();
        self.emit_tables();
        Ok(Object(self.module.finish()))
    }

    /// The modules in the order they are numbered and compiled: the packages' (built-in
    /// modules and those under `node_modules`) in evaluation order, then the project's. Every
    /// number a function's IR holds (global slots, string constants, atoms, inline-cache
    /// sites) is then allocated for the packages before the project, so editing the app's own
    /// files leaves the packages' IR, and their code cache keys (`parallel.rs`), unchanged. A
    /// package that reaches a project module (a cycle through the app) makes one phase.
    fn phases(&self) -> Vec<Vec<usize>> {
        let g = self.graph;
        let pkg: Vec<bool> = g.modules.iter().map(|m| m.builtin || m.path.components().any(|c| c.as_os_str() == "node_modules")).collect();
        let deps = |m: &crate::modules::Module| -> Vec<usize> {
            m.deps.values().copied().chain(m.requires.iter().map(|r| r.1)).chain(m.dynamic.iter().map(|d| d.1)).collect()
        };
        let split = !g.modules.iter().enumerate().any(|(i, m)| pkg[i] && deps(m).iter().any(|&d| !pkg[d]));
        if !split {
            return vec![g.order.clone()];
        }
        let (a, b): (Vec<usize>, Vec<usize>) = g.order.iter().partition(|&&mi| pkg[mi]);
        vec![a, b]
    }

    fn compile_function(&mut self, key: usize, module: usize, body: FnBody) {
        let info_id = if let FnBody::NumEntry(_) = body { self.num_entries[&key] } else { self.fns[&key].id };
        let mut ctx = std::mem::replace(&mut self.ctx, self.module.make_context());
        let mut fctx = std::mem::replace(&mut self.fctx, cranelift_frontend::FunctionBuilderContext::new());
        ctx.func.signature = self.js_sig.clone();
        ctx.func.name = ir::UserFuncName::user(0, info_id.as_u32());
        let gc;
        let once;
        let name = {
            let b = cranelift_frontend::FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let cfg = self.module.target_config();
            let mut fc = FnCompiler::new(self, b, key, module, body);
            fc.compile_body();
            let n = fc.display_name.clone();
            // A module body without loops runs once: compiling it fast
            // beats compiling it well (a generated program's top level is
            // its largest function).
            once = matches!(body, FnBody::Module | FnBody::ModuleHoist) && fc.loops == 0;
            gc = fc.finish(cfg);
            n
        };
        if !self.errors.is_empty() {
            self.ctx = ctx;
            self.fctx = fctx;
            return;
        }
        let name = match self.frame_names.get(&key) {
            Some(f) if !matches!(body, FnBody::Module | FnBody::ModuleHoist | FnBody::StaticInit(_)) => f.clone(),
            _ => name,
        };
        // `PERRY_DUMP_CLIF=NAME` prints the IR of the functions whose name
        // contains NAME (`*` for all), before Cranelift's optimisations.
        if let Ok(want) = std::env::var("PERRY_DUMP_CLIF")
            && (want == "*" || name.contains(want.as_str()))
        {
            eprintln!("; function {name}\n{}", ctx.func.display());
        }
        let func = std::mem::replace(&mut ctx.func, ir::Function::new());
        self.pool.as_mut().unwrap().submit(info_id, func, gc, once);
        self.submitted.push((module, name));
        // The functions already compiled are defined now: the machine code waits in the
        // object, not in a second copy.
        self.define_compiled(false);
        ctx.clear();
        self.ctx = ctx;
        self.fctx = fctx;
    }

    /// Defines the functions the workers compiled, in the order they were built, and records
    /// their stack maps and source map entries: those compiled so far, or with `wait` all.
    fn define_compiled(&mut self, wait: bool) {
        while let Some(d) = self.pool.as_mut().unwrap().next(wait) {
            let (module, name) = std::mem::take(&mut self.submitted[d.seq]);
            let c = match d.result {
                Ok(c) => c,
                Err(e) => {
                    let m = &self.graph.modules[module];
                    self.errors.push(Diagnostic {
                        file: m.display.clone(),
                        line: 0,
                        col: 0,
                        message: format!("internal compiler error: code generation failed: {e}"),
                        frame: String::new(),
                    });
                    continue;
                }
            };
            if let Err(e) = self.module.define_function_bytes(d.id, c.alignment, &c.bytes, &c.relocs) {
                self.errors.push(Diagnostic {
                    file: String::new(),
                    line: 0,
                    col: 0,
                    message: format!("internal compiler error: defining {name}: {e:?}"),
                    frame: String::new(),
                });
                continue;
            }
            for (off, span, slots) in c.stackmaps {
                self.stackmaps.push((d.id, off, span, slots));
            }
            self.max_frame = self.max_frame.max(c.frame_size);
            let name_idx = self.names.len();
            self.names.push(name);
            use std::fmt::Write;
            let _ = writeln!(self.srcmap, "R {} {} {}", self.srcmap_fns.len(), name_idx, c.size);
            self.srcmap_fns.push(d.id);
            for (start, p) in c.srclocs {
                match self.positions.get(p as usize) {
                    Some(&(f, line, col, 0)) => {
                        let _ = writeln!(self.srcmap, "L {start} {f} {line} {col}");
                    }
                    Some(&(f, line, col, inline)) => {
                        let _ = writeln!(self.srcmap, "L {start} {f} {line} {col} {}", inline - 1);
                    }
                    None => {}
                }
            }
        }
    }

    /// `perry_user_main`: creates every module's hoisted functions, then runs
    /// the module bodies in evaluation order.
    fn emit_main(&mut self) {
        let id = self.module.declare_function(perry_abi::SYM_MAIN, Linkage::Export, &self.js_sig.clone()).unwrap();
        let mut ctx = self.module.make_context();
        ctx.func.signature = self.js_sig.clone();
        let mut fctx = cranelift_frontend::FunctionBuilderContext::new();
        {
            use cranelift_codegen::ir::InstBuilder;
            let mut b = cranelift_frontend::FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let entry = b.create_block();
            b.append_block_params_for_function_params(entry);
            b.switch_to_block(entry);
            let undef = b.ins().iconst(types::I64, perry_abi::UNDEFINED as i64);
            let zero = b.ins().iconst(types::I64, 0);
            let order = self.graph.order.clone();
            let hoists: Vec<usize> = order.iter().map(|&mi| self.graph.modules[mi].program as *const _ as usize + 1).collect();
            let bodies: Vec<usize> = order.iter().map(|&mi| self.graph.modules[mi].program as *const _ as usize).collect();
            let awaits: Vec<bool> = order.iter().map(|&mi| generator::program_awaits(self.graph.modules[mi].program)).collect();
            // An imported module that awaits at top level: the bodies run
            // under the runtime's module-graph driver (stdlib `modules.rs`).
            let driver = awaits[..awaits.len().saturating_sub(1)].iter().any(|&a| a);
            let lazy_index = self.register_lazy(&mut b);
            let cjs_index = self.register_cjs(&mut b, &lazy_index);
            // The entry module's body runs last; its result (a promise when
            // it awaits at top level) is returned.
            let mut last = undef;
            // Every module's hoisted functions, then the CommonJS wrappers (no side effects:
            // each body makes its function), then the ES module bodies in evaluation order,
            // with each CommonJS module an ES module imports run at its place.
            let mut steps: Vec<Step> = hoists.iter().map(|&k| Step::Call(k)).collect();
            steps.extend(order.iter().zip(&bodies).filter(|(mi, _)| self.graph.modules[**mi].cjs).map(|(_, &k)| Step::Call(k)));
            for (&mi, &k) in order.iter().zip(&bodies) {
                let m = &self.graph.modules[mi];
                match (m.cjs, driver) {
                    // A module only `import()` reaches runs when it is first imported.
                    (false, false) if !m.lazy => steps.push(Step::Call(k)),
                    // Under the driver, imported CommonJS modules run before the ES bodies.
                    (true, _) if m.imported => steps.push(Step::CjsImport(cjs_index[&mi])),
                    _ => {}
                }
            }
            for step in steps {
                let r = match step {
                    Step::Call(key) => {
                        let fid = self.fns[&key].id;
                        let fref = self.module.declare_func_in_func(fid, b.func);
                        let args = [zero, undef, undef, zero, undef, undef, undef, undef, undef];
                        let call = b.ins().call(fref, &args);
                        b.inst_results(call)[0]
                    }
                    Step::CjsImport(i) => {
                        let f = self.module.declare_func_in_func(self.rt_id(Rt::perry_cjs_import), b.func);
                        let i = b.ins().iconst(types::I64, i as i64);
                        let call = b.ins().call(f, &[i]);
                        b.inst_results(call)[0]
                    }
                };
                let is_exc = b.ins().icmp_imm_u(ir::condcodes::IntCC::Equal, r, perry_abi::EXCEPTION as i64);
                let next = b.create_block();
                let fail = b.create_block();
                b.ins().brif(is_exc, fail, &[], next, &[]);
                b.switch_to_block(fail);
                b.ins().return_(&[r]);
                b.switch_to_block(next);
                last = r;
            }
            if driver {
                let [add, dep, run] =
                    [Rt::perry_module_add, Rt::perry_module_dep, Rt::perry_modules_run].map(|f| self.module.declare_func_in_func(self.rt_id(f), b.func));
                let esm: Vec<usize> = order.iter().copied().filter(|&mi| !self.graph.modules[mi].cjs && !self.graph.modules[mi].lazy).collect();
                let bodies: Vec<usize> = esm.iter().map(|&mi| self.graph.modules[mi].program as *const _ as usize).collect();
                let awaits: Vec<bool> = esm.iter().map(|&mi| generator::program_awaits(self.graph.modules[mi].program)).collect();
                let pos: HashMap<usize, usize> = esm.iter().enumerate().map(|(i, &mi)| (mi, i)).collect();
                for (i, &mi) in esm.iter().enumerate() {
                    let fref = self.module.declare_func_in_func(self.fns[&bodies[i]].id, b.func);
                    let code = b.ins().func_addr(types::I64, fref);
                    let a = b.ins().iconst(types::I64, awaits[i] as i64);
                    b.ins().call(add, &[code, a]);
                    let mut deps: Vec<usize> = self.graph.modules[mi].deps.values().filter_map(|d| pos.get(d).copied()).collect();
                    deps.sort_unstable();
                    deps.dedup();
                    for d in deps {
                        let (m, d) = (b.ins().iconst(types::I64, i as i64), b.ins().iconst(types::I64, d as i64));
                        b.ins().call(dep, &[m, d]);
                    }
                }
                let call = b.ins().call(run, &[]);
                last = b.inst_results(call)[0];
            }
            b.ins().return_(&[last]);
            b.seal_all_blocks();
            b.finalize(self.module.target_config());
        }
        self.module.define_function(id, &mut ctx).unwrap();
    }

    /// Registers every CommonJS module with the runtime's loader (`stdlib/src/cjs.rs`): its
    /// wrapper's slot and file name, what its literal `require`s resolved to, and the slots
    /// of ES module imports of it. Returns the loader's index of each module.
    /// Registers the ES modules only `import()` reaches (`Module::lazy`) with the runtime
    /// (`stdlib/src/cjs.rs`): each body's code, whether it awaits at top level, and its lazy
    /// static dependencies. Returns the runtime's index of each.
    fn register_lazy(&mut self, b: &mut cranelift_frontend::FunctionBuilder) -> HashMap<usize, usize> {
        use cranelift_codegen::ir::InstBuilder;
        let g = self.graph;
        let lazy: Vec<usize> = g.order.iter().copied().filter(|&mi| g.modules[mi].lazy).collect();
        let index: HashMap<usize, usize> = lazy.iter().enumerate().map(|(i, &mi)| (mi, i)).collect();
        if lazy.is_empty() {
            return index;
        }
        let [add, dep] = [Rt::perry_lazy_add, Rt::perry_lazy_dep].map(|f| self.module.declare_func_in_func(self.rt_id(f), b.func));
        for &mi in &lazy {
            let body = self.fns[&(g.modules[mi].program as *const _ as usize)].id;
            let fref = self.module.declare_func_in_func(body, b.func);
            let code = b.ins().func_addr(types::I64, fref);
            let a = b.ins().iconst(types::I64, generator::program_awaits(g.modules[mi].program) as i64);
            b.ins().call(add, &[code, a]);
        }
        let pos: HashMap<usize, usize> = g.order.iter().enumerate().map(|(i, &mi)| (mi, i)).collect();
        for &mi in &lazy {
            let mut deps: Vec<usize> = g.modules[mi].deps.values().copied().filter(|d| index.contains_key(d)).collect();
            deps.sort_by_key(|d| pos[d]);
            deps.dedup();
            for d in deps {
                let (m, d) = (b.ins().iconst(types::I64, index[&mi] as i64), b.ins().iconst(types::I64, index[&d] as i64));
                b.ins().call(dep, &[m, d]);
            }
        }
        index
    }

    fn register_cjs(&mut self, b: &mut cranelift_frontend::FunctionBuilder, lazy: &HashMap<usize, usize>) -> HashMap<usize, usize> {
        use cranelift_codegen::ir::InstBuilder;
        let g = self.graph;
        let cjs: Vec<usize> = (0..g.modules.len()).filter(|&mi| g.modules[mi].cjs).collect();
        let index: HashMap<usize, usize> = cjs.iter().enumerate().map(|(i, &mi)| (mi, i)).collect();
        if cjs.is_empty() && g.modules.iter().all(|m| m.dynamic.is_empty()) {
            return index;
        }
        let [add, dep, bind, idep, name] = [Rt::perry_cjs_add, Rt::perry_cjs_dep, Rt::perry_cjs_bind, Rt::perry_import_dep, Rt::perry_cjs_name]
            .map(|f| self.module.declare_func_in_func(self.rt_id(f), b.func));
        let call = |b: &mut cranelift_frontend::FunctionBuilder, f, args: &[u64]| {
            let vals: Vec<_> = args.iter().map(|&a| b.ins().iconst(types::I64, a as i64)).collect();
            b.ins().call(f, &vals);
        };
        for &mi in &cjs {
            let file = self.const_str(&g.modules[mi].path.to_string_lossy());
            call(b, add, &[self.default_slots[&mi] as u64, file as u64]);
        }
        for &mi in &cjs {
            for (spec, d) in &g.modules[mi].requires {
                let s = self.const_str(spec) as u64;
                let (kind, target) = match index.get(d) {
                    Some(&i) => (0, i as u64),
                    None => (1, self.require_slot(*d) as u64),
                };
                call(b, dep, &[index[&mi] as u64, s, kind, target]);
            }
        }
        for mi in 0..g.modules.len() {
            if g.modules[mi].dynamic.is_empty() {
                continue;
            }
            let file = self.const_str(&g.modules[mi].path.to_string_lossy()) as u64;
            for (spec, d) in &g.modules[mi].dynamic {
                let s = self.const_str(spec) as u64;
                let (kind, target) = match (index.get(d), lazy.get(d)) {
                    (Some(&i), _) => (0, i as u64),
                    (None, Some(&l)) => (2, (l as u64) << 32 | self.namespace_slot(*d) as u64),
                    (None, None) => (1, self.namespace_slot(*d) as u64),
                };
                call(b, idep, &[file, s, kind, target]);
            }
        }
        // The namespace names of the CommonJS modules whose namespace an ES module reads.
        let mut ns: Vec<usize> = self.cjs_import_slots.keys().filter(|(_, n)| n.is_none()).map(|(m, _)| *m).collect();
        ns.extend(g.modules.iter().flat_map(|m| m.dynamic.iter().map(|(_, d)| *d)).filter(|d| g.modules[*d].cjs));
        ns.sort_unstable();
        ns.dedup();
        for mi in ns {
            for n in &g.modules[mi].cjs_names {
                let c = self.const_str(n) as u64;
                call(b, name, &[index[&mi] as u64, c]);
            }
        }
        let binds: Vec<((usize, Option<String>), u32)> = self.cjs_import_slots.iter().map(|(k, v)| (k.clone(), *v)).collect();
        for ((mi, name), slot) in binds {
            let n = name.map_or(u64::MAX, |n| self.const_str(&n) as u64);
            call(b, bind, &[index[&mi] as u64, n, slot as u64]);
        }
        index
    }

    /// The slot `require` reads for ES module `m`: a built-in module's default export when it
    /// has one (Node's `require("events")` is the class), a TypeScript `export =` value, else
    /// its namespace (built by the requiring module's body, `FnCompiler::module_prologue`).
    pub fn require_slot(&mut self, m: usize) -> u32 {
        let md = &self.graph.modules[m];
        if (md.builtin && md.exports.contains_key("default")) || md.export_assign {
            return self.default_slots[&m];
        }
        self.namespace_slot(m)
    }

    /// The slot `import x = require(...)` of module `m` binds.
    pub fn import_equals_slot(&mut self, m: usize) -> u32 {
        if self.graph.modules[m].cjs {
            return self.cjs_import_slot(m, Some("default".to_string()));
        }
        self.require_slot(m)
    }

    fn emit_tables(&mut self) {
        let m = &mut self.module;
        let export = |m: &mut ObjectModule, name: &str, bytes: Vec<u8>, writable: bool| {
            let id = m.declare_data(name, Linkage::Export, writable, false).unwrap();
            let mut d = DataDescription::new();
            d.define(bytes.into_boxed_slice());
            d.set_align(8);
            m.define_data(id, &d).unwrap();
        };
        let n = self.consts.len();
        let mut blob = Vec::new();
        blob.extend_from_slice(&(n as u32).to_le_bytes());
        for u in &self.consts {
            blob.extend_from_slice(&(u.len() as u32).to_le_bytes());
            for c in u {
                blob.extend_from_slice(&c.to_le_bytes());
            }
        }
        export(m, perry_abi::SYM_CONST_DATA, blob, false);
        export(m, perry_abi::SYM_CONST_COUNT, (n as u64).to_le_bytes().to_vec(), false);
        for id in [self.consts_data, self.atoms_data] {
            let mut d = DataDescription::new();
            d.define_zeroinit((n * 8).max(8));
            d.set_align(8);
            m.define_data(id, &d).unwrap();
        }
        let ic_bytes = (self.ic_count as usize * perry_abi::IC_ENTRY_SIZE as usize).max(perry_abi::IC_ENTRY_SIZE as usize);
        let mut d = DataDescription::new();
        d.define_zeroinit(ic_bytes);
        d.set_align(8);
        m.define_data(self.ic_data, &d).unwrap();
        let mut d = DataDescription::new();
        d.define_zeroinit(16);
        d.set_align(8);
        m.define_data(self.no_object, &d).unwrap();
        export(m, perry_abi::SYM_IC_WORDS, ((ic_bytes / 8) as u64).to_le_bytes().to_vec(), false);
        let mut g = Vec::new();
        for s in &self.globals {
            let v = match s {
                SlotInit::Undefined => perry_abi::UNDEFINED,
                SlotInit::Hole => perry_abi::HOLE,
            };
            g.extend_from_slice(&v.to_le_bytes());
        }
        if g.is_empty() {
            g.extend_from_slice(&perry_abi::UNDEFINED.to_le_bytes());
        }
        let mut d = DataDescription::new();
        d.define(g.into_boxed_slice());
        d.set_align(8);
        m.define_data(self.globals_data, &d).unwrap();
        export(m, perry_abi::SYM_GLOBAL_COUNT, (self.globals.len() as u64).to_le_bytes().to_vec(), false);
        export(m, perry_abi::SYM_EXPOSE_GC, (self.expose_gc as u64).to_le_bytes().to_vec(), false);
        export(m, perry_abi::SYM_MAX_FRAME, u64::from(self.max_frame).to_le_bytes().to_vec(), false);

        // Extensions: the install function of each one a built-in module of
        // the program needs (the only reference to it, see builtins.rs).
        let mut exts: Vec<&str> = self.graph.modules.iter().filter(|md| md.builtin).filter_map(|md| crate::builtins::extension(&md.path)).collect();
        exts.sort_unstable();
        exts.dedup();
        let ext_id = m.declare_data(perry_abi::SYM_EXTENSIONS, Linkage::Export, false, false).unwrap();
        let mut d = DataDescription::new();
        d.define(vec![0u8; (exts.len() * 8).max(8)].into_boxed_slice());
        d.set_align(8);
        let void_sig = m.make_signature();
        for (i, name) in exts.iter().enumerate() {
            let fid = m.declare_function(name, Linkage::Import, &void_sig).unwrap();
            let fr = m.declare_func_in_data(fid, &mut d);
            d.write_function_addr((i * 8) as u32, fr);
        }
        m.define_data(ext_id, &d).unwrap();
        export(m, perry_abi::SYM_EXTENSION_COUNT, (exts.len() as u64).to_le_bytes().to_vec(), false);

        // Built-in families: the install function of each one the program
        // may use, null for the others (the only references to them, see
        // features.rs).
        let needed = crate::features::needed(self.graph);
        let fam_id = m.declare_data(perry_abi::SYM_BUILTINS, Linkage::Export, false, false).unwrap();
        let mut d = DataDescription::new();
        d.define(vec![0u8; perry_abi::BUILTIN_FAMILIES.len() * 8].into_boxed_slice());
        d.set_align(8);
        for (i, install) in perry_abi::BUILTIN_INSTALLS.iter().enumerate().filter(|&(i, _)| needed[i]) {
            let fid = m.declare_function(install, Linkage::Import, &void_sig).unwrap();
            let fr = m.declare_func_in_data(fid, &mut d);
            d.write_function_addr((i * 8) as u32, fr);
        }
        m.define_data(fam_id, &d).unwrap();

        // Stack maps: records with function relocations, then the slot offsets.
        let rec_id = m.declare_data(perry_abi::SYM_STACKMAPS, Linkage::Export, false, false).unwrap();
        let mut recs = Vec::new();
        let mut slots: Vec<u8> = Vec::new();
        let mut nslots = 0u32;
        let mut d = DataDescription::new();
        let mut relocs = Vec::new();
        for (i, (fid, off, span, sl)) in self.stackmaps.iter().enumerate() {
            recs.extend_from_slice(&0u64.to_le_bytes());
            recs.extend_from_slice(&off.to_le_bytes());
            recs.extend_from_slice(&span.to_le_bytes());
            recs.extend_from_slice(&nslots.to_le_bytes());
            recs.extend_from_slice(&(sl.len() as u32).to_le_bytes());
            for s in sl {
                slots.extend_from_slice(&s.to_le_bytes());
            }
            nslots += sl.len() as u32;
            relocs.push((i * perry_abi::STACKMAP_RECORD_SIZE, *fid));
        }
        if recs.is_empty() {
            recs.extend_from_slice(&[0u8; 8]);
        }
        d.define(recs.into_boxed_slice());
        d.set_align(8);
        for (off, fid) in relocs {
            let fr = m.declare_func_in_data(fid, &mut d);
            d.write_function_addr(off as u32, fr);
        }
        m.define_data(rec_id, &d).unwrap();
        export(m, perry_abi::SYM_STACKMAP_COUNT, (self.stackmaps.len() as u64).to_le_bytes().to_vec(), false);
        if slots.is_empty() {
            slots.extend_from_slice(&[0u8; 4]);
        }
        export(m, perry_abi::SYM_STACKMAP_SLOTS, slots, false);
        export(m, perry_abi::SYM_STACKMAP_SLOT_COUNT, (nslots as u64).to_le_bytes().to_vec(), false);

        // Function metadata table.
        let metas_id = m.declare_data(perry_abi::SYM_FNMETAS, Linkage::Export, false, false).unwrap();
        let mut d = DataDescription::new();
        d.define(vec![0u8; (self.metas.len() * 8).max(8)].into_boxed_slice());
        d.set_align(8);
        for (i, &meta) in self.metas.iter().enumerate() {
            let gv = m.declare_data_in_data(meta, &mut d);
            d.write_data_addr((i * 8) as u32, gv, 0);
        }
        m.define_data(metas_id, &d).unwrap();
        export(m, perry_abi::SYM_FNMETA_COUNT, (self.metas.len() as u64).to_le_bytes().to_vec(), false);

        // Source map: text records, NUL, then each module's source text.
        let mut blob = String::new();
        for md in &self.graph.modules {
            blob.push_str(&format!("F {}\n", md.display));
        }
        for n in &self.names {
            blob.push_str(&format!("N {}\n", n.replace('\n', " ")));
        }
        blob.push_str(&self.srcmap);
        for (name, call) in &self.inline_frames {
            let (f, line, col, _) = self.positions[*call as usize];
            blob.push_str(&format!("I {f} {line} {col} {}\n", name.replace('\n', " ")));
        }
        let mut bytes = blob.into_bytes();
        bytes.push(0);
        for md in &self.graph.modules {
            // A CommonJS module's own text: its line 1 as the file has it (stack frames print
            // it under the column the position records, which excludes the wrapper).
            let text = &md.source[md.prefix as usize..];
            bytes.extend_from_slice(format!("{}\n", text.len()).as_bytes());
            bytes.extend_from_slice(text.as_bytes());
        }
        let len = bytes.len();
        export(m, perry_abi::SYM_SRCMAP, bytes, false);
        export(m, perry_abi::SYM_SRCMAP_LEN, (len as u64).to_le_bytes().to_vec(), false);
        let fns_id = m.declare_data(perry_abi::SYM_SRCMAP_FNS, Linkage::Export, false, false).unwrap();
        let mut d = DataDescription::new();
        d.define(vec![0u8; (self.srcmap_fns.len() * 8).max(8)].into_boxed_slice());
        d.set_align(8);
        for (i, &fid) in self.srcmap_fns.iter().enumerate() {
            let fr = m.declare_func_in_data(fid, &mut d);
            d.write_function_addr((i * 8) as u32, fr);
        }
        m.define_data(fns_id, &d).unwrap();
        export(m, perry_abi::SYM_SRCMAP_FN_COUNT, (self.srcmap_fns.len() as u64).to_le_bytes().to_vec(), false);
    }
}

/// A step of `perry_user_main`.
enum Step {
    /// Call a module body (or hoisting function) by its key.
    Call(usize),
    /// Run an imported CommonJS module (the loader's index).
    CjsImport(usize),
}

#[cfg(test)]
mod tests {
    use perry_abi::{DataKind, Rt};

    /// The runtime library defines every function of
    /// `perry_abi::foreach_runtime_function!` (and each `_pa` form), every
    /// data symbol the list says it defines, and every install function the
    /// compiled object's tables may name: the compile-time checks prove the
    /// definitions that exist are right, this proves none is missing.
    #[test]
    fn runtime_library_defines_the_lists() {
        let lib = env!("PERRY_RUNTIME_LIB_PATH");
        let out = std::process::Command::new("nm").args(["--defined-only", "--extern-only", "--format=posix"]).arg(lib).output().expect("running nm");
        assert!(out.status.success(), "nm {lib}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        let defined: hashbrown::HashSet<&str> = text.lines().filter_map(|l| l.split_whitespace().next()).collect();
        let mut want: Vec<&str> = Vec::new();
        for &f in Rt::ALL {
            want.push(f.name());
            want.extend(f.info().preserving);
        }
        want.extend(perry_abi::DATA_SYMBOLS.iter().filter(|s| s.0 == DataKind::Runtime).map(|s| s.1));
        want.extend(perry_abi::BUILTIN_INSTALLS);
        want.extend(perry_abi::EXTENSIONS.iter().map(|e| e.1));
        assert!(want.len() > Rt::COUNT);
        let missing: Vec<&str> = want.into_iter().filter(|n| !defined.contains(n)).collect();
        assert!(missing.is_empty(), "{lib} does not define {missing:?}");
        // And the compiled object's symbols are the compiler's own.
        for s in perry_abi::DATA_SYMBOLS.iter().filter(|s| s.0 == DataKind::Compiled) {
            assert!(!defined.contains(s.1), "{lib} defines {}, which the compiled object defines", s.1);
        }
    }
}

/// The names the program's classes define members by (`Compiler::member_names`).
#[derive(Default)]
pub struct MemberNames {
    /// Names some class defines a getter for: their named reads test prototype entries that
    /// answer accessors.
    pub getters: hashbrown::HashSet<String>,
    /// Names some class defines a setter for: their named stores test prototype entries.
    pub setters: hashbrown::HashSet<String>,
    /// Names two or more classes define a (non-static) method by: their method reads have
    /// `IC_PROTO_POLY_WAYS` ways of prototype entries.
    pub poly_methods: hashbrown::HashSet<String>,
}

/// The local symbol of machine function `n` for the JS function `name`
/// declared on `line`: `perry_fn_<n>_<name>_L<line>`, the name cut to 48
/// bytes of `[A-Za-z0-9_]`.
fn symbol_name(n: usize, name: &str, line: Option<u32>) -> String {
    let mut s = format!("perry_fn_{n}");
    if !name.is_empty() {
        s.push('_');
        s.extend(name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).take(48));
    }
    if let Some(line) = line {
        s.push_str(&format!("_L{line}"));
    }
    s
}
