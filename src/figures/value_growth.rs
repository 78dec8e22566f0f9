//! `value-growth`: the largest value so far against the heap, for several
//! games, read at fixed checkpoints. A code without a split bit is a
//! subtraction game whose values never pass its largest take; a split bit
//! lets XORs of earlier values climb.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::CheckParams;
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, INK, MUTED};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

/// Parameters: the games and the heaps to read the largest value at.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The games, one series each (at most two are drawn in colour).
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Rule>,
    /// Heaps at which the largest value so far is read, ascending; values
    /// are computed up to the last (at most 100,000).
    pub checkpoints: Vec<usize>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        let last = *self.checkpoints.last().ok_or("checkpoints is empty")?;
        if !self.checkpoints.is_sorted() || last > 100_000 || self.games.is_empty() {
            return Err(
                "checkpoints must ascend to at most 100,000, and games must not be empty".into(),
            );
        }
        self.games
            .iter()
            .try_for_each(|game| crate::budget::check_values(game, last))
    }
}

/// One game's growth.
#[derive(Debug, Clone, Serialize)]
pub struct Series {
    /// The rule.
    pub rule: String,
    /// Each heap where a new largest value appears, with that value.
    pub records: Vec<(usize, Value)>,
    /// The largest value among heaps `0 ..= h`, for each checkpoint `h`.
    pub at_checkpoints: Vec<Value>,
    /// The period search over the same values.
    pub run: RunSummary,
}

/// Every series, read at the checkpoints.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// The heaps read at.
    pub checkpoints: Vec<usize>,
    /// One series per game, in the order given.
    pub series: Vec<Series>,
}

/// Computes heaps `0 ..= last checkpoint` of each game.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let last = *params.checkpoints.last().ok_or("checkpoints is empty")?;
    let series = params
        .games
        .iter()
        .map(|game| {
            let (values, run) = run(game, last + 1, DEFAULT_MIN_REPEATS)?;
            let mut records: Vec<(usize, Value)> = Vec::new();
            for (heap, &value) in values.iter().enumerate() {
                if records.last().is_none_or(|&(_, best)| value > best) {
                    records.push((heap, value));
                }
            }
            let at_checkpoints = params
                .checkpoints
                .iter()
                .map(|&h| values[..=h].iter().copied().max().unwrap_or(0))
                .collect();
            Ok(Series {
                rule: game.to_string(),
                records,
                at_checkpoints,
                run,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Data {
        checkpoints: params.checkpoints.clone(),
        series,
    })
}

impl Data {
    /// The range and each game's largest values at the checkpoints.
    pub fn range_note(&self) -> String {
        let heaps: Vec<String> = self
            .checkpoints
            .iter()
            .map(|&h| grouped(h as u64))
            .collect();
        let series: Vec<String> = self
            .series
            .iter()
            .map(|s| {
                let v: Vec<String> = s.at_checkpoints.iter().map(u32::to_string).collect();
                format!(
                    "{} {} ({})",
                    s.rule,
                    v.join(", "),
                    s.run.clause().split_once(": ").map_or("", |(_, c)| c)
                )
            })
            .collect();
        format!(
            "Largest value by heaps {}: {}.",
            heaps.join(", "),
            series.join("; ")
        )
    }
}

const LEFT: i32 = 60;
const TOP: i32 = 40;
const PLOT_W: i32 = 560;
const PLOT_H: i32 = 260;

/// Draws each series as a step line, the checkpoints marked and labelled.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let last = *data.checkpoints.last().unwrap_or(&1) as f64;
    let top = data
        .series
        .iter()
        .flat_map(|s| s.at_checkpoints.iter())
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let top = top.div_ceil(8) * 8;
    let x_of = |h: usize| LEFT + (h as f64 / last * PLOT_W as f64).round() as i32;
    let y_of = |v: Value| TOP + PLOT_H - (v as f64 / top as f64 * PLOT_H as f64).round() as i32;
    let width = (LEFT + PLOT_W + 40) as u32;
    let note = data.range_note();
    let lines = plot::wrap(&note, (width as usize - 30) / 6).len() as i32;
    let height = (TOP + PLOT_H + 70 + lines * 15) as u32;
    plot::svg(width, height, meta.caption, &note, |area| {
        plot::label(
            area,
            "largest value so far against the heap",
            (10, 14),
            14,
            Anchor::Start,
            INK,
        );
        plot::line(
            area,
            &[
                (LEFT, TOP),
                (LEFT, TOP + PLOT_H),
                (LEFT + PLOT_W, TOP + PLOT_H),
            ],
            MUTED,
            1,
        );
        for tick in (0..=top).step_by((top / 4).max(1) as usize) {
            plot::label(
                area,
                &tick.to_string(),
                (LEFT - 8, y_of(tick)),
                10,
                Anchor::End,
                MUTED,
            );
        }
        for &h in &data.checkpoints {
            let x = x_of(h);
            plot::line(area, &[(x, TOP), (x, TOP + PLOT_H)], plot::fill(0), 1);
            plot::label(
                area,
                &grouped(h as u64),
                (x, TOP + PLOT_H + 14),
                10,
                Anchor::Middle,
                MUTED,
            );
        }
        plot::label(
            area,
            "heap",
            (LEFT + PLOT_W, TOP + PLOT_H + 30),
            10,
            Anchor::End,
            MUTED,
        );
        for (i, s) in data.series.iter().enumerate() {
            let color = if i == 0 { ACCENT_2 } else { ACCENT };
            let mut points = Vec::new();
            for (k, &(heap, value)) in s.records.iter().enumerate() {
                if k > 0 {
                    points.push((x_of(heap), y_of(s.records[k - 1].1)));
                }
                points.push((x_of(heap), y_of(value)));
            }
            if let Some(&(_, value)) = s.records.last() {
                points.push((x_of(last as usize), y_of(value)));
            }
            plot::line(area, &points, color, 2);
            for (&h, &v) in data.checkpoints.iter().zip(&s.at_checkpoints) {
                plot::dot(area, (x_of(h), y_of(v)), 4, color);
                plot::label(
                    area,
                    &v.to_string(),
                    (x_of(h) - 6, y_of(v) - 10),
                    11,
                    Anchor::End,
                    color,
                );
            }
            let legend_y = TOP + 10 + 16 * i as i32;
            plot::dot(area, (LEFT + 14, legend_y), 4, color);
            plot::label(area, &s.rule, (LEFT + 24, legend_y), 11, Anchor::Start, INK);
        }
        plot::note(
            area,
            &note,
            (10, TOP + PLOT_H + 48),
            width as i32 - 20,
            MUTED,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_seven_doubles_its_largest_value_while_thirty_three_stays_at_two() {
        let params = Params {
            games: vec!["octal:·33".parse().unwrap(), "octal:·37".parse().unwrap()],
            checkpoints: vec![100, 500, 1000, 2000],
        };
        let data = compute(&params).unwrap();
        assert_eq!(data.series[0].at_checkpoints, [2, 2, 2, 2]);
        assert_eq!(data.series[1].at_checkpoints, [8, 17, 32, 64]);
        assert_eq!(
            data.series[1].run.status,
            crate::sequence::PeriodStatus::NotFound
        );
        assert_eq!(data.series[1].records.first(), Some(&(0, 0)));
    }
}
