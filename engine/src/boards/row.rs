//! Games on a row of cells that end as they empty it: Kayles (a row of
//! pins; a throw knocks down one pin or two standing side by side) and
//! dominoes laid on a strip (each covers two empty cells side by side).
//! A position is the set of cells still in play, a bitmask of a row of at
//! most [`MOST_CELLS`]; every move takes cells out of play, so a
//! position's options are smaller numbers and one pass in increasing order
//! finds the outcome of every position of the row.
//!
//! The search knows nothing of heaps: it reads the rules on the row. The
//! heaps a position becomes (its runs of cells in play) are read apart
//! from it ([`runs`]), for the check that the board and the code agree.

use super::Outcome;

/// The longest row searched: 2^24 positions, one byte each.
pub const MOST_CELLS: usize = 24;

/// A row game: which runs of adjacent cells in play one move takes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowGame {
    /// Kayles (Dudeney, 1908): knock down one pin, or two adjacent pins.
    Kayles,
    /// Dominoes on a strip: cover two adjacent empty cells.
    Dominoes,
}

impl RowGame {
    /// The widths of the runs a move takes out.
    fn widths(self) -> &'static [u32] {
        match self {
            RowGame::Kayles => &[1, 2],
            RowGame::Dominoes => &[2],
        }
    }

    /// The outcome of every position of a row of `cells`, by position
    /// (bit `i` set: cell `i` still in play), in `play`.
    pub fn outcomes(self, cells: usize, misere: bool) -> Result<Vec<Outcome>, String> {
        if cells > MOST_CELLS {
            return Err(format!(
                "a row of {cells} cells: the search takes at most {MOST_CELLS}"
            ));
        }
        let count = 1usize << cells;
        let mut outcomes = vec![Outcome::Previous; count];
        for position in 0..count {
            let mut any_move = false;
            let mut to_losing = false;
            for &width in self.widths() {
                let run = (1usize << width) - 1;
                for at in 0..cells.saturating_sub(width as usize - 1) {
                    let taken = run << at;
                    if position & taken == taken {
                        any_move = true;
                        if outcomes[position & !taken] == Outcome::Previous {
                            to_losing = true;
                        }
                    }
                }
            }
            // No move: the player to move loses in normal play and wins
            // in misère play.
            outcomes[position] = match (any_move, to_losing, misere) {
                (false, _, false) => Outcome::Previous,
                (false, _, true) => Outcome::Next,
                (true, true, _) => Outcome::Next,
                (true, false, _) => Outcome::Previous,
            };
        }
        Ok(outcomes)
    }
}

/// The runs of cells in play of `position` on a row of `cells`, left to
/// right: the heaps the position is read as.
pub fn runs(position: usize, cells: usize) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut length = 0;
    for i in 0..cells {
        if position >> i & 1 == 1 {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    if length > 0 {
        runs.push(length);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_rows_by_hand() {
        // Kayles: one pin, two pins, three pins: the first player knocks
        // down all, or the middle one leaving two apart... each is a win.
        let kayles = RowGame::Kayles.outcomes(4, false).unwrap();
        assert_eq!(kayles[0b0001], Outcome::Next);
        assert_eq!(kayles[0b0011], Outcome::Next);
        assert_eq!(kayles[0b0111], Outcome::Next);
        // Two pins apart: each throw takes one, the second player the last.
        assert_eq!(kayles[0b0101], Outcome::Previous);
        assert_eq!(kayles[0b1001], Outcome::Previous);
        // Misère: one pin left to the player to move is a loss.
        let misere = RowGame::Kayles.outcomes(4, true).unwrap();
        assert_eq!(misere[0b0001], Outcome::Previous);
        assert_eq!(misere[0b0000], Outcome::Next);
        assert_eq!(misere[0b0101], Outcome::Next);
        // Dominoes: a strip of one holds none, of two one, of three one.
        let dominoes = RowGame::Dominoes.outcomes(4, false).unwrap();
        assert_eq!(dominoes[0b0001], Outcome::Previous);
        assert_eq!(dominoes[0b0011], Outcome::Next);
        assert_eq!(dominoes[0b0111], Outcome::Next);
        // Four: in the middle leaves two singles (a win), at an end a pair.
        assert_eq!(dominoes[0b1111], Outcome::Next);
    }

    #[test]
    fn runs_are_the_maximal_stretches_in_play() {
        assert_eq!(runs(0b1101110, 7), vec![3, 2]);
        assert_eq!(runs(0, 5), Vec::<usize>::new());
        assert_eq!(runs(0b11111, 5), vec![5]);
    }

    #[test]
    fn a_row_past_the_bound_is_refused() {
        assert!(RowGame::Kayles.outcomes(MOST_CELLS + 1, false).is_err());
    }
}
