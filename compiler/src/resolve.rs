//! Module resolution as Node does it, by `oxc_resolver`: bare specifiers through `node_modules`
//! up the directory tree, `package.json` `exports` and `imports` with condition sets, `main`,
//! extension and index probing, symlinks (npm workspaces, pnpm) resolved to real paths, and
//! `tsconfig.json` `paths`/`baseUrl` (the tsconfig nearest the importing file).
//!
//! # Conditions
//!
//! `perry` first (a package may target Perry), then `import` or `require` by the importing
//! syntax, then `node` and `default`. `types` is never used.
//!
//! # The project's code and packages
//!
//! Files outside `node_modules` are the project's TypeScript: they may omit extensions, and
//! `./x.js` may name `./x.ts` (TypeScript's rule). Files inside `node_modules` resolve as Node
//! resolves them, with the JavaScript extensions only, so a package's `./x.js` is never taken
//! for a `./x.ts` it happens to ship beside it.
//!
//! # Formats
//!
//! `.mjs`/`.mts`/`.ts` are ES modules, `.cjs`/`.cts` CommonJS, `.json` JSON; a `.js` file is
//! what its nearest `package.json`'s `type` says, and without a `type` CommonJS unless its
//! syntax is an ES module's (Node 22's detection, decided by the loader once it has parsed).

use oxc_resolver::{ModuleType, ResolveError, ResolveOptions, Resolver as Oxc, TsconfigDiscovery};
use std::path::{Path, PathBuf};

/// The format a resolved file is loaded as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Esm,
    Cjs,
    /// A `.js` file whose package does not say: CommonJS unless it has ES module syntax.
    Detect,
    Json,
}

/// How a specifier is imported: selects the `import` or `require` condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Import,
    Require,
}

pub struct Resolver {
    /// By (inside node_modules, via require).
    resolvers: [Oxc; 4],
}

const JS_EXTENSIONS: &[&str] = &[".js", ".mjs", ".cjs", ".json"];
const PROJECT_EXTENSIONS: &[&str] = &[".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"];

fn options(package: bool, via: Via) -> ResolveOptions {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let cond = match via {
        Via::Import => "import",
        Via::Require => "require",
    };
    ResolveOptions {
        condition_names: strings(&["perry", cond, "node", "default"]),
        extensions: strings(if package { JS_EXTENSIONS } else { PROJECT_EXTENSIONS }),
        extension_alias: if package {
            vec![]
        } else {
            vec![(".js".into(), strings(&[".ts", ".js"])), (".mjs".into(), strings(&[".mts", ".mjs"])), (".cjs".into(), strings(&[".cts", ".cjs"]))]
        },
        main_fields: strings(&["main"]),
        main_files: strings(&["index"]),
        tsconfig: if package { None } else { Some(TsconfigDiscovery::Auto) },
        module_type: true,
        builtin_modules: true,
        node_path: false,
        symlinks: true,
        ..ResolveOptions::default()
    }
}

impl Default for Resolver {
    fn default() -> Self {
        let base = Oxc::new(options(false, Via::Import));
        let resolvers = [
            base.clone_with_options(options(false, Via::Import)),
            base.clone_with_options(options(false, Via::Require)),
            base.clone_with_options(options(true, Via::Import)),
            base.clone_with_options(options(true, Via::Require)),
        ];
        Resolver { resolvers }
    }
}

/// Why a specifier did not resolve.
pub enum Failure {
    /// A Node built-in module (`fs`, `node:fs`): the caller decides what Perry has.
    Builtin(String),
    NotFound(String),
}

fn in_node_modules(p: &Path) -> bool {
    p.components().any(|c| c.as_os_str() == "node_modules")
}

impl Resolver {
    /// Resolves `spec` imported by the file `from`: its real path and format.
    pub fn resolve(&self, from: &Path, spec: &str, via: Via) -> Result<(PathBuf, Format), Failure> {
        let pkg = in_node_modules(from);
        let r = &self.resolvers[(pkg as usize) * 2 + (via == Via::Require) as usize];
        outcome(r.resolve_file(from, spec), from, spec)
    }

    /// Resolves `spec` for a module the compiler generated (it has no folder: its specifiers
    /// are absolute paths), from the root directory.
    pub fn resolve_generated(&self, spec: &str) -> Result<(PathBuf, Format), Failure> {
        outcome(self.resolvers[0].resolve("/", spec), Path::new("/x"), spec)
    }

    /// The decorator settings of the `tsconfig.json` that governs `file` (none inside
    /// `node_modules`): (`experimentalDecorators`, `emitDecoratorMetadata`).
    pub fn decorator_options(&self, file: &Path) -> (bool, bool) {
        match self.resolvers[0].find_tsconfig(file) {
            Ok(Some(t)) => {
                let o = &t.compiler_options;
                (o.experimental_decorators.unwrap_or(false), o.emit_decorator_metadata.unwrap_or(false))
            }
            _ => (false, false),
        }
    }

    /// The format of the entry file (which no specifier names).
    pub fn entry_format(&self, path: &Path) -> Format {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return Format::Esm };
        match self.resolvers[0].resolve_file(path, &format!("./{name}")) {
            Ok(res) => format_of(path, res.module_type()),
            Err(_) => format_of(path, None),
        }
    }
}

/// A resolution's real path and format, or why it failed (`from` names the importer).
fn outcome(r: Result<oxc_resolver::Resolution, ResolveError>, from: &Path, spec: &str) -> Result<(PathBuf, Format), Failure> {
    match r {
        Ok(res) => {
            let path = res.full_path();
            Ok((path.clone(), format_of(&path, res.module_type())))
        }
        Err(ResolveError::Builtin { resolved, .. }) => Err(Failure::Builtin(resolved)),
        Err(e) => Err(Failure::NotFound(explain(from, spec, &e))),
    }
}

fn format_of(path: &Path, ty: Option<ModuleType>) -> Format {
    match path.extension().and_then(|e| e.to_str()) {
        Some("ts" | "mts" | "mjs" | "tsx") => Format::Esm,
        Some("cts" | "cjs") => Format::Cjs,
        Some("json") => Format::Json,
        _ => match ty {
            Some(ModuleType::Module) => Format::Esm,
            Some(ModuleType::CommonJs) => Format::Cjs,
            Some(ModuleType::Json) => Format::Json,
            _ => Format::Detect,
        },
    }
}

/// A failed resolution's message: the specifier and where it was looked for.
fn explain(from: &Path, spec: &str, e: &ResolveError) -> String {
    let dir = from.parent().unwrap_or(Path::new("/"));
    if spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/') {
        let base = dir.join(spec);
        return format!(
            "cannot resolve module '{spec}': no file {} (also tried the extensions {} and {}/index.*)",
            base.display(),
            PROJECT_EXTENSIONS.join(" "),
            base.display()
        );
    }
    if spec.starts_with('#') {
        return format!("cannot resolve module '{spec}': no matching \"imports\" entry in the package.json above {} ({e})", dir.display());
    }
    let mut looked = Vec::new();
    let mut d = Some(dir);
    while let Some(x) = d {
        if x.file_name().is_none_or(|n| n != "node_modules") {
            looked.push(x.join("node_modules").display().to_string());
        }
        d = x.parent();
    }
    let pkg = package_name(spec);
    let found: Vec<&String> = looked.iter().filter(|l| Path::new(l).join(pkg).exists()).collect();
    match found.first() {
        Some(p) => format!("cannot resolve module '{spec}': package '{pkg}' in {p} has no entry for it ({e})"),
        None => format!("cannot resolve module '{spec}': no package '{pkg}' in {} (run npm install?)", looked.join(", ")),
    }
}

/// The package part of a bare specifier: `a` of `a/b`, `@s/a` of `@s/a/b`.
pub fn package_name(spec: &str) -> &str {
    let mut parts = spec.splitn(3, '/');
    let first = parts.next().unwrap_or(spec);
    if first.starts_with('@') {
        match parts.next() {
            Some(second) => &spec[..first.len() + 1 + second.len()],
            None => spec,
        }
    } else {
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        assert_eq!(package_name("a"), "a");
        assert_eq!(package_name("a/b/c"), "a");
        assert_eq!(package_name("@s/a"), "@s/a");
        assert_eq!(package_name("@s/a/b"), "@s/a");
    }

    #[test]
    fn formats_by_extension() {
        assert_eq!(format_of(Path::new("/x/a.mjs"), None), Format::Esm);
        assert_eq!(format_of(Path::new("/x/a.cjs"), Some(ModuleType::Module)), Format::Cjs);
        assert_eq!(format_of(Path::new("/x/a.json"), None), Format::Json);
        assert_eq!(format_of(Path::new("/x/a.js"), None), Format::Detect);
        assert_eq!(format_of(Path::new("/x/a.js"), Some(ModuleType::Module)), Format::Esm);
        assert_eq!(format_of(Path::new("/x/a.ts"), Some(ModuleType::CommonJs)), Format::Esm);
    }
}
