//! The same sequence: two rules compared value by value over the range
//! computed, e.g. the octal code ·33 beside the subtraction game {1,2}.
//! Equal values over a range is an observation about that range; where both
//! periods are certified it is a proof for every heap. The site's
//! `same-sequence` figures and a reader's two rules, redrawn in the page,
//! draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, reflow, reflow::Strip, reflow::Strips, reflow::Title};
use ladder_engine::games::Rule;
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::summary::{RunSummary, run};
use ladder_engine::sequence::{DEFAULT_MIN_REPEATS, Value};
use ladder_engine::wording::rule_name;

/// Two rules, the heaps compared, the cells drawn.
#[derive(Debug, Clone)]
pub struct Input {
    /// The first rule, e.g. `octal:·33`.
    pub game: Rule,
    /// The rule it is compared with, e.g. `sub:1,2`.
    pub other: Rule,
    /// Heaps compared (and values computed of each).
    pub values: usize,
    /// Cells drawn per strip.
    pub shown: usize,
}

/// Where the two differ, if anywhere, and both periods.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// How many heaps were compared.
    pub compared: usize,
    /// The first heap where the two differ, or null.
    pub first_difference: Option<usize>,
    /// The first rule.
    pub game: RunSummary,
    /// The rule compared with.
    pub other: RunSummary,
    /// `shown` values of the first rule (equal to the other's when no difference).
    pub game_values: Vec<Value>,
    /// `shown` values of the other rule.
    pub other_values: Vec<Value>,
}

/// Computes both and compares them heap by heap.
pub fn compute(params: &Input) -> Result<Data, String> {
    let count = params.values;
    let (a, game) = run(&params.game, count, DEFAULT_MIN_REPEATS)?;
    let (b, other) = run(&params.other, count, DEFAULT_MIN_REPEATS)?;
    let shown = params.shown.min(count);
    Ok(Data {
        compared: count,
        first_difference: (0..count).find(|&n| a[n] != b[n]),
        game,
        other,
        game_values: a[..shown].to_vec(),
        other_values: b[..shown].to_vec(),
    })
}

impl Data {
    /// The comparison's range and outcome.
    pub fn range_note(&self) -> String {
        let outcome = match self.first_difference {
            None => format!(
                "equal at all {} heaps compared",
                grouped(self.compared as u64)
            ),
            Some(n) => format!("first different at heap {n}"),
        };
        format!(
            "{outcome}; {}; {}.",
            self.game.clause(),
            self.other.clause()
        )
    }
}

/// 22 px cells hold 13 px values.
const CELL: i32 = 22;
/// Room for a rule's name at 13 px, e.g. `{1, 2}`.
const LEFT: i32 = 60;
const RIGHT: i32 = 10;
/// From one strip's top to the next's, and from one line's pair of strips
/// to the next's: twice the gap inside a pair, so a pair reads as one.
const PITCH: i32 = 48;
const BLOCK: i32 = PITCH + CELL + 2 * (PITCH - CELL);

/// The strips' layout at `width`: one line of `cells` where they fit (the
/// page's column), else lines as even as they can be.
fn layout(cells: usize, width: u32, top: i32) -> Strips {
    Strips {
        name_x: 10,
        origin: (LEFT, top),
        cell: CELL,
        per_line: reflow::per_line(cells, width as i32 - LEFT - RIGHT, CELL),
        pitch: PITCH,
        block: BLOCK,
    }
}

/// Draws one strip above the other, the heap over every fifth cell of
/// each, cut into lines at the same heaps when they do not fit the width.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let (game, other) = (rule_name(&data.game.rule), rule_name(&data.other.rule));
    let title = format!("{game} beside {other}");
    let cells = data.game_values.len();
    let per_line = layout(cells, meta.width, 0).per_line;
    let content = LEFT + CELL * per_line as i32 + RIGHT;
    let title = Title::fit(&title, 10, content, meta.width);
    let width = title.width;
    let layout = layout(cells, meta.width, 52 + title.lower());
    let strips = [
        Strip {
            name: &game,
            offset: 0,
            values: &data.game_values,
        },
        Strip {
            name: &other,
            offset: 0,
            values: &data.other_values,
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
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(other: &str) -> Data {
        compute(&Input {
            game: "octal:·33".parse().unwrap(),
            other: other.parse().unwrap(),
            values: 2000,
            shown: 30,
        })
        .unwrap()
    }

    #[test]
    fn code_33_is_subtraction_one_two() {
        let data = compare("sub:1,2");
        assert_eq!((data.first_difference, data.compared), (None, 2000));
        assert_eq!((data.game.preperiod, data.game.period), (Some(0), Some(3)));
        assert_eq!(
            data.game.status,
            ladder_engine::sequence::PeriodStatus::Certified
        );
    }

    #[test]
    fn code_33_is_not_subtraction_one_three() {
        assert_eq!(compare("sub:1,3").first_difference, Some(2));
    }

    #[test]
    fn the_strips_shown_fit_the_column() {
        let fits = |cells: usize| LEFT + CELL * cells as i32 + RIGHT <= plot::COLUMN as i32;
        assert!(fits(27));
        assert!(!fits(30), "the 30 cells drawn before did not");
        assert_eq!(
            layout(27, plot::COLUMN, 52).per_line,
            27,
            "one line on a desktop"
        );
    }

    #[test]
    fn on_a_phone_the_strips_wrap_in_step_inside_its_width() {
        let data = compare("sub:1,2");
        let meta = RenderMeta {
            id: "code-33",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(reflow::faults(&svg, plot::PHONE), Vec::<String>::new());
        let width = LEFT + CELL * 10 + RIGHT;
        // 30 cells in lines of 10: three pairs of strips, each cell inside.
        let layout = layout(data.game_values.len(), plot::PHONE, 52);
        assert_eq!(layout.per_line, 10);
        for row in 0..2 {
            for heap in 0..data.game_values.len() {
                let (x, _) = layout.at(row, heap);
                assert!(x + CELL <= width, "{heap}");
            }
        }
        assert_eq!(
            svg.matches("\nheap\n").count(),
            6,
            "\"heap\" over each strip of each line"
        );
    }
}
