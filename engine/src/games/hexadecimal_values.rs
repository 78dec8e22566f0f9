//! The values of a hexadecimal code without the triple loop.
//!
//! A move that leaves three heaps of `rest = a + b + c` is worth
//! `g(a) ⊕ g(b) ⊕ g(c)`, and the set of those values is the union over the
//! smallest part `a ≤ rest / 3` of `g(a) ⊕ P(rest − a)`, where `P(x)` is the
//! set of `g(b) ⊕ g(x − b)`, the values of splitting `x` in two. `P(x)` is
//! kept as a bit set for every `x` once its values are known (it is also the
//! option set of a two-heap move), so a heap costs one bit-set operation per
//! smallest part instead of a loop over pairs: quadratic in the heap where
//! the plain loop is cubic. XOR by a constant permutes a bit set: the
//! constant's high bits swap whole words, its low six bits swap blocks of
//! bits inside each word (`xor_permute_word`). Letting the other two parts
//! be any pair (not only `b ≥ a`) adds no value that is not an option.
//!
//! Bit sets are `words` 64-bit words long, a power of two, so that every
//! value below `64·words` stays below it under XOR; when a value reaches
//! that bound the width doubles (older sets keep their length and read as
//! zeros beyond it).

use crate::sequence::Value;

/// The most values of a hexadecimal code with a three-part move (a digit
/// with bit 8), for `ladder seq`, a figure or a lookup. This engine costs the
/// heap squared times the width of the values in words: ·8 to 10,000 takes
/// 1.7 s here, but C·F, whose values outrun the heap, 35 s; to 5,000, about
/// 4 s at worst.
pub const MAX_THREE_PART_VALUES: usize = 5_000;

/// The three-part takes the budget of [`MAX_THREE_PART_VALUES`] values is
/// set for (C·F has two: the take of nothing, C, and the take of one, F).
const BUDGETED_THREE_PART_TAKES: u128 = 2;

/// The most values of a hexadecimal code whose moves leave three heaps from
/// `three_part_takes` takes: [`MAX_THREE_PART_VALUES`] for up to two, and
/// fewer beyond, so the work stays that of C·F to 5,000. The work grows as
/// the takes times the cube of the values (heaps, times a third of the
/// heap, times the values' width, which grows with the heap when the values
/// climb): ·FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF (30 such takes) took 12.6 s to
/// 5,000 values and 2.6 s to 3,000; it gets 2,027, 0.7 s.
pub fn most_three_part_values(three_part_takes: usize) -> usize {
    let takes = (three_part_takes as u128).max(BUDGETED_THREE_PART_TAKES);
    let most = MAX_THREE_PART_VALUES as u128;
    let work = BUDGETED_THREE_PART_TAKES * most * most * most;
    // The largest n with takes · n³ ≤ work, found by bisection (exact, no floats).
    let (mut low, mut high) = (1u128, most);
    while low < high {
        let middle = (low + high).div_ceil(2);
        if takes * middle * middle * middle <= work {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    low as usize
}

/// The masks of the low half of each block of `2^k` bits, `k = 0 … 5`.
const LOW_HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word whose bit `i ^ low` is bit `i` of `word` (`low < 64`).
fn xor_permute_word(mut word: u64, low: u32) -> u64 {
    for (k, mask) in LOW_HALVES.iter().enumerate() {
        if low >> k & 1 == 1 {
            let shift = 1 << k;
            word = ((word & mask) << shift) | ((word >> shift) & mask);
        }
    }
    word
}

/// `into |= { v ⊕ constant : v ∈ set }`; `into` is at least as wide as
/// every value involved (a power of two of words).
fn or_xor_shifted(into: &mut [u64], set: &[u64], constant: Value) {
    let high = (constant >> 6) as usize;
    let low = constant & 63;
    for (index, &word) in set.iter().enumerate() {
        if word != 0 {
            into[index ^ high] |= xor_permute_word(word, low);
        }
    }
}

fn insert(set: &mut [u64], value: Value) {
    set[value as usize / 64] |= 1 << (value % 64);
}

/// The least value absent from a bit set.
fn first_absent(set: &[u64]) -> Value {
    set.iter()
        .enumerate()
        .find(|&(_, &word)| word != u64::MAX)
        .map_or(set.len() as Value * 64, |(index, &word)| {
            index as Value * 64 + word.trailing_ones()
        })
}

/// The values of heaps `0 .. count` for the digits `d_0 … d_t` (bit 1: take
/// the whole heap, bit 2: leave one heap, bit 4: two, bit 8: three).
pub fn values(digits: &[u8], count: usize) -> Vec<Value> {
    let splits = digits.iter().any(|&d| d & 0b1100 != 0);
    let mut values: Vec<Value> = Vec::with_capacity(count);
    // pairs[x]: the values of x split into two non-empty heaps.
    let mut pairs: Vec<Vec<u64>> = Vec::new();
    let mut words = 1usize;
    let mut options: Vec<u64> = vec![0; words];
    for heap in 0..count {
        if splits {
            // Before the options: a take of nothing splits the heap itself.
            let mut set = vec![0; words];
            for b in 1..=heap / 2 {
                insert(&mut set, values[b] ^ values[heap - b]);
            }
            pairs.push(set);
        }
        options.clear();
        options.resize(words, 0);
        for (take, &digit) in digits.iter().enumerate().take(heap + 1) {
            let rest = heap - take;
            if digit & 1 != 0 && rest == 0 && take > 0 {
                insert(&mut options, 0);
            }
            if digit & 2 != 0 && rest >= 1 && take > 0 {
                insert(&mut options, values[rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for (into, word) in options.iter_mut().zip(&pairs[rest]) {
                    *into |= word;
                }
            }
            if digit & 8 != 0 && rest >= 3 {
                for smallest in 1..=rest / 3 {
                    or_xor_shifted(&mut options, &pairs[rest - smallest], values[smallest]);
                }
            }
        }
        let value = first_absent(&options);
        values.push(value);
        while value as usize >= 64 * words {
            words *= 2;
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_permuted_word_moves_each_bit_to_its_xor() {
        let word: u64 = 0x8000_0000_0000_0421;
        for low in 0..64u32 {
            let permuted = xor_permute_word(word, low);
            for bit in 0..64u32 {
                assert_eq!(
                    permuted >> (bit ^ low) & 1,
                    word >> bit & 1,
                    "bit {bit}, low {low}"
                );
            }
        }
    }

    #[test]
    fn the_least_absent_value_crosses_words() {
        assert_eq!(first_absent(&[u64::MAX, 0b1011]), 66);
        assert_eq!(first_absent(&[u64::MAX]), 64);
        assert_eq!(first_absent(&[0]), 0);
    }
}
