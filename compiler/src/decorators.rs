//! Standard (TC39, stage 3) decorators, lowered in the AST before semantic analysis into
//! classes the code generator compiles already, calling the run-time helpers of the built-in
//! module `perry:decorators` (`builtins/perry_decorators.ts`). TypeScript's legacy decorators
//! (`experimentalDecorators`) are oxc's transformer's job instead (`modules::parse`).
//!
//! A decorated class becomes an arrow function called in place, which evaluates the
//! decorators (class decorators first, then the heritage, then the elements' in source order)
//! and returns the decorated class:
//!
//! ```text
//! @logged class C {                  let C = (() => {
//!   @bound m() {}                      var $$perry$st, $$perry$c, $$perry$d0 = [logged], ...;
//!   @field x = 1;                      var C = class {
//! }                                      static { $$perry$st = start(this);
//!                                                 method($$perry$st, 1, false, "m", $$perry$d1, this);
//!                                                 field($$perry$st, 4, false, false, "x", ...);
//!                                                 C = $$perry$c = klass($$perry$st, "C", $$perry$d0, this); ... }
//!                                        m() {}
//!                                        x = init($$perry$st, 4, this, 1);   (then run(.., 5, ..))
//!                                        static { run($$perry$st, 0, $$perry$c); }
//!                                      };
//!                                      return C = $$perry$c;
//!                                    })();
//! ```
//!
//! The first static block runs once the methods exist and before any static field, which is
//! when the proposal applies decorators; being inside the class body, it reaches private
//! names, so private members keep Perry's own private slots: a decorated private method
//! becomes a private getter returning the decorated function. Extra initializers of instance
//! members run from the next instance field's initializer (a private field is added when none
//! follows). The class binding inside the body is the decorated class, as the proposal says.
//!
//! The generated code is parsed from text with holes (`$$perry$hN`) that receive the
//! program's own nodes (decorator expressions, initializers, method functions), which keep
//! their source positions; the generated nodes take the class's.

use oxc_allocator::{Allocator, Box as ArenaBox, TakeIn, Vec as ArenaVec};
use oxc_ast::ast::*;
use oxc_ast::builder::AstBuilder;
use oxc_ast_visit::{Visit, VisitMut};
use oxc_span::{GetSpan, SourceType, Span};

use crate::app::js_string;

/// The helpers module's binding in a module that has decorated classes.
const DEC: &str = "$$perry$dec";

/// Whether `program` has a decorator (only then is [`lower`] run).
pub fn any(program: &Program) -> bool {
    struct V(bool);
    impl<'a> Visit<'a> for V {
        fn visit_decorator(&mut self, _: &Decorator<'a>) {
            self.0 = true;
        }
    }
    let mut v = V(false);
    v.visit_program(program);
    v.0
}

/// Lowers every decorated class of `program`. An error is the offset of what Perry does not
/// compile and its name.
pub fn lower<'a>(alloc: &'a Allocator, program: &mut Program<'a>) -> Result<(), (u32, String)> {
    let mut l = Lower { b: AstBuilder::new(alloc), alloc, error: None, lowered: false };
    l.visit_program(program);
    if let Some(e) = l.error {
        return Err(e);
    }
    if l.lowered {
        if !program.source_type.is_module() {
            return Err((0, "standard (TC39) decorators in a CommonJS module or script".into()));
        }
        let import = l.statements(format!("import * as {DEC} from \"perry:decorators\";"), Span::default(), Vec::new());
        let body = std::mem::replace(&mut program.body, ArenaVec::new_in(&l.b));
        program.body.extend(import);
        program.body.extend(body);
    }
    Ok(())
}

struct Lower<'a> {
    b: AstBuilder<'a>,
    alloc: &'a Allocator,
    error: Option<(u32, String)>,
    lowered: bool,
}

/// A decorated class element: what the helpers need to know of it.
struct Element {
    /// Position in the class body.
    at: usize,
    /// 1 method, 2 getter, 3 setter, 4 auto-accessor, 5 field (the helpers' numbering).
    kind: u8,
    is_static: bool,
    /// The name without `#` for a private element, the property key for a public one.
    name: String,
    private: bool,
    /// Index of its decorator list (`$$perry$dN`).
    list: usize,
    /// The initializer slots of a field or accessor (assigned in decoration order).
    slot: usize,
}

impl Element {
    /// The name as the decorator context gives it, as a JavaScript string literal.
    fn name_lit(&self) -> String {
        js_string(&if self.private { format!("#{}", self.name) } else { self.name.clone() })
    }

    /// The key as written in a generated class element.
    fn key(&self) -> String {
        if self.private { format!("#{}", self.name) } else { js_string(&self.name) }
    }

    /// The `access` object of a private element (`has`, then `get`/`set` as its kind allows).
    fn private_access(&self) -> String {
        let n = &self.name;
        let mut s = format!("{{ has: o => #{n} in o");
        if self.kind != 3 {
            s += &format!(", get: o => o.#{n}");
        }
        if self.kind != 1 && self.kind != 2 {
            s += &format!(", set: (o, v) => {{ o.#{n} = v; }}");
        }
        s + " }"
    }
}

impl<'a> VisitMut<'a> for Lower<'a> {
    fn visit_statements(&mut self, stmts: &mut ArenaVec<'a, Statement<'a>>) {
        oxc_ast_visit::walk_mut::walk_statements(self, stmts);
        let decorated_decl = |s: &Statement<'a>| match s {
            Statement::ClassDeclaration(c) => decorated(c),
            Statement::ExportDeclaration(e) => matches!(&e.declaration, Declaration::ClassDeclaration(c) if decorated(c)),
            Statement::ExportDefaultDeclaration(e) => matches!(&e.declaration, ExportDefaultDeclarationKind::ClassDeclaration(c) if decorated(c)),
            _ => false,
        };
        if self.error.is_some() || !stmts.iter().any(decorated_decl) {
            return;
        }
        let old = std::mem::replace(stmts, ArenaVec::new_in(&self.b));
        for s in old {
            if !decorated_decl(&s) {
                stmts.push(s);
                continue;
            }
            match s {
                Statement::ClassDeclaration(c) => {
                    let (span, name) = (c.span, class_name(&c));
                    let e = self.class(c, &name);
                    stmts.extend(self.statements(format!("let {name} = $$perry$h0;"), span, vec![e]));
                }
                Statement::ExportDeclaration(e) => {
                    let Declaration::ClassDeclaration(c) = e.unbox().declaration else { unreachable!() };
                    let (span, name) = (c.span, class_name(&c));
                    let init = self.class(c, &name);
                    stmts.extend(self.statements(format!("export let {name} = $$perry$h0;"), span, vec![init]));
                }
                Statement::ExportDefaultDeclaration(e) => {
                    let e = e.unbox();
                    let ExportDefaultDeclarationKind::ClassDeclaration(c) = e.declaration else { unreachable!() };
                    let span = c.span;
                    match c.id.as_ref().map(|i| i.name.to_string()) {
                        Some(name) => {
                            let init = self.class(c, &name);
                            stmts.extend(self.statements(format!("let {name} = $$perry$h0; export {{ {name} as default }};"), span, vec![init]));
                        }
                        None => {
                            let init = self.class(c, "default");
                            stmts.extend(self.statements("export default $$perry$h0;".into(), span, vec![init]));
                        }
                    }
                }
                _ => unreachable!(),
            }
        }
    }

    fn visit_variable_declarator(&mut self, d: &mut VariableDeclarator<'a>) {
        // `const E = @d class {}`: the class is named by its binding.
        if let (BindingPattern::BindingIdentifier(id), Some(Expression::ClassExpression(c))) = (&d.id, &mut d.init)
            && c.id.is_none()
            && decorated(c)
        {
            let name = id.name.to_string();
            self.visit_class(c);
            self.class_expression(d.init.as_mut().unwrap(), &name);
            return;
        }
        oxc_ast_visit::walk_mut::walk_variable_declarator(self, d);
    }

    fn visit_expression(&mut self, e: &mut Expression<'a>) {
        oxc_ast_visit::walk_mut::walk_expression(self, e);
        if let Expression::ClassExpression(c) = e
            && decorated(c)
        {
            let name = c.id.as_ref().map(|i| i.name.to_string()).unwrap_or_default();
            self.class_expression(e, &name);
        }
    }
}

impl<'a> Lower<'a> {
    fn class_expression(&mut self, e: &mut Expression<'a>, name: &str) {
        let span = e.span();
        let Expression::ClassExpression(c) = std::mem::replace(e, Expression::new_null_literal(span, &self.b)) else { unreachable!() };
        *e = self.class(c, name);
    }

    /// The expression a decorated class becomes (the class as it is when Perry refuses it).
    fn class(&mut self, mut c: ArenaBox<'a, Class<'a>>, name: &str) -> Expression<'a> {
        if let Err(e) = check(&c) {
            self.error.get_or_insert(e);
            c.r#type = ClassType::ClassExpression;
            return Expression::ClassExpression(c);
        }
        self.lowered = true;
        let span = c.span;
        let mut holes: Vec<Expression<'a>> = Vec::new();
        let mut hole = |e: Expression<'a>| {
            holes.push(e);
            format!("$$perry$h{}", holes.len() - 1)
        };
        // The decorator lists, in evaluation order: the class's, then the elements'.
        let list = |decorators: ArenaVec<'a, Decorator<'a>>, hole: &mut dyn FnMut(Expression<'a>) -> String| {
            let items: Vec<String> = decorators.into_iter().map(|d| hole(d.expression)).collect();
            format!("[{}]", items.join(", "))
        };
        let mut lists = vec![list(std::mem::replace(&mut c.decorators, ArenaVec::new_in(&self.b)), &mut hole)];
        let mut elements = Vec::new();
        for (at, el) in c.body.body.iter_mut().enumerate() {
            let (kind, is_static, key, decorators) = match el {
                ClassElement::MethodDefinition(m) if !m.decorators.is_empty() => {
                    let kind = match m.kind {
                        MethodDefinitionKind::Get => 2,
                        MethodDefinitionKind::Set => 3,
                        _ => 1,
                    };
                    (kind, m.r#static, key_name(&m.key), &mut m.decorators)
                }
                ClassElement::PropertyDefinition(p) if !p.decorators.is_empty() => (5, p.r#static, key_name(&p.key), &mut p.decorators),
                ClassElement::AccessorProperty(p) if !p.decorators.is_empty() => (4, p.r#static, key_name(&p.key), &mut p.decorators),
                _ => continue,
            };
            let (name, private) = key.expect("checked");
            lists.push(list(std::mem::replace(decorators, ArenaVec::new_in(&self.b)), &mut hole));
            elements.push(Element { at, kind, is_static, name, private, list: lists.len() - 1, slot: 0 });
        }
        // The order decorators apply in: static methods and accessors, instance ones, static
        // fields, instance fields; fields and accessors own two slots each in that order.
        let group = |e: &Element| match (e.kind == 5, e.is_static) {
            (false, true) => 0,
            (false, false) => 1,
            (true, true) => 2,
            (true, false) => 3,
        };
        let mut order: Vec<usize> = (0..elements.len()).collect();
        order.sort_by_key(|&i| group(&elements[i]));
        let mut next_slot = 4;
        for &i in &order {
            if elements[i].kind >= 4 {
                elements[i].slot = next_slot;
                next_slot += 2;
            }
        }
        let inner = c.id.take().map_or_else(|| "$$perry$K".to_string(), |i| i.name.to_string());

        // The first static block: the private members' functions, then the decorators.
        let st = "$$perry$st";
        let mut vars = vec![st.to_string(), "$$perry$c".into(), "$$perry$t".into()];
        let mut block = format!("{st} = {DEC}.start(this);\n");
        let mut decorate = String::new();
        let mut replaced: Vec<(usize, String)> = Vec::new();
        let mut functions = Vec::new();
        for &i in &order {
            let e = &elements[i];
            let (s, d, name) = (e.is_static, format!("$$perry$d{}", e.list), e.name_lit());
            let stat = if s { "static " } else { "" };
            let (f, g, set) = (format!("$$perry$f{i}"), format!("$$perry$g{i}"), format!("$$perry$s{i}"));
            match (e.kind, e.private) {
                (1..=3, false) => decorate += &format!("{DEC}.method({st}, {}, {s}, {name}, {d}, this);\n", e.kind),
                (1..=3, true) => {
                    let ClassElement::MethodDefinition(m) = &mut c.body.body[e.at] else { unreachable!() };
                    let mut func = m.value.take_in(&self.b);
                    func.r#type = FunctionType::FunctionExpression;
                    block += &format!("{f} = $$perry$h{};\n", functions.len());
                    functions.push(Expression::FunctionExpression(ArenaBox::new_in(func, &self.b)));
                    vars.push(f.clone());
                    decorate += &format!("{f} = {DEC}.privateMethod({st}, {}, {s}, {name}, {d}, {f}, {});\n", e.kind, e.private_access());
                    let key = e.key();
                    replaced.push((
                        e.at,
                        match e.kind {
                            1 => format!("{stat}get {key}() {{ return {f}; }}"),
                            2 => format!("{stat}get {key}() {{ return {f}.call(this); }}"),
                            _ => format!("{stat}set {key}(v) {{ {f}.call(this, v); }}"),
                        },
                    ));
                }
                (4, private) => {
                    let slot = e.slot;
                    let storage = format!("#$$perry$a{i}");
                    if private {
                        vars.extend([g.clone(), set.clone()]);
                        block += &format!("{g} = function () {{ return this.{storage}; }};\n{set} = function (v) {{ this.{storage} = v; }};\n");
                        decorate += &format!(
                            "$$perry$t = {DEC}.privateAccessor({st}, {slot}, {s}, {name}, {d}, {{ get: {g}, set: {set} }}, {});\n{g} = $$perry$t.get;\n{set} = $$perry$t.set;\n",
                            e.private_access()
                        );
                    } else {
                        decorate += &format!("{DEC}.accessor({st}, {slot}, {s}, {name}, {d}, this);\n");
                    }
                    let key = e.key();
                    let pair = if private {
                        format!("{stat}get {key}() {{ return {g}.call(this); }}\n{stat}set {key}(v) {{ {set}.call(this, v); }}")
                    } else {
                        format!("{stat}get {key}() {{ return this.{storage}; }}\n{stat}set {key}(v) {{ this.{storage} = v; }}")
                    };
                    replaced.push((e.at, pair));
                }
                (_, private) => {
                    let access = if private { e.private_access() } else { "undefined".into() };
                    decorate += &format!("{DEC}.field({st}, {}, {s}, {private}, {name}, {d}, {access});\n", e.slot);
                }
            }
        }
        let class_name_lit = js_string(name);
        block += &decorate;
        block += &format!("{inner} = $$perry$c = {DEC}.klass({st}, {class_name_lit}, $$perry$d0, this);\n{DEC}.run({st}, 1, $$perry$c);");

        // The new body: the first static block, the elements (decorated fields' initializers
        // through their decorators; extra initializers from the next field), the last block.
        let mut body = self.elements(format!("static {{ {block} }}"), span, functions);
        let old = std::mem::replace(&mut c.body.body, ArenaVec::new_in(&self.b));
        let by_at = |at: usize| elements.iter().find(|e| e.at == at);
        let mut pending: Vec<usize> = if elements.iter().any(|e| e.kind <= 3 && !e.is_static) { vec![2] } else { Vec::new() };
        let runs = |pending: &mut Vec<usize>| -> String { pending.drain(..).map(|p| format!("{DEC}.run({st}, {p}, this), ")).collect() };
        for (at, mut el) in old.into_iter().enumerate() {
            let decorated = by_at(at);
            match (&mut el, decorated) {
                (ClassElement::MethodDefinition(_), Some(e)) if e.private => {
                    let text = &replaced.iter().find(|r| r.0 == at).unwrap().1;
                    body.extend(self.elements(text.clone(), span, Vec::new()));
                }
                (ClassElement::PropertyDefinition(p), Some(e)) => {
                    let value = p.value.take().unwrap_or_else(|| Expression::new_identifier(span, "undefined", &self.b));
                    let before = if e.is_static { String::new() } else { runs(&mut pending) };
                    p.value = Some(self.expression(format!("({before}{DEC}.init({st}, {}, this, $$perry$h0))", e.slot), span, vec![value]));
                    body.push(el);
                    self.after_field(e, &mut body, &mut pending, span);
                }
                (ClassElement::AccessorProperty(p), Some(e)) => {
                    let value = p.value.take().unwrap_or_else(|| Expression::new_identifier(span, "undefined", &self.b));
                    let before = if e.is_static { String::new() } else { runs(&mut pending) };
                    let stat = if e.is_static { "static " } else { "" };
                    let text = format!(
                        "{stat}#$$perry$a{} = ({before}{DEC}.init({st}, {}, this, $$perry$h0));",
                        elements.iter().position(|x| x.at == at).unwrap(),
                        e.slot
                    );
                    body.extend(self.elements(text, span, vec![value]));
                    let pair = &replaced.iter().find(|r| r.0 == at).unwrap().1;
                    body.extend(self.elements(pair.clone(), span, Vec::new()));
                    self.after_field(e, &mut body, &mut pending, span);
                }
                (ClassElement::PropertyDefinition(p), None) if !p.r#static && !p.declare && !pending.is_empty() => {
                    let value = p.value.take().unwrap_or_else(|| Expression::new_identifier(span, "undefined", &self.b));
                    p.value = Some(self.expression(format!("({}$$perry$h0)", runs(&mut pending)), span, vec![value]));
                    body.push(el);
                }
                (ClassElement::AccessorProperty(p), None) if !p.r#static && !pending.is_empty() => {
                    let value = p.value.take().unwrap_or_else(|| Expression::new_identifier(span, "undefined", &self.b));
                    p.value = Some(self.expression(format!("({}$$perry$h0)", runs(&mut pending)), span, vec![value]));
                    body.push(el);
                }
                _ => body.push(el),
            }
        }
        if !pending.is_empty() {
            body.extend(self.elements(format!("#$$perry$extra = ({}undefined);", runs(&mut pending)), span, Vec::new()));
        }
        body.extend(self.elements(format!("static {{ {DEC}.run({st}, 0, $$perry$c); }}"), span, Vec::new()));
        c.body.body = body;

        // The class decorators are evaluated first, then the heritage, then the elements'.
        let element_lists: String = lists[1..].iter().enumerate().map(|(i, l)| format!("$$perry$d{} = {l}, ", i + 1)).collect();
        vars.extend((0..lists.len()).map(|i| format!("$$perry$d{i}")));
        let heritage = match c.heritage.as_mut() {
            Some(h) => {
                let value = std::mem::replace(&mut h.expression, Expression::new_identifier(span, "$$perry$super", &self.b));
                vars.push("$$perry$super".into());
                format!("$$perry$super = {}; ", hole(value))
            }
            None => String::new(),
        };
        let before_class = element_lists.trim_end_matches(", ");
        c.r#type = ClassType::ClassExpression;
        let class = hole(Expression::ClassExpression(c));
        let sep = if before_class.is_empty() { "" } else { ";" };
        let text = format!(
            "(() => {{ var {}; $$perry$d0 = {}; {heritage}{before_class}{sep} var {inner} = {class}; return {inner} = $$perry$c; }})()",
            vars.join(", "),
            lists[0]
        );
        self.expression(text, span, holes)
    }

    /// After a decorated field or accessor's storage: its extra initializers run next (a
    /// static block for a static one, the next instance field's initializer otherwise).
    fn after_field(&self, e: &Element, body: &mut ArenaVec<'a, ClassElement<'a>>, pending: &mut Vec<usize>, span: Span) {
        if e.is_static {
            body.extend(self.elements(format!("static {{ {DEC}.run($$perry$st, {}, this); }}", e.slot + 1), span, Vec::new()));
        } else {
            pending.push(e.slot + 1);
        }
    }

    fn parse(&self, text: String) -> Program<'a> {
        let text = self.alloc.alloc_str(&text);
        let ret = oxc_parser::Parser::new(self.alloc, text, SourceType::ts().with_module(true)).parse();
        assert!(ret.diagnostics.is_empty(), "decorators: generated code does not parse: {text}\n{:?}", ret.diagnostics);
        ret.program
    }

    fn statements(&self, text: String, span: Span, holes: Vec<Expression<'a>>) -> ArenaVec<'a, Statement<'a>> {
        let mut program = self.parse(text);
        Fill::run(&mut program, span, holes);
        program.body
    }

    fn expression(&self, text: String, span: Span, holes: Vec<Expression<'a>>) -> Expression<'a> {
        let mut body = self.statements(format!("({text});"), span, holes);
        let Some(Statement::ExpressionStatement(s)) = body.pop() else { unreachable!() };
        match s.unbox().expression {
            Expression::ParenthesizedExpression(p) => p.unbox().expression,
            e => e,
        }
    }

    fn elements(&self, text: String, span: Span, holes: Vec<Expression<'a>>) -> ArenaVec<'a, ClassElement<'a>> {
        let mut body = self.statements(format!("class X {{ {text} }}"), span, holes);
        let Some(Statement::ClassDeclaration(c)) = body.pop() else { unreachable!() };
        c.unbox().body.unbox().body
    }
}

/// Fills the holes of generated code with the program's nodes, and gives the generated nodes
/// the decorated class's position.
struct Fill<'a> {
    span: Span,
    holes: Vec<Option<Expression<'a>>>,
}

impl<'a> Fill<'a> {
    fn run(program: &mut Program<'a>, span: Span, holes: Vec<Expression<'a>>) {
        let mut fill = Fill { span, holes: holes.into_iter().map(Some).collect() };
        fill.visit_program(program);
        debug_assert!(fill.holes.iter().all(Option::is_none), "decorators: a hole was not filled");
    }
}

impl<'a> VisitMut<'a> for Fill<'a> {
    fn visit_span(&mut self, span: &mut Span) {
        *span = self.span;
    }

    fn visit_expression(&mut self, e: &mut Expression<'a>) {
        if let Expression::Identifier(id) = e
            && let Some(n) = id.name.strip_prefix("$$perry$h")
            && let Ok(n) = n.parse::<usize>()
        {
            *e = self.holes[n].take().expect("decorators: a hole filled twice");
            return;
        }
        oxc_ast_visit::walk_mut::walk_expression(self, e);
    }
}

/// Whether a class has decorators, on itself or on an element.
fn decorated(c: &Class) -> bool {
    !c.decorators.is_empty()
        || c.body.body.iter().any(|e| match e {
            ClassElement::MethodDefinition(m) => !m.decorators.is_empty() || m.value.params.items.iter().any(|p| !p.decorators.is_empty()),
            ClassElement::PropertyDefinition(p) => !p.decorators.is_empty(),
            ClassElement::AccessorProperty(p) => !p.decorators.is_empty(),
            _ => false,
        })
}

/// What of a decorated class Perry does not lower, by name.
fn check(c: &Class) -> Result<(), (u32, String)> {
    for el in &c.body.body {
        let (decorators, key, computed) = match el {
            ClassElement::MethodDefinition(m) => {
                if let Some(d) = m.value.params.items.iter().find_map(|p| p.decorators.first()) {
                    return Err((
                        d.span.start,
                        "parameter decorators (TypeScript's legacy decorators: set \"experimentalDecorators\": true in tsconfig.json)".into(),
                    ));
                }
                if !m.decorators.is_empty() && matches!(m.key, PropertyKey::PrivateIdentifier(_)) && uses_super(&m.value) {
                    return Err((m.span.start, "`super` in a decorated private method".into()));
                }
                (&m.decorators, &m.key, m.computed)
            }
            ClassElement::PropertyDefinition(p) => (&p.decorators, &p.key, p.computed),
            ClassElement::AccessorProperty(p) => (&p.decorators, &p.key, p.computed),
            _ => continue,
        };
        if let Some(d) = decorators.first()
            && (computed || key_name(key).is_none())
        {
            return Err((d.span.start, "a decorated class element with a computed key".into()));
        }
    }
    Ok(())
}

/// Whether a method's body refers to `super` (outside nested functions and classes).
fn uses_super(f: &Function) -> bool {
    struct V(bool);
    impl<'a> Visit<'a> for V {
        fn visit_super(&mut self, _: &Super) {
            self.0 = true;
        }
        fn visit_function(&mut self, _: &Function<'a>, _: oxc_syntax::scope::ScopeFlags) {}
        fn visit_class(&mut self, _: &Class<'a>) {}
    }
    let mut v = V(false);
    if let Some(body) = &f.body {
        v.visit_function_body(body);
    }
    v.0
}

/// A key known without evaluating anything: its name and whether it is private.
fn key_name(key: &PropertyKey) -> Option<(String, bool)> {
    match key {
        PropertyKey::StaticIdentifier(i) => Some((i.name.to_string(), false)),
        PropertyKey::PrivateIdentifier(p) => Some((p.name.to_string(), true)),
        PropertyKey::StringLiteral(s) => Some((s.value.to_string(), false)),
        PropertyKey::NumericLiteral(n) if n.value.fract() == 0.0 && n.value.abs() < 1e21 => Some((format!("{}", n.value as i64), false)),
        _ => None,
    }
}

/// A class declaration's name (`default` for `export default class {}`).
fn class_name(c: &Class) -> String {
    c.id.as_ref().map_or_else(|| "default".to_string(), |i| i.name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(src: &str) -> Result<String, (u32, String)> {
        let alloc = Allocator::default();
        let src = alloc.alloc_str(src);
        let mut program = oxc_parser::Parser::new(&alloc, src, SourceType::ts().with_module(true)).parse().program;
        lower(&alloc, &mut program)?;
        Ok(oxc_codegen_text(&program))
    }

    fn oxc_codegen_text(program: &Program) -> String {
        // The lowered program must parse and pass semantic analysis's early errors (private
        // names declared, no `super` outside methods).
        let sem = oxc_semantic::SemanticBuilder::new().with_check_syntax_error(true).build(program);
        assert!(sem.diagnostics.is_empty(), "{:?}", sem.diagnostics);
        format!("{} statements", program.body.len())
    }

    #[test]
    fn lowers_every_element_kind_into_checked_code() {
        let src = "function d(v: any, c: any) { return v; }
            @d export class C extends Object {
              @d static s() {} @d m() {} @d get g() { return 1; } @d set g(v) {}
              @d #p() { return 1; } @d get #q() { return 1; } @d set #q(v) {}
              @d x = 1; @d static y = 2; @d #z = 3; @d accessor a = 4; @d accessor #b = 5; @d static accessor c = 6;
              plain = 7;
            }
            export default @d class {}
            const E = @d class {};";
        assert_eq!(lowered(src).unwrap(), "5 statements");
    }

    #[test]
    fn refuses_what_it_does_not_lower_by_name() {
        let err = lowered("function d(v: any, c: any) {}\nclass C { @d [Symbol.iterator]() {} }").unwrap_err();
        assert!(err.1.contains("computed key"));
        let err = lowered("function d(v: any, c: any) {}\nclass C extends Object { @d #m() { return super.toString(); } }").unwrap_err();
        assert!(err.1.contains("super"));
        let err = lowered("function d(...a: any[]) {}\nclass C { m(@d x: number) {} }").unwrap_err();
        assert!(err.1.contains("parameter decorators"));
    }
}
