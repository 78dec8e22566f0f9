//! A period's window: one game's values in rows as long as its period, so
//! the periodic stretch shows as columns of equal cells; the preperiod,
//! the certificate's window and the values it needs are marked on the
//! rows. The site's `period-window` figures and a reader's rule, redrawn
//! in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::reflow::{Bands, Title};
use crate::plot::{self, ACCENT, ACCENT_2, Anchor};
use ladder_engine::games::Rule;
use ladder_engine::sequence::summary::{RunSummary, run};
use ladder_engine::sequence::{DEFAULT_MIN_REPEATS, Value};
use ladder_engine::wording::rule_name;

/// The period, its certificate's window, and how long a coincidence would
/// have had to last.
#[derive(Debug, Clone, Deserialize, Serialize)]
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

/// Computes `count` values of `game`, searches and certifies them, and
/// keeps `rows` periods of values to draw; a game without a period is an
/// error.
pub fn compute(game: &Rule, count: usize, rows: usize) -> Result<Data, String> {
    let (values, run) = run(game, count, DEFAULT_MIN_REPEATS)?;
    let (Some(period), Some(preperiod), Some(certificate)) =
        (run.period, run.preperiod, run.certificate)
    else {
        return Err(format!(
            "{}: this figure needs a period, and none was found",
            run.rule
        ));
    };
    let shown = (period.saturating_mul(rows)).min(values.len());
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
/// at 12 px); the cells start right after. Dawson's period fills the
/// column with this much; where a narrower figure has room, it takes a
/// safer `ROOMY_LEFT`.
const LEFT: i32 = 24;
const ROOMY_LEFT: i32 = 32;
/// The title, then the column labels above the grid.
const TOP: i32 = 52;

/// The side of a cell and the columns to a band for rows of `period` at
/// `width`: 22 px (13 px values) where that needs no more bands, else 20
/// px (12 px values, the smallest cell that holds legible text). Dawson's
/// 34 fills the column at 20 px in one band; on a phone it takes three.
fn cells(period: usize, width: u32) -> (i32, usize) {
    Bands::choose(period, width as i32 - LEFT, &[22, 20])
}

/// From one band's bottom to the next's top, over its column labels.
const GAP: i32 = 30;

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

/// The marks: the preperiod dashed, the window solid, each with its
/// legend's text.
fn marks(data: &Data) -> [(plot::Colour, Stroke, (usize, usize), String); 2] {
    let preperiod = data.run.preperiod.unwrap_or(0);
    let window_end = data.window_end.min(data.values.len());
    [
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
    ]
}

/// Where each legend entry's line sample starts and its text's lines:
/// side by side where they fit `width`, else one under another, the text
/// wrapped beside its sample.
fn legend_places(texts: &[&str], width: i32) -> Vec<((i32, i32), Vec<String>)> {
    let mut starts = vec![4];
    for text in texts {
        let last = starts[starts.len() - 1];
        starts.push(last + 60 + 7 * text.chars().count() as i32);
    }
    let side_by_side = texts
        .iter()
        .zip(&starts)
        .all(|(text, x)| x + 30 + plot::text_width(text, plot::TEXT) <= width);
    if side_by_side {
        let place = |(text, &x): (&&str, &i32)| ((x, 0), vec![text.to_string()]);
        return texts.iter().zip(&starts).map(place).collect();
    }
    let mut y = 0;
    let mut places = Vec::new();
    for text in texts {
        let lines = plot::fit_lines(text, plot::TEXT, width - 4 - 30 - 4);
        let below = (lines.len() as i32 - 1) * plot::line_pitch(plot::TEXT) + 22;
        places.push(((4, y), lines));
        y += below;
    }
    places
}

/// Draws rows of one period, with the preperiod and the window outlined;
/// on a phone the period's columns are cut into bands, each outlined.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let period = data.run.period.unwrap_or(1);
    let (cell, per_band) = cells(period, meta.width);
    let text = format!(
        "{} in rows of {period}: heap = row + column",
        rule_name(&data.run.rule)
    );
    let left = (meta.width as i32 - cell * per_band as i32).clamp(LEFT, ROOMY_LEFT);
    let content = (left + cell * per_band as i32).max(480.min(meta.width as i32));
    let title = Title::fit(&text, 4, content, meta.width);
    let bands = Bands {
        origin: (left, TOP + title.lower()),
        cell,
        columns: period,
        per_band,
        rows: data.values.len().div_ceil(period),
        gap: GAP,
    };
    let marks = marks(data);
    let texts: Vec<&str> = marks.iter().map(|m| m.3.as_str()).collect();
    let places = legend_places(&texts, title.width);
    let legend_y = bands.bottom() + 20;
    let legend_h = places.last().map_or(0, |((_, y), lines)| {
        y + (lines.len() as i32 - 1) * plot::line_pitch(plot::TEXT)
    });
    let height = (legend_y + legend_h + 16) as u32;
    plot::svg(
        title.width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (4, 14));
            bands.draw(area, &data.values, 3, None);
            for ((colour, stroke, stretch, _), ((x, dy), lines)) in marks.iter().zip(&places) {
                for band in 0..bands.count() {
                    let (from, to) = bands.span(band);
                    let local = bands.stretch(band, *stretch);
                    let origin = (left, bands.top(band));
                    for outline in stretch_outline(origin, cell, to - from, local, 2) {
                        draw_outline(area, &outline, *colour, *stroke);
                    }
                }
                let y = legend_y + dy;
                draw_outline(area, &[(*x, y), (x + 24, y)], *colour, *stroke);
                for (i, line) in lines.iter().enumerate() {
                    let at = (x + 30, y + i as i32 * plot::line_pitch(plot::TEXT));
                    plot::heading(area, line, at, Anchor::Start);
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use ladder_engine::sequence::PeriodStatus;

    fn dawson(values: usize) -> Result<Data, String> {
        compute(&"octal:·137".parse().unwrap(), values, 6)
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
        let data = compute(&"octal:·77".parse().unwrap(), 2000, 2).unwrap();
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
        let error = compute(&"octal:·007".parse().unwrap(), 500, 2).unwrap_err();
        assert!(error.contains("none was found"), "{error}");
    }

    #[test]
    fn dawsons_period_fits_the_column_and_kayles_gets_larger_cells() {
        assert_eq!(cells(34, plot::COLUMN), (20, 34));
        assert!(LEFT + 34 * 20 <= plot::COLUMN as i32);
        assert_eq!(cells(12, plot::COLUMN), (22, 12));
    }

    #[test]
    fn on_a_phone_the_period_is_cut_into_bands_and_each_outlined_inside_its_width() {
        let data = dawson(2000).unwrap();
        let meta = RenderMeta {
            id: "dawson-137",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(
            crate::plot::reflow::faults(&svg, plot::PHONE),
            Vec::<String>::new()
        );
        // Three bands of 12, 11 and 11 columns of 22 px.
        assert_eq!(cells(34, plot::PHONE), (22, 12));
        assert!(LEFT + 12 * 22 <= plot::PHONE as i32);
        // The window reaches every band: its solid outline in each, and
        // its legend's line; then the legend stacked, its second entry
        // under the first.
        let solid = format!(
            "stroke=\"#{:02X}{:02X}{:02X}\" stroke-width=\"2\" points",
            ACCENT.0, ACCENT.1, ACCENT.2
        );
        assert_eq!(svg.matches(&solid).count(), 3 + 1);
        let places = legend_places(
            &["preperiod: heaps 0–51", "window: heaps 52–139, each"],
            358,
        );
        assert_eq!((places[0].0, places[1].0.0), ((4, 0), 4));
        assert!(places[1].0.1 >= 22);
        let wide = legend_places(&["preperiod: heaps 0–51", "window: heaps 52–139"], 704);
        assert_eq!(wide[1].0, (4 + 60 + 7 * 21, 0), "side by side on a desktop");
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
        let data = compute(&"pass:18446744073709551615,1".parse().unwrap(), 8, 1).unwrap();
        assert_eq!(data.run.status, PeriodStatus::Observed);
        assert_eq!(data.window_end, usize::MAX);
    }
}
