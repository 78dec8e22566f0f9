//! Period search over a finite stretch of a sequence.
//!
//! The convention, printed with every result: the period is found at the
//! *earliest* start `s`, and at that start the *smallest* `p`, such that
//! `g(n + p) = g(n)` for every `s ≤ n < N − p`, where the repetition covers at
//! least `min_repeats` full periods of the `N` values (`N − s ≥ min_repeats·p`)
//! and at least a quarter of them (`N − s ≥ N/4`): see [`long_enough`].
//! Choosing the smallest period first would let a run of equal values at the
//! very end of the data pass as "period 1"; choosing the earliest start first
//! does not.
//!
//! The search does not scan every start and length. For each candidate `p` it
//! walks backwards from the end until the first mismatch, which for a wrong
//! `p` comes after a step or two. Once a best `(s*, p*)` is known, the
//! Fine–Wilf theorem says a later `p` can only start earlier if it is a
//! multiple of `p*` (when both periods fit in the stretch `[s*, N)`), so the
//! other candidates are skipped. On the sequences met here the cost is close to
//! linear in `N`.

use serde::{Deserialize, Serialize};

/// The outcome of a period search: a period, or the honest "not found" with
/// the number of values examined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Period {
    /// `g(n + period) = g(n)` for every `preperiod ≤ n < searched − period`.
    Found {
        preperiod: usize,
        period: usize,
        searched: usize,
    },
    /// No period satisfying the convention exists in the first `searched` values.
    NotFound { searched: usize },
}

impl Period {
    /// The period and preperiod, if one was found.
    pub fn found(&self) -> Option<(usize, usize)> {
        match *self {
            Period::Found {
                preperiod, period, ..
            } => Some((preperiod, period)),
            Period::NotFound { .. } => None,
        }
    }

    /// How many values the search examined.
    pub fn searched(&self) -> usize {
        match *self {
            Period::Found { searched, .. } | Period::NotFound { searched } => searched,
        }
    }
}

/// The default number of full periods the repetition must cover.
pub const DEFAULT_MIN_REPEATS: usize = 3;

/// Finds the earliest start and, at that start, the smallest period of
/// `values`, requiring the repetition to cover `min_repeats` full periods.
pub fn find_period<T: PartialEq>(values: &[T], min_repeats: usize) -> Period {
    find_period_counted(values, min_repeats).0
}

/// The most periods kept as known to hold over a long stretch, whose
/// multiples need not compare that stretch again.
const MOST_NEAR: usize = 16;

/// [`find_period`], and the comparisons of one value with another it made:
/// the work a test can bound.
///
/// A period `d` that holds from `s_d` to the end (whether or not that
/// stretch is long enough to report) makes every multiple of `d` hold there
/// too, so a multiple's walk back starts at `s_d`, not at the end. On a
/// sequence that is periodic but for rare heaps, no period is reported until
/// the rare heaps end, and without this every multiple of the period walked
/// back to the last of them: quadratic in the values.
pub fn find_period_counted<T: PartialEq>(values: &[T], min_repeats: usize) -> (Period, u64) {
    let n = values.len();
    let min_repeats = min_repeats.max(1);
    let mut best: Option<(usize, usize)> = None; // (start, period)
    // Periods that hold over a long stretch at the end, with what is known
    // of the heaps before their stretch.
    let mut near: Vec<Near> = Vec::new();
    let mut compared = 0u64;
    let mut p: usize = 1;
    while p.saturating_mul(min_repeats) <= n {
        if let Some((s_best, p_best)) = best {
            if s_best == 0 {
                break;
            }
            let stretch = n - s_best;
            // Fine–Wilf: both p and p_best are periods of [s_best, n) when p could
            // improve, so gcd(p, p_best) would be too; p_best is minimal there.
            // So below stretch − p_best only its multiples are tried: a jump,
            // not a division for each p skipped (most of a search's time once
            // a period is found early in a long run).
            if !p.is_multiple_of(p_best) && p + p_best <= stretch {
                let multiple = p.div_ceil(p_best).saturating_mul(p_best);
                p = multiple.min(stretch - p_best + 1);
                continue;
            }
        }
        // A p whose first comparison fails (the last heap against the one p
        // before it) starts at n − p: one period, never long enough at two
        // repeats or more, never kept. Most p are such, so the next p whose
        // first comparison holds is found by one scan down the values.
        if min_repeats >= 2 {
            let last = &values[n - 1];
            match values[..n - p].iter().rposition(|value| value == last) {
                Some(k) if n - 1 - k > p => {
                    compared += (n - 1 - k - p) as u64;
                    p = n - 1 - k;
                    continue;
                }
                Some(_) => {}
                None => break,
            }
        }
        // A multiple of a period known to hold from s is a period from s:
        // only the heaps before s are left to compare, and those its
        // deviations from that period's pattern answer. Each kept period
        // carries its next multiple, so p is matched by a comparison.
        let divisor = near
            .iter_mut()
            .filter_map(|near| near.is_multiple(p).then_some(near))
            .min_by_key(|near| near.start);
        let start = match divisor {
            Some(near) => near.earliest_start_of_multiple(values, p, &mut compared),
            None => earliest_start_below(values, p, n, &mut compared),
        };
        // Kept if it holds over a long stretch, unless a divisor kept
        // already holds from as early (it covers p's multiples too).
        if near.len() < MOST_NEAR
            && n - p - start >= 2 * p.max(32)
            && !near
                .iter()
                .any(|near| p.is_multiple_of(near.period) && near.start <= start)
        {
            near.push(Near::new(p, start));
        }
        let fits = long_enough(n, start, p, min_repeats);
        let better = match best {
            None => true,
            Some((s_best, _)) => start < s_best,
        };
        if fits && better {
            best = Some((start, p));
            if !near.iter().any(|near| near.period == p) {
                near.push(Near::new(p, start));
            }
        }
        p += 1;
    }
    let period = match best {
        Some((preperiod, period)) => Period::Found {
            preperiod,
            period,
            searched: n,
        },
        None => Period::NotFound { searched: n },
    };
    (period, compared)
}

/// A period `d` known to hold from `start` to the end of the values, and
/// the heaps below `start` that break its pattern, found as far down as a
/// multiple has needed.
///
/// For a multiple `p = m·d` and a heap `k < start` with `k + p ≥ start`,
/// heap `k + p` lies in `d`'s stretch, so `values[k + p]` is the pattern's
/// value at `k` (`values[start + (k − start) mod d]`): `p` fails at `k`
/// exactly where `k` deviates from the pattern. A multiple's walk back is
/// then a look-up among the deviations, found once for all the multiples
/// (a run periodic but for rare heaps has few), instead of a walk per
/// multiple over the same heaps (·376's multiples of 4 walked 24,000 heaps
/// each, 3.8·10^9 comparisons to its proof).
#[derive(Debug)]
struct Near {
    period: usize,
    start: usize,
    /// Every deviation in `scanned .. start`, the largest first.
    deviations: Vec<usize>,
    scanned: usize,
    /// The least multiple of `period` not below the last `p` asked.
    multiple: usize,
}

impl Near {
    fn new(period: usize, start: usize) -> Near {
        Near {
            period,
            start,
            deviations: Vec::new(),
            scanned: start,
            multiple: period,
        }
    }

    /// Whether `p` is a multiple of the period, for `p` asked in increasing
    /// order (the search's): a division only once `p` passes the multiple
    /// kept, about once every `period` values of `p`.
    fn is_multiple(&mut self, p: usize) -> bool {
        if self.multiple < p {
            self.multiple = p.div_ceil(self.period).saturating_mul(self.period);
        }
        self.multiple == p
    }

    /// The heap of the pattern's stretch that heap `k < start` should equal:
    /// the least `k + m·period` at or past `start`.
    fn twin(&self, k: usize) -> usize {
        let phase = (self.start - k) % self.period;
        if phase == 0 {
            self.start
        } else {
            self.start + self.period - phase
        }
    }

    /// The largest deviation in `low .. top`, scanning down from what was
    /// scanned before as far as needed; the comparisons are counted.
    fn largest_deviation<T: PartialEq>(
        &mut self,
        values: &[T],
        low: usize,
        top: usize,
        compared: &mut u64,
    ) -> Option<usize> {
        // The deviations are listed largest first: the first below `top`.
        let at = self.deviations.partition_point(|&k| k >= top);
        if let Some(&k) = self.deviations.get(at) {
            return (k >= low).then_some(k);
        }
        // None listed below `top`: scan on down to the next, or to `low`,
        // the twin stepping down with `k` (one division, not one a heap).
        let mut twin = self.twin(self.scanned.saturating_sub(1));
        while self.scanned > low {
            let k = self.scanned - 1;
            self.scanned = k;
            *compared += 1;
            if values[k] != values[twin] {
                self.deviations.push(k);
                if k < top {
                    return Some(k);
                }
            }
            twin = if twin - 1 < self.start {
                twin - 1 + self.period
            } else {
                twin - 1
            };
        }
        None
    }

    /// [`earliest_start_below`] for `p`, a multiple of this period.
    fn earliest_start_of_multiple<T: PartialEq>(
        &mut self,
        values: &[T],
        p: usize,
        compared: &mut u64,
    ) -> usize {
        let n = values.len();
        let top = (n - p).min(self.start);
        let low = self.start.saturating_sub(p).min(top);
        if let Some(k) = self.largest_deviation(values, low, top, compared) {
            return k + 1;
        }
        // No deviation in `low .. top`: p holds there; below it both heaps
        // compared lie before the stretch.
        earliest_start_below(values, p, low, compared)
    }
}

/// Whether a repetition from `start` with `period`, in `searched` values,
/// is long enough to report: it covers `min_repeats` full periods and at
/// least a quarter of the values searched.
///
/// The second condition is what keeps a run of a handful of values at the
/// very end of the range from passing as a result. A sequence that climbs
/// by one every three heaps (hexadecimal ·8) ends, in some ranges, with
/// three equal values, which alone would be "period 1 from heap 997" in
/// 1,000 values; an arithmetic search meets the same artefact ("saltus −4
/// from heap 1,997" for octal ·104 in 2,000). A code's period is never lost
/// to it once its certificate can be read: the window of Theorem P makes the
/// run at least `(K − 1)/K` of the values it reads for `K ≥ 2`.
pub fn long_enough(searched: usize, start: usize, period: usize, min_repeats: usize) -> bool {
    let run = searched.saturating_sub(start);
    run >= min_repeats.saturating_mul(period) && run.saturating_mul(4) >= searched
}

/// The smallest `s` with `values[k] == values[k + p]` for all `s ≤ k < N − p`,
/// given that every `k ≥ known_from` is already known to agree; the
/// comparisons made are added to `compared`.
fn earliest_start_below<T: PartialEq>(
    values: &[T],
    p: usize,
    known_from: usize,
    compared: &mut u64,
) -> usize {
    let n = values.len();
    let top = (n - p).min(known_from);
    let start = (0..top)
        .rev()
        .find(|&k| values[k] != values[k + p])
        .map_or(0, |k| k + 1);
    // The walk compares from `top - 1` down to `start`, and the mismatch
    // below it when there is one.
    *compared += (top - start) as u64 + u64::from(start > 0);
    start
}

/// Whether `values` repeats with `period` from `preperiod` on, at every value
/// computed: the corroboration printed beside a certificate.
pub fn holds_throughout<T: PartialEq>(values: &[T], preperiod: usize, period: usize) -> bool {
    period > 0
        && (preperiod..values.len().saturating_sub(period)).all(|k| values[k] == values[k + period])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn periodic(prefix: &[u32], cycle: &[u32], len: usize) -> Vec<u32> {
        let mut v = prefix.to_vec();
        while v.len() < len {
            v.push(cycle[(v.len() - prefix.len()) % cycle.len()]);
        }
        v
    }

    #[test]
    fn finds_a_period_built_in_with_its_preperiod() {
        let v = periodic(&[9, 9, 4, 7, 1], &[0, 1, 0, 2, 2, 3], 600);
        assert_eq!(
            find_period(&v, 3),
            Period::Found {
                preperiod: 5,
                period: 6,
                searched: 600
            }
        );
    }

    #[test]
    fn a_prefix_that_matches_the_cycle_is_absorbed() {
        // The last prefix value equals the cycle's last value: the period starts one earlier.
        let v = periodic(&[5, 3], &[1, 2, 3], 90);
        assert_eq!(v[1], 3);
        assert_eq!(find_period(&v, 3).found(), Some((1, 3)));
    }

    #[test]
    fn strictly_growing_has_no_period() {
        let v: Vec<u32> = (0..2000).collect();
        assert_eq!(find_period(&v, 3), Period::NotFound { searched: 2000 });
    }

    #[test]
    fn random_values_have_no_period() {
        // A fixed-seed linear congruential generator: no dependency, same every run.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let v: Vec<u32> = (0..3000)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (x >> 33) as u32 % 1000
            })
            .collect();
        assert_eq!(find_period(&v, 3), Period::NotFound { searched: 3000 });
    }

    #[test]
    fn equal_values_at_the_end_do_not_pass_as_period_one() {
        let mut v = periodic(&[], &[0, 1, 0, 1, 2, 3, 2], 200);
        v.extend([2, 2, 2]);
        // Three equal values at the end are three periods of 1 but cover
        // less than a quarter of the values: no period.
        assert_eq!(find_period(&v, 3), Period::NotFound { searched: 203 });
        // Sixty-seven of them cover a quarter: period 1 from heap 200.
        v.extend([2; 64]);
        assert_eq!(find_period(&v, 3).found(), Some((200, 1)));
        // With the true cycle intact to the end, period 7 from 0.
        let w = periodic(&[], &[0, 1, 0, 1, 2, 3, 2], 203);
        assert_eq!(find_period(&w, 3).found(), Some((0, 7)));
    }

    #[test]
    fn too_few_repeats_is_not_a_period() {
        let v = periodic(&[7], &[1, 2, 3, 4, 5], 11); // two full periods after the prefix
        assert_eq!(find_period(&v, 3), Period::NotFound { searched: 11 });
        assert_eq!(find_period(&v, 2).found(), Some((1, 5)));
    }

    /// The definition, read literally: every start from the first, every
    /// period from the smallest.
    fn by_definition(values: &[u32], min_repeats: usize) -> Option<(usize, usize)> {
        let n = values.len();
        (0..n).find_map(|s| {
            (1..=n)
                .find(|&p| {
                    long_enough(n, s, p, min_repeats)
                        && (s..n.saturating_sub(p)).all(|k| values[k] == values[k + p])
                })
                .map(|p| (s, p))
        })
    }

    #[test]
    fn the_search_agrees_with_the_definition_on_nearly_periodic_values() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
        for _ in 0..300 {
            let cycle: Vec<u32> = (0..1 + next(6)).map(|_| next(3) as u32).collect();
            let len = 20 + next(120) as usize;
            let mut v = periodic(&[], &cycle, len);
            // A few rare heaps, anywhere.
            for _ in 0..next(4) {
                let at = next(len as u64) as usize;
                v[at] = 7;
            }
            let found = find_period(&v, 3).found();
            assert_eq!(found, by_definition(&v, 3), "{v:?}");
        }
    }

    /// Long runs periodic but for rare heaps in their first part: the
    /// multiples of a period read from its deviations (`Near`) must give
    /// what the definition gives, at 2 repeats (the certified search's)
    /// and 3, with the deviations equal to the pattern's value now and then
    /// (a heap that matches some multiples and not others).
    #[test]
    fn multiples_read_from_deviations_agree_with_the_definition() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
        let mut multiples = 0;
        for case in 0..240 {
            let cycle: Vec<u32> = (0..1 + next(5)).map(|_| next(3) as u32).collect();
            let len = 150 + next(250) as usize;
            let mut v = periodic(&[], &cycle, len);
            let last = len / 4 + next(len as u64 / 2) as usize;
            for _ in 0..1 + next(6) {
                let at = next(last as u64 + 1) as usize;
                v[at] = next(4) as u32;
            }
            let repeats = 2 + case % 2;
            let (found, compared) = find_period_counted(&v, repeats);
            assert_eq!(
                found.found(),
                by_definition(&v, repeats),
                "{repeats}: {v:?}"
            );
            multiples += compared;
        }
        assert!(multiples > 0);
    }

    /// The deviations below a period's stretch, scanned down with the twin
    /// stepping a heap at a time (one division a scan), are those the
    /// pattern gives heap by heap, over several periods without one and
    /// across every phase.
    #[test]
    fn deviations_scanned_down_are_those_of_the_pattern() {
        let mut x: u64 = 0x5851_F42D_4C95_7F2D;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
        for _ in 0..200 {
            let cycle: Vec<u32> = (0..2 + next(6)).map(|_| next(4) as u32).collect();
            let d = cycle.len();
            let len = 60 + next(200) as usize;
            let mut v = periodic(&[], &cycle, len);
            let start = 1 + next(len as u64 / 2) as usize;
            for _ in 0..next(4) {
                v[next(start as u64) as usize] = 9;
            }
            let deviates = |k: usize| {
                let twin = k + (start - k).div_ceil(d) * d;
                v[k] != v[twin]
            };
            let mut near = Near::new(d, start);
            let mut compared = 0;
            let mut top = start;
            while top > 0 {
                let low = top.saturating_sub(1 + next(3 * d as u64) as usize);
                let expected = (low..top).rev().find(|&k| deviates(k));
                let found = near.largest_deviation(&v, low, top, &mut compared);
                assert_eq!(found, expected, "{v:?} from {start}, {low}..{top}");
                top = found.unwrap_or(low);
            }
        }
    }

    /// Period 4 but for rare heaps scattered up to heap 60,001 of 80,000:
    /// no period is long enough to report, and each multiple of 4 once
    /// walked back to the last rare heap: 51,183,985 comparisons at first,
    /// 1,223,977 once a multiple walked only below the stretch of 4, 47,802
    /// now that the rare heaps below it are found once for every multiple.
    #[test]
    fn multiples_of_a_period_do_not_walk_its_stretch_again() {
        let mut v = periodic(&[], &[0, 1, 2, 3], 80_000);
        let mut x: u64 = 7;
        for _ in 0..60 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            v[(x >> 33) as usize % 60_000] = 9;
        }
        v[60_001] = 9;
        let (period, compared) = find_period_counted(&v, 3);
        assert_eq!(period, Period::NotFound { searched: 80_000 });
        assert!(compared < 200_000, "{compared} comparisons");
    }

    #[test]
    fn holds_throughout_catches_a_late_break() {
        let mut v = periodic(&[], &[0, 1, 2], 60);
        assert!(holds_throughout(&v, 0, 3));
        v[50] = 9;
        assert!(!holds_throughout(&v, 0, 3));
    }
}
