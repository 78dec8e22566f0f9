//! Both cores on one sequence: the sparse-space engine's rare splits for a
//! block of heaps, shared among rayon's threads.
//!
//! A heap's cost is almost all in its rare splits `g(a) ^ g(rest − a)`, one
//! per listed rare heap `a` and splitting take. For the heaps `n` of a block
//! `start ≤ n < end`, a split whose two parts are both below `start` reads
//! only values known when the block begins, so those splits can be formed
//! for every heap of the block at once, on any thread, in any order: each
//! heap's set is packed into bits ([`OptionFlags::pack_into`]). Then the
//! heaps are finished one by one, in order, on one thread: the packed set,
//! the moves that leave one heap, the few splits with a part inside the
//! block (a listed rare `a ≤ rest − start`, or a rare heap found in the
//! block itself), the mex, and the scan of common pairs when it is needed.
//! Every split is inserted exactly once, as in the one-heap loop, so the
//! values are the same whatever the number of threads.
//!
//! A block never crosses a learning of the masks (which relists the rare
//! heaps), is at most [`BLOCK_HEAPS`] long (so few rare heaps lie within
//! `BLOCK_HEAPS` of the block's start: a sparse code's rare heaps are mostly
//! small), and is used only where a heap reads at least [`SHARED_SPLITS`]
//! rare splits, enough to pay for handing work to another thread.

use std::sync::Mutex;

use rayon::prelude::*;

use super::{SparseEngine, ValueTooLarge};
use crate::games::octal_options::OptionFlags;

/// Heaps in one shared block.
const BLOCK_HEAPS: usize = 64;

/// Heaps in one task of a shared block.
const HEAPS_PER_TASK: usize = 8;

/// Rare splits per heap (over every take) from which a block is shared.
const SHARED_SPLITS: usize = 256;

/// The first splits `a = 1 ..= PRESCAN_SPLITS` of every row are formed
/// with the rare ones, so that the one-thread part seldom has to scan the
/// common pairs. Below the mex, every value the rare splits miss is one
/// that only common pairs give, and the scan must find each of them: on ·6
/// that scan was half of the time, with 256 splits formed ahead still a
/// third, with 2,048 a sixth (with 4,096, 3%, but forming them then cost
/// more than the scan saved).
const PRESCAN_SPLITS: usize = 2048;

/// The option sets of the threads that form a shared block's splits.
#[derive(Debug, Default)]
pub(super) struct Helpers(Vec<Mutex<OptionFlags>>);

impl Clone for Helpers {
    /// Scratch space: a clone starts without any (made again when needed).
    fn clone(&self) -> Self {
        Helpers::default()
    }
}

impl SparseEngine {
    /// Where a shared block from the next heap would end, or `None` when the
    /// one-heap loop is the better choice here.
    pub(super) fn shared_block_end(&self, count: usize) -> Option<usize> {
        let heap = self.values.len();
        let splits: usize = self
            .classes
            .iter()
            .map(|class| class.rare_heaps.len().saturating_mul(class.takes.len()))
            .sum();
        if !self.parallel || splits < SHARED_SPLITS || rayon::current_num_threads() < 2 {
            return None;
        }
        let mut end = count.min(heap.saturating_add(BLOCK_HEAPS));
        if self.learning {
            end = end.min(self.next_learning);
        }
        (end > heap + 1).then_some(end)
    }

    /// Computes heaps `values.len() .. end` as one shared block.
    pub(super) fn extend_block(&mut self, end: usize) -> Result<(), ValueTooLarge> {
        let start = self.values.len();
        let words = self.options.capacity().div_ceil(64);
        let listed: Vec<usize> = self.classes.iter().map(|c| c.rare_heaps.len()).collect();
        let mut known = vec![0u64; (end - start) * words];
        let bits = 32 - (self.options.capacity() as u32 - 1).leading_zeros();
        let threads = rayon::current_num_threads();
        if self.helpers.0.len() < threads {
            self.helpers
                .0
                .resize_with(threads, || Mutex::new(OptionFlags::new()));
        }
        let known_part = Known {
            values: &self.values,
            classes: &self.classes,
            start,
            words,
            bits,
        };
        let helpers = &self.helpers.0;
        // Small tasks, stolen by whichever thread is free: a thread the
        // machine takes away for a while holds up one task, not half a block.
        known
            .par_chunks_mut(words * HEAPS_PER_TASK)
            .enumerate()
            .for_each(|(task, packed)| {
                let thread = rayon::current_thread_index().unwrap_or(0) % helpers.len();
                let mut options = helpers[thread]
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                known_part.form(start + task * HEAPS_PER_TASK, packed, &mut options);
            });
        for (offset, packed) in known.chunks(words).enumerate() {
            let heap = start + offset;
            self.options.clear();
            self.options.add_packed(packed);
            let values = &self.values;
            if self.moves.ending.contains(&heap) {
                self.options.insert(0);
            }
            for &take in self.moves.leaving_one.iter().take_while(|&&k| k < heap) {
                self.options.insert(values[heap - take]);
            }
            for (class, &listed) in self.classes.iter().zip(&listed) {
                for &take in class.takes.iter().take_while(|&&k| k + 2 <= heap) {
                    let rest = heap - take;
                    // A part at `start` or past it: a ≤ rest − start, or a
                    // rare heap listed during this block.
                    let inside = rest.saturating_sub(start);
                    let first = class.rare_below(inside + 1).min(listed);
                    class.insert_listed_splits(&mut self.options, values, rest, 0..first);
                    let last = class.rare_below(rest).max(listed);
                    class.insert_listed_splits(&mut self.options, values, rest, listed..last);
                    // The first splits of the row, with the larger part inside.
                    let high = inside.min(PRESCAN_SPLITS).min(rest / 2);
                    if high >= 1 {
                        let smaller = &values[1..=high];
                        let larger = &values[rest - high..rest];
                        self.options.insert_splits(smaller, larger);
                    }
                }
            }
            let candidate = self.options.least_absent_from(0);
            let value = self.scan_common_pairs(heap, candidate, PRESCAN_SPLITS + 1);
            let stored = u16::try_from(value).map_err(|_| ValueTooLarge { heap })?;
            self.record(heap, stored);
        }
        Ok(())
    }
}

/// What the first part of a shared block reads: the values and rare lists
/// as they stood when the block began.
struct Known<'a> {
    values: &'a [u16],
    classes: &'a [super::ParityClass],
    start: usize,
    words: usize,
    bits: u32,
}

impl Known<'_> {
    /// Forms, for each heap from `first` on (one per `words` of `packed`),
    /// every split whose two parts are below `start`: its rare splits, and
    /// its first [`PRESCAN_SPLITS`] splits `a ≤ rest/2` of every take.
    fn form(&self, first: usize, packed: &mut [u64], options: &mut OptionFlags) {
        let Known {
            values,
            classes,
            start,
            words,
            bits,
        } = *self;
        options.widen(bits);
        for (offset, packed) in packed.chunks_mut(words).enumerate() {
            let heap = first + offset;
            options.clear();
            for class in classes {
                for &take in class.takes.iter().take_while(|&&k| k + 2 <= heap) {
                    let rest = heap - take;
                    // Both parts below `start`: a ≥ rest − start + 1.
                    let low = (rest + 1).saturating_sub(start).max(1);
                    let first_rare = class.rare_below(low);
                    let last_rare = class.rare_below(rest);
                    class.insert_listed_splits(options, values, rest, first_rare..last_rare);
                    let high = PRESCAN_SPLITS.min(rest / 2);
                    if low <= high {
                        let smaller = &values[low..=high];
                        let larger = &values[rest - high..=rest - low];
                        options.insert_splits(smaller, larger);
                    }
                }
            }
            options.pack_into(packed);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::octal::{OctalCode, values as plain_values};
    use crate::games::octal_fast::SparseEngine;

    fn plain(code: &OctalCode, count: usize) -> Vec<u16> {
        plain_values(code, count)
            .iter()
            .map(|&v| u16::try_from(v).unwrap())
            .collect()
    }

    #[test]
    fn shared_blocks_give_the_plain_values_on_one_thread_and_two() {
        // Learned masks (·6 and ·007 list hundreds of rare heaps by 8,192),
        // and mask 0, which lists every heap and so shares every block.
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                for text in ["·6", "·007", "·77", "·16", "4·07", "·0537"] {
                    let code = OctalCode::parse(text).unwrap();
                    let count = 12_000;
                    let mut learned = SparseEngine::new(&code).with_parallel(true);
                    learned.extend_to(count).unwrap();
                    assert_eq!(learned.values(), &plain(&code, count)[..], "{text}");
                    let mut everything_rare = SparseEngine::new(&code).with_parallel(true);
                    everything_rare.fix_masks([0, 0]);
                    everything_rare.extend_to(3000).unwrap();
                    assert_eq!(everything_rare.values(), &plain(&code, 3000)[..], "{text}");
                }
            });
        }
    }
}
