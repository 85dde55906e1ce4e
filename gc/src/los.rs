//! The large-object space: each cell bigger than [`crate::old::MAX_SMALL`]
//! gets its own run of blocks, is never moved, and is freed by a full
//! collection's sweep (its pages go back to the OS at once). Large cells are
//! born old: a big array is not copied by minor collections, and the write
//! barrier records its young elements card by card.
//!
//! A large object of 2 MiB or more asks for transparent huge pages on the whole 2 MiB pages
//! inside it (`vm::huge_pages`: a big Map's index and entries are read at random, and with 4
//! KiB pages nearly every read would also miss the TLB); they are withdrawn when it is freed,
//! so the blocks' later small uses fault 4 KiB at a time.

use crate::blocks::{BLOCK, Blocks};
use perry_abi::{FLAG_MARK, HDR_FLAGS_SHIFT};

pub struct LargeSpace {
    /// First block of each live large cell.
    pub heads: Vec<u32>,
    /// Bytes of the large cells in use, rounded up to pages (the tail of a
    /// cell's last block is never touched, so it costs no memory).
    pub bytes: usize,
}

impl Default for LargeSpace {
    fn default() -> Self {
        Self::new()
    }
}

impl LargeSpace {
    pub fn new() -> LargeSpace {
        LargeSpace { heads: Vec::new(), bytes: 0 }
    }

    /// A zeroed cell of `size` bytes, or `None` when the reservation is full.
    pub fn alloc(&mut self, blocks: &mut Blocks, size: usize) -> Option<*mut u64> {
        let n = size.div_ceil(BLOCK);
        let first = blocks.alloc_run(n)?;
        self.heads.push(first as u32);
        self.bytes += size.next_multiple_of(crate::vm::PAGE);
        let addr = blocks.addr(first);
        if size >= crate::vm::HUGE {
            crate::vm::huge_pages(addr, n * BLOCK, true);
        }
        // Fresh and released pages read as zero.
        Some(addr as *mut u64)
    }

    /// Frees every large cell without the mark flag and clears the flag on
    /// the others. Returns the bytes freed.
    pub fn sweep(&mut self, blocks: &mut Blocks) -> usize {
        let mut freed = 0;
        let mut keep = Vec::with_capacity(self.heads.len());
        for &h in &self.heads {
            let p = blocks.addr(h as usize) as *mut u64;
            // SAFETY: the header of a live large cell.
            let hdr = unsafe { *p };
            if hdr & (FLAG_MARK << HDR_FLAGS_SHIFT) != 0 {
                // SAFETY: as above.
                unsafe { *p = hdr & !(FLAG_MARK << HDR_FLAGS_SHIFT) };
                keep.push(h);
            } else {
                let crate::blocks::Use::LargeHead { n } = blocks.meta[h as usize].usage else {
                    crate::fatal("large-object table names a block that is not a large head")
                };
                if n as usize * BLOCK >= crate::vm::HUGE {
                    crate::vm::huge_pages(blocks.addr(h as usize), n as usize * BLOCK, false);
                }
                blocks.free_run(h as usize, n as usize);
                freed += ((hdr & 0xFFFF_FFFF) as usize).next_multiple_of(crate::vm::PAGE);
            }
        }
        self.heads = keep;
        self.bytes -= freed;
        freed
    }
}
