//! `board-agreement`: real games searched on their own boards
//! ([`crate::boards`]), every position compared with the code the board is
//! read as, in normal and in misère play: how many positions, how many
//! differ, and the first that do, written on the board.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::boards::row::runs;
use crate::boards::{CodeOutcome, Outcome, agreement, dawson, treblecross};
use crate::games::Rule;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

use crate::boards::Game;

/// How a position becomes heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Each run of cells (or untouched files) in play is a heap of its
    /// length; for Treblecross, each run of empty cells counts its length
    /// plus one for each end at the strip's end, less one for each end at
    /// a cross.
    #[default]
    Runs,
    /// Each run of empty cells is a heap of its length (Treblecross read
    /// the naive way).
    Lengths,
}

/// One comparison: a game, the code, the reading.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compared {
    pub game: Game,
    /// The octal code the board is read as.
    pub code: Rule,
    /// The largest board: cells (at most 24, Treblecross from 3) or files
    /// (at most 10).
    #[serde(deserialize_with = "Within::<1, 24>::read")]
    pub largest: usize,
    /// Added to every heap read (·07 reads Dawson's chess one larger).
    #[serde(default, deserialize_with = "Within::<0, 2>::read")]
    pub shift: usize,
    #[serde(default)]
    pub reading: Reading,
}

/// Parameters: the comparisons, one row of the table each.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    #[serde(deserialize_with = "super::bounds::few")]
    pub rows: Vec<Compared>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        for row in &self.rows {
            if row.code.octal_code().is_none() {
                return Err(format!("{} is not an octal code", row.code));
            }
            if !(row.game.smallest()..=row.game.most()).contains(&row.largest) {
                return Err(format!(
                    "{} is searched on boards of {} to {}, not {}",
                    row.game.name(),
                    row.game.smallest(),
                    row.game.most(),
                    row.largest
                ));
            }
            if row.reading == Reading::Lengths && row.game != Game::Treblecross {
                return Err("`reading: lengths` is Treblecross's naive reading".into());
            }
        }
        Ok(())
    }
}

/// A position whose outcome on the board and in the code differ.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Difference {
    /// The board, written as the table writes it.
    pub board: String,
    /// The heaps it was read as.
    pub heaps: Vec<usize>,
}

/// One play's comparison.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Check {
    /// Positions compared, over every board searched.
    pub positions: usize,
    /// Those whose outcomes differ.
    pub differing: usize,
    /// The first few of them, smallest board first.
    pub first: Vec<Difference>,
}

/// One row: a comparison in both plays.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    pub game: Game,
    /// The code, `·77`.
    pub code: String,
    pub shift: usize,
    pub reading: Reading,
    /// The largest board searched; every smaller one is searched too (a
    /// row's smaller rows are among its positions).
    pub largest: usize,
    pub normal: Check,
    pub misere: Check,
}

/// The rows, in the manifest's order.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub rows: Vec<Row>,
    /// Positions compared in all, both plays.
    pub positions: usize,
    /// Readings wrong somewhere in a play their game has: normal play,
    /// and misère play for every game but Treblecross, whose misère rows
    /// compare another game (see `avoidance_differing`).
    pub rows_differing: usize,
    /// Treblecross's readings, whose misère rows set misère play of the
    /// code beside the avoidance game (three in a row loses): Treblecross
    /// itself ends at three in a row, not at the last move, and has no
    /// misère form to be right or wrong about…
    pub avoidance_rows: usize,
    /// … and those of them whose code differs from the avoidance game.
    pub avoidance_differing: usize,
}

/// Searches every board and compares.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let rows = params
        .rows
        .iter()
        .map(|compared| {
            Ok(Row {
                game: compared.game,
                code: compared.code.to_string().replace("octal:", ""),
                shift: compared.shift,
                reading: compared.reading,
                largest: compared.largest,
                normal: check(compared, false)?,
                misere: check(compared, true)?,
            })
        })
        .collect::<Result<Vec<Row>, String>>()?;
    Ok(Data {
        positions: rows
            .iter()
            .map(|r| r.normal.positions + r.misere.positions)
            .sum(),
        rows_differing: rows
            .iter()
            .filter(|r| r.normal.differing > 0 || (!avoidance(r) && r.misere.differing > 0))
            .count(),
        avoidance_rows: rows.iter().filter(|r| avoidance(r)).count(),
        avoidance_differing: rows
            .iter()
            .filter(|r| avoidance(r) && r.misere.differing > 0)
            .count(),
        rows,
    })
}

/// Whether a row's misère comparison is with the avoidance game rather
/// than the game's own misère form.
fn avoidance(row: &Row) -> bool {
    row.game == Game::Treblecross
}

/// One play of one comparison.
fn check(compared: &Compared, misere: bool) -> Result<Check, String> {
    let code = compared
        .code
        .octal_code()
        .ok_or_else(|| format!("{} is not an octal code", compared.code))?;
    let n = compared.largest;
    let shifted = |heaps: Vec<usize>| -> Vec<usize> {
        heaps.into_iter().map(|h| h + compared.shift).collect()
    };
    let mut code = CodeOutcome::new(code, n + 2 + compared.shift, misere);
    let mut total = Check {
        positions: 0,
        differing: 0,
        first: Vec::new(),
    };
    let mut add = |found: crate::boards::Agreement, write: &dyn Fn(usize) -> String| {
        total.positions += found.positions;
        total.differing += found.differing;
        for (position, heaps) in found.disagreements {
            if total.first.len() < SHOWN {
                total.first.push(Difference {
                    board: write(position),
                    heaps,
                });
            }
        }
    };
    match compared.game {
        Game::Kayles | Game::Dominoes => {
            let game = compared.game.row_game().ok_or("not a row game")?;
            let board = game.outcomes(n, misere)?;
            let found = agreement(&board, &mut code, |p| Some(shifted(runs(p, n))))?;
            add(found, &|p| row_text(compared.game, p, n));
        }
        Game::Treblecross => {
            for cells in compared.game.smallest()..=n {
                let board = if misere {
                    treblecross::avoidance_outcomes(cells)?
                } else {
                    treblecross::outcomes(cells)?
                };
                let read = |p: usize| {
                    let playable =
                        !treblecross::has_three(p) && !treblecross::wins_at_once(p, cells);
                    playable.then(|| {
                        shifted(match compared.reading {
                            Reading::Runs => treblecross::heaps(p, cells),
                            Reading::Lengths => runs(!p & ((1 << cells) - 1), cells),
                        })
                    })
                };
                let found = agreement(&board, &mut code, read)?;
                add(found, &|p| strip_text(p, cells));
            }
        }
        Game::DawsonsChess => {
            for files in 1..=n {
                let mut search = dawson::Search::new(files, misere)?;
                let start = search.opening();
                search.outcome(start, false);
                let mut quiet: Vec<(dawson::Board, bool, bool)> = search
                    .positions()
                    .collect::<Vec<_>>()
                    .into_iter()
                    .filter(|&(board, black, _)| !search.has_capture(board, black))
                    .collect();
                quiet.sort_unstable();
                let outcomes: Vec<Outcome> = quiet
                    .iter()
                    .map(|&(_, _, wins)| {
                        if wins {
                            Outcome::Next
                        } else {
                            Outcome::Previous
                        }
                    })
                    .collect();
                let found = agreement(&outcomes, &mut code, |i| {
                    Some(shifted(search.heaps(quiet[i].0)))
                })?;
                add(found, &|i| chess_text(quiet[i].0, files));
            }
        }
    }
    Ok(total)
}

/// Differences listed a row.
const SHOWN: usize = 3;

/// A row of Kayles (`|` a pin standing, `_` a gap) or a strip of dominoes
/// (`_` an empty cell, `=` a covered one), cell 0 on the left.
fn row_text(game: Game, position: usize, cells: usize) -> String {
    let (on, off) = match game {
        Game::Kayles => ('|', '_'),
        _ => ('_', '='),
    };
    (0..cells)
        .map(|i| if position >> i & 1 == 1 { on } else { off })
        .collect()
}

/// A strip of Treblecross: `X` a cross, `_` an empty cell.
fn strip_text(position: usize, cells: usize) -> String {
    (0..cells)
        .map(|i| if position >> i & 1 == 1 { 'X' } else { '_' })
        .collect()
}

/// A board of Dawson's chess, rank 3 first, ranks split by `/`: `b` a
/// black pawn, `w` a white pawn, `_` an empty square.
fn chess_text(board: dawson::Board, files: usize) -> String {
    (1..=3u64)
        .rev()
        .map(|rank| {
            (0..files)
                .map(|file| match dawson::square(board, file, rank) {
                    dawson::Square::White => 'w',
                    dawson::Square::Black => 'b',
                    dawson::Square::Empty => '_',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl Data {
    /// What was searched and compared.
    pub fn range_note(&self) -> String {
        format!(
            "{} positions compared in all, each searched on its board with no use of the code and \
             its outcome set beside the code's (normal play by Grundy values, misère play by an \
             exhaustive search of the sum of heaps); {} of {} readings are wrong somewhere in a \
             play their game has. Treblecross has no misère form, since it ends at three in a \
             row: its misère lines set the code beside the game where three in a row loses, \
             and {} of its {} readings differ from that game.",
            grouped(self.positions as u64),
            self.rows_differing,
            self.rows.len(),
            self.avoidance_differing,
            self.avoidance_rows
        )
    }
}

/// The comparison as a table: a line a reading and play.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("game").names(),
        Column::text("read as"),
        Column::text("play"),
        Column::text("boards"),
        Column::number("positions"),
        Column::number("differ"),
        Column::text("first differences (board: heaps; _ empty)"),
    ]);
    for row in &data.rows {
        let misere = if row.game == Game::Treblecross {
            "misère: three in a row loses"
        } else {
            "misère"
        };
        for (play, check) in [("normal", &row.normal), (misere, &row.misere)] {
            let unit = if row.game == Game::DawsonsChess {
                "files"
            } else {
                "cells"
            };
            let differences = if check.first.is_empty() {
                "none".to_string()
            } else {
                check
                    .first
                    .iter()
                    .map(|d| format!("{}: {}", d.board, heaps_text(&d.heaps)))
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            table.push(vec![
                Cell::text(row.game.name()),
                Cell::text(reading_text(row)),
                Cell::text(play),
                Cell::text(format!("{} to {} {unit}", row.game.smallest(), row.largest)),
                Cell::number(check.positions as u64),
                Cell::number(check.differing as u64).marked(check.differing > 0),
                Cell::text(differences),
            ]);
        }
    }
    table
}

/// The code and how the board becomes its heaps.
fn reading_text(row: &Row) -> String {
    let heap = match (row.game, row.reading) {
        (Game::Treblecross, Reading::Runs) => "a gap, with its ends counted",
        (Game::Treblecross, Reading::Lengths) => "a gap, by its length",
        (Game::DawsonsChess, _) => "a run of untouched files",
        _ => "a run",
    };
    let plus = if row.shift > 0 {
        format!(" plus {}", row.shift)
    } else {
        String::new()
    };
    format!("{}, a heap {heap}{plus}", row.code)
}

/// Heaps as a sum, `3 + 2`, or `none`.
fn heaps_text(heaps: &[usize]) -> String {
    if heaps.is_empty() {
        return "no heap".into();
    }
    heaps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(game: Game, code: &str, largest: usize, shift: usize, reading: Reading) -> Row {
        let params = Params {
            rows: vec![Compared {
                game,
                code: format!("octal:{code}").parse().unwrap(),
                largest,
                shift,
                reading,
            }],
        };
        compute(&params).unwrap().rows.remove(0)
    }

    #[test]
    fn each_game_is_its_code_in_both_plays() {
        for (game, code, largest, shift) in [
            (Game::Kayles, "·77", 12, 0),
            (Game::Dominoes, "·07", 12, 0),
            (Game::DawsonsChess, "·137", 7, 0),
            (Game::DawsonsChess, "·07", 7, 1),
        ] {
            let row = one(game, code, largest, shift, Reading::Runs);
            for check in [&row.normal, &row.misere] {
                assert_eq!(check.differing, 0, "{game:?} {code}");
                assert!(check.positions > 100, "{game:?}: {}", check.positions);
            }
        }
        let kayles = one(Game::Kayles, "·77", 12, 0, Reading::Runs);
        assert_eq!(kayles.normal.positions, 1 << 12);
    }

    #[test]
    fn treblecross_is_007_with_its_ends_counted_and_not_by_length() {
        let ends = one(Game::Treblecross, "·007", 12, 0, Reading::Runs);
        assert_eq!(ends.normal.differing, 0);
        let lengths = one(Game::Treblecross, "·007", 12, 0, Reading::Lengths);
        assert!(lengths.normal.differing > 0);
        // Every strip searched has at least three cells.
        assert!(lengths.normal.first.iter().all(|d| d.board.len() >= 3));
        // On a strip of 2 no three can be made: the last cross wins, and
        // the empty strip is a loss that heap 4 (a win) does not read.
        assert_eq!(treblecross::outcomes(2).unwrap()[0], Outcome::Previous);
        let mut code = CodeOutcome::new(&crate::games::OctalCode::parse(".007").unwrap(), 4, false);
        assert_eq!(code.of(&treblecross::heaps(0, 2)).unwrap(), Outcome::Next);
    }

    #[test]
    fn a_planted_shift_or_a_wrong_code_differs() {
        assert!(
            one(Game::Kayles, "·07", 10, 0, Reading::Runs)
                .normal
                .differing
                > 0
        );
        assert!(
            one(Game::Dominoes, "·07", 10, 1, Reading::Runs)
                .misere
                .differing
                > 0
        );
        assert!(
            one(Game::DawsonsChess, "·137", 7, 1, Reading::Runs)
                .normal
                .differing
                > 0
        );
    }

    #[test]
    fn boards_are_written_as_the_table_writes_them() {
        assert_eq!(row_text(Game::Kayles, 0b1101, 5), "|_||_");
        assert_eq!(row_text(Game::Dominoes, 0b1100, 4), "==__");
        assert_eq!(strip_text(0b101, 4), "X_X_");
        let search = dawson::Search::new(3, false).unwrap();
        assert_eq!(chess_text(search.opening(), 3), "bbb/___/www");
    }

    #[test]
    fn a_board_past_its_search_is_refused() {
        let params = Params {
            rows: vec![Compared {
                game: Game::DawsonsChess,
                code: "octal:·137".parse().unwrap(),
                largest: 11,
                shift: 0,
                reading: Reading::Runs,
            }],
        };
        assert!(params.check().unwrap_err().contains("1 to 10, not 11"));
    }
}
