//! `triple-census`: every three-take game `a < b < c ≤ N`, each computed to
//! `max(3000, 60c)` values: period, preperiod, largest value, and which sum
//! of two takes the period equals.

use plotters::prelude::{Circle, Polygon};
use plotters::style::Color;
use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::triples::{PeriodClass, TripleCensus, triple_census};
use crate::plot::{self, Anchor, INK, MUTED};
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

/// The legend's line pitch and swatch size.
pub const LEGEND_LINE: i32 = 22;
const SWATCH: i32 = 16;

/// A swatch of a class's fill with its mark, its text beside it, from the
/// swatch's left at `(x, y)` (its centre line); returns the x past the text.
pub fn class_key(area: &plot::Area, class: PeriodClass, text: &str, (x, y): (i32, i32)) -> i32 {
    let half = SWATCH / 2;
    plot::block(
        area,
        (x, y - half),
        (x + SWATCH, y + half),
        class_fill(class),
    );
    plot::outline(area, (x, y - half), (x + SWATCH, y + half), MUTED, 1);
    class_mark(area, class, (x + half, y), 3);
    let text_x = x + SWATCH + 6;
    plot::label(area, text, (text_x, y), plot::TEXT, Anchor::Start, INK);
    text_x + plot::text_width(text, plot::TEXT)
}

/// Round ticks from 0 for an axis reaching at least `largest`, `length` px
/// long, spaced so that no two labels come closer than `gap` px: the
/// smallest step of 1, 2 or 5 times a power of ten that leaves room for
/// the widest label. Returns the ticks (the last is the axis's end).
pub fn ticks(largest: usize, length: i32, gap: i32) -> Vec<usize> {
    let mut power = 1usize;
    loop {
        for factor in [1, 2, 5] {
            let step = factor * power;
            let end = largest.div_ceil(step).max(1) * step;
            let widest = plot::text_width(&grouped(end as u64), plot::SMALL);
            let pitch = length as f64 * step as f64 / end as f64;
            if pitch >= f64::from(widest + gap) {
                return (0..=end).step_by(step).collect();
            }
        }
        power *= 10;
    }
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
    let ticks = ticks(largest, BAR, 16);
    let end = *ticks.last().expect("at least two ticks") as f64;
    let axis_y = BARS_TOP + PITCH * CLASSES.len() as i32;
    let width = (LEFT + BAR + 60) as u32;
    let height = (axis_y + 46) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = "Three takes: which sum of two takes the period equals";
        plot::label(area, title, (12, 12), plot::TITLE, Anchor::Start, INK);
        plot::label(
            area,
            "period =",
            (LEFT - 10, 32),
            plot::TEXT,
            Anchor::End,
            INK,
        );
        for (i, ((class, name), &count)) in CLASSES.iter().zip(&counts).enumerate() {
            let y = BARS_TOP + PITCH * i as i32;
            let length = (f64::from(BAR) * count as f64 / end).round() as i32;
            let middle = y + 11;
            plot::label(
                area,
                name,
                (LEFT - 10, middle),
                plot::TEXT,
                Anchor::End,
                INK,
            );
            plot::block(
                area,
                (LEFT, y),
                (LEFT + length.max(1), y + 22),
                class_fill(*class),
            );
            if length >= 16 {
                class_mark(area, *class, (LEFT + 10, middle), 4);
            }
            let text = grouped(count as u64);
            plot::label(
                area,
                &text,
                (LEFT + length + 6, middle),
                plot::TEXT,
                Anchor::Start,
                INK,
            );
        }
        plot::line(area, &[(LEFT, axis_y), (LEFT + BAR, axis_y)], MUTED, 1);
        for &tick in &ticks {
            let x = LEFT + (f64::from(BAR) * tick as f64 / end).round() as i32;
            plot::line(area, &[(x, axis_y), (x, axis_y + 4)], MUTED, 1);
            let text = grouped(tick as u64);
            plot::label(
                area,
                &text,
                (x, axis_y + 14),
                plot::SMALL,
                Anchor::Middle,
                MUTED,
            );
        }
        let title_x = LEFT + BAR / 2;
        plot::label(
            area,
            "sets",
            (title_x, axis_y + 34),
            plot::TEXT,
            Anchor::Middle,
            INK,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_never_collide_and_reach_the_largest() {
        for largest in (1..5_000).chain([99_999, 1_234_567]) {
            let ticks = ticks(largest, BAR, 16);
            assert!(*ticks.last().unwrap() >= largest);
            assert!(ticks.len() >= 2);
            let end = *ticks.last().unwrap() as f64;
            let step = (ticks[1] - ticks[0]) as f64;
            let pitch = f64::from(BAR) * step / end;
            let widest = plot::text_width(&grouped(end as u64), plot::SMALL);
            assert!(pitch >= f64::from(widest + 16), "{largest}: {ticks:?}");
        }
        // 538 sets on 400 px: steps of 100 would crowd "600"; 1,000 of 1,000 not.
        assert_eq!(ticks(538, BAR, 16), vec![0, 100, 200, 300, 400, 500, 600]);
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
