//! Arithmetic periodicity: `g(n + p) = g(n) + s` for every `n ≥ n0`, with a
//! saltus `s ≠ 0`. A search for plain equality finds nothing in such a
//! sequence however long it runs, since its values grow without bound; this
//! search asks for a constant difference instead.
//!
//! The convention matches [`super::find_period`]: the earliest start, then
//! the smallest period there, the relation covering at least `min_repeats`
//! full periods and a quarter of the values computed
//! ([`super::period::long_enough`]). Certifying a saltus needs a theorem
//! about the rule (see `games::hexadecimal`); this module only finds it.

use serde::{Deserialize, Serialize};

use super::period::long_enough;

/// A found arithmetic period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct ArithmeticPeriod {
    pub preperiod: usize,
    pub period: usize,
    /// `g(n + period) − g(n)` for every `n ≥ preperiod` searched.
    pub saltus: i64,
    /// Values searched.
    pub searched: usize,
}

/// The earliest start and smallest period of a constant non-zero difference.
///
/// Generic over the stored width, so a long run kept as `u16` (2 bytes a
/// value) is searched without a widened copy.
pub fn find_arithmetic_period<T: Copy + Into<i64>>(
    values: &[T],
    min_repeats: usize,
) -> Option<ArithmeticPeriod> {
    let n = values.len();
    let min_repeats = min_repeats.max(1);
    let difference = |k: usize, p: usize| values[k + p].into() - values[k].into();
    let mut best: Option<ArithmeticPeriod> = None;
    let mut p = 1;
    while p * min_repeats <= n && p < n {
        let saltus = difference(n - 1 - p, p);
        if saltus != 0 {
            let start = (0..n - p)
                .rev()
                .find(|&k| difference(k, p) != saltus)
                .map_or(0, |k| k + 1);
            let fits = long_enough(n, start, p, min_repeats);
            if fits && best.is_none_or(|b| start < b.preperiod) {
                best = Some(ArithmeticPeriod {
                    preperiod: start,
                    period: p,
                    saltus,
                    searched: n,
                });
            }
        }
        if best.is_some_and(|b| b.preperiod == 0) {
            break;
        }
        p += 1;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Value;

    #[test]
    fn finds_a_saltus_built_in_with_its_preperiod() {
        // 5 7 | 0 1 1 2, then +4 every 4 heaps.
        let mut v: Vec<Value> = vec![5, 7];
        for n in 0..200 {
            v.push([0, 1, 1, 2][n % 4] + 4 * (n / 4) as Value);
        }
        let found = find_arithmetic_period(&v, 3).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (2, 4, 4));
    }

    #[test]
    fn a_plain_period_is_not_a_saltus_and_noise_has_none() {
        let periodic: Vec<Value> = (0..300).map(|n| [0, 1, 0, 2][n % 4]).collect();
        assert_eq!(find_arithmetic_period(&periodic, 3), None);
        let mut x: u64 = 7;
        let noise: Vec<Value> = (0..500)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (x >> 40) as Value % 50
            })
            .collect();
        assert_eq!(find_arithmetic_period(&noise, 3), None);
    }

    #[test]
    fn nim_is_period_one_saltus_one() {
        let nim: Vec<Value> = (0..100).collect();
        let found = find_arithmetic_period(&nim, 3).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (0, 1, 1));
    }
}
