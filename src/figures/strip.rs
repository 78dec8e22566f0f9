//! `strip`: one game's values as a row of cells, its period bracketed, and
//! the certificate's window drawn as pairs joined across one period.
//!
//! The certificate is checked, not assumed: a window that fails stops the
//! build (seed 004, "the check that could have failed").

use serde::Deserialize;

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
use crate::sequence::DEFAULT_MIN_REPEATS;
pub use ladder_draw::strip::{Data, MOST_SHOWN, render};

/// Parameters of a strip.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `sub:1,3,4`.
    pub game: Rule,
    /// How many values to compute and search for a period.
    pub values: Count,
    /// How many cells to draw (default 28).
    #[serde(default = "default_shown")]
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
    /// How many full periods the repetition must cover (default 3).
    #[serde(default = "default_repeats")]
    #[serde(deserialize_with = "Within::<1, 1000>::read")]
    pub min_repeats: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.shown > MOST_SHOWN {
            return Err(format!(
                "shown must be at most {MOST_SHOWN}, the cells that fit the page's column, not {}",
                self.shown
            ));
        }
        crate::budget::check_values(&self.game, self.values.0)
    }
}

fn default_shown() -> usize {
    28
}

fn default_repeats() -> usize {
    DEFAULT_MIN_REPEATS
}

/// Computes the values, finds the period, checks the certificate.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::strip::compute(
        &params.game,
        params.values.0,
        params.shown,
        params.min_repeats,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strip_too_long_for_the_column_is_refused() {
        let params = Params {
            game: "sub:1,3,4".parse().unwrap(),
            values: Count(100),
            shown: MOST_SHOWN + 1,
            min_repeats: 3,
        };
        assert!(params.check().unwrap_err().contains("at most"));
    }
}
