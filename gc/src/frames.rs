//! Compiled frames as roots.
//!
//! Compiled code keeps every value that is live across a call in a stack slot
//! that Cranelift's stack map names. The walk needs, for the innermost run of
//! compiled frames, a frame pointer and a return address:
//!
//! - Compiled code never calls Rust directly: each runtime function is reached
//!   through an *exit trampoline* ([`exit_trampoline!`]) that stores the
//!   caller's frame pointer and return address in [`PERRY_EXIT_FP`] /
//!   [`PERRY_EXIT_PC`], then jumps to the Rust function.
//! - Rust never calls compiled code directly: it goes through [`enter`]
//!   (the `perry_enter` trampoline), which saves the current exit record in its
//!   own frame, so activations (compiled -> Rust -> compiled) nest.
//!
//! The walk starts from the exit record, visits each frame's stack map (slots
//! at `fp - span + offset`), follows `[fp]` / `[fp+8]`, and when it reaches
//! `perry_enter`'s return address it continues from the exit record saved in
//! that trampoline frame, until a saved frame pointer of zero.
//!
//! Compiled code's slots are assigned by Perry's own safepoint pass (compiler
//! `codegen/safepoints.rs`), and the compiler emits a table of (function, return offset, frame
//! span, slot offsets). The register-preserving trampolines (`preserving_trampoline!`, the
//! `_pa` entry points) record the exit frame the same way (the walk starts from the compiled
//! frame, not the trampoline's), save every other general and vector register, call the Rust
//! function and restore them.

use crate::JsCell;

/// Frame pointer of the innermost compiled frame that called the runtime.
#[unsafe(no_mangle)]
pub static mut PERRY_EXIT_FP: u64 = 0;
/// Return address into that frame.
#[unsafe(no_mangle)]
pub static mut PERRY_EXIT_PC: u64 = 0;

/// Defines the symbol `$name` that compiled code calls: it records the exit
/// frame and tail-jumps to `$imp`, which must have the same signature.
#[macro_export]
macro_rules! exit_trampoline {
    ($name:ident, $imp:path) => {
        core::arch::global_asm!(
            concat!(
                ".pushsection .text.", stringify!($name), ",\"ax\",@progbits\n",
                ".globl ", stringify!($name), "\n",
                ".type ", stringify!($name), ",@function\n",
                ".p2align 4\n",
                stringify!($name), ":\n",
                "mov qword ptr [rip + {fp}], rbp\n",
                "mov r11, qword ptr [rsp]\n",
                "mov qword ptr [rip + {pc}], r11\n",
                "jmp {imp}\n",
                ".size ", stringify!($name), ", . - ", stringify!($name), "\n",
                ".popsection\n"
            ),
            fp = sym $crate::frames::PERRY_EXIT_FP,
            pc = sym $crate::frames::PERRY_EXIT_PC,
            imp = sym $imp,
        );
    };
}

/// Defines the symbol `$name`: like [`exit_trampoline!`], it records the exit
/// frame and calls `$imp` (at most six integer arguments, one result), but
/// it also saves and restores every other register, so compiled code calls
/// it with Cranelift's `PreserveAll` convention. The slow paths of inline
/// fast paths use it: a loop whose rare runtime call clobbers nothing keeps
/// its numbers in registers instead of saving them around the call.
#[macro_export]
macro_rules! preserving_trampoline {
    ($name:ident, $imp:path) => {
        core::arch::global_asm!(
            concat!(
                ".pushsection .text.", stringify!($name), ",\"ax\",@progbits\n",
                ".globl ", stringify!($name), "\n",
                ".type ", stringify!($name), ",@function\n",
                ".p2align 4\n",
                stringify!($name), ":\n",
                "push rbp\n",
                "mov rbp, rsp\n",
                "push rcx\n",
                "push rdx\n",
                "push rsi\n",
                "push rdi\n",
                "push r8\n",
                "push r9\n",
                "push r10\n",
                "push r11\n",
                "mov r11, qword ptr [rbp]\n",
                "mov qword ptr [rip + {fp}], r11\n",
                "mov r11, qword ptr [rbp + 8]\n",
                "mov qword ptr [rip + {pc}], r11\n",
                "sub rsp, 256\n",
                "movdqu [rsp + 0], xmm0\n",
                "movdqu [rsp + 16], xmm1\n",
                "movdqu [rsp + 32], xmm2\n",
                "movdqu [rsp + 48], xmm3\n",
                "movdqu [rsp + 64], xmm4\n",
                "movdqu [rsp + 80], xmm5\n",
                "movdqu [rsp + 96], xmm6\n",
                "movdqu [rsp + 112], xmm7\n",
                "movdqu [rsp + 128], xmm8\n",
                "movdqu [rsp + 144], xmm9\n",
                "movdqu [rsp + 160], xmm10\n",
                "movdqu [rsp + 176], xmm11\n",
                "movdqu [rsp + 192], xmm12\n",
                "movdqu [rsp + 208], xmm13\n",
                "movdqu [rsp + 224], xmm14\n",
                "movdqu [rsp + 240], xmm15\n",
                "call {imp}\n",
                "movdqu xmm0, [rsp + 0]\n",
                "movdqu xmm1, [rsp + 16]\n",
                "movdqu xmm2, [rsp + 32]\n",
                "movdqu xmm3, [rsp + 48]\n",
                "movdqu xmm4, [rsp + 64]\n",
                "movdqu xmm5, [rsp + 80]\n",
                "movdqu xmm6, [rsp + 96]\n",
                "movdqu xmm7, [rsp + 112]\n",
                "movdqu xmm8, [rsp + 128]\n",
                "movdqu xmm9, [rsp + 144]\n",
                "movdqu xmm10, [rsp + 160]\n",
                "movdqu xmm11, [rsp + 176]\n",
                "movdqu xmm12, [rsp + 192]\n",
                "movdqu xmm13, [rsp + 208]\n",
                "movdqu xmm14, [rsp + 224]\n",
                "movdqu xmm15, [rsp + 240]\n",
                "add rsp, 256\n",
                "pop r11\n",
                "pop r10\n",
                "pop r9\n",
                "pop r8\n",
                "pop rdi\n",
                "pop rsi\n",
                "pop rdx\n",
                "pop rcx\n",
                "pop rbp\n",
                "ret\n",
                ".size ", stringify!($name), ", . - ", stringify!($name), "\n",
                ".popsection\n"
            ),
            fp = sym $crate::frames::PERRY_EXIT_FP,
            pc = sym $crate::frames::PERRY_EXIT_PC,
            imp = sym $imp,
        );
    };
}

core::arch::global_asm!(
    ".pushsection .text.perry_enter,\"ax\",@progbits",
    ".globl perry_enter",
    ".type perry_enter,@function",
    ".p2align 4",
    "perry_enter:",
    "push rbp",
    "mov rbp, rsp",
    "push qword ptr [rip + {fp}]",
    "push qword ptr [rip + {pc}]",
    "sub rsp, 32",
    "mov rax, rdi",
    "mov r10, rsi",
    "mov rdi, qword ptr [r10]",
    "mov rsi, qword ptr [r10 + 8]",
    "mov rdx, qword ptr [r10 + 16]",
    "mov rcx, qword ptr [r10 + 24]",
    "mov r8, qword ptr [r10 + 32]",
    "mov r9, qword ptr [r10 + 40]",
    "mov r11, qword ptr [r10 + 48]",
    "mov qword ptr [rsp], r11",
    "mov r11, qword ptr [r10 + 56]",
    "mov qword ptr [rsp + 8], r11",
    "mov r11, qword ptr [r10 + 64]",
    "mov qword ptr [rsp + 16], r11",
    "call rax",
    ".globl perry_enter_ret",
    "perry_enter_ret:",
    "add rsp, 32",
    "pop r11",
    "mov qword ptr [rip + {pc}], r11",
    "pop r11",
    "mov qword ptr [rip + {fp}], r11",
    "pop rbp",
    "ret",
    ".size perry_enter, . - perry_enter",
    ".popsection",
    fp = sym PERRY_EXIT_FP,
    pc = sym PERRY_EXIT_PC,
);

unsafe extern "C" {
    fn perry_enter(code: u64, args: *const u64) -> u64;
    static perry_enter_ret: u8;
}

/// Calls the compiled (or native) function at `code` with the JavaScript
/// calling convention: `args` = callee, this, new_target, argc, a0..a3, rest.
#[inline]
pub fn enter(code: u64, args: &[u64; perry_abi::JS_PARAMS]) -> u64 {
    // SAFETY: the JS thread; a one-word update.
    unsafe { *DEPTH.get() += 1 };
    // SAFETY: `code` is a function with the JS signature (the caller checked
    // the callee's kind); the trampoline preserves the exit record.
    let r = unsafe { perry_enter(code, args.as_ptr()) };
    // SAFETY: as above.
    unsafe { *DEPTH.get() -= 1 };
    r
}

/// Calls of [`enter`] in progress: how many times native code called into
/// compiled code on the current stack.
static DEPTH: JsCell<u32> = JsCell::new(0);

/// The number of [`enter`] calls in progress (0 on the event loop between tasks).
pub fn depth() -> u32 {
    // SAFETY: the JS thread; a one-word read.
    unsafe { *DEPTH.get() }
}

/// One return address and its stack map.
struct Record {
    ret_addr: u64,
    span: u32,
    first: u32,
    count: u32,
}

struct Table {
    records: Vec<Record>,
    slots: &'static [u32],
}

static TABLE: JsCell<Table> = JsCell::new(Table { records: Vec::new(), slots: &[] });

/// Installs the compiler's stack-map table: `count` records of
/// [`perry_abi::STACKMAP_RECORD_SIZE`] bytes at `records`, slot offsets at `slots`.
///
/// # Safety
/// The pointers must be the tables the compiler emitted into this executable.
pub unsafe fn install_stackmaps(records: *const u8, count: usize, slots: *const u32, nslots: usize) {
    // SAFETY: single JS thread, at start-up; the borrow is the only one.
    let t = unsafe { TABLE.get() };
    t.records.clear();
    for i in 0..count {
        // SAFETY: record `i < count` of the compiler's table (the caller's
        // contract), read unaligned field by field.
        unsafe {
            let r = records.add(i * perry_abi::STACKMAP_RECORD_SIZE);
            let func = (r as *const u64).read_unaligned();
            let off = (r.add(8) as *const u32).read_unaligned();
            let span = (r.add(12) as *const u32).read_unaligned();
            let first = (r.add(16) as *const u32).read_unaligned();
            let n = (r.add(20) as *const u32).read_unaligned();
            t.records.push(Record { ret_addr: func + off as u64, span, first, count: n });
        }
    }
    t.records.sort_by_key(|r| r.ret_addr);
    // SAFETY: the compiler's slot table of `nslots` entries, in the
    // executable's read-only data for the whole run.
    t.slots = if nslots == 0 { &[] } else { unsafe { core::slice::from_raw_parts(slots, nslots) } };
}

fn lookup(pc: u64) -> Option<&'static Record> {
    // SAFETY: single JS thread; the table only changes at start-up.
    let t = unsafe { TABLE.get() };
    t.records.binary_search_by_key(&pc, |r| r.ret_addr).ok().map(|i| &t.records[i])
}

/// Visits every stack-mapped slot of every compiled frame on the stack.
pub fn visit_frames(visit: &mut dyn FnMut(*mut u64)) -> usize {
    // SAFETY: single JS thread; the table only changes at start-up.
    let t = unsafe { TABLE.get() };
    // SAFETY: the address of a symbol of the enter trampoline; not read.
    let enter_ret = unsafe { &perry_enter_ret as *const u8 as u64 };
    // SAFETY: the exit trampoline wrote them on the JS thread before
    // calling into the runtime that is collecting now.
    let (mut fp, mut pc) = unsafe { (PERRY_EXIT_FP, PERRY_EXIT_PC) };
    let mut n = 0usize;
    let mut guard = 0usize;
    while fp != 0 {
        guard += 1;
        if guard > 10_000_000 {
            crate::fatal("stack walk does not terminate");
        }
        if pc == enter_ret {
            // A perry_enter frame: continue with the exit record saved in it.
            // SAFETY: `fp` is a live perry_enter frame, which saved the
            // previous exit record just below its frame pointer.
            unsafe {
                let f = fp;
                fp = *((f - 8) as *const u64);
                pc = *((f - 16) as *const u64);
            }
            continue;
        }
        if let Some(rec) = lookup(pc) {
            let sp = fp - rec.span as u64;
            for &off in &t.slots[rec.first as usize..(rec.first + rec.count) as usize] {
                visit((sp + off as u64) as *mut u64);
                n += 1;
            }
        }
        // SAFETY: `fp` is a live frame built with frame pointers: the
        // caller's frame pointer at `fp`, the return address above it.
        unsafe {
            pc = *((fp + 8) as *const u64);
            fp = *(fp as *const u64);
        }
    }
    n
}

/// Return addresses of the compiled frames on the stack, innermost first
/// (used for `Error.prototype.stack`).
pub fn backtrace(max: usize) -> Vec<u64> {
    // SAFETY: as in `visit_frames`.
    let enter_ret = unsafe { &perry_enter_ret as *const u8 as u64 };
    // SAFETY: as in `visit_frames`.
    let (mut fp, mut pc) = unsafe { (PERRY_EXIT_FP, PERRY_EXIT_PC) };
    let mut out = Vec::new();
    while fp != 0 && out.len() < max {
        if pc == enter_ret {
            // SAFETY: as in `visit_frames`.
            unsafe {
                let f = fp;
                fp = *((f - 8) as *const u64);
                pc = *((f - 16) as *const u64);
            }
            continue;
        }
        out.push(pc);
        // SAFETY: as in `visit_frames`.
        unsafe {
            pc = *((fp + 8) as *const u64);
            fp = *(fp as *const u64);
        }
    }
    out
}
