//! Growth: the largest value so far against the heap, for several games,
//! read at fixed checkpoints. A code without a split bit is a subtraction
//! game whose values never pass its largest take; a split bit lets XORs of
//! earlier values climb. The site's `value-growth` figures and a reader's
//! codes, redrawn in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::legend::{self, Key};
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, MUTED, RULE, axis};
use ladder_engine::games::Rule;
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::summary::{RunSummary, run};
use ladder_engine::sequence::{DEFAULT_MIN_REPEATS, Value};
use ladder_engine::wording::rule_name;

/// The most values a checkpoint may name: as many are computed.
pub const MAX_CHECKPOINT: usize = 100_000;

/// Whether `games` and `checkpoints` make a figure: some games, and
/// checkpoints that ascend to at most [`MAX_CHECKPOINT`].
pub fn check(games: &[Rule], checkpoints: &[usize]) -> Result<(), String> {
    let last = *checkpoints.last().ok_or("checkpoints is empty")?;
    if games.is_empty() {
        return Err("games must not be empty".into());
    }
    if let Some(pair) = checkpoints.windows(2).find(|pair| pair[0] > pair[1]) {
        return Err(format!(
            "checkpoints must ascend: {} comes after {}",
            grouped(pair[1] as u64),
            grouped(pair[0] as u64)
        ));
    }
    if last > MAX_CHECKPOINT {
        return Err(format!(
            "checkpoints go to at most {}, not {}",
            grouped(MAX_CHECKPOINT as u64),
            grouped(last as u64)
        ));
    }
    Ok(())
}

/// One game's growth.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The heaps read at.
    pub checkpoints: Vec<usize>,
    /// One series per game, in the order given.
    pub series: Vec<Series>,
}

/// Computes as many values of each game as the last checkpoint names (heaps
/// 0 to one less), and reads the largest in the first `h` values for each
/// checkpoint `h`.
pub fn compute(games: &[Rule], checkpoints: &[usize]) -> Result<Data, String> {
    check(games, checkpoints)?;
    let last = *checkpoints.last().ok_or("checkpoints is empty")?;
    let series = games
        .iter()
        .map(|game| {
            let (values, run) = run(game, last, DEFAULT_MIN_REPEATS)?;
            let mut records: Vec<(usize, Value)> = Vec::new();
            for (heap, &value) in values.iter().enumerate() {
                if records.last().is_none_or(|&(_, best)| value > best) {
                    records.push((heap, value));
                }
            }
            let at_checkpoints = checkpoints
                .iter()
                .map(|&h| values[..h].iter().copied().max().unwrap_or(0))
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
        checkpoints: checkpoints.to_vec(),
        series,
    })
}

impl Data {
    /// The range and each game's largest values at the checkpoints, each a
    /// count of values from heap 0, as the other figures count them.
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
                    rule_name(&s.rule),
                    v.join(", "),
                    s.run.standing()
                )
            })
            .collect();
        let last = self.checkpoints.last().map_or(0, |&h| h as u64);
        format!(
            "Largest value in the first {} values: {}; each searched in {} values.",
            heaps.join(", "),
            series.join("; "),
            grouped(last)
        )
    }
}

/// Room for the vertical axis's labels.
const LEFT: i32 = 44;
/// The axis title, then the plot.
const TOP: i32 = 40;
/// The plot's width where the column has room; less where it has not.
const PLOT_W: i32 = 580;
const PLOT_H: i32 = 220;
/// Room right of the plot for each line's name.
const RIGHT: i32 = 50;

/// How series `i` is drawn: its colour and, so that colour is not the only
/// cue, its marker (a dot, a square, a diamond, cycling).
fn series_style(i: usize) -> (plot::Colour, Marker) {
    let colour = if i.is_multiple_of(2) {
        ACCENT_2
    } else {
        ACCENT
    };
    let marker = [Marker::Dot, Marker::Square, Marker::Diamond][i % 3];
    (colour, marker)
}

#[derive(Clone, Copy)]
enum Marker {
    Dot,
    Square,
    Diamond,
}

fn marker(area: &plot::Area, (x, y): (i32, i32), kind: Marker, colour: plot::Colour) {
    use plotters::prelude::*;
    match kind {
        Marker::Dot => plot::dot(area, (x, y), 4, colour),
        Marker::Square => plot::block(area, (x - 4, y - 4), (x + 4, y + 4), colour),
        Marker::Diamond => area
            .draw(&Polygon::new(
                vec![(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)],
                colour.filled(),
            ))
            .expect("drawing into a string cannot fail"),
    }
}

/// Where heaps and values fall on the chart.
struct Scale {
    last: f64,
    top: Value,
    /// The plot's width.
    width: i32,
}

impl Scale {
    fn x(&self, heap: usize) -> i32 {
        LEFT + (heap as f64 / self.last * self.width as f64).round() as i32
    }

    fn y(&self, value: Value) -> i32 {
        TOP + PLOT_H - (value as f64 / self.top as f64 * PLOT_H as f64).round() as i32
    }
}

/// The frame, the values' ticks, the checkpoints' ticks with their
/// gridlines, and the axes' titles.
fn draw_axes(area: &plot::Area, data: &Data, scale: &Scale) {
    let bottom = TOP + PLOT_H;
    plot::heading(area, "largest value so far", (10, 14), Anchor::Start);
    let frame = [(LEFT, TOP), (LEFT, bottom), (LEFT + scale.width, bottom)];
    plot::line(area, &frame, MUTED, 1);
    let values = (0..=scale.top).step_by((scale.top / 4).max(1) as usize);
    axis::y_labels(area, values.map(|v| (scale.y(v), v.to_string())), LEFT - 8);
    for (x, text) in heap_ticks(data, scale) {
        if x > LEFT {
            plot::line(area, &[(x, TOP), (x, bottom)], RULE, 1);
        }
        plot::tick(area, &text, (x, bottom + 12), Anchor::Middle);
    }
    plot::heading(
        area,
        "heap",
        (LEFT + scale.width / 2, bottom + 32),
        Anchor::Middle,
    );
}

/// The heap axis's ticks: 0 and each checkpoint, less any that would run
/// into the one before; where the first checkpoint crowds 0 (a phone's
/// short axis), 0 goes instead, since the value axis's 0 stands there.
fn heap_ticks(data: &Data, scale: &Scale) -> Vec<(i32, String)> {
    let mut ticks: Vec<(i32, String)> = std::iter::once(0)
        .chain(data.checkpoints.iter().copied())
        .map(|h| (scale.x(h), grouped(h as u64)))
        .collect();
    if axis::spaced_ticks(&ticks).len() < ticks.len() && ticks.len() > 1 {
        ticks.remove(0);
    }
    axis::spaced_ticks(&ticks)
}

/// Series `i`: its step line named at its end, its checkpoints marked and
/// labelled, and its line of the legend.
fn draw_series(area: &plot::Area, data: &Data, i: usize, scale: &Scale) {
    let s = &data.series[i];
    let (colour, kind) = series_style(i);
    let name = rule_name(&s.rule);
    let mut points = Vec::new();
    for (k, &(heap, value)) in s.records.iter().enumerate() {
        if k > 0 {
            points.push((scale.x(heap), scale.y(s.records[k - 1].1)));
        }
        points.push((scale.x(heap), scale.y(value)));
    }
    if let Some(&(_, value)) = s.records.last() {
        points.push((scale.x(scale.last as usize), scale.y(value)));
        let at = (LEFT + scale.width + 8, scale.y(value));
        plot::label(area, &name, at, plot::TEXT, Anchor::Start, colour);
    }
    plot::line(area, &points, colour, 2);
    for (k, (&h, &v)) in data.checkpoints.iter().zip(&s.at_checkpoints).enumerate() {
        let (x, y) = (scale.x(h), scale.y(v));
        marker(area, (x, y), kind, colour);
        // Above and left of the mark, clear of the line that leads to
        // it; the lowest series right of its marks instead, clear of
        // the lines that climb from heap 0 above it (but left at the
        // last mark, where the line's name stands).
        let lowest = data.series.len() > 1
            && k + 1 < data.checkpoints.len()
            && data.series.iter().all(|other| other.at_checkpoints[k] >= v);
        let text = v.to_string();
        let (at, anchor) = if lowest {
            ((x + 7, y - 9), Anchor::Start)
        } else if x - 7 - plot::text_width(&text, plot::TEXT) < LEFT + 2 {
            // Too near the value axis to stand left of the mark (a phone's
            // first checkpoint): right of it, above the line.
            ((x + 7, y - 11), Anchor::Start)
        } else {
            ((x - 7, y - 11), Anchor::End)
        };
        plot::label(area, &text, at, plot::TEXT, anchor, colour);
    }
    let mark = |area: &plot::Area, at| marker(area, at, kind, colour);
    let key = Key::mark(16, &mark, name);
    legend::key(area, (LEFT + 8, TOP + 10 + 20 * i as i32), &key);
}

/// Draws each series as a step line, the checkpoints marked and labelled,
/// each line named at its end and in the legend.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let top = data
        .series
        .iter()
        .flat_map(|s| s.at_checkpoints.iter())
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let plot_w = (meta.width as i32 - LEFT - RIGHT).min(PLOT_W);
    let scale = Scale {
        last: *data.checkpoints.last().unwrap_or(&1) as f64,
        top: top.div_ceil(8) * 8,
        width: plot_w,
    };
    let width = (LEFT + plot_w + RIGHT) as u32;
    let height = (TOP + PLOT_H + 44) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        draw_axes(area, data, &scale);
        for i in 0..data.series.len() {
            draw_series(area, data, i, &scale);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_seven_doubles_its_largest_value_while_thirty_three_stays_at_two() {
        let games = ["octal:·33".parse().unwrap(), "octal:·37".parse().unwrap()];
        let data = compute(&games, &[100, 500, 1000, 2000]).unwrap();
        assert_eq!(data.series[0].at_checkpoints, [2, 2, 2, 2]);
        assert_eq!(data.series[1].at_checkpoints, [8, 17, 32, 64]);
        assert_eq!(
            data.series[1].run.status,
            ladder_engine::sequence::PeriodStatus::NotFound
        );
        assert_eq!(data.series[1].records.first(), Some(&(0, 0)));
        // The note counts values, as the other figures do: 2,000 values
        // are heaps 0 to 1,999.
        assert_eq!(
            data.range_note(),
            "Largest value in the first 100, 500, 1,000, 2,000 values: ·33 2, 2, 2, 2 (period 3 \
             from heap 0, certified by 2 pairs (5 values needed)); ·37 8, 17, 32, 64 (no period \
             found); each searched in 2,000 values."
        );
        assert_eq!(data.series[1].run.computed, 2000);
    }

    #[test]
    fn each_bad_checkpoint_list_is_named_with_its_numbers() {
        let games =
            |games: &[&str]| -> Vec<Rule> { games.iter().map(|g| g.parse().unwrap()).collect() };
        let error = |g: &[&str], checkpoints: &[usize]| check(&games(g), checkpoints).unwrap_err();
        assert!(check(&games(&["octal:·6"]), &[10, 10, 100_000]).is_ok());
        assert_eq!(error(&["octal:·6"], &[]), "checkpoints is empty");
        assert_eq!(error(&[], &[10]), "games must not be empty");
        assert_eq!(
            error(&["octal:·6"], &[10, 5_000, 1_000]),
            "checkpoints must ascend: 1,000 comes after 5,000"
        );
        assert_eq!(
            error(&["octal:·6"], &[10, 200_000]),
            "checkpoints go to at most 100,000, not 200,000"
        );
    }

    #[test]
    fn on_a_phone_the_plot_is_narrower_and_every_checkpoint_keeps_its_tick() {
        let games = ["octal:·33".parse().unwrap(), "octal:·37".parse().unwrap()];
        let data = compute(&games, &[100, 500, 1000, 2000]).unwrap();
        let meta = RenderMeta {
            id: "growth-33-37",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(
            crate::plot::reflow::faults(&svg, plot::PHONE),
            Vec::<String>::new()
        );
        let scale = |width| Scale {
            last: 2000.0,
            top: 64,
            width,
        };
        let labels = |width| -> Vec<String> {
            let ticks = heap_ticks(&data, &scale(width));
            ticks.into_iter().map(|(_, text)| text).collect()
        };
        // 264 px: 100 is 13 px from 0, so 0 gives way; 580 px: all five.
        assert_eq!(
            labels(plot::PHONE as i32 - LEFT - RIGHT),
            ["100", "500", "1,000", "2,000"]
        );
        assert_eq!(labels(PLOT_W), ["0", "100", "500", "1,000", "2,000"]);
    }
}
