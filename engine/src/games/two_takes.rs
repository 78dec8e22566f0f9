//! The closed form of a subtraction game with exactly two takes a < b.
//!
//! Theorem (induction on the heap, three cases by where the remainder falls):
//! with p = a + b, r = n mod p and k = ⌊r / a⌋, the Grundy value of a heap of n
//! is 2 when k is even and r ≥ b, and k mod 2 otherwise. It holds from heap 0,
//! so the sequence has no preperiod. Its smallest period is 2a when b is an odd
//! multiple of a (the stretch b..p−1 is then exactly one odd block, no 2
//! appears, and the sequence is blocks of a alternating 0 and 1), and a + b
//! otherwise. The census in `crate::census::pairs` checks both corollaries and
//! the formula itself against the mex recursion.
//!
//! Arithmetic is in `u128`, so any `u64` takes and any `u128` heap work.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::sequence::Value;

/// Two distinct positive takes, stored smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct TwoTakes {
    smaller: u64,
    larger: u64,
}

/// Why two numbers are not a two-take subtraction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvalidTwoTakes {
    /// A take of 0 is not a move.
    ZeroTake,
    /// Equal takes make a one-take game, which the formula does not describe.
    EqualTakes,
}

impl fmt::Display for InvalidTwoTakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidTwoTakes::ZeroTake => write!(f, "a take must be positive"),
            InvalidTwoTakes::EqualTakes => write!(f, "the two takes must differ"),
        }
    }
}

impl std::error::Error for InvalidTwoTakes {}

/// Where a heap falls in the closed form: its remainder modulo a + b, the
/// number of the block of length a holding that remainder (from 0), and the
/// value the formula gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct TwoTakePosition {
    pub remainder: u128,
    pub block: u128,
    pub value: Value,
}

impl TwoTakes {
    /// The game with takes `first` and `second`, in either order.
    pub fn new(first: u64, second: u64) -> Result<Self, InvalidTwoTakes> {
        if first == 0 || second == 0 {
            return Err(InvalidTwoTakes::ZeroTake);
        }
        if first == second {
            return Err(InvalidTwoTakes::EqualTakes);
        }
        Ok(Self {
            smaller: first.min(second),
            larger: first.max(second),
        })
    }

    /// The smaller take, a: the length of a block.
    pub fn smaller(&self) -> u64 {
        self.smaller
    }

    /// The larger take, b.
    pub fn larger(&self) -> u64 {
        self.larger
    }

    /// a + b: the modulus of the formula, a period in every case.
    pub fn sum(&self) -> u128 {
        u128::from(self.smaller) + u128::from(self.larger)
    }

    /// Whether b is an odd multiple of a, the one case without a 2.
    pub fn larger_is_odd_multiple_of_smaller(&self) -> bool {
        self.larger.is_multiple_of(self.smaller) && !(self.larger / self.smaller).is_multiple_of(2)
    }

    /// The smallest period: 2a when b is an odd multiple of a, else a + b.
    pub fn period(&self) -> u128 {
        if self.larger_is_odd_multiple_of_smaller() {
            2 * u128::from(self.smaller)
        } else {
            self.sum()
        }
    }

    /// The preperiod: always 0, the formula holding from the empty heap.
    pub fn preperiod(&self) -> u128 {
        0
    }

    /// The remainder, block and value of a heap of `heap` counters.
    pub fn position(&self, heap: u128) -> TwoTakePosition {
        let remainder = heap % self.sum();
        let block = remainder / u128::from(self.smaller);
        let even_block = block.is_multiple_of(2);
        let value = if even_block && remainder >= u128::from(self.larger) {
            2
        } else if even_block {
            0
        } else {
            1
        };
        TwoTakePosition {
            remainder,
            block,
            value,
        }
    }

    /// The Grundy value of a heap of `heap` counters, by one division.
    pub fn value(&self, heap: u128) -> Value {
        self.position(heap).value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_eight_repeats_00011100211() {
        let game = TwoTakes::new(8, 3).unwrap();
        let values: Vec<Value> = (0..22).map(|n| game.value(n)).collect();
        let expected = [0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1];
        assert_eq!(values[..11], expected);
        assert_eq!(values[11..], expected);
        assert_eq!(game.period(), 11);
    }

    #[test]
    fn odd_multiples_have_no_two_and_period_twice_the_smaller() {
        for (a, b) in [(1, 3), (2, 6), (5, 15), (3, 21)] {
            let game = TwoTakes::new(a, b).unwrap();
            assert!(game.larger_is_odd_multiple_of_smaller());
            assert_eq!(game.period(), 2 * u128::from(a));
            assert!((0..500).all(|n| game.value(n) < 2));
        }
        // Even multiples are not the exception: {2, 4} has period 6 and a 2.
        let even = TwoTakes::new(2, 4).unwrap();
        assert!(!even.larger_is_odd_multiple_of_smaller());
        assert_eq!(even.period(), 6);
        assert_eq!(even.value(4), 2);
    }

    #[test]
    fn huge_heaps_and_takes_do_not_overflow() {
        let game = TwoTakes::new(u64::MAX, u64::MAX - 1).unwrap();
        assert_eq!(game.sum(), 2 * u128::from(u64::MAX) - 1);
        // The heap u128::MAX reduces like any other; value is one of 0, 1, 2.
        assert!(game.value(u128::MAX) <= 2);
        let small = TwoTakes::new(3, 8).unwrap();
        assert_eq!(small.value(u128::MAX), small.value(u128::MAX % 11));
    }

    #[test]
    fn invalid_takes_are_refused() {
        assert_eq!(TwoTakes::new(0, 3), Err(InvalidTwoTakes::ZeroTake));
        assert_eq!(TwoTakes::new(4, 4), Err(InvalidTwoTakes::EqualTakes));
    }

    #[test]
    fn a_million_in_three_eight_is_remainder_one_block_zero() {
        let position = TwoTakes::new(3, 8).unwrap().position(1_000_000);
        assert_eq!(
            position,
            TwoTakePosition {
                remainder: 1,
                block: 0,
                value: 0
            }
        );
    }
}
