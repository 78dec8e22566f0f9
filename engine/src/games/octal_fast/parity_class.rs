//! One parity class of the sparse engine's splitting takes: its mask and
//! its rare heaps (see the parent module for the method). The lists grow as
//! heaps come and are rebuilt when the mask changes, their memory asked for
//! fallibly ([`crate::games::octal_memory`]).

use crate::games::octal_memory::{MemoryRefused, reserve};
use crate::games::octal_options::OptionFlags;

/// One parity class of splitting takes: its mask and its rare heaps.
#[derive(Debug, Clone)]
pub(super) struct ParityClass {
    pub(super) parity: usize,
    pub(super) takes: Vec<usize>,
    pub(super) mask: u32,
    pub(super) rare_heaps: Vec<u32>,
    /// The values at `rare_heaps`, in the same order, read contiguously.
    pub(super) rare_values: Vec<u16>,
    /// Where this class's takes keep their scan places in `cursors`.
    pub(super) first_cursor: usize,
}

impl ParityClass {
    /// Whether heap `heap` with value `value` is rare for this class.
    #[inline]
    pub(super) fn is_rare(&self, heap: usize, value: u32) -> bool {
        let extended = (value << 1 | (heap & 1) as u32) ^ self.parity as u32;
        (self.mask & extended).count_ones().is_multiple_of(2)
    }

    /// Makes room in the lists for heap `heap` if it is rare (grown as
    /// `push` grows them, but fallibly).
    #[inline]
    pub(super) fn room_for(&mut self, heap: usize, value: u16) -> Result<(), MemoryRefused> {
        if self.is_rare(heap, u32::from(value)) {
            let len = self.rare_heaps.len() + 1;
            reserve(&mut self.rare_heaps, len, heap, heap + 1)?;
            reserve(&mut self.rare_values, len, heap, heap + 1)?;
        }
        Ok(())
    }

    /// Lists heap `heap` if it is rare ([`ParityClass::room_for`] made room).
    pub(super) fn note(&mut self, heap: usize, value: u16) {
        if self.is_rare(heap, u32::from(value)) {
            self.rare_heaps.push(heap as u32);
            self.rare_values.push(value);
        }
    }

    /// Lists the rare heaps afresh under `mask`. The lists' room is
    /// reserved first, so a refusal leaves the class as it was.
    pub(super) fn relist(&mut self, mask: u32, values: &[u16]) -> Result<(), MemoryRefused> {
        let old = std::mem::replace(&mut self.mask, mask);
        let rare = values
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(heap, &value)| self.is_rare(heap, u32::from(value)))
            .count();
        let done = values.len();
        let room = reserve(&mut self.rare_heaps, rare, done, done)
            .and_then(|()| reserve(&mut self.rare_values, rare, done, done));
        if let Err(refused) = room {
            self.mask = old;
            return Err(refused);
        }
        self.rare_heaps.clear();
        self.rare_values.clear();
        for (heap, &value) in values.iter().enumerate().skip(1) {
            self.note(heap, value);
        }
        Ok(())
    }

    /// Inserts `g(a) ^ g(rest − a)` for every rare `a < rest`, a block of
    /// XORs at a time and then their stores, as in
    /// [`OptionFlags::insert_splits`].
    pub(super) fn insert_rare_splits(
        &self,
        options: &mut OptionFlags,
        values: &[u16],
        rest: usize,
    ) {
        let count = self.rare_below(rest);
        self.insert_listed_splits(options, values, rest, 0..count);
    }

    /// How many listed rare heaps are below `heap`.
    pub(super) fn rare_below(&self, heap: usize) -> usize {
        self.rare_heaps.partition_point(|&a| (a as usize) < heap)
    }

    /// Inserts `g(a) ^ g(rest − a)` for the rare heaps `a` listed at `places`
    /// (each below `rest`).
    pub(super) fn insert_listed_splits(
        &self,
        options: &mut OptionFlags,
        values: &[u16],
        rest: usize,
        places: std::ops::Range<usize>,
    ) {
        let heaps = &self.rare_heaps[places.clone()];
        insert_listed_pairs(options, heaps, &self.rare_values[places], values, 0, rest);
    }
}

/// Inserts `listed[i] ^ g(rest − heaps[i])` for heaps listed in order, each
/// below `rest`, where `partners[j]` is `g(start + j)` and every part
/// `rest − heaps[i]` is at `start` or above: a class's rare heaps against
/// all the values (`start` 0), or, in a shared block's finish, the rare
/// heaps on either side of the recent values.
#[inline]
pub(super) fn insert_listed_pairs(
    options: &mut OptionFlags,
    heaps: &[u32],
    listed: &[u16],
    partners: &[u16],
    start: usize,
    rest: usize,
) {
    let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) else {
        return;
    };
    // The heaps are listed in order, each below `rest`: every part
    // `rest − a` lies in `partners[rest − last − start ..= rest − first −
    // start]`, read as `window[last − a]`, a subtraction that cannot
    // overflow.
    let window = &partners[rest - last as usize - start..=rest - first as usize - start];
    options.insert_listed(heaps, listed, window, last);
}
