//! `value-growth`: the largest value so far against the heap, for several
//! games, read at fixed checkpoints (the data and drawing:
//! [`ladder_draw::growth`], which the reader's page draws through too).

use serde::Deserialize;

use super::bounds::CheckParams;
use crate::games::Rule;
pub use ladder_draw::growth::{Data, render};

/// Parameters: the games and the heaps to read the largest value at.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The games, one series each (at most two are drawn in colour).
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Rule>,
    /// Counts of values (from heap 0) after which the largest so far is
    /// read, ascending; as many values as the last are computed (at most
    /// 100,000).
    pub checkpoints: Vec<usize>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        ladder_draw::growth::check(&self.games, &self.checkpoints)?;
        let last = self.checkpoints.last().copied().unwrap_or(0);
        self.games
            .iter()
            .try_for_each(|game| crate::budget::check_values(game, last))
    }
}

/// Computes as many values of each game as the last checkpoint names, and
/// reads the largest so far at each checkpoint.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    ladder_draw::growth::compute(&params.games, &params.checkpoints)
}
