//! `coalition-summary`: several rulesets under one set of parameters, one
//! row each (the data and table: [`ladder_draw::coalition::summary`], which
//! the reader's page draws through too). Used for the four-player game.

use serde::Deserialize;

use super::bounds::CheckParams;
use crate::coalition::{CoalitionParams, Ruleset};
pub use ladder_draw::coalition::summary::{Data, render};

/// Parameters: the rulesets and the sizes of the measurement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The rulesets, one row each.
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Ruleset>,
    /// Test and census sizes and the number of allies (defaults: the seed's).
    #[serde(default)]
    pub search: CoalitionParams,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.games.is_empty() {
            return Err("games is empty: name at least one ruleset".to_string());
        }
        self.search.validate()
    }
}

/// Runs every measurement.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    ladder_draw::coalition::summary::compute(&params.games, &params.search)
}
