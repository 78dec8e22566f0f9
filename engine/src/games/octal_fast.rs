//! The sparse-space engine: Grundy values of take-and-break codes, exactly
//! those of the plain loop in [`crate::games::octal::values`], found by
//! looking at a small share of the splitting moves.
//!
//! **The method** (rare and common values: Gangolli and Plambeck, "A note on
//! periodicity in some octal games", IJGT 18, 1989, who used it to find the
//! period of ·16; Achim Flammenkamp's "sparse space" computations of octal
//! games; the position-parity refinement is the RC2 idea of Piotr Beling's
//! `ogs`). Write `ext(a) = 2·g(a) + (a mod 2)` and fix a bit mask `M`. For the
//! splitting takes of parity `d`, call heap `a` *rare* when
//! `popcount(M & (ext(a) ^ d))` is even, *common* otherwise. Any split
//! `rest = a + b` has `ext(a) ^ ext(b) = 2·(g(a) ^ g(b)) + (rest mod 2)`, so
//! two common parts give a value `v` with `popcount(M & (2v + (rest mod 2)))`
//! even. For the takes of parity `d` every `rest = n − k` has the parity of
//! `n + d`, and the test "could common pairs give `v`?" is exactly "would
//! heap `n` be rare with value `v`?".
//!
//! So for heap `n`: mark every option that does not split, and every split
//! with a rare part (the rare heaps are kept in a list); the least unmarked
//! value `c` is the answer unless it would make `n` rare for some parity
//! class, in which case the common pairs of that class are scanned until `c`
//! turns up (then the next unmarked value is tried) or the pairs run out.
//! This is exact for *every* mask: a bad mask only makes the rare list long
//! or the scans frequent (mask 0 makes every heap rare, which is the plain
//! loop twice over). Where the sparse space exists, rare heaps are few and
//! the answer is almost always common, so a heap costs about the rare count.
//!
//! **Choosing the mask.** Each class keeps the mask that makes the fewest
//! heaps rare so far. For all `M` at once that count is `(N + W(M))/2`, `W`
//! the Walsh–Hadamard transform of the histogram of `ext(a)` (times
//! `(−1)^{M_0·d}` for class `d`), so one transform of a table of a few
//! thousand entries picks the best mask. It is learned again at every power
//! of two and every 65,536 heaps, when the rare list is rebuilt.
//!
//! **Memory**: values are `u16` (2 bytes per value); the rare lists hold a
//! `u32` heap per rare heap and class, and the histogram `4·2^(b+1)` bytes
//! for values below `2^b`. A value of 65,536 or more stops the engine with
//! [`ValueTooLarge`]; [`fast_values`] then falls back to the plain loop. The
//! values are reserved once a step and the rare lists as they fill, both
//! fallibly: memory refused stops the engine with
//! [`crate::games::octal_memory::MemoryRefused`], not an abort.

use crate::games::octal::{OctalCode, values as plain_values};
use crate::games::octal_memory::{EngineStop, MemoryRefused, ValueTooLarge, reserve};
use crate::games::octal_moves::MoveTable;
use crate::games::octal_options::OptionFlags;
use crate::sequence::Value;

mod blocks;
mod pace;
mod parity_class;
mod verify;

/// Whether the heaps of a block are shared among threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sharing {
    /// One thread (the browser's module; a run asked for one).
    Never,
    /// Where it pays, as measured ([`pace`]).
    Measured,
    /// Wherever it can (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Always,
}

use parity_class::ParityClass;
pub use verify::{WrongValue, first_wrong};

/// Pairs read from one take before the next take's turn: the first block,
/// doubling each turn up to the largest. A block is read without a branch
/// (XOR and store), and the candidate is moved on after it.
const FIRST_SCAN_BLOCK: usize = 32;
const MAX_SCAN_BLOCK: usize = 1024;

/// Heaps between two learnings of the masks once past the powers of two.
const RELEARN_EVERY: usize = 1 << 16;

/// The incremental sparse-space engine for one code.
#[derive(Debug, Clone)]
pub struct SparseEngine {
    moves: MoveTable,
    values: Vec<u16>,
    classes: Vec<ParityClass>,
    /// `histogram[ext(a)]` over heaps `a ≥ 1`.
    histogram: Vec<u32>,
    /// Values so far are below `2^bits`.
    bits: u32,
    options: OptionFlags,
    /// The next unread split of each splitting take during one heap's scan.
    cursors: Vec<usize>,
    next_learning: usize,
    /// False when the masks were fixed by hand (tests of exactness).
    learning: bool,
    /// Whether the rare lists hold every rare heap under the masks: not
    /// after [`SparseEngine::resume`] until the next extension lists them.
    listed: bool,
    /// Whether a block's rare splits may be shared among rayon's threads.
    sharing: Sharing,
    /// Whether sharing pays, as measured ([`Sharing::Measured`]).
    pace: pace::Pace,
    /// One option set per thread for shared blocks (made when first
    /// needed; a lock each, never contended: a thread takes its own).
    helpers: blocks::Helpers,
    /// Heaps computed in shared blocks, and how many of them needed more of
    /// the scan of common pairs than was read ahead.
    shared: SharedCounts,
}

/// How a run's heaps went through shared blocks ([`SparseEngine::shared`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SharedCounts {
    /// Heaps computed in shared blocks.
    pub heaps: usize,
    /// Of those, heaps whose scan of common pairs went on after the
    /// speculation (the one-thread part's only long work).
    pub scanned_on: usize,
}

impl SparseEngine {
    /// An engine with no values yet, masks 0 until the first learning.
    pub fn new(code: &OctalCode) -> Self {
        SparseEngine::with_moves(MoveTable::of(code))
    }

    /// An engine for any move table (octal or hexadecimal digits).
    pub fn with_moves(moves: MoveTable) -> Self {
        let classes: Vec<ParityClass> = (0..2)
            .filter(|&parity| !moves.leaving_two[parity].is_empty())
            .map(|parity| ParityClass {
                parity,
                takes: moves.leaving_two[parity].clone(),
                mask: 0,
                rare_heaps: Vec::new(),
                rare_values: Vec::new(),
                first_cursor: if parity == 0 {
                    0
                } else {
                    moves.leaving_two[0].len()
                },
            })
            .collect();
        let cursors = vec![1; moves.leaving_two[0].len() + moves.leaving_two[1].len()];
        SparseEngine {
            moves,
            values: Vec::new(),
            classes,
            histogram: vec![0; 4],
            bits: 1,
            options: OptionFlags::new(),
            cursors,
            next_learning: 64,
            learning: true,
            listed: true,
            sharing: Sharing::Never,
            pace: pace::Pace::default(),
            helpers: blocks::Helpers::default(),
            shared: SharedCounts::default(),
        }
    }

    /// Lets the engine share each block's rare splits among rayon's threads
    /// (the `blocks` module); the values are the same either way.
    /// Whether they are shared is measured as the run goes ([`pace`]):
    /// where the serial finishing of a block costs more than the second
    /// thread saves, the heaps run on one thread.
    pub fn with_parallel(mut self, parallel: bool) -> Self {
        self.sharing = if parallel {
            Sharing::Measured
        } else {
            Sharing::Never
        };
        self
    }

    /// Shares every block it can, measuring nothing (the tests of the
    /// shared path's exactness).
    #[cfg(test)]
    fn sharing_always(mut self) -> Self {
        self.sharing = Sharing::Always;
        self
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// How many heaps went through shared blocks so far.
    pub fn shared(&self) -> SharedCounts {
        self.shared
    }

    /// Split pairs read so far (rare parts listed, and common pairs
    /// scanned), on this thread and the helpers': the work a test bounds.
    /// A shared block's helpers may read ahead for heaps the pace then
    /// finishes otherwise, so the count can differ a little by threads.
    pub fn pairs_read(&self) -> u64 {
        self.options.reads() + self.helpers.reads()
    }

    /// The current mask of each parity class of splitting takes (even, odd);
    /// `None` for a class with no take.
    pub fn masks(&self) -> [Option<u32>; 2] {
        let mut masks = [None; 2];
        for class in &self.classes {
            masks[class.parity] = Some(class.mask);
        }
        masks
    }

    /// How many heaps each parity class lists as rare (even, odd).
    pub fn rare_counts(&self) -> [usize; 2] {
        let mut counts = [0; 2];
        for class in &self.classes {
            counts[class.parity] = class.rare_heaps.len();
        }
        counts
    }

    /// Fixes the masks (even class, odd class) and stops learning them: the
    /// values stay exact, only the speed depends on the masks.
    pub fn fix_masks(&mut self, masks: [u32; 2]) -> Result<(), MemoryRefused> {
        self.learning = false;
        for class in &mut self.classes {
            class.relist(masks[class.parity], &self.values)?;
        }
        Ok(())
    }

    /// Computes values up to heap `count − 1`.
    pub fn extend_to(&mut self, count: usize) -> Result<(), EngineStop> {
        if self.sharing != Sharing::Never {
            // The loop runs on a pool thread, so sharing a block's rare
            // splits is a join inside the pool, not a wake-up from outside.
            crate::parallel::scope(|_| self.extend_here(count))
        } else {
            self.extend_here(count)
        }
    }

    /// The values are reserved for the whole step first (the rare lists
    /// grow as they fill): a refusal stops the step before it computes.
    fn extend_here(&mut self, count: usize) -> Result<(), EngineStop> {
        let done = self.values.len();
        reserve(&mut self.values, count, done, count)?;
        if !self.listed {
            self.list_afresh()?;
        }
        while self.values.len() < count {
            let heap = self.values.len();
            if !self.moves.leaving_three.is_empty() {
                return Err(ValueTooLarge { heap }.into());
            }
            if self.shares_blocks() {
                if self.sharing == Sharing::Always {
                    self.extend_shared(count)?;
                    continue;
                }
                let step = self.pace.step(heap, count);
                let (done, took) = pace::timed(|| {
                    if step.shared {
                        self.extend_shared(step.end)
                    } else {
                        self.extend_serial(step.end)
                    }
                });
                self.pace.ran(step.shared, self.values.len() - heap, took);
                done?;
                continue;
            }
            self.extend_serial(heap + 1)?;
        }
        Ok(())
    }

    /// Computes heaps up to `count − 1` one by one, on this thread.
    fn extend_serial(&mut self, count: usize) -> Result<(), EngineStop> {
        while self.values.len() < count {
            let heap = self.values.len();
            let value = self.next_value(heap);
            let stored = u16::try_from(value).map_err(|_| ValueTooLarge { heap })?;
            self.record(heap, stored)?;
        }
        Ok(())
    }

    /// Lists every class's rare heaps afresh under its mask.
    fn list_afresh(&mut self) -> Result<(), MemoryRefused> {
        for class in &mut self.classes {
            class.relist(class.mask, &self.values)?;
        }
        self.listed = true;
        Ok(())
    }

    /// Stores heap `heap`'s value and keeps lists, histogram and masks
    /// current. The values' room was reserved for the step, and the room to
    /// list the heap is made before anything changes; after it, only a
    /// relisting at a learning can be refused, which keeps the old mask.
    fn record(&mut self, heap: usize, value: u16) -> Result<(), MemoryRefused> {
        if heap > 0 {
            for class in &mut self.classes {
                class.room_for(heap, value)?;
            }
        }
        self.count(heap, value);
        self.list(heap, value)
    }

    /// Stores heap `heap`'s value (counted already), lists it if rare, and
    /// learns the masks when it is time.
    fn list(&mut self, heap: usize, value: u16) -> Result<(), MemoryRefused> {
        self.values.push(value);
        if heap == 0 {
            return Ok(());
        }
        for class in &mut self.classes {
            class.note(heap, value);
        }
        if heap + 1 == self.next_learning && self.learning {
            self.next_learning = if self.next_learning < RELEARN_EVERY {
                self.next_learning * 2
            } else {
                self.next_learning + RELEARN_EVERY
            };
            self.learn_masks()?;
        }
        Ok(())
    }

    /// Widens the value range to hold `value` and counts heap `heap` in the
    /// histogram (heap 0, never a part of a split, is not counted).
    fn count(&mut self, heap: usize, value: u16) {
        let value = u32::from(value);
        if value >> self.bits != 0 {
            self.bits = 32 - value.leading_zeros();
            self.options.widen(self.bits);
            self.histogram.resize(1 << (self.bits + 1), 0);
        }
        if heap > 0 {
            self.histogram[(value << 1 | (heap & 1) as u32) as usize] += 1;
        }
    }

    /// An engine that goes on from `values` (heaps `0 .. values.len()`,
    /// computed by any engine): the histogram is counted and the masks are
    /// learned from them, as if this engine had computed them. The rare
    /// lists are made at the next extension, where their memory may be
    /// refused (as the dense engine makes its mirror).
    pub fn resume(moves: MoveTable, values: Vec<u16>) -> Self {
        let mut engine = SparseEngine::with_moves(moves);
        for (heap, &value) in values.iter().enumerate() {
            engine.count(heap, value);
        }
        engine.values = values;
        let transform = walsh_hadamard(&engine.histogram);
        for class in &mut engine.classes {
            class.mask = fewest_rare(&transform, class.parity).0;
        }
        engine.listed = false;
        let done = engine.values.len();
        while engine.next_learning <= done {
            engine.next_learning = if engine.next_learning < RELEARN_EVERY {
                engine.next_learning * 2
            } else {
                engine.next_learning + RELEARN_EVERY
            };
        }
        engine
    }

    /// The values computed so far, handed over without a copy.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// Picks each class's mask by the Walsh–Hadamard transform of the
    /// histogram and rebuilds its rare list if the mask changed. Under an
    /// unchanged mask the list, kept as the heaps came, is already right;
    /// rebuilding it at every learning read every value again each 65,536
    /// heaps, a quadratic cost that was a quarter of a run to 10^8 and
    /// stopped the other threads meanwhile.
    fn learn_masks(&mut self) -> Result<(), MemoryRefused> {
        let transform = walsh_hadamard(&self.histogram);
        for class in &mut self.classes {
            let mask = fewest_rare(&transform, class.parity).0;
            if mask != class.mask {
                class.relist(mask, &self.values)?;
            }
        }
        Ok(())
    }

    /// The value of heap `heap`, every earlier value known.
    fn next_value(&mut self, heap: usize) -> u32 {
        value_at(
            &self.moves,
            &self.values,
            &self.classes,
            &mut self.options,
            &mut self.cursors,
            heap,
        )
    }
}

/// The value of heap `heap` from the values below it (`values` holds at
/// least those; no value at or past `heap` is read) and the classes' rare
/// lists (only their heaps below each split's rest are read): the options
/// that do not split and the splits with a rare part marked, then the
/// common pairs scanned while they could give the least unmarked value.
/// `options` and `cursors` are working space.
fn value_at(
    moves: &MoveTable,
    values: &[u16],
    classes: &[ParityClass],
    options: &mut OptionFlags,
    cursors: &mut [usize],
    heap: usize,
) -> u32 {
    options.clear();
    if moves.ending.contains(&heap) {
        options.insert(0);
    }
    for &take in moves.leaving_one.iter().take_while(|&&k| k < heap) {
        options.insert(values[heap - take]);
    }
    for class in classes {
        for &take in class.takes.iter().take_while(|&&k| k + 2 <= heap) {
            class.insert_rare_splits(options, values, heap - take);
        }
    }
    let candidate = options.least_absent_from(0);
    cursors.fill(1);
    scan_pairs(values, classes, options, cursors, heap, candidate)
}

/// Scans the common pairs of every class whose common pairs could give the
/// candidate, until no class can: the exact fallback. The takes are read a
/// block at a time in turn (a value one take never gives may come at once
/// from another), and each keeps its place in `cursors` (the next unread
/// split `a` of each take, as the caller left it), so a pair is read at
/// most once per heap. Returns the least value not in the set that no
/// unread common pair can give.
fn scan_pairs(
    values: &[u16],
    classes: &[ParityClass],
    options: &mut OptionFlags,
    cursors: &mut [usize],
    heap: usize,
    mut candidate: u32,
) -> u32 {
    let mut block = FIRST_SCAN_BLOCK;
    loop {
        let mut read_any = false;
        for class in classes {
            for (place, &take) in class.takes.iter().enumerate() {
                if take + 2 > heap || !class.is_rare(heap, candidate) {
                    break;
                }
                let rest = heap - take;
                let cursor = &mut cursors[class.first_cursor + place];
                let block_end = (*cursor + block).min(rest / 2 + 1);
                if *cursor >= block_end {
                    continue;
                }
                read_any = true;
                let smaller = &values[*cursor..block_end];
                let larger = &values[rest + 1 - block_end..=rest - *cursor];
                options.insert_splits(smaller, larger);
                *cursor = block_end;
                candidate = options.least_absent_from(candidate);
            }
        }
        block = (block * 2).min(MAX_SCAN_BLOCK);
        if !read_any {
            return candidate;
        }
    }
}

/// The mask that makes the fewest heaps rare for the class of splitting
/// takes of parity `parity`, and how many it makes rare, from the transform
/// of the histogram of `ext(a)` over `heaps` heaps: `(heaps + W(M)·s)/2`,
/// where `s = −1` for the odd class and a mask with bit 0 set, else `1`.
pub(crate) fn fewest_rare(transform: &[i64], parity: usize) -> (u32, i64) {
    let signed = |mask: usize| -> i64 {
        if parity == 1 && mask & 1 == 1 {
            -transform[mask]
        } else {
            transform[mask]
        }
    };
    let best = (0..transform.len())
        .min_by_key(|&mask| (signed(mask), mask))
        .unwrap_or(0);
    (best as u32, signed(best))
}

/// The unnormalised Walsh–Hadamard transform: `W(M) = Σ_x h[x]·(−1)^{|M & x|}`.
pub(crate) fn walsh_hadamard(histogram: &[u32]) -> Vec<i64> {
    let mut transform: Vec<i64> = histogram.iter().map(|&h| i64::from(h)).collect();
    let mut width = 1;
    while width < transform.len() {
        for block in transform.chunks_mut(2 * width) {
            let (low, high) = block.split_at_mut(width);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        width *= 2;
    }
    transform
}

/// The values of heaps `0 .. count` by the sparse-space engine, equal to
/// [`crate::games::octal::values`] (which it falls back to past `u16`).
pub fn fast_values(code: &OctalCode, count: usize) -> Vec<Value> {
    let mut engine = SparseEngine::new(code);
    match engine.extend_to(count) {
        Ok(()) => engine.values().iter().map(|&v| Value::from(v)).collect(),
        Err(_) => plain_values(code, count),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed-seed generator (64-bit LCG): the same codes on every run.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, below: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % below
        }
    }

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    #[test]
    fn equal_to_the_plain_loop_on_every_three_digit_code_and_split_before_the_point() {
        for number in 0..512u32 {
            let digits = [
                (number >> 6) as u8,
                (number >> 3 & 7) as u8,
                (number & 7) as u8,
            ];
            for take_nothing in [0, 4] {
                let game = OctalCode::from_digits(take_nothing, &digits).unwrap();
                assert_eq!(fast_values(&game, 300), plain_values(&game, 300), "{game}");
            }
        }
    }

    #[test]
    fn equal_to_the_plain_loop_on_random_codes() {
        let mut generator = Lcg(0x5EED_0C7A_1000_0005);
        for _ in 0..300 {
            let length = 1 + generator.next(7) as usize;
            let digits: Vec<u8> = (0..length).map(|_| generator.next(8) as u8).collect();
            let take_nothing = if generator.next(4) == 0 { 4 } else { 0 };
            let game = OctalCode::from_digits(take_nothing, &digits).unwrap();
            assert_eq!(fast_values(&game, 700), plain_values(&game, 700), "{game}");
        }
    }

    #[test]
    fn exact_whatever_the_mask() {
        let mut generator = Lcg(17);
        for text in ["·16", "·6", "·77", "·137", "·007", "4·07", "·156"] {
            let game = code(text);
            let plain = plain_values(&game, 600);
            for _ in 0..12 {
                let masks = [generator.next(64) as u32, generator.next(64) as u32];
                let mut engine = SparseEngine::new(&game);
                engine.fix_masks(masks).unwrap();
                engine.extend_to(600).unwrap();
                let fast: Vec<Value> = engine.values().iter().map(|&v| v.into()).collect();
                assert_eq!(fast, plain, "{text} {masks:?}");
            }
        }
    }

    #[test]
    fn the_learned_mask_leaves_few_rare_heaps_on_sixteen() {
        // Gangolli–Plambeck's ·16 has a sparse space: after 20,000 heaps
        // only a small share is rare, while mask 0 would make every heap rare.
        let mut engine = SparseEngine::new(&code("·16"));
        engine.extend_to(20_000).unwrap();
        let [even, odd] = engine.rare_counts();
        assert_eq!(odd, 0, "·16 splits only after a take of 2, an even take");
        assert!(even > 0 && even < 500, "{even} rare heaps");
        assert!(engine.masks()[0].is_some_and(|m| m != 0));
    }

    #[test]
    fn the_rare_lists_kept_as_heaps_come_are_those_listed_afresh() {
        // Past the learnings at every power of two and at 65,536: each list
        // equals the one a relisting under the final mask gives, straight
        // or resumed halfway.
        for text in ["·6", "·007", "4·07", "·16"] {
            let mut engine = SparseEngine::new(&code(text));
            engine.extend_to(70_000).unwrap();
            let mut resumed = SparseEngine::resume(
                MoveTable::of(&code(text)),
                engine.values()[..40_000].to_vec(),
            );
            resumed.extend_to(70_000).unwrap();
            for run in [&engine, &resumed] {
                for class in &run.classes {
                    let mut fresh = class.clone();
                    fresh.relist(class.mask, run.values()).unwrap();
                    assert_eq!(class.rare_heaps, fresh.rare_heaps, "{text}");
                    assert_eq!(class.rare_values, fresh.rare_values, "{text}");
                }
            }
            assert_eq!(resumed.masks(), engine.masks(), "{text}");
        }
    }

    #[test]
    fn walsh_hadamard_counts_parities() {
        // Values 1, 2, 3 once each: mask 1 sees parities 1, 0, 1.
        let transform = walsh_hadamard(&[0, 1, 1, 1]);
        assert_eq!(transform, [3, -1, -1, -1]);
    }
}
