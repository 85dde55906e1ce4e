//! The block allocator under the old generation: the part of the heap
//! reservation after the nursery, cut into 256 KiB blocks. A block is free,
//! holds cells of one size class ([`crate::old`]), or is part of a large
//! object's run ([`crate::los`]). A block that becomes free goes back to the
//! OS at once (its pages and its cards), so resident memory follows the live
//! heap.

pub const BLOCK_SHIFT: usize = 18;
pub const BLOCK: usize = 1 << BLOCK_SHIFT;

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
}

impl Blocks {
    pub fn new(base: usize, len: usize) -> Blocks {
        Blocks { base, max: len / BLOCK, meta: Vec::new(), high: 0, free: Vec::new(), used: 0 }
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
            self.meta.push(Meta { usage: Use::Free, bits: Vec::new(), live: 0 });
        }
        Some(i)
    }

    /// One block for `usage`.
    pub fn alloc(&mut self, usage: Use) -> Option<usize> {
        let i = loop {
            match self.free.pop() {
                Some(i) if self.meta[i as usize].usage == Use::Free => break i as usize,
                Some(_) => continue,
                None => break self.grow(1)?,
            }
        };
        self.meta[i].usage = usage;
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
        self.meta[first].usage = Use::LargeHead { n: n as u32 };
        for i in first + 1..first + n {
            self.meta[i].usage = Use::LargeCont { head: first as u32 };
        }
        self.used += n;
        Some(first)
    }

    /// Frees `n` blocks from `first` and returns their memory and cards to the OS.
    pub fn free_run(&mut self, first: usize, n: usize) {
        for i in first..first + n {
            let m = &mut self.meta[i];
            m.usage = Use::Free;
            m.bits = Vec::new();
            m.live = 0;
            self.free.push(i as u32);
        }
        self.used -= n;
        crate::vm::release(self.addr(first), n * BLOCK);
        crate::barrier::release_range(self.addr(first), n * BLOCK);
    }
}
