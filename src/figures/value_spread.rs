//! `value-spread`: a game with no period in the values computed, drawn as
//! how many heaps take each value. "No period found" is printed with the
//! count searched: it is a fact about that computation, not about the game.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::CheckParams;
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::manifest::Count;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

/// Parameters: the game and the values computed.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `octal:·007`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)
    }
}

/// The search's outcome and the distribution of values.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// The search (and certificate, if a period were found).
    #[serde(flatten)]
    pub run: RunSummary,
    /// `heaps_with_value[v]`: how many heaps have value `v`, for every `v`
    /// from 0 to the largest.
    pub heaps_with_value: Vec<usize>,
    /// The value most heaps take (the smallest such).
    pub most_common_value: Value,
    /// The heap where the largest value first appears.
    pub largest_value_heap: usize,
    /// `[heap, largest value among heaps 0 .. heap]` at 1,000, 2,000, 5,000,
    /// 10,000, … up to the values computed: how the largest value grows.
    pub largest_so_far: Vec<[usize; 2]>,
}

/// The largest value among the first `heap` values, at 1, 2, 5 × 10^k heaps.
fn largest_so_far(values: &[Value]) -> Vec<[usize; 2]> {
    let mut marks = Vec::new();
    let mut decade = 1000;
    while decade <= values.len() {
        for step in [1, 2, 5] {
            let heap = decade * step;
            if heap <= values.len() {
                let largest = values[..heap].iter().copied().max().unwrap_or(0);
                marks.push([heap, largest as usize]);
            }
        }
        decade *= 10;
    }
    marks
}

/// Computes and counts.
pub fn compute(params: &Params) -> Result<Data, String> {
    let (values, run) = run(&params.game, params.values.0, DEFAULT_MIN_REPEATS)?;
    let mut heaps_with_value = vec![0usize; run.largest_value as usize + 1];
    for &v in &values {
        heaps_with_value[v as usize] += 1;
    }
    let most = heaps_with_value.iter().copied().max().unwrap_or(0);
    let most_common_value = heaps_with_value
        .iter()
        .position(|&c| c == most)
        .unwrap_or(0) as Value;
    let largest_value_heap = values
        .iter()
        .position(|&v| v == run.largest_value)
        .unwrap_or(0);
    Ok(Data {
        run,
        heaps_with_value,
        most_common_value,
        largest_value_heap,
        largest_so_far: largest_so_far(&values),
    })
}

impl Data {
    /// The range searched and what it found.
    pub fn range_note(&self) -> String {
        format!(
            "{}; the largest value is {}, first at heap {}.",
            self.run.clause(),
            self.run.largest_value,
            grouped(self.largest_value_heap as u64)
        )
    }
}

const LEFT: i32 = 50;
const TOP: i32 = 40;
const PLOT_H: i32 = 220;
const BAR: i32 = 6;

/// Draws one bar per value.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let bars = data.heaps_with_value.len() as i32;
    // Six pixels a value while they fit in 640; narrower bars beyond.
    let bar_width = (640 / bars.max(1)).clamp(1, BAR);
    let width = (LEFT + bar_width * bars + 40).max(560) as u32;
    let most = data
        .heaps_with_value
        .iter()
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let top = most.div_ceil(20) * 20;
    let y_of = |c: usize| TOP + PLOT_H - (c as f64 / top as f64 * PLOT_H as f64).round() as i32;
    let note = data.range_note();
    let lines = plot::wrap(&note, (width as usize - 30) / 6).len() as i32;
    let height = (TOP + PLOT_H + 56 + lines * 15) as u32;
    plot::svg(width, height, meta.caption, &note, |area| {
        let title = format!("{}: how many heaps take each value", data.run.rule);
        plot::label(area, &title, (10, 14), 14, Anchor::Start, INK);
        plot::line(
            area,
            &[
                (LEFT, TOP),
                (LEFT, TOP + PLOT_H),
                (LEFT + bar_width * bars, TOP + PLOT_H),
            ],
            MUTED,
            1,
        );
        for tick in [0, top / 2, top] {
            plot::label(
                area,
                &tick.to_string(),
                (LEFT - 6, y_of(tick)),
                10,
                Anchor::End,
                MUTED,
            );
        }
        for (v, &count) in data.heaps_with_value.iter().enumerate() {
            let x = LEFT + bar_width * v as i32;
            let gap = i32::from(bar_width > 2);
            plot::block(
                area,
                (x + gap, y_of(count)),
                (x + bar_width - gap, TOP + PLOT_H),
                ACCENT,
            );
            let every = if bar_width >= 4 { 10 } else { 100 };
            if v % every == 0 || v + 1 == data.heaps_with_value.len() {
                plot::label(
                    area,
                    &v.to_string(),
                    (x + bar_width / 2, TOP + PLOT_H + 12),
                    10,
                    Anchor::Middle,
                    MUTED,
                );
            }
        }
        plot::label(
            area,
            "value",
            (LEFT + bar_width * bars, TOP + PLOT_H + 26),
            10,
            Anchor::End,
            MUTED,
        );
        plot::note(
            area,
            &note,
            (10, TOP + PLOT_H + 44),
            width as i32 - 20,
            MUTED,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sequence::PeriodStatus;

    #[test]
    fn seven_has_no_period_in_two_thousand_values() {
        let params = Params {
            game: "octal:·007".parse().unwrap(),
            values: Count(2000),
        };
        let data = compute(&params).unwrap();
        assert_eq!(data.run.status, PeriodStatus::NotFound);
        assert_eq!((data.run.period, data.run.computed), (None, 2000));
        assert_eq!(
            (data.run.largest_value, data.largest_value_heap),
            (89, 1889)
        );
        assert_eq!(data.heaps_with_value.len(), 90);
        assert_eq!(data.heaps_with_value.iter().sum::<usize>(), 2000);
    }

    #[test]
    fn the_same_search_finds_dawsons_period() {
        // The negative control's positive twin: the search is not blind.
        let params = Params {
            game: "octal:·137".parse().unwrap(),
            values: Count(2000),
        };
        assert_eq!(
            compute(&params).unwrap().run.status,
            PeriodStatus::Certified
        );
    }
}
