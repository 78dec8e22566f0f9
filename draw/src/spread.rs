//! A spread of values: a game with no period in the values computed,
//! drawn as how many heaps take each value. "No period found" is printed
//! with the count searched: it is a fact about that computation, not about
//! the game. The site's `value-spread` figures and a reader's rule, redrawn
//! in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, ACCENT, Anchor, MUTED, axis, cells};
use ladder_engine::games::Rule;
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::summary::{RunSummary, run};
use ladder_engine::sequence::{DEFAULT_MIN_REPEATS, Value};
use ladder_engine::wording::rule_name;

/// The search's outcome and the distribution of values.
#[derive(Debug, Clone, Deserialize, Serialize)]
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

/// Computes `count` values of `game`, searches them and counts each value.
pub fn compute(game: &Rule, count: usize) -> Result<Data, String> {
    let (values, run) = run(game, count, DEFAULT_MIN_REPEATS)?;
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

/// Room for the vertical axis's labels (up to four digits at 12 px).
const LEFT: i32 = 52;
const RIGHT: i32 = 16;
/// The axis title, then the plot.
const TOP: i32 = 40;
const PLOT_H: i32 = 180;

/// The step between the value axis's labels: the smallest of 1, 2 or 5
/// times a power of ten that leaves 48 px from one to the next, so a
/// phone's shorter axis gets fewer labels, not crowded ones.
fn value_step(bars: usize, plot_w: i32) -> usize {
    axis::nice_step(f64::from(plot_w) / bars.max(1) as f64, 48, 100)
}

/// Draws one bar per value. With more values than pixels the bars overlap,
/// so each pixel column shows the largest count among its values (the data
/// has every count).
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let bars = data.heaps_with_value.len().max(1);
    let width = meta.width;
    let plot_w = width as i32 - LEFT - RIGHT;
    let x_of = |v: usize| LEFT + (v as f64 / bars as f64 * f64::from(plot_w)).round() as i32;
    let most = data
        .heaps_with_value
        .iter()
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let top = most.div_ceil(20) * 20;
    let y_of = |c: usize| TOP + PLOT_H - (c as f64 / top as f64 * PLOT_H as f64).round() as i32;
    let height = (TOP + PLOT_H + 44) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!("heaps of {} taking each value", rule_name(&data.run.rule));
        plot::heading(area, &title, (10, 14), Anchor::Start);
        let bottom = TOP + PLOT_H;
        let frame = [(LEFT, TOP), (LEFT, bottom), (LEFT + plot_w, bottom)];
        plot::line(area, &frame, MUTED, 1);
        let counts = [0, top / 2, top].map(|c| (y_of(c), grouped(c as u64)));
        axis::y_labels(area, counts, LEFT - 6);
        for (v, &count) in data.heaps_with_value.iter().enumerate() {
            let (left, right) = (x_of(v), x_of(v + 1));
            let gap = i32::from(right - left > 3);
            let right = (right - gap).max(left + 1);
            plot::block(area, (left, y_of(count)), (right, bottom), ACCENT);
            // The whole column names the bar, however thin or short it is.
            let column = ((x_of(v + 1) - left).max(1), PLOT_H);
            cells::name(area, (left, TOP), column, || {
                let heaps = if count == 1 { "heap" } else { "heaps" };
                format!("value {v}: {} {heaps}", grouped(count as u64))
            });
        }
        let step = value_step(bars, plot_w);
        let ticks: Vec<(i32, String)> = (0..bars)
            .filter(|v| v % step == 0 || v + 1 == bars)
            .map(|v| ((x_of(v) + x_of(v + 1)) / 2, v.to_string()))
            .collect();
        axis::x_labels(area, axis::spaced_ticks(&ticks), bottom + 12);
        plot::heading(
            area,
            "value",
            (LEFT + plot_w / 2, bottom + 32),
            Anchor::Middle,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use ladder_engine::sequence::PeriodStatus;

    #[test]
    fn seven_has_no_period_in_two_thousand_values() {
        let params: (Rule, usize) = ("octal:·007".parse().unwrap(), 2000);
        let data = compute(&params.0, params.1).unwrap();
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
    fn an_end_tick_that_crowds_a_round_one_is_dropped() {
        // The axis of ·007 at 100,000 values: 0, 100, …, 800 every 78 px,
        // and the largest value, 805, 6 px after 800.
        let mut ticks: Vec<(i32, String)> = (0..=8)
            .map(|k| (52 + 78 * k, (100 * k).to_string()))
            .collect();
        ticks.push((52 + 78 * 8 + 6, "805".into()));
        let kept = axis::spaced_ticks(&ticks);
        assert_eq!(kept.len(), 9);
        assert_eq!(kept.last().unwrap().1, "800");
        for pair in kept.windows(2) {
            let room = (pair[0].1.len() + pair[1].1.len()) as f64 * axis::GLYPH / 2.0;
            assert!(f64::from(pair[1].0 - pair[0].0) >= room, "{pair:?}");
        }
        // Far enough apart, nothing is dropped.
        let far = [(0, "0".to_string()), (40, "805".to_string())];
        assert_eq!(axis::spaced_ticks(&far).len(), 2);
    }

    #[test]
    fn a_phone_gets_half_the_value_labels_and_nothing_past_its_edges() {
        // ·007's 806 values: every 100 on the page's column, every 200 on
        // a phone's; the 90 values of a short search every 10.
        assert_eq!(value_step(806, plot::COLUMN as i32 - LEFT - RIGHT), 100);
        assert_eq!(value_step(806, plot::PHONE as i32 - LEFT - RIGHT), 200);
        assert_eq!(value_step(90, plot::COLUMN as i32 - LEFT - RIGHT), 10);
        let params: (Rule, usize) = ("octal:·007".parse().unwrap(), 2000);
        let meta = RenderMeta {
            id: "unsettled-007",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&compute(&params.0, params.1).unwrap(), &meta);
        assert_eq!(
            crate::plot::reflow::faults(&svg, plot::PHONE),
            Vec::<String>::new()
        );
    }

    #[test]
    fn the_same_search_finds_dawsons_period() {
        // The negative control's positive twin: the search is not blind.
        let params: (Rule, usize) = ("octal:·137".parse().unwrap(), 2000);
        assert_eq!(
            compute(&params.0, params.1).unwrap().run.status,
            PeriodStatus::Certified
        );
    }
}
