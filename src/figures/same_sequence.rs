//! `same-sequence`: two rules compared value by value over the range
//! computed, e.g. the octal code ·33 beside the subtraction game {1,2}.
//! Equal values over a range is an observation about that range; where both
//! periods are certified (as here) it is a proof for every heap.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::manifest::Count;
use crate::numbers::grouped;
use crate::plot::{self, Anchor, INK, MUTED};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

/// Parameters: the two rules, the heaps compared, the cells drawn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The first rule, e.g. `octal:·33`.
    pub game: Rule,
    /// The rule it is compared with, e.g. `sub:1,2`.
    pub other: Rule,
    /// Heaps compared (and values computed of each).
    pub values: Count,
    /// Cells drawn per strip.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)?;
        crate::budget::check_values(&self.other, self.values.0)
    }
}

/// Where the two differ, if anywhere, and both periods.
#[derive(Debug, Clone, Serialize)]
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
pub fn compute(params: &Params) -> Result<Data, String> {
    let count = params.values.0;
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

const CELL: i32 = 22;
const LEFT: i32 = 80;

/// Draws one strip above the other.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let cells = data.game_values.len() as i32;
    let width = (LEFT + CELL * cells + 20) as u32;
    let note = data.range_note();
    let lines = plot::wrap(&note, (width as usize - 30) / 6).len() as i32;
    let (top_y, bottom_y) = (52, 112);
    let height = (bottom_y + CELL + 30 + lines * 15) as u32;
    plot::svg(width, height, meta.caption, &note, |area| {
        let title = format!("{} beside {}", data.game.rule, data.other.rule);
        plot::label(area, &title, (10, 14), 14, Anchor::Start, INK);
        plot::label(
            area,
            &data.game.rule,
            (10, top_y + CELL / 2),
            12,
            Anchor::Start,
            INK,
        );
        plot::strip(area, LEFT, top_y, CELL, 0, &data.game_values);
        plot::label(
            area,
            &data.other.rule,
            (10, bottom_y + CELL / 2),
            12,
            Anchor::Start,
            INK,
        );
        plot::strip(area, LEFT, bottom_y, CELL, 0, &data.other_values);
        plot::note(
            area,
            &note,
            (10, bottom_y + CELL + 24),
            width as i32 - 20,
            MUTED,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(other: &str) -> Data {
        compute(&Params {
            game: "octal:·33".parse().unwrap(),
            other: other.parse().unwrap(),
            values: Count(2000),
            shown: 30,
        })
        .unwrap()
    }

    #[test]
    fn code_33_is_subtraction_one_two() {
        let data = compare("sub:1,2");
        assert_eq!((data.first_difference, data.compared), (None, 2000));
        assert_eq!((data.game.preperiod, data.game.period), (Some(0), Some(3)));
        assert_eq!(data.game.status, crate::sequence::PeriodStatus::Certified);
    }

    #[test]
    fn code_33_is_not_subtraction_one_three() {
        assert_eq!(compare("sub:1,3").first_difference, Some(2));
    }
}
