//! `board-heaps`: positions of a game on a row or strip (Kayles, dominoes,
//! Treblecross), each drawn on its board with the heaps it becomes, their
//! values, and its outcome found twice: by searching the board, and from
//! the code. Computed here so that the site's build and the reader's page
//! (another code typed under the figure) give the same drawing.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::boards::{Board, Piece, Reading};
use ladder_engine::boards::row::{MOST_CELLS, runs};
use ladder_engine::boards::{CodeOutcome, Game, Outcome, treblecross};
use ladder_engine::games::Rule;
use ladder_engine::games::octal::values;

/// The most positions one figure draws.
pub const MOST_POSITIONS: usize = 64;

/// One position and what it becomes.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Position {
    /// As written in the manifest.
    pub text: String,
    pub cells: usize,
    #[serde(flatten)]
    pub reading: Reading,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub game: Game,
    /// The code, `·77`.
    pub code: String,
    pub positions: Vec<Position>,
    /// Positions whose board and code outcomes agree in both plays.
    pub agreeing: usize,
}

/// A position's cells in play (bit `i`: cell `i`) and its length. In play
/// means a pin standing, a cell not covered, a cell crossed.
pub fn parse(game: Game, text: &str) -> Result<(usize, usize), String> {
    let mut mask = 0usize;
    let mut cells = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let set = match (game, c) {
            (Game::Kayles, '|') | (Game::Treblecross, 'X') | (Game::Dominoes, '.') => true,
            (Game::Kayles | Game::Treblecross, '.') => false,
            (Game::Dominoes, '[') => {
                if chars.next() != Some(']') {
                    return Err(format!("{text}: a domino is written [] (two cells)"));
                }
                cells += 1;
                false
            }
            (Game::DawsonsChess, _) => {
                return Err("Dawson's chess is drawn by `dawson-board`".into());
            }
            _ => return Err(format!("{text}: `{c}` is not a cell of {}", game.name())),
        };
        if set {
            mask |= 1 << cells;
        }
        cells += 1;
        if cells > MOST_CELLS {
            return Err(format!("{text}: more than {MOST_CELLS} cells"));
        }
    }
    if cells == 0 {
        return Err("a position of no cells".into());
    }
    if game == Game::Treblecross {
        if cells < 3 {
            return Err(format!(
                "{text}: a strip of Treblecross has 3 cells or more"
            ));
        }
        if treblecross::has_three(mask) || treblecross::wins_at_once(mask, cells) {
            return Err(format!(
                "{text}: a position with three in a row made or to be made at once is not read as heaps"
            ));
        }
    }
    Ok((mask, cells))
}

/// Searches each position's board and reads it as heaps of `code`.
pub fn compute(game: Game, code: &Rule, texts: &[String]) -> Result<Data, String> {
    let octal = code
        .octal_code()
        .ok_or_else(|| format!("{code} is not an octal code"))?;
    if texts.len() > MOST_POSITIONS {
        return Err(format!(
            "{} positions: a figure draws at most {MOST_POSITIONS}",
            texts.len()
        ));
    }
    let mut positions = Vec::new();
    for text in texts {
        let (mask, cells) = parse(game, text)?;
        let (heaps, normal, misere) = match game.row_game() {
            Some(game) => (
                runs(mask, cells),
                game.outcomes(cells, false)?[mask],
                game.outcomes(cells, true)?[mask],
            ),
            None => (
                treblecross::heaps(mask, cells),
                treblecross::outcomes(cells)?[mask],
                treblecross::avoidance_outcomes(cells)?[mask],
            ),
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let table = values(octal, largest + 1);
        let mut misere_code = CodeOutcome::new(octal, largest, true);
        let code_wins_misere = misere_code.of(&heaps)? == Outcome::Next;
        let board_wins = (normal == Outcome::Next, misere == Outcome::Next);
        positions.push(Position {
            text: text.clone(),
            cells,
            reading: Reading::new(heaps, &table, board_wins, code_wins_misere),
        });
    }
    Ok(Data {
        game,
        code: code.to_string().replace("octal:", ""),
        agreeing: positions.iter().filter(|p| p.reading.agrees()).count(),
        positions,
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        let agree = |misere: bool| {
            self.positions
                .iter()
                .filter(|p| {
                    let r = &p.reading;
                    if misere {
                        r.board_wins_misere == r.code_wins_misere
                    } else {
                        r.board_wins == r.code_wins
                    }
                })
                .count()
        };
        let misere = if self.game == Game::Treblecross {
            "in the game where three in a row loses, set against misère play of the code"
        } else {
            "in misère play"
        };
        format!(
            "Each board searched whole with no use of the code and read as heaps of {}: {} of {} \
             positions have the code's outcome in normal play; {} of {} {misere}.",
            self.code,
            agree(false),
            self.positions.len(),
            agree(true),
            self.positions.len()
        )
    }
}

/// Each position on its board, with its heaps and outcomes under it.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let boards: Vec<Board> = data
        .positions
        .iter()
        .map(|p| board(data.game, &data.code, p))
        .collect();
    let title = format!("{} read as {}", data.game.name(), data.code);
    crate::boards::render(
        &title,
        &boards,
        meta.caption,
        &data.range_note(),
        meta.width,
    )
}

fn board(game: Game, code: &str, p: &Position) -> Board {
    let (mask, cells) = parse(game, &p.text).unwrap_or((0, 0));
    let pieces: Vec<Piece> = match game {
        Game::Dominoes => {
            let mut row = Vec::new();
            let mut i = 0;
            while i < cells {
                if mask >> i & 1 == 1 {
                    row.push(Piece::Empty);
                    i += 1;
                } else {
                    row.extend([Piece::DominoLeft, Piece::DominoRight]);
                    i += 2;
                }
            }
            row
        }
        _ => (0..cells)
            .map(|i| match (game, mask >> i & 1 == 1) {
                (Game::Kayles, true) => Piece::Pin,
                (Game::Kayles, false) => Piece::Down,
                (_, true) => Piece::Cross,
                (_, false) => Piece::Empty,
            })
            .collect(),
    };
    Board {
        heading: format!("{} cells", p.cells),
        rows: vec![pieces],
        lines: p.reading.lines(
            code,
            "player",
            if game == Game::Treblecross {
                "three in a row loses"
            } else {
                "misère play"
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(game: Game, code: &str, positions: &[&str]) -> (Game, Rule, Vec<String>) {
        (
            game,
            format!("octal:{code}").parse().unwrap(),
            positions.iter().map(ToString::to_string).collect(),
        )
    }

    fn compute((game, code, positions): (Game, Rule, Vec<String>)) -> Result<Data, String> {
        super::compute(game, &code, &positions)
    }

    #[test]
    fn positions_read_as_their_heaps_and_agree() {
        let kayles = compute(params(Game::Kayles, "·77", &["||.|||.||"])).unwrap();
        let p = &kayles.positions[0].reading;
        assert_eq!(p.heaps, vec![2, 3, 2]);
        assert_eq!(p.values, vec![2, 3, 2]);
        assert_eq!((p.nim_sum, p.board_wins, p.code_wins), (3, true, true));
        let dominoes = compute(params(Game::Dominoes, "·07", &["..[]...", "[][]"])).unwrap();
        assert_eq!(dominoes.positions[0].reading.heaps, vec![2, 3]);
        let full = &dominoes.positions[1].reading;
        assert_eq!(full.heaps, Vec::<usize>::new());
        assert!(!full.board_wins && full.board_wins_misere);
        let treble = compute(params(Game::Treblecross, "·007", &[".......", "X......"])).unwrap();
        assert_eq!(treble.positions[0].reading.heaps, vec![9]);
        assert_eq!(treble.positions[1].reading.heaps, vec![6]);
        assert!(
            treble
                .positions
                .iter()
                .all(|p| p.reading.board_wins == p.reading.code_wins)
        );
        assert_eq!(kayles.agreeing + dominoes.agreeing, 3);
    }

    #[test]
    fn a_position_the_game_does_not_have_is_refused() {
        assert!(parse(Game::Kayles, "||x").is_err());
        assert!(parse(Game::Dominoes, ".[.").is_err());
        assert!(parse(Game::Treblecross, "XX..").is_err(), "three at once");
        assert!(parse(Game::Treblecross, "X").is_err(), "under three cells");
        assert!(parse(Game::Kayles, &"|".repeat(25)).is_err());
        assert!(parse(Game::DawsonsChess, "|").is_err());
        let code: Rule = "sub:1,2".parse().unwrap();
        let e = super::compute(Game::Kayles, &code, &["|||".into()]).unwrap_err();
        assert_eq!(e, "sub:1,2 is not an octal code");
        let many = vec!["|".to_string(); MOST_POSITIONS + 1];
        let code: Rule = "octal:·77".parse().unwrap();
        assert!(super::compute(Game::Kayles, &code, &many).is_err());
    }
}
