//! The old generation's small cells: non-moving, size-classed blocks,
//! mark-sweep. Promotion (from the nursery) is the only allocator; a full
//! collection's sweep frees every cell its mark phase did not reach.
//!
//! Each block holds cells of one size class; an allocation bitmap per block
//! says which cells are in use (the cell memory itself is not trusted after a
//! sweep: free cells keep stale bytes, or read as zero once their pages went
//! back to the OS).
//!
//! Size classes run from 16 B to 128 KiB. Promotion allocates here, and so do cells of 8 to 128
//! KiB, which are born old. A freed block's pages and cards go back to the OS at once
//! (`madvise(DONTNEED)`, `blocks.rs`).

use crate::blocks::{BLOCK, Blocks, Use};
use perry_abi::{FLAG_MARK, HDR_FLAGS_SHIFT};

/// The largest cell the nursery takes; bigger cells are born old.
pub const MAX_SMALL: usize = 8192;

/// The largest cell a size class holds; bigger cells go to [`crate::los`],
/// one run of blocks each. Cells between [`MAX_SMALL`] and this ("medium")
/// are allocated directly here, so a program with many mid-sized arrays
/// does not spend a 256 KiB block of address space on each.
pub const MAX_CLASS: usize = 128 << 10;

pub const CLASSES: [u32; 51] = [
    16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096,
    5120, 6144, 7168, 8192, 10240, 12288, 14336, 16384, 20480, 24576, 28672, 32768, 40960, 49152, 57344, 65536, 81920, 98304, 114688, 131072,
];

/// Size class of a cell of `size` bytes (a multiple of 8, at most
/// MAX_CLASS), from a table indexed by `size / 8` for small cells
/// (promotion asks once per cell).
#[inline]
fn class_of(size: usize) -> usize {
    if size > MAX_SMALL {
        return CLASSES.partition_point(|&c| (c as usize) < size);
    }
    const TABLE: [u8; MAX_SMALL / 8 + 1] = {
        let mut t = [0u8; MAX_SMALL / 8 + 1];
        let mut words = 0;
        let mut c = 0;
        while words <= MAX_SMALL / 8 {
            while (CLASSES[c] as usize) < words * 8 {
                c += 1;
            }
            t[words] = c as u8;
            words += 1;
        }
        t
    };
    TABLE[size / 8] as usize
}

#[derive(Default, Clone)]
struct Class {
    /// Block being allocated from and the bitmap word to look at next.
    current: Option<(usize, usize)>,
    /// Blocks of this class with free cells.
    partial: Vec<u32>,
}

pub struct OldSpace {
    classes: Vec<Class>,
    /// Bytes of allocated cells (class sizes).
    pub bytes: usize,
}

#[inline]
fn ncells(cell: usize) -> usize {
    BLOCK / cell
}

impl Default for OldSpace {
    fn default() -> Self {
        Self::new()
    }
}

impl OldSpace {
    pub fn new() -> OldSpace {
        OldSpace { classes: vec![Class::default(); CLASSES.len()], bytes: 0 }
    }

    /// A cell for `size` bytes (its content is garbage; the caller writes
    /// all of it). `None` when the reservation is exhausted.
    #[inline]
    pub fn alloc(&mut self, blocks: &mut Blocks, size: usize) -> Option<*mut u64> {
        let ci = class_of(size);
        let cell = CLASSES[ci] as usize;
        let c = &mut self.classes[ci];
        loop {
            if let Some((b, mut w)) = c.current {
                let m = &mut blocks.meta[b];
                while w < m.bits.len() {
                    let free = !m.bits[w];
                    if free != 0 {
                        let bit = free.trailing_zeros() as usize;
                        m.bits[w] |= 1 << bit;
                        m.live += 1;
                        c.current = Some((b, w));
                        self.bytes += cell;
                        return Some((blocks.addr(b) + (w * 64 + bit) * cell) as *mut u64);
                    }
                    w += 1;
                }
                c.current = None;
            }
            let b = match c.partial.pop() {
                Some(b) => b as usize,
                None => {
                    let b = blocks.alloc(Use::Small { class: ci as u8 })?;
                    let n = ncells(cell);
                    let words = n.div_ceil(64);
                    let mut bits = vec![0u64; words];
                    // Bits past the last cell read as allocated.
                    if !n.is_multiple_of(64) {
                        bits[words - 1] = !0u64 << (n % 64);
                    }
                    blocks.meta[b].bits = bits;
                    blocks.meta[b].live = 0;
                    b
                }
            };
            c.current = Some((b, 0));
        }
    }

    /// Cell size of small block `b`.
    #[inline]
    pub fn cell_size(blocks: &Blocks, b: usize) -> usize {
        match blocks.meta[b].usage {
            Use::Small { class } => CLASSES[class as usize] as usize,
            _ => 0,
        }
    }

    /// Whether `addr` is the start of an allocated cell of small block `b`.
    pub fn is_cell_start(blocks: &Blocks, b: usize, addr: usize) -> bool {
        let cell = Self::cell_size(blocks, b);
        let off = addr - blocks.addr(b);
        if cell == 0 || !off.is_multiple_of(cell) || off / cell >= ncells(cell) {
            return false;
        }
        let i = off / cell;
        blocks.meta[b].bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// Calls `f(cell address)` for each allocated cell of small block `b`
    /// that overlaps `[from, to)`.
    pub fn for_cells_in(blocks: &Blocks, b: usize, from: usize, to: usize, f: &mut dyn FnMut(*mut u64)) {
        let cell = Self::cell_size(blocks, b);
        let start = blocks.addr(b);
        let n = ncells(cell);
        let mut i = from.saturating_sub(start) / cell;
        let bits = &blocks.meta[b].bits;
        while i < n && start + i * cell < to {
            if bits[i / 64] & (1 << (i % 64)) != 0 {
                f((start + i * cell) as *mut u64);
            }
            i += 1;
        }
    }

    /// Calls `f` on every allocated cell (for the heap verifier).
    pub fn for_each_cell(blocks: &Blocks, f: &mut dyn FnMut(*mut u64)) {
        for b in 0..blocks.high {
            if let Use::Small { .. } = blocks.meta[b].usage {
                let a = blocks.addr(b);
                Self::for_cells_in(blocks, b, a, a + BLOCK, f);
            }
        }
    }

    /// The sweep: frees every allocated cell without the mark flag, clears
    /// the flag on the others, releases blocks left empty and rebuilds the
    /// free lists. Returns the bytes freed.
    pub fn sweep(&mut self, blocks: &mut Blocks) -> usize {
        let before = self.bytes;
        for c in self.classes.iter_mut() {
            c.current = None;
            c.partial.clear();
        }
        for b in 0..blocks.high {
            let Use::Small { class } = blocks.meta[b].usage else { continue };
            let cell = CLASSES[class as usize] as usize;
            let n = ncells(cell);
            let start = blocks.addr(b);
            let m = &mut blocks.meta[b];
            let mut live = 0u32;
            for w in 0..m.bits.len() {
                let mut word = m.bits[w];
                while word != 0 {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    let i = w * 64 + bit;
                    if i >= n {
                        break;
                    }
                    let p = (start + i * cell) as *mut u64;
                    // SAFETY: an allocated cell of this block.
                    let hdr = unsafe { *p };
                    if hdr & (FLAG_MARK << HDR_FLAGS_SHIFT) != 0 {
                        // SAFETY: as above.
                        unsafe { *p = hdr & !(FLAG_MARK << HDR_FLAGS_SHIFT) };
                        live += 1;
                    } else {
                        m.bits[w] &= !(1 << bit);
                        self.bytes -= cell;
                    }
                }
            }
            m.live = live;
            if live == 0 {
                blocks.free_run(b, 1);
            } else if (live as usize) < n {
                self.classes[class as usize].partial.push(b as u32);
            }
        }
        before - self.bytes
    }

    /// Returns to the OS the pages of small blocks that hold no allocated
    /// cell (a fragmented old space keeps only the pages with live cells
    /// resident). Returns the bytes released.
    pub fn release_free_pages(blocks: &Blocks) -> usize {
        use crate::vm::PAGE;
        let mut released = 0;
        for b in 0..blocks.high {
            let Use::Small { class } = blocks.meta[b].usage else { continue };
            let m = &blocks.meta[b];
            let cell = CLASSES[class as usize] as usize;
            let n = ncells(cell);
            if m.live as usize * 2 > n {
                continue;
            }
            let start = blocks.addr(b);
            let mut run_start = None;
            for p in 0..BLOCK / PAGE {
                let lo = p * PAGE / cell;
                let hi = (((p + 1) * PAGE).div_ceil(cell)).min(n);
                let free = (lo..hi).all(|i| m.bits[i / 64] & (1 << (i % 64)) == 0);
                match (free, run_start) {
                    (true, None) => run_start = Some(p),
                    (false, Some(s)) => {
                        crate::vm::release(start + s * PAGE, (p - s) * PAGE);
                        released += (p - s) * PAGE;
                        run_start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = run_start {
                crate::vm::release(start + s * PAGE, (BLOCK / PAGE - s) * PAGE);
                released += (BLOCK / PAGE - s) * PAGE;
            }
        }
        released
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes_cover_every_small_size() {
        for size in (16..=MAX_CLASS).step_by(8) {
            let c = CLASSES[class_of(size)] as usize;
            assert!(c >= size && c < size * 2 + 16, "size {size} -> class {c}");
            assert_eq!(class_of(size), CLASSES.partition_point(|&c| (c as usize) < size), "smallest class for {size}");
        }
        assert!(CLASSES.windows(2).all(|w| w[0] < w[1] && w[0] % 8 == 0));
    }
}
