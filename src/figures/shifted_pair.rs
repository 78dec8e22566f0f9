//! `shifted-pair`: two games whose sequences are one and the same, moved
//! along by a fixed number of heaps, the shift searched (the data and
//! drawing: [`ladder_draw::shift`], which the reader's page draws through
//! too).

use serde::Deserialize;

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
pub use ladder_draw::shift::{Data, render};

/// Parameters: the two games, the values of each, the shifts tried.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game read as it is, e.g. `octal:·137`.
    pub game: Rule,
    /// The game whose values are compared `shift` heaps later, e.g. `octal:·07`.
    pub shifted: Rule,
    /// Values computed of each.
    pub values: Count,
    /// Shifts tried: `0 ..= largest_shift`.
    #[serde(deserialize_with = "Within::<0, 1_000>::read")]
    pub largest_shift: usize,
    /// Cells drawn per strip.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)?;
        crate::budget::check_values(&self.shifted, self.values.0)
    }
}

/// Computes through the shared code.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::shift::compute(&ladder_draw::shift::Input {
        game: params.game.clone(),
        shifted: params.shifted.clone(),
        values: params.values.0,
        largest_shift: params.largest_shift,
        shown: params.shown,
    })
}
