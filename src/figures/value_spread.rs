//! `value-spread`: a game with no period in the values computed, drawn as
//! how many heaps take each value (the data and drawing:
//! [`ladder_draw::spread`], which the reader's page draws through too).

use serde::Deserialize;

use super::bounds::CheckParams;
use super::bounds::Count;
use crate::games::Rule;
pub use ladder_draw::spread::{Data, render};

/// Parameters: the game and the values computed.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `octal:·007`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)
    }
}

/// Computes and counts.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::spread::compute(&params.game, params.values.0)
}
