//! Measuring one subtraction set: its values to a fixed length, then the
//! period search of `crate::sequence` (earliest start, then smallest period,
//! repetition covering at least three full periods).
//!
//! The length rule of the three-take census: max(3,000, 60 × largest take)
//! values, far past every period and preperiod met with takes up to 40.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::subtraction::subtraction_values;
use crate::sequence::{DEFAULT_MIN_REPEATS, Period, Value, find_period};

/// How many values the census computes for a set whose largest take is
/// `largest_take`.
pub fn census_length(largest_take: usize) -> usize {
    (60 * largest_take).max(3000)
}

/// A set's period, preperiod and largest value over the values computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Measurement {
    pub period: usize,
    pub preperiod: usize,
    pub max_value: Value,
    pub values_computed: usize,
}

/// The honest failure: no period satisfying the convention in the values
/// computed. No set of the site's censuses hits it; the tests say so.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PeriodNotFound {
    pub takes: Vec<usize>,
    pub searched: usize,
}

impl fmt::Display for PeriodNotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no period found for takes {:?} in {} values",
            self.takes, self.searched
        )
    }
}

impl std::error::Error for PeriodNotFound {}

/// Period, preperiod and largest value of `values`, the Grundy values of
/// `takes` from heap 0.
pub fn measure_values(takes: &[usize], values: &[Value]) -> Result<Measurement, PeriodNotFound> {
    match find_period(values, DEFAULT_MIN_REPEATS) {
        Period::Found {
            preperiod, period, ..
        } => Ok(Measurement {
            period,
            preperiod,
            max_value: values.iter().copied().max().unwrap_or(0),
            values_computed: values.len(),
        }),
        Period::NotFound { searched } => Err(PeriodNotFound {
            takes: takes.to_vec(),
            searched,
        }),
    }
}

/// Computes `count` values of `takes` with the tight loop and measures them.
pub fn measure_set(takes: &[usize], count: usize) -> Result<Measurement, PeriodNotFound> {
    measure_values(takes, &subtraction_values(takes, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rule_is_three_thousand_or_sixty_times_the_largest_take() {
        assert_eq!(census_length(20), 3000);
        assert_eq!(census_length(50), 3000);
        assert_eq!(census_length(51), 3060);
    }

    #[test]
    fn one_three_four_has_period_seven_from_zero() {
        let measured = measure_set(&[1, 3, 4], 300).unwrap();
        assert_eq!(
            (measured.period, measured.preperiod, measured.max_value),
            (7, 0, 3)
        );
    }

    #[test]
    fn too_few_values_is_reported_not_guessed() {
        // {1, 3, 4} has period 7; 20 values hold fewer than three periods.
        let error = measure_set(&[1, 3, 4], 20).unwrap_err();
        assert_eq!(
            error,
            PeriodNotFound {
                takes: vec![1, 3, 4],
                searched: 20
            }
        );
    }
}
