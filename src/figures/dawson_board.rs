//! `dawson-board`: Dawson's chess on three ranks, its opening and the
//! position after one advance and the captures that must follow, each
//! drawn with the heaps of ·137 it becomes and the outcome found on the
//! board and by the code (drawing: [`ladder_draw::boards`]).

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::boards::dawson::{self, Board as Position, MOST_FILES, Search, Square};
use crate::boards::{CodeOutcome, Outcome};
use crate::games::OctalCode;
use crate::games::octal::values;
use ladder_draw::boards::{Board, Piece, Reading};

/// Parameters: the board's files and the file White advances on.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Files, 1 to 10.
    #[serde(deserialize_with = "Within::<1, 10>::read")]
    pub files: usize,
    /// The file White advances on, from 1.
    #[serde(deserialize_with = "Within::<1, 10>::read")]
    pub file: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.file > self.files || self.files > MOST_FILES {
            return Err(format!(
                "file {} of a board of {} files (at most {MOST_FILES})",
                self.file, self.files
            ));
        }
        Ok(())
    }
}

/// A position drawn: its squares (rank 3 first), its heaps and outcomes
/// (normal play; misère play by the code's exhaustive search).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Drawn {
    pub ranks: Vec<Vec<Square>>,
    /// Whether Black is to move.
    pub black_to_move: bool,
    #[serde(flatten)]
    pub reading: Reading,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub files: usize,
    pub file: usize,
    /// Captures made after the advance, before the position is quiet.
    pub captures: usize,
    pub opening: Drawn,
    pub after: Drawn,
    /// The advances that win from the opening, by the board's search and
    /// by the code (files from 1).
    pub board_winning_files: Vec<usize>,
    pub code_winning_files: Vec<usize>,
}

fn drawn(
    normal: &mut Search,
    misere: &mut Search,
    table: &[u32],
    board: Position,
    black: bool,
) -> Result<Drawn, String> {
    let files = normal.files();
    let heaps = normal.heaps(board);
    let mut misere_code = CodeOutcome::new(&dawson_code(), files, true);
    let code_wins_misere = misere_code.of(&heaps)? == Outcome::Next;
    let board_wins = (
        normal.outcome(board, black) == Outcome::Next,
        misere.outcome(board, black) == Outcome::Next,
    );
    Ok(Drawn {
        ranks: (1..=3u64)
            .rev()
            .map(|rank| (0..files).map(|f| dawson::square(board, f, rank)).collect())
            .collect(),
        black_to_move: black,
        reading: Reading::new(heaps, table, board_wins, code_wins_misere),
    })
}

/// ·137, the code the board is read as.
fn dawson_code() -> OctalCode {
    OctalCode::parse(".137").expect("·137 is a code")
}

/// Plays the advance and its captures, searches both positions.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let mut normal = Search::new(params.files, false)?;
    let mut misere = Search::new(params.files, true)?;
    let start = normal.opening();
    let line = normal
        .push_and_exchange(start, params.file - 1)
        .ok_or("White cannot advance there")?;
    let &(end, black) = line.last().ok_or("no position after the advance")?;
    let table = values(&dawson_code(), params.files + 1);
    let code_winning_files = dawson::code_winning_pushes(params.files, |h| table[h])
        .map(|f| f + 1)
        .collect();
    Ok(Data {
        files: params.files,
        file: params.file,
        captures: line.len() - 1,
        opening: drawn(&mut normal, &mut misere, &table, start, false)?,
        after: drawn(&mut normal, &mut misere, &table, end, black)?,
        board_winning_files: normal.winning_pushes().iter().map(|f| f + 1).collect(),
        code_winning_files,
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "The board of 3 × {} searched whole from its opening with no use of the code, in \
             normal and misère play; the advances that win, found on the board: {}; named by \
             ·137: {}.",
            self.files,
            files_text(&self.board_winning_files),
            files_text(&self.code_winning_files)
        )
    }
}

fn files_text(files: &[usize]) -> String {
    let list: Vec<String> = files.iter().map(ToString::to_string).collect();
    match list.as_slice() {
        [] => "none".into(),
        [one] => format!("file {one}"),
        [first @ .., last] => format!("files {} and {last}", first.join(", ")),
    }
}

/// The opening and the position after the exchange, one under the other.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let boards = [
        board(
            &data.opening,
            format!("3 × {}: the opening, White to move", data.files),
        ),
        board(
            &data.after,
            format!(
                "After White advances on file {} and the {} captures that must follow, {} to move",
                data.file,
                data.captures,
                if data.after.black_to_move {
                    "Black"
                } else {
                    "White"
                }
            ),
        ),
    ];
    let title = "Dawson’s chess read as ·137 (White’s pawns rings, Black’s discs)";
    ladder_draw::boards::render(title, &boards, meta.caption, &data.range_note(), meta.width)
}

fn board(d: &Drawn, heading: String) -> Board {
    Board {
        heading,
        rows: d
            .ranks
            .iter()
            .map(|rank| {
                rank.iter()
                    .map(|s| match s {
                        Square::White => Piece::White,
                        Square::Black => Piece::Black,
                        Square::Empty => Piece::Empty,
                    })
                    .collect()
            })
            .collect(),
        lines: d.reading.lines("·137", "side", "misère play"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_advance_on_the_third_of_seven_files_leaves_one_and_three() {
        let data = compute(&Params { files: 7, file: 3 }).unwrap();
        assert_eq!(data.opening.reading.heaps, vec![7]);
        assert_eq!(data.after.reading.heaps, vec![1, 3]);
        assert_eq!(data.captures, 4);
        assert!(data.after.black_to_move);
        assert!(data.opening.reading.agrees() && data.after.reading.agrees());
        assert_eq!(data.board_winning_files, data.code_winning_files);
        assert!(!data.board_winning_files.is_empty());
    }

    #[test]
    fn a_file_off_the_board_is_refused() {
        assert!(Params { files: 5, file: 6 }.check().is_err());
    }
}
