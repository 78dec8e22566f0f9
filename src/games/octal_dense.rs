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
//! 1. the first [`PREFIX_PAIRS`] splits of each take are recorded in a byte
//!    per value (a store with no read, so no chain of dependent updates);
//! 2. the least few absent values are then the only candidates for the mex,
//!    and the remaining splits are only *compared* with them: a branch-free
//!    XOR-and-compare loop over `u16` values with an OR reduction, which the
//!    compiler vectorises (AVX2 when the processor has it, chosen at run
//!    time, 16 splits per instruction);
//! 3. the mex is the first candidate no split gave; when every candidate
//!    turned up, the next few absent values are tried the same way.
//!
//! Long rows of splits are cut in two and compared on both cores (rayon).
//! The result is the plain loop's, value for value (tested on every
//! three-digit code and on random codes).

use crate::games::octal::{OctalCode, values as plain_values};
use crate::games::octal_fast::{OptionFlags, ValueTooLarge};
use crate::games::octal_moves::MoveTable;
use crate::sequence::Value;

/// Splits recorded outright for each take before candidates are formed.
pub const PREFIX_PAIRS: usize = 2048;
/// Of longer rows, this share (one in ...) is recorded outright.
pub const RECORDED_SHARE: usize = 2;
/// Candidates compared in one pass over the remaining splits.
const CANDIDATES: usize = 4;
/// Rows of splits longer than this are compared on two threads.
const PARALLEL_PAIRS: usize = 1 << 15;

/// The incremental dense engine for one code.
#[derive(Debug, Clone)]
pub struct DenseEngine {
    moves: MoveTable,
    splitting: Vec<usize>,
    values: Vec<u16>,
    options: OptionFlags,
    /// The second thread's record of splits, merged into `options`.
    second_options: OptionFlags,
    parallel: bool,
}

impl DenseEngine {
    /// An engine for an octal code; `parallel` spreads long rows over threads.
    pub fn new(code: &OctalCode, parallel: bool) -> Self {
        DenseEngine::with_moves(MoveTable::of(code), parallel)
    }

    /// An engine for any move table without three-heap moves.
    pub fn with_moves(moves: MoveTable, parallel: bool) -> Self {
        DenseEngine {
            splitting: moves.splitting_takes(),
            moves,
            values: Vec::new(),
            options: OptionFlags::new(),
            second_options: OptionFlags::new(),
            parallel,
        }
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Computes values up to heap `count − 1`.
    pub fn extend_to(&mut self, count: usize) -> Result<(), ValueTooLarge> {
        self.values.reserve(count.saturating_sub(self.values.len()));
        while self.values.len() < count {
            let heap = self.values.len();
            if !self.moves.leaving_three.is_empty() {
                return Err(ValueTooLarge { heap });
            }
            let value = self.next_value(heap);
            let stored = u16::try_from(value).map_err(|_| ValueTooLarge { heap })?;
            self.values.push(stored);
            let bits = 32 - u32::from(stored).leading_zeros();
            self.options.widen(bits);
            self.second_options.widen(bits);
        }
        Ok(())
    }

    fn next_value(&mut self, heap: usize) -> u32 {
        let values = &self.values;
        let options = &mut self.options;
        let parallel = self.parallel;
        let second_options = &mut self.second_options;
        options.clear();
        second_options.clear();
        if self.moves.ending.contains(&heap) {
            options.insert(0);
        }
        for &take in self.moves.leaving_one.iter().take_while(|&&k| k < heap) {
            options.insert(values[heap - take]);
        }
        let mut rows: Vec<(&[u16], &[u16])> = Vec::new();
        for &take in self.splitting.iter().take_while(|&&k| k + 2 <= heap) {
            let rest = heap - take;
            let half = rest / 2;
            let recorded = half.min(PREFIX_PAIRS.max(half / RECORDED_SHARE));
            let smaller = &values[1..=recorded];
            let larger = &values[rest - recorded..rest];
            if parallel && recorded > PARALLEL_PAIRS {
                let middle = recorded / 2;
                let (first, second) = smaller.split_at(middle);
                let (larger_second, larger_first) = larger.split_at(recorded - middle);
                rayon::join(
                    || record_splits(options, first, larger_first),
                    || record_splits(second_options, second, larger_second),
                );
                options.merge(second_options);
            } else {
                record_splits(options, smaller, larger);
            }
            if recorded < half {
                // Splits a = recorded+1 ..= half, against b = rest−a, read backwards.
                rows.push((
                    &values[recorded + 1..=half],
                    &values[rest - half..rest - recorded],
                ));
            }
        }
        let mut from = 0;
        loop {
            let mut candidates = [0u16; CANDIDATES];
            for candidate in &mut candidates {
                let absent = options.least_absent_from(from);
                *candidate = absent.min(u32::from(u16::MAX)) as u16;
                from = absent + 1;
            }
            let found = rows.iter().fold(0u16, |found, &(smaller, larger)| {
                found | compare_row(smaller, larger, candidates, parallel)
            });
            match (0..CANDIDATES).find(|&slot| found >> slot & 1 == 0) {
                Some(slot) => return u32::from(candidates[slot]),
                None => candidates.iter().for_each(|&c| options.insert(c)),
            }
        }
    }
}

/// Records every split `smaller[j] ^ larger[len − 1 − j]` in `options`.
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
    let length = smaller.len().min(larger.len());
    let mut start = 0;
    while start < length {
        let end = (start + BLOCK).min(length);
        let count = end - start;
        let a = &smaller[start..end];
        let b = &larger[length - end..length - start];
        for (slot, (&x, &y)) in buffer[..count].iter_mut().zip(a.iter().zip(b.iter().rev())) {
            *slot = x ^ y;
        }
        for &option in &buffer[..count] {
            options.insert(option);
        }
        start = end;
    }
}

/// Which candidates some split of the row gives, as bits.
fn compare_row(
    smaller: &[u16],
    larger: &[u16],
    candidates: [u16; CANDIDATES],
    parallel: bool,
) -> u16 {
    if parallel && smaller.len() > PARALLEL_PAIRS {
        let middle = smaller.len() / 2;
        let (first, second) = smaller.split_at(middle);
        let (larger_second, larger_first) = larger.split_at(larger.len() - middle);
        let (x, y) = rayon::join(
            || compare_splits(first, larger_first, candidates),
            || compare_splits(second, larger_second, candidates),
        );
        x | y
    } else {
        compare_splits(smaller, larger, candidates)
    }
}

/// Bit `i` set when `smaller[j] ^ larger[len − 1 − j]` equals `candidates[i]`
/// for some `j`: the vectorisable heart of the dense engine.
fn compare_splits(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just found to support AVX2.
            return unsafe { compare_splits_avx2(smaller, larger, candidates) };
        }
    }
    compare_splits_portable(smaller, larger, candidates)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn compare_splits_avx2(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    compare_splits_portable(smaller, larger, candidates)
}

#[inline(always)]
fn compare_splits_portable(smaller: &[u16], larger: &[u16], candidates: [u16; CANDIDATES]) -> u16 {
    let [c0, c1, c2, c3] = candidates;
    let mut found = 0u16;
    for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
        let option = a ^ b;
        found |= u16::from(option == c0)
            | u16::from(option == c1) << 1
            | u16::from(option == c2) << 2
            | u16::from(option == c3) << 3;
    }
    found
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
    fn the_compare_loop_split_in_two_agrees_with_one_pass() {
        let smaller: Vec<u16> = (0..100_000u32).map(|x| (x * 7 % 1000) as u16).collect();
        let larger: Vec<u16> = (0..100_000u32).map(|x| (x * 13 % 997) as u16).collect();
        let candidates = [1001, 5, 999, 4000];
        let split = compare_row(&smaller, &larger, candidates, true);
        assert_eq!(
            split,
            compare_splits_portable(&smaller, &larger, candidates)
        );
        assert_eq!(
            split & 0b1000,
            0,
            "4000 is above every XOR of values below 1024"
        );
    }
}
