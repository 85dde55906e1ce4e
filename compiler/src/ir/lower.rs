//! Lowering: the oxc AST of one module to its IR, once per function.
//!
//! Every function context of the module gets a [`FuncId`] first (closures name the functions
//! they make), then each is lowered on its own. A function that uses what lowering does not
//! cover yet keeps an empty body and the reason ([`Lowered::Unsupported`]), and the AST code
//! generator compiles it; the covered part grows construct by construct.
//!
//! Covered: plain functions, arrows, methods, getters and setters (not async, not generators)
//! with identifier parameters; `var`/`let`/`const` of identifiers; `if`, `while`, `do`,
//! `for`, `switch`, `break`/`continue` (labelled too), `return`, `throw`, blocks, `try`/`catch`
//! without `finally`; literals, identifiers, `this`, unary, binary, logical and conditional
//! operators, assignments (`=` and compound) to identifiers and members, `++`/`--`, member
//! reads, calls and `new` without spread, array and object literals of plain entries, and
//! function and arrow expressions.

use super::*;
use crate::analyze::{Cap, CtxKind};
use crate::modules;
use hashbrown::{HashMap, HashSet};
use oxc_ast::ast::Function;
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_syntax::operator::{AssignmentOperator, BinaryOperator, LogicalOperator, UnaryOperator, UpdateOperator};
use oxc_syntax::scope::ScopeId;
use oxc_syntax::symbol::SymbolFlags;

/// Why a function was not lowered: the construct, and its source offset.
#[derive(Clone, Debug)]
pub struct Unsupported {
    pub what: &'static str,
    pub at: u32,
}

type R<T> = Result<T, Unsupported>;

fn unsupported<T>(what: &'static str, at: u32) -> R<T> {
    Err(Unsupported { what, at })
}

/// One lowered module: its IR, and per function whether it was lowered.
pub struct Lowered {
    pub ir: Module,
    /// `None` for a lowered function; the reason for one that is not.
    pub unsupported: Vec<Option<Unsupported>>,
    /// The function of each AST key.
    pub by_key: HashMap<usize, FuncId>,
    /// The AST of each function.
    pub nodes: Vec<AstFn>,
}

/// The AST node of a lowered function.
#[derive(Clone, Copy)]
pub enum AstFn {
    Function(&'static Function<'static>),
    Arrow(&'static ArrowFunctionExpression<'static>),
}

/// A function-like node found in the module, in source order.
#[derive(Clone, Copy)]
enum Node {
    Function(&'static Function<'static>, FnKind, Option<usize>),
    Arrow(&'static ArrowFunctionExpression<'static>),
}

impl Node {
    fn ast(self) -> AstFn {
        match self {
            Node::Function(f, ..) => AstFn::Function(f),
            Node::Arrow(a) => AstFn::Arrow(a),
        }
    }
}

impl Node {
    fn key(self) -> usize {
        match self {
            Node::Function(f, ..) => f as *const Function as usize,
            Node::Arrow(a) => a as *const ArrowFunctionExpression as usize,
        }
    }
}

/// Finds the module's functions and classes.
struct Finder<'m> {
    m: &'m modules::Module,
    nodes: Vec<(Node, String)>,
    classes: Vec<ClassInfo>,
    class_stack: Vec<usize>,
    /// Class declarations by binding, to resolve `extends`.
    class_syms: HashMap<SymbolId, usize>,
    /// The name an anonymous function expression or arrow gets from its binding.
    pending_name: Option<String>,
}

impl<'m> Finder<'m> {
    fn scoping(&self) -> &'m oxc_semantic::Scoping {
        &self.m.scoping
    }
}

impl<'a> Visit<'a> for Finder<'_> {
    fn visit_variable_declarator(&mut self, d: &VariableDeclarator<'a>) {
        if let (BindingPattern::BindingIdentifier(id), Some(init)) = (&d.id, &d.init)
            && matches!(init.without_parentheses(), Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_) | Expression::ClassExpression(_))
        {
            self.pending_name = Some(id.name.to_string());
        }
        oxc_ast_visit::walk::walk_variable_declarator(self, d);
    }

    fn visit_function(&mut self, f: &Function<'a>, flags: oxc_syntax::scope::ScopeFlags) {
        if f.body.is_none() {
            // An overload signature or `declare function`: nothing runs.
            self.pending_name = None;
            return;
        }
        let f = static_function(f);
        let name = f.id.as_ref().map(|i| i.name.to_string()).or_else(|| self.pending_name.take()).unwrap_or_default();
        self.nodes.push((Node::Function(f, FnKind::Function, None), name));
        self.pending_name = None;
        oxc_ast_visit::walk::walk_function(self, f, flags);
    }

    fn visit_arrow_function_expression(&mut self, a: &ArrowFunctionExpression<'a>) {
        let a = static_arrow(a);
        let name = self.pending_name.take().unwrap_or_default();
        self.nodes.push((Node::Arrow(a), name));
        oxc_ast_visit::walk::walk_arrow_function_expression(self, a);
    }

    fn visit_class(&mut self, c: &Class<'a>) {
        let name = c.id.as_ref().map(|i| i.name.to_string()).or_else(|| self.pending_name.take()).unwrap_or_default();
        self.pending_name = None;
        let binding = c.id.as_ref().and_then(|i| i.symbol_id.get());
        let parent = match c.heritage.as_ref().map(|h| h.expression.without_parentheses()) {
            None => Parent::None,
            Some(Expression::Identifier(id)) => {
                let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id());
                match sym.and_then(|s| self.class_syms.get(&s)) {
                    Some(&i) => Parent::Class(i),
                    None => Parent::Unknown,
                }
            }
            Some(_) => Parent::Unknown,
        };
        let idx = self.classes.len();
        let open = binding.is_none_or(|s| !class_binding_closed(self.scoping(), s));
        self.classes.push(ClassInfo { name, binding, parent, methods: vec![], other_members: vec![], open });
        if let Some(s) = binding {
            self.class_syms.insert(s, idx);
        }
        self.class_stack.push(idx);
        for e in &c.body.body {
            match e {
                ClassElement::MethodDefinition(md) if md.value.body.is_none() => {} // abstract or an overload
                ClassElement::MethodDefinition(md) => {
                    let key = match &md.key {
                        PropertyKey::StaticIdentifier(i) if !md.computed => Some(i.name.to_string()),
                        PropertyKey::StringLiteral(s) if !md.computed => Some(s.value.to_string()),
                        _ => None,
                    };
                    let kind = match md.kind {
                        MethodDefinitionKind::Method => FnKind::Method,
                        MethodDefinitionKind::Get => FnKind::Getter,
                        MethodDefinitionKind::Set => FnKind::Setter,
                        MethodDefinitionKind::Constructor => {
                            // Parameter properties are own properties of every instance.
                            for p in &md.value.params.items {
                                if p.has_modifier()
                                    && let BindingPattern::BindingIdentifier(id) = &p.pattern
                                {
                                    self.classes[idx].other_members.push(id.name.to_string());
                                }
                            }
                            // Constructors are compiled with their class's field initialisers:
                            // not lowered yet, but their nested functions are.
                            oxc_ast_visit::walk::walk_function(self, &md.value, oxc_syntax::scope::ScopeFlags::Constructor);
                            continue;
                        }
                    };
                    let cls = &mut self.classes[idx];
                    match (&key, md.r#static) {
                        (None, _) => cls.open = true,
                        (Some(k), false) if kind == FnKind::Method => {
                            cls.methods.push((k.clone(), FuncId(self.nodes.len() as u32)));
                        }
                        (Some(k), false) => cls.other_members.push(k.clone()),
                        (Some(_), true) => {}
                    }
                    let f = static_function(&md.value);
                    let shown = match &key {
                        Some(k) => format!("{}.{k}", self.classes[idx].name),
                        None => format!("{}.<computed>", self.classes[idx].name),
                    };
                    self.nodes.push((Node::Function(f, kind, (!md.r#static).then_some(idx)), shown));
                    oxc_ast_visit::walk::walk_function(self, f, oxc_syntax::scope::ScopeFlags::Function);
                }
                ClassElement::PropertyDefinition(p) if p.declare || p.r#type == PropertyDefinitionType::TSAbstractPropertyDefinition => {}
                ClassElement::PropertyDefinition(p) => {
                    if let PropertyKey::StaticIdentifier(i) = &p.key
                        && !p.r#static
                    {
                        self.classes[idx].other_members.push(i.name.to_string());
                    } else if p.computed && !p.r#static {
                        self.classes[idx].open = true;
                    }
                    if let Some(v) = &p.value {
                        self.visit_expression(v);
                    }
                }
                ClassElement::AccessorProperty(_) => self.classes[idx].open = true,
                other => self.visit_class_element(other),
            }
        }
        if let Some(h) = &c.heritage {
            self.visit_expression(&h.expression);
        }
        self.class_stack.pop();
    }
}

// The AST of a module lives as long as the program (modules hold it `'static`); the visitor's
// signature only loses that lifetime.
fn static_function<'a>(f: &Function<'a>) -> &'static Function<'static> {
    // SAFETY: every AST node a `Finder` visits belongs to a `modules::Module`'s program, which
    // is leaked for the whole compilation (`modules::leak`): it outlives every use, and the
    // types differ only in that lifetime.
    unsafe { std::mem::transmute::<&Function<'a>, &'static Function<'static>>(f) }
}

fn static_arrow<'a>(a: &ArrowFunctionExpression<'a>) -> &'static ArrowFunctionExpression<'static> {
    // SAFETY: as for `static_function`.
    unsafe { std::mem::transmute::<&ArrowFunctionExpression<'a>, &'static ArrowFunctionExpression<'static>>(a) }
}

/// Whether class binding `s` is never reassigned (a class declaration's outer binding can be).
fn class_binding_closed(scoping: &oxc_semantic::Scoping, s: SymbolId) -> bool {
    scoping.get_resolved_references(s).all(|r| !r.is_write())
}

/// Lowers every function of module `m`.
pub fn module(m: &modules::Module) -> Lowered {
    let mut finder = Finder { m, nodes: vec![], classes: vec![], class_stack: vec![], class_syms: HashMap::new(), pending_name: None };
    finder.visit_program(m.program);
    // A class's prototype is also open when any code reads `C.prototype`: that is a use the
    // reference flags above do not tell from `C.staticMember`. Conservatively scan for it.
    let proto_reads = prototype_reads(m);
    for c in &mut finder.classes {
        if c.binding.is_some_and(|s| proto_reads.contains(&s)) {
            c.open = true;
        }
    }
    let by_key: HashMap<usize, FuncId> = finder.nodes.iter().enumerate().map(|(i, (n, _))| (n.key(), FuncId(i as u32))).collect();
    let bindings = function_bindings(m);
    let folds = crate::enums::enum_folds(m.program, &m.scoping);
    let mut ir = Module { functions: vec![], classes: finder.classes };
    let mut unsupported = vec![];
    for (node, name) in &finder.nodes {
        let (kind, class) = match *node {
            Node::Function(_, k, c) => (k, c),
            Node::Arrow(_) => (FnKind::Arrow, None),
        };
        let mut l = Lowerer::new(m, node.key(), &by_key, &folds, name.clone(), kind, class);
        l.f.binding = bindings.get(&node.key()).copied();
        let r = match *node {
            Node::Function(f, ..) => l.function(f),
            Node::Arrow(a) => l.arrow(a),
        };
        match r {
            Ok(()) => {
                let f = l.finish();
                debug_assert!(f.verify().is_ok(), "{}: {:?}", f.name, f.verify());
                ir.functions.push(f);
                unsupported.push(None);
            }
            Err(u) => {
                let mut f = l.f;
                f.blocks = vec![Block { insts: vec![], term: Term::Unreachable, handler: None }];
                f.values = 0;
                ir.functions.push(f);
                unsupported.push(Some(u));
            }
        }
    }
    let nodes = finder.nodes.iter().map(|(n, _)| n.ast()).collect();
    Lowered { ir, unsupported, by_key, nodes }
}

/// Module-scope bindings that name one function for the whole run: function declarations and
/// `const` bindings initialised with a function or arrow expression. Key: the function's AST
/// key.
fn function_bindings(m: &modules::Module) -> HashMap<usize, SymbolId> {
    let mut out = HashMap::new();
    let never_written = |s: SymbolId| m.scoping.get_resolved_references(s).all(|r| !r.is_write());
    for st in &m.program.body {
        let decl = match st {
            Statement::ExportDeclaration(e) => Some(&e.declaration),
            other => other.as_declaration(),
        };
        match decl {
            Some(Declaration::FunctionDeclaration(f)) => {
                if let Some(s) = f.id.as_ref().and_then(|i| i.symbol_id.get())
                    && never_written(s)
                    && !f.generator
                    && !f.r#async
                {
                    let f: &Function = f;
                    out.insert(f as *const Function as usize, s);
                }
            }
            Some(Declaration::VariableDeclaration(v)) if v.kind == VariableDeclarationKind::Const => {
                for d in &v.declarations {
                    let (BindingPattern::BindingIdentifier(id), Some(init)) = (&d.id, &d.init) else { continue };
                    let Some(s) = id.symbol_id.get() else { continue };
                    let key = match init.without_parentheses() {
                        Expression::ArrowFunctionExpression(a) if !a.r#async => &**a as *const ArrowFunctionExpression as usize,
                        Expression::FunctionExpression(f) if !f.r#async && !f.generator => &**f as *const Function as usize,
                        _ => continue,
                    };
                    out.insert(key, s);
                }
            }
            _ => {}
        }
    }
    out
}

/// Class bindings whose `prototype` property is read somewhere in the module.
fn prototype_reads(m: &modules::Module) -> HashSet<SymbolId> {
    struct V<'s> {
        scoping: &'s oxc_semantic::Scoping,
        out: HashSet<SymbolId>,
    }
    impl<'a> Visit<'a> for V<'_> {
        fn visit_static_member_expression(&mut self, e: &StaticMemberExpression<'a>) {
            if e.property.name == "prototype"
                && let Expression::Identifier(id) = &e.object
                && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            {
                self.out.insert(s);
            }
            oxc_ast_visit::walk::walk_static_member_expression(self, e);
        }
        fn visit_computed_member_expression(&mut self, e: &ComputedMemberExpression<'a>) {
            if let Expression::Identifier(id) = &e.object
                && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            {
                self.out.insert(s);
            }
            oxc_ast_visit::walk::walk_computed_member_expression(self, e);
        }
    }
    let mut v = V { scoping: &m.scoping, out: HashSet::new() };
    v.visit_program(m.program);
    v.out
}

struct Loop {
    labels: Vec<String>,
    brk: BlockId,
    /// `None` for `switch` and labelled blocks (no `continue`).
    cont: Option<BlockId>,
}

struct Lowerer<'a> {
    m: &'a modules::Module,
    ctx: usize,
    by_key: &'a HashMap<usize, FuncId>,
    /// Enum member reads that fold to constants (`enums.rs`), by site.
    folds: &'a HashMap<u32, crate::enums::EnumConst>,
    f: super::Function,
    cur: BlockId,
    locals: HashMap<SymbolId, Local>,
    /// Lexical bindings whose declaration has been lowered: later reads need no TDZ guard.
    initialized: HashSet<SymbolId>,
    /// Locals some read guards for the TDZ: they start as the hole.
    tdz_locals: HashSet<Local>,
    loops: Vec<Loop>,
    pending_labels: Vec<String>,
    /// The block that defines each value.
    value_block: Vec<BlockId>,
}

impl<'a> Lowerer<'a> {
    fn new(
        m: &'a modules::Module,
        key: usize,
        by_key: &'a HashMap<usize, FuncId>,
        folds: &'a HashMap<u32, crate::enums::EnumConst>,
        name: String,
        kind: FnKind,
        class: Option<usize>,
    ) -> Self {
        let ctx = m.analysis.by_node.get(&key).copied().unwrap_or(0);
        let f =
            super::Function { name, kind, key, class, params: vec![], locals: vec![], blocks: vec![Block::default()], values: 0, prologue: 0, binding: None };
        Lowerer {
            m,
            ctx,
            by_key,
            folds,
            f,
            cur: BlockId(0),
            locals: HashMap::new(),
            initialized: HashSet::new(),
            tdz_locals: HashSet::new(),
            loops: vec![],
            pending_labels: vec![],
            value_block: vec![],
        }
    }

    fn finish(mut self) -> super::Function {
        // Every plain local starts as undefined, except those a guarded read may see before
        // their declaration: they start as the hole.
        let mut entry = vec![];
        let params: HashSet<Local> = self.f.params.iter().copied().collect();
        for i in 0..self.f.locals.len() {
            let l = Local(i as u32);
            if params.contains(&l) || self.f.locals[i].kind != LocalKind::Plain {
                continue;
            }
            let c = if self.tdz_locals.contains(&l) { Const::Hole } else { Const::Undefined };
            let v = Value(self.f.values);
            self.f.values += 1;
            entry.push(Inst { result: Some(v), op: Op::Const(c), at: 0 });
            entry.push(Inst { result: None, op: Op::LocalSet(l, v), at: 0 });
        }
        self.f.prologue = entry.len();
        self.f.blocks[0].insts.splice(0..0, entry);
        self.f
    }

    fn scoping(&self) -> &'a oxc_semantic::Scoping {
        &self.m.scoping
    }

    // ----- building -----

    fn new_block(&mut self) -> BlockId {
        let handler = self.f.blocks[self.cur.index()].handler;
        self.f.blocks.push(Block { insts: vec![], term: Term::Open, handler });
        BlockId(self.f.blocks.len() as u32 - 1)
    }

    fn switch_to(&mut self, b: BlockId) {
        self.cur = b;
    }

    fn open(&self) -> bool {
        matches!(self.f.blocks[self.cur.index()].term, Term::Open)
    }

    /// Continues in a fresh unreachable block when the current one is terminated (code after
    /// `return` still lowers; the block is dropped by code generation).
    fn ensure_open(&mut self) {
        if !self.open() {
            let b = self.new_block();
            self.switch_to(b);
        }
    }

    fn emit(&mut self, mut op: Op, at: u32) -> Value {
        self.ensure_open();
        for u in op.uses_mut() {
            *u = self.carry(*u);
        }
        let v = Value(self.f.values);
        self.f.values += 1;
        self.value_block.push(self.cur);
        self.f.blocks[self.cur.index()].insts.push(Inst { result: Some(v), op, at });
        v
    }

    fn effect(&mut self, mut op: Op, at: u32) {
        self.ensure_open();
        for u in op.uses_mut() {
            *u = self.carry(*u);
        }
        self.f.blocks[self.cur.index()].insts.push(Inst { result: None, op, at });
    }

    /// `v` where the current block can use it: values are block-local, so one made before
    /// control flow (the left operand of `a + (c ? x : y)`) is stored in a temporary local
    /// right after its definition and read back here.
    fn carry(&mut self, v: Value) -> Value {
        let def = self.value_block[v.index()];
        if def == self.cur {
            return v;
        }
        let t = self.temp();
        let insts = &mut self.f.blocks[def.index()].insts;
        let pos = insts.iter().position(|i| i.result == Some(v)).expect("a value is defined in its block");
        insts.insert(pos + 1, Inst { result: None, op: Op::LocalSet(t, v), at: 0 });
        let r = Value(self.f.values);
        self.f.values += 1;
        self.value_block.push(self.cur);
        self.f.blocks[self.cur.index()].insts.push(Inst { result: Some(r), op: Op::LocalGet(t), at: 0 });
        r
    }

    fn terminate(&mut self, t: Term) {
        if self.open() {
            let t = match t {
                Term::Branch(c, y, n) => Term::Branch(self.carry(c), y, n),
                Term::Return(v) => Term::Return(self.carry(v)),
                Term::Throw(v) => Term::Throw(self.carry(v)),
                t => t,
            };
            self.f.blocks[self.cur.index()].term = t;
        }
    }

    fn jump(&mut self, b: BlockId) {
        self.terminate(Term::Jump(b));
    }

    fn konst(&mut self, c: Const) -> Value {
        self.emit(Op::Const(c), 0)
    }

    fn undef(&mut self) -> Value {
        self.konst(Const::Undefined)
    }

    fn new_local(&mut self, name: &str, kind: LocalKind, constant: bool, sym: Option<SymbolId>) -> Local {
        self.f.locals.push(LocalData { name: name.to_string(), kind, constant, sym });
        Local(self.f.locals.len() as u32 - 1)
    }

    fn temp(&mut self) -> Local {
        self.new_local("t", LocalKind::Temp, false, None)
    }

    fn ctx_kind(&self) -> CtxKind {
        self.m.analysis.ctxs[self.ctx].kind
    }

    // ----- bindings -----

    /// The local of binding `s` of this function (made on first use).
    fn local_of(&mut self, s: SymbolId) -> Local {
        if let Some(&l) = self.locals.get(&s) {
            return l;
        }
        let kind = if self.m.analysis.boxed.contains(&s) { LocalKind::Boxed } else { LocalKind::Plain };
        let constant = self.scoping().symbol_flags(s).intersects(SymbolFlags::ConstVariable | SymbolFlags::Function);
        let l = self.new_local(self.scoping().symbol_name(s), kind, constant, Some(s));
        self.locals.insert(s, l);
        l
    }

    /// Whether binding `s` (not a capture) belongs to this function; the others belong to the
    /// module's top-level code (its scope, its namespaces).
    fn is_own(&self, s: SymbolId) -> bool {
        self.m.analysis.ctx_of_scope(self.scoping(), self.scoping().symbol_scope_id(s)) == Some(self.ctx)
    }

    /// A binding declared in a TypeScript namespace: an exported one is a property of the
    /// namespace object, which the AST generator knows (`Compiler::ns_members`).
    fn in_namespace(&self, s: SymbolId) -> bool {
        self.scoping().scope_flags(self.scoping().symbol_scope_id(s)).contains(oxc_syntax::scope::ScopeFlags::TsModuleBlock)
    }

    fn needs_tdz(&self, s: SymbolId) -> bool {
        self.scoping().symbol_flags(s).intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable | SymbolFlags::Class)
    }

    fn symbol_of(&self, id: &IdentifierReference) -> Option<SymbolId> {
        id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
    }

    fn read_binding(&mut self, s: SymbolId, at: u32) -> R<Value> {
        let flags = self.scoping().symbol_flags(s);
        if flags.intersects(SymbolFlags::Ambient | SymbolFlags::EnumMember | SymbolFlags::Enum | SymbolFlags::NamespaceModule) || self.in_namespace(s) {
            return unsupported("an ambient, enum or namespace binding", at);
        }
        if let Some(&i) = self.m.analysis.ctxs[self.ctx].cap_index.get(&Cap::Sym(s)) {
            let v = self.emit(Op::CapGet(i as u32), at);
            return Ok(self.tdz_guard(s, v, at));
        }
        if !self.is_own(s) {
            return Ok(self.emit(Op::ModuleGet(s), at));
        }
        let l = self.local_of(s);
        let v = if self.f.locals[l.index()].kind == LocalKind::Boxed { self.emit(Op::BoxGet(l), at) } else { self.emit(Op::LocalGet(l), at) };
        if self.needs_tdz(s) && !self.initialized.contains(&s) {
            self.tdz_locals.insert(l);
        }
        Ok(self.tdz_guard(s, v, at))
    }

    fn tdz_guard(&mut self, s: SymbolId, v: Value, at: u32) -> Value {
        if self.needs_tdz(s) && !self.initialized.contains(&s) {
            self.effect(Op::Guard(Guard::Tdz(self.scoping().symbol_name(s).to_string()), v), at);
        }
        v
    }

    /// Writes binding `s`: an initialisation (`init`, no TDZ or `const` check) or an
    /// assignment.
    fn write_binding(&mut self, s: SymbolId, v: Value, init: bool, at: u32) -> R<()> {
        let flags = self.scoping().symbol_flags(s);
        if self.in_namespace(s) {
            return unsupported("an ambient, enum or namespace binding", at);
        }
        if !init && flags.intersects(SymbolFlags::ConstVariable | SymbolFlags::Class | SymbolFlags::Function | SymbolFlags::Import) {
            return unsupported("an assignment to a constant or a function binding", at);
        }
        if let Some(&i) = self.m.analysis.ctxs[self.ctx].cap_index.get(&Cap::Sym(s)) {
            if !init && self.needs_tdz(s) {
                let old = self.emit(Op::CapGet(i as u32), at);
                self.tdz_guard(s, old, at);
            }
            self.effect(Op::CapSet(i as u32, v), at);
            return Ok(());
        }
        if !self.is_own(s) {
            if !init && self.needs_tdz(s) {
                // `module.get` guards the TDZ itself.
                self.emit(Op::ModuleGet(s), at);
            }
            self.effect(Op::ModuleSet(s, v), at);
            return Ok(());
        }
        let l = self.local_of(s);
        if !init && self.needs_tdz(s) && !self.initialized.contains(&s) {
            self.read_binding(s, at)?;
        }
        if self.f.locals[l.index()].kind == LocalKind::Boxed {
            self.effect(Op::BoxSet(l, v), at);
        } else {
            self.effect(Op::LocalSet(l, v), at);
        }
        if init {
            self.initialized.insert(s);
        }
        Ok(())
    }

    /// Makes the boxes of the captured bindings declared directly in `scope`, at its entry
    /// (a closure made before a declaration in the scope captures the box already).
    fn enter_scope(&mut self, scope: Option<ScopeId>) {
        let Some(scope) = scope else { return };
        let mut syms: Vec<SymbolId> = self.scoping().get_bindings(scope).values().copied().filter(|s| self.m.analysis.boxed.contains(s)).collect();
        syms.sort_unstable();
        for s in syms {
            let l = self.local_of(s);
            self.effect(Op::BoxNew(l), 0);
        }
    }

    // ----- functions -----

    fn params(&mut self, ps: &'static FormalParameters<'static>) -> R<()> {
        if ps.rest.is_some() {
            return unsupported("a rest parameter", ps.span.start);
        }
        for (i, p) in ps.items.iter().enumerate() {
            let BindingPattern::BindingIdentifier(id) = &p.pattern else {
                return unsupported("a destructuring parameter", p.span.start);
            };
            if p.initializer.is_some() {
                return unsupported("a default parameter value", p.span.start);
            }
            let Some(s) = id.symbol_id.get() else { return unsupported("an unresolved parameter", p.span.start) };
            let l = self.local_of(s);
            self.f.params.push(l);
            // (A captured parameter's box was made at the scope's entry.)
            let v = self.emit(Op::Param(i as u32), p.span.start);
            self.write_binding(s, v, true, p.span.start)?;
        }
        Ok(())
    }

    fn check_ctx(&self, at: u32) -> R<()> {
        let c = &self.m.analysis.ctxs[self.ctx];
        if c.uses_arguments {
            return unsupported("arguments", at);
        }
        if !c.boxed_pseudo.is_empty() && c.boxed_pseudo.iter().any(|p| *p != Cap::This) {
            return unsupported("arguments, new.target or super in an inner arrow", at);
        }
        if c.captures.iter().any(|p| !matches!(p, Cap::Sym(_) | Cap::This)) {
            return unsupported("a capture of arguments, new.target or super", at);
        }
        Ok(())
    }

    fn function(&mut self, f: &'static Function<'static>) -> R<()> {
        if f.generator || f.r#async {
            return unsupported(if f.generator { "a generator" } else { "an async function" }, f.span.start);
        }
        if !matches!(self.ctx_kind(), CtxKind::Function | CtxKind::Method) {
            return unsupported("this kind of function", f.span.start);
        }
        let Some(body) = &f.body else { return unsupported("a function without a body", f.span.start) };
        self.check_ctx(f.span.start)?;
        self.enter_scope(f.scope_id.get());
        // A named function expression's own name is bound to the closure itself.
        if let Some(id) = &f.id
            && f.r#type == FunctionType::FunctionExpression
            && let Some(s) = id.symbol_id.get()
            && Some(self.scoping().symbol_scope_id(s)) == f.scope_id.get()
        {
            let me = self.emit(Op::Callee, f.span.start);
            self.write_binding(s, me, true, f.span.start)?;
        }
        self.params(&f.params)?;
        self.body(&body.statements)
    }

    /// A function body: its function declarations made first, then its statements, then
    /// `return undefined` when the end is reachable.
    fn body(&mut self, stmts: &'static [Statement<'static>]) -> R<()> {
        self.hoist_functions(stmts)?;
        for s in stmts {
            self.stmt(s)?;
        }
        if self.open() {
            let u = self.undef();
            self.terminate(Term::Return(u));
        }
        Ok(())
    }

    fn arrow(&mut self, a: &'static ArrowFunctionExpression<'static>) -> R<()> {
        if a.r#async {
            return unsupported("an async arrow", a.span.start);
        }
        self.check_ctx(a.span.start)?;
        self.enter_scope(a.scope_id.get());
        self.params(&a.params)?;
        if let Some(e) = a.get_expression() {
            let v = self.expr(e)?;
            self.terminate(Term::Return(v));
            return Ok(());
        }
        let Some(body) = a.get_function_body() else { return unsupported("an arrow body", a.span.start) };
        self.body(&body.statements)
    }

    /// Function declarations of a body are made at its entry.
    fn hoist_functions(&mut self, body: &'static [Statement<'static>]) -> R<()> {
        for s in body {
            if let Statement::FunctionDeclaration(f) = s {
                let Some(s) = f.id.as_ref().and_then(|i| i.symbol_id.get()) else { continue };
                let c = self.closure(&**f as *const Function as usize, f.id.as_ref().map_or("", |i| i.name.as_str()), f.span.start)?;
                self.write_binding(s, c, true, f.span.start)?;
            }
        }
        Ok(())
    }

    /// Makes the closure of the function with AST key `key`, named `name` (its own name, or
    /// the one NamedEvaluation gives it).
    fn closure(&mut self, key: usize, name: &str, at: u32) -> R<Value> {
        let Some(&func) = self.by_key.get(&key) else { return unsupported("a function the lowering did not find", at) };
        let callee_ctx = self.m.analysis.by_node[&key];
        let mut caps = vec![];
        for cap in self.m.analysis.ctxs[callee_ctx].captures.clone() {
            let from = match cap {
                Cap::Sym(s) => match self.m.analysis.ctxs[self.ctx].cap_index.get(&cap) {
                    Some(&i) => CapFrom::Capture(i as u32),
                    None => CapFrom::Local(self.local_of(s)),
                },
                Cap::This => match self.m.analysis.ctxs[self.ctx].cap_index.get(&cap) {
                    Some(&i) => CapFrom::Capture(i as u32),
                    None => CapFrom::This,
                },
                _ => return unsupported("a closure capturing arguments, new.target or super", at),
            };
            caps.push(from);
        }
        Ok(self.emit(Op::Closure { func, name: name.to_string(), caps }, at))
    }

    // ----- statements -----

    fn block(&mut self, stmts: &'static [Statement<'static>], scope: Option<ScopeId>) -> R<()> {
        self.enter_scope(scope);
        for s in stmts {
            if let Statement::FunctionDeclaration(f) = s {
                return unsupported("a function declaration in a block", f.span.start);
            }
        }
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &'static Statement<'static>) -> R<()> {
        let labels = std::mem::take(&mut self.pending_labels);
        match s {
            Statement::ExpressionStatement(e) => {
                self.expr(&e.expression)?;
            }
            Statement::VariableDeclaration(d) => self.var_decl(d)?,
            Statement::FunctionDeclaration(_) => {} // hoisted
            Statement::EmptyStatement(_) => {}
            Statement::ReturnStatement(r) => {
                let v = match &r.argument {
                    Some(e) => self.expr(e)?,
                    None => self.undef(),
                };
                self.terminate(Term::Return(v));
            }
            Statement::ThrowStatement(t) => {
                let v = self.expr(&t.argument)?;
                self.terminate(Term::Throw(v));
            }
            Statement::BlockStatement(b) => {
                if labels.is_empty() {
                    self.block(&b.body, b.scope_id.get())?;
                } else {
                    let done = self.new_block();
                    self.loops.push(Loop { labels, brk: done, cont: None });
                    self.block(&b.body, b.scope_id.get())?;
                    self.loops.pop();
                    self.jump(done);
                    self.switch_to(done);
                }
            }
            Statement::IfStatement(i) => {
                let (yes, no, done) = (self.new_block(), self.new_block(), self.new_block());
                self.branch(&i.test, yes, no)?;
                self.switch_to(yes);
                self.stmt(&i.consequent)?;
                self.jump(done);
                self.switch_to(no);
                if let Some(a) = &i.alternate {
                    self.stmt(a)?;
                }
                self.jump(done);
                self.switch_to(done);
            }
            Statement::WhileStatement(w) => {
                let (head, body, done) = (self.new_block(), self.new_block(), self.new_block());
                self.jump(head);
                self.switch_to(head);
                self.branch(&w.test, body, done)?;
                self.switch_to(body);
                self.loops.push(Loop { labels, brk: done, cont: Some(head) });
                self.stmt(&w.body)?;
                self.loops.pop();
                self.jump(head);
                self.switch_to(done);
            }
            Statement::DoWhileStatement(w) => {
                let (body, test, done) = (self.new_block(), self.new_block(), self.new_block());
                self.jump(body);
                self.switch_to(body);
                self.loops.push(Loop { labels, brk: done, cont: Some(test) });
                self.stmt(&w.body)?;
                self.loops.pop();
                self.jump(test);
                self.switch_to(test);
                self.branch(&w.test, body, done)?;
                self.switch_to(done);
            }
            Statement::ForStatement(f) => self.for_stmt(f, labels)?,
            Statement::BreakStatement(b) => {
                let target = match &b.label {
                    Some(l) => self.loops.iter().rev().find(|lp| lp.labels.iter().any(|x| x == l.name.as_str())).map(|lp| lp.brk),
                    None => self.loops.iter().rev().find(|lp| lp.cont.is_some() || lp.labels.is_empty()).map(|lp| lp.brk),
                };
                let Some(t) = target else { return unsupported("a break target", b.span.start) };
                self.jump(t);
            }
            Statement::ContinueStatement(c) => {
                let target = match &c.label {
                    Some(l) => self.loops.iter().rev().find(|lp| lp.labels.iter().any(|x| x == l.name.as_str())).and_then(|lp| lp.cont),
                    None => self.loops.iter().rev().find_map(|lp| lp.cont),
                };
                let Some(t) = target else { return unsupported("a continue target", c.span.start) };
                self.jump(t);
            }
            Statement::LabeledStatement(l) => {
                let mut labels = labels;
                labels.push(l.label.name.to_string());
                self.pending_labels = labels;
                self.stmt(&l.body)?;
                self.pending_labels.clear();
            }
            Statement::SwitchStatement(sw) => self.switch(sw, labels)?,
            Statement::TryStatement(t) => self.try_stmt(t)?,
            other => return unsupported(stmt_name(other), stmt_span(other)),
        }
        Ok(())
    }

    fn var_decl(&mut self, d: &'static VariableDeclaration<'static>) -> R<()> {
        if matches!(d.kind, VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing) {
            return unsupported("using", d.span.start);
        }
        for decl in &d.declarations {
            let BindingPattern::BindingIdentifier(id) = &decl.id else {
                return unsupported("a destructuring declaration", decl.span.start);
            };
            let Some(s) = id.symbol_id.get() else { return unsupported("an unresolved binding", decl.span.start) };
            let v = match &decl.init {
                Some(e) => self.expr_named(e, Some(id.name.as_str()))?,
                // `var x;` keeps the value it has; `let x;` is undefined.
                None if d.kind == VariableDeclarationKind::Var => continue,
                None => self.undef(),
            };
            self.write_binding(s, v, true, decl.span.start)?;
        }
        Ok(())
    }

    fn for_stmt(&mut self, f: &'static ForStatement<'static>, labels: Vec<String>) -> R<()> {
        if let Some(ForStatementInit::VariableDeclaration(d)) = &f.init
            && d.kind != VariableDeclarationKind::Var
        {
            // Per-iteration bindings matter only when a closure captures them.
            let mut names = vec![];
            for decl in &d.declarations {
                crate::modules::pattern_names(&decl.id, &mut names);
            }
            if names.iter().any(|(_, s)| self.m.analysis.boxed.contains(s)) {
                return unsupported("a for loop binding captured by a closure", f.span.start);
            }
        }
        match &f.init {
            Some(ForStatementInit::VariableDeclaration(d)) => self.var_decl(d)?,
            Some(init) => {
                self.expr(init.to_expression())?;
            }
            None => {}
        }
        let (head, body, step, done) = (self.new_block(), self.new_block(), self.new_block(), self.new_block());
        self.jump(head);
        self.switch_to(head);
        match &f.test {
            Some(t) => self.branch(t, body, done)?,
            None => self.jump(body),
        }
        self.switch_to(body);
        self.loops.push(Loop { labels, brk: done, cont: Some(step) });
        self.stmt(&f.body)?;
        self.loops.pop();
        self.jump(step);
        self.switch_to(step);
        if let Some(u) = &f.update {
            self.expr(u)?;
        }
        self.jump(head);
        self.switch_to(done);
        Ok(())
    }

    /// `switch`: the discriminant is compared (`===`) with each case test in order; the
    /// bodies fall through in source order; `default` is taken when no test matched.
    fn switch(&mut self, sw: &'static SwitchStatement<'static>, labels: Vec<String>) -> R<()> {
        let d = self.expr(&sw.discriminant)?;
        let dl = self.temp();
        self.effect(Op::LocalSet(dl, d), 0);
        let done = self.new_block();
        let bodies: Vec<BlockId> = sw.cases.iter().map(|_| self.new_block()).collect();
        self.enter_scope(sw.scope_id.get());
        for c in &sw.cases {
            for s in &c.consequent {
                if let Statement::FunctionDeclaration(f) = s {
                    return unsupported("a function declaration in a switch", f.span.start);
                }
            }
        }
        for (i, c) in sw.cases.iter().enumerate() {
            let Some(t) = &c.test else { continue };
            let v = self.expr(t)?;
            let d = self.emit(Op::LocalGet(dl), 0);
            let eq = self.emit(Op::Binary(BinOp::StrictEq, d, v), c.span.start);
            let c = self.emit(Op::Truthy(eq), 0);
            let next = self.new_block();
            self.terminate(Term::Branch(c, bodies[i], next));
            self.switch_to(next);
        }
        let default = sw.cases.iter().position(|c| c.test.is_none()).map_or(done, |i| bodies[i]);
        self.jump(default);
        self.loops.push(Loop { labels, brk: done, cont: None });
        for (i, c) in sw.cases.iter().enumerate() {
            self.switch_to(bodies[i]);
            for s in &c.consequent {
                self.stmt(s)?;
            }
            self.jump(*bodies.get(i + 1).unwrap_or(&done));
        }
        self.loops.pop();
        self.switch_to(done);
        Ok(())
    }

    fn try_stmt(&mut self, t: &'static TryStatement<'static>) -> R<()> {
        if t.finalizer.is_some() {
            return unsupported("finally", t.span.start);
        }
        let Some(h) = &t.handler else { return unsupported("try without catch", t.span.start) };
        let outer = self.f.blocks[self.cur.index()].handler;
        self.ensure_open();
        let catch = self.new_block();
        let done = self.new_block();
        let body = self.new_block();
        self.f.blocks[body.index()].handler = Some(catch);
        self.jump(body);
        self.switch_to(body);
        self.block(&t.block.body, t.block.scope_id.get())?;
        self.jump(done);
        // The catch clause runs under the outer handler.
        self.f.blocks[catch.index()].handler = outer;
        self.switch_to(catch);
        let e = self.emit(Op::Caught, h.span.start);
        self.enter_scope(h.scope_id.get());
        if let Some(p) = &h.param {
            let BindingPattern::BindingIdentifier(id) = &p.pattern else { return unsupported("a destructuring catch parameter", h.span.start) };
            let Some(s) = id.symbol_id.get() else { return unsupported("an unresolved binding", h.span.start) };
            self.write_binding(s, e, true, h.span.start)?;
        }
        self.block(&h.body.body, h.body.scope_id.get())?;
        self.jump(done);
        self.switch_to(done);
        Ok(())
    }

    // ----- expressions -----

    /// Branches on the truth of `e`.
    fn branch(&mut self, e: &'static Expression<'static>, yes: BlockId, no: BlockId) -> R<()> {
        match e.without_parentheses() {
            Expression::LogicalExpression(l) if l.operator == LogicalOperator::And => {
                let mid = self.new_block();
                self.branch(&l.left, mid, no)?;
                self.switch_to(mid);
                self.branch(&l.right, yes, no)
            }
            Expression::LogicalExpression(l) if l.operator == LogicalOperator::Or => {
                let mid = self.new_block();
                self.branch(&l.left, yes, mid)?;
                self.switch_to(mid);
                self.branch(&l.right, yes, no)
            }
            Expression::UnaryExpression(u) if u.operator == UnaryOperator::LogicalNot => self.branch(&u.argument, no, yes),
            _ => {
                let v = self.expr(e)?;
                let c = self.emit(Op::Truthy(v), 0);
                self.terminate(Term::Branch(c, yes, no));
                Ok(())
            }
        }
    }

    fn expr(&mut self, e: &'static Expression<'static>) -> R<Value> {
        self.expr_named(e, None)
    }

    fn expr_named(&mut self, e: &'static Expression<'static>, name: Option<&str>) -> R<Value> {
        let at = e.span().start;
        let v = match e {
            Expression::NumericLiteral(n) => self.konst(Const::Number(n.value)),
            Expression::StringLiteral(s) if !s.lone_surrogates => self.konst(Const::String(s.value.to_string())),
            Expression::BooleanLiteral(b) => self.konst(Const::Bool(b.value)),
            Expression::NullLiteral(_) => self.konst(Const::Null),
            Expression::Identifier(id) => match self.symbol_of(id) {
                Some(s) => self.read_binding(s, at)?,
                None => match id.name.as_str() {
                    "undefined" => self.undef(),
                    "NaN" => self.konst(Const::Number(f64::NAN)),
                    "Infinity" => self.konst(Const::Number(f64::INFINITY)),
                    "arguments" | "__perry_native" => return unsupported("arguments", at),
                    n => self.emit(Op::GlobalGet(n.to_string()), at),
                },
            },
            Expression::ThisExpression(_) => self.this(at)?,
            Expression::ParenthesizedExpression(p) => self.expr_named(&p.expression, name)?,
            Expression::TSAsExpression(x) => self.expr_named(&x.expression, name)?,
            Expression::TSSatisfiesExpression(x) => self.expr_named(&x.expression, name)?,
            Expression::TSNonNullExpression(x) => self.expr_named(&x.expression, name)?,
            Expression::TSTypeAssertion(x) => self.expr_named(&x.expression, name)?,
            Expression::SequenceExpression(s) => {
                let mut last = None;
                for x in &s.expressions {
                    last = Some(self.expr(x)?);
                }
                match last {
                    Some(v) => v,
                    None => self.undef(),
                }
            }
            Expression::UnaryExpression(u) => self.unary(u)?,
            Expression::BinaryExpression(b) => {
                let l = self.expr(&b.left)?;
                let r = self.expr(&b.right)?;
                let Some(op) = binop(b.operator) else { return unsupported("this binary operator", at) };
                self.emit(Op::Binary(op, l, r), at)
            }
            Expression::LogicalExpression(l) => self.logical(l)?,
            Expression::ConditionalExpression(c) => {
                let t = self.temp();
                let (yes, no, done) = (self.new_block(), self.new_block(), self.new_block());
                self.branch(&c.test, yes, no)?;
                for (b, e) in [(yes, &c.consequent), (no, &c.alternate)] {
                    self.switch_to(b);
                    let v = self.expr_named(e, name)?;
                    self.effect(Op::LocalSet(t, v), 0);
                    self.jump(done);
                }
                self.switch_to(done);
                self.emit(Op::LocalGet(t), 0)
            }
            Expression::AssignmentExpression(a) => self.assignment(a)?,
            Expression::UpdateExpression(u) => self.update(u)?,
            Expression::StaticMemberExpression(m) => {
                if matches!(m.object, Expression::Super(_)) {
                    return unsupported("super", at);
                }
                if let Some(c) = self.folds.get(&m.span.start) {
                    let c = match c {
                        crate::enums::EnumConst::Num(n) => Const::Number(*n),
                        crate::enums::EnumConst::Str(s) => Const::String(s.clone()),
                    };
                    return Ok(self.emit(Op::Const(c), at));
                }
                let o = self.expr(&m.object)?;
                self.emit(Op::GetProp(o, m.property.name.to_string()), m.property.span.start)
            }
            Expression::ComputedMemberExpression(m) => {
                if matches!(m.object, Expression::Super(_)) {
                    return unsupported("super", at);
                }
                let o = self.expr(&m.object)?;
                let k = self.expr(&m.expression)?;
                self.emit(Op::GetIndex(o, k), at)
            }
            Expression::CallExpression(c) => self.call(c)?,
            Expression::NewExpression(n) => {
                let f = self.expr(&n.callee)?;
                let args = self.args(&n.arguments)?;
                self.emit(Op::New { callee: f, args }, at)
            }
            Expression::ArrayExpression(a) => {
                let mut vs = vec![];
                for el in &a.elements {
                    match el {
                        ArrayExpressionElement::SpreadElement(s) => return unsupported("a spread element", s.span.start),
                        ArrayExpressionElement::Elision(e) => return unsupported("an array hole", e.span.start),
                        other => vs.push(self.expr(other.to_expression())?),
                    }
                }
                self.emit(Op::Array(vs), at)
            }
            Expression::ObjectExpression(o) => {
                let mut fs: Vec<(String, Value)> = vec![];
                for p in &o.properties {
                    let ObjectPropertyKind::ObjectProperty(p) = p else { return unsupported("a spread property", at) };
                    if p.kind != PropertyKind::Init || p.method || p.computed {
                        return unsupported("an accessor, method or computed property", p.span.start);
                    }
                    let key = match &p.key {
                        PropertyKey::StaticIdentifier(i) => i.name.to_string(),
                        PropertyKey::StringLiteral(s) => s.value.to_string(),
                        _ => return unsupported("a property key", p.span.start),
                    };
                    if key == "__proto__" || key.parse::<u32>().is_ok() || fs.iter().any(|(k, _)| *k == key) {
                        return unsupported("a __proto__, index or repeated key", p.span.start);
                    }
                    let v = self.expr_named(&p.value, Some(&key))?;
                    fs.push((key, v));
                }
                self.emit(Op::Object(fs), at)
            }
            Expression::FunctionExpression(f) => {
                let n = f.id.as_ref().map(|i| i.name.as_str()).or(name).unwrap_or("");
                self.closure(&**f as *const Function as usize, n, at)?
            }
            Expression::ArrowFunctionExpression(a) => self.closure(&**a as *const ArrowFunctionExpression as usize, name.unwrap_or(""), at)?,
            other => return unsupported(expr_name(other), at),
        };
        Ok(v)
    }

    fn this(&mut self, at: u32) -> R<Value> {
        match self.ctx_kind() {
            CtxKind::Arrow => match self.m.analysis.ctxs[self.ctx].cap_index.get(&Cap::This) {
                Some(&i) => Ok(self.emit(Op::CapGet(i as u32), at)),
                None => unsupported("this at module level", at),
            },
            CtxKind::Function | CtxKind::Method => Ok(self.emit(Op::This, at)),
            _ => unsupported("this here", at),
        }
    }

    fn unary(&mut self, u: &'static UnaryExpression<'static>) -> R<Value> {
        let at = u.span.start;
        if u.operator == UnaryOperator::Delete {
            return unsupported("delete", at);
        }
        if u.operator == UnaryOperator::Typeof
            && let Expression::Identifier(id) = &u.argument
            && self.symbol_of(id).is_none()
        {
            return unsupported("typeof of an unresolved name", at);
        }
        if u.operator == UnaryOperator::LogicalNot {
            let v = self.expr(&u.argument)?;
            let t = self.emit(Op::Truthy(v), at);
            let b = self.emit(Op::BoolValue(t), at);
            return Ok(self.emit(Op::Unary(UnOp::Not, b), at));
        }
        let v = self.expr(&u.argument)?;
        let op = match u.operator {
            UnaryOperator::UnaryNegation => UnOp::Neg,
            UnaryOperator::UnaryPlus => UnOp::Plus,
            UnaryOperator::BitwiseNot => UnOp::BitNot,
            UnaryOperator::Typeof => UnOp::TypeOf,
            UnaryOperator::Void => UnOp::Void,
            _ => unreachable!("handled above"),
        };
        Ok(self.emit(Op::Unary(op, v), at))
    }

    fn logical(&mut self, l: &'static LogicalExpression<'static>) -> R<Value> {
        let t = self.temp();
        let v = self.expr(&l.left)?;
        self.effect(Op::LocalSet(t, v), 0);
        let (right, done) = (self.new_block(), self.new_block());
        let c = match l.operator {
            LogicalOperator::And => {
                let c = self.emit(Op::Truthy(v), 0);
                self.terminate(Term::Branch(c, right, done));
                c
            }
            LogicalOperator::Or => {
                let c = self.emit(Op::Truthy(v), 0);
                self.terminate(Term::Branch(c, done, right));
                c
            }
            LogicalOperator::Coalesce => {
                let n = self.konst(Const::Null);
                let is_null = self.emit(Op::Binary(BinOp::Eq, v, n), 0);
                let c = self.emit(Op::Truthy(is_null), 0);
                self.terminate(Term::Branch(c, right, done));
                c
            }
        };
        let _ = c;
        self.switch_to(right);
        let r = self.expr(&l.right)?;
        self.effect(Op::LocalSet(t, r), 0);
        self.jump(done);
        self.switch_to(done);
        Ok(self.emit(Op::LocalGet(t), 0))
    }

    fn args(&mut self, args: &'static [Argument<'static>]) -> R<Vec<Value>> {
        let mut vs = vec![];
        for a in args {
            if let Argument::SpreadElement(s) = a {
                return unsupported("a spread argument", s.span.start);
            }
            vs.push(self.expr(a.to_expression())?);
        }
        Ok(vs)
    }

    fn call(&mut self, c: &'static CallExpression<'static>) -> R<Value> {
        let at = c.span.start;
        if c.optional {
            return unsupported("an optional call", at);
        }
        let (callee, this) = match c.callee.without_parentheses() {
            Expression::StaticMemberExpression(m) if !m.optional && !matches!(m.object, Expression::Super(_)) => {
                let o = self.expr(&m.object)?;
                (self.emit(Op::GetProp(o, m.property.name.to_string()), m.property.span.start), o)
            }
            Expression::ComputedMemberExpression(m) if !m.optional && !matches!(m.object, Expression::Super(_)) => {
                let o = self.expr(&m.object)?;
                let k = self.expr(&m.expression)?;
                (self.emit(Op::GetIndex(o, k), at), o)
            }
            Expression::Super(_) => return unsupported("super()", at),
            Expression::Identifier(id) if id.name == "eval" && self.symbol_of(id).is_none() => return unsupported("eval", at),
            Expression::StaticMemberExpression(_) | Expression::ComputedMemberExpression(_) | Expression::ChainExpression(_) => {
                return unsupported("this callee", at);
            }
            f => {
                let f = self.expr(f)?;
                (f, self.undef())
            }
        };
        let args = self.args(&c.arguments)?;
        let what = crate::codegen::expr::callee_text(self.m.source, &c.callee);
        Ok(self.emit(Op::Call { target: Target::Unknown, callee, this, args, what }, at))
    }

    fn assignment(&mut self, a: &'static AssignmentExpression<'static>) -> R<Value> {
        let at = a.span.start;
        let op = match a.operator {
            AssignmentOperator::Assign => None,
            o => match o.to_binary_operator().and_then(binop) {
                Some(b) => Some(b),
                None => return unsupported("a logical assignment", at),
            },
        };
        match &a.left {
            AssignmentTarget::AssignmentTargetIdentifier(id) => {
                let Some(s) = self.symbol_of(id) else { return unsupported("an assignment to a global", at) };
                let v = match op {
                    None => self.expr_named(&a.right, Some(id.name.as_str()))?,
                    Some(op) => {
                        let old = self.read_binding(s, at)?;
                        let r = self.expr(&a.right)?;
                        self.emit(Op::Binary(op, old, r), at)
                    }
                };
                self.write_binding(s, v, false, at)?;
                Ok(v)
            }
            AssignmentTarget::StaticMemberExpression(m) if !matches!(m.object, Expression::Super(_)) => {
                let o = self.expr(&m.object)?;
                let name = m.property.name.to_string();
                let v = match op {
                    None => self.expr(&a.right)?,
                    Some(op) => {
                        let old = self.emit(Op::GetProp(o, name.clone()), m.property.span.start);
                        let r = self.expr(&a.right)?;
                        self.emit(Op::Binary(op, old, r), at)
                    }
                };
                self.effect(Op::SetProp(o, name, v), m.property.span.start);
                Ok(v)
            }
            AssignmentTarget::ComputedMemberExpression(m) if !matches!(m.object, Expression::Super(_)) => {
                let o = self.expr(&m.object)?;
                let k = self.expr(&m.expression)?;
                let v = match op {
                    None => self.expr(&a.right)?,
                    // The key is converted once (ToPropertyKey): reading and writing with
                    // the same value is that only for primitive keys.
                    Some(_) => return unsupported("a compound assignment to a computed member", at),
                };
                self.effect(Op::SetIndex(o, k, v), at);
                Ok(v)
            }
            _ => unsupported("this assignment target", at),
        }
    }

    fn update(&mut self, u: &'static UpdateExpression<'static>) -> R<Value> {
        let at = u.span.start;
        let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = &u.argument else {
            return unsupported("++ or -- on a member", at);
        };
        let Some(s) = self.symbol_of(id) else { return unsupported("++ or -- on a global", at) };
        let old = self.read_binding(s, at)?;
        // ToNumeric, then add or subtract one of the same type (a BigInt steps by 1n): the
        // `tonumber`/`add 1` pair is exact for numbers only, so the operators stay whole.
        let num = self.emit(Op::Unary(UnOp::Plus, old), at);
        let one = self.konst(Const::Number(1.0));
        let op = if u.operator == UpdateOperator::Increment { BinOp::Add } else { BinOp::Sub };
        let new = self.emit(Op::Binary(op, num, one), at);
        self.write_binding(s, new, false, at)?;
        Ok(if u.prefix { new } else { num })
    }
}

fn binop(op: BinaryOperator) -> Option<BinOp> {
    Some(match op {
        BinaryOperator::Addition => BinOp::Add,
        BinaryOperator::Subtraction => BinOp::Sub,
        BinaryOperator::Multiplication => BinOp::Mul,
        BinaryOperator::Division => BinOp::Div,
        BinaryOperator::Remainder => BinOp::Rem,
        BinaryOperator::Exponential => BinOp::Exp,
        BinaryOperator::ShiftLeft => BinOp::Shl,
        BinaryOperator::ShiftRight => BinOp::Shr,
        BinaryOperator::ShiftRightZeroFill => BinOp::UShr,
        BinaryOperator::BitwiseAnd => BinOp::BitAnd,
        BinaryOperator::BitwiseOR => BinOp::BitOr,
        BinaryOperator::BitwiseXOR => BinOp::BitXor,
        BinaryOperator::LessThan => BinOp::Lt,
        BinaryOperator::LessEqualThan => BinOp::Le,
        BinaryOperator::GreaterThan => BinOp::Gt,
        BinaryOperator::GreaterEqualThan => BinOp::Ge,
        BinaryOperator::Equality => BinOp::Eq,
        BinaryOperator::Inequality => BinOp::Ne,
        BinaryOperator::StrictEquality => BinOp::StrictEq,
        BinaryOperator::StrictInequality => BinOp::StrictNe,
        BinaryOperator::In => BinOp::In,
        BinaryOperator::Instanceof => BinOp::InstanceOf,
    })
}

fn stmt_name(s: &Statement) -> &'static str {
    match s {
        Statement::ForInStatement(_) => "for-in",
        Statement::ForOfStatement(_) => "for-of",
        Statement::ClassDeclaration(_) => "a class declaration",
        Statement::WithStatement(_) => "with",
        Statement::DebuggerStatement(_) => "debugger",
        _ => "this statement",
    }
}

fn stmt_span(s: &Statement) -> u32 {
    use oxc_span::GetSpan;
    s.span().start
}

fn expr_name(e: &Expression) -> &'static str {
    match e {
        Expression::TemplateLiteral(_) => "a template literal",
        Expression::TaggedTemplateExpression(_) => "a tagged template",
        Expression::ChainExpression(_) => "optional chaining",
        Expression::ClassExpression(_) => "a class expression",
        Expression::AwaitExpression(_) => "await",
        Expression::YieldExpression(_) => "yield",
        Expression::RegExpLiteral(_) => "a regular expression literal",
        Expression::BigIntLiteral(_) => "a BigInt literal",
        Expression::PrivateFieldExpression(_) => "a private field",
        Expression::PrivateInExpression(_) => "#x in o",
        Expression::Super(_) => "super",
        Expression::NewTarget(_) => "new.target",
        Expression::ImportExpression(_) | Expression::ImportMeta(_) => "import",
        _ => "this expression",
    }
}

use oxc_span::GetSpan;
