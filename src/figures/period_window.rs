//! `period-window`: one game's values in rows as long as its period, so the
//! periodic stretch shows as columns of equal cells; the preperiod, the
//! certificate's window and the values it needs are marked on the rows.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::manifest::Count;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, INK, MUTED};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

/// Parameters: the game, the values to search, the rows to draw.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `octal:·137`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
    /// Rows of one period each drawn (default 6).
    #[serde(default = "default_rows")]
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub rows: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&self.game, self.values.0)
    }
}

fn default_rows() -> usize {
    6
}

/// The period, its certificate's window, and how long a coincidence would
/// have had to last.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// The search and its certificate.
    #[serde(flatten)]
    pub run: RunSummary,
    /// Whole periods between the preperiod and the end of the values.
    pub full_repetitions: usize,
    /// One past the last heap of the certificate's window (saturated: a
    /// window of a take near 2^64 ends beyond any heap).
    pub window_end: usize,
    /// The values drawn, heap 0 first.
    pub values: Vec<Value>,
}

/// Computes, searches and certifies; a game without a certified period is an error.
pub fn compute(params: &Params) -> Result<Data, String> {
    let (values, run) = run(&params.game, params.values.0, DEFAULT_MIN_REPEATS)?;
    let (Some(period), Some(preperiod), Some(certificate)) =
        (run.period, run.preperiod, run.certificate)
    else {
        return Err(format!(
            "{}: this figure needs a period, and none was found",
            run.rule
        ));
    };
    let shown = (period * params.rows).min(values.len());
    Ok(Data {
        full_repetitions: (run.computed - preperiod) / period,
        window_end: certificate.start.saturating_add(certificate.length),
        values: values[..shown].to_vec(),
        run,
    })
}

impl Data {
    /// The search range and the certificate.
    pub fn range_note(&self) -> String {
        format!(
            "{}; the period repeats {} whole times in the values searched.",
            self.run.clause(),
            self.full_repetitions
        )
    }
}

const CELL: i32 = 17;
const LEFT: i32 = 50;

/// Draws rows of one period, with the window and the needed values marked.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let period = data.run.period.unwrap_or(1);
    let preperiod = data.run.preperiod.unwrap_or(0);
    let width = (LEFT + CELL * period as i32 + 20).max(560) as u32;
    let rows = data.values.len().div_ceil(period) as i32;
    let top = 56;
    let note = data.range_note();
    let legend = [
        (
            ACCENT_2,
            format!("preperiod: heaps 0–{}", preperiod.saturating_sub(1)),
        ),
        (
            ACCENT,
            format!(
                "window: heaps {}–{} against one period on",
                preperiod,
                data.window_end - 1
            ),
        ),
    ];
    let lines = plot::wrap(&note, (width as usize - 30) / 6).len() as i32;
    let height = (top + rows * CELL + 60 + lines * 15) as u32;
    plot::svg(width, height, meta.caption, &note, |area| {
        let title = format!(
            "{}: rows of {period}, heap 0 at the top left",
            data.run.rule
        );
        plot::label(area, &title, (10, 14), 14, Anchor::Start, INK);
        let needed = data.run.certificate.map_or(0, |c| c.values_needed);
        let text = format!(
            "the certificate reads heaps 0–{}, searched to {}",
            needed.saturating_sub(1),
            grouped(data.run.computed as u64)
        );
        plot::label(area, &text, (10, 34), 11, Anchor::Start, MUTED);
        let bottom = plot::raster(area, (LEFT, top), CELL, period, 0, &data.values);
        for heap in 0..data.values.len().min(data.window_end) {
            let (x, y) = plot::raster_position((LEFT, top), CELL, period, 0, heap);
            let color = if heap < preperiod { ACCENT_2 } else { ACCENT };
            plot::outline(area, (x + 1, y + 1), (x + CELL - 1, y + CELL - 1), color, 2);
        }
        let mut y = bottom + 16;
        for (color, text) in &legend {
            plot::outline(area, (10, y - 5), (20, y + 5), *color, 2);
            plot::label(area, text, (26, y), 11, Anchor::Start, INK);
            y += 16;
        }
        plot::note(area, &note, (10, y + 6), width as i32 - 20, MUTED);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sequence::PeriodStatus;

    fn dawson(values: usize) -> Result<Data, String> {
        compute(&Params {
            game: "octal:·137".parse().unwrap(),
            values: Count(values),
            rows: 6,
        })
    }

    #[test]
    fn dawson_repeats_every_34_from_heap_52_and_the_window_needs_175_values() {
        let data = dawson(2000).unwrap();
        assert_eq!((data.run.preperiod, data.run.period), (Some(52), Some(34)));
        assert_eq!(data.run.status, PeriodStatus::Certified);
        assert!(data.run.corroborated);
        assert_eq!(data.full_repetitions, 57);
        let c = data.run.certificate.unwrap();
        assert_eq!(
            (c.kind, c.start, c.length, c.values_needed),
            ("guy-smith-k2", 52, 88, 174)
        );
        assert_eq!(data.window_end, 140);
    }

    #[test]
    fn with_170_values_the_same_period_is_observed_not_proven() {
        let data = dawson(170).unwrap();
        assert_eq!(data.run.period, Some(34));
        assert_eq!(data.run.status, PeriodStatus::Observed);
    }

    #[test]
    fn kayles_repeats_every_12_from_heap_71() {
        let data = compute(&Params {
            game: "octal:·77".parse().unwrap(),
            values: Count(2000),
            rows: 2,
        })
        .unwrap();
        assert_eq!((data.run.preperiod, data.run.period), (Some(71), Some(12)));
        assert_eq!(data.run.status, PeriodStatus::Certified);
        let c = data.run.certificate.unwrap();
        assert_eq!(
            (c.kind, c.length, c.values_needed),
            ("guy-smith-k2", 84, 167)
        );
    }

    #[test]
    fn a_game_with_no_period_is_refused() {
        let error = compute(&Params {
            game: "octal:·007".parse().unwrap(),
            values: Count(500),
            rows: 2,
        })
        .unwrap_err();
        assert!(error.contains("none was found"), "{error}");
    }

    #[test]
    fn a_window_beyond_every_heap_is_observed_not_drawn_past_its_end() {
        // Found by the property tests: the window of a take of 2^64 − 1 ends
        // past usize::MAX; its end saturates and the period stays observed.
        let data = compute(&Params {
            game: "pass:18446744073709551615,1".parse().unwrap(),
            values: Count(8),
            rows: 1,
        })
        .unwrap();
        assert_eq!(data.run.status, PeriodStatus::Observed);
        assert_eq!(data.window_end, usize::MAX);
    }
}
