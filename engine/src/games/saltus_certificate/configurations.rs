//! The configurations of Theorem C⁺, listed one by one: a move type
//! `(j, k)`, a multiset of `u` small parts from `[1, n0)` and a multiset of
//! `m ≥ 1` periodic offsets from `[0, p)`, `u + m = k`.
//!
//! Theorem C needs only each configuration's (sum, nim-sum), which its
//! tables build part by part; Theorem C⁺ also needs each part's high value
//! and which parts can carry or cancel, so it visits every configuration.
//! [`count`] says beforehand how many there are, so the caller can refuse a
//! listing that would be too long.

/// What [`for_each`] calls: `visit(take, small parts, offsets)`.
pub(super) type Visit<'a> = dyn FnMut(usize, &[usize], &[usize]) + 'a;

/// Calls `visit(take, small, offsets)` once for every configuration of
/// `types` (each `(j, k)` with `k ≥ 1`), small parts from `[1, n0)` and
/// offsets from `[0, period)`, each multiset in non-decreasing order.
pub(super) fn for_each(types: &[(usize, usize)], n0: usize, period: usize, visit: &mut Visit) {
    let mut small = Vec::with_capacity(3);
    let mut offsets = Vec::with_capacity(3);
    for &(take, heaps) in types {
        for m in 1..=heaps {
            multisets(heaps - m, 1, n0, &mut small, &mut |small| {
                multisets(m, 0, period, &mut offsets, &mut |offsets| {
                    visit(take, small, offsets)
                });
            });
        }
    }
}

/// How many configurations [`for_each`] visits, saturating at `u64::MAX`.
pub(super) fn count(types: &[(usize, usize)], n0: usize, period: usize) -> u64 {
    types
        .iter()
        .flat_map(|&(_, heaps)| {
            (1..=heaps).map(move |m| {
                let small = multiset_count(n0.saturating_sub(1) as u64, (heaps - m) as u64);
                small.saturating_mul(multiset_count(period as u64, m as u64))
            })
        })
        .fold(0u64, u64::saturating_add)
}

/// The multisets of `size` elements from `items` things: `C(items + size − 1, size)`.
fn multiset_count(items: u64, size: u64) -> u64 {
    if size == 0 {
        return 1;
    }
    // C(n − size + i, i) from C(n − size + i − 1, i − 1): an integer at
    // each step; a step past u64 saturates the count.
    let n = u128::from(items) + u128::from(size) - 1;
    let mut c: u128 = 1;
    for i in 1..=u128::from(size) {
        c = match c.checked_mul(n + i - u128::from(size)) {
            Some(product) if product / i <= u128::from(u64::MAX) => product / i,
            _ => return u64::MAX,
        };
    }
    c as u64
}

/// Calls `visit` with every non-decreasing sequence of `size` numbers from
/// `[lo, hi)`, built in `buffer`.
fn multisets(
    size: usize,
    lo: usize,
    hi: usize,
    buffer: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if size == 0 {
        visit(buffer);
        return;
    }
    for first in lo..hi {
        buffer.push(first);
        multisets(size - 1, first, hi, buffer, visit);
        buffer.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_configuration_is_visited_once_and_counted() {
        // ·8F plus a split: (1, 0) is not listed, (0, 2), (1, 1), (1, 2), (1, 3) are.
        let types = [(0, 2), (1, 1), (1, 2), (1, 3)];
        for (n0, period) in [(1, 1), (1, 4), (3, 2), (5, 7)] {
            let mut seen = std::collections::BTreeSet::new();
            let mut visits = 0u64;
            for_each(&types, n0, period, &mut |take, small, offsets| {
                assert!(small.windows(2).all(|w| w[0] <= w[1]));
                assert!(offsets.windows(2).all(|w| w[0] <= w[1]));
                assert!(small.iter().all(|&a| (1..n0).contains(&a)));
                assert!(offsets.iter().all(|&a| a < period) && !offsets.is_empty());
                seen.insert((take, small.to_vec(), offsets.to_vec()));
                visits += 1;
            });
            assert_eq!(visits, seen.len() as u64);
            assert_eq!(visits, count(&types, n0, period), "{n0} {period}");
        }
        // n0 = 5, p = 7, three parts: 84 offsets alone, 28·4 with one small
        // part, 7·10 with two.
        assert_eq!(count(&[(1, 3)], 5, 7), 84 + 28 * 4 + 7 * 10);
        assert_eq!(multiset_count(u64::MAX, 3), u64::MAX);
    }
}
