//! Boards of real games, drawn small, each with the lines that say what
//! it becomes: a row of pins, a strip of dominoes or crosses, three ranks
//! of pawns (the `board-heaps` and `dawson-board` figures). Every piece
//! differs from an empty square by its shape, not only its colour: a pin
//! is a filled disc and a knocked pin a short bar, a domino a bar across
//! two squares, a cross two strokes, White's pawn a ring and Black's a
//! disc.

use serde::{Deserialize, Serialize};

use crate::plot::{self, Anchor, Area, INK, MUTED, RULE, TEXT, TITLE, fit_lines, line_pitch};

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Piece {
    Empty,
    /// A pin standing (Kayles).
    Pin,
    /// A pin knocked down.
    Down,
    /// The left and right halves of a domino.
    DominoLeft,
    DominoRight,
    /// A cross (Treblecross).
    Cross,
    /// Pawns of Dawson's chess.
    White,
    Black,
}

/// One board and what the figure says under it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Board {
    /// A line above the board.
    pub heading: String,
    /// The squares, the top row first.
    pub rows: Vec<Vec<Piece>>,
    /// Lines under the board, each wrapped to the width.
    pub lines: Vec<String>,
}

/// What a position is read as, and who wins it found twice: by the
/// search of its board and by the code, in normal and misère play.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Reading {
    /// The heaps, their values in the code and their nim-sum.
    pub heaps: Vec<usize>,
    pub values: Vec<u32>,
    pub nim_sum: u32,
    /// Whether the player to move wins: on the board, by the code.
    pub board_wins: bool,
    pub code_wins: bool,
    pub board_wins_misere: bool,
    pub code_wins_misere: bool,
}

impl Reading {
    /// `heaps` read with the code's values `table` (heap `h` has value
    /// `table[h]`; each heap must be in it), the board's outcomes and the
    /// code's misère outcome; the code's normal outcome is the nim-sum's.
    pub fn new(
        heaps: Vec<usize>,
        table: &[u32],
        (board_wins, board_wins_misere): (bool, bool),
        code_wins_misere: bool,
    ) -> Reading {
        let values: Vec<u32> = heaps.iter().map(|&h| table[h]).collect();
        let nim_sum = values.iter().fold(0, |x, v| x ^ v);
        Reading {
            heaps,
            values,
            nim_sum,
            board_wins,
            code_wins: nim_sum != 0,
            board_wins_misere,
            code_wins_misere,
        }
    }

    /// Whether board and code agree in both plays.
    pub fn agrees(&self) -> bool {
        self.board_wins == self.code_wins && self.board_wins_misere == self.code_wins_misere
    }

    /// The lines under a board: the heaps, then each play's outcome for
    /// the `mover` (`player`, or a chess game's `side`); `misere` names the
    /// misère play (Treblecross's is its own game).
    pub fn lines(&self, code: &str, mover: &str, misere: &str) -> Vec<String> {
        let who = |wins: bool| if wins { "wins" } else { "loses" };
        let agree = |board: bool, code: bool| {
            if board == code {
                "on the board and by the code"
            } else {
                "on the board, but not by the code"
            }
        };
        vec![
            heaps_line(code, &self.heaps, &self.values, self.nim_sum),
            format!(
                "normal play: the {mover} to move {}, {}",
                who(self.board_wins),
                agree(self.board_wins, self.code_wins)
            ),
            format!(
                "{misere}: the {mover} to move {}, {}",
                who(self.board_wins_misere),
                agree(self.board_wins_misere, self.code_wins_misere)
            ),
        ]
    }
}

/// What a position becomes, in a line: `·77: heaps 2 + 3 + 2, values
/// 2 ⊕ 3 ⊕ 2 = 3`, or `·77: heap 7, value 2`, or `·07: no heap, value 0`.
pub fn heaps_line(code: &str, heaps: &[usize], values: &[u32], nim_sum: u32) -> String {
    let join = |items: Vec<String>, by: &str| items.join(by);
    match heaps {
        [] => format!("{code}: no heap left, value 0"),
        [heap] => format!("{code}: heap {heap}, value {nim_sum}"),
        _ => format!(
            "{code}: heaps {}, values {} = {nim_sum}",
            join(heaps.iter().map(ToString::to_string).collect(), " + "),
            join(values.iter().map(ToString::to_string).collect(), " ⊕ ")
        ),
    }
}

/// A square's side.
const SQUARE: i32 = 26;
const LEFT: i32 = 10;
const RIGHT: i32 = 10;

/// Draws `boards` one under the other at `width` (the column or a phone's);
/// `title` heads the drawing.
/// A phone's drawing whose boards fit the smallest phone's column is laid
/// out for that column, its text wrapped to it: at 320 px it then shows
/// whole, where a wider one would scroll over nothing but its margin (text
/// widths are over-estimated, so lines laid out to 358 px end well short).
pub fn render(title: &str, boards: &[Board], caption: &str, desc: &str, width: u32) -> String {
    let widest = boards
        .iter()
        .map(|b| b.rows.iter().map(Vec::len).max().unwrap_or(0) as i32 * SQUARE)
        .max()
        .unwrap_or(0);
    let width = if width == plot::PHONE && LEFT + widest + RIGHT <= plot::SMALL_PHONE as i32 {
        plot::SMALL_PHONE
    } else {
        width
    };
    let room = width as i32 - LEFT - RIGHT;
    let text_pitch = line_pitch(TEXT);
    let title_lines = fit_lines(title, TITLE, room);
    let mut y = 8 + line_pitch(TITLE) * title_lines.len() as i32 + 6;
    // Lay out first, to know the height.
    let mut placed = Vec::new();
    for board in boards {
        let heading = fit_lines(&board.heading, TEXT, room);
        let heading_top = y;
        y += text_pitch * heading.len() as i32 + 2;
        let board_top = y;
        y += SQUARE * board.rows.len() as i32 + 6;
        let lines: Vec<String> = board
            .lines
            .iter()
            .flat_map(|l| fit_lines(l, TEXT, room))
            .collect();
        let lines_top = y;
        y += text_pitch * lines.len() as i32 + 14;
        placed.push((heading, heading_top, board_top, lines, lines_top));
    }
    let text = placed
        .iter()
        .flat_map(|(h, _, _, l, _)| h.iter().chain(l.iter()))
        .map(|t| plot::text_width(t, TEXT))
        .chain(title_lines.iter().map(|t| plot::text_width(t, TITLE)))
        .max()
        .unwrap_or(0);
    let drawn = LEFT + widest.max(text).min(room) + RIGHT;
    plot::svg(drawn as u32, (y - 4) as u32, caption, desc, |area| {
        for (i, line) in title_lines.iter().enumerate() {
            plot::title(area, line, (LEFT, 8 + line_pitch(TITLE) * i as i32 + 4));
        }
        for (board, (heading, heading_top, board_top, lines, lines_top)) in
            boards.iter().zip(&placed)
        {
            for (i, line) in heading.iter().enumerate() {
                let at = (LEFT, heading_top + text_pitch * i as i32 + text_pitch / 2);
                plot::heading(area, line, at, Anchor::Start);
            }
            for (r, row) in board.rows.iter().enumerate() {
                for (c, &piece) in row.iter().enumerate() {
                    let x = LEFT + SQUARE * c as i32;
                    let y = board_top + SQUARE * r as i32;
                    square(area, (x, y), piece);
                }
            }
            for (i, line) in lines.iter().enumerate() {
                let at = (LEFT, lines_top + text_pitch * i as i32 + text_pitch / 2);
                plot::label(area, line, at, TEXT, Anchor::Start, INK);
            }
        }
    })
}

/// One square at `(x, y)` (its top left) with its piece.
fn square(area: &Area, (x, y): (i32, i32), piece: Piece) {
    let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
    plot::outline(area, (x, y), (x + SQUARE, y + SQUARE), RULE, 1);
    match piece {
        Piece::Empty => {}
        Piece::Pin | Piece::Black => plot::dot(area, (cx, cy), 8, INK),
        Piece::White => {
            use plotters::prelude::*;
            area.draw(&Circle::new((cx, cy), 8, INK.stroke_width(2)))
                .expect("drawing into a string cannot fail");
        }
        Piece::Down => plot::line(area, &[(cx - 7, cy + 7), (cx + 7, cy + 7)], MUTED, 3),
        Piece::DominoLeft => plot::block(area, (x + 4, y + 6), (x + SQUARE, y + SQUARE - 6), INK),
        Piece::DominoRight => plot::block(area, (x, y + 6), (x + SQUARE - 4, y + SQUARE - 6), INK),
        Piece::Cross => {
            plot::line(
                area,
                &[(x + 7, y + 7), (x + SQUARE - 7, y + SQUARE - 7)],
                INK,
                3,
            );
            plot::line(
                area,
                &[(x + SQUARE - 7, y + 7), (x + 7, y + SQUARE - 7)],
                INK,
                3,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::reflow;

    fn boards() -> Vec<Board> {
        vec![
            Board {
                heading: "A row of nine pins, two knocked down".into(),
                rows: vec![vec![
                    Piece::Pin,
                    Piece::Pin,
                    Piece::Down,
                    Piece::Pin,
                    Piece::Pin,
                    Piece::Pin,
                    Piece::Down,
                    Piece::Pin,
                    Piece::Pin,
                ]],
                lines: vec!["·77: heaps 2 + 3 + 2, values 2 ⊕ 3 ⊕ 2 = 3: the player to move wins, on the board and by the code".into()],
            },
            Board {
                heading: "Three ranks".into(),
                rows: vec![vec![Piece::Black; 7], vec![Piece::Empty; 7], vec![Piece::White; 7]],
                lines: vec![],
            },
        ]
    }

    #[test]
    fn boards_fit_a_phone_and_the_column_with_their_text_whole() {
        for width in [plot::COLUMN, plot::PHONE, plot::SMALL_PHONE] {
            let svg = render("Kayles", &boards(), "caption", "note", width);
            assert_eq!(reflow::faults(&svg, width), Vec::<String>::new(), "{width}");
        }
    }

    #[test]
    fn a_phone_s_boards_that_fit_the_smallest_phone_are_drawn_for_it() {
        let width = |svg: &str| -> u32 {
            let at = svg.find("width=\"").unwrap() + 7;
            svg[at..at + svg[at..].find('"').unwrap()].parse().unwrap()
        };
        // Seven squares fit 288 px with their margins: so does the drawing.
        let phone = render("Kayles", &boards(), "caption", "note", plot::PHONE);
        assert!(width(&phone) <= plot::SMALL_PHONE, "{}", width(&phone));
        // Twelve do not (12 × 26 + 20 > 288): the phone's column is kept.
        let mut wide = boards();
        wide[1].rows = vec![vec![Piece::Empty; 12]];
        let phone = render("Kayles", &wide, "caption", "note", plot::PHONE);
        assert!(width(&phone) > plot::SMALL_PHONE, "{}", width(&phone));
    }

    #[test]
    fn a_position_s_heaps_read_as_a_sum() {
        assert_eq!(heaps_line("·77", &[7], &[2], 2), "·77: heap 7, value 2");
        assert_eq!(
            heaps_line("·77", &[2, 3, 2], &[2, 3, 2], 3),
            "·77: heaps 2 + 3 + 2, values 2 ⊕ 3 ⊕ 2 = 3"
        );
        assert_eq!(heaps_line("·07", &[], &[], 0), "·07: no heap left, value 0");
    }

    #[test]
    fn each_piece_has_its_own_shape() {
        let svg = render("Kayles", &boards(), "caption", "note", plot::COLUMN);
        // Seven rings (White) and the discs of 7 black pawns and 7 pins.
        assert_eq!(svg.matches("<circle").count(), 21);
        assert!(svg.matches("fill=\"none\"").count() >= 7);
    }
}
