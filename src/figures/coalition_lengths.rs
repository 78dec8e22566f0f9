//! `coalition-lengths`: two rulesets whose heaps offer the same menus of
//! lengths of play, heap by heap, beside their class tables (the data and
//! table: [`ladder_draw::coalition::lengths`], which the reader's page
//! draws through too).

use serde::Deserialize;

use super::bounds::CheckParams;
use crate::coalition::{CoalitionParams, Ruleset};
pub use ladder_draw::coalition::lengths::{Data, render};

/// Parameters: the two rulesets and the sizes of the measurement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The two rulesets compared, e.g. `[sub:2,3, octal:0.07]`.
    pub games: [Ruleset; 2],
    /// Test and census sizes and the number of allies (defaults: the seed's).
    #[serde(default)]
    pub search: CoalitionParams,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        self.search.validate()
    }
}

/// Runs both measurements.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::coalition::lengths::compute(&params.games, &params.search)
}
