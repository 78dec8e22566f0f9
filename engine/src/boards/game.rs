//! The games played on their own boards, by name: what the figures and the
//! reader's page ask for (`kayles`, `dominoes`, `dawsons-chess`,
//! `treblecross`), and the search each has.

use serde::{Deserialize, Serialize};

use super::row::RowGame;
use super::{dawson, row, treblecross};

/// A game played on its own board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// A row of pins; a throw knocks down one, or two side by side.
    Kayles,
    /// A strip of cells; a domino covers two empty cells side by side.
    Dominoes,
    /// Pawns on three ranks, captures compulsory.
    DawsonsChess,
    /// Crosses on a strip; three in a row wins (misère: loses).
    Treblecross,
}

impl Game {
    /// The game's name in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Game::Kayles => "Kayles",
            Game::Dominoes => "Dominoes on a strip",
            Game::DawsonsChess => "Dawson’s chess",
            Game::Treblecross => "Treblecross",
        }
    }

    /// The row game a Kayles or dominoes board plays; `None` for the
    /// others, which have searches of their own.
    pub fn row_game(self) -> Option<RowGame> {
        match self {
            Game::Kayles => Some(RowGame::Kayles),
            Game::Dominoes => Some(RowGame::Dominoes),
            Game::DawsonsChess | Game::Treblecross => None,
        }
    }

    /// The smallest board searched: a strip of Treblecross holds three in
    /// a row from 3 cells; on 1 or 2 the game is only who crosses last.
    pub fn smallest(self) -> usize {
        match self {
            Game::Treblecross => 3,
            _ => 1,
        }
    }

    /// The largest board searched: cells of a row or strip, files of
    /// Dawson's chess.
    pub fn most(self) -> usize {
        match self {
            Game::Kayles | Game::Dominoes => row::MOST_CELLS,
            Game::DawsonsChess => dawson::MOST_FILES,
            Game::Treblecross => treblecross::MOST_CELLS,
        }
    }
}
