//! `same-sequence`: two rules compared value by value over the range
//! computed (the data and drawing: [`ladder_draw::same`], which the
//! reader's page draws through too).

use serde::Deserialize;

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
pub use ladder_draw::same::{Data, render};

/// Parameters: the two rules, the heaps compared, the cells drawn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The first rule, e.g. `octal:·33`.
    pub game: Rule,
    /// The rule it is compared with, e.g. `sub:1,2`.
    pub other: Rule,
    /// Heaps compared (and values computed of each).
    pub values: Count,
    /// Cells drawn per strip.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)?;
        crate::budget::check_values(&self.other, self.values.0)
    }
}

/// Computes through the shared code.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::same::compute(&ladder_draw::same::Input {
        game: params.game.clone(),
        other: params.other.clone(),
        values: params.values.0,
        shown: params.shown,
    })
}
