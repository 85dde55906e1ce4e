//! The nesting limit: every pass over the AST (oxc's semantic analysis, `analyze.rs`,
//! `numeric.rs`, code generation) recurses once or more per level of the tree, so a program
//! nested deeply enough would overflow the compiler's stack. Three things keep a compile from
//! crashing on one:
//!
//! - the parser stops at `oxc_parser::MAX_NESTING` active recursive parse functions with a
//!   "nesting too deep" syntax error (our patch of oxc, `compiler/vendor/oxc_parser/PERRY.md`);
//! - the parser makes trees deeper than its own recursion (`a.b.b.b`, `x + x + x`, `f()()()`
//!   are loops in the parser, chains in the tree), so [`check`] measures the tree before any
//!   pass runs and rejects one deeper than [`MAX_DEPTH`] nodes, pointing at the first node past
//!   the limit; it stops descending there, so it recurses at most that deep itself;
//! - the whole compile runs on a thread with a [`STACK_SIZE`] stack (`main.rs`), and so do
//!   the code generation workers (`codegen/parallel.rs`): a stack is only committed as it is
//!   touched, so the reservation costs nothing for ordinary programs. It holds
//!   [`MAX_DEPTH`] levels of the deepest pass many times over.
//!
//! The limits are what code generation can afford, not what the stack can: every value that
//! is live across a call is named in that call's stack map, so `[[[...]]]` or `f(f(f(...)))`
//! nested `d` deep has `d` values live across each of its `d` innermost calls, and stack maps
//! grow as `d²` (4,990 nested arrays take about 6 s of CPU and 1.2 GB to compile; 10,000 would
//! take four times that). Node gives up (a `RangeError` while parsing) at about 2,500 nested
//! arrays, 1,500 nested calls or functions and 10,000 chained `.p`; Perry takes trees 5,000
//! nodes deep: 5,000 nested arrays, calls or chained `.p`, 2,500 nested object literals,
//! 1,600 nested functions or arrows (each level is three nodes), and the parser stops at about
//! 5,000 brackets (`compiler/tests/front_end_limits.rs` checks 1,500 and 10,000 of each shape).

use oxc_ast::AstKind;
use oxc_ast::ast::*;
use oxc_ast_visit::{Visit, walk};
use oxc_span::GetSpan;

/// The deepest tree (in AST nodes from the program down) the compiler accepts.
pub const MAX_DEPTH: u32 = 5_000;

/// The compiler thread's stack (reserved, committed as it is touched).
pub const STACK_SIZE: usize = 1 << 30;

/// The message of the diagnostic past either limit.
pub const TOO_DEEP: &str = "nesting too deep: the program nests expressions, statements or types deeper than the compiler's limit";

/// `Err(offset)` of the first node deeper than [`MAX_DEPTH`], if there is one.
pub fn check(program: &Program) -> Result<(), u32> {
    let mut d = Depth { depth: 0, too_deep: None };
    d.visit_program(program);
    d.too_deep.map_or(Ok(()), Err)
}

struct Depth {
    depth: u32,
    too_deep: Option<u32>,
}

/// Each kind of node a chain of nodes can recurse through without meeting
/// another of these descends only while no node is too deep.
macro_rules! stop_when_too_deep {
    ($($visit:ident, $walk:ident, $ty:ident;)*) => {
        $(
            fn $visit(&mut self, it: &$ty<'a>) {
                if self.too_deep.is_none() {
                    walk::$walk(self, it);
                }
            }
        )*
    };
}

impl<'a> Visit<'a> for Depth {
    fn enter_node(&mut self, kind: AstKind<'a>) {
        self.depth += 1;
        if self.depth > MAX_DEPTH && self.too_deep.is_none() {
            self.too_deep = Some(kind.span().start);
        }
    }

    fn leave_node(&mut self, _kind: AstKind<'a>) {
        self.depth -= 1;
    }

    stop_when_too_deep! {
        visit_expression, walk_expression, Expression;
        visit_statement, walk_statement, Statement;
        visit_binding_pattern, walk_binding_pattern, BindingPattern;
        visit_assignment_target, walk_assignment_target, AssignmentTarget;
        visit_simple_assignment_target, walk_simple_assignment_target, SimpleAssignmentTarget;
        visit_assignment_target_maybe_default, walk_assignment_target_maybe_default, AssignmentTargetMaybeDefault;
        visit_chain_element, walk_chain_element, ChainElement;
        visit_property_key, walk_property_key, PropertyKey;
        visit_ts_type, walk_ts_type, TSType;
        visit_ts_type_name, walk_ts_type_name, TSTypeName;
        visit_ts_namespace_declaration, walk_ts_namespace_declaration, TSNamespaceDeclaration;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_error(src: &str) -> Option<u32> {
        let src = src.to_string();
        // Deeper than a test thread's stack holds: the compiler's own stack.
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn(move || {
                let alloc = oxc_allocator::Allocator::default();
                let ret = oxc_parser::Parser::new(&alloc, &src, oxc_span::SourceType::ts().with_module(true)).parse();
                assert!(ret.diagnostics.is_empty());
                check(&ret.program).err()
            })
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn chains_the_parser_loops_over_are_measured() {
        let n = MAX_DEPTH as usize;
        assert_eq!(depth_error(&format!("let x = a{};", ".b".repeat(n / 2))), None);
        let src = format!("let x = a{};", ".b".repeat(n + 10));
        let at = depth_error(&src).expect("too deep");
        assert!(src[at as usize..].starts_with('a'), "points into the chain: {at}");
        assert!(depth_error(&format!("let x = y{};", " + y".repeat(n + 10))).is_some());
        assert!(depth_error(&format!("let x = f{};", "()".repeat(n + 10))).is_some());
    }
}
