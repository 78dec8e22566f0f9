//! Real games on their own boards, searched with no knowledge of codes,
//! and the reading of a board as a sum of heaps checked against the code:
//! Kayles and dominoes on a strip ([`row`]), Treblecross ([`treblecross`]).
//! Every position of a board up to its size is searched; the agreement
//! ([`Agreement`]) counts the positions compared and lists any that differ.

pub mod dawson;
mod game;
pub mod row;
pub mod treblecross;

pub use game::Game;

use crate::games::OctalCode;
use crate::games::octal::values;
use crate::misere::outcome::{Outcomes, Play};

/// Who wins a position with correct play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move.
    Next,
    /// The other player.
    Previous,
}

/// A board read as heaps of a code, position by position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    /// Positions whose outcome on the board was compared with the code's.
    pub positions: usize,
    /// Those where the two differ, as `(position, heaps)`, the first few.
    pub disagreements: Vec<(usize, Vec<usize>)>,
    /// How many differ in all.
    pub differing: usize,
}

/// The most disagreements an [`Agreement`] lists.
const LISTED: usize = 8;

/// The code's outcome of a sum of heaps: by the nim-sum of the Grundy
/// values in normal play, by the exact search in misère play.
pub struct CodeOutcome {
    values: Vec<u32>,
    misere: Option<Outcomes>,
}

impl CodeOutcome {
    /// For sums of heaps up to `largest` counters each.
    pub fn new(code: &OctalCode, largest: usize, misere: bool) -> CodeOutcome {
        CodeOutcome {
            values: values(code, largest + 1),
            misere: misere.then(|| Outcomes::new(code, Play::Misere)),
        }
    }

    /// The outcome of the sum of `heaps`.
    pub fn of(&mut self, heaps: &[usize]) -> Result<Outcome, String> {
        let next = match &mut self.misere {
            None => heaps.iter().fold(0, |x, &h| x ^ self.values[h]) != 0,
            Some(search) => search.first_player_wins(heaps)?,
        };
        Ok(if next {
            Outcome::Next
        } else {
            Outcome::Previous
        })
    }
}

/// Compares `board` (an outcome by position) with `code` for every
/// position `read` turns into heaps (`None`: not compared).
pub fn agreement(
    board: &[Outcome],
    code: &mut CodeOutcome,
    read: impl Fn(usize) -> Option<Vec<usize>>,
) -> Result<Agreement, String> {
    let mut agreement = Agreement {
        positions: 0,
        disagreements: Vec::new(),
        differing: 0,
    };
    for (position, &outcome) in board.iter().enumerate() {
        let Some(heaps) = read(position) else {
            continue;
        };
        agreement.positions += 1;
        if code.of(&heaps)? != outcome {
            agreement.differing += 1;
            if agreement.disagreements.len() < LISTED {
                agreement.disagreements.push((position, heaps));
            }
        }
    }
    Ok(agreement)
}

#[cfg(test)]
mod tests {
    use super::row::{RowGame, runs};
    use super::treblecross;
    use super::*;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn row(game: RowGame, cells: usize, misere: bool, text: &str, shift: usize) -> Agreement {
        let board = game.outcomes(cells, misere).unwrap();
        let mut code = CodeOutcome::new(&code(text), cells + shift, misere);
        let read = |p: usize| Some(runs(p, cells).into_iter().map(|r| r + shift).collect());
        agreement(&board, &mut code, read).unwrap()
    }

    /// Every position of a row of 14: Kayles is ·77 and dominoes are ·07,
    /// in both conventions; a wrong code or heaps one too long disagree.
    #[test]
    fn kayles_is_77_and_dominoes_are_07_in_both_plays() {
        for misere in [false, true] {
            let kayles = row(RowGame::Kayles, 14, misere, ".77", 0);
            assert_eq!((kayles.positions, kayles.differing), (1 << 14, 0));
            let dominoes = row(RowGame::Dominoes, 14, misere, ".07", 0);
            assert_eq!((dominoes.positions, dominoes.differing), (1 << 14, 0));
            // Planted: the other code, and a shift by one.
            assert!(row(RowGame::Kayles, 14, misere, ".07", 0).differing > 0);
            assert!(row(RowGame::Dominoes, 14, misere, ".07", 1).differing > 0);
        }
    }

    /// Dawson's chess: for 3 × n up to 10 files, in both plays, no pawn
    /// ever reaches its last rank, and every position met with no capture
    /// pending (the opening among them) has the outcome of ·137 on its
    /// runs of untouched files; read one file short, it does not.
    #[test]
    fn dawson_s_chess_is_137_in_both_plays() {
        for misere in [false, true] {
            let mut met_all = 0;
            for files in 1..=10 {
                let mut search = dawson::Search::new(files, misere).unwrap();
                let start = search.opening();
                let first = search.outcome(start, false);
                assert_eq!(search.last_rank_moves(), 0, "3 × {files}");
                let mut code = CodeOutcome::new(&code(".137"), files, misere);
                assert_eq!(first, code.of(&[files]).unwrap(), "3 × {files}");
                let met: Vec<_> = search.positions().collect();
                for (board, black, wins) in met {
                    if search.has_capture(board, black) {
                        continue;
                    }
                    met_all += 1;
                    let heaps = search.heaps(board);
                    let expected = if wins {
                        Outcome::Next
                    } else {
                        Outcome::Previous
                    };
                    assert_eq!(code.of(&heaps).unwrap(), expected, "3 × {files}: {heaps:?}");
                }
            }
            assert!(met_all > 1000, "{met_all} positions");
            // Planted: the board read one file short.
            let short: Vec<usize> = (2..=10)
                .filter(|&files| {
                    let mut search = dawson::Search::new(files, misere).unwrap();
                    let start = search.opening();
                    let first = search.outcome(start, false);
                    let mut code = CodeOutcome::new(&code(".137"), files, misere);
                    first != code.of(&[files - 1]).unwrap()
                })
                .collect();
            assert!(!short.is_empty(), "misère {misere}");
        }
        // Planted: captures left to choice; the game is then another.
        let differ = (1..=10).any(|files| {
            let mut search = dawson::tests::forgetting_captures(files);
            let start = search.opening();
            let mut code = CodeOutcome::new(&code(".137"), files, false);
            search.outcome(start, false) != code.of(&[files]).unwrap()
        });
        assert!(
            differ,
            "a game without compulsory captures still reads as ·137"
        );
    }

    /// Dawson's chess: the first moves that win on a board of up to 10
    /// files, in both plays, are the advances whose runs the code sends
    /// to a second-player win; read with the runs one file short, they
    /// are not.
    #[test]
    fn the_code_names_the_winning_first_moves_of_dawson_s_chess() {
        let pushes = |files: usize, misere: bool, shift: usize| -> Vec<usize> {
            let mut code = CodeOutcome::new(&code(".137"), files, misere);
            (0..files)
                .filter(|&file| {
                    let (left, right) = dawson::runs_after_push(files, file);
                    let heaps: Vec<usize> = [left, right.saturating_sub(shift)]
                        .into_iter()
                        .filter(|&r| r > 0)
                        .collect();
                    code.of(&heaps).unwrap() == Outcome::Previous
                })
                .collect()
        };
        let mut winning = 0;
        let mut shifted_differ = false;
        for misere in [false, true] {
            for files in 1..=dawson::MOST_FILES {
                let mut search = dawson::Search::new(files, misere).unwrap();
                let board = search.winning_pushes();
                assert_eq!(
                    board,
                    pushes(files, misere, 0),
                    "3 × {files}, misère {misere}"
                );
                winning += board.len();
                shifted_differ |= board != pushes(files, misere, 1);
            }
        }
        assert!(winning > 10, "{winning} winning first moves");
        assert!(
            shifted_differ,
            "a reading one file short names the same moves"
        );
    }

    /// Treblecross: every position of a strip of 3 to 14 cells with no
    /// win at once agrees with ·007 when each run of empty cells counts
    /// its length, plus one for each end at the strip's end, less one for
    /// each end at a cross; reading an empty strip of n as the heap n
    /// instead disagrees.
    #[test]
    fn treblecross_is_007_with_each_end_counted() {
        let mut naive_wrong = Vec::new();
        for cells in 3..=14 {
            let board = treblecross::outcomes(cells).unwrap();
            let playable =
                |p: usize| !treblecross::has_three(p) && !treblecross::wins_at_once(p, cells);
            let mut code = CodeOutcome::new(&code(".007"), cells + 2, false);
            let read = |p: usize| playable(p).then(|| treblecross::heaps(p, cells));
            let agreed = agreement(&board, &mut code, read).unwrap();
            assert_eq!(agreed.differing, 0, "{cells}: {agreed:?}");
            assert!(agreed.positions > cells, "{cells}");
            let both = [Outcome::Next, Outcome::Previous]
                .iter()
                .all(|o| (0..board.len()).any(|p| playable(p) && board[p] == *o));
            assert!(both || cells < 5, "{cells}: one outcome only");
            // Planted: the strip's ends counted as crosses.
            let walls_as_crosses = |p: usize| {
                playable(p).then(|| {
                    let ends = [p & 1 == 0, p >> (cells - 1) & 1 == 0];
                    treblecross::heaps(p, cells)
                        .into_iter()
                        .enumerate()
                        .map(|(i, h)| {
                            let first = i == 0 && ends[0];
                            let last = i + 1 == treblecross::heaps(p, cells).len() && ends[1];
                            h.saturating_sub(2 * (usize::from(first) + usize::from(last)))
                        })
                        .collect::<Vec<_>>()
                })
            };
            if cells >= 6 {
                let planted = agreement(&board, &mut code, walls_as_crosses).unwrap();
                assert!(planted.differing > 0, "{cells}: the planted reading agrees");
            }
            // The empty strip read as the heap of its length.
            if code.of(&[cells]).unwrap() != board[0] {
                naive_wrong.push(cells);
            }
        }
        assert!(
            !naive_wrong.is_empty(),
            "the heap of the strip's length agrees everywhere"
        );
        // A strip of 1 is a win for the first player; the heap 1 of ·007
        // has no move.
        let one = treblecross::outcomes(1).unwrap();
        let mut code = CodeOutcome::new(&code(".007"), 3, false);
        assert_eq!(one[0], Outcome::Next);
        assert_eq!(code.of(&[1]).unwrap(), Outcome::Previous);
        assert_eq!(code.of(&treblecross::heaps(0, 1)).unwrap(), Outcome::Next);
    }
}
