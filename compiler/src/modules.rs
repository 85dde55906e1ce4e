//! The module graph: parses every `.ts` file reachable from the entry through
//! relative imports (oxc parser + semantic), resolves import and export
//! names, and orders the module bodies as Node's ESM loader runs them
//! (depth-first, post-order, each once).
//!
//! # Graphs, generated sources, classic scripts
//!
//! Relative imports resolve as `./x`, `./x.ts`, `./x/index.ts`; imports used only as types are
//! dropped. A graph is built by adding files (`Graph::add_file`, each module once) and sources
//! the compiler generated (`add_generated`: a virtual path, a display name, no folder, so it
//! imports by absolute path or built-in specifier); the module added last is the entry, whose
//! body runs last.
//!
//! `perry compile --script` (`Graph::load_script`) parses the entry as a classic script (no
//! import/export, `await` an identifier, top-level function redeclaration allowed): its
//! top-level `this` is the global object (`perry_global_this`), and its top-level `var` and
//! function bindings are not global slots but properties of the global object
//! (`Compiler::global_object`, `Loc::GlobalObject`): read and written by name through
//! `perry_global_get`/`perry_global_set`, created by `perry_global_declare`
//! (CreateGlobalVarBinding when the scope is entered, CreateGlobalFunctionBinding when
//! functions are hoisted). The code still has strict-mode semantics. The test262 runner
//! compiles every test without the `module` flag this way. A `.js`/`.mjs` source is parsed as
//! JavaScript, a `.ts` one as TypeScript; both as modules.

use crate::analyze::Analysis;
use crate::diag::Diagnostic;
use hashbrown::HashMap;
use oxc_allocator::Allocator;
use oxc_ast::ast::*;
use oxc_semantic::{Scoping, SemanticBuilder};
use oxc_span::SourceType;
use oxc_syntax::symbol::SymbolId;
use std::path::{Path, PathBuf};

pub struct Module {
    pub path: PathBuf,
    /// The path as printed in diagnostics and stack traces.
    pub display: String,
    pub source: &'static str,
    pub program: &'static Program<'static>,
    pub scoping: Scoping,
    pub analysis: Analysis,
    /// Resolved module index of each `import`/`export from` source string.
    pub deps: HashMap<String, usize>,
    /// Exported name -> what it names.
    pub exports: HashMap<String, Export>,
    /// `export * from` targets, in order.
    pub star: Vec<usize>,
    /// A built-in module (`node:*`, `perry:*`) whose source ships inside the
    /// compiler; only such modules may name `__perry_native`.
    pub builtin: bool,
    /// Compiled as a classic script (`perry compile --script`): top-level
    /// `this` is the global object and top-level `var` and function
    /// declarations are properties of it (GlobalDeclarationInstantiation, 16.1.7).
    pub script: bool,
}

#[derive(Clone, Debug)]
pub enum Export {
    Local(SymbolId),
    /// `export default <expression>`: a synthetic slot.
    DefaultExpr,
    /// Re-export of `name` from another module.
    From(usize, String),
    /// `export * as name from` / namespace re-export.
    Namespace(usize),
}

#[derive(Default)]
pub struct Graph {
    pub modules: Vec<Module>,
    /// Module indices in evaluation order.
    pub order: Vec<usize>,
    /// Module index by (canonical or virtual) path.
    by_path: HashMap<PathBuf, usize>,
    /// Sources the compiler generated (`add_generated`), by virtual path:
    /// (display name, source).
    generated: HashMap<PathBuf, (String, &'static str)>,
    /// The entry file is a script, not a module (`Graph::load_script`).
    script_entry: bool,
}

/// The prefix of the virtual path of a generated module.
const GENERATED_PREFIX: &str = "\0perry-generated/";

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn display_path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

impl Graph {
    /// The graph of the program whose entry module is the file `entry`.
    pub fn load(entry: &Path) -> Result<Graph, Vec<Diagnostic>> {
        let mut g = Graph::default();
        g.add_file(entry)?;
        Ok(g)
    }

    /// The graph of the classic script `entry`: no `import` or `export`
    /// (a SyntaxError), `await` is an identifier, and its top-level `var`
    /// and function declarations are global object properties.
    pub fn load_script(entry: &Path) -> Result<Graph, Vec<Diagnostic>> {
        let mut g = Graph { script_entry: true, ..Graph::default() };
        g.add_file(entry)?;
        Ok(g)
    }

    /// Loads the file `path` and the modules it imports (each module once
    /// per graph), appending them to the evaluation order; returns its index.
    /// The module added last is the entry, whose body runs last.
    pub fn add_file(&mut self, path: &Path) -> Result<usize, Vec<Diagnostic>> {
        let canonical = std::fs::canonicalize(path)
            .map_err(|e| vec![Diagnostic { file: path.display().to_string(), line: 0, col: 0, message: format!("cannot read: {e}"), frame: String::new() }])?;
        self.load_rec(&canonical)
    }

    /// Loads a module whose source the compiler generated, named `name` in
    /// diagnostics and stack traces, and the modules it imports. Its
    /// relative imports cannot resolve (it has no folder): it imports by
    /// absolute path or built-in specifier.
    pub fn add_generated(&mut self, name: &str, source: String) -> Result<usize, Vec<Diagnostic>> {
        let path = PathBuf::from(format!("{GENERATED_PREFIX}{name}"));
        self.generated.insert(path.clone(), (name.to_string(), Box::leak(source.into_boxed_str())));
        self.load_rec(&path)
    }

    fn load_rec(&mut self, path: &Path) -> Result<usize, Vec<Diagnostic>> {
        if let Some(&i) = self.by_path.get(path) {
            return Ok(i);
        }
        let builtin = crate::builtins::source(path);
        let (display, source): (String, &'static str) = if let Some(s) = builtin {
            (crate::builtins::display(path), s)
        } else if let Some((name, s)) = self.generated.get(path) {
            (name.clone(), *s)
        } else {
            let display = display_path(path);
            let text = std::fs::read_to_string(path)
                .map_err(|e| vec![Diagnostic { file: display.clone(), line: 0, col: 0, message: format!("cannot read: {e}"), frame: String::new() }])?;
            (display, Box::leak(text.into_boxed_str()))
        };
        let alloc: &'static Allocator = leak(Allocator::default());
        // A `.js`/`.mjs` file is JavaScript (a module, as every file here):
        // parsed as TypeScript it would reject JavaScript's `<` ambiguities
        // and accept type syntax.
        let js = path.extension().is_some_and(|e| e == "js" || e == "mjs");
        let script = self.script_entry && self.modules.is_empty() && builtin.is_none();
        let source_type = match (js, script) {
            (true, false) => SourceType::mjs(),
            (true, true) => SourceType::script(),
            (false, false) => SourceType::ts().with_module(true),
            (false, true) => SourceType::ts().with_script(true),
        };
        let ret = oxc_parser::Parser::new(alloc, source, source_type).parse();
        if !ret.diagnostics.is_empty() || ret.panicked {
            return Err(ret.diagnostics.iter().map(|d| to_diag(&display, source, d)).collect());
        }
        let program: &'static Program<'static> = leak(ret.program);
        if let Err(at) = crate::nesting::check(program) {
            return Err(vec![Diagnostic::new(&display, source, at, crate::nesting::TOO_DEEP)]);
        }
        let sem = SemanticBuilder::new().with_check_syntax_error(true).build(program);
        if !sem.diagnostics.is_empty() {
            return Err(sem.diagnostics.iter().map(|d| to_diag(&display, source, d)).collect());
        }
        let scoping = sem.semantic.into_scoping();
        let mut analysis = Analysis::run(program, &scoping);
        // The module's function-hoisting entry shares the module's context.
        let mctx = analysis.by_node[&(program as *const _ as usize)];
        analysis.by_node.insert(program as *const _ as usize + 1, mctx);
        let idx = self.modules.len();
        self.by_path.insert(path.to_path_buf(), idx);
        self.modules.push(Module {
            path: path.to_path_buf(),
            display: display.clone(),
            source,
            program,
            scoping,
            analysis,
            deps: HashMap::new(),
            exports: HashMap::new(),
            star: Vec::new(),
            builtin: builtin.is_some(),
            script,
        });
        // Dependencies in source order, each loaded (and so evaluated) before this module.
        let mut sources: Vec<(String, u32)> = Vec::new();
        for st in &program.body {
            match st {
                Statement::ImportDeclaration(d) if d.import_kind.is_value() && !import_elided(d, &self.modules[idx].scoping) => {
                    sources.push((d.source.value.as_str().to_string(), d.span.start))
                }
                Statement::ExportAllDeclaration(d) if d.export_kind.is_value() => sources.push((d.source.value.as_str().to_string(), d.span.start)),
                Statement::ExportFromDeclaration(d) if d.export_kind.is_value() => sources.push((d.source.value.as_str().to_string(), d.span.start)),
                _ => {}
            }
        }
        for (spec, at) in sources {
            if self.modules[idx].deps.contains_key(&spec) {
                continue;
            }
            let target = match crate::builtins::resolve(&spec) {
                Some(Ok(p)) => p,
                Some(Err(msg)) => return Err(vec![Diagnostic::new(&display, source, at, msg)]),
                None => resolve(path, &spec).ok_or_else(|| {
                    vec![Diagnostic::new(
                        &display,
                        source,
                        at,
                        format!("cannot resolve module '{spec}' (Perry compiles relative .ts imports and its built-in modules)"),
                    )]
                })?,
            };
            let d = self.load_rec(&target)?;
            self.modules[idx].deps.insert(spec, d);
        }
        self.collect_exports(idx);
        self.order.push(idx);
        Ok(idx)
    }

    fn collect_exports(&mut self, idx: usize) {
        let m = &self.modules[idx];
        let mut exports = HashMap::new();
        let mut star = Vec::new();
        let name_of = |n: &ModuleExportName| n.name().as_str().to_string();
        for st in &m.program.body {
            match st {
                Statement::ExportDeclaration(d) => {
                    for (name, sym) in declared_names(&d.declaration) {
                        exports.insert(name, Export::Local(sym));
                    }
                }
                Statement::ExportNamedDeclaration(d) if d.export_kind.is_value() => {
                    for s in &d.specifiers {
                        if !s.export_kind.is_value() {
                            continue;
                        }
                        if let ModuleExportName::IdentifierReference(r) = &s.local
                            && let Some(rid) = r.reference_id.get()
                            && let Some(sym) = m.scoping.get_reference(rid).symbol_id()
                        {
                            exports.insert(name_of(&s.exported), Export::Local(sym));
                        }
                    }
                }
                Statement::ExportFromDeclaration(d) if d.export_kind.is_value() => {
                    let dep = m.deps[d.source.value.as_str()];
                    for s in &d.specifiers {
                        let local = name_of(&s.local);
                        let e = if local == "*" { Export::Namespace(dep) } else { Export::From(dep, local) };
                        exports.insert(name_of(&s.exported), e);
                    }
                }
                Statement::ExportAllDeclaration(d) if d.export_kind.is_value() => {
                    let dep = m.deps[d.source.value.as_str()];
                    match &d.exported {
                        Some(n) => {
                            exports.insert(name_of(n), Export::Namespace(dep));
                        }
                        None => star.push(dep),
                    }
                }
                Statement::ExportDefaultDeclaration(d) => {
                    let e = match &d.declaration {
                        ExportDefaultDeclarationKind::FunctionDeclaration(f) => f.id.as_ref().and_then(|i| i.symbol_id.get()).map(Export::Local),
                        ExportDefaultDeclarationKind::ClassDeclaration(c) => c.id.as_ref().and_then(|i| i.symbol_id.get()).map(Export::Local),
                        ExportDefaultDeclarationKind::TSInterfaceDeclaration(_) => None,
                        _ => Some(Export::DefaultExpr),
                    };
                    if let Some(e) = e {
                        exports.insert("default".to_string(), e.clone());
                        if matches!(e, Export::Local(_)) {
                            // Anonymous default functions/classes still need a slot.
                        }
                    } else {
                        exports.insert("default".to_string(), Export::DefaultExpr);
                    }
                }
                _ => {}
            }
        }
        let m = &mut self.modules[idx];
        m.exports = exports;
        m.star = star;
    }

    /// Resolves an exported name of module `m` to (module, export), following
    /// re-exports and `export *`.
    pub fn resolve_export(&self, m: usize, name: &str, depth: usize) -> Option<(usize, Export)> {
        if depth > 64 {
            return None;
        }
        let md = &self.modules[m];
        if let Some(e) = md.exports.get(name) {
            return match e {
                Export::From(dep, n) => self.resolve_export(*dep, n, depth + 1),
                other => Some((m, other.clone())),
            };
        }
        if name == "default" {
            return None;
        }
        for &s in &md.star {
            if let Some(r) = self.resolve_export(s, name, depth + 1) {
                return Some(r);
            }
        }
        None
    }

    /// Every exported name of a module (for namespace objects), sorted as Node sorts them.
    pub fn export_names(&self, m: usize, depth: usize, out: &mut Vec<String>) {
        if depth > 64 {
            return;
        }
        let md = &self.modules[m];
        for k in md.exports.keys() {
            if !out.contains(k) {
                out.push(k.clone());
            }
        }
        for &s in &md.star {
            let mut sub = Vec::new();
            self.export_names(s, depth + 1, &mut sub);
            for k in sub {
                if k != "default" && !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out.sort();
    }
}

/// Names a declaration binds (for `export <declaration>`).
pub fn declared_names(d: &Declaration) -> Vec<(String, SymbolId)> {
    let mut out = Vec::new();
    match d {
        Declaration::VariableDeclaration(v) => {
            for decl in &v.declarations {
                pattern_names(&decl.id, &mut out);
            }
        }
        Declaration::FunctionDeclaration(f) => {
            if let Some(id) = &f.id
                && let Some(s) = id.symbol_id.get()
            {
                out.push((id.name.as_str().to_string(), s));
            }
        }
        Declaration::ClassDeclaration(c) => {
            if let Some(id) = &c.id
                && let Some(s) = id.symbol_id.get()
            {
                out.push((id.name.as_str().to_string(), s));
            }
        }
        Declaration::TSEnumDeclaration(e) => {
            if let Some(s) = e.id.symbol_id.get() {
                out.push((e.id.name.as_str().to_string(), s));
            }
        }
        Declaration::TSNamespaceDeclaration(n) => {
            if let Some(s) = n.id.symbol_id.get() {
                out.push((n.id.name.as_str().to_string(), s));
            }
        }
        _ => {}
    }
    out
}

pub fn pattern_names(p: &BindingPattern, out: &mut Vec<(String, SymbolId)>) {
    match p {
        BindingPattern::BindingIdentifier(id) => {
            if let Some(s) = id.symbol_id.get() {
                out.push((id.name.as_str().to_string(), s));
            }
        }
        BindingPattern::ObjectPattern(o) => {
            for prop in &o.properties {
                pattern_names(&prop.value, out);
            }
            if let Some(r) = &o.rest {
                pattern_names(&r.argument, out);
            }
        }
        BindingPattern::ArrayPattern(a) => {
            for el in a.elements.iter().flatten() {
                pattern_names(el, out);
            }
            if let Some(r) = &a.rest {
                pattern_names(&r.argument, out);
            }
        }
        BindingPattern::AssignmentPattern(a) => pattern_names(&a.left, out),
    }
}

fn resolve(from: &Path, spec: &str) -> Option<PathBuf> {
    if !(spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/')) {
        return None;
    }
    let base = from.parent()?.join(spec);
    let mut candidates = vec![base.clone()];
    let s = base.to_string_lossy().into_owned();
    for ext in [".ts", ".tsx", ".mts"] {
        candidates.push(PathBuf::from(format!("{s}{ext}")));
    }
    if let Some(stripped) = s.strip_suffix(".js") {
        candidates.push(PathBuf::from(format!("{stripped}.ts")));
    }
    candidates.push(base.join("index.ts"));
    candidates.into_iter().find(|c| c.is_file()).and_then(|c| std::fs::canonicalize(c).ok())
}

fn to_diag(file: &str, source: &str, d: &oxc_diagnostics::OxcDiagnostic) -> Diagnostic {
    let offset = d.labels.first().map_or(0, |l| l.offset());
    Diagnostic::new(file, source, offset, d.message.to_string())
}

/// TypeScript drops an import whose bindings are used only as types (or not
/// at all); a bare `import "./x"` is kept for its side effects.
pub fn import_elided(d: &ImportDeclaration, scoping: &Scoping) -> bool {
    let Some(specs) = &d.specifiers else { return false };
    if specs.is_empty() {
        return false;
    }
    !specs.iter().any(|s| {
        let local = match s {
            ImportDeclarationSpecifier::ImportSpecifier(x) => {
                if !x.import_kind.is_value() {
                    return false;
                }
                &x.local
            }
            ImportDeclarationSpecifier::ImportDefaultSpecifier(x) => &x.local,
            ImportDeclarationSpecifier::ImportNamespaceSpecifier(x) => &x.local,
        };
        local.symbol_id.get().is_some_and(|sym| scoping.get_resolved_references(sym).any(|r| r.flags().is_value()))
    })
}
