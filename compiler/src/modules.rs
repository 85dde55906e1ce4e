//! The module graph: parses every `.ts` file reachable from the entry through
//! relative imports (oxc parser + semantic), resolves import and export
//! names, and orders the module bodies as Node's ESM loader runs them
//! (depth-first, post-order, each once).
//!
//! # Graphs, generated sources, classic scripts
//!
//! Specifiers resolve as Node resolves them (`resolve.rs`: relative paths with TypeScript's
//! extension rules, packages in `node_modules`, `exports`/`imports`, tsconfig `paths`, Perry's
//! built-in modules first); imports used only as types are dropped. A file is an ES module or a
//! CommonJS module by Node's rules (`.mjs`/`.cjs`, the package's `type`, else its syntax; `.ts`
//! files are ES modules): a CommonJS module is wrapped as Node wraps it and run by the
//! runtime's loader (`stdlib/src/cjs.rs`) on its first `require`, or at its place in the
//! evaluation order when an ES module imports it. JSON files are CommonJS modules whose
//! `module.exports` is the parsed file. `import()` specifiers that are literals load their
//! modules into the graph. A graph is built by adding files (`Graph::add_file`, each module once) and sources
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
//! compiles every test without the `module` flag this way. A `.js`/`.mjs`/`.cjs` source is
//! parsed as JavaScript, a `.ts`/`.mts`/`.cts` one as TypeScript.

use crate::analyze::Analysis;
use crate::diag::Diagnostic;
use crate::resolve::{Failure, Format, Via};
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
    /// A CommonJS module (`.cjs`, `.cts`, a `.js` file of a package that is not
    /// `"type": "module"`, or a JSON file): its source is wrapped as Node wraps it,
    /// `(function (exports, require, module, __filename, __dirname) { ... })`, and its body
    /// evaluates that function expression into the module's default slot; the runtime's
    /// loader (`stdlib/src/cjs.rs`) calls it on the first `require` or import.
    pub cjs: bool,
    /// Bytes of wrapper text before the file's first byte (columns on line 1 subtract it).
    pub prefix: u32,
    /// The `require(...)` and `require.resolve(...)` specifiers of a CommonJS module that are
    /// string literals and resolved at compile time, with their module; a specifier that did
    /// not resolve is absent and throws `MODULE_NOT_FOUND` at run time, as in Node.
    pub requires: Vec<(String, usize)>,
    /// The `import(...)` specifiers that are string literals (or templates without
    /// substitutions) and resolved at compile time, with their module; the others resolve at
    /// run time against these (`stdlib/src/cjs.rs`) or reject with `ERR_MODULE_NOT_FOUND`.
    pub dynamic: Vec<(String, usize)>,
    /// A CommonJS module's export names as Node's static analysis finds them, re-exports
    /// followed (`cjs_exports.rs`): the names of its namespace beside `default`.
    pub cjs_names: Vec<String>,
    /// TypeScript's `export = x`: its default export is `x`, and `import y = require(...)` or
    /// a CommonJS `require` of it gets `x` itself (not a namespace).
    pub export_assign: bool,
    /// An ES module reached only through `import()` (no static import or `require` chain
    /// from an entry leads to it): it runs when `import()` first asks for it, as in Node, not
    /// at its place in the evaluation order (`Graph::mark_lazy`).
    pub lazy: bool,
    /// Imported by an ES module (or the entry): the module runs at its place in the
    /// evaluation order. A CommonJS module only `require`d runs when it is first required.
    pub imported: bool,
}

#[derive(Clone, Debug)]
pub enum Export {
    Local(SymbolId),
    /// `export default <expression>`: a synthetic slot.
    DefaultExpr,
    /// Re-export of `name` from another module.
    From(usize, String),
    /// A name imported from a CommonJS module: `default` is `module.exports`, any other
    /// name its property after the module ran (Node's named exports of CommonJS).
    Cjs(String),
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
    /// The modules added by `add_file`/`add_generated` (the entries).
    roots: Vec<usize>,
    resolver: crate::resolve::Resolver,
    /// App-Route mode (`perry compile --app`): `next/server` and `next/headers` are Perry's
    /// own modules (`perry:next/*`), not a `next` package's.
    pub next_modules: bool,
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
        g.finish()?;
        Ok(g)
    }

    /// Completes a graph once its entries are added: when some module's source names (as a
    /// whole word) a global that a built-in module defines, that module is added and evaluated
    /// before every other: the globals of explicit resource management that Node 20 lacks
    /// (`DisposableStack`, `AsyncDisposableStack`, `SuppressedError`: `perry:disposable`),
    /// `Buffer` (`node:buffer`), the WHATWG Streams classes (`perry:web-streams`), events and
    /// abort (`perry:web-events`), `performance`, `atob`/`btoa` and `navigator`
    /// (`perry:web-globals`), `crypto.subtle` (`perry:web-crypto`) and the compression streams
    /// (`perry:web-compression`).
    pub fn finish(&mut self) -> Result<(), Vec<Diagnostic>> {
        // (built-in module, the globals it defines): evaluated first when a module names one.
        const GLOBALS: [(&str, &[&str]); 8] = [
            ("perry:fetch", &["fetch"]),
            ("perry:web-compression", &["CompressionStream", "DecompressionStream"]),
            ("perry:web-crypto", &["subtle", "SubtleCrypto", "CryptoKey"]),
            ("perry:disposable", &["DisposableStack", "AsyncDisposableStack", "SuppressedError"]),
            ("node:buffer", &["Buffer"]),
            ("perry:web-events", &["Event", "CustomEvent", "EventTarget", "AbortController", "AbortSignal"]),
            ("perry:web-globals", &["performance", "atob", "btoa", "navigator"]),
            (
                "perry:web-streams",
                &[
                    "ReadableStream",
                    "ReadableStreamDefaultReader",
                    "ReadableStreamBYOBReader",
                    "ReadableStreamBYOBRequest",
                    "ReadableByteStreamController",
                    "ReadableStreamDefaultController",
                    "WritableStream",
                    "WritableStreamDefaultWriter",
                    "WritableStreamDefaultController",
                    "TransformStream",
                    "TransformStreamDefaultController",
                    "ByteLengthQueuingStrategy",
                    "CountQueuingStrategy",
                    "TextEncoderStream",
                    "TextDecoderStream",
                ],
            ),
        ];
        // (built-in module, members, globals): a module naming one of the members of a body or
        // a request reaches the module's classes without naming them (`response.body` is a
        // ReadableStream, `request.signal` an AbortSignal). Loaded when a program module names
        // a member and any module (built-in ones included: `perry:http` hands handlers
        // Requests) names one of the globals.
        const MEMBERS: [(&str, &[&str], &[&str]); 2] = [
            ("perry:web-streams", &["body", "stream"], &["Request", "Response", "fetch", "Blob", "File"]),
            ("perry:web-events", &["signal"], &["Request", "fetch"]),
        ];
        let user_names = |names: &[&str]| self.modules.iter().any(|m| !m.builtin && names.iter().any(|n| names_word(m.source, n)));
        let any_names = |names: &[&str]| self.modules.iter().any(|m| names.iter().any(|n| names_word(m.source, n)));
        let wanted: Vec<&str> = GLOBALS
            .iter()
            .filter(|(module, names)| user_names(names) || MEMBERS.iter().any(|(m, members, globals)| m == module && user_names(members) && any_names(globals)))
            .map(|(module, _)| *module)
            .collect();
        for module in wanted {
            let Some(Ok(path)) = crate::builtins::resolve(module) else { continue };
            let i = self.load_rec(&path, Format::Esm)?;
            self.modules[i].imported = true;
            // The module and the modules it imports (`perry:web-streams` imports `node:util`)
            // move to the front together, in their evaluation order.
            let mut block = vec![i];
            let mut k = 0;
            while k < block.len() {
                let mut deps: Vec<usize> = self.modules[block[k]].deps.values().copied().collect();
                deps.sort_unstable();
                for d in deps {
                    if !block.contains(&d) {
                        block.push(d);
                    }
                }
                k += 1;
            }
            let front: Vec<usize> = self.order.iter().copied().filter(|x| block.contains(x)).collect();
            self.order.retain(|x| !block.contains(x));
            self.order.splice(0..0, front);
            self.roots.push(i);
        }
        self.mark_lazy();
        Ok(())
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
        let format = if self.script_entry { Format::Esm } else { self.resolver.entry_format(&canonical) };
        let i = self.load_rec(&canonical, format)?;
        self.modules[i].imported = true;
        self.roots.push(i);
        self.mark_lazy();
        Ok(i)
    }

    /// Loads a module whose source the compiler generated, named `name` in
    /// diagnostics and stack traces, and the modules it imports. Its
    /// relative imports cannot resolve (it has no folder): it imports by
    /// absolute path or built-in specifier.
    pub fn add_generated(&mut self, name: &str, source: String) -> Result<usize, Vec<Diagnostic>> {
        let path = PathBuf::from(format!("{GENERATED_PREFIX}{name}"));
        self.generated.insert(path.clone(), (name.to_string(), Box::leak(source.into_boxed_str())));
        let i = self.load_rec(&path, Format::Esm)?;
        self.modules[i].imported = true;
        self.roots.push(i);
        self.mark_lazy();
        Ok(i)
    }

    /// Marks the ES modules that only `import()` reaches (`Module::lazy`): those no chain of
    /// static imports and `require`s from an entry leads to.
    fn mark_lazy(&mut self) {
        let mut seen = vec![false; self.modules.len()];
        let mut stack = self.roots.clone();
        while let Some(m) = stack.pop() {
            if std::mem::replace(&mut seen[m], true) {
                continue;
            }
            let md = &self.modules[m];
            stack.extend(md.deps.values().copied().chain(md.requires.iter().map(|r| r.1)));
        }
        for (i, m) in self.modules.iter_mut().enumerate() {
            m.lazy = !seen[i] && !m.cjs;
        }
    }

    fn load_rec(&mut self, path: &Path, format: Format) -> Result<usize, Vec<Diagnostic>> {
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
        // A `.js`/`.mjs` file is JavaScript (a module, as every file here):
        // parsed as TypeScript it would reject JavaScript's `<` ambiguities
        // and accept type syntax.
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if matches!(ext, "tsx" | "jsx") {
            return Err(vec![Diagnostic::new(&display, source, 0, format!("not supported yet: JSX (.{ext} files)"))]);
        }
        let js = matches!(ext, "js" | "mjs" | "cjs" | "json");
        let script = self.script_entry && self.modules.is_empty() && builtin.is_none();
        let esm_type = match (js, script) {
            (true, false) => SourceType::mjs(),
            (true, true) => SourceType::script(),
            (false, false) => SourceType::ts().with_module(true),
            (false, true) => SourceType::ts().with_script(true),
        };
        let cjs_type = if js { SourceType::script() } else { SourceType::ts().with_script(true) };
        let lower = if builtin.is_some() || self.generated.contains_key(path) {
            Lower::default()
        } else {
            let (legacy_decorators, decorator_metadata) = self.resolver.decorator_options(path);
            Lower { legacy_decorators, decorator_metadata }
        };
        let (program, scoping, cjs, prefix, source) = match format {
            Format::Esm => {
                let (p, s) = parse(&display, source, esm_type, 0, lower)?;
                (p, s, false, 0, source)
            }
            Format::Cjs | Format::Json => {
                let (wrapped, prefix) = cjs_wrap(source, format == Format::Json);
                let (p, s) = parse(&display, wrapped, cjs_type, prefix, lower)?;
                (p, s, true, prefix, wrapped)
            }
            Format::Detect => {
                // Node 22: a `.js` file its package does not type is CommonJS unless it
                // only parses as an ES module (it has `import`/`export` syntax).
                let (wrapped, prefix) = cjs_wrap(source, false);
                match parse(&display, wrapped, cjs_type, prefix, lower) {
                    Ok((p, s)) => (p, s, true, prefix, wrapped),
                    Err(cjs_errors) => match parse(&display, source, esm_type, 0, lower) {
                        Ok((p, s)) if p.body.iter().any(|st| st.is_module_declaration()) => (p, s, false, 0, source),
                        _ => return Err(cjs_errors),
                    },
                }
            }
        };
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
            cjs,
            prefix,
            requires: Vec::new(),
            dynamic: Vec::new(),
            cjs_names: Vec::new(),
            export_assign: false,
            lazy: false,
            imported: false,
        });
        if cjs {
            self.load_requires(idx)?;
            self.load_dynamic(idx)?;
            self.modules[idx].cjs_names = self.cjs_names(idx);
            self.order.push(idx);
            return Ok(idx);
        }
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
        for d in import_equals_decls(program) {
            if d.import_kind.is_value()
                && let TSModuleReference::ExternalModuleReference(r) = &d.module_reference
                && import_equals_used(d, &self.modules[idx].scoping)
            {
                sources.push((r.expression.value.as_str().to_string(), d.span.start));
            }
        }
        for (spec, at) in sources {
            if self.modules[idx].deps.contains_key(&spec) {
                continue;
            }
            let (target, format) = self.resolve_import(idx, &spec, at)?;
            let d = self.load_rec(&target, format)?;
            self.modules[d].imported = true;
            self.modules[idx].deps.insert(spec, d);
        }
        self.load_dynamic(idx)?;
        self.collect_exports(idx);
        self.order.push(idx);
        Ok(idx)
    }

    /// `spec` as a built-in module (`builtins::resolve`); in App-Route mode also `next/server`
    /// and `next/headers`.
    fn builtin(&self, spec: &str) -> Option<Result<PathBuf, String>> {
        if self.next_modules && matches!(spec, "next/server" | "next/headers") {
            return crate::builtins::resolve(&format!("perry:{spec}"));
        }
        crate::builtins::resolve(spec)
    }

    /// Resolves the specifier `spec` of an `import`/`export from` of module `idx` (at offset
    /// `at`, for the error): Perry's built-in modules, then Node's algorithm.
    fn resolve_import(&self, idx: usize, spec: &str, at: u32) -> Result<(PathBuf, Format), Vec<Diagnostic>> {
        let m = &self.modules[idx];
        let err = |msg: String| vec![m.diag(at, msg)];
        match self.builtin(spec) {
            Some(Ok(p)) => return Ok((p, Format::Esm)),
            Some(Err(msg)) => return Err(err(msg)),
            None => {}
        }
        if m.builtin {
            return Err(err(format!("cannot resolve module '{spec}' from a built-in module")));
        }
        let resolved =
            if self.generated.contains_key(&m.path) { self.resolver.resolve_generated(spec) } else { self.resolver.resolve(&m.path, spec, Via::Import) };
        match resolved {
            Ok(r) => Ok(r),
            Err(Failure::Builtin(name)) => Err(err(format!("not supported yet: the built-in module '{name}'"))),
            Err(Failure::NotFound(msg)) => Err(err(msg)),
        }
    }

    /// Loads what the CommonJS module `idx` requires with a string literal, in source order.
    /// A specifier that does not resolve (or names a built-in module Perry lacks) is left to
    /// throw at run time, where Node throws: packages probe for optional modules that way.
    fn load_requires(&mut self, idx: usize) -> Result<(), Vec<Diagnostic>> {
        let specs = cjs_requires(self.modules[idx].program, &self.modules[idx].scoping);
        let mut seen = hashbrown::HashSet::new();
        for spec in specs {
            if !seen.insert(spec.clone()) {
                continue;
            }
            let target = match self.builtin(&spec) {
                Some(Ok(p)) => Some((p, Format::Esm)),
                Some(Err(_)) => None,
                None => self.resolver.resolve(&self.modules[idx].path, &spec, Via::Require).ok(),
            };
            if let Some((path, format)) = target {
                let d = self.load_rec(&path, format)?;
                self.modules[idx].requires.push((spec, d));
            }
        }
        Ok(())
    }

    /// The export names of CommonJS module `idx` (its requires loaded): detected ones, then
    /// those of the modules it re-exports (without their `default`).
    fn cjs_names(&self, idx: usize) -> Vec<String> {
        let m = &self.modules[idx];
        let found = crate::cjs_exports::detect(m.program, &m.scoping);
        let mut names = found.names;
        for spec in found.reexports {
            let Some(&(_, d)) = m.requires.iter().find(|(s, _)| *s == spec) else { continue };
            let theirs = if self.modules[d].cjs {
                self.modules[d].cjs_names.clone()
            } else {
                let mut v = Vec::new();
                self.export_names(d, 0, &mut v);
                v
            };
            for n in theirs {
                if n != "default" && !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names.retain(|n| n != "default");
        names
    }

    /// Loads the modules module `idx` imports with a literal `import(...)`. An ES module
    /// loaded so runs at its place in the evaluation order (before the importer), not when
    /// `import()` is called; a CommonJS one runs on the first `import()` or `require`.
    fn load_dynamic(&mut self, idx: usize) -> Result<(), Vec<Diagnostic>> {
        for spec in dynamic_imports(self.modules[idx].program) {
            if self.modules[idx].dynamic.iter().any(|(s, _)| *s == spec) {
                continue;
            }
            let target = match self.builtin(&spec) {
                Some(Ok(p)) => Some((p, Format::Esm)),
                Some(Err(_)) => None,
                None if self.modules[idx].builtin => None,
                None => self.resolver.resolve(&self.modules[idx].path, &spec, Via::Import).ok(),
            };
            if let Some((path, format)) = target {
                let d = self.load_rec(&path, format)?;
                self.modules[idx].dynamic.push((spec, d));
            }
        }
        Ok(())
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
                            // `import { x } from "./a"; export { x }` re-exports a's export.
                            let e = imported_from(m, sym).unwrap_or(Export::Local(sym));
                            exports.insert(name_of(&s.exported), e);
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
                Statement::TSExportAssignment(_) => {
                    exports.insert("default".to_string(), Export::DefaultExpr);
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
        m.export_assign = m.program.body.iter().any(|st| matches!(st, Statement::TSExportAssignment(_)));
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
        if md.cjs {
            // A direct import of any name reads `module.exports[name]` (more lenient than
            // Node, which rejects names its analysis did not find); through `export *`, only
            // the names found.
            let found = depth == 0 || name == "default" || md.cjs_names.iter().any(|n| n == name);
            return found.then(|| (m, Export::Cjs(name.to_string())));
        }
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
        if md.cjs {
            out.extend(md.cjs_names.iter().chain(std::iter::once(&"default".to_string())).filter(|n| !out.contains(n)).cloned().collect::<Vec<_>>());
            out.sort();
            return;
        }
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

/// What the import binding `sym` of module `m` names: another module's export, or its
/// namespace; `None` when `sym` is not an import.
fn imported_from(m: &Module, sym: SymbolId) -> Option<Export> {
    if !m.scoping.symbol_flags(sym).contains(oxc_semantic::SymbolFlags::Import) {
        return None;
    }
    for st in &m.program.body {
        let Statement::ImportDeclaration(d) = st else { continue };
        let Some(&dep) = m.deps.get(d.source.value.as_str()) else { continue };
        for spec in d.specifiers.iter().flatten() {
            use ImportDeclarationSpecifier as S;
            let (local, e) = match spec {
                S::ImportSpecifier(x) => (&x.local, Export::From(dep, x.imported.name().as_str().to_string())),
                S::ImportDefaultSpecifier(x) => (&x.local, Export::From(dep, "default".to_string())),
                S::ImportNamespaceSpecifier(x) => (&x.local, Export::Namespace(dep)),
            };
            if local.symbol_id.get() == Some(sym) {
                return Some(e);
            }
        }
    }
    None
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
        Declaration::TSImportEqualsDeclaration(d) => {
            if let Some(s) = d.id.symbol_id.get() {
                out.push((d.id.name.as_str().to_string(), s));
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

fn to_diag(file: &str, source: &str, prefix: u32, d: &oxc_diagnostics::OxcDiagnostic) -> Diagnostic {
    let offset = d.labels.first().map_or(0, |l| l.offset());
    let mut diag = Diagnostic::new(file, source, offset, d.message.to_string());
    if diag.line == 1 {
        diag.col = diag.col.saturating_sub(prefix).max(1);
    }
    diag
}

impl Module {
    /// A compile error at byte `offset` of this module's source.
    pub fn diag(&self, offset: u32, message: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::new(&self.display, self.source, offset, message);
        if d.line == 1 {
            d.col = d.col.saturating_sub(self.prefix).max(1);
        }
        d
    }
}

/// Parses and checks one module's source: oxc's syntax errors, Perry's nesting limit, and
/// the semantic checker's early errors. `prefix` is the wrapper's length (for columns).
fn parse(
    display: &str,
    source: &'static str,
    source_type: SourceType,
    prefix: u32,
    lower: Lower,
) -> Result<(&'static Program<'static>, Scoping), Vec<Diagnostic>> {
    let alloc: &'static Allocator = leak(Allocator::default());
    let ret = oxc_parser::Parser::new(alloc, source, source_type).parse();
    if !ret.diagnostics.is_empty() || ret.panicked {
        return Err(ret.diagnostics.iter().map(|d| to_diag(display, source, prefix, d)).collect());
    }
    let mut program = ret.program;
    if let Err(at) = crate::nesting::check(&program) {
        return Err(vec![Diagnostic::new(display, source, at, crate::nesting::TOO_DEEP)]);
    }
    if !lower.legacy_decorators && crate::decorators::any(&program) {
        // Standard decorators (a tsconfig without `experimentalDecorators`).
        if let Err((at, what)) = crate::decorators::lower(alloc, &mut program) {
            let mut d = Diagnostic::new(display, source, at, format!("not supported yet: {what}"));
            if d.line == 1 {
                d.col = d.col.saturating_sub(prefix).max(1);
            }
            return Err(vec![d]);
        }
    }
    if crate::accessors::any(&program) {
        crate::accessors::lower(alloc, &mut program);
    }
    let sem = SemanticBuilder::new().with_check_syntax_error(true).build(&program);
    if !sem.diagnostics.is_empty() {
        return Err(sem.diagnostics.iter().map(|d| to_diag(display, source, prefix, d)).collect());
    }
    let mut scoping = sem.semantic.into_scoping();
    if needs_lowering(&program, lower) {
        // oxc's transformer lowers what Perry's code generator does not compile itself:
        // `using` declarations and TypeScript's legacy decorators (with their metadata). Its
        // helpers are Perry built-in modules (`perry:oxc/helpers/*`).
        let mut options = oxc_transformer::TransformOptions::default();
        options.env.es2026.explicit_resource_management = true;
        options.decorator.legacy = lower.legacy_decorators;
        options.decorator.emit_decorator_metadata = lower.decorator_metadata;
        options.helper_loader.module_name = "perry:oxc".into();
        let ret = oxc_transformer::Transformer::new(alloc, Path::new(display), &options).build_with_scoping(scoping, &mut program);
        if !ret.diagnostics.is_empty() {
            return Err(ret.diagnostics.iter().map(|d| to_diag(display, source, prefix, d)).collect());
        }
        let sem = SemanticBuilder::new().build(&program);
        scoping = sem.semantic.into_scoping();
    }
    Ok((leak(program), scoping))
}

/// What a module may need lowered by oxc's transformer (its tsconfig's decorator settings).
#[derive(Clone, Copy, Default)]
pub struct Lower {
    pub legacy_decorators: bool,
    pub decorator_metadata: bool,
}

/// Whether `source` has `word` as a whole word (not inside a longer name: `Buffer` is not
/// found in `ArrayBuffer`).
fn names_word(source: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    source
        .match_indices(word)
        .any(|(at, _)| !source[..at].chars().next_back().is_some_and(ident) && !source[at + word.len()..].chars().next().is_some_and(ident))
}

/// Whether `program` has a `using` declaration, or a decorator its tsconfig makes legacy.
fn needs_lowering(program: &Program, lower: Lower) -> bool {
    use oxc_ast_visit::Visit;
    struct V(bool, bool);
    impl<'a> Visit<'a> for V {
        fn visit_variable_declaration(&mut self, d: &VariableDeclaration<'a>) {
            self.0 |= matches!(d.kind, VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing);
            oxc_ast_visit::walk::walk_variable_declaration(self, d);
        }
        fn visit_decorator(&mut self, d: &Decorator<'a>) {
            self.0 |= self.1;
            oxc_ast_visit::walk::walk_decorator(self, d);
        }
    }
    let mut v = V(false, lower.legacy_decorators);
    v.visit_program(program);
    v.0
}

/// Node's CommonJS wrapper around a module's source, and the wrapper's length. A JSON file
/// becomes a module whose `module.exports` is the parsed text (a `SyntaxError` naming the
/// file when it is not JSON, at run time, as in Node).
fn cjs_wrap(source: &str, json: bool) -> (&'static str, u32) {
    const HEAD: &str = "(function (exports, require, module, __filename, __dirname) { ";
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    let text = if json {
        let mut lit = String::with_capacity(source.len() + 2);
        lit.push('"');
        for c in source.chars() {
            match c {
                '"' => lit.push_str("\\\""),
                '\\' => lit.push_str("\\\\"),
                '\n' => lit.push_str("\\n"),
                '\r' => lit.push_str("\\r"),
                '\u{2028}' | '\u{2029}' => lit.push_str(&format!("\\u{:04x}", c as u32)),
                c if (c as u32) < 0x20 => lit.push_str(&format!("\\u{:04x}", c as u32)),
                c => lit.push(c),
            }
        }
        lit.push('"');
        format!("{HEAD}module.exports = JSON.parse({lit});\n}});")
    } else {
        // A hashbang line stays a comment inside the function (offsets unchanged).
        let body = match source.strip_prefix("#!") {
            Some(rest) => format!("//{rest}"),
            None => source.to_string(),
        };
        format!("{HEAD}{body}\n}});")
    };
    (Box::leak(text.into_boxed_str()), HEAD.len() as u32)
}

/// The wrapper function of a CommonJS module's program.
pub fn cjs_wrapper(program: &'static Program<'static>) -> Option<&'static Function<'static>> {
    let Some(Statement::ExpressionStatement(e)) = program.body.first() else { return None };
    let Expression::ParenthesizedExpression(p) = &e.expression else { return None };
    let Expression::FunctionExpression(f) = &p.expression else { return None };
    Some(f)
}

/// The string-literal specifiers of `import(...)` expressions, in source order.
fn dynamic_imports(program: &'static Program<'static>) -> Vec<String> {
    use oxc_ast_visit::Visit;
    struct V(Vec<String>);
    impl<'a> Visit<'a> for V {
        fn visit_import_expression(&mut self, e: &ImportExpression<'a>) {
            if let Some(s) = literal(&e.source) {
                self.0.push(s);
            }
            oxc_ast_visit::walk::walk_import_expression(self, e);
        }
    }
    let mut v = V(Vec::new());
    v.visit_program(program);
    v.0
}

/// The value of a string literal or of a template literal without substitutions.
fn literal(e: &Expression) -> Option<String> {
    match e {
        Expression::StringLiteral(s) => Some(s.value.as_str().to_string()),
        Expression::TemplateLiteral(t) if t.expressions.is_empty() && t.quasis.len() == 1 => t.quasis[0].value.cooked.as_ref().map(|c| c.as_str().to_string()),
        _ => None,
    }
}

/// The string-literal specifiers of `require(...)` and `require.resolve(...)` calls in a
/// CommonJS module, where `require` is the wrapper's parameter, in source order.
fn cjs_requires(program: &'static Program<'static>, scoping: &Scoping) -> Vec<String> {
    use oxc_ast_visit::Visit;
    struct V<'s> {
        scoping: &'s Scoping,
        require: Option<SymbolId>,
        out: Vec<String>,
    }
    impl<'a> Visit<'a> for V<'_> {
        fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
            let callee = match &c.callee {
                Expression::StaticMemberExpression(m) if m.property.name == "resolve" => &m.object,
                e => e,
            };
            if let Expression::Identifier(id) = callee
                && id.name == "require"
                && id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id()) == self.require
                && c.arguments.len() == 1
                && let Some(s) = c.arguments[0].as_expression().and_then(literal)
            {
                self.out.push(s);
            }
            oxc_ast_visit::walk::walk_call_expression(self, c);
        }
    }
    let Some(f) = cjs_wrapper(program) else { return Vec::new() };
    let require = f.params.items.get(1).and_then(|p| match &p.pattern {
        BindingPattern::BindingIdentifier(id) => id.symbol_id.get(),
        _ => None,
    });
    let mut v = V { scoping, require, out: Vec::new() };
    v.visit_program(program);
    v.out
}

/// The `import x = ...` declarations at a program's top level, `export import` ones too.
pub fn import_equals_decls(program: &'static Program<'static>) -> impl Iterator<Item = &'static TSImportEqualsDeclaration<'static>> {
    program.body.iter().filter_map(|st| match st {
        Statement::TSImportEqualsDeclaration(d) => Some(&**d),
        Statement::ExportDeclaration(e) => match &e.declaration {
            Declaration::TSImportEqualsDeclaration(d) => Some(&**d),
            _ => None,
        },
        _ => None,
    })
}

/// Whether the binding of `import x = require("y")` is used as a value (TypeScript drops the
/// import otherwise).
pub fn import_equals_used(d: &TSImportEqualsDeclaration, scoping: &Scoping) -> bool {
    d.id.symbol_id.get().is_some_and(|sym| scoping.get_resolved_references(sym).any(|r| r.flags().is_value()))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in modules the graph of a one-module program `src` holds.
    fn built_ins(name: &str, src: &str) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("perry-graph-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("main.ts");
        std::fs::write(&file, src).unwrap();
        let g = Graph::load(&file).unwrap_or_else(|_| panic!("{src} does not load"));
        let _ = std::fs::remove_dir_all(&dir);
        g.modules.iter().filter(|m| m.builtin).map(|m| crate::builtins::display(&m.path)).collect()
    }

    #[test]
    fn a_body_or_a_signal_read_links_the_module_that_makes_it() {
        let streams = |name: &str, src: &str| built_ins(name, src).iter().any(|m| m == "perry:web-streams");
        let events = |name: &str, src: &str| built_ins(name, src).iter().any(|m| m == "perry:web-events");
        // `response.body` is a ReadableStream, `request.signal` an AbortSignal.
        assert!(streams("body", "export const f = (r: Response) => r.body;"));
        assert!(streams("blob", "export const f = (b: Blob) => b.stream();"));
        assert!(events("signal", "export const f = (r: Request) => r.signal;"));
        // Naming the member without any Web class links nothing.
        assert!(!streams("plain-body", "const o = { body: 1 }; console.log(o.body);"));
        assert!(!events("plain-signal", "const o = { signal: 1 }; console.log(o.signal);"));
        assert!(!streams("response-only", "console.log(new Response('x').status);"));
    }
}
