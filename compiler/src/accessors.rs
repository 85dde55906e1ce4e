//! Auto-accessor fields (`accessor x = init`, ES2026 class fields' decorators proposal, in
//! TypeScript 4.9+), lowered in the AST before semantic analysis into what the code generator
//! compiles already, as the proposal defines them:
//!
//! ```text
//! accessor x = init;        #"x accessor storage" = init;
//!                           get x() { return this.#"x accessor storage"; }
//!                           set x(v) { this.#"x accessor storage" = v; }
//! ```
//!
//! The storage is a private field whose name no source can write (it holds spaces), so it is
//! reachable only through the getter and setter; `static` and private keys (`accessor #p`)
//! work the same way. An accessor with a computed key or with decorators is left as it is (the
//! code generator then reports it as not supported by name): its key would be evaluated twice.

use oxc_allocator::{Allocator, Vec as ArenaVec};
use oxc_ast::ast::*;
use oxc_ast::builder::AstBuilder;
use oxc_ast_visit::{Visit, VisitMut};

/// Whether `program` has an auto-accessor field (only then is it rewritten).
pub fn any(program: &Program) -> bool {
    struct V(bool);
    impl<'a> Visit<'a> for V {
        fn visit_accessor_property(&mut self, _: &AccessorProperty<'a>) {
            self.0 = true;
        }
    }
    let mut v = V(false);
    v.visit_program(program);
    v.0
}

/// Rewrites every auto-accessor field of `program` that has a static key and no decorators.
pub fn lower<'a>(alloc: &'a Allocator, program: &mut Program<'a>) {
    struct L<'a> {
        b: AstBuilder<'a>,
        alloc: &'a Allocator,
    }
    impl<'a> VisitMut<'a> for L<'a> {
        fn visit_class_body(&mut self, body: &mut ClassBody<'a>) {
            oxc_ast_visit::walk_mut::walk_class_body(self, body);
            if !body.body.iter().any(|e| matches!(e, ClassElement::AccessorProperty(a) if lowerable(a))) {
                return;
            }
            let old = std::mem::replace(&mut body.body, ArenaVec::new_in(&self.b));
            for el in old {
                match el {
                    ClassElement::AccessorProperty(a) if lowerable(&a) => self.expand(a.unbox(), &mut body.body),
                    el => body.body.push(el),
                }
            }
        }
    }
    impl<'a> L<'a> {
        fn expand(&self, a: AccessorProperty<'a>, out: &mut ArenaVec<'a, ClassElement<'a>>) {
            use oxc_allocator::CloneIn;
            let (b, alloc) = (&self.b, self.alloc);
            let span = a.span;
            let Some(name) = key_name(&a.key) else { return };
            let storage = alloc.alloc_str(&format!("{name} accessor storage"));
            let field = || PrivateIdentifier::new(span, storage, b);
            out.push(ClassElement::new_property_definition(
                span,
                PropertyDefinitionType::PropertyDefinition,
                ArenaVec::new_in(b),
                PropertyKey::new_private_identifier(span, storage, b),
                None,
                a.value,
                false,
                a.r#static,
                false,
                false,
                false,
                false,
                false,
                None,
                b,
            ));
            let read = Expression::new_private_field_expression(span, Expression::new_this_expression(span, b), field(), false, b);
            let get = self.method(span, Vec::new(), vec![Statement::new_return_statement(span, Some(read), b)]);
            let param = FormalParameter::new(
                span,
                ArenaVec::new_in(b),
                BindingPattern::new_binding_identifier(span, "value", b),
                None,
                None,
                false,
                None,
                false,
                false,
                b,
            );
            let target = AssignmentTarget::new_private_field_expression(span, Expression::new_this_expression(span, b), field(), false, b);
            let assign = Expression::new_assignment_expression(span, AssignmentOperator::Assign, target, Expression::new_identifier(span, "value", b), b);
            let set = self.method(span, vec![param], vec![Statement::new_expression_statement(span, assign, b)]);
            for (kind, value) in [(MethodDefinitionKind::Get, get), (MethodDefinitionKind::Set, set)] {
                out.push(ClassElement::new_method_definition(
                    span,
                    MethodDefinitionType::MethodDefinition,
                    ArenaVec::new_in(b),
                    a.key.clone_in(alloc),
                    value,
                    kind,
                    false,
                    a.r#static,
                    false,
                    false,
                    None,
                    b,
                ));
            }
        }

        fn method(&self, span: Span, params: Vec<FormalParameter<'a>>, body: Vec<Statement<'a>>) -> oxc_allocator::Box<'a, Function<'a>> {
            let b = &self.b;
            let params = FormalParameters::boxed(span, FormalParameterKind::UniqueFormalParameters, ArenaVec::from_iter_in(params, b), None, b);
            let body = FunctionBody::boxed(span, ArenaVec::new_in(b), ArenaVec::from_iter_in(body, b), b);
            Function::boxed(span, FunctionType::FunctionExpression, None, false, false, false, None, None, params, None, Some(body), b)
        }
    }
    L { b: AstBuilder::new(alloc), alloc }.visit_program(program);
}

/// An accessor this pass rewrites: a key known without evaluating anything, no decorators.
fn lowerable(a: &AccessorProperty) -> bool {
    a.decorators.is_empty() && !a.computed && key_name(&a.key).is_some()
}

/// The text naming an accessor's storage: its key's name (`#p` for a private one).
fn key_name(key: &PropertyKey) -> Option<String> {
    match key {
        PropertyKey::StaticIdentifier(i) => Some(i.name.to_string()),
        PropertyKey::PrivateIdentifier(p) => Some(format!("#{}", p.name)),
        PropertyKey::StringLiteral(s) => Some(s.value.to_string()),
        PropertyKey::NumericLiteral(n) => Some(n.value.to_string()),
        _ => None,
    }
}
