//! Dawson's chess (T. R. Dawson, 1934): a board of three ranks and `n`
//! files, White's pawns on the first rank, Black's on the third. A pawn
//! moves one square forward onto an empty square or captures one square
//! diagonally forward; a capture, when there is one, must be made; the
//! player left without a move loses (normal play) or wins (misère play).
//!
//! The search plays those rules from the opening position and keeps the
//! outcome of every position it meets, with the side to move; it knows
//! nothing of heaps. A pawn that could reach its last rank would need a
//! rule the game does not give: the search counts such moves, and refuses
//! to answer if one exists ([`Search::last_rank_moves`]).

use std::collections::HashMap;

use super::Outcome;

/// The most files searched: three squares a file in a 64-bit board.
pub const MOST_FILES: usize = 10;

/// Each square two bits (0 empty, 1 a white pawn, 2 a black pawn), three
/// squares a file, rank 1 first: a file may hold two pawns of one side
/// after a capture.
pub type Board = u64;

const EMPTY: u64 = 0;
const WHITE: u64 = 1;
const BLACK: u64 = 2;

fn at(board: Board, file: usize, rank: u64) -> u64 {
    board >> (6 * file as u64 + 2 * (rank - 1)) & 3
}

fn put(board: Board, file: usize, rank: u64, piece: u64) -> Board {
    let shift = 6 * file as u64 + 2 * (rank - 1);
    board & !(3 << shift) | piece << shift
}

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Square {
    Empty,
    White,
    Black,
}

/// The square of `file` (from 0) and `rank` (1 to 3) of `board`.
pub fn square(board: Board, file: usize, rank: u64) -> Square {
    match at(board, file, rank) {
        WHITE => Square::White,
        BLACK => Square::Black,
        _ => Square::Empty,
    }
}

/// The runs of untouched files an advance on `file` (from 0) of a run of
/// `files` leaves once its exchanges are over, as the code reads it: the
/// file and its two neighbours go out of play (·137 takes three counters
/// from the middle, two at an end, the one of a run of one).
pub fn runs_after_push(files: usize, file: usize) -> (usize, usize) {
    (
        file.saturating_sub(1),
        files.saturating_sub(file.saturating_add(2)),
    )
}

/// The advances (files from 0) that win on a board of `files` untouched
/// files, as the code names them: those whose two runs have equal values,
/// `value(h)` being heap `h`'s Grundy value in ·137.
pub fn code_winning_pushes(
    files: usize,
    value: impl Fn(usize) -> u32,
) -> impl Iterator<Item = usize> {
    (0..files).filter(move |&file| {
        let (left, right) = runs_after_push(files, file);
        value(left) == value(right)
    })
}

/// The search of a board of `files`.
#[derive(Debug)]
pub struct Search {
    files: usize,
    misere: bool,
    /// Whether the side to move wins, by (board, Black to move).
    wins: HashMap<(Board, bool), bool>,
    last_rank: usize,
    /// The rule that a capture must be made (false only for the test
    /// that forgets it).
    compulsory: bool,
}

impl Search {
    pub fn new(files: usize, misere: bool) -> Result<Search, String> {
        if files == 0 || files > MOST_FILES {
            return Err(format!(
                "a board of {files} files: the search takes 1 to {MOST_FILES}"
            ));
        }
        Ok(Search {
            files,
            misere,
            wins: HashMap::new(),
            last_rank: 0,
            compulsory: true,
        })
    }

    /// The opening position: every file holds both pawns at home.
    pub fn opening(&self) -> Board {
        (0..self.files).fold(0, |board, f| put(put(board, f, 1, WHITE), f, 3, BLACK))
    }

    /// The board's files.
    pub fn files(&self) -> usize {
        self.files
    }

    /// White's advance on `file` (from 0) from `board`, then the captures
    /// that must follow, each time the first the rules give (the leftmost
    /// pawn's, to its left first), until none is pending: the positions
    /// along the way, the advance first, each with Black to move or not.
    /// `None` when White cannot advance there.
    pub fn push_and_exchange(&mut self, board: Board, file: usize) -> Option<Vec<(Board, bool)>> {
        if file >= self.files || at(board, file, 1) != WHITE || at(board, file, 2) != EMPTY {
            return None;
        }
        let mut line = vec![(put(put(board, file, 1, EMPTY), file, 2, WHITE), true)];
        loop {
            let &(now, black) = line.last()?;
            if !self.has_capture(now, black) {
                return Some(line);
            }
            let first = *self.moves(now, black).first()?;
            line.push((first, !black));
        }
    }

    /// White's first moves that win from the opening: the files (from 0)
    /// whose advance leaves Black a lost position.
    pub fn winning_pushes(&mut self) -> Vec<usize> {
        let start = self.opening();
        (0..self.files)
            .filter(|&file| {
                let pushed = put(put(start, file, 1, EMPTY), file, 2, WHITE);
                !self.wins_from(pushed, true)
            })
            .collect()
    }

    /// The outcome of `board` with White (or Black) to move.
    pub fn outcome(&mut self, board: Board, black_to_move: bool) -> Outcome {
        if self.wins_from(board, black_to_move) {
            Outcome::Next
        } else {
            Outcome::Previous
        }
    }

    /// Moves met that would take a pawn to its last rank (none, or the
    /// rules above do not cover the game).
    pub fn last_rank_moves(&self) -> usize {
        self.last_rank
    }

    /// Every position the search has met, with its side to move and
    /// whether that side wins.
    pub fn positions(&self) -> impl Iterator<Item = (Board, bool, bool)> + '_ {
        self.wins.iter().map(|(&(b, black), &w)| (b, black, w))
    }

    /// The legal moves of the side to move: the captures if there are
    /// any, else the advances.
    pub fn moves(&mut self, board: Board, black_to_move: bool) -> Vec<Board> {
        self.legal(board, black_to_move).0
    }

    /// Whether the side to move has a capture (a position in the middle of
    /// an exchange).
    pub fn has_capture(&mut self, board: Board, black_to_move: bool) -> bool {
        self.legal(board, black_to_move).1
    }

    /// The legal moves, and whether they are captures.
    fn legal(&mut self, board: Board, black_to_move: bool) -> (Vec<Board>, bool) {
        let (mine, theirs, step): (u64, u64, i64) = if black_to_move {
            (BLACK, WHITE, -1)
        } else {
            (WHITE, BLACK, 1)
        };
        let (mut captures, mut advances) = (Vec::new(), Vec::new());
        for file in 0..self.files {
            for rank in 1..=3u64 {
                if at(board, file, rank) != mine {
                    continue;
                }
                let ahead = rank as i64 + step;
                if !(1..=3).contains(&ahead) {
                    continue;
                }
                let ahead = ahead as u64;
                // A pawn that would reach its last rank: not a move of
                // this game's rules (counted, see `last_rank_moves`).
                let last = ahead == if black_to_move { 1 } else { 3 };
                let from = put(board, file, rank, EMPTY);
                for side in [file.wrapping_sub(1), file + 1] {
                    if side < self.files && at(board, side, ahead) == theirs {
                        if last {
                            self.last_rank += 1;
                        } else {
                            captures.push(put(from, side, ahead, mine));
                        }
                    }
                }
                if at(board, file, ahead) == EMPTY {
                    if last {
                        self.last_rank += 1;
                    } else {
                        advances.push(put(from, file, ahead, mine));
                    }
                }
            }
        }
        if captures.is_empty() {
            (advances, false)
        } else if self.compulsory {
            (captures, true)
        } else {
            captures.extend(advances);
            (captures, true)
        }
    }

    fn wins_from(&mut self, board: Board, black_to_move: bool) -> bool {
        if let Some(&known) = self.wins.get(&(board, black_to_move)) {
            return known;
        }
        let moves = self.moves(board, black_to_move);
        // Every option is searched, not only up to the first that wins:
        // the agreement is checked on every position reachable.
        let mut wins = moves.is_empty() && self.misere;
        for next in moves {
            if !self.wins_from(next, !black_to_move) {
                wins = true;
            }
        }
        self.wins.insert((board, black_to_move), wins);
        wins
    }

    /// The heaps a position is read as: each run of files whose two pawns
    /// are both at home.
    pub fn heaps(&self, board: Board) -> Vec<usize> {
        let home = (0..self.files)
            .filter(|&file| {
                at(board, file, 1) == WHITE
                    && at(board, file, 2) == EMPTY
                    && at(board, file, 3) == BLACK
            })
            .fold(0usize, |mask, file| mask | 1 << file);
        super::row::runs(home, self.files)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The game with captures left to choice: a planted fault.
    pub fn forgetting_captures(files: usize) -> Search {
        let mut search = Search::new(files, false).unwrap();
        search.compulsory = false;
        search
    }

    #[test]
    fn an_advance_and_its_exchanges_leave_the_runs_the_code_reads() {
        for files in 1..=MOST_FILES {
            let mut search = Search::new(files, false).unwrap();
            let start = search.opening();
            for file in 0..files {
                let line = search.push_and_exchange(start, file).unwrap();
                let &(end, _) = line.last().unwrap();
                let (left, right) = runs_after_push(files, file);
                let runs: Vec<usize> = [left, right].into_iter().filter(|&r| r > 0).collect();
                assert_eq!(search.heaps(end), runs, "3 × {files}, file {file}");
            }
        }
        // 3 × 7, the third file: a run of one on the left, three on the right,
        // after the advance and four captures.
        let mut search = Search::new(7, false).unwrap();
        let start = search.opening();
        let line = search.push_and_exchange(start, 2).unwrap();
        assert_eq!(line.len(), 5);
        assert_eq!(search.heaps(line[4].0), vec![1, 3]);
        assert!(search.push_and_exchange(line[4].0, 2).is_none());
    }

    #[test]
    fn small_boards_by_hand() {
        // One file: White advances, Black is blocked and cannot move.
        let mut one = Search::new(1, false).unwrap();
        let start = one.opening();
        assert_eq!(one.outcome(start, false), Outcome::Next);
        // Two files: either advance must be taken at once.
        let mut two = Search::new(2, false).unwrap();
        let start = two.opening();
        let after = two.moves(start, false);
        assert_eq!(after.len(), 2, "two advances");
        assert!(two.has_capture(after[0], true), "the advance must be taken");
        assert_eq!(two.last_rank_moves(), 0);
    }
}
