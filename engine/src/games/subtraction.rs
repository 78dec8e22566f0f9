//! Subtraction games: a move takes one of a finite set of counts from a heap.
//!
//! The value of a heap `n` is the mex of the values of `n − t` for each take
//! `t ≤ n`. Because it reads only the `m` values below `n` (`m` the largest
//! take), the sequence is eventually periodic (at most `(m+1)^m` states) and a
//! period is proved by `m` consecutive agreeing pairs (seed 004).

use std::fmt;
use std::num::IntErrorKind;

use crate::numbers::grouped;
use crate::sequence::{CertificateRule, Value, mex};

/// A subtraction set: distinct positive takes, kept sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubtractionSet {
    takes: Vec<usize>,
}

/// Why a list of takes is not a subtraction set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakesError {
    Empty,
    Zero,
    Repeated(usize),
    NotANumber(String),
    /// A whole number past the largest count, `usize::MAX`, as written.
    TooLarge(String),
}

impl fmt::Display for TakesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakesError::Empty => write!(f, "the take set is empty: name at least one take"),
            TakesError::Zero => write!(f, "a take of 0 is not a move: takes start at 1"),
            TakesError::Repeated(t) => write!(f, "the take {t} is listed twice"),
            TakesError::NotANumber(s) => {
                write!(
                    f,
                    "`{s}` is not a take: takes are whole numbers such as 1,3,4"
                )
            }
            TakesError::TooLarge(s) => write!(
                f,
                "`{s}` is too large: a take is at most {}",
                grouped(usize::MAX as u64)
            ),
        }
    }
}

impl SubtractionSet {
    /// Builds a set from takes in any order, rejecting empty, zero and repeats.
    pub fn new(takes: impl IntoIterator<Item = usize>) -> Result<Self, TakesError> {
        let mut takes: Vec<usize> = takes.into_iter().collect();
        if takes.is_empty() {
            return Err(TakesError::Empty);
        }
        if takes.contains(&0) {
            return Err(TakesError::Zero);
        }
        takes.sort_unstable();
        if let Some(w) = takes.windows(2).find(|w| w[0] == w[1]) {
            return Err(TakesError::Repeated(w[0]));
        }
        Ok(SubtractionSet { takes })
    }

    /// Parses `1,3,4` (no spaces needed; spaces around commas are allowed).
    /// Each take is read as Rust reads a `usize` (`+5` and `007` are 5 and
    /// 7); one past `usize::MAX` is refused as too large, not wrapped.
    pub fn parse(list: &str) -> Result<Self, TakesError> {
        if list.trim().is_empty() {
            return Err(TakesError::Empty);
        }
        let takes = list
            .split(',')
            .map(|part| {
                let part = part.trim();
                part.parse::<usize>().map_err(|e| match e.kind() {
                    IntErrorKind::PosOverflow => TakesError::TooLarge(part.to_string()),
                    _ => TakesError::NotANumber(part.to_string()),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        SubtractionSet::new(takes)
    }

    /// The takes, ascending.
    pub fn takes(&self) -> &[usize] {
        &self.takes
    }

    /// The largest take: how far back the mex reads.
    pub fn largest(&self) -> usize {
        *self.takes.last().expect("a subtraction set is never empty")
    }

    /// The values of heaps `0 .. count` by the mex recursion.
    pub fn values(&self, count: usize) -> Vec<Value> {
        subtraction_values(&self.takes, count)
    }

    /// The heaps reachable in one move from a heap of `n`.
    pub fn options(&self, n: usize) -> Vec<usize> {
        self.takes
            .iter()
            .take_while(|&&t| t <= n)
            .map(|&t| n - t)
            .collect()
    }

    /// `m` pairs from the preperiod prove a period, `m` the largest take.
    pub fn certificate_rule(&self) -> CertificateRule {
        CertificateRule::Window {
            length: self.largest(),
        }
    }
}

/// The values of heaps `0 .. count` for ascending positive `takes`.
///
/// A heap has at most `t` options (`t` takes), so its value is at most `t`;
/// with fewer than 32 takes the options' values fit the bits of a `u32` and
/// the mex is its lowest clear bit, with no allocation per heap. Larger sets
/// take the general [`mex()`].
pub fn subtraction_values(takes: &[usize], count: usize) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::with_capacity(count);
    for n in 0..count {
        let reachable = takes.iter().take_while(|&&t| t <= n);
        let value = if takes.len() < 32 {
            let seen = reachable.fold(0u32, |bits, &t| bits | 1 << values[n - t]);
            (!seen).trailing_zeros()
        } else {
            mex(reachable.map(|&t| values[n - t]))
        };
        values.push(value);
    }
    values
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.takes.iter().map(usize::to_string).collect();
        write!(f, "{}", list.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_three_four_repeats_0101232() {
        let set = SubtractionSet::parse("1,3,4").unwrap();
        assert_eq!(set.values(14), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    }

    #[test]
    fn one_two_is_n_mod_three() {
        let set = SubtractionSet::parse("2, 1").unwrap();
        let v = set.values(30);
        assert!((0..30).all(|n| v[n] as usize == n % 3));
    }

    #[test]
    fn the_bit_set_loop_agrees_with_the_general_mex() {
        for takes in [
            vec![1, 3, 4],
            vec![2, 5, 7],
            vec![6, 7],
            (1..=31).collect(),
            (1..=40).collect(),
        ] {
            let general: Vec<Value> = (0..300).fold(Vec::new(), |mut v: Vec<Value>, n| {
                let m = mex(takes.iter().filter(|&&t| t <= n).map(|&t| v[n - t]));
                v.push(m);
                v
            });
            assert_eq!(subtraction_values(&takes, 300), general, "{takes:?}");
        }
        assert_eq!(
            subtraction_values(&(1..=31).collect::<Vec<_>>(), 33)[31..],
            [31, 0]
        );
    }

    #[test]
    fn bad_take_lists_are_named() {
        assert_eq!(SubtractionSet::parse(""), Err(TakesError::Empty));
        assert_eq!(SubtractionSet::parse("0,1"), Err(TakesError::Zero));
        assert_eq!(SubtractionSet::parse("3,1,3"), Err(TakesError::Repeated(3)));
        assert_eq!(
            SubtractionSet::parse("1,x"),
            Err(TakesError::NotANumber("x".into()))
        );
    }

    #[test]
    fn a_take_past_the_largest_count_is_too_large_not_junk() {
        let largest = usize::MAX.to_string();
        let past = (u128::try_from(usize::MAX).unwrap() + 1).to_string();
        assert_eq!(
            SubtractionSet::parse(&format!("1,{largest}"))
                .unwrap()
                .takes(),
            [1, usize::MAX]
        );
        for text in [
            past.as_str(),
            "99999999999999999999999999",
            "+99999999999999999999999999",
        ] {
            let message = SubtractionSet::parse(&format!("1,{text}"))
                .unwrap_err()
                .to_string();
            assert!(
                message.contains(&format!("`{text}` is too large"))
                    && message.contains(&grouped(usize::MAX as u64)),
                "{message}"
            );
        }
        // Negative numbers are no takes; a sign or leading zeros change nothing.
        assert_eq!(
            SubtractionSet::parse("-1"),
            Err(TakesError::NotANumber("-1".into()))
        );
        assert_eq!(SubtractionSet::parse("+5,007").unwrap().takes(), [5, 7]);
        assert_eq!(SubtractionSet::parse("+0"), Err(TakesError::Zero));
    }

    #[test]
    fn heap_ten_of_one_three_four_reads_four_back() {
        let set = SubtractionSet::parse("1,3,4").unwrap();
        assert_eq!(set.options(10), [9, 7, 6]);
        assert_eq!(
            set.certificate_rule(),
            CertificateRule::Window { length: 4 }
        );
    }
}
