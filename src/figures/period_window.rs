//! `period-window`: one game's values in rows as long as its period, with
//! the preperiod, the certificate's window and the values it needs marked
//! (the data and drawing: [`ladder_draw::window`], which the reader's page
//! draws through too).

use serde::Deserialize;

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
pub use ladder_draw::window::{Data, render};

/// Parameters: the game, the values to search, the rows to draw.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `octal:·137`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
    /// Rows of one period each drawn (default 6).
    #[serde(default = "default_rows")]
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub rows: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)
    }
}

fn default_rows() -> usize {
    6
}

/// Computes, searches and certifies; a game without a period is an error.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::window::compute(&params.game, params.values.0, params.rows)
}
