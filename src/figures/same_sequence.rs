//! `same-sequence`: two rules compared value by value over the range
//! computed, e.g. the octal code ·33 beside the subtraction game {1,2}.
//! Equal values over a range is an observation about that range; where both
//! periods are certified (as here) it is a proof for every heap.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::plot;
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};
use crate::text::numbers::grouped;
use crate::text::wording::rule_name;

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

/// 22 px cells hold 13 px values.
const CELL: i32 = 22;
/// Room for a rule's name at 13 px, e.g. `{1, 2}`.
const LEFT: i32 = 60;
const RIGHT: i32 = 10;

/// The figure's width for strips of `cells`.
fn width(cells: usize) -> u32 {
    (LEFT + CELL * cells as i32 + RIGHT) as u32
}

/// Draws one strip above the other, the heap over every fifth cell of each.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = width(data.game_values.len());
    let (top_y, bottom_y) = (52, 100);
    let height = (bottom_y + CELL + 8) as u32;
    let (game, other) = (rule_name(&data.game.rule), rule_name(&data.other.rule));
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!("{game} beside {other}");
        plot::title(area, &title, (10, 14));
        for (name, y, values) in [
            (&game, top_y, &data.game_values),
            (&other, bottom_y, &data.other_values),
        ] {
            plot::named_strip(area, name, 10, (LEFT, y), CELL, values);
        }
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

    #[test]
    fn the_strips_shown_fit_the_column() {
        assert!(width(27) <= plot::COLUMN);
        assert!(
            width(30) > plot::COLUMN,
            "the 30 cells drawn before did not"
        );
    }
}
