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

use hashbrown::HashMap;
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
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
    let mut fields: Vec<(String, Init)> = Vec::new();
    let mut params: Vec<SymbolId> = Vec::new();
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
                fields.push((id.name.to_string(), Init::Arg(i)));
            }
        }
    }
    // Parameter properties are assigned after the declared fields.
    let pprops: Vec<(String, Init)> = fields.clone();
    for (_, init) in fields.iter_mut() {
        *init = Init::Undefined;
    }
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

fn set_field(fields: &mut [(String, Init)], name: &str, init: Init) -> Option<()> {
    let slot = fields.iter_mut().find(|(n, _)| n == name)?;
    slot.1 = init;
    Some(())
}

/// A field name that becomes an ordinary named property (not an index, not
/// `__proto__`, not private).
fn plain_key(k: &PropertyKey) -> Option<String> {
    let name = match k {
        PropertyKey::StaticIdentifier(id) => id.name.as_str(),
        PropertyKey::StringLiteral(s) => s.value.as_str(),
        _ => return None,
    };
    if name == "__proto__" || name.parse::<u32>().is_ok() || name == "constructor" {
        return None;
    }
    Some(name.to_string())
}

fn is_literal(e: &Expression) -> bool {
    matches!(e, Expression::NumericLiteral(_) | Expression::StringLiteral(_) | Expression::BooleanLiteral(_) | Expression::NullLiteral(_))
}
