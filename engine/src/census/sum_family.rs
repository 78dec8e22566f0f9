//! The sum family: sets {a, b, a + b}, the third take reaching exactly one
//! period of the pair {a, b}. Measured as the triple census measures, to
//! max(3,000, 60(a + b)) values; periods that are no sum of two takes have
//! class `none` in the records.

use super::measure::PeriodNotFound;
use super::triples::{TripleCensus, census_of_sets};

/// The site's sum family: a + b up to 40.
pub const SUM_FAMILY_LARGEST_SUM: usize = 40;

/// Every set {a, b, a + b} with a < b and a + b ≤ `largest_sum`, by a then b.
pub fn sum_family_sets(largest_sum: usize) -> Vec<[usize; 3]> {
    (1..=largest_sum)
        .flat_map(|a| (a + 1..=largest_sum.saturating_sub(a)).map(move |b| [a, b, a + b]))
        .collect()
}

/// The whole family in one thread.
pub fn sum_family(largest_sum: usize) -> Result<TripleCensus, PeriodNotFound> {
    census_of_sets(&sum_family_sets(largest_sum))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::triples::PeriodClass;
    use crate::games::subtraction::subtraction_values;
    use crate::sequence::holds_throughout;

    #[test]
    fn three_hundred_eighty_sets_none_with_preperiod() {
        let family = sum_family(SUM_FAMILY_LARGEST_SUM).unwrap();
        let summary = &family.summary;
        assert_eq!(summary.sets, 380);
        assert_eq!(summary.periods_certified, 380);
        assert_eq!(summary.with_preperiod, 0);
        assert!(summary.longest_preperiod_sets.is_empty());
        let classes = &summary.classes;
        assert_eq!(
            (
                classes.a_plus_b,
                classes.a_plus_c,
                classes.b_plus_c,
                classes.none
            ),
            (0, 133, 46, 201)
        );
        assert_eq!(summary.longest_period, 715);
        assert_eq!(summary.longest_period_sets, [[11, 29, 40], [13, 27, 40]]);
    }

    #[test]
    fn the_census_range_agrees_with_the_triple_census() {
        // Members with a + b ≤ 20 include {6, 13, 19} (162) and {2, 5, 7} (22).
        let family = sum_family(20).unwrap();
        let find = |takes: [usize; 3]| family.records.iter().find(|r| r.takes == takes).unwrap();
        assert_eq!(find([6, 13, 19]).period, 162);
        assert_eq!(
            (find([2, 5, 7]).period, find([2, 5, 7]).class),
            (22, PeriodClass::NoSum)
        );
    }

    #[test]
    fn every_period_holds_over_four_times_the_values() {
        for r in sum_family(SUM_FAMILY_LARGEST_SUM).unwrap().records {
            let longer = subtraction_values(&r.takes, 12_000);
            assert!(
                holds_throughout(&longer, r.preperiod, r.period),
                "{:?}",
                r.takes
            );
        }
    }

    #[test]
    fn members_are_a_below_b_with_third_the_sum() {
        assert_eq!(
            sum_family_sets(7),
            [
                [1, 2, 3],
                [1, 3, 4],
                [1, 4, 5],
                [1, 5, 6],
                [1, 6, 7],
                [2, 3, 5],
                [2, 4, 6],
                [2, 5, 7],
                [3, 4, 7]
            ]
        );
    }
}
