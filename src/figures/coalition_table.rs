//! `coalition-table`: one ruleset's classes under the fixed alliance, laid
//! out by the key (the data and table: [`ladder_draw::coalition::table`],
//! which the reader's page draws through too).

use serde::Deserialize;

use super::bounds::CheckParams;
use crate::coalition::{CoalitionParams, Ruleset};
pub use ladder_draw::coalition::table::{Data, render, table_data};

/// Parameters: the ruleset and the sizes of the measurement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The ruleset: `nim`, `sub:1,2`, `octal:0.77` (Kayles) or `octal:0.07`
    /// (Dawson's Kayles).
    pub game: Ruleset,
    /// Test and census sizes and the number of allies; each field defaults to
    /// the seed's (3 test heaps of 1 to 10, census of 5 heaps up to 10, 2 allies).
    #[serde(default)]
    pub search: CoalitionParams,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        self.search.validate()
    }
}

/// Runs the measurement.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.search.validate()?;
    table_data(&params.game, &params.search)
}
