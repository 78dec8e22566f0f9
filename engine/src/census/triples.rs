//! The triple census: every three-take set a < b < c ≤ a bound, each computed
//! to max(3,000, 60c) values, with period, preperiod, largest value and the
//! class of the period: which sum of two takes it equals (a + b, a + c,
//! b + c — three distinct numbers, so at most one) or none. The counts are
//! observations on the sets computed, not theorems.

use crate::parallel::prelude::*;
use serde::{Deserialize, Serialize};

use super::measure::{PeriodNotFound, census_length, measure_set};
use crate::sequence::Value;

/// The site's triple census: takes up to 20.
pub const TRIPLE_CENSUS_LARGEST_TAKE: usize = 20;

/// Which sum of two takes a three-take set's period equals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum PeriodClass {
    #[serde(rename = "a+b")]
    APlusB,
    #[serde(rename = "a+c")]
    APlusC,
    #[serde(rename = "b+c")]
    BPlusC,
    #[serde(rename = "none")]
    NoSum,
}

impl PeriodClass {
    /// The class of `period` for the ascending takes `[a, b, c]`.
    pub fn of(takes: [usize; 3], period: usize) -> Self {
        let [a, b, c] = takes;
        if period == a + b {
            PeriodClass::APlusB
        } else if period == a + c {
            PeriodClass::APlusC
        } else if period == b + c {
            PeriodClass::BPlusC
        } else {
            PeriodClass::NoSum
        }
    }
}

/// One set's measured facts; the data file's record shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct TripleRecord {
    pub takes: [usize; 3],
    pub period: usize,
    pub preperiod: usize,
    pub class: PeriodClass,
    pub max_value: Value,
}

impl TripleRecord {
    /// Whether the values computed prove the period for every heap. In a
    /// subtraction game a heap's value depends only on the c heaps below it,
    /// so c consecutive agreeing pairs g(n) = g(n + p) from the preperiod on
    /// force the repetition for ever; the search saw agreement on every
    /// n from the preperiod to (values computed) − p.
    pub fn is_certified(&self) -> bool {
        let agreeing = census_length(self.takes[2]).saturating_sub(self.period + self.preperiod);
        agreeing >= self.takes[2]
    }

    /// Whether the third take is the sum of the other two.
    pub fn third_is_sum(&self) -> bool {
        self.takes[2] == self.takes[0] + self.takes[1]
    }
}

/// How many records fall in each class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct ClassCounts {
    #[serde(rename = "a+b")]
    pub a_plus_b: usize,
    #[serde(rename = "a+c")]
    pub a_plus_c: usize,
    #[serde(rename = "b+c")]
    pub b_plus_c: usize,
    pub none: usize,
}

impl ClassCounts {
    /// Tallies the classes of `records`.
    pub fn of(records: &[TripleRecord]) -> Self {
        let mut counts = ClassCounts::default();
        for record in records {
            match record.class {
                PeriodClass::APlusB => counts.a_plus_b += 1,
                PeriodClass::APlusC => counts.a_plus_c += 1,
                PeriodClass::BPlusC => counts.b_plus_c += 1,
                PeriodClass::NoSum => counts.none += 1,
            }
        }
        counts
    }

    /// Records whose period is some sum of two takes.
    pub fn sum_of_two(&self) -> usize {
        self.a_plus_b + self.a_plus_c + self.b_plus_c
    }
}

/// Counts and extremes over a family of three-take sets.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TripleSummary {
    pub sets: usize,
    pub fewest_values_computed: usize,
    pub most_values_computed: usize,
    pub classes: ClassCounts,
    pub period_sum_of_two: usize,
    pub reaching_three: usize,
    pub largest_value: Value,
    pub with_preperiod: usize,
    pub longest_preperiod: usize,
    /// Empty when no set has a preperiod.
    pub longest_preperiod_sets: Vec<[usize; 3]>,
    pub longest_period: usize,
    pub longest_period_sets: Vec<[usize; 3]>,
    /// Whether every set with the longest period has c = a + b.
    pub longest_period_third_is_sum: bool,
    /// The longest period among sets whose third take is not a + b.
    pub longest_period_third_not_sum: usize,
    pub longest_period_third_not_sum_sets: Vec<[usize; 3]>,
    /// Sets whose period is no sum of two takes and whose third take is a + b.
    pub no_sum_with_third_the_sum: usize,
    /// Sets whose period is proved, not only observed: see `is_certified`.
    pub periods_certified: usize,
}

/// A census's records in listed order, with their summary.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TripleCensus {
    pub records: Vec<TripleRecord>,
    pub summary: TripleSummary,
}

/// Every set a < b < c ≤ `largest`, in lexicographic order.
pub fn all_triples(largest: usize) -> Vec<[usize; 3]> {
    let mut sets = Vec::new();
    for a in 1..=largest {
        for b in a + 1..=largest {
            sets.extend((b + 1..=largest).map(|c| [a, b, c]));
        }
    }
    sets
}

/// Measures one set (ascending takes) to `census_length(c)` values.
pub fn measure_triple(takes: [usize; 3]) -> Result<TripleRecord, PeriodNotFound> {
    debug_assert!(takes[0] > 0 && takes[0] < takes[1] && takes[1] < takes[2]);
    let measured = measure_set(&takes, census_length(takes[2]))?;
    Ok(TripleRecord {
        takes,
        period: measured.period,
        preperiod: measured.preperiod,
        class: PeriodClass::of(takes, measured.period),
        max_value: measured.max_value,
    })
}

/// The maximum of `key` over `records` and the sets attaining it; no sets
/// when the maximum is 0 (a family with no preperiod lists nothing).
fn arg_max(
    records: &[TripleRecord],
    key: impl Fn(&TripleRecord) -> usize,
) -> (usize, Vec<[usize; 3]>) {
    let best = records.iter().map(&key).max().unwrap_or(0);
    let sets = records
        .iter()
        .filter(|r| best > 0 && key(r) == best)
        .map(|r| r.takes)
        .collect();
    (best, sets)
}

/// The counts over `records`.
pub fn summarize_triples(records: &[TripleRecord]) -> TripleSummary {
    let classes = ClassCounts::of(records);
    let lengths = records.iter().map(|r| census_length(r.takes[2]));
    let (longest_preperiod, longest_preperiod_sets) = arg_max(records, |r| r.preperiod);
    let (longest_period, longest_period_sets) = arg_max(records, |r| r.period);
    let off_sum: Vec<TripleRecord> = records
        .iter()
        .filter(|r| !r.third_is_sum())
        .copied()
        .collect();
    let (longest_off_sum, longest_off_sum_sets) = arg_max(&off_sum, |r| r.period);
    TripleSummary {
        sets: records.len(),
        fewest_values_computed: lengths.clone().min().unwrap_or(0),
        most_values_computed: lengths.max().unwrap_or(0),
        classes,
        period_sum_of_two: classes.sum_of_two(),
        reaching_three: records.iter().filter(|r| r.max_value >= 3).count(),
        largest_value: records.iter().map(|r| r.max_value).max().unwrap_or(0),
        with_preperiod: records.iter().filter(|r| r.preperiod > 0).count(),
        longest_preperiod,
        longest_preperiod_sets,
        longest_period,
        longest_period_third_is_sum: longest_period_sets.iter().all(|&[a, b, c]| c == a + b),
        longest_period_sets,
        longest_period_third_not_sum: longest_off_sum,
        longest_period_third_not_sum_sets: longest_off_sum_sets,
        no_sum_with_third_the_sum: records
            .iter()
            .filter(|r| r.class == PeriodClass::NoSum && r.third_is_sum())
            .count(),
        periods_certified: records.iter().filter(|r| r.is_certified()).count(),
    }
}

/// Measures each listed set (in parallel), gathers them in order, and summarises.
pub fn census_of_sets(sets: &[[usize; 3]]) -> Result<TripleCensus, PeriodNotFound> {
    let records = sets
        .par_iter()
        .map(|&takes| measure_triple(takes))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = summarize_triples(&records);
    Ok(TripleCensus { records, summary })
}

/// The whole census of every set a < b < c ≤ `largest`.
pub fn triple_census(largest: usize) -> Result<TripleCensus, PeriodNotFound> {
    census_of_sets(&all_triples(largest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::SubtractionSet;
    use crate::games::subtraction::subtraction_values;
    use crate::sequence::holds_throughout;
    use std::sync::OnceLock;

    /// Computed once and shared by the tests.
    fn site_census() -> &'static TripleCensus {
        static CENSUS: OnceLock<TripleCensus> = OnceLock::new();
        CENSUS.get_or_init(|| triple_census(TRIPLE_CENSUS_LARGEST_TAKE).unwrap())
    }

    fn record(census: &TripleCensus, takes: [usize; 3]) -> TripleRecord {
        *census.records.iter().find(|r| r.takes == takes).unwrap()
    }

    #[test]
    fn eleven_hundred_forty_sets_each_to_three_thousand_values() {
        let summary = &site_census().summary;
        assert_eq!(summary.sets, 1140);
        assert_eq!(
            (summary.fewest_values_computed, summary.most_values_computed),
            (3000, 3000)
        );
    }

    #[test]
    fn measured_counts() {
        let summary = &site_census().summary;
        let classes = (
            summary.classes.a_plus_b,
            summary.classes.a_plus_c,
            summary.classes.b_plus_c,
        );
        assert_eq!(classes, (144, 538, 293));
        assert_eq!(summary.classes.none, 165);
        assert_eq!(summary.period_sum_of_two, 975);
        assert_eq!(summary.reaching_three, 654);
        assert_eq!(summary.largest_value, 3);
        assert_eq!(summary.with_preperiod, 233);
        assert_eq!(summary.periods_certified, 1140);
        assert_eq!(
            (
                summary.longest_preperiod,
                summary.longest_preperiod_sets.clone()
            ),
            (126, vec![[8, 17, 19]])
        );
    }

    #[test]
    fn seed_proportions_hold_roughly() {
        let summary = &site_census().summary;
        let share = |count: usize| count as f64 / summary.sets as f64;
        assert!(
            (share(summary.period_sum_of_two) - 6.0 / 7.0).abs() < 0.01,
            "six in seven"
        );
        assert!(share(summary.reaching_three) > 0.5, "more than half");
        assert!(
            (share(summary.with_preperiod) - 0.2).abs() < 0.01,
            "a fifth"
        );
    }

    #[test]
    fn longest_period_is_162_on_a_set_whose_third_take_is_the_sum() {
        let summary = &site_census().summary;
        assert_eq!(summary.longest_period, 162);
        assert_eq!(summary.longest_period_sets, [[6, 13, 19]]);
        assert!(summary.longest_period_third_is_sum);
        assert_eq!(summary.no_sum_with_third_the_sum, 40);
        assert_eq!(summary.longest_period_third_not_sum, 39);
        assert_eq!(
            summary.longest_period_third_not_sum_sets,
            [[2, 19, 20], [3, 19, 20], [4, 19, 20]]
        );
    }

    #[test]
    fn named_sets() {
        let census = site_census();
        let two_five_seven = record(census, [2, 5, 7]);
        assert_eq!(
            (two_five_seven.period, two_five_seven.class),
            (22, PeriodClass::NoSum)
        );
        assert_eq!(record(census, [1, 2, 3]).class, PeriodClass::APlusC);
        assert_eq!(record(census, [1, 2, 6]).class, PeriodClass::APlusC);
        assert_eq!(record(census, [1, 2, 4]).class, PeriodClass::APlusB);
        assert_eq!(record(census, [1, 2, 5]).class, PeriodClass::APlusB);
        assert_eq!(record(census, [1, 3, 4]).class, PeriodClass::BPlusC);
    }

    #[test]
    fn tight_loop_equals_the_mex_recursion_on_every_set() {
        for takes in all_triples(TRIPLE_CENSUS_LARGEST_TAKE) {
            let recursion = SubtractionSet::new(takes)
                .expect("valid takes")
                .values(3000);
            assert_eq!(subtraction_values(&takes, 3000), recursion, "{takes:?}");
        }
    }

    #[test]
    fn every_period_holds_over_four_times_the_values() {
        for r in &site_census().records {
            let longer = subtraction_values(&r.takes, 12_000);
            assert!(
                holds_throughout(&longer, r.preperiod, r.period),
                "{:?}",
                r.takes
            );
        }
    }

    #[test]
    fn class_is_the_unique_sum_or_none() {
        assert_eq!(PeriodClass::of([2, 5, 7], 7), PeriodClass::APlusB);
        assert_eq!(PeriodClass::of([2, 5, 7], 9), PeriodClass::APlusC);
        assert_eq!(PeriodClass::of([2, 5, 7], 12), PeriodClass::BPlusC);
        assert_eq!(PeriodClass::of([2, 5, 7], 22), PeriodClass::NoSum);
        assert_eq!(PeriodClass::of([2, 5, 7], 2), PeriodClass::NoSum);
    }

    #[test]
    fn sets_are_listed_in_lexicographic_order() {
        assert_eq!(all_triples(4), [[1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]]);
        assert_eq!(all_triples(20).len(), 1140);
    }
}
