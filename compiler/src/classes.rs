//! Classes whose construction is plain data.
//!
//! `new C(a, b)` normally allocates the instance, calls the constructor, and
//! the constructor defines each field and then assigns some of them: every
//! step an inline cache, a shape transition and a call. For the common
//! TypeScript class that only declares fields and copies constructor
//! parameters into them, nothing the program can observe happens in between,
//! so the compiler builds the instance at the `new` site with its final shape
//! and values in one allocation (see `expr.rs` `construct_plain`).
//!
//! A class qualifies when its binding is never assigned, it has no `extends`
//! and no decorators, no private or accessor members, its instance fields
//! have plain names and no initialiser or a literal one, and its constructor
//! (if any) has plain identifier parameters and a body of nothing but
//! `this.field = parameter` / `this.field = literal` statements on declared
//! fields. Parameter properties (`constructor(public x: number)`) count as
//! fields declared first, as TypeScript emits them.
//!
//! # Construction sites
//!
//! `new C(...)` of such a class keeps `[ctor, final shape, prototype]` in three global slots
//! (filled by `perry_construct_plain` after the first, general construction) and then allocates
//! the instance inline with its final shape and writes the field values: no call, no
//! transitions. The first instance, built by the general path, is copied into the final layout
//! too (its constructor only stored its arguments, so nothing else holds it): every instance of
//! the class has one shape. With more than four arguments the general path takes them in an
//! array (`perry_construct_plain_spread`). Other `new C(a, b)` sites of base-class constructors
//! keep four global slots `[ctor, prototype, root shape, instance size]`, filled by
//! `perry_construct_site`: when the callee is the cached constructor, the instance is
//! bump-allocated inline and the constructor's code called directly; the size comes from slack
//! tracking (as many inline slots as the first instance ended up with properties).
//!
//! # Predicted fields
//!
//! Found by [`predicted_instances`]: a binding annotated as a plain-data class `C`, initialised with
//! `new C`, with an element of a binding annotated `C[]`/`Array<C>`, or iterated from one with
//! `for...of`, is predicted to hold a `C`. Its `o.f` reads, writes and compound assignments of
//! a field of `C` test the object's shape against the class's instance shape (a global slot per
//! class, raw shape pointer, filled where `new C` first runs the general path) and load or
//! store at the field's constant offset (`codegen/expr.rs::predicted_field`); any other value
//! (a literal typed as `C`, a subclass instance, a frozen or reshaped instance, a class whose
//! slot was never filled) goes through the ordinary inline cache, in cold blocks. Correctness
//! never depends on the prediction: the instance shape has every field a writable data property
//! in an inline slot (runtime `learn_plain`), and freezing or redefining a field changes the
//! shape.
//!
//! # Remembered shape tests
//!
//! A predicted binding never assigned after its declaration and used as `b.f` at least three
//! times in a function ([`shape_memo_bindings`]; not in generators) gets an `i8` variable
//! (`FnCompiler::shape_memo`): 1 where the binding's value is known to have the class's
//! instance shape. A predicted access tests the variable first and the shape only when it is 0;
//! a passing test sets it. It is 0 where the function starts, at each (re)declaration
//! (`init_binding`, `declare_local`: a loop's `const bj = bodies[j]` each iteration) and after
//! every call (`after_call`, at the same four call sites as the loop caches' refill).
//! **Invariant:** between calls nothing removes, retypes or moves an object's fields: the
//! runtime does that, and compiled code only adds properties inline (a class field's
//! definition, after the existing ones; it forgets the memos all the same), and the collector
//! runs only inside calls. SSA merges make the variable 0 wherever one incoming path did not
//! test, so loops carry the memo across iterations until a call. (Rule; the conformance program
//! `shape_memo` covers it.)

use hashbrown::HashMap;
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
use oxc_syntax::scope::ScopeFlags;
use oxc_syntax::symbol::{SymbolFlags, SymbolId};

/// The most fields a plain class may have (all of them inline slots).
pub const MAX_PLAIN_FIELDS: usize = 16;

/// Where a field's final value comes from.
#[derive(Clone, Copy)]
pub enum Init {
    Undefined,
    /// The constructor's argument at this index (undefined when absent).
    Arg(usize),
    /// A literal (number, string, boolean, null): no side effects.
    Lit(&'static Expression<'static>),
}

/// A plain class: its instance fields in definition order, with final values.
pub struct PlainClass {
    pub fields: Vec<(String, Init)>,
}

/// How many properties a class's instances are expected to have, for the inline slots of the
/// object `new` makes (`FnMeta::slots`): its instance fields and private methods (private names
/// are keys of the shape too), its constructor's parameter properties, and the distinct names
/// its constructor's top-level statements assign on `this`; with an `extends`, the runtime's default for what the parent
/// adds. An estimate: more properties go out of line, as without one.
pub fn instance_slots(class: &Class) -> u32 {
    let mut names: Vec<&str> = Vec::new();
    let mut unnamed = 0u32;
    for e in &class.body.body {
        match e {
            // A private name is a key of the instance's shape too.
            ClassElement::MethodDefinition(m) if !m.r#static && matches!(m.key, PropertyKey::PrivateIdentifier(_)) => unnamed += 1,
            ClassElement::PropertyDefinition(p) if !p.r#static => match &p.key {
                PropertyKey::PrivateIdentifier(_) => unnamed += 1,
                PropertyKey::StaticIdentifier(i) if !names.contains(&i.name.as_str()) => names.push(i.name.as_str()),
                PropertyKey::StringLiteral(l) if !names.contains(&l.value.as_str()) => names.push(l.value.as_str()),
                PropertyKey::StaticIdentifier(_) | PropertyKey::StringLiteral(_) => {}
                _ => unnamed += 1,
            },
            ClassElement::MethodDefinition(m) if m.kind == MethodDefinitionKind::Constructor => {
                for p in &m.value.params.items {
                    if (p.accessibility.is_some() || p.readonly || p.r#override)
                        && let BindingPattern::BindingIdentifier(id) = &p.pattern
                        && !names.contains(&id.name.as_str())
                    {
                        names.push(id.name.as_str());
                    }
                }
                for st in m.value.body.iter().flat_map(|b| &b.statements) {
                    if let Statement::ExpressionStatement(es) = st
                        && let Expression::AssignmentExpression(a) = &es.expression
                        && let AssignmentTarget::StaticMemberExpression(t) = &a.left
                        && matches!(t.object, Expression::ThisExpression(_))
                        && !names.contains(&t.property.name.as_str())
                    {
                        names.push(t.property.name.as_str());
                    }
                }
            }
            _ => {}
        }
    }
    let parent = if class.heritage.is_some() { 4 } else { 0 };
    names.len() as u32 + unnamed + parent
}

/// The class declaration each instance method, getter and setter of a module belongs to, by
/// the AST key of its function (what `this` is expected to be an instance of).
pub fn method_classes(program: &'static Program<'static>) -> HashMap<usize, SymbolId> {
    let mut out = HashMap::new();
    for (&sym, &class) in &class_declarations(program) {
        for el in &class.body.body {
            if let ClassElement::MethodDefinition(m) = el
                && !m.r#static
                && m.kind != MethodDefinitionKind::Constructor
            {
                out.insert(&*m.value as *const Function as usize, sym);
            }
        }
    }
    out
}

/// What a class defines on its prototype under one name: a method, or a getter, a setter or
/// both (each the AST address of its function, 0 for none).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Member {
    pub method: usize,
    pub getter: usize,
    pub setter: usize,
}

impl Member {
    /// The first of its functions in source order: the member's key.
    pub fn key(&self) -> usize {
        [self.method, self.getter, self.setter].into_iter().filter(|&k| k != 0).min().unwrap_or(0)
    }

    pub fn is_accessor(&self) -> bool {
        self.method == 0
    }
}

/// The members of `class`'s prototype with a plain identifier name, each defined once: a name
/// defined twice (a method and an accessor, two getters) is left out, as are static, private,
/// computed and decorated members and bodiless signatures.
pub fn prototype_members(class: &Class) -> Vec<(String, Member)> {
    let mut out: Vec<(String, Member)> = Vec::new();
    let mut twice: Vec<String> = Vec::new();
    for el in &class.body.body {
        let ClassElement::MethodDefinition(m) = el else { continue };
        if m.r#static || m.computed || !m.decorators.is_empty() || m.value.body.is_none() || m.kind == MethodDefinitionKind::Constructor {
            continue;
        }
        let PropertyKey::StaticIdentifier(id) = &m.key else { continue };
        let name = id.name.as_str();
        let key = &*m.value as *const Function as usize;
        let at = match out.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                out.push((name.to_string(), Member::default()));
                out.len() - 1
            }
        };
        let mem = &mut out[at].1;
        let method = m.kind == MethodDefinitionKind::Method;
        let other_kind = if method { mem.getter != 0 || mem.setter != 0 } else { mem.method != 0 };
        let slot = match m.kind {
            MethodDefinitionKind::Get => &mut mem.getter,
            MethodDefinitionKind::Set => &mut mem.setter,
            _ => &mut mem.method,
        };
        if *slot != 0 || other_kind {
            twice.push(name.to_string());
        }
        *slot = key;
    }
    out.retain(|(n, _)| !twice.contains(n));
    out
}

/// The class declarations of a module by binding.
pub fn class_declarations(program: &'static Program<'static>) -> HashMap<SymbolId, &'static Class<'static>> {
    struct V(HashMap<SymbolId, &'static Class<'static>>);
    impl<'a> Visit<'a> for V {
        fn visit_class(&mut self, c: &Class<'a>) {
            if c.r#type == ClassType::ClassDeclaration
                && let Some(sym) = c.id.as_ref().and_then(|i| i.symbol_id.get())
            {
                // SAFETY: module ASTs live for the whole compilation ('static,
                // leaked by the module loader); the visitor only shortens it.
                let c: &'static Class<'static> = unsafe { &*(c as *const Class<'a>).cast::<Class<'static>>() };
                self.0.insert(sym, c);
            }
            oxc_ast_visit::walk::walk_class(self, c);
        }
    }
    let mut v = V(HashMap::new());
    v.visit_program(program);
    v.0
}

/// The plain-data construction of class `sym`, if it qualifies.
pub fn plain_class(sym: SymbolId, class: &'static Class<'static>, scoping: &Scoping) -> Option<PlainClass> {
    if !scoping.symbol_flags(sym).contains(SymbolFlags::Class) || scoping.get_resolved_references(sym).any(|r| r.is_write()) {
        return None;
    }
    if class.heritage.is_some() || !class.decorators.is_empty() {
        return None;
    }
    let mut params: Vec<SymbolId> = Vec::new();
    // Parameter properties: defined first, assigned after the declared fields.
    let mut pprops: Vec<(String, Init)> = Vec::new();
    let ctor = crate::analyze::explicit_ctor(class);
    if let Some(f) = ctor {
        if f.params.rest.is_some() {
            return None;
        }
        for (i, p) in f.params.items.iter().enumerate() {
            let BindingPattern::BindingIdentifier(id) = &p.pattern else { return None };
            if p.initializer.is_some() || !p.decorators.is_empty() {
                return None;
            }
            params.push(id.symbol_id.get()?);
            if p.accessibility.is_some() || p.readonly || p.r#override {
                pprops.push((id.name.to_string(), Init::Arg(i)));
            }
        }
    }
    let mut fields: Vec<(String, Init)> = pprops.iter().map(|(n, _)| (n.clone(), Init::Undefined)).collect();
    for el in &class.body.body {
        match el {
            ClassElement::MethodDefinition(m) if !m.decorators.is_empty() || (!m.r#static && matches!(m.key, PropertyKey::PrivateIdentifier(_))) => {
                return None;
            }
            ClassElement::PropertyDefinition(p) => {
                if p.r#static || p.declare || p.r#type == PropertyDefinitionType::TSAbstractPropertyDefinition {
                    continue;
                }
                if p.computed || !p.decorators.is_empty() {
                    return None;
                }
                let name = plain_key(&p.key)?;
                let init = match &p.value {
                    None => Init::Undefined,
                    Some(e) if is_literal(e) => Init::Lit(e),
                    Some(_) => return None,
                };
                if fields.iter().any(|(n, _)| *n == name) {
                    return None;
                }
                fields.push((name, init));
            }
            ClassElement::AccessorProperty(a) if !a.r#static => return None,
            _ => {}
        }
    }
    for (name, init) in pprops {
        set_field(&mut fields, &name, init)?;
    }
    if let Some(f) = ctor {
        for st in &f.body.as_ref()?.statements {
            let Statement::ExpressionStatement(es) = st else { return None };
            let Expression::AssignmentExpression(a) = &es.expression else { return None };
            if a.operator != AssignmentOperator::Assign {
                return None;
            }
            let AssignmentTarget::StaticMemberExpression(m) = &a.left else { return None };
            if !matches!(m.object, Expression::ThisExpression(_)) {
                return None;
            }
            let init = match &a.right {
                Expression::Identifier(id) => {
                    let sym = id.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id())?;
                    Init::Arg(params.iter().position(|&p| p == sym)?)
                }
                e if is_literal(e) => Init::Lit(e),
                _ => return None,
            };
            set_field(&mut fields, m.property.name.as_str(), init)?;
        }
    }
    if fields.len() > MAX_PLAIN_FIELDS {
        return None;
    }
    Some(PlainClass { fields })
}

/// The own properties instances of class `sym` are expected to end construction with, in
/// order, for a class that is not plain data (`plain_class`) but whose instances are still
/// likely to share one layout: its parameter properties, its instance fields, then the names
/// its constructor's top-level statements assign on `this`. The runtime checks the first
/// instance against this list (`perry_learn_layout`, from the constructor's end) before its
/// shape is used to predict field offsets (`this.f` in the class's methods, bindings predicted
/// to hold an instance); an instance built otherwise just has another shape.
pub fn class_layout(sym: SymbolId, class: &'static Class<'static>, scoping: &Scoping) -> Option<Vec<String>> {
    if !scoping.symbol_flags(sym).contains(SymbolFlags::Class) || scoping.get_resolved_references(sym).any(|r| r.is_write()) {
        return None;
    }
    if class.heritage.is_some() || !class.decorators.is_empty() {
        return None;
    }
    // Private members are keys of the instance's shape too (in definition order among the
    // fields): a layout of names cannot say where they go, so such a class keeps its caches.
    if class.body.body.iter().any(|e| match e {
        ClassElement::PropertyDefinition(p) => !p.r#static && matches!(p.key, PropertyKey::PrivateIdentifier(_)),
        ClassElement::MethodDefinition(m) => !m.r#static && matches!(m.key, PropertyKey::PrivateIdentifier(_)),
        ClassElement::AccessorProperty(a) => !a.r#static,
        _ => false,
    }) {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    let ctor = crate::analyze::explicit_ctor(class);
    if let Some(f) = ctor {
        for p in &f.params.items {
            if p.accessibility.is_some() || p.readonly || p.r#override {
                let BindingPattern::BindingIdentifier(id) = &p.pattern else { return None };
                names.push(id.name.to_string());
            }
        }
    }
    for el in &class.body.body {
        if let ClassElement::PropertyDefinition(p) = el {
            if p.r#static || p.declare || p.r#type == PropertyDefinitionType::TSAbstractPropertyDefinition || matches!(p.key, PropertyKey::PrivateIdentifier(_))
            {
                continue;
            }
            let name = if p.computed { None } else { plain_key(&p.key) }?;
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    for st in ctor.and_then(|f| f.body.as_ref()).map_or(&[][..], |b| &b.statements[..]) {
        if let Statement::ExpressionStatement(es) = st
            && let Expression::AssignmentExpression(a) = &es.expression
            && let AssignmentTarget::StaticMemberExpression(m) = &a.left
            && matches!(m.object, Expression::ThisExpression(_))
            && let Some(name) = plain_name(m.property.name.as_str())
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    (!names.is_empty() && names.len() <= MAX_PLAIN_FIELDS && names.iter().all(|n| !n.contains('\n'))).then_some(names)
}

fn set_field(fields: &mut [(String, Init)], name: &str, init: Init) -> Option<()> {
    let slot = fields.iter_mut().find(|(n, _)| n == name)?;
    slot.1 = init;
    Some(())
}

/// A field name that becomes an ordinary named property (not an index, not
/// `__proto__`, not private).
fn plain_key(k: &PropertyKey) -> Option<String> {
    match k {
        PropertyKey::StaticIdentifier(id) => plain_name(id.name.as_str()),
        PropertyKey::StringLiteral(s) if !s.lone_surrogates => plain_name(s.value.as_str()),
        _ => None,
    }
}

/// `name` when it is an ordinary named property's (not an index, not `__proto__`).
fn plain_name(name: &str) -> Option<String> {
    if name == "__proto__" || name.parse::<u32>().is_ok() || name == "constructor" {
        return None;
    }
    Some(name.to_string())
}

fn is_literal(e: &Expression) -> bool {
    matches!(e, Expression::NumericLiteral(_) | Expression::StringLiteral(_) | Expression::BooleanLiteral(_) | Expression::NullLiteral(_))
}

/// The class each binding of a module is predicted to hold an instance of,
/// from TypeScript annotations and initialisers: `x: C`, `x = new C(...)`,
/// `x = a[i]` or `for (x of a)` where `a: C[]` (or `Array<C>`). Only a
/// prediction: code that uses it tests the instance's shape first.
pub fn predicted_instances(program: &'static Program<'static>, scoping: &Scoping) -> HashMap<SymbolId, SymbolId> {
    struct P<'s> {
        scoping: &'s Scoping,
        one: HashMap<SymbolId, SymbolId>,
        many: HashMap<SymbolId, SymbolId>,
    }
    impl P<'_> {
        fn class_named(&self, t: &TSType) -> Option<SymbolId> {
            let TSType::TSTypeReference(r) = t else { return None };
            let TSTypeName::IdentifierReference(id) = &r.type_name else { return None };
            if r.type_arguments.is_some() {
                return None;
            }
            let s = self.scoping.get_reference(id.reference_id.get()?).symbol_id()?;
            self.scoping.symbol_flags(s).contains(SymbolFlags::Class).then_some(s)
        }
        /// `C[]` or `Array<C>`.
        fn element_class(&self, t: &TSType) -> Option<SymbolId> {
            match t {
                TSType::TSArrayType(a) => self.class_named(&a.element_type),
                TSType::TSTypeReference(r) => {
                    let TSTypeName::IdentifierReference(id) = &r.type_name else { return None };
                    let args = r.type_arguments.as_ref()?;
                    (id.name == "Array" && args.params.len() == 1).then(|| self.class_named(&args.params[0])).flatten()
                }
                _ => None,
            }
        }
        fn of_expr(&self, e: &Expression) -> Option<SymbolId> {
            match e.without_parentheses() {
                Expression::NewExpression(n) => {
                    let Expression::Identifier(id) = &n.callee else { return None };
                    let s = self.scoping.get_reference(id.reference_id.get()?).symbol_id()?;
                    self.scoping.symbol_flags(s).contains(SymbolFlags::Class).then_some(s)
                }
                Expression::ComputedMemberExpression(m) => {
                    let Expression::Identifier(id) = &m.object else { return None };
                    let s = self.scoping.get_reference(id.reference_id.get()?).symbol_id()?;
                    self.many.get(&s).copied()
                }
                Expression::TSAsExpression(x) => self.class_named(&x.type_annotation).or_else(|| self.of_expr(&x.expression)),
                Expression::TSNonNullExpression(x) => self.of_expr(&x.expression),
                _ => None,
            }
        }
        fn bind(&mut self, id: &BindingIdentifier, ann: Option<&TSTypeAnnotation>, init: Option<&Expression>) {
            let Some(s) = id.symbol_id.get() else { return };
            if let Some(t) = ann.map(|a| &a.type_annotation) {
                if let Some(c) = self.class_named(t) {
                    self.one.insert(s, c);
                } else if let Some(c) = self.element_class(t) {
                    self.many.insert(s, c);
                }
                return;
            }
            if let Some(c) = init.and_then(|e| self.of_expr(e)) {
                self.one.insert(s, c);
            }
        }
    }
    impl<'a> Visit<'a> for P<'_> {
        fn visit_variable_declarator(&mut self, d: &VariableDeclarator<'a>) {
            if let BindingPattern::BindingIdentifier(id) = &d.id {
                self.bind(id, d.type_annotation.as_deref(), d.init.as_ref());
            }
            if let Some(e) = &d.init {
                self.visit_expression(e);
            }
        }
        fn visit_formal_parameter(&mut self, p: &FormalParameter<'a>) {
            if let BindingPattern::BindingIdentifier(id) = &p.pattern {
                self.bind(id, p.type_annotation.as_deref(), None);
            }
            if let Some(e) = &p.initializer {
                self.visit_expression(e);
            }
        }
        fn visit_for_of_statement(&mut self, f: &ForOfStatement<'a>) {
            if let ForStatementLeft::VariableDeclaration(d) = &f.left
                && let [decl] = d.declarations.as_slice()
                && let BindingPattern::BindingIdentifier(id) = &decl.id
                && decl.type_annotation.is_none()
                && let Expression::Identifier(a) = f.right.without_parentheses()
                && let Some(s) = a.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
                && let Some(&c) = self.many.get(&s)
                && let Some(b) = id.symbol_id.get()
            {
                self.one.insert(b, c);
            }
            self.visit_expression(&f.right);
            self.visit_statement(&f.body);
        }
    }
    let mut p = P { scoping, one: HashMap::new(), many: HashMap::new() };
    p.visit_program(program);
    p.one
}

/// The bindings of a function body (nested functions excluded) that are
/// predicted instances (`predicted`) read or written as `b.name` at least
/// three times and never assigned after their declaration: one value per
/// declaration, whose shape test can be remembered
/// (`FnCompiler::shape_memo`). With fewer uses, the memo's own test costs
/// about what it saves.
pub fn shape_memo_bindings(body: &[Statement], scoping: &Scoping, predicted: &HashMap<SymbolId, SymbolId>) -> Vec<SymbolId> {
    struct Members<'s> {
        scoping: &'s Scoping,
        predicted: &'s HashMap<SymbolId, SymbolId>,
        uses: Vec<(SymbolId, u32)>,
    }
    impl<'a> Visit<'a> for Members<'_> {
        fn visit_static_member_expression(&mut self, m: &StaticMemberExpression<'a>) {
            if let Expression::Identifier(id) = &m.object
                && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
                && self.predicted.contains_key(&s)
            {
                match self.uses.iter_mut().find(|(x, _)| *x == s) {
                    Some(u) => u.1 += 1,
                    None => self.uses.push((s, 1)),
                }
            }
            self.visit_expression(&m.object);
        }
        fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
        fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {}
        fn visit_class(&mut self, _it: &Class<'a>) {}
    }
    let mut v = Members { scoping, predicted, uses: Vec::new() };
    for s in body {
        v.visit_statement(s);
    }
    v.uses.into_iter().filter(|&(s, n)| n >= 3 && !scoping.get_resolved_references(s).any(|r| r.is_write())).map(|(s, _)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Field names and where their values come from, for class `C` of `src`
    /// (None when it does not construct as plain data).
    fn plain(src: &str) -> Option<Vec<String>> {
        let (program, scoping) = crate::parse_for_test(src);
        let decls = class_declarations(program);
        let (&sym, &class) = decls.iter().find(|(_, c)| c.id.as_ref().is_some_and(|i| i.name == "C"))?;
        let p = plain_class(sym, class, &scoping)?;
        Some(
            p.fields
                .iter()
                .map(|(n, i)| match i {
                    Init::Undefined => format!("{n}=undefined"),
                    Init::Arg(a) => format!("{n}=arg{a}"),
                    Init::Lit(_) => format!("{n}=lit"),
                })
                .collect(),
        )
    }

    #[test]
    fn qualifying_classes() {
        assert_eq!(plain("class C { x: number; y: number; constructor(x: number, y: number) { this.x = x; this.y = y; } }").unwrap(), ["x=arg0", "y=arg1"]);
        assert_eq!(plain("class C { a = 1; b; m() { return 1; } static s = f(); }").unwrap(), ["a=lit", "b=undefined"]);
        assert_eq!(plain("class C { z = 0; constructor(public a: number, b: string) { this.z = b; } }").unwrap(), ["a=arg0", "z=arg1"]);
        assert_eq!(plain("class C { a: unknown; b = 2; constructor(p: unknown) { this.b = p; this.a = 'k'; this.b = 3; } }").unwrap(), ["a=lit", "b=lit"]);
        assert_eq!(plain("class C {}").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn classes_that_run_code() {
        for src in [
            "class B {} class C extends B { x = 1; }",
            "class C { x = f(); }",
            "class C { x: number; constructor(x: number) { this.x = x + 1; } }",
            "class C { x: number; constructor(x: number) { this.x = x; g(); } }",
            "class C { x: number; constructor(x = 1) { this.x = x; } }",
            "class C { x: number; constructor(...r: number[]) { this.x = 1; } }",
            "class C { constructor(x: number) { this.undeclared = x; } }",
            "class C { #p = 1; }",
            "class C { #m() {} }",
            "class C { [k] = 1; }",
            "class C { 0 = 1; }",
            "class C { accessor a = 1; }",
            "class C { x = 1; } C = class {};",
            "class C { x: number; constructor(x: number) { { this.x = x; } } }",
            "class C { x: number; constructor(x: number) { other.x = x; } }",
        ] {
            assert!(plain(src).is_none(), "{src}");
        }
    }
}
