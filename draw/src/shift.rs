//! A shifted pair: two games whose sequences are one and the same, moved
//! along by a fixed number of heaps. The shift is searched, not assumed:
//! the smallest `s` with `g_shifted(n + s) = g_game(n)` at every heap where
//! both values were computed. The site's `shifted-pair` figures and a
//! reader's two rules, redrawn in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::reflow::{self, Strip, Strips, Title};
use crate::plot::{self, ACCENT, Anchor};
use ladder_engine::games::Rule;
use ladder_engine::numbers::{counted, grouped};
use ladder_engine::sequence::summary::{RunSummary, run};
use ladder_engine::sequence::{DEFAULT_MIN_REPEATS, Value};
use ladder_engine::wording::rule_name;

/// Two games, the values of each, the shifts tried, the cells drawn.
#[derive(Debug, Clone)]
pub struct Input {
    /// The game read as it is, e.g. `octal:·137`.
    pub game: Rule,
    /// The game whose values are compared `shift` heaps later.
    pub shifted: Rule,
    /// Values computed of each.
    pub values: usize,
    /// Shifts tried: `0 ..= largest_shift`.
    pub largest_shift: usize,
    /// Cells drawn per strip.
    pub shown: usize,
}

/// The shift found, and both games' periods.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The smallest shift that fits every heap compared, or null.
    pub shift: Option<usize>,
    /// How many heaps the relation was checked at.
    pub heaps_compared: usize,
    /// The shifts tried: `0 ..= largest_shift`.
    pub largest_shift: usize,
    /// The values of the shifted game before the copy starts.
    pub leading_values: Vec<Value>,
    /// The game read as it is.
    pub game: RunSummary,
    /// The shifted game.
    pub shifted: RunSummary,
    /// `shown` values of the game.
    pub game_values: Vec<Value>,
    /// `shown` values of the shifted game.
    pub shifted_values: Vec<Value>,
}

/// Computes both games and searches the shift.
pub fn compute(params: &Input) -> Result<Data, String> {
    let count = params.values;
    let (a, game) = run(&params.game, count, DEFAULT_MIN_REPEATS)?;
    let (b, shifted) = run(&params.shifted, count, DEFAULT_MIN_REPEATS)?;
    let shift = (0..=params.largest_shift.min(count - 1))
        .find(|&s| (0..count - s).all(|n| b[n + s] == a[n]));
    let shown = params.shown.min(count);
    Ok(Data {
        shift,
        heaps_compared: shift.map_or(0, |s| count - s),
        largest_shift: params.largest_shift,
        leading_values: shift.map_or(Vec::new(), |s| b[..s].to_vec()),
        game,
        shifted,
        game_values: a[..shown].to_vec(),
        shifted_values: b[..shown].to_vec(),
    })
}

impl Data {
    /// The relation found and the range it was checked over.
    pub fn range_note(&self) -> String {
        let relation = match self.shift {
            Some(s) => format!(
                "$g_{{\\text{{{}}}}}(n + {s}) = g_{{\\text{{{}}}}}(n)$ at all {} heaps compared (shifts 0–{} tried)",
                self.shifted.rule.trim_start_matches("octal:"),
                self.game.rule.trim_start_matches("octal:"),
                grouped(self.heaps_compared as u64),
                self.largest_shift
            ),
            None => format!("no shift from 0 to {} fits", self.largest_shift),
        };
        format!(
            "{relation}; {}; {}.",
            self.game.clause(),
            self.shifted.clause()
        )
    }
}

/// 22 px cells hold 13 px values.
const CELL: i32 = 22;
/// Room for a code's name at 13 px.
const LEFT: i32 = 50;
const RIGHT: i32 = 10;
/// From one strip's top to the next's (the gap holds the label of the
/// values in front), and from one line's pair of strips to the next's.
const PITCH: i32 = 64;
const BLOCK: i32 = PITCH + CELL + 64;

/// The figure's width for lines of `positions` cells.
fn width(positions: usize) -> u32 {
    (LEFT + CELL * positions as i32 + RIGHT) as u32
}

/// The strips' layout at `width` for `positions` cells (the strips' and
/// the shift's): one line where they fit, else lines as even as they can
/// be, cut at the same heaps in both strips.
fn layout(positions: usize, width: u32, top: i32) -> Strips {
    Strips {
        name_x: 10,
        origin: (LEFT, top),
        cell: CELL,
        per_line: reflow::per_line(positions, width as i32 - LEFT - RIGHT, CELL),
        pitch: PITCH,
        block: BLOCK,
    }
}

/// Draws the two strips, the shifted one moved so equal values line up;
/// the values in front of the copy are outlined (a shape, beside the
/// colour) and labelled.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let shift = data.shift.unwrap_or(0);
    let (game, shifted) = (rule_name(&data.game.rule), rule_name(&data.shifted.rule));
    // A reader's pair may have no shift that fits: the title says so.
    let title = match data.shift {
        Some(s) => format!(
            "{game} moved {} along is {shifted}",
            counted(s as u64, "heap", "heaps")
        ),
        None => format!(
            "{game} beside {shifted}: no shift from 0 to {} fits",
            data.largest_shift
        ),
    };
    let positions = data.game_values.len() + shift;
    let content = width(layout(positions, meta.width, 0).per_line) as i32;
    let title = Title::fit(&title, 10, content, meta.width);
    let width = title.width;
    let layout = layout(positions, meta.width, 52 + title.lower());
    let strips = [
        Strip {
            name: &shifted,
            offset: 0,
            values: &data.shifted_values,
        },
        Strip {
            name: &game,
            offset: shift,
            values: &data.game_values,
        },
    ];
    let height = (layout.bottom(&strips) + 8) as u32;
    plot::svg(
        width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (10, 14));
            layout.draw(area, &strips);
            for i in 0..shift {
                let (cx, cy) = layout.at(0, i);
                let corner = (cx + CELL - 1, cy + CELL - 1);
                plot::outline(area, (cx + 1, cy + 1), corner, ACCENT, 2);
            }
            if shift > 0 {
                let (x, y) = layout.at(0, 0);
                let at = (x + 4, y + CELL + 12);
                plot::label(area, "↑ in front", at, plot::SMALL, Anchor::Start, ACCENT);
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawson_kayles_07_is_dawson_chess_one_heap_later() {
        let params = Input {
            game: "octal:·137".parse().unwrap(),
            shifted: "octal:·07".parse().unwrap(),
            values: 2000,
            largest_shift: 8,
            shown: 36,
        };
        let data = compute(&params).unwrap();
        assert_eq!(data.shift, Some(1));
        assert_eq!(data.leading_values, [0]);
        assert_eq!(data.heaps_compared, 1999);
        assert_eq!(
            (data.shifted.preperiod, data.shifted.period),
            (Some(53), Some(34))
        );
        assert_eq!(
            data.shifted.status,
            ladder_engine::sequence::PeriodStatus::Certified
        );
    }

    #[test]
    fn unrelated_codes_have_no_shift() {
        let params = Input {
            game: "octal:·137".parse().unwrap(),
            shifted: "octal:·77".parse().unwrap(),
            values: 300,
            largest_shift: 8,
            shown: 10,
        };
        let data = compute(&params).unwrap();
        assert_eq!(data.shift, None);
        let meta = RenderMeta {
            id: "s",
            caption: "",
            width: plot::COLUMN,
        };
        assert!(render(&data, &meta).contains("no shift from 0 to 8 fits"));
    }

    #[test]
    fn the_strips_shown_fit_the_column() {
        assert!(width(28 + 1) <= plot::COLUMN);
        assert!(
            width(36 + 1) > plot::COLUMN,
            "the 36 cells drawn before did not"
        );
        assert_eq!(
            layout(29, plot::COLUMN, 52).per_line,
            29,
            "one line on a desktop"
        );
    }

    #[test]
    fn on_a_phone_the_strips_wrap_with_the_shift_kept() {
        let params = Input {
            game: "octal:·137".parse().unwrap(),
            shifted: "octal:·07".parse().unwrap(),
            values: 300,
            largest_shift: 8,
            shown: 28,
        };
        let data = compute(&params).unwrap();
        let meta = RenderMeta {
            id: "dawson-07-shift",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(reflow::faults(&svg, plot::PHONE), Vec::<String>::new());
        // 29 positions in lines of 10; ·137's heap n stands under ·07's n + 1.
        let layout = layout(29, plot::PHONE, 52);
        assert_eq!(layout.per_line, 10);
        for n in 0..28 {
            let (above, below) = (layout.at(0, n + 1), layout.at(1, n + 1));
            assert_eq!((above.0, above.1 + PITCH), below, "{n}");
            assert!(below.0 + CELL <= width(10) as i32, "{n}");
        }
        assert_eq!(svg.matches("\nheap\n").count(), 6);
    }
}
