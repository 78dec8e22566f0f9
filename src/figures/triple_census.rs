//! `triple-census`: every three-take game `a < b < c ≤ N`, each computed to
//! `max(3000, 60c)` values: period, preperiod, largest value, and which sum
//! of two takes the period equals.

use plotters::prelude::{Circle, Polygon};
use plotters::style::Color;
use serde::Deserialize;

use super::RangeNote;
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

impl RangeNote for TripleCensus {
    /// The range and the headline counts.
    fn range_note(&self) -> String {
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

/// A class's name as the legend gives it.
pub fn class_name(class: PeriodClass) -> &'static str {
    CLASSES
        .iter()
        .find(|&&(c, _)| c == class)
        .map_or("", |&(_, name)| name)
}

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
const PITCH: i32 = 30;
/// A bar's height.
const THICK: i32 = 22;
const MARGIN: i32 = 12;
/// A phone's bars, each under its name: the name's line, the bar, a gap.
const PITCH_ABOVE: i32 = 46;
const TITLE: &str = "Three takes: which sum of two takes the period equals";

/// The chart laid out for a width: the class names left of their bars
/// where they fit (the page's column), else each above its bar, the bars
/// from the left margin (a phone's); the title wrapped.
#[derive(Debug)]
struct Chart {
    left: i32,
    bar: i32,
    width: i32,
    names_above: bool,
    title: Vec<String>,
    /// The "period =" heading's line, and the first bar's top.
    heading_y: i32,
    bars_top: i32,
    pitch: i32,
}

impl Chart {
    fn new(largest: usize, most: u32) -> Chart {
        let most = most as i32;
        let names_above = LEFT + BAR + 60 > most;
        let (left, bar, width, pitch) = if names_above {
            // Room right of the longest bar for its count.
            let right = 6 + plot::text_width(&grouped(largest as u64), plot::TEXT) + MARGIN;
            let bar = (most - MARGIN - right).max(40);
            (MARGIN, bar, MARGIN + bar + right, PITCH_ABOVE)
        } else {
            (LEFT, BAR, LEFT + BAR + 60, PITCH)
        };
        let title = plot::fit_lines(TITLE, plot::TITLE, width - 2 * MARGIN);
        let heading_y = 12 + title.len() as i32 * 20;
        let bars_top = heading_y + if names_above { 30 } else { 12 };
        Chart {
            left,
            bar,
            width,
            names_above,
            title,
            heading_y,
            bars_top,
            pitch,
        }
    }

    /// The axis's line: under the last bar.
    fn axis_y(&self) -> i32 {
        self.bars_top + self.pitch * (CLASSES.len() as i32 - 1) + THICK + 8
    }
}

/// Each class's bar with its name (left of it, or above it) and its count.
fn draw_bars(area: &plot::Area, c: &Chart, counts: &[usize], x_of: impl Fn(usize) -> i32) {
    for (i, ((class, name), &count)) in CLASSES.iter().zip(counts).enumerate() {
        let y = c.bars_top + c.pitch * i as i32;
        let length = x_of(count) - c.left;
        let middle = y + THICK / 2;
        if c.names_above {
            plot::heading(area, name, (c.left, y - 10), Anchor::Start);
        } else {
            plot::heading(area, name, (c.left - 10, middle), Anchor::End);
        }
        let bar_end = (c.left + length.max(1), y + THICK);
        plot::block(area, (c.left, y), bar_end, class_fill(*class));
        if length >= 16 {
            class_mark(area, *class, (c.left + 10, middle), 4);
        }
        let text = grouped(count as u64);
        plot::heading(area, &text, (c.left + length + 6, middle), Anchor::Start);
    }
}

/// The axis of sets under the bars, its ticks and its title.
fn draw_axis(area: &plot::Area, c: &Chart, ticks: &[usize], x_of: impl Fn(usize) -> i32) {
    let axis_y = c.axis_y();
    plot::line(
        area,
        &[(c.left, axis_y), (c.left + c.bar, axis_y)],
        MUTED,
        1,
    );
    for &tick in ticks {
        let x = x_of(tick);
        plot::line(area, &[(x, axis_y), (x, axis_y + 4)], MUTED, 1);
        let text = grouped(tick as u64);
        plot::tick(area, &text, (x, axis_y + 14), Anchor::Middle);
    }
    let at = (c.left + c.bar / 2, axis_y + 34);
    plot::heading(area, "sets", at, Anchor::Middle);
}

/// Draws the classes as bars with their counts, on an axis of sets.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let counts: Vec<usize> = CLASSES
        .iter()
        .map(|(class, _)| data.records.iter().filter(|r| r.class == *class).count())
        .collect();
    let largest = counts.iter().copied().max().unwrap_or(0).max(1);
    let c = Chart::new(largest, meta.width);
    let ticks = axis::round_ticks(largest, c.bar, 16);
    let end = *ticks.last().expect("at least two ticks") as f64;
    let height = (c.axis_y() + 46) as u32;
    let x_of = |n: usize| c.left + (f64::from(c.bar) * n as f64 / end).round() as i32;
    plot::svg(
        c.width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            for (i, line) in c.title.iter().enumerate() {
                plot::title(area, line, (MARGIN, 12 + i as i32 * 20));
            }
            if c.names_above {
                plot::heading(area, "period =", (c.left, c.heading_y), Anchor::Start);
            } else {
                plot::heading(area, "period =", (c.left - 10, c.heading_y), Anchor::End);
            }
            draw_bars(area, &c, &counts, x_of);
            draw_axis(area, &c, &ticks, x_of);
        },
    )
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

    #[test]
    fn a_phone_sets_each_name_above_its_bar_and_everything_inside_its_width() {
        let desk = Chart::new(538, plot::COLUMN);
        assert!(!desk.names_above);
        assert_eq!(
            (desk.left, desk.bar, desk.bars_top, desk.title.len()),
            (LEFT, BAR, 44, 1)
        );
        for largest in (1..3_000).chain([99_999, 1_234_567]) {
            let c = Chart::new(largest, plot::PHONE);
            assert!(c.names_above && c.left == MARGIN, "{c:?}");
            assert!(c.width <= plot::PHONE as i32, "{largest}: {c:?}");
            // The longest bar's count, and the last tick's label, end inside.
            let count = plot::text_width(&grouped(largest as u64), plot::TEXT);
            assert!(c.left + c.bar + 6 + count <= c.width - MARGIN, "{largest}");
            let ticks = axis::round_ticks(largest, c.bar, 16);
            let end = plot::text_width(&grouped(*ticks.last().unwrap() as u64), plot::SMALL);
            assert!(c.left + c.bar + end / 2 <= c.width, "{largest}: {ticks:?}");
            for line in &c.title {
                assert!(plot::text_width(line, plot::TITLE) <= c.width - 2 * MARGIN);
            }
            for (_, name) in CLASSES {
                assert!(c.left + plot::text_width(name, plot::TEXT) <= c.width);
            }
        }
        let phone = Chart::new(538, plot::PHONE);
        assert_eq!(phone.title.len(), 2);
        assert_eq!(phone.pitch, PITCH_ABOVE);
        // A name's line lies between the bar above it and its own.
        assert!(phone.bars_top - 10 - 9 >= phone.heading_y + 9);
        // The next name's line (its 13 px centred 10 px over the next bar)
        // clears this bar's bottom.
        assert!(phone.pitch - 10 - 9 >= THICK);
    }

    #[test]
    fn the_phone_drawing_is_at_most_the_phones_width() {
        let census = triple_census(9).unwrap();
        let meta = |width| RenderMeta {
            id: "triple-census",
            caption: "c",
            width,
        };
        let phone = render(&census, &meta(plot::PHONE));
        assert!(phone.contains(r#"width="358""#), "{}", &phone[..200]);
        let desk = render(&census, &meta(plot::COLUMN));
        assert!(desk.contains(r#"width="636""#), "{}", &desk[..200]);
    }
}
