//! `certificate-lengths`: how many pairs each game's certificate compares,
//! side by side on a logarithmic scale (the data and drawing:
//! [`ladder_draw::certificate_lengths`], which the reader's page draws
//! through too).

use serde::Deserialize;

use super::bounds::CheckParams;
use super::bounds::Count;
use crate::games::Rule;
pub use ladder_draw::certificate_lengths::{Data, render};

/// One game to certify.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The rule, e.g. `octal:·137`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
}

/// Parameters: the games, in drawing order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The games whose certificates are compared.
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Game>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        self.games
            .iter()
            .try_for_each(|g| crate::budget::check_values(&g.game, g.values.0))
    }
}

/// Computes, searches and certifies each game; an uncertified one is an error.
pub fn compute(params: &Params) -> Result<Data, String> {
    let games: Vec<(Rule, usize)> = params
        .games
        .iter()
        .map(|g| (g.game.clone(), g.values.0))
        .collect();
    ladder_draw::certificate_lengths::compute(&games)
}
