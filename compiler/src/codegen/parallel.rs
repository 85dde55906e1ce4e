//! Parallel code generation: the main thread builds each function's IR (it
//! needs the whole compiler's state) and hands the finished `Function` to a
//! pool of worker threads, each with its own Cranelift context, which run
//! Cranelift's optimisation, register allocation and emission. The machine
//! code comes back with its relocations, stack maps and source locations and
//! is defined into the one object module in the order the functions were
//! built, so the output does not depend on thread timing.
//!
//! # Two ISAs, and determinism
//!
//! The workers run the safepoint pass first (`safepoints.rs`), then Cranelift. Code that runs
//! once (a module body with no loop, the module hoist functions) is compiled by a second ISA
//! with `opt_level=none` and the single-pass register allocator: a generated program's top
//! level is its largest function, and compiling it well took longer than all the rest on the
//! other worker; so is a function whose stack maps are very large (`MAX_OPTIMIZED_STACK_MAP_ENTRIES`:
//! deeply nested calls), whose register allocation would otherwise grow faster than its square. `PERRY_JOBS` sets the number of workers (one per core by default). IR is
//! emitted in a fixed order, so the executable depends neither on the number of threads nor on
//! hash order
//! (`compiler/tests/cli.rs::output_is_the_same_for_any_number_of_code_generation_threads`).
//! `PERRY_DUMP_CLIF_FINAL=1` prints every function it compiles after the safepoint pass (a
//! cache hit runs no pass: `--no-cache` prints all). The compiler's
//! mimalloc keeps freed memory for the rest of the compile (no purging).
//!
//! # The code cache
//!
//! Each function's machine code is cached on disk in the format of Cranelift's incremental
//! cache (`serialize_compiled` / `try_finish_recompile`): the key ([`cache_key`]) is a hash of
//! the function's IR as the main thread built it, before the safepoint pass, modulo the names
//! of what it calls and references (so renumbered functions and data still hit), with its GC
//! values, the ISA and its flags, Cranelift's version, and the source of the safepoint pass
//! and of the worker's choice of ISA (hashed by `build.rs`); a hit skips the pass and
//! Cranelift. A blob that does not deserialize (stale, corrupt, another version) is ignored
//! and the function compiled again. Blobs are kept in pack files ([`Cache`]).
//! The key covers everything the machine code depends on, so the cache needs no invalidation
//! when Perry changes: different IR is a different key. The other numberings in the IR (global
//! slots, string constants, atoms, inline-cache sites) are stable for unchanged modules because
//! `Compiler::compile` numbers the packages' modules before the project's (a change to the
//! app's own files leaves every package function's IR, and key, as it was). Packs live in
//! `code-v3/` under the cache root (`link::cache_root`, as `perry run`'s executables; a
//! `code-v2/` of the previous format is deleted);
//! `PERRY_CODE_CACHE=0` or `perry compile --no-cache` compiles without it.

use cranelift_codegen::entity::EntitySet;
use cranelift_codegen::ir;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_module::{FuncId, ModuleReloc};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// One function's machine code and what the tables need of it.
pub struct Compiled {
    pub bytes: Vec<u8>,
    pub alignment: u64,
    pub relocs: Vec<ModuleReloc>,
    /// (code offset, span, stack slots holding references) per safepoint.
    pub stackmaps: Vec<(u32, u32, Vec<u32>)>,
    /// (code offset, source location bits) where the location changes.
    pub srclocs: Vec<(u32, u32)>,
    pub size: u32,
    /// Bytes from the bottom of the frame to the frame pointer.
    pub frame_size: u32,
}

struct Job {
    seq: usize,
    id: FuncId,
    func: ir::Function,
    /// Its GC values (`safepoints::run`).
    gc: EntitySet<ir::Value>,
    /// Code that runs once: compiled with the fast ISA.
    once: bool,
}

pub struct Done {
    pub seq: usize,
    pub id: FuncId,
    pub result: Result<Compiled, String>,
}

/// The code cache on disk: pack files (`pack-*.bin`), each a sequence of records
/// `[16-byte key][u32 length][u64 checksum of the blob][blob]` (little-endian). A compile reads the record headers of every
/// pack into an index at start, reads a blob with one positioned read on a hit, and writes the
/// blobs of its misses as one new pack when it finishes: writing thousands of small files
/// made a cold compile with the cache 30% slower than one without (seed 003: a cache must not
/// cost more than it saves). A truncated pack ends its index early; a blob whose checksum
/// does not match, or that does not deserialize, is compiled again.
pub struct Cache {
    dir: std::path::PathBuf,
    packs: Vec<std::fs::File>,
    index: hashbrown::HashMap<Key, (u32, u64, u32, u64)>,
    /// The records of this compile's misses, written by `flush`.
    new: std::sync::Mutex<Vec<(Key, Vec<u8>)>>,
}

/// A function's key in the cache ([`cache_key`]).
type Key = [u8; 16];

const RECORD_HEADER: u64 = 28;

/// The checksum a record keeps of its blob.
fn checksum(blob: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = std::hash::DefaultHasher::new();
    h.write(blob);
    h.finish()
}

impl Cache {
    /// Opens the cache in `dir` and indexes its packs.
    pub fn open(dir: std::path::PathBuf) -> Cache {
        use std::io::{Read, Seek, SeekFrom};
        let mut cache = Cache { dir, packs: Vec::new(), index: hashbrown::HashMap::new(), new: std::sync::Mutex::new(Vec::new()) };
        let mut names: Vec<(std::time::SystemTime, std::path::PathBuf)> = std::fs::read_dir(&cache.dir)
            .map(|d| {
                d.flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("pack-"))
                    .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
                    .collect()
            })
            .unwrap_or_default();
        // Oldest first, so a key in a newer pack wins.
        names.sort();
        for (_, path) in names {
            let Ok(mut f) = std::fs::File::open(&path) else { continue };
            let Ok(size) = f.metadata().map(|m| m.len()) else { continue };
            let pack = cache.packs.len() as u32;
            let mut at = 0u64;
            let mut header = [0u8; RECORD_HEADER as usize];
            while at + RECORD_HEADER <= size {
                if f.seek(SeekFrom::Start(at)).is_err() || f.read_exact(&mut header).is_err() {
                    break;
                }
                let len = u32::from_le_bytes(header[16..20].try_into().unwrap());
                let check = u64::from_le_bytes(header[20..28].try_into().unwrap());
                if at + RECORD_HEADER + len as u64 > size {
                    break;
                }
                let key: Key = header[..16].try_into().unwrap();
                cache.index.insert(key, (pack, at + RECORD_HEADER, len, check));
                at += RECORD_HEADER + len as u64;
            }
            cache.packs.push(f);
        }
        cache
    }

    fn get(&self, key: &Key) -> Option<Vec<u8>> {
        use std::os::unix::fs::FileExt;
        let &(pack, at, len, check) = self.index.get(key)?;
        let mut buf = vec![0u8; len as usize];
        self.packs[pack as usize].read_exact_at(&mut buf, at).ok()?;
        (checksum(&buf) == check).then_some(buf)
    }

    /// Writes this compile's new records as one pack (atomically: a temporary file renamed),
    /// then keeps the cache under its size limit.
    pub fn flush(&self) {
        let new = std::mem::take(&mut *self.new.lock().unwrap());
        if new.is_empty() {
            return;
        }
        let mut bytes = Vec::with_capacity(new.iter().map(|(k, v)| k.len() + 4 + v.len()).sum());
        for (k, v) in &new {
            bytes.extend_from_slice(k);
            bytes.extend_from_slice(&(v.len() as u32).to_le_bytes());
            bytes.extend_from_slice(&checksum(v).to_le_bytes());
            bytes.extend_from_slice(v);
        }
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let name = format!("pack-{stamp}-{}.bin", std::process::id());
        let tmp = self.dir.join(format!(".{name}.tmp"));
        if std::fs::write(&tmp, &bytes).is_ok() && std::fs::rename(&tmp, self.dir.join(&name)).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        prune(&self.dir);
    }
}

/// The thread writing this compile's new pack.
static FLUSH: std::sync::Mutex<Option<JoinHandle<()>>> = std::sync::Mutex::new(None);

/// Waits until this compile's new cache records are on disk (before the compiler exits).
pub fn wait_for_cache() {
    if let Some(t) = FLUSH.lock().unwrap().take() {
        let _ = t.join();
    }
}

static DISABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `perry compile --no-cache`: compile without the code cache.
pub fn disable_cache() {
    DISABLED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The code cache, opened; `None` when disabled (`--no-cache`, `PERRY_CODE_CACHE=0`) or its
/// directory is unusable.
pub fn open_cache() -> Option<Arc<Cache>> {
    if DISABLED.load(std::sync::atomic::Ordering::Relaxed) || std::env::var("PERRY_CODE_CACHE").is_ok_and(|v| v == "0") {
        return None;
    }
    let root = crate::link::cache_root();
    // The packs of the previous format (32-byte keys after the safepoint pass).
    let _ = std::fs::remove_dir_all(root.join("code-v2"));
    let dir = root.join("code-v3");
    std::fs::create_dir_all(&dir).ok()?;
    Some(Arc::new(Cache::open(dir)))
}

/// The cache's size limit: `PERRY_CODE_CACHE_MB` megabytes (default 2048).
fn cache_limit() -> u64 {
    std::env::var("PERRY_CODE_CACHE_MB").ok().and_then(|v| v.parse::<u64>().ok()).unwrap_or(2048) << 20
}

/// Keeps the cache under its limit: past it, deletes the packs written longest ago until it
/// is at three quarters (their functions are compiled again when next needed: the cache stays
/// a cache).
fn prune(dir: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut files: Vec<(std::time::SystemTime, u64, std::path::PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("pack-"))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            Some((m.modified().ok()?, m.len(), e.path()))
        })
        .collect();
    let total: u64 = files.iter().map(|f| f.1).sum();
    let limit = cache_limit();
    if total <= limit {
        return;
    }
    files.sort();
    let mut size = total;
    for (_, len, path) in files {
        if size <= limit / 4 * 3 {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            size -= len;
        }
    }
}

pub struct Pool {
    cache: Option<Arc<Cache>>,
    jobs: Option<SyncSender<Job>>,
    done: Receiver<Done>,
    workers: Vec<JoinHandle<()>>,
    submitted: usize,
    /// How many functions [`Pool::next`] returned, and those done before their turn.
    returned: usize,
    early: hashbrown::HashMap<usize, Done>,
}

impl Pool {
    /// `PERRY_JOBS` workers, by default one per core.
    /// `isa` optimises; `fast` compiles code that runs once; `compact` recompiles what `fast`
    /// gave a frame past `MAX_FAST_FRAME`.
    pub fn new(isa: OwnedTargetIsa, fast: OwnedTargetIsa, compact: OwnedTargetIsa, cache: Option<Arc<Cache>>) -> Pool {
        let n = std::env::var("PERRY_JOBS")
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let isas = Arc::new(Isas { isa, fast, compact });
        // A bounded queue: the main thread builds IR faster than the workers compile it, and
        // a dense program's unbounded queue of functions held 2 GB (the zeroing of its pages
        // cost a sixth of the compile); building waits instead.
        let (jobs, rx) = sync_channel::<Job>(4 * n);
        let rx = Arc::new(Mutex::new(rx));
        let (tx, done) = channel::<Done>();
        // `PERRY_DUMP_CLIF_FINAL=1`: every function's IR after `safepoints::run`.
        let dump = std::env::var_os("PERRY_DUMP_CLIF_FINAL").is_some();
        let workers = (0..n)
            .map(|_| {
                let rx = rx.clone();
                let tx = tx.clone();
                let isas = isas.clone();
                let cache = cache.clone();
                // Cranelift's passes recurse over a function's instructions
                // in places: the compiler thread's stack (nesting.rs).
                std::thread::Builder::new()
                    .stack_size(crate::nesting::STACK_SIZE)
                    .spawn(move || {
                        let mut ctx = cranelift_codegen::Context::new();
                        loop {
                            let job = match rx.lock().unwrap().recv() {
                                Ok(j) => j,
                                Err(_) => return,
                            };
                            ctx.clear();
                            ctx.func = job.func;
                            let result = compile_job(&mut ctx, job.id, job.gc, job.once, cache.as_deref(), &isas, dump);
                            if tx.send(Done { seq: job.seq, id: job.id, result }).is_err() {
                                return;
                            }
                        }
                    })
                    .expect("cannot start a code generation worker")
            })
            .collect();
        Pool { cache, jobs: Some(jobs), done, workers, submitted: 0, returned: 0, early: hashbrown::HashMap::new() }
    }

    /// Queues `func` (function `id`, GC values `gc`, `once`: code that runs
    /// once); returns its sequence number.
    pub fn submit(&mut self, id: FuncId, func: ir::Function, gc: EntitySet<ir::Value>, once: bool) -> usize {
        let seq = self.submitted;
        self.submitted += 1;
        self.jobs.as_ref().unwrap().send(Job { seq, id, func, gc, once }).expect("code generation worker");
        seq
    }

    /// The next function in submission order once compiled: waiting for it with `wait`,
    /// else only if it is done already. `None` when every function was returned (or, without
    /// `wait`, the next is not done).
    pub fn next(&mut self, wait: bool) -> Option<Done> {
        loop {
            if self.returned == self.submitted {
                return None;
            }
            if let Some(d) = self.early.remove(&self.returned) {
                self.returned += 1;
                return Some(d);
            }
            let d = if wait { self.done.recv().expect("a code generation worker stopped") } else { self.done.try_recv().ok()? };
            self.early.insert(d.seq, d);
        }
    }

    /// Stops the workers once every function was returned by [`Pool::next`], and writes this
    /// compile's new cache records in the background (`wait_for_cache` joins it).
    pub fn finish(mut self) {
        assert_eq!(self.returned, self.submitted, "functions left in the code generation pool");
        drop(self.jobs.take());
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
        if let Some(c) = self.cache.take() {
            *FLUSH.lock().unwrap() = Some(std::thread::spawn(move || c.flush()));
        }
    }
}

/// Past this many stack map entries in a function (GC values live across
/// its calls, added up over the calls) the fast ISA compiles it: the
/// optimising register allocator's time grows faster than the square of
/// that (many values live across many calls, each clobbering every
/// register): 1,000 nested calls `f(f(...))` in a loop took 200 s.
/// Ordinary functions stay far below.
const MAX_OPTIMIZED_STACK_MAP_ENTRIES: usize = 20_000;

/// The largest frame the fast ISA may give a function. Its single-pass register allocator gives
/// every spilled value a slot of its own, so a frame grows with the function: a module body of
/// 16,000 short statements had 7.5 MB (20,000 overran the 8 MB stack). The runtime's main stack
/// is 64 MB (`runtime/src/abi.rs`, `MAIN_STACK`) and every prologue checks its stack pointer,
/// so such frames run; past this size the function is compiled again with the compact ISA
/// (slots shared: 4 KB there), slower (backtracking allocation is superlinear in the size).
const MAX_FAST_FRAME: u32 = 16 << 20;

fn stack_map_entries(func: &ir::Function) -> usize {
    func.layout.blocks().flat_map(|b| func.layout.block_insts(b)).map(|i| func.dfg.user_stack_map_entries(i).map_or(0, <[_]>::len)).sum()
}

/// The three ISAs a worker chooses from (`Pool::new`).
struct Isas {
    isa: OwnedTargetIsa,
    fast: OwnedTargetIsa,
    compact: OwnedTargetIsa,
}

/// The key of a function's machine code in the cache: a 128-bit hash of its IR before the
/// safepoint pass (Cranelift's stencil: modulo the names of what it calls and references), its
/// GC values, whether it runs once, the three ISAs and their flags, and the source of the
/// pass and of the ISA choice below (`PERRY_PASS_HASH`, by `build.rs`). From these the
/// machine code follows: the pass and the choice of ISA are functions of them. Keying before
/// the pass lets a hit skip it (a tenth of a warm compile).
fn cache_key(isas: &Isas, func: &ir::Function, gc: &EntitySet<ir::Value>, once: bool) -> Key {
    use std::hash::{Hash, Hasher};
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.write(env!("PERRY_PASS_HASH").as_bytes());
    func.stencil.hash(&mut h);
    for v in gc.keys().filter(|&v| gc.contains(v)) {
        h.write_u32(v.as_u32());
    }
    once.hash(&mut h);
    for isa in [&isas.isa, &isas.fast, &isas.compact] {
        isa.name().hash(&mut h);
        isa.triple().hash(&mut h);
        isa.flags().hash(&mut h);
        isa.isa_flags_hash_key().hash(&mut h);
    }
    h.digest128().to_le_bytes()
}

/// Compiles one function: its machine code from the cache, or the safepoint pass and
/// Cranelift (then cached).
fn compile_job(
    ctx: &mut cranelift_codegen::Context,
    id: FuncId,
    mut gc: EntitySet<ir::Value>,
    once: bool,
    cache: Option<&Cache>,
    isas: &Isas,
    dump: bool,
) -> Result<Compiled, String> {
    use cranelift_codegen::incremental_cache::{serialize_compiled, try_finish_recompile};
    let key = cache.map(|_| cache_key(isas, &ctx.func, &gc, once));
    if let (Some(cache), Some(key)) = (cache, &key)
        && let Some(blob) = cache.get(key)
        && let Ok(code) = try_finish_recompile(&ctx.func, &blob)
    {
        return Ok(compiled(&code, &ctx.func, id));
    }
    super::safepoints::run(&mut ctx.func, &mut gc);
    if dump {
        eprintln!("; after safepoints::run\n{}", ctx.func.display());
    }
    let mut plane = cranelift_codegen::control::ControlPlane::default();
    let fast_enough = once || stack_map_entries(&ctx.func) > MAX_OPTIMIZED_STACK_MAP_ENTRIES;
    let stencil = if fast_enough {
        // The single-pass allocator's frame grows with the function; one too large for the
        // stack is compiled again, sharing slots.
        let saved = ctx.func.clone();
        let s = ctx.compile_stencil(&*isas.fast, &mut plane).map_err(|e| format!("{e:?}"))?;
        if s.buffer.frame_layout().map_or(0, |l| l.frame_to_fp_offset) > MAX_FAST_FRAME {
            ctx.clear();
            ctx.func = saved;
            ctx.compile_stencil(&*isas.compact, &mut plane).map_err(|e| format!("{e:?}"))?
        } else {
            s
        }
    } else {
        ctx.compile_stencil(&*isas.isa, &mut plane).map_err(|e| format!("{e:?}"))?
    };
    let stencil = match (cache, key) {
        (Some(cache), Some(key)) => {
            let (stencil, blob) = serialize_compiled(stencil);
            if let Ok(blob) = blob {
                cache.new.lock().unwrap().push((key, blob));
            }
            stencil
        }
        _ => stencil,
    };
    let code = stencil.apply_params(&ctx.func.params);
    Ok(compiled(&code, &ctx.func, id))
}

/// What the object and the tables need of a function's machine code.
fn compiled(cc: &cranelift_codegen::CompiledCode, func: &ir::Function, id: FuncId) -> Compiled {
    let relocs = cc.buffer.relocs().iter().map(|r| ModuleReloc::from_mach_reloc(r, func, id)).collect();
    let stackmaps = cc.buffer.user_stack_maps().iter().map(|(off, span, map)| (*off, *span, map.entries().map(|(_, o)| o).collect())).collect();
    let mut srclocs = Vec::new();
    let mut last = u32::MAX;
    for l in cc.buffer.get_srclocs_sorted() {
        if l.loc.is_default() || l.loc.bits() == last {
            continue;
        }
        last = l.loc.bits();
        srclocs.push((l.start, last));
    }
    let frame_size = cc.buffer.frame_layout().map_or(0, |l| l.frame_to_fp_offset);
    Compiled {
        bytes: cc.buffer.data().to_vec(),
        alignment: cc.buffer.alignment as u64,
        relocs,
        stackmaps,
        srclocs,
        size: cc.code_info().total_size,
        frame_size,
    }
}
