//! `board-heaps`: positions of a game on a row or strip, each searched on
//! its board and read as heaps of a code (the data and drawing:
//! [`ladder_draw::board_heaps`], which the reader's page draws through
//! too).

use serde::Deserialize;

use super::bounds::CheckParams;
use crate::boards::Game;
use crate::games::Rule;
pub use ladder_draw::board_heaps::{Data, render};

/// Parameters: the game, its code, the positions drawn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// `kayles`, `dominoes` or `treblecross`.
    pub game: Game,
    /// The code the board is read as.
    pub code: Rule,
    /// Positions, a character a cell: Kayles `|` a pin and `.` a gap;
    /// dominoes `.` an empty cell and `[]` a domino; Treblecross `X` a
    /// cross and `.` an empty cell. At most 24 cells each.
    #[serde(deserialize_with = "super::bounds::few")]
    pub positions: Vec<String>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.code.octal_code().is_none() {
            return Err(format!("{} is not an octal code", self.code));
        }
        for text in &self.positions {
            ladder_draw::board_heaps::parse(self.game, text)?;
        }
        Ok(())
    }
}

/// Searches each position's board and reads it as heaps.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    ladder_draw::board_heaps::compute(params.game, &params.code, &params.positions)
}
