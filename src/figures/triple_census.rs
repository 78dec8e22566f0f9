//! `triple-census`: every three-take game `a < b < c ≤ N`, each computed to
//! `max(3000, 60c)` values: period, preperiod, largest value, and which sum
//! of two takes the period equals.

use plotters::prelude::{Circle, Polygon};
use plotters::style::Color;
use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::triples::{PeriodClass, TripleCensus, triple_census};
use crate::plot::legend::{self, Key, Mark};
use crate::plot::{self, Anchor, INK, MUTED, axis};
use crate::text::numbers::grouped;

/// Parameters of the triple census.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Sets `a < b < c ≤ largest`.
    #[serde(deserialize_with = "Within::<0, 30>::read")]
    pub largest: usize,
}

impl CheckParams for Params {}

/// One record per set and the counts (see `census::triples`).
pub type Data = TripleCensus;

/// Runs the census of every triple.
pub fn compute(params: &Params) -> Result<Data, String> {
    triple_census(params.largest).map_err(|e| e.to_string())
}

impl TripleCensus {
    /// The range and the headline counts.
    pub fn range_note(&self) -> String {
        let s = &self.summary;
        let computed = if s.fewest_values_computed == s.most_values_computed {
            grouped(s.fewest_values_computed as u64)
        } else {
            format!(
                "{}–{}",
                grouped(s.fewest_values_computed as u64),
                grouped(s.most_values_computed as u64)
            )
        };
        format!(
            "{} sets, each computed to {computed} values and every period certified by its window; \
             {} periods are a sum of two takes; longest period {}.",
            grouped(s.sets as u64),
            grouped(s.period_sum_of_two as u64),
            s.longest_period
        )
    }
}

/// The colour of each class, shared with the third-take map and the sum
/// family.
pub fn class_fill(class: PeriodClass) -> plot::Colour {
    match class {
        PeriodClass::APlusB => plot::fill(1),
        PeriodClass::APlusC => plot::fill(2),
        PeriodClass::BPlusC => plot::fill(3),
        PeriodClass::NoSum => plot::fill(4),
    }
}

/// The class names in drawing order.
pub const CLASSES: [(PeriodClass, &str); 4] = [
    (PeriodClass::APlusB, "a + b"),
    (PeriodClass::APlusC, "a + c"),
    (PeriodClass::BPlusC, "b + c"),
    (PeriodClass::NoSum, "no sum of two takes"),
];

/// The second cue beside a class's colour, a mark in ink centred at `at`
/// and `radius` px from its centre to its edge: none for `a + b`, a dot for
/// `a + c`, a triangle for `b + c`, a cross for no sum. Under deuteranopia
/// the `a + c` and `b + c` fills come close, and a dot and a triangle do
/// not; the marks are shared by every figure that colours by class, so one
/// legend reads them all.
pub fn class_mark(area: &plot::Area, class: PeriodClass, (x, y): (i32, i32), radius: i32) {
    let r = radius;
    let drawn = match class {
        PeriodClass::APlusB => Ok(()),
        PeriodClass::APlusC => area.draw(&Circle::new((x, y), r, INK.filled())),
        PeriodClass::BPlusC => area.draw(&Polygon::new(
            vec![(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
            INK.filled(),
        )),
        PeriodClass::NoSum => {
            plot::line(area, &[(x - r, y - r), (x + r, y + r)], INK, 2);
            plot::line(area, &[(x - r, y + r), (x + r, y - r)], INK, 2);
            Ok(())
        }
    };
    drawn.expect("drawing into a string cannot fail");
}

/// The legend's line pitch.
pub const LEGEND_LINE: i32 = legend::LINE;

/// Each class's mark at the size a legend's swatch holds it.
fn key_mark(class: PeriodClass) -> Mark<'static> {
    fn dot(area: &plot::Area, at: (i32, i32)) {
        class_mark(area, PeriodClass::APlusC, at, 3);
    }
    fn triangle(area: &plot::Area, at: (i32, i32)) {
        class_mark(area, PeriodClass::BPlusC, at, 3);
    }
    fn cross(area: &plot::Area, at: (i32, i32)) {
        class_mark(area, PeriodClass::NoSum, at, 3);
    }
    fn none(_: &plot::Area, _: (i32, i32)) {}
    match class {
        PeriodClass::APlusB => &none,
        PeriodClass::APlusC => &dot,
        PeriodClass::BPlusC => &triangle,
        PeriodClass::NoSum => &cross,
    }
}

/// A class's key in a legend: its fill with its mark, and `text`.
pub fn class_key(class: PeriodClass, text: impl Into<String>) -> Key<'static> {
    Key::fill(class_fill(class), Some(key_mark(class)), text)
}

/// Room for the longest class name at 13 px.
const LEFT: i32 = 176;
const BAR: i32 = 400;
const BARS_TOP: i32 = 44;
const PITCH: i32 = 30;

/// Draws the classes as bars with their counts, on an axis of sets.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let counts: Vec<usize> = CLASSES
        .iter()
        .map(|(class, _)| data.records.iter().filter(|r| r.class == *class).count())
        .collect();
    let largest = counts.iter().copied().max().unwrap_or(0).max(1);
    let ticks = axis::round_ticks(largest, BAR, 16);
    let end = *ticks.last().expect("at least two ticks") as f64;
    let axis_y = BARS_TOP + PITCH * CLASSES.len() as i32;
    let width = (LEFT + BAR + 60) as u32;
    let height = (axis_y + 46) as u32;
    let x_of = |n: usize| LEFT + (f64::from(BAR) * n as f64 / end).round() as i32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = "Three takes: which sum of two takes the period equals";
        plot::title(area, title, (12, 12));
        plot::heading(area, "period =", (LEFT - 10, 32), Anchor::End);
        for (i, ((class, name), &count)) in CLASSES.iter().zip(&counts).enumerate() {
            let y = BARS_TOP + PITCH * i as i32;
            let length = x_of(count) - LEFT;
            let middle = y + 11;
            plot::heading(area, name, (LEFT - 10, middle), Anchor::End);
            let bar_end = (LEFT + length.max(1), y + 22);
            plot::block(area, (LEFT, y), bar_end, class_fill(*class));
            if length >= 16 {
                class_mark(area, *class, (LEFT + 10, middle), 4);
            }
            let text = grouped(count as u64);
            plot::heading(area, &text, (LEFT + length + 6, middle), Anchor::Start);
        }
        plot::line(area, &[(LEFT, axis_y), (LEFT + BAR, axis_y)], MUTED, 1);
        for &tick in &ticks {
            let x = x_of(tick);
            plot::line(area, &[(x, axis_y), (x, axis_y + 4)], MUTED, 1);
            plot::tick(
                area,
                &grouped(tick as u64),
                (x, axis_y + 14),
                Anchor::Middle,
            );
        }
        plot::heading(area, "sets", (LEFT + BAR / 2, axis_y + 34), Anchor::Middle);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_never_collide_and_reach_the_largest() {
        for largest in (1..5_000).chain([99_999, 1_234_567]) {
            let ticks = axis::round_ticks(largest, BAR, 16);
            assert!(*ticks.last().unwrap() >= largest);
            assert!(ticks.len() >= 2);
            let end = *ticks.last().unwrap() as f64;
            let step = (ticks[1] - ticks[0]) as f64;
            let pitch = f64::from(BAR) * step / end;
            let widest = plot::text_width(&grouped(end as u64), plot::SMALL);
            assert!(pitch >= f64::from(widest + 16), "{largest}: {ticks:?}");
        }
        // 538 sets on 400 px: steps of 100 would crowd "600"; 1,000 of 1,000 not.
        assert_eq!(
            axis::round_ticks(538, BAR, 16),
            vec![0, 100, 200, 300, 400, 500, 600]
        );
    }

    #[test]
    fn the_chart_fits_the_column() {
        assert!(LEFT + BAR + 60 <= plot::COLUMN as i32);
        // The longest class name ends left of the bars.
        let widest = CLASSES
            .iter()
            .map(|(_, n)| plot::text_width(n, plot::TEXT))
            .max()
            .unwrap();
        assert!(widest + 10 + 12 <= LEFT);
    }
}
