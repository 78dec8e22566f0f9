//! The moves of a take-and-break code, regrouped for the engines that go
//! faster than the plain loop of [`crate::games::octal::values`].
//!
//! Convention (Guy and Smith, 1956; Winning Ways, chapter 4): digit `d_k`
//! governs a take of `k` counters, and its bit `2^h` allows leaving exactly
//! `h` non-empty heaps. The engines need the takes sorted by what they
//! leave, and the takes that split in two sorted by parity as well: every
//! split `rest = a + b` of a heap left by a take of parity `d` has
//! `a + b ≡ n + d (mod 2)`, which is what the sparse-space engine's
//! position bit relies on.

use crate::games::octal::{OctalCode, may_leave};

/// The takes of a code, grouped by how many non-empty heaps they may leave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTable {
    /// Takes `k` that may remove the whole heap (only from a heap of exactly `k`).
    pub ending: Vec<usize>,
    /// Takes `k` that may leave one heap of `n − k`.
    pub leaving_one: Vec<usize>,
    /// Takes `k` that may leave two heaps, by parity of `k`: `[even, odd]`.
    pub leaving_two: [Vec<usize>; 2],
    /// Takes `k` that may leave three heaps (hexadecimal codes only).
    pub leaving_three: Vec<usize>,
}

impl MoveTable {
    /// Reads the table from per-take digits `digits[k]` (bit sets, up to 4 bits).
    pub fn from_digits(digits: &[u8]) -> Self {
        let takes_with = |heaps: u32| -> Vec<usize> {
            (0..digits.len())
                .filter(|&k| may_leave(digits[k], heaps))
                .collect()
        };
        let two = takes_with(2);
        MoveTable {
            ending: takes_with(0).into_iter().filter(|&k| k > 0).collect(),
            leaving_one: takes_with(1).into_iter().filter(|&k| k > 0).collect(),
            leaving_two: [
                two.iter().copied().filter(|k| k % 2 == 0).collect(),
                two.iter().copied().filter(|k| k % 2 == 1).collect(),
            ],
            leaving_three: takes_with(3),
        }
    }

    /// The table of an octal code.
    pub fn of(code: &OctalCode) -> Self {
        let digits: Vec<u8> = (0..=code.largest_take()).map(|k| code.digit(k)).collect();
        MoveTable::from_digits(&digits)
    }

    /// Every take that may split in two, both parities, ascending.
    pub fn splitting_takes(&self) -> Vec<usize> {
        let mut takes: Vec<usize> = self.leaving_two.concat();
        takes.sort_unstable();
        takes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_and_a_split_before_the_point() {
        let kayles = MoveTable::of(&OctalCode::parse("·77").unwrap());
        assert_eq!(kayles.ending, [1, 2]);
        assert_eq!(kayles.leaving_one, [1, 2]);
        assert_eq!(kayles.leaving_two, [vec![2], vec![1]]);
        let split = MoveTable::of(&OctalCode::parse("4·07").unwrap());
        // A take of nothing may split; it never ends or leaves the heap whole.
        assert_eq!(split.leaving_two, [vec![0, 2], vec![]]);
        assert_eq!(split.ending, [2]);
        assert_eq!(split.splitting_takes(), [0, 2]);
    }
}
