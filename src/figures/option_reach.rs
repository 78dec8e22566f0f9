//! `option-reach`: why a subtraction certificate's window is as long as the
//! largest take (the data and drawing: [`ladder_draw::reach`], which the
//! reader's page draws through too).

use serde::Deserialize;

use super::bounds::{CheckParams, Within};
use crate::games::Rule;
pub use ladder_draw::reach::{Data, render};

/// Parameters: the game, the heap to look from, and how many cells to draw.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `sub:1,3,4`.
    pub game: Rule,
    /// The heap whose options are drawn.
    #[serde(deserialize_with = "Within::<0, 9_999>::read")]
    pub heap: usize,
    /// How many cells to draw from heap 0 (at least `heap + 1`).
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        ladder_draw::reach::check(&self.game, self.heap, self.shown)
    }
}

/// Computes the heap's options from the rule.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::reach::compute(&params.game, params.heap, params.shown)
}
