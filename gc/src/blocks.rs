//! The block allocator under the old generation: the part of the heap
//! reservation after the nursery, cut into 256 KiB blocks. A block is free,
//! holds cells of one size class ([`crate::old`]), or is part of a large
//! object's run ([`crate::los`]). A block that becomes free goes back to the
//! OS at once (its pages and its cards), so resident memory follows the live
//! heap. A few freed blocks (up to [`WARM_BLOCKS`]) stay resident for reuse,
//! so a program that keeps promoting and freeing does not pay a page fault
//! and a kernel page clear per page each time; they go back at quiescence
//! ([`Blocks::release_warm`]).

pub const BLOCK_SHIFT: usize = 18;
pub const BLOCK: usize = 1 << BLOCK_SHIFT;

/// Freed blocks kept resident for reuse (8 MiB).
pub const WARM_BLOCKS: usize = 32;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Use {
    Free,
    /// Cells of size class `class`.
    Small {
        class: u8,
    },
    /// First block of a large object spanning `n` blocks.
    LargeHead {
        n: u32,
    },
    /// A later block of the large object whose run starts at block `head`.
    LargeCont {
        head: u32,
    },
}

pub struct Meta {
    pub usage: Use,
    /// Small blocks: one bit per cell, set when the cell is allocated.
    pub bits: Vec<u64>,
    /// Small blocks: allocated cells.
    pub live: u32,
    /// A free block whose memory was not given back (it holds stale bytes).
    pub warm: bool,
}

pub struct Blocks {
    /// Address of block 0.
    pub base: usize,
    /// Blocks the reservation holds.
    pub max: usize,
    pub meta: Vec<Meta>,
    /// Blocks below this index have been handed out at least once.
    pub high: usize,
    /// Free blocks below `high` (may hold stale entries; checked on pop).
    free: Vec<u32>,
    /// Blocks currently in use.
    pub used: usize,
    /// Free blocks kept resident (a subset of `free`'s entries).
    warm: Vec<u32>,
}

impl Blocks {
    pub fn new(base: usize, len: usize) -> Blocks {
        Blocks { base, max: len / BLOCK, meta: Vec::new(), high: 0, free: Vec::new(), used: 0, warm: Vec::new() }
    }

    #[inline]
    pub fn addr(&self, i: usize) -> usize {
        self.base + (i << BLOCK_SHIFT)
    }

    /// The block holding `addr`, if `addr` lies in a handed-out block.
    #[inline]
    pub fn index_of(&self, addr: usize) -> Option<usize> {
        let i = addr.wrapping_sub(self.base) >> BLOCK_SHIFT;
        (addr >= self.base && i < self.high).then_some(i)
    }

    fn grow(&mut self, n: usize) -> Option<usize> {
        if self.high + n > self.max {
            return None;
        }
        let i = self.high;
        self.high += n;
        while self.meta.len() < self.high {
            self.meta.push(Meta { usage: Use::Free, bits: Vec::new(), live: 0, warm: false });
        }
        Some(i)
    }

    /// One block for `usage` (its memory may hold stale bytes).
    pub fn alloc(&mut self, usage: Use) -> Option<usize> {
        let i = loop {
            if let Some(w) = self.warm.pop() {
                if self.meta[w as usize].usage == Use::Free && self.meta[w as usize].warm {
                    break w as usize;
                }
                continue;
            }
            match self.free.pop() {
                Some(i) if self.meta[i as usize].usage == Use::Free => break i as usize,
                Some(_) => continue,
                None => break self.grow(1)?,
            }
        };
        self.meta[i].usage = usage;
        self.meta[i].warm = false;
        self.used += 1;
        Some(i)
    }

    /// `n` contiguous blocks (first fit among freed ones, else fresh).
    pub fn alloc_run(&mut self, n: usize) -> Option<usize> {
        let mut run = 0;
        let mut found = None;
        for i in 0..self.high {
            if self.meta[i].usage == Use::Free {
                run += 1;
                if run == n {
                    found = Some(i + 1 - n);
                    break;
                }
            } else {
                run = 0;
            }
        }
        let first = match found {
            Some(f) => f,
            None => {
                // Extend a free tail below `high` into fresh blocks.
                let tail = (0..self.high).rev().take_while(|&i| self.meta[i].usage == Use::Free).count();
                let f = self.high - tail;
                self.grow(n - tail)?;
                f
            }
        };
        // Large cells are handed out zeroed: clear blocks that stayed warm.
        for i in first..first + n {
            if self.meta[i].warm {
                self.meta[i].warm = false;
                // SAFETY: a free block of the reservation.
                unsafe { core::ptr::write_bytes(self.addr(i) as *mut u8, 0, BLOCK) };
            }
        }
        self.meta[first].usage = Use::LargeHead { n: n as u32 };
        for i in first + 1..first + n {
            self.meta[i].usage = Use::LargeCont { head: first as u32 };
        }
        self.used += n;
        Some(first)
    }

    /// Frees `n` blocks from `first`. A single block is kept warm while
    /// fewer than [`WARM_BLOCKS`] are; otherwise the memory and cards go back
    /// to the OS.
    pub fn free_run(&mut self, first: usize, n: usize) {
        let keep = n == 1 && self.warm.len() < WARM_BLOCKS;
        for i in first..first + n {
            let m = &mut self.meta[i];
            m.usage = Use::Free;
            m.bits = Vec::new();
            m.live = 0;
            m.warm = keep;
            self.free.push(i as u32);
        }
        self.used -= n;
        if keep {
            self.warm.push(first as u32);
            crate::barrier::clear_cards(self.addr(first), BLOCK);
        } else {
            crate::vm::release(self.addr(first), n * BLOCK);
            crate::barrier::release_range(self.addr(first), n * BLOCK);
        }
    }

    /// Gives the warm blocks back to the OS (at quiescence). Returns bytes.
    pub fn release_warm(&mut self) -> usize {
        let mut n = 0;
        for w in core::mem::take(&mut self.warm) {
            let m = &mut self.meta[w as usize];
            if m.usage == Use::Free && m.warm {
                m.warm = false;
                crate::vm::release(self.addr(w as usize), BLOCK);
                n += BLOCK;
            }
        }
        n
    }
}
