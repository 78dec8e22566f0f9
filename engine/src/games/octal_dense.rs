//! The fast plain loop: every splitting move of every heap is read, as in
//! [`crate::games::octal::values`], but in a shape the machine runs quickly.
//! For codes with no sparse space (·007, whose values keep growing), where
//! the sparse-space engine of [`crate::games::octal_fast`] would scan nearly
//! every pair anyway.
//!
//! The mex rule (Sprague–Grundy) needs, for heap `n`, the least value absent
//! from its options. Reading all `≈ n/2` splits `g(a) ^ g(n − k − a)` is
//! unavoidable without structure, but *recording* each of them is not:
//!
//! 1. each row of splits is cut into chunks of `CHUNK_PAIRS`; one chunk in
//!    [`RECORDED_SHARE`], spread along the row (rows up to [`PREFIX_PAIRS`]
//!    whole), is recorded in a byte per value: a store with no read, so no
//!    chain of dependent updates, but still the engine's costliest step;
//! 2. the least few absent values are then the only candidates for the mex,
//!    and the other chunks are only *compared* with them: per candidate an
//!    XOR and an unsigned min per lane, which the compiler vectorises
//!    (AVX-512 or AVX2 when the processor has it, chosen at run time);
//! 3. a candidate some chunk gives is recorded and replaced by the next
//!    absent value, compared from the next chunk on and with the chunks it
//!    missed at the end; the mex is the least candidate no chunk gave.
//!
//! Both heaps of a split are read forwards: `values[a]` and a mirror of the
//! values stored backwards, so no lane is reversed. On two cores, a code
//! whose every take that leaves a heap takes two or more (·007) computes
//! heaps `n` and `n + 1` at once, since neither reads the other; otherwise
//! the chunks of one heap are shared between the threads (rayon). The
//! result is the plain loop's, value for value (tested on every three-digit
//! code, on rows long enough for every path, and on random rows).

use crate::games::octal::{OctalCode, values as plain_values};
use crate::games::octal_memory::{EngineStop, ValueTooLarge, reserve};
use crate::games::octal_moves::MoveTable;
use crate::games::octal_options::OptionFlags;
use crate::sequence::Value;

/// Splits recorded outright for each take before candidates are formed.
pub const PREFIX_PAIRS: usize = 2048;
/// Of longer rows, this share (one in ...) is recorded outright.
pub const RECORDED_SHARE: usize = 2;
/// Candidates compared in one pass over a chunk (at most 15: one bit each
/// in a `u16`, with the mask `2^len − 1`).
const CANDIDATES: usize = 4;
const _: () = assert!(CANDIDATES < 16);
/// Recorded rows longer than this are recorded on two threads.
const PARALLEL_PAIRS: usize = 1 << 13;
/// From this heap on, two heaps that do not read each other are computed
/// at once, one per thread (a heap below it is too quick to share).
const PAIRED_FROM: usize = 4096;
/// Splits compared with the candidates before they are refreshed.
const CHUNK_PAIRS: usize = 1 << 12;

/// The incremental dense engine for one code.
#[derive(Debug, Clone)]
pub struct DenseEngine {
    moves: MoveTable,
    splitting: Vec<usize>,
    values: Vec<u16>,
    /// The values backwards, `mirror[mirror.len() − 1 − n] = values[n]`, so
    /// both heaps of a split are read forwards (no lane reversal).
    mirror: Vec<u16>,
    /// Option sets: one per heap in flight, and one per helping thread.
    flags: [OptionFlags; 4],
    /// How many heaps may be computed at once: heap `n + 1` reads no value
    /// past `n − 1` when every take that leaves a heap takes two or more.
    independent: usize,
    parallel: bool,
}

impl DenseEngine {
    /// An engine for an octal code; `parallel` spreads long rows over threads.
    pub fn new(code: &OctalCode, parallel: bool) -> Self {
        DenseEngine::with_moves(MoveTable::of(code), parallel)
    }

    /// An engine for any move table without three-heap moves.
    pub fn with_moves(moves: MoveTable, parallel: bool) -> Self {
        // Heap m reads heap m − k (a take k leaving one heap) and parts up
        // to m − k − 1 (a take k splitting in two).
        let splitting = moves.splitting_takes();
        let reach = moves
            .leaving_one
            .iter()
            .copied()
            .chain(splitting.iter().map(|&k| k + 1))
            .min()
            .unwrap_or(usize::MAX);
        DenseEngine {
            splitting,
            moves,
            values: Vec::new(),
            mirror: Vec::new(),
            flags: std::array::from_fn(|_| OptionFlags::new()),
            independent: reach,
            parallel,
        }
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// An engine that goes on from `values` (heaps `0 .. values.len()`,
    /// computed by any engine); the mirror is built at the next extension.
    pub fn resume(moves: MoveTable, values: Vec<u16>, parallel: bool) -> Self {
        let mut engine = DenseEngine::with_moves(moves, parallel);
        let largest = values.iter().copied().max().unwrap_or(0);
        let bits = 32 - u32::from(largest).leading_zeros();
        engine.flags.iter_mut().for_each(|flags| flags.widen(bits));
        engine.values = values;
        engine
    }

    /// The values computed so far, handed over without a copy (the mirror is
    /// dropped).
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// Computes values up to heap `count − 1`.
    pub fn extend_to(&mut self, count: usize) -> Result<(), EngineStop> {
        if self.parallel {
            // Run the loop on a pool thread: a join from there hands half a
            // row to the other thread cheaply, where one from outside the
            // pool would wake and wait on a worker every time.
            crate::parallel::scope(|_| self.extend_here(count))
        } else {
            self.extend_here(count)
        }
    }

    /// The values and the mirror are reserved for the whole step first,
    /// fallibly: a refusal stops the step before it computes.
    fn extend_here(&mut self, count: usize) -> Result<(), EngineStop> {
        let done = self.values.len();
        reserve(&mut self.values, count, done, count)?;
        if self.mirror.len() < count {
            // Made again from the values: the old mirror goes first.
            self.mirror = Vec::new();
            reserve(&mut self.mirror, count, done, count)?;
            self.mirror.resize(count, 0);
            for (slot, &value) in self.mirror.iter_mut().rev().zip(&self.values) {
                *slot = value;
            }
        }
        if !self.moves.leaving_three.is_empty() {
            return Err(ValueTooLarge { heap: done }.into());
        }
        while self.values.len() < count {
            let heap = self.values.len();
            let known = Known {
                moves: &self.moves,
                splitting: &self.splitting,
                values: &self.values,
                mirror: &self.mirror,
            };
            let [first, second, third, fourth] = &mut self.flags;
            if self.parallel && self.independent >= 2 && heap >= PAIRED_FROM && heap + 1 < count {
                // Two heaps that do not read each other, one per thread.
                let (x, y) = crate::parallel::join(
                    || known.value(heap, first, second, false),
                    || known.value(heap + 1, third, fourth, false),
                );
                self.push(x)?;
                self.push(y)?;
            } else {
                let value = known.value(heap, first, second, self.parallel);
                self.push(value)?;
            }
        }
        Ok(())
    }

    /// Stores the next heap's value, in the room reserved for the step.
    fn push(&mut self, value: u32) -> Result<(), ValueTooLarge> {
        let heap = self.values.len();
        let stored = u16::try_from(value).map_err(|_| ValueTooLarge { heap })?;
        self.values.push(stored);
        let last = self.mirror.len() - 1;
        self.mirror[last - heap] = stored;
        let bits = 32 - u32::from(stored).leading_zeros();
        self.flags.iter_mut().for_each(|flags| flags.widen(bits));
        Ok(())
    }
}

/// What a heap's value is computed from: the moves and the values so far.
struct Known<'a> {
    moves: &'a MoveTable,
    splitting: &'a [usize],
    values: &'a [u16],
    mirror: &'a [u16],
}

impl Known<'_> {
    /// The value of `heap`; `second_options` is the helping thread's record,
    /// cleared only when a long recorded share is split between threads.
    fn value(
        &self,
        heap: usize,
        options: &mut OptionFlags,
        second_options: &mut OptionFlags,
        parallel: bool,
    ) -> u32 {
        let values = self.values;
        let mirror = self.mirror;
        // `b = rest − a` is read at `mirror[end − rest + a]`.
        let end = mirror.len() - 1;
        options.clear();
        if self.moves.ending.contains(&heap) {
            options.insert(0);
        }
        for &take in self.moves.leaving_one.iter().take_while(|&&k| k < heap) {
            options.insert(values[heap - take]);
        }
        // Each row of splits a = 1 ..= half is cut into chunks; one chunk in
        // RECORDED_SHARE, spread along the row, is recorded outright, and the
        // rest are compared with candidates.
        let mut recorded: Vec<Chunk> = Vec::new();
        let mut chunks: Vec<Chunk> = Vec::new();
        for &take in self.splitting.iter().take_while(|&&k| k + 2 <= heap) {
            let rest = heap - take;
            let half = rest / 2;
            let mut low = 1;
            let mut index = 0;
            while low <= half {
                let high = (low + CHUNK_PAIRS - 1).min(half);
                let chunk = (
                    &values[low..=high],
                    &mirror[end - rest + low..=end - rest + high],
                );
                if half <= PREFIX_PAIRS || index % RECORDED_SHARE == 0 {
                    recorded.push(chunk);
                } else {
                    chunks.push(chunk);
                }
                low = high + 1;
                index += 1;
            }
        }
        let pairs: usize = recorded.iter().map(|(smaller, _)| smaller.len()).sum();
        if parallel && pairs > PARALLEL_PAIRS {
            let (first, second) = recorded.split_at(recorded.len() / 2);
            second_options.clear();
            crate::parallel::join(
                || {
                    first
                        .iter()
                        .for_each(|&(s, l)| record_splits(options, s, l))
                },
                || {
                    second
                        .iter()
                        .for_each(|&(s, l)| record_splits(second_options, s, l))
                },
            );
            options.merge(second_options);
        } else {
            recorded
                .iter()
                .for_each(|&(s, l)| record_splits(options, s, l));
        }
        least_absent_option(options, &chunks, parallel)
    }
}

/// A run of splits `smaller[j] ^ larger[j]` (`larger` read from the mirror).
type Chunk<'a> = (&'a [u16], &'a [u16]);

/// A value that may be the mex, compared with the chunks from `since` on.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    value: u16,
    since: usize,
}

/// The least value neither in `options` nor given by a split of `chunks`.
///
/// A few of the least values absent from `options` are compared with each
/// chunk in turn; one that a chunk gives is recorded and replaced by the
/// next absent value, which is compared from the following chunk on. So a
/// small recorded share costs one pass, not one pass per failed guess. At
/// the end, the least survivor is the mex once it has met every chunk: a
/// survivor that joined late is compared with the chunks it missed first.
fn least_absent_option(options: &mut OptionFlags, chunks: &[Chunk], parallel: bool) -> u32 {
    let mut from = 0;
    let mut active: Vec<Candidate> = Vec::with_capacity(CANDIDATES);
    let step = if parallel { 8 } else { 4 };
    loop {
        refill(&mut active, options, &mut from, 0);
        let mut next = 0;
        while next < chunks.len() {
            let end = (next + step).min(chunks.len());
            let found = compare_chunks(&chunks[next..end], &active, parallel);
            drop_found(&mut active, options, found);
            next = end;
            refill(&mut active, options, &mut from, next);
        }
        // Survivors are in increasing order; settle the late ones below the
        // first survivor that has met every chunk.
        while let Some(first) = active.first() {
            if first.since == 0 {
                return u32::from(first.value);
            }
            let late = active.iter().take_while(|c| c.since > 0).count();
            let missed = active[..late].iter().map(|c| c.since).max().unwrap_or(0);
            let found = compare_chunks(&chunks[..missed], &active[..late], parallel);
            drop_found(&mut active, options, found);
            active.iter_mut().for_each(|c| c.since = 0);
        }
    }
}

/// Tops `active` up with the next values absent from `options`.
fn refill(active: &mut Vec<Candidate>, options: &OptionFlags, from: &mut u32, since: usize) {
    while active.len() < CANDIDATES {
        let absent = options.least_absent_from(*from);
        *from = absent + 1;
        let value = absent.min(u32::from(u16::MAX)) as u16;
        active.push(Candidate { value, since });
    }
}

/// Records the candidates whose bit is set in `found` and drops them.
fn drop_found(active: &mut Vec<Candidate>, options: &mut OptionFlags, found: u16) {
    let mut slot = 0;
    active.retain(|candidate| {
        let hit = found >> slot & 1 == 1;
        slot += 1;
        if hit {
            options.insert(candidate.value);
        }
        !hit
    });
}

/// Which of `active` (as bits) some split of `chunks` gives; with `parallel`,
/// the chunks are shared between two threads.
fn compare_chunks(chunks: &[Chunk], active: &[Candidate], parallel: bool) -> u16 {
    let Some(first) = active.first() else {
        return 0;
    };
    // Unused slots repeat the first candidate; their bits are masked off.
    let mut candidates = [first.value; CANDIDATES];
    for (slot, candidate) in candidates.iter_mut().zip(active) {
        *slot = candidate.value;
    }
    let mask = (1u16 << active.len()) - 1;
    let found = match chunks {
        [] => 0,
        [(smaller, larger)] => compare_splits(smaller, larger, candidates),
        _ if !parallel => chunks.iter().fold(0, |found, (smaller, larger)| {
            found | compare_splits(smaller, larger, candidates)
        }),
        [(s0, l0), (s1, l1)] => {
            let (x, y) = crate::parallel::join(
                || compare_splits(s0, l0, candidates),
                || compare_splits(s1, l1, candidates),
            );
            x | y
        }
        _ => {
            let (left, right) = chunks.split_at(chunks.len() / 2);
            let (x, y) = crate::parallel::join(
                || compare_chunks(left, active, parallel),
                || compare_chunks(right, active, parallel),
            );
            x | y
        }
    };
    found & mask
}

/// Records every split `smaller[j] ^ larger[j]` in `options`.
///
/// The XORs are formed a block at a time into a small buffer (a loop the
/// compiler vectorises), then stored as flags: the stores, which cannot be
/// vectorised, no longer wait on the loads and XORs.
fn record_splits(options: &mut OptionFlags, smaller: &[u16], larger: &[u16]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just found to support AVX2.
            return unsafe { record_splits_avx2(options, smaller, larger) };
        }
    }
    record_splits_portable(options, smaller, larger)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn record_splits_avx2(options: &mut OptionFlags, smaller: &[u16], larger: &[u16]) {
    record_splits_portable(options, smaller, larger)
}

#[inline(always)]
fn record_splits_portable(options: &mut OptionFlags, smaller: &[u16], larger: &[u16]) {
    const BLOCK: usize = 1024;
    let mut buffer = [0u16; BLOCK];
    for (a, b) in smaller.chunks(BLOCK).zip(larger.chunks(BLOCK)) {
        let buffer = &mut buffer[..a.len().min(b.len())];
        for (slot, (&x, &y)) in buffer.iter_mut().zip(a.iter().zip(b)) {
            *slot = x ^ y;
        }
        for &option in buffer.iter() {
            options.insert(option);
        }
    }
}

/// Bit `i` set when `smaller[j] ^ larger[j]` equals `candidates[i]`
/// for some `j`: the vectorisable heart of the dense engine.
fn compare_splits(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512bw") {
            // SAFETY: the processor was just found to support AVX-512BW.
            return unsafe { compare_splits_avx512(smaller, larger, candidates) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just found to support AVX2.
            return unsafe { compare_splits_avx2(smaller, larger, candidates) };
        }
    }
    compare_splits_portable(smaller, larger, candidates)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
fn compare_splits_avx512(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    compare_splits_portable(smaller, larger, candidates)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn compare_splits_avx2(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    compare_splits_portable(smaller, larger, candidates)
}

#[inline(always)]
fn compare_splits_portable(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    // One accumulator per candidate holds the least `option ^ candidate`
    // seen: zero exactly when the candidate turned up. An XOR and an
    // unsigned min per lane, at full width.
    let mut nearest = [u16::MAX; CANDIDATES];
    for (&a, &b) in smaller.iter().zip(larger) {
        let option = a ^ b;
        for (least, &candidate) in nearest.iter_mut().zip(&candidates) {
            *least = (*least).min(option ^ candidate);
        }
    }
    nearest.iter().enumerate().fold(0, |found, (slot, &least)| {
        found | u16::from(least == 0) << slot
    })
}

/// The values of heaps `0 .. count` by the dense engine on two threads,
/// equal to [`crate::games::octal::values`] (which it falls back to past `u16`).
pub fn dense_values(code: &OctalCode, count: usize) -> Vec<Value> {
    let mut engine = DenseEngine::new(code, true);
    match engine.extend_to(count) {
        Ok(()) => engine.values().iter().map(|&v| Value::from(v)).collect(),
        Err(_) => plain_values(code, count),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal_fast::SparseEngine;
    use crate::games::octal_memory::MemoryRefused;

    fn widened(values: &[u16]) -> Vec<Value> {
        values.iter().map(|&v| Value::from(v)).collect()
    }

    /// Here rather than beside [`MemoryRefused`]: it drives both engines,
    /// and the memory module stays below them.
    #[test]
    fn each_engine_refuses_a_step_it_cannot_hold_and_goes_on_after() {
        // 2^62 values of two bytes each: more than any address space. The
        // step is refused before it computes, and the engine is as it was.
        let huge = usize::MAX / 4;
        let refused = MemoryRefused {
            heap: 1000,
            values: huge,
            bytes: huge as u64 * 2,
        };
        let code = OctalCode::parse("·6").unwrap();
        let plain = plain_values(&code, 2000);
        let mut sparse = SparseEngine::new(&code);
        sparse.extend_to(1000).unwrap();
        assert_eq!(sparse.extend_to(huge), Err(refused.into()));
        assert_eq!(sparse.values().len(), 1000);
        sparse.extend_to(2000).unwrap();
        assert_eq!(widened(sparse.values()), plain);
        let mut dense = DenseEngine::new(&code, false);
        dense.extend_to(1000).unwrap();
        assert_eq!(dense.extend_to(huge), Err(refused.into()));
        dense.extend_to(2000).unwrap();
        assert_eq!(widened(dense.values()), plain);
    }

    #[test]
    fn equal_to_the_plain_loop_on_every_three_digit_code() {
        for number in 0..512u32 {
            let digits = [
                (number >> 6) as u8,
                (number >> 3 & 7) as u8,
                (number & 7) as u8,
            ];
            let game = OctalCode::from_digits(0, &digits).unwrap();
            assert_eq!(dense_values(&game, 300), plain_values(&game, 300), "{game}");
        }
    }

    #[test]
    fn equal_past_the_recorded_prefix_on_long_rows() {
        // Rows longer than PREFIX_PAIRS, so the compare loop does real work,
        // and one row past PARALLEL_PAIRS is not reached in a quick test:
        // the split is tested on its own below.
        for text in ["·007", "·6", "·16", "4·07", "·0777"] {
            let game = OctalCode::parse(text).unwrap();
            let count = 2 * PREFIX_PAIRS + 700;
            assert_eq!(
                dense_values(&game, count),
                plain_values(&game, count),
                "{text}"
            );
        }
    }

    #[test]
    fn equal_on_random_codes_past_every_threshold() {
        // Past PREFIX_PAIRS (chunks compared) and PAIRED_FROM (two heaps at
        // once, for codes that allow it).
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        let count = 2 * PREFIX_PAIRS + PAIRED_FROM;
        for _ in 0..24 {
            let length = 2 + next(4) as usize;
            let digits: Vec<u8> = (0..length).map(|_| next(8) as u8).collect();
            let take_nothing = if next(4) == 0 { 4 } else { 0 };
            let game = OctalCode::from_digits(take_nothing, &digits).unwrap();
            assert_eq!(
                dense_values(&game, count),
                plain_values(&game, count),
                "{game}"
            );
        }
    }

    #[test]
    fn equal_where_recording_is_shared_between_threads() {
        // A recorded share past PARALLEL_PAIRS: heaps beyond 4 · 8,192.
        let count = 4 * PARALLEL_PAIRS + 300;
        let game = OctalCode::parse("·6").unwrap();
        assert_eq!(dense_values(&game, count), plain_values(&game, count));
    }

    /// The least value absent from `recorded` and from every split, by sets.
    fn brute_mex(recorded: &[u16], smaller: &[u16], larger: &[u16]) -> u32 {
        let mut seen = std::collections::BTreeSet::new();
        seen.extend(recorded.iter().copied());
        seen.extend(smaller.iter().zip(larger).map(|(a, b)| a ^ b));
        (0..).find(|v| !seen.contains(&(*v as u16))).unwrap()
    }

    #[test]
    fn candidates_replaced_chunk_by_chunk_give_the_mex() {
        // Rows where the mex sits far above the first absent values, so
        // candidates are found, replaced and the late ones checked backwards.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound) as u16
        };
        for trial in 0..200 {
            let length = 1 + trial * 7;
            let bound = 1 + (trial % 40) as u64 * 3;
            let smaller: Vec<u16> = (0..length).map(|_| next(bound)).collect();
            let larger: Vec<u16> = (0..length).map(|_| next(bound)).collect();
            let recorded: Vec<u16> = (0..trial % 5).map(|_| next(bound)).collect();
            let expected = brute_mex(&recorded, &smaller, &larger);
            for chunk in [1, 3, 64, length] {
                for parallel in [false, true] {
                    let mut options = OptionFlags::new();
                    options.widen(8);
                    recorded.iter().for_each(|&v| options.insert(v));
                    let chunks: Vec<Chunk> = (0..length)
                        .step_by(chunk)
                        .map(|low| {
                            let high = (low + chunk).min(length);
                            (&smaller[low..high], &larger[low..high])
                        })
                        .collect();
                    assert_eq!(
                        least_absent_option(&mut options, &chunks, parallel),
                        expected,
                        "trial {trial}, chunks of {chunk}, parallel {parallel}"
                    );
                }
            }
        }
    }
}
