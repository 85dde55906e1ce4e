//! Perry's mid-level IR: the "HIR" of DESIGN.md's pipeline, between the oxc AST and Cranelift IR.
//!
//! One [`Module`] per source module holds one [`Function`] per function context of
//! `analyze.rs` (functions, arrows, methods, accessors; constructors, static initialisers and
//! module bodies follow). A function is a control-flow graph of [`Block`]s; each block is a list
//! of [`Inst`]s and one [`Term`]inator.
//!
//! # What is explicit
//!
//! - **Names are resolved.** A binding is a [`Local`] of the function (a plain one, or a
//!   [`LocalKind::Boxed`] one that inner functions capture: `box.new`/`box.get`/`box.set`), a
//!   capture of the running closure (`cap.get i`, `cap.set i`: the i-th box of its environment,
//!   in `analyze.rs`'s layout), a binding of the module's top-level code (`module.get`/
//!   `module.set`: a global slot, an import, a namespace member), or a
//!   property of the global object (`global.get`).
//! - **Closures** are `closure @f [cap sources]`: the function made and, for each entry of its
//!   environment, the box it captures from this function.
//! - **Guards** are instructions ([`Guard`]): the TDZ test of a lexical binding today; the shape,
//!   tag, kind and bounds tests the optimisation passes reason about.
//! - **Calls** name their target ([`Target`]): unknown until `passes::calls` resolves a module
//!   function, a `const` arrow or a method that class-hierarchy analysis proves.
//! - **Exceptions** are edges: an instruction that may throw, in a block with a
//!   [`Block::handler`], continues at that handler when it throws; without one it returns the
//!   exception to the caller.
//!
//! # Values and locals
//!
//! Instruction results ([`Value`]s) are SSA temporaries: defined once, and (today) used only in
//! the block that defines them ([`Function::verify`]). Source variables are [`Local`]s, read and written by
//! instructions (`local.get`/`local.set`), so lowering needs no SSA construction; where a value
//! is chosen by control flow (`a ? b : c`, `&&`) lowering writes a temporary local on each side.
//! A later pass may promote locals to block parameters; Cranelift's frontend does so for the
//! locals that reach code generation.
//!
//! `PERRY_DUMP_IR=NAME` prints the IR of the functions whose name contains NAME (`*` for all),
//! after the pipeline (`passes::PIPELINE`). The text form is [`print`]'s.

// Code generation from the IR is the next step of issue 30: until it lands, what only it will
// read (source positions, AST keys, `may_throw`) is carried unread.
#![allow(dead_code)]

#[cfg(test)]
mod filetests;
pub mod lower;
pub mod numbers;
pub mod passes;
pub mod print;

use oxc_syntax::symbol::SymbolId;

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An SSA temporary.
    Value,
    "v"
);
entity!(
    /// A basic block of a function.
    BlockId,
    "b"
);
entity!(
    /// A source variable (or a lowering temporary) of a function.
    Local,
    "%"
);
entity!(
    /// A function of a [`Module`].
    FuncId,
    "f"
);

/// The IR of one source module.
#[derive(Default)]
pub struct Module {
    pub functions: Vec<Function>,
    /// Classes declared in the module, for class-hierarchy analysis (`passes::calls`).
    pub classes: Vec<ClassInfo>,
}

/// A class of the module, as class-hierarchy analysis sees it.
pub struct ClassInfo {
    pub name: String,
    /// The class binding (`class C` or `const C = class`), when it has one.
    pub binding: Option<SymbolId>,
    /// The class it extends, when `extends` names a class of this module; `extends` of
    /// anything else is [`Parent::Unknown`].
    pub parent: Parent,
    /// Prototype methods (not getters, setters or fields), by name: `(name, function)`. A
    /// computed name makes the class [`ClassInfo::open`].
    pub methods: Vec<(String, FuncId)>,
    /// Accessors and instance fields by name: such a name is not a method of the instances.
    pub other_members: Vec<String>,
    /// The compiler cannot list the class's members: a computed member name, an `accessor`,
    /// its binding reassigned, or `C.prototype` read in the module (code that changes the
    /// prototype). Calls never assume an open class's methods. (A closed class's prototype can
    /// still be reached, through `Object.getPrototypeOf` say: a guarded call tests it at run
    /// time, see [`Target::Guarded`].)
    pub open: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Parent {
    None,
    Class(usize),
    Unknown,
}

/// What a function context is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FnKind {
    Function,
    Arrow,
    Method,
    Getter,
    Setter,
}

pub struct Function {
    /// The display name (`C.m`, `f`, `<anonymous>`), as stack traces print it.
    pub name: String,
    pub kind: FnKind,
    /// The AST key of the function (the address `analyze.rs` keys contexts by).
    pub key: usize,
    /// The class whose method this is.
    pub class: Option<usize>,
    /// The declared parameters, in order: each a local.
    pub params: Vec<Local>,
    pub locals: Vec<LocalData>,
    /// `blocks[0]` is the entry.
    pub blocks: Vec<Block>,
    /// The number of values made (`Value(0..values)`).
    pub values: u32,
    /// The number of leading instructions of the entry block that give each local its
    /// initial value (undefined, or the hole).
    pub prologue: usize,
    /// The module-scope binding naming this function, when it is a function declaration or a
    /// `const` initialised with an arrow or function expression and never reassigned.
    pub binding: Option<SymbolId>,
}

#[derive(Clone, Debug)]
pub struct LocalData {
    pub name: String,
    pub kind: LocalKind,
    /// Written only by its initialisation (`const`, a function declaration).
    pub constant: bool,
    /// The binding it holds (`None` for a temporary).
    pub sym: Option<SymbolId>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LocalKind {
    /// Holds the value.
    Plain,
    /// Holds a box that inner functions capture; reads and writes go through it.
    Boxed,
    /// A temporary made by lowering.
    Temp,
}

#[derive(Default, Clone)]
pub struct Block {
    pub insts: Vec<Inst>,
    pub term: Term,
    /// Where an instruction of this block that throws continues (`catch`); `None`: the
    /// exception returns to the caller.
    pub handler: Option<BlockId>,
}

#[derive(Clone, Debug)]
pub struct Inst {
    pub result: Option<Value>,
    pub op: Op,
    /// The source offset stack traces report for this instruction.
    pub at: u32,
}

#[derive(Clone, Debug)]
pub enum Const {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    /// The marker of a binding in its temporal dead zone: never a JS value, only `guard.tdz`
    /// reads it.
    Hole,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    TypeOf,
    Void,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Exp,
    Shl,
    Shr,
    UShr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    StrictEq,
    StrictNe,
    In,
    InstanceOf,
}

/// A test the code must pass before it goes on; failing it throws (or, for the guards the
/// optimisation passes add, takes the general path).
#[derive(Clone, Debug, PartialEq)]
pub enum Guard {
    /// The binding named is initialised (not in its temporal dead zone): a ReferenceError
    /// otherwise.
    Tdz(String),
}

/// What a call is known to reach.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// Whatever the callee value is.
    Unknown,
    /// Always this function of the module (the callee value is its closure).
    Known(FuncId),
    /// A method call whose receiver is an instance of one of these classes reaches the class's
    /// method: code generation tests that the receiver's prototype is the class's, that it has
    /// no own property of the method's name (its shape) and that the prototype chain still
    /// holds the method (the prototypes' shapes). Any other receiver takes the general call.
    Guarded(Vec<(usize, FuncId)>),
}

/// Where a closure's environment entry comes from, in the function that makes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CapFrom {
    /// The box of a [`LocalKind::Boxed`] local.
    Local(Local),
    /// The running closure's own capture (passed on to a nested closure).
    Capture(u32),
    /// `this` (boxed for arrows that use it).
    This,
}

#[derive(Clone, Debug)]
pub enum Op {
    Const(Const),
    /// The function's `this`.
    This,
    /// The running closure (a named function expression's own name).
    Callee,
    /// Declared parameter `i` (the caller's argument, undefined when absent).
    Param(u32),
    LocalGet(Local),
    LocalSet(Local, Value),
    /// Makes the box of a [`LocalKind::Boxed`] local (holding the hole until it is set:
    /// reads before the declaration fail the TDZ guard).
    BoxNew(Local),
    BoxGet(Local),
    BoxSet(Local, Value),
    CapGet(u32),
    CapSet(u32, Value),
    ModuleGet(SymbolId),
    ModuleSet(SymbolId, Value),
    GlobalGet(String),
    Unary(UnOp, Value),
    Binary(BinOp, Value, Value),
    /// ToBoolean: the result is a machine boolean, only a branch condition or `bool.value`
    /// reads it.
    Truthy(Value),
    /// A machine boolean as a JS boolean.
    BoolValue(Value),
    GetProp(Value, String),
    SetProp(Value, String, Value),
    GetIndex(Value, Value),
    SetIndex(Value, Value, Value),
    /// A call; `what` is the callee's source text, which the TypeError of a callee that is
    /// not a function names.
    Call {
        target: Target,
        callee: Value,
        this: Value,
        args: Vec<Value>,
        what: String,
    },
    New {
        callee: Value,
        args: Vec<Value>,
    },
    /// Makes a closure of `func`: its `name` property is `name` (NamedEvaluation's; empty for
    /// none), its environment the boxes `caps` names.
    Closure {
        func: FuncId,
        name: String,
        caps: Vec<CapFrom>,
    },
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
    Guard(Guard, Value),
    /// The exception a handler block was entered with.
    Caught,
}

#[derive(Clone, Debug, Default)]
pub enum Term {
    /// Not terminated yet (only while lowering).
    #[default]
    Open,
    Jump(BlockId),
    Branch(Value, BlockId, BlockId),
    Return(Value),
    Throw(Value),
    Unreachable,
}

impl Op {
    /// The values an instruction reads.
    pub fn uses(&self) -> Vec<Value> {
        match self {
            Op::Const(_) | Op::This | Op::Callee | Op::Param(_) | Op::LocalGet(_) | Op::BoxNew(_) | Op::BoxGet(_) | Op::CapGet(_) => vec![],
            Op::ModuleGet(_) | Op::GlobalGet(_) | Op::Closure { .. } | Op::Caught => vec![],
            Op::LocalSet(_, v) | Op::BoxSet(_, v) | Op::CapSet(_, v) | Op::ModuleSet(_, v) => vec![*v],
            Op::Unary(_, v) | Op::Truthy(v) | Op::BoolValue(v) | Op::GetProp(v, _) | Op::Guard(_, v) => vec![*v],
            Op::Binary(_, a, b) | Op::SetProp(a, _, b) | Op::GetIndex(a, b) => vec![*a, *b],
            Op::SetIndex(a, b, c) => vec![*a, *b, *c],
            Op::Call { callee, this, args, .. } => [*callee, *this].into_iter().chain(args.iter().copied()).collect(),
            Op::New { callee, args } => std::iter::once(*callee).chain(args.iter().copied()).collect(),
            Op::Array(vs) => vs.clone(),
            Op::Object(fs) => fs.iter().map(|(_, v)| *v).collect(),
        }
    }

    /// The values an instruction reads, mutably (in the order of [`Op::uses`]).
    pub fn uses_mut(&mut self) -> Vec<&mut Value> {
        match self {
            Op::Const(_) | Op::This | Op::Callee | Op::Param(_) | Op::LocalGet(_) | Op::BoxNew(_) | Op::BoxGet(_) | Op::CapGet(_) => vec![],
            Op::ModuleGet(_) | Op::GlobalGet(_) | Op::Closure { .. } | Op::Caught => vec![],
            Op::LocalSet(_, v) | Op::BoxSet(_, v) | Op::CapSet(_, v) | Op::ModuleSet(_, v) => vec![v],
            Op::Unary(_, v) | Op::Truthy(v) | Op::BoolValue(v) | Op::GetProp(v, _) | Op::Guard(_, v) => vec![v],
            Op::Binary(_, a, b) | Op::SetProp(a, _, b) | Op::GetIndex(a, b) => vec![a, b],
            Op::SetIndex(a, b, c) => vec![a, b, c],
            Op::Call { callee, this, args, .. } => [callee, this].into_iter().chain(args.iter_mut()).collect(),
            Op::New { callee, args } => std::iter::once(callee).chain(args.iter_mut()).collect(),
            Op::Array(vs) => vs.iter_mut().collect(),
            Op::Object(fs) => fs.iter_mut().map(|(_, v)| v).collect(),
        }
    }

    /// Whether the instruction may run other code or throw (a call, a conversion, a property
    /// access): the safepoints and exception edges of the function.
    pub fn may_throw(&self) -> bool {
        !matches!(
            self,
            Op::Const(_)
                | Op::This
                | Op::Param(_)
                | Op::LocalGet(_)
                | Op::LocalSet(..)
                | Op::BoxGet(_)
                | Op::BoxSet(..)
                | Op::CapGet(_)
                | Op::CapSet(..)
                | Op::ModuleGet(_)
                | Op::Truthy(_)
                | Op::BoolValue(_)
                | Op::Caught
        )
    }
}

impl Term {
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Term::Jump(b) => vec![*b],
            Term::Branch(_, t, f) => vec![*t, *f],
            _ => vec![],
        }
    }
}

impl Function {
    /// Checks the IR's own rules: every block terminated, every value defined once, by an
    /// instruction of the block that uses it, before the use (values are block-local today:
    /// what flows between blocks goes through locals), every block and local named exists.
    /// Returns the first broken rule.
    pub fn verify(&self) -> Result<(), String> {
        let mut defined_in: Vec<Option<usize>> = vec![None; self.values as usize];
        let block_ok = |b: BlockId| b.index() < self.blocks.len();
        for (bi, b) in self.blocks.iter().enumerate() {
            let here = |v: &Value, d: &[Option<usize>]| d.get(v.index()).copied().flatten() == Some(bi);
            for inst in &b.insts {
                if let Some(u) = inst.op.uses().iter().find(|u| !here(u, &defined_in)) {
                    return Err(format!("b{bi}: {u} is not defined before this use in its block"));
                }
                if let Some(r) = inst.result {
                    match defined_in.get_mut(r.index()) {
                        Some(d @ None) => *d = Some(bi),
                        _ => return Err(format!("b{bi}: {r} defined twice or out of range")),
                    }
                }
                let local = match &inst.op {
                    Op::LocalGet(l) | Op::LocalSet(l, _) | Op::BoxNew(l) | Op::BoxGet(l) | Op::BoxSet(l, _) => Some(*l),
                    _ => None,
                };
                if local.is_some_and(|l| l.index() >= self.locals.len()) {
                    return Err(format!("b{bi}: unknown local"));
                }
            }
            match &b.term {
                Term::Open => return Err(format!("b{bi} is not terminated")),
                Term::Branch(c, ..) | Term::Return(c) | Term::Throw(c) if !here(c, &defined_in) => {
                    return Err(format!("b{bi}: {c} is not defined in its block"));
                }
                t if !t.successors().into_iter().all(block_ok) => return Err(format!("b{bi}: jump to an unknown block")),
                _ => {}
            }
            if b.handler.is_some_and(|h| !block_ok(h)) {
                return Err(format!("b{bi}: unknown handler"));
            }
        }
        Ok(())
    }

    /// Every instruction, mutably, with its block.
    pub fn insts_mut(&mut self) -> impl Iterator<Item = &mut Inst> {
        self.blocks.iter_mut().flat_map(|b| b.insts.iter_mut())
    }
}

/// Module bindings print by their source names.
pub struct ModuleNames<'m>(pub &'m crate::modules::Module);

impl print::Names for ModuleNames<'_> {
    fn symbol(&self, s: SymbolId) -> String {
        self.0.scoping.symbol_name(s).to_string()
    }
}

/// `PERRY_DUMP_IR=NAME`: prints to stderr, after the pipeline, the IR of the functions of the
/// program's own modules (not built-in ones) whose name contains NAME (`*` for all), and for
/// each function lowering does not cover yet the construct that stopped it. `PERRY_IR_STATS=1`:
/// prints how many functions of those modules are lowered, and the constructs that stop the
/// others, most frequent first.
pub fn dump(graph: &crate::modules::Graph) {
    let want = std::env::var("PERRY_DUMP_IR").ok();
    let stats = std::env::var_os("PERRY_IR_STATS").is_some();
    if want.is_none() && !stats {
        return;
    }
    let (mut total, mut lowered_n) = (0, 0);
    let mut reasons: hashbrown::HashMap<&'static str, usize> = hashbrown::HashMap::new();
    for m in graph.modules.iter().filter(|m| !m.builtin) {
        let mut lowered = lower::module(m);
        passes::run(&mut lowered.ir, None);
        let names = ModuleNames(m);
        for (i, u) in lowered.unsupported.iter().enumerate() {
            let f = &lowered.ir.functions[i];
            total += 1;
            match u {
                None => lowered_n += 1,
                Some(u) => *reasons.entry(u.what).or_default() += 1,
            }
            let Some(w) = &want else { continue };
            if w != "*" && !f.name.contains(w.as_str()) {
                continue;
            }
            match u {
                None => eprintln!("; {}\n{}", m.display, print::function(&lowered.ir, FuncId(i as u32), &names)),
                Some(u) => {
                    let d = m.diag(u.at, "");
                    eprintln!("; {}:{}:{}: {} not lowered: {}\n", m.display, d.line, d.col, f.name, u.what);
                }
            }
        }
    }
    if stats {
        let mut rs: Vec<(&str, usize)> = reasons.into_iter().collect();
        rs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        eprintln!("[ir] {lowered_n} of {total} functions lowered");
        for (what, n) in rs {
            eprintln!("[ir]   {n:5}  {what}");
        }
    }
}
