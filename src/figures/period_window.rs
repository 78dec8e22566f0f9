//! `period-window`: one game's values in rows as long as its period, so the
//! periodic stretch shows as columns of equal cells; the preperiod, the
//! certificate's window and the values it needs are marked on the rows.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use super::run::{RunSummary, run};
use crate::games::Rule;
use crate::plot::{self, ACCENT, ACCENT_2, Anchor};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};
use crate::text::wording::rule_name;

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

/// Room for the row labels (the first heap of each row, up to three digits
/// at 12 px); the cells start right after.
const LEFT: i32 = 24;
/// The title, then the column labels above the grid.
const TOP: i32 = 52;

/// The side of a cell for rows of `period`: 22 px (13 px values) where the
/// row fits the column, else 20 px (12 px values, the smallest cell that
/// holds legible text). Dawson's 34 fills the column at 20 px; a longer
/// period would need its rows wrapped, which no figure asks for yet.
fn cell_side(period: usize) -> i32 {
    if LEFT + 22 * period as i32 <= plot::COLUMN as i32 {
        22
    } else {
        20
    }
}

/// The corners, clockwise, of the outline of heaps `from .. to` in a raster
/// of `columns` cells of side `cell` from `origin`, drawn `inset` pixels
/// inside the cells so two outlines that meet stay apart. A stretch over
/// several rows is a staircase: the rest of its first row, whole rows, the
/// start of its last. Empty for an empty stretch; two rectangles when the
/// stretch covers two rows that do not overlap.
fn stretch_outline(
    origin: (i32, i32),
    cell: i32,
    columns: usize,
    (from, to): (usize, usize),
    inset: i32,
) -> Vec<Vec<(i32, i32)>> {
    if from >= to {
        return Vec::new();
    }
    let x = |column: usize| origin.0 + column as i32 * cell;
    let y = |row: usize| origin.1 + row as i32 * cell;
    let (first_row, first_column) = (from / columns, from % columns);
    let (last_row, end_column) = ((to - 1) / columns, (to - 1) % columns + 1);
    let d = inset;
    let rectangle = |row: usize, left: usize, right: usize| {
        let (l, r, t, b) = (x(left) + d, x(right) - d, y(row) + d, y(row + 1) - d);
        vec![(l, t), (r, t), (r, b), (l, b), (l, t)]
    };
    if first_row == last_row {
        return vec![rectangle(first_row, first_column, end_column)];
    }
    if last_row == first_row + 1 && end_column <= first_column {
        return vec![
            rectangle(first_row, first_column, columns),
            rectangle(last_row, 0, end_column),
        ];
    }
    let (left, right) = (x(0) + d, x(columns) - d);
    let (start, end) = (x(first_column) + d, x(end_column) - d);
    vec![vec![
        (start, y(first_row) + d),
        (right, y(first_row) + d),
        (right, y(last_row) - d),
        (end, y(last_row) - d),
        (end, y(last_row + 1) - d),
        (left, y(last_row + 1) - d),
        (left, y(first_row + 1) + d),
        (start, y(first_row + 1) + d),
        (start, y(first_row) + d),
    ]]
}

/// How an outline is drawn: the preperiod dashed, the window solid, so the
/// two differ in more than colour.
#[derive(Clone, Copy)]
enum Stroke {
    Dashed,
    Solid,
}

fn draw_outline(area: &plot::Area, points: &[(i32, i32)], colour: plot::Colour, stroke: Stroke) {
    use plotters::prelude::*;
    let style = colour.stroke_width(2);
    let drawn = match stroke {
        Stroke::Solid => area.draw(&PathElement::new(points.to_vec(), style)),
        Stroke::Dashed => area.draw(&plotters::element::DashedPathElement::new(
            points.to_vec(),
            5,
            3,
            style,
        )),
    };
    drawn.expect("drawing into a string cannot fail");
}

/// Draws rows of one period, with the preperiod and the window outlined.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let period = data.run.period.unwrap_or(1);
    let preperiod = data.run.preperiod.unwrap_or(0);
    let cell = cell_side(period);
    let width = (LEFT + cell * period as i32).max(480) as u32;
    let rows = data.values.len().div_ceil(period);
    let grid_bottom = TOP + rows as i32 * cell;
    let legend_y = grid_bottom + 20;
    let height = (legend_y + 16) as u32;
    let window_end = data.window_end.min(data.values.len());
    let marks = [
        (
            ACCENT_2,
            Stroke::Dashed,
            (0, preperiod),
            format!("preperiod: heaps 0–{}", preperiod.saturating_sub(1)),
        ),
        (
            ACCENT,
            Stroke::Solid,
            (preperiod, window_end),
            format!(
                "window: heaps {}–{}, each against one period on",
                preperiod,
                data.window_end.saturating_sub(1)
            ),
        ),
    ];
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!(
            "{} in rows of {period}: heap = row + column",
            rule_name(&data.run.rule)
        );
        plot::title(area, &title, (4, 14));
        plot::raster_columns(area, (LEFT, TOP), cell, period);
        for (row, chunk) in data.values.chunks(period).enumerate() {
            let top = TOP + row as i32 * cell;
            let heap = (row * period).to_string();
            let at = (LEFT - 3, top + cell / 2);
            plot::tick(area, &heap, at, Anchor::End);
            for (i, &value) in chunk.iter().enumerate() {
                plot::cell(area, LEFT + i as i32 * cell, top, cell, value);
            }
        }
        let mut x = 4;
        for (colour, stroke, stretch, text) in &marks {
            for outline in stretch_outline((LEFT, TOP), cell, period, *stretch, 2) {
                draw_outline(area, &outline, *colour, *stroke);
            }
            draw_outline(area, &[(x, legend_y), (x + 24, legend_y)], *colour, *stroke);
            plot::heading(area, text, (x + 30, legend_y), Anchor::Start);
            x += 60 + 7 * text.chars().count() as i32;
        }
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
    fn dawsons_period_fits_the_column_and_kayles_gets_larger_cells() {
        assert_eq!(cell_side(34), 20);
        assert!(LEFT + 34 * cell_side(34) <= plot::COLUMN as i32);
        assert_eq!(cell_side(12), 22);
    }

    #[test]
    fn a_stretch_over_rows_is_outlined_as_one_staircase_inside_its_cells() {
        // Dawson's window: heaps 52–139 in rows of 34, cells of 20 from (0, 0);
        // heap 139 is column 3 of the row from 136.
        let outlines = stretch_outline((0, 0), 20, 34, (52, 140), 2);
        assert_eq!(outlines.len(), 1);
        let points = &outlines[0];
        assert_eq!(points.first(), points.last(), "closed");
        assert_eq!(points[0], (18 * 20 + 2, 20 + 2), "starts at heap 52");
        assert!(
            points.contains(&(4 * 20 - 2, 5 * 20 - 2)),
            "ends after heap 139"
        );
        for &(x, y) in points {
            assert!((2..=34 * 20 - 2).contains(&x) && (22..=5 * 20 - 2).contains(&y));
        }
        // Within one row, a rectangle; two rows that do not overlap, two.
        assert_eq!(stretch_outline((0, 0), 20, 34, (0, 10), 2)[0].len(), 5);
        assert_eq!(stretch_outline((0, 0), 20, 34, (30, 36), 2).len(), 2);
        assert!(stretch_outline((0, 0), 20, 34, (5, 5), 2).is_empty());
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
