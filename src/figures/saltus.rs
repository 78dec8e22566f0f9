//! `saltus`: hexadecimal games whose values settle into arithmetic
//! periodicity, with what Theorems C and C⁺ make of each, beside a claimed
//! saltus that a window cannot prove (the data and drawing:
//! [`ladder_draw::saltus`], which the reader's page draws through too).

use serde::Deserialize;

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
pub use ladder_draw::saltus::{Claim, Data, render};

/// Parameters: the games and how far to compute them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The games, e.g. `hex:·8`.
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Rule>,
    /// Values computed and searched for every game.
    pub values: Count,
    /// Heaps drawn for every game.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
    /// A claimed saltus to test against a window and against the theorems.
    pub naive: Claim,
}

impl CheckParams for Params {
    /// The work budget of every game's values, the claim's game among them.
    fn check(&self) -> Result<(), String> {
        self.games
            .iter()
            .chain([&self.naive.game])
            .try_for_each(|game| crate::budget::check_values(game, self.values.0))
    }
}

/// Computes each game and searches for a plain and an arithmetic period.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::saltus::compute(&ladder_draw::saltus::Input {
        games: &params.games,
        values: params.values.0,
        shown: params.shown,
        naive: &params.naive,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claimed_game_is_held_to_the_work_budget_too() {
        let params: Params = serde_yaml_ng::from_str(
            "games: [\"hex:·1\"]\nvalues: 1000000\nshown: 10\n\
             naive: { game: \"hex:·8\", from: 1, period: 3, saltus: 1 }",
        )
        .unwrap();
        let refused = params.check().unwrap_err();
        assert!(
            refused.contains("hex:·8") && refused.contains("at most 5,000 values"),
            "{refused}"
        );
    }
}
