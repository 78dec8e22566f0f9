//! Both cores on one sequence: the sparse-space engine's work for a block
//! of heaps, done ahead on every thread, then finished in order on one.
//!
//! For a heap `n`, almost all of the work reads values far below `n`: its
//! rare splits `g(a) ^ g(rest − a)` (one per listed rare heap `a` and
//! splitting take) and the scan of its common pairs, which starts at the
//! small splits `a = 1, 2, …` whose larger part is `rest − a`, close to `n`
//! but, past the first few, below the block. So, for the heaps of a block,
//! every move whose parts are all below `known` (a heap count already done)
//! is read *ahead*, on any thread and in any order: the set of those
//! options, its least absent value, and the scan of the common pairs until
//! that value is one no common pair can give (the rare/common rule of
//! [`super`]): a speculation. It is exact as far as it goes, because every
//! option it adds is a real option of `n`.
//!
//! Then the heaps are finished one by one, in order, on one thread: the
//! moves with a part at `known` or above (the moves that leave one heap of
//! the last few sizes, and the splits `a ≤ rest − known`, at most two
//! blocks of them) go into the speculated set, and the least absent value
//! from the speculated one on is the answer, unless it is one that common
//! pairs could give; then the scan goes on from where the speculation left
//! it. Of those splits only the ones with a rare part are read at first,
//! the common ones only when the candidate is one they could give, as the
//! one-heap loop reads its own. Every move of `n` is read in one of the two
//! parts, and no common pair is skipped while the candidate could come from
//! it, so the values are those of the one-heap loop, whatever the threads.
//!
//! The two parts overlap: while one thread finishes block `k`, the other
//! threads speculate block `k + 1` (reading only values below block `k`,
//! which are fixed), and the finishing thread joins them when done. The
//! finishing is a few percent of the work (·6 to 4·10^6: 3.5 % of a
//! profile's samples, and 1.5 % of the heaps scan on past the
//! speculation), so both cores stay busy. Reading every split of the
//! finish's range, rare or common, made it 41 % of a profile of ·354 on two
//! threads, where sharing then never paid, and held ·6 to 1.39–1.65 times
//! one thread.
//!
//! Memory: a speculation keeps a bit per possible value for each of its
//! heaps, `BLOCK_HEAPS · 2^b / 8` bytes for values below `2^b` (16 KB for
//! ·6, whose values stay below 512; 2 MB at the very most), two at once.
//! Packed, a heap's set crosses from the thread that read it ahead to the
//! finishing one in an eighth of the cache lines.
//!
//! A block never crosses a learning of the masks (a speculation reads the
//! masks and rare lists; a block that ends at a learning is not overlapped
//! with the next), and blocks are used from heap [`FIRST_SHARED_HEAP`] on,
//! where a heap's rare splits are enough to pay for handing work over
//! ([`SHARED_SPLITS`]) and every split's smaller part is below `known`.

use std::sync::Mutex;

use super::parity_class::insert_listed_pairs;
use super::{ParityClass, SparseEngine, scan_pairs};
use crate::games::octal_memory::{EngineStop, ValueTooLarge};
use crate::games::octal_moves::MoveTable;
use crate::games::octal_options::OptionFlags;

/// Heaps in one block.
const BLOCK_HEAPS: usize = 256;

/// Rare splits per heap (over every take) from which blocks are shared.
const SHARED_SPLITS: usize = 256;

/// Blocks start here at the earliest: a speculation for heaps below
/// `known + 2·BLOCK_HEAPS` then reads only smaller parts below `known`.
const FIRST_SHARED_HEAP: usize = 4 * BLOCK_HEAPS;

/// The option sets of the threads that speculate (made when first needed;
/// a lock each, never contended: a thread takes its own).
#[derive(Debug, Default)]
pub(super) struct Helpers(Vec<Helper>);

/// One thread's option set, on cache lines of its own: the set's count of
/// reads, written at every read, must not share a line with the next set's.
#[derive(Debug)]
#[repr(align(128))]
struct Helper(Mutex<OptionFlags>);

impl Helper {
    fn new() -> Self {
        Helper(Mutex::new(OptionFlags::new()))
    }
}

impl Helpers {
    /// The split pairs the helpers' sets have read.
    pub(super) fn reads(&self) -> u64 {
        self.0
            .iter()
            .map(|set| set.0.lock().map_or(0, |set| set.reads()))
            .sum()
    }
}

impl Clone for Helpers {
    /// Scratch space: a clone starts without any (made again when needed).
    fn clone(&self) -> Self {
        Helpers::default()
    }
}

/// What was read ahead for the heaps `first .. first + candidates.len()`:
/// for each, its options among the moves whose parts are all below `known`
/// (packed eight to a byte, `width` bytes each), the least value absent
/// from them that common pairs cannot give, and where its scan of every
/// take stopped.
#[derive(Default)]
struct Speculation {
    first: usize,
    known: usize,
    width: usize,
    flags: Vec<u8>,
    candidates: Vec<u32>,
    cursors: Vec<usize>,
}

impl Speculation {
    fn end(&self) -> usize {
        self.first + self.candidates.len()
    }
}

/// The heaps of a speculation not yet taken by a thread: from `heap` on,
/// their flags, candidates and cursors.
struct Unclaimed<'a> {
    heap: usize,
    flags: &'a mut [u8],
    candidates: &'a mut [u32],
    cursors: &'a mut [usize],
}

impl<'a> Unclaimed<'a> {
    /// Takes the next heaps for one thread of `threads`: a share of what is
    /// left (a `2·threads`-th of it, at least one heap), so the claims come
    /// large at first and one heap at a time at the end, where the threads
    /// then finish within a heap of each other. A claim a heap or two
    /// (each one a locked count and a lock that both cores wrote by turns)
    /// was a tenth of the speculation's profile on ·6 on two threads.
    fn claim(&mut self, threads: usize, width: usize) -> Option<Unclaimed<'a>> {
        let left = self.candidates.len();
        if left == 0 {
            return None;
        }
        let heaps = left.div_ceil(2 * threads);
        let cursor_count = self.cursors.len() / left;
        let (flags, rest_flags) = std::mem::take(&mut self.flags).split_at_mut(heaps * width);
        let (candidates, rest_candidates) =
            std::mem::take(&mut self.candidates).split_at_mut(heaps);
        let (cursors, rest_cursors) =
            std::mem::take(&mut self.cursors).split_at_mut(heaps * cursor_count);
        let claimed = Unclaimed {
            heap: self.heap,
            flags,
            candidates,
            cursors,
        };
        *self = Unclaimed {
            heap: self.heap + heaps,
            flags: rest_flags,
            candidates: rest_candidates,
            cursors: rest_cursors,
        };
        Some(claimed)
    }
}

/// Runs `work` once on each of `threads` threads (as many as join finds).
fn spread(threads: usize, work: &(impl Fn() + Sync)) {
    if threads <= 1 {
        work();
    } else {
        let half = threads / 2;
        crate::parallel::join(|| spread(half, work), || spread(threads - half, work));
    }
}

/// What a speculation reads: the values and rare lists as they stand, and
/// the moves.
struct Ahead<'a> {
    values: &'a [u16],
    classes: &'a [ParityClass],
    moves: &'a MoveTable,
    bits: u32,
    cursor_count: usize,
    helpers: &'a [Helper],
}

impl Ahead<'_> {
    /// Reads ahead for the heaps `first .. end`, every part below
    /// `values.len()`, the heaps shared among rayon's threads.
    /// `buffer`, a speculation done with, is reused (every entry is written
    /// again), so a run allocates two of them, not one per block.
    fn speculate(&self, first: usize, end: usize, buffer: Option<Speculation>) -> Speculation {
        let known = self.values.len();
        let heaps = end - first;
        // A heap's flags, packed eight to a byte.
        let width = (1usize << self.bits).div_ceil(8);
        let cursor_count = self.cursor_count.max(1);
        let Speculation {
            mut flags,
            mut candidates,
            mut cursors,
            ..
        } = buffer.unwrap_or_default();
        flags.resize(heaps * width, 0);
        candidates.resize(heaps, 0);
        cursors.resize(heaps * cursor_count, 0);
        // Each thread claims heaps from what is left until none is: the
        // threads end within a heap of each other. Split by rayon's adaptive
        // splitter, a block's last piece (up to an eighth of it) ran on one
        // thread while the other waited: on ·6 to 4·10^6, 0.6 s of the two
        // threads' 10.2 s; shortest of seven runs to 2·10^6, 2.54 s against
        // 2.65 s (one thread 4.52 s).
        let threads = crate::parallel::current_num_threads();
        let unclaimed = Mutex::new(Unclaimed {
            heap: first,
            flags: &mut flags,
            candidates: &mut candidates,
            cursors: &mut cursors,
        });
        let work = || {
            let thread = crate::parallel::current_thread_index().unwrap_or(0) % self.helpers.len();
            let mut options = self.helpers[thread]
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            options.widen(self.bits);
            // A heap's scan moves its cursors block by block: kept here and
            // copied out once the heap is done, since the next heaps' cursors,
            // another thread's, may share their cache line.
            let mut scan_places = vec![0; cursor_count];
            loop {
                let claimed = unclaimed
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .claim(threads, width);
                let Some(claimed) = claimed else {
                    break;
                };
                let heaps = claimed
                    .flags
                    .chunks_mut(width)
                    .zip(claimed.candidates.iter_mut())
                    .zip(claimed.cursors.chunks_mut(cursor_count));
                for (offset, ((flags, candidate), cursors)) in heaps.enumerate() {
                    *candidate = self.one(claimed.heap + offset, &mut options, &mut scan_places);
                    cursors.copy_from_slice(&scan_places);
                    options.pack_into(flags);
                }
            }
        };
        spread(threads, &work);
        Speculation {
            first,
            known,
            width,
            flags,
            candidates,
            cursors,
        }
    }

    /// Reads ahead for one heap into `options`, leaving each take's scan
    /// place in `cursors`; returns the candidate.
    fn one(&self, heap: usize, options: &mut OptionFlags, cursors: &mut [usize]) -> u32 {
        let Ahead {
            values,
            classes,
            moves,
            ..
        } = *self;
        let known = values.len();
        options.clear();
        if moves.ending.contains(&heap) {
            options.insert(0);
        }
        for &take in moves.leaving_one.iter().take_while(|&&k| k < heap) {
            if heap - take < known {
                options.insert(values[heap - take]);
            }
        }
        for class in classes {
            for (place, &take) in class.takes.iter().enumerate() {
                if take + 2 > heap {
                    break;
                }
                let rest = heap - take;
                // Both parts below `known`: a ≥ rest − known + 1.
                let low = (rest + 1).saturating_sub(known).max(1);
                let rare = class.rare_below(low)..class.rare_below(rest);
                class.insert_listed_splits(options, values, rest, rare);
                cursors[class.first_cursor + place] = low;
            }
        }
        let candidate = options.least_absent_from(0);
        scan_pairs(values, classes, options, cursors, heap, candidate)
    }
}

impl SparseEngine {
    /// Whether the next heaps go in shared blocks.
    pub(super) fn shares_blocks(&self) -> bool {
        let splits: usize = self
            .classes
            .iter()
            .map(|class| class.rare_heaps.len().saturating_mul(class.takes.len()))
            .sum();
        self.sharing != super::Sharing::Never
            && self.values.len() >= FIRST_SHARED_HEAP
            && splits >= SHARED_SPLITS
            && crate::parallel::current_num_threads() >= 2
    }

    /// Where a block from heap `start` ends: at most [`BLOCK_HEAPS`] on, at
    /// `count`, and at the next learning of the masks.
    fn block_end(&self, start: usize, count: usize) -> usize {
        let mut end = count.min(start + BLOCK_HEAPS);
        if self.learning && self.next_learning > start {
            end = end.min(self.next_learning);
        }
        end
    }

    /// Computes heaps up to `count − 1` in shared blocks, each finished
    /// while the next is read ahead.
    pub(super) fn extend_shared(&mut self, count: usize) -> Result<(), EngineStop> {
        let threads = crate::parallel::current_num_threads();
        if self.helpers.0.len() < threads {
            self.helpers.0.resize_with(threads, Helper::new);
        }
        let mut pending: Option<Speculation> = None;
        let mut spare: Option<Speculation> = None;
        while self.values.len() < count {
            let start = self.values.len();
            let end = self.block_end(start, count);
            let next_end = self.block_end(end, count);
            // The masks are learned after a block that ends where they are
            // due: nothing is read ahead across it.
            let learns = self.learning && end == self.next_learning;
            let overlap = end < count && !learns;
            let SparseEngine {
                values,
                classes,
                moves,
                bits,
                cursors,
                options,
                helpers,
                ..
            } = self;
            let ahead = Ahead {
                values,
                classes,
                moves,
                bits: *bits,
                cursor_count: cursors.len(),
                helpers: &helpers.0,
            };
            let speculation = match pending.take() {
                Some(speculation) if speculation.first == start && speculation.end() == end => {
                    speculation
                }
                _ => ahead.speculate(start, end, spare.take()),
            };
            let finish = Finish {
                values,
                classes,
                moves,
                options,
                cursors,
                scanned_on: 0,
            };
            let buffer = spare.take();
            let ((fresh, scanned_on), next) = crate::parallel::join(
                || finish.block(&speculation),
                || overlap.then(|| ahead.speculate(end, next_end, buffer)),
            );
            spare = Some(speculation);
            self.shared.heaps += fresh.len();
            self.shared.scanned_on += scanned_on;
            for (offset, &value) in fresh.iter().enumerate() {
                let heap = start + offset;
                let stored = u16::try_from(value).map_err(|_| ValueTooLarge { heap })?;
                self.record(heap, stored)?;
            }
            pending = next;
        }
        Ok(())
    }
}

/// What finishing a block reads and works in.
struct Finish<'a> {
    values: &'a [u16],
    classes: &'a [ParityClass],
    moves: &'a MoveTable,
    options: &'a mut OptionFlags,
    cursors: &'a mut [usize],
    /// Heaps whose scan went on past the speculation's.
    scanned_on: usize,
}

/// The values from a speculation's `known` on, the block's appended as
/// they are found, and each class's rare heaps among them: the larger parts
/// of the splits a finish reads.
struct Recent {
    known: usize,
    values: Vec<u16>,
    /// Per class, the rare heaps from `known` on and their values.
    rare: Vec<(Vec<u32>, Vec<u16>)>,
}

impl Recent {
    /// The values from `known` on of `values`, listed under the classes'
    /// masks (which a block never sees change).
    fn new(values: &[u16], known: usize, classes: &[ParityClass]) -> Recent {
        let mut recent = Recent {
            known,
            values: Vec::with_capacity(values.len() - known + BLOCK_HEAPS),
            rare: vec![(Vec::new(), Vec::new()); classes.len()],
        };
        for &value in &values[known..] {
            recent.push(value, classes);
        }
        recent
    }

    /// Appends the next heap's value.
    fn push(&mut self, value: u16, classes: &[ParityClass]) {
        let heap = self.known + self.values.len();
        self.values.push(value);
        for (class, (heaps, values)) in classes.iter().zip(&mut self.rare) {
            if class.is_rare(heap, u32::from(value)) {
                heaps.push(heap as u32);
                values.push(value);
            }
        }
    }
}

impl Finish<'_> {
    /// Finishes the speculated heaps in order (every value below them
    /// known, in `values` or found here) and returns their values; it stops
    /// at a value past `u16`; and how many heaps scanned on.
    fn block(mut self, speculation: &Speculation) -> (Vec<u32>, usize) {
        let mut recent = Recent::new(self.values, speculation.known, self.classes);
        let mut found = Vec::with_capacity(speculation.candidates.len());
        let cursor_count = self.cursors.len().max(1);
        for (offset, &candidate) in speculation.candidates.iter().enumerate() {
            let heap = speculation.first + offset;
            let flags = &speculation.flags[offset * speculation.width..][..speculation.width];
            let cursors = &speculation.cursors[offset * cursor_count..][..self.cursors.len()];
            let value = self.one(heap, &recent, flags, candidate, cursors);
            found.push(value);
            match u16::try_from(value) {
                Ok(value) => recent.push(value, self.classes),
                Err(_) => break,
            }
            // Splits with this heap as a part are read from the next heap
            // on: the set must hold their XORs.
            self.options.widen(32 - value.leading_zeros());
        }
        (found, self.scanned_on)
    }

    /// Finishes heap `heap`: the moves with a part at `recent.known` or
    /// above, then the scan from where the speculation left it. Of the
    /// splits `a = 1 ..= last` whose larger part is that recent, only those
    /// with a rare part are read at first, as the one-heap loop reads; the
    /// common pairs among them only when the least absent value is one
    /// they could give (a few heaps in a hundred). Reading all of them
    /// every heap, on this one thread, held two threads to 1.39–1.65 times
    /// one on ·6 to 10^7.
    fn one(
        &mut self,
        heap: usize,
        recent: &Recent,
        flags: &[u8],
        candidate: u32,
        cursors: &[usize],
    ) -> u32 {
        let known = recent.known;
        let options = &mut *self.options;
        options.unpack(flags);
        for &take in self.moves.leaving_one.iter().take_while(|&&k| k < heap) {
            if heap - take >= known {
                options.insert(recent.values[heap - take - known]);
            }
        }
        let mut common_left = false;
        for (class, (rare_heaps, rare_values)) in self.classes.iter().zip(&recent.rare) {
            for &take in class.takes.iter().take_while(|&&k| k + 2 <= heap) {
                let rest = heap - take;
                let last = recent_splits(rest, known);
                if last == 0 {
                    continue;
                }
                common_left = true;
                // The rare smaller parts, listed in the class, against the
                // recent larger parts; then the recent rare larger parts,
                // from `rest − last` up to `rest`, against the smaller.
                let small = class.rare_below(last + 1);
                insert_listed_pairs(
                    options,
                    &class.rare_heaps[..small],
                    &class.rare_values[..small],
                    &recent.values,
                    known,
                    rest,
                );
                let from = rare_heaps.partition_point(|&b| (b as usize) < rest - last);
                let to = rare_heaps.partition_point(|&b| (b as usize) < rest);
                insert_listed_pairs(
                    options,
                    &rare_heaps[from..to],
                    &rare_values[from..to],
                    self.values,
                    0,
                    rest,
                );
            }
        }
        let mut candidate = options.least_absent_from(candidate);
        if common_left
            && self
                .classes
                .iter()
                .any(|class| class.is_rare(heap, candidate))
        {
            self.read_recent_common(heap, recent);
            candidate = self.options.least_absent_from(candidate);
        }
        self.cursors.copy_from_slice(cursors);
        if self.could_scan_on(heap, candidate) {
            self.scanned_on += 1;
        }
        scan_pairs(
            &self.values[..known],
            self.classes,
            self.options,
            self.cursors,
            heap,
            candidate,
        )
    }

    /// Reads every split `a = 1 ..= last` of heap `heap` whose larger part
    /// is recent, rare or common (the rare ones again).
    fn read_recent_common(&mut self, heap: usize, recent: &Recent) {
        let known = recent.known;
        for class in self.classes {
            for &take in class.takes.iter().take_while(|&&k| k + 2 <= heap) {
                let rest = heap - take;
                let last = recent_splits(rest, known);
                if last >= 1 {
                    let larger = &recent.values[rest - last - known..rest - known];
                    self.options.insert_splits(&self.values[1..=last], larger);
                }
            }
        }
    }

    /// Whether the scan has common pairs left that could give `candidate`.
    fn could_scan_on(&self, heap: usize, candidate: u32) -> bool {
        self.classes.iter().any(|class| {
            class.takes.iter().enumerate().any(|(place, &take)| {
                take + 2 <= heap
                    && class.is_rare(heap, candidate)
                    && self.cursors[class.first_cursor + place] <= (heap - take) / 2
            })
        })
    }
}

/// How many splits `a = 1, 2, …` of `rest` have their larger part
/// `rest − a` at `known` or above: the finish's, at most half of `rest`.
fn recent_splits(rest: usize, known: usize) -> usize {
    rest.saturating_sub(known).min(rest / 2)
}

#[cfg(test)]
mod tests {
    use super::{Ahead, FIRST_SHARED_HEAP, Finish, Helper, Recent, Unclaimed};
    use crate::games::octal::{OctalCode, values as plain_values};
    use crate::games::octal_fast::{SharedCounts, SparseEngine};
    use crate::games::octal_moves::MoveTable;
    use crate::games::octal_options::OptionFlags;

    #[cfg(feature = "parallel")]
    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    fn plain(code: &OctalCode, count: usize) -> Vec<u16> {
        plain_values(code, count)
            .iter()
            .map(|&v| u16::try_from(v).unwrap())
            .collect()
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn shared_blocks_give_the_plain_values_on_one_thread_and_two() {
        // Learned masks (·6 and ·007 list hundreds of rare heaps by 8,192),
        // and mask 0, which lists every heap and so shares every block.
        for threads in [1, 2] {
            let mut shared = SharedCounts::default();
            pool(threads).install(|| {
                for text in ["·6", "·007", "·77", "·16", "4·07", "·0537", "·37"] {
                    let code = OctalCode::parse(text).unwrap();
                    let count = 12_000;
                    let mut learned = SparseEngine::new(&code).sharing_always();
                    learned.extend_to(count).unwrap();
                    assert_eq!(learned.values(), &plain(&code, count)[..], "{text}");
                    let mut everything_rare = SparseEngine::new(&code).sharing_always();
                    everything_rare.fix_masks([0, 0]).unwrap();
                    everything_rare.extend_to(3000).unwrap();
                    assert_eq!(everything_rare.values(), &plain(&code, 3000)[..], "{text}");
                    for counts in [learned.shared(), everything_rare.shared()] {
                        shared.heaps += counts.heaps;
                        shared.scanned_on += counts.scanned_on;
                    }
                }
            });
            if threads == 1 {
                assert_eq!(shared, SharedCounts::default(), "one thread never shares");
            } else {
                // Both parts of a shared heap were used: heaps finished from
                // the speculation alone, and heaps whose scan went on.
                assert!(shared.heaps > 40_000, "{shared:?}");
                assert!(shared.scanned_on > 100, "{shared:?}");
                assert!(shared.scanned_on < shared.heaps / 4, "{shared:?}");
            }
        }
    }

    #[test]
    fn a_speculation_is_claimed_in_few_pieces_ending_one_heap_at_a_time() {
        // Every heap once, in order, in few claims (each claim is a lock
        // that both cores take by turns), the last ones a heap each.
        for (heaps, threads, most) in [(256, 2, 20), (256, 4, 32), (7, 2, 7), (1, 8, 1)] {
            let cursor_count = 3;
            let (mut flags, mut candidates) = (vec![0u8; heaps * 4], vec![0u32; heaps]);
            let mut cursors = vec![0usize; heaps * cursor_count];
            let mut unclaimed = Unclaimed {
                heap: 1000,
                flags: &mut flags,
                candidates: &mut candidates,
                cursors: &mut cursors,
            };
            let mut sizes = Vec::new();
            while let Some(claimed) = unclaimed.claim(threads, 4) {
                let size = claimed.candidates.len();
                assert_eq!(claimed.heap, 1000 + sizes.iter().sum::<usize>());
                assert_eq!(claimed.flags.len(), 4 * size);
                assert_eq!(claimed.cursors.len(), cursor_count * size);
                sizes.push(size);
            }
            assert_eq!(sizes.iter().sum::<usize>(), heaps, "{sizes:?}");
            assert!(sizes.len() <= most, "{heaps} heaps, {threads}: {sizes:?}");
            assert_eq!(sizes.last(), Some(&1), "{sizes:?}");
            assert!(sizes.windows(2).all(|pair| pair[0] >= pair[1]), "{sizes:?}");
        }
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn the_finish_reads_the_rare_splits_and_few_common_ones() {
        // The finish runs on one thread: what it reads bounds two threads'
        // speed. ·6 to 40,000 heaps, every block shared: the finish reads
        // its range's splits with a rare part, and the common ones for the
        // few heaps whose candidate they could give.
        let code = OctalCode::parse("·6").unwrap();
        pool(2).install(|| {
            let mut engine = SparseEngine::new(&code).sharing_always();
            engine.extend_to(FIRST_SHARED_HEAP).unwrap();
            let before = engine.options.reads();
            engine.extend_to(40_000).unwrap();
            let shared = engine.shared().heaps;
            let per_heap = (engine.options.reads() - before) / shared as u64;
            // 153 a heap; 409 when the finish read every split.
            assert!(shared > 30_000, "{shared}");
            assert!(per_heap < 200, "{per_heap}");
        });
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn a_block_whose_values_outgrow_the_speculated_sets_is_exact() {
        // ·37's values stay below 64 up to the first shared block and pass
        // 128 by heap 6,000: sets are widened within blocks, after the
        // speculation of the next block was sized.
        let code = OctalCode::parse("·37").unwrap();
        let plain = plain(&code, 6000);
        assert!(plain[..FIRST_SHARED_HEAP].iter().all(|&v| v < 64));
        assert!(plain.iter().any(|&v| v >= 128));
        pool(2).install(|| {
            let mut engine = SparseEngine::new(&code).sharing_always();
            engine.fix_masks([0, 0]).unwrap();
            engine.extend_to(6000).unwrap();
            assert_eq!(engine.values(), &plain[..]);
            assert!(engine.shared().heaps > 4000);
        });
    }

    /// Speculates heaps `start .. start + heaps` from the first `known`
    /// values, finishes them, and compares them with the plain loop's.
    fn speculate_and_finish(text: &str, masks: Option<[u32; 2]>, known: usize, lead: usize) {
        let heaps = 64;
        let start = known + lead;
        let code = OctalCode::parse(text).unwrap();
        let plain = plain(&code, start + heaps);
        let mut engine = SparseEngine::new(&code);
        if let Some(masks) = masks {
            engine.fix_masks(masks).unwrap();
        }
        engine.extend_to(known).unwrap();
        let helpers = vec![Helper::new()];
        let ahead = Ahead {
            values: &engine.values,
            classes: &engine.classes,
            moves: &engine.moves,
            bits: engine.bits,
            cursor_count: engine.cursors.len(),
            helpers: &helpers,
        };
        let speculation = ahead.speculate(start, start + heaps, None);
        let mut options = OptionFlags::new();
        let largest = plain[..start].iter().max().copied().unwrap_or(0);
        options.widen(16 - largest.leading_zeros());
        let mut cursors = engine.cursors.clone();
        let finish = Finish {
            values: &plain[..start],
            classes: &engine.classes,
            moves: &engine.moves,
            options: &mut options,
            cursors: &mut cursors,
            scanned_on: 0,
        };
        let (found, _) = finish.block(&speculation);
        let expected: Vec<u32> = plain[start..].iter().map(|&v| u32::from(v)).collect();
        assert_eq!(
            found, expected,
            "{text} {masks:?} known {known} lead {lead}"
        );
    }

    #[test]
    fn a_speculation_finished_from_any_distance_gives_the_plain_values() {
        // Every move of a heap is read once, in the speculation (all parts
        // below `known`) or in the finish (a part at `known` or above),
        // whatever the distance from `known` to the block: leads 0 and 1
        // put the first splits and the moves that leave one heap right at
        // the border, for takes of every size (·3777777 takes up to 7).
        for text in ["·6", "·37", "·3777777", "·0537", "4·07", "·007", "·16"] {
            for masks in [None, Some([0, 0]), Some([5, 3])] {
                for known in [700, 1500] {
                    for lead in [0, 1, 2, 3, 6, 7, 8, 64, 255] {
                        speculate_and_finish(text, masks, known, lead);
                    }
                }
            }
        }
    }

    /// The option set of heap `heap` over any `values`: every move, read
    /// one by one.
    fn every_option(moves: &MoveTable, values: &[u16], heap: usize) -> Vec<bool> {
        let mut set = vec![false; 1 << 16];
        if moves.ending.contains(&heap) {
            set[0] = true;
        }
        for &take in moves.leaving_one.iter().filter(|&&k| k < heap) {
            set[usize::from(values[heap - take])] = true;
        }
        for &take in moves.splitting_takes().iter().filter(|&&k| k + 2 <= heap) {
            let rest = heap - take;
            for a in 1..=rest / 2 {
                set[usize::from(values[a] ^ values[rest - a])] = true;
            }
        }
        set
    }

    #[test]
    fn the_speculation_and_the_finish_read_every_move_between_them() {
        // Not Grundy values but random ones, 12 bits wide, so that nearly
        // every move gives a value no other move of its heap gives: a move
        // that neither part reads then shows as a missing value. After the
        // finish, the pairs its scan left unread are added, and the set
        // must be the heap's whole option set.
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        let mut random = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 52) as u16
        };
        let values: Vec<u16> = (0..1200).map(|_| random()).collect();
        for text in ["·6", "·37", "·3777777", "·0537", "4·07", "·007"] {
            let code = OctalCode::parse(text).unwrap();
            for masks in [[0, 0], [5, 3], [1, 2]] {
                let known = 700;
                let mut engine = SparseEngine::new(&code);
                engine.values = values[..known].to_vec();
                engine.bits = 12;
                engine.fix_masks(masks).unwrap();
                let helpers = vec![Helper::new()];
                let ahead = Ahead {
                    values: &engine.values,
                    classes: &engine.classes,
                    moves: &engine.moves,
                    bits: 12,
                    cursor_count: engine.cursors.len(),
                    helpers: &helpers,
                };
                let mut options = OptionFlags::new();
                let mut finish_options = OptionFlags::new();
                finish_options.widen(12);
                let mut cursors = engine.cursors.clone();
                let mut finish_cursors = engine.cursors.clone();
                for heap in known..known + 300 {
                    options.widen(12);
                    let candidate = ahead.one(heap, &mut options, &mut cursors);
                    let mut flags = vec![0u8; 1 << 9];
                    options.pack_into(&mut flags);
                    let mut finish = Finish {
                        values: &values[..known],
                        classes: &engine.classes,
                        moves: &engine.moves,
                        options: &mut finish_options,
                        cursors: &mut finish_cursors,
                        scanned_on: 0,
                    };
                    let recent = Recent::new(&values[..heap], known, &engine.classes);
                    finish.one(heap, &recent, &flags, candidate, &cursors);
                    // The pairs left unread: past each take's cursor, and
                    // the common ones (neither part rare) with a recent
                    // larger part; every pair with a rare part was read.
                    for class in &engine.classes {
                        for (place, &take) in class.takes.iter().enumerate() {
                            if take + 2 > heap {
                                break;
                            }
                            let rest = heap - take;
                            let from = finish_cursors[class.first_cursor + place];
                            for a in from..=rest / 2 {
                                finish_options.insert(values[a] ^ values[rest - a]);
                            }
                            let common = |b: usize| !class.is_rare(b, u32::from(values[b]));
                            for a in 1..=rest.saturating_sub(known) {
                                if common(a) && common(rest - a) {
                                    finish_options.insert(values[a] ^ values[rest - a]);
                                }
                            }
                        }
                    }
                    let expected = every_option(&engine.moves, &values, heap);
                    for value in 0..1u32 << 12 {
                        assert_eq!(
                            finish_options.least_absent_from(value) != value,
                            expected[value as usize],
                            "{text} {masks:?} heap {heap}: option {value}"
                        );
                    }
                }
            }
        }
    }
}
