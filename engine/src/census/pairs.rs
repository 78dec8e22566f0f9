//! The pair census: every two-take set 1 ≤ a < b ≤ a bound, its values by the
//! recursion, checked at every heap against the closed form of
//! `crate::games::two_takes`, with period and preperiod measured by the
//! search (not taken from the formula) so the formula's corollaries are
//! tested too: period a + b, or 2a when b is an odd multiple of a; no
//! preperiod.

use crate::parallel::prelude::*;
use serde::{Deserialize, Serialize};

use super::measure::{PeriodNotFound, measure_values};
use crate::games::subtraction::subtraction_values;
use crate::games::two_takes::TwoTakes;

/// The site's pair census: takes up to 40 ...
pub const PAIR_CENSUS_LARGEST_TAKE: usize = 40;
/// ... each pair computed to 1,200 values.
pub const PAIR_CENSUS_VALUES: usize = 1200;

/// One pair's measured facts; the data file's record shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct PairRecord {
    pub takes: [usize; 2],
    pub period: usize,
    pub preperiod: usize,
    pub closed_form_agrees: bool,
}

/// Which of the two predicted periods the measured one is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum PairPeriodCase {
    #[serde(rename = "a+b")]
    SumOfTakes,
    #[serde(rename = "2a")]
    TwiceSmaller,
    #[serde(rename = "other")]
    Other,
}

impl PairRecord {
    /// Whether the measured period is a + b, 2a or neither.
    pub fn period_case(&self) -> PairPeriodCase {
        let [a, b] = self.takes;
        if self.period == a + b {
            PairPeriodCase::SumOfTakes
        } else if self.period == 2 * a {
            PairPeriodCase::TwiceSmaller
        } else {
            PairPeriodCase::Other
        }
    }

    /// The closed form's game for this pair.
    pub fn two_takes(&self) -> TwoTakes {
        TwoTakes::new(self.takes[0] as u64, self.takes[1] as u64).expect("census pairs are valid")
    }
}

/// Counts over a pair census, every one measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct PairSummary {
    pub pairs: usize,
    pub values_per_pair: usize,
    /// Pairs where the closed form equals the recursion at every heap.
    pub closed_form_agreements: usize,
    pub period_sum_of_takes: usize,
    pub period_twice_smaller: usize,
    pub period_other: usize,
    /// Pairs where b is an odd multiple of a, counted from the takes alone.
    pub larger_odd_multiple_of_smaller: usize,
    /// Pairs whose measured period is the one `TwoTakes::period` predicts.
    pub period_rule_agreements: usize,
    pub with_preperiod: usize,
    pub longest_preperiod: usize,
}

/// A census's records in listed order, with their summary.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PairCensus {
    pub records: Vec<PairRecord>,
    pub summary: PairSummary,
}

/// Every pair 1 ≤ a < b ≤ `largest`, by a then b.
pub fn all_pairs(largest: usize) -> Vec<[usize; 2]> {
    (1..=largest)
        .flat_map(|a| (a + 1..=largest).map(move |b| [a, b]))
        .collect()
}

/// Computes `count` values of one pair, compares every one with the closed
/// form and measures period and preperiod.
pub fn measure_pair(takes: [usize; 2], count: usize) -> Result<PairRecord, PeriodNotFound> {
    let values = subtraction_values(&takes, count);
    let game =
        TwoTakes::new(takes[0] as u64, takes[1] as u64).expect("two distinct positive takes");
    let closed_form_agrees = values
        .iter()
        .enumerate()
        .all(|(heap, &value)| game.value(heap as u128) == value);
    let measured = measure_values(&takes, &values)?;
    Ok(PairRecord {
        takes,
        period: measured.period,
        preperiod: measured.preperiod,
        closed_form_agrees,
    })
}

/// The counts over `records`, each computed to `values_per_pair` values.
pub fn summarize_pairs(records: &[PairRecord], values_per_pair: usize) -> PairSummary {
    let count_where =
        |test: &dyn Fn(&PairRecord) -> bool| records.iter().filter(|r| test(r)).count();
    PairSummary {
        pairs: records.len(),
        values_per_pair,
        closed_form_agreements: count_where(&|r| r.closed_form_agrees),
        period_sum_of_takes: count_where(&|r| r.period_case() == PairPeriodCase::SumOfTakes),
        period_twice_smaller: count_where(&|r| r.period_case() == PairPeriodCase::TwiceSmaller),
        period_other: count_where(&|r| r.period_case() == PairPeriodCase::Other),
        larger_odd_multiple_of_smaller: count_where(&|r| {
            r.two_takes().larger_is_odd_multiple_of_smaller()
        }),
        period_rule_agreements: count_where(&|r| r.two_takes().period() == r.period as u128),
        with_preperiod: count_where(&|r| r.preperiod > 0),
        longest_preperiod: records.iter().map(|r| r.preperiod).max().unwrap_or(0),
    }
}

/// The whole census: list, measure each (in parallel), summarise.
pub fn pair_census(largest: usize, values_per_pair: usize) -> Result<PairCensus, PeriodNotFound> {
    let records = all_pairs(largest)
        .into_par_iter()
        .map(|takes| measure_pair(takes, values_per_pair))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = summarize_pairs(&records, values_per_pair);
    Ok(PairCensus { records, summary })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::SubtractionSet;
    use crate::sequence::Value;

    fn site_census() -> PairCensus {
        pair_census(PAIR_CENSUS_LARGEST_TAKE, PAIR_CENSUS_VALUES).unwrap()
    }

    #[test]
    fn seven_hundred_eighty_pairs_fifty_two_of_period_two_a_none_with_preperiod() {
        let summary = site_census().summary;
        assert_eq!(summary.pairs, 780);
        assert_eq!(summary.closed_form_agreements, 780);
        assert_eq!(summary.period_twice_smaller, 52);
        assert_eq!(summary.larger_odd_multiple_of_smaller, 52);
        assert_eq!(summary.period_sum_of_takes, 780 - 52);
        assert_eq!(summary.period_other, 0);
        assert_eq!(summary.period_rule_agreements, 780);
        assert_eq!(summary.with_preperiod, 0);
    }

    #[test]
    fn closed_form_matches_the_mex_recursion_on_every_pair() {
        // Independent of the census's tight loop: the generic recursion.
        for [a, b] in all_pairs(PAIR_CENSUS_LARGEST_TAKE) {
            let game = TwoTakes::new(a as u64, b as u64).unwrap();
            let recursion = SubtractionSet::new([a, b])
                .expect("valid takes")
                .values(PAIR_CENSUS_VALUES);
            let formula: Vec<Value> = (0..PAIR_CENSUS_VALUES as u128)
                .map(|n| game.value(n))
                .collect();
            assert_eq!(formula, recursion, "{{{a}, {b}}}");
        }
    }

    #[test]
    fn a_wrong_formula_is_caught() {
        // Negative control: the census must flag a pair where the values differ.
        let values = subtraction_values(&[3, 8], 100);
        let wrong = TwoTakes::new(3, 7).unwrap();
        assert!(
            !values
                .iter()
                .enumerate()
                .all(|(n, &v)| wrong.value(n as u128) == v)
        );
    }

    #[test]
    fn pairs_are_listed_by_smaller_then_larger() {
        let pairs = all_pairs(4);
        assert_eq!(pairs, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
    }
}
