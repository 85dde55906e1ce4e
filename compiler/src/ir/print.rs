//! The IR's text form: what `PERRY_DUMP_IR` prints and what the filetests compare.
//!
//! ```text
//! function add (function f0, key-free) params(%0 a, %1 b)
//! b0:
//!   v0 = local.get %0
//!   v1 = local.get %1
//!   v2 = add v0, v1
//!   return v2
//! ```
//!
//! Module bindings print by name (`module.get @x`), functions by their id and name
//! (`@f1:helper`), so the text does not depend on AST addresses.

use super::*;
use std::fmt::Write;

/// Names what the IR refers to by id: a module binding's name, a function's name.
pub trait Names {
    fn symbol(&self, s: SymbolId) -> String;
}

pub fn module(m: &Module, names: &dyn Names) -> String {
    let mut out = String::new();
    for i in 0..m.functions.len() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&function(m, FuncId(i as u32), names));
    }
    out
}

fn func_ref(m: &Module, f: FuncId) -> String {
    format!("@{}:{}", f, m.functions[f.index()].name)
}

pub fn function(m: &Module, id: FuncId, names: &dyn Names) -> String {
    let f = &m.functions[id.index()];
    let mut out = String::new();
    let kind = match f.kind {
        FnKind::Function => "function",
        FnKind::Arrow => "arrow",
        FnKind::Method => "method",
        FnKind::Getter => "getter",
        FnKind::Setter => "setter",
    };
    let params: Vec<String> = f.params.iter().map(|l| format!("{l} {}", f.locals[l.index()].name)).collect();
    let _ = write!(out, "{kind} {} {}({})", id, f.name, params.join(", "));
    if let Some(b) = f.binding {
        let _ = write!(out, " bound to @{}", names.symbol(b));
    }
    out.push('\n');
    let others: Vec<String> = f
        .locals
        .iter()
        .enumerate()
        .filter(|(i, _)| !f.params.contains(&Local(*i as u32)))
        .map(|(i, l)| {
            let k = match l.kind {
                LocalKind::Plain => "",
                LocalKind::Boxed => " boxed",
                LocalKind::Temp => " temp",
            };
            format!("%{i} {}{k}", l.name)
        })
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "  locals {}", others.join(", "));
    }
    for (bi, b) in f.blocks.iter().enumerate() {
        match b.handler {
            Some(h) => {
                let _ = writeln!(out, "b{bi} catch {h}:");
            }
            None => {
                let _ = writeln!(out, "b{bi}:");
            }
        }
        for inst in &b.insts {
            out.push_str("  ");
            if let Some(r) = inst.result {
                let _ = write!(out, "{r} = ");
            }
            out.push_str(&op(m, &inst.op, names));
            out.push('\n');
        }
        let _ = writeln!(out, "  {}", term(&b.term));
    }
    out
}

fn list(vs: &[Value]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

fn quote(s: &str) -> String {
    format!("{s:?}")
}

fn constant(c: &Const) -> String {
    match c {
        Const::Undefined => "undefined".into(),
        Const::Null => "null".into(),
        Const::Bool(b) => b.to_string(),
        Const::Number(n) => {
            if n.is_nan() {
                "NaN".into()
            } else if *n == 0.0 && n.is_sign_negative() {
                "-0".into()
            } else {
                format!("{n}")
            }
        }
        Const::String(s) => quote(s),
        Const::Hole => "hole".into(),
    }
}

pub fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::Rem => "rem",
        BinOp::Exp => "exp",
        BinOp::Shl => "shl",
        BinOp::Shr => "shr",
        BinOp::UShr => "ushr",
        BinOp::BitAnd => "bitand",
        BinOp::BitOr => "bitor",
        BinOp::BitXor => "bitxor",
        BinOp::Lt => "lt",
        BinOp::Le => "le",
        BinOp::Gt => "gt",
        BinOp::Ge => "ge",
        BinOp::Eq => "eq",
        BinOp::Ne => "ne",
        BinOp::StrictEq => "stricteq",
        BinOp::StrictNe => "strictne",
        BinOp::In => "in",
        BinOp::InstanceOf => "instanceof",
    }
}

fn op(m: &Module, op: &Op, names: &dyn Names) -> String {
    match op {
        Op::Const(c) => format!("const {}", constant(c)),
        Op::This => "this".into(),
        Op::Callee => "callee".into(),
        Op::Param(i) => format!("param {i}"),
        Op::LocalGet(l) => format!("local.get {l}"),
        Op::LocalSet(l, v) => format!("local.set {l}, {v}"),
        Op::BoxNew(l) => format!("box.new {l}"),
        Op::BoxGet(l) => format!("box.get {l}"),
        Op::BoxSet(l, v) => format!("box.set {l}, {v}"),
        Op::CapGet(i) => format!("cap.get {i}"),
        Op::CapSet(i, v) => format!("cap.set {i}, {v}"),
        Op::ModuleGet(s) => format!("module.get @{}", names.symbol(*s)),
        Op::ModuleSet(s, v) => format!("module.set @{}, {v}", names.symbol(*s)),
        Op::GlobalGet(n) => format!("global.get {}", quote(n)),
        Op::Unary(u, v) => {
            let n = match u {
                UnOp::Neg => "neg",
                UnOp::Plus => "tonumber",
                UnOp::Not => "not",
                UnOp::BitNot => "bitnot",
                UnOp::TypeOf => "typeof",
                UnOp::Void => "void",
            };
            format!("{n} {v}")
        }
        Op::Binary(b, x, y) => format!("{} {x}, {y}", binop_name(*b)),
        Op::Truthy(v) => format!("truthy {v}"),
        Op::BoolValue(v) => format!("bool.value {v}"),
        Op::GetProp(o, n) => format!("get {o}.{n}"),
        Op::SetProp(o, n, v) => format!("set {o}.{n}, {v}"),
        Op::GetIndex(o, k) => format!("get {o}[{k}]"),
        Op::SetIndex(o, k, v) => format!("set {o}[{k}], {v}"),
        Op::Call { target, callee, this, args, .. } => {
            let t = match target {
                Target::Unknown => String::new(),
                Target::Known(f) => format!(" {}", func_ref(m, *f)),
                Target::Guarded(cs) => {
                    let cs: Vec<String> = cs.iter().map(|(c, f)| format!("{} => {}", m.classes[*c].name, func_ref(m, *f))).collect();
                    format!(" [{}]", cs.join(", "))
                }
            };
            format!("call{t} {callee}(this {this}; {})", list(args))
        }
        Op::New { callee, args } => format!("new {callee}({})", list(args)),
        Op::Closure { func, name, caps } => {
            let caps: Vec<String> = caps
                .iter()
                .map(|c| match c {
                    CapFrom::Local(l) => l.to_string(),
                    CapFrom::Capture(i) => format!("cap {i}"),
                    CapFrom::This => "this".into(),
                })
                .collect();
            let name = if name.is_empty() { String::new() } else { format!(" named {}", quote(name)) };
            format!("closure {}{name} [{}]", func_ref(m, *func), caps.join(", "))
        }
        Op::Array(vs) => format!("array [{}]", list(vs)),
        Op::Object(fs) => {
            let fs: Vec<String> = fs.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            format!("object {{{}}}", fs.join(", "))
        }
        Op::Guard(Guard::Tdz(n), v) => format!("guard.tdz {v}, {}", quote(n)),
        Op::Caught => "caught".into(),
    }
}

fn term(t: &Term) -> String {
    match t {
        Term::Open => "open".into(),
        Term::Jump(b) => format!("jump {b}"),
        Term::Branch(c, t, f) => format!("branch {c}, {t}, {f}"),
        Term::Return(v) => format!("return {v}"),
        Term::Throw(v) => format!("throw {v}"),
        Term::Unreachable => "unreachable".into(),
    }
}
