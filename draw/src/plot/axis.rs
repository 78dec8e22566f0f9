//! Axes: which ticks an axis of a given length can label without crowding,
//! and the gridlines and labels that draw them. Each figure used to choose
//! its own ticks; the choices are here so that a figure drawn at another
//! width gets ticks spaced for that width.

use super::{Anchor, Area, SMALL, superscript, text_width, tick};
use ladder_engine::numbers::grouped;

/// The smallest step of 1, 2 or 5 times a power of ten (up to 5·10⁷) that
/// puts at least `room` px between ticks `px_per_unit` px apart a unit;
/// `fallback` when none does.
pub fn nice_step(px_per_unit: f64, room: i32, fallback: usize) -> usize {
    [1, 2, 5]
        .iter()
        .flat_map(|&m| (0..8).map(move |e| m * 10usize.pow(e)))
        .filter(|&s| s as f64 * px_per_unit >= f64::from(room))
        .min()
        .unwrap_or(fallback)
}

/// Round ticks from 0 for an axis reaching at least `largest`, `length` px
/// long, spaced so that no two labels come closer than `gap` px: the
/// smallest step of 1, 2 or 5 times a power of ten that leaves room for
/// the widest label. Returns the ticks (the last is the axis's end).
pub fn round_ticks(largest: usize, length: i32, gap: i32) -> Vec<usize> {
    let mut power = 1usize;
    loop {
        for factor in [1, 2, 5] {
            let step = factor * power;
            let end = largest.div_ceil(step).max(1) * step;
            let widest = text_width(&grouped(end as u64), SMALL);
            let pitch = length as f64 * step as f64 / end as f64;
            if pitch >= f64::from(widest + gap) {
                return (0..=end).step_by(step).collect();
            }
        }
        power *= 10;
    }
}

/// Which decades of a logarithmic axis `span` px long over `decades`
/// decades get a label: every one, or every second, third …, whichever
/// first leaves `room` px between neighbours.
pub fn decade_step(span: i32, decades: i32, room: i32) -> i32 {
    (1..=decades.max(1))
        .find(|&step| span * step / decades.max(1) >= room)
        .unwrap_or(decades.max(1))
}

/// `10^d` as a tick label: `1`, `10`, `10²`, …
pub fn decade_label(d: i32) -> String {
    match d {
        0 => "1".to_string(),
        1 => "10".to_string(),
        _ => format!("10{}", superscript(d.unsigned_abs())),
    }
}

/// Labels along an axis from `first` to `last` whose cells are `pitch` px
/// apart: the first, every fifth and the last, less any that would come
/// within `gap` px of the label before it: the last is kept over a fifth,
/// and beside the first when they are the only two.
pub fn sparse_labels(first: usize, last: usize, pitch: i32, gap: i32) -> Vec<usize> {
    let mut labels: Vec<usize> = Vec::new();
    let near = |a: usize, b: usize| ((b - a) as i32) * pitch < gap;
    for n in (first..=last).filter(|&n| n == first || n == last || n % 5 == 0) {
        if let Some(&previous) = labels.last()
            && near(previous, n)
        {
            if n != last {
                continue;
            }
            if previous != first {
                labels.pop();
            }
        }
        labels.push(n);
    }
    labels
}

/// The widest a character of a 12 px label is taken to be: digits are
/// about 6.7 px in a sans-serif, so 7.5 is safe.
pub const GLYPH: f64 = 7.5;
/// The least room between two tick labels.
pub const TICK_GAP: f64 = 8.0;

/// The ticks, `(position, label)` in ascending position, that can be
/// printed along a horizontal axis without one label running into the
/// next: a tick is kept when its label clears the last kept one by
/// [`TICK_GAP`]. The first tick is always kept; so an end value that
/// crowds the last round one (805 after 800) is dropped rather than
/// printed over it.
pub fn spaced_ticks(ticks: &[(i32, String)]) -> Vec<(i32, String)> {
    let half = |text: &str| text.chars().count() as f64 * GLYPH / 2.0;
    let mut kept: Vec<(i32, String)> = Vec::new();
    for (x, text) in ticks {
        let clear = kept.last().is_none_or(|(last_x, last)| {
            f64::from(x - last_x) >= half(last) + half(text) + TICK_GAP
        });
        if clear {
            kept.push((*x, text.clone()));
        }
    }
    kept
}

/// Tick labels under (or over) a horizontal axis: each text centred on its
/// x at height `y`.
pub fn x_labels(area: &Area, ticks: impl IntoIterator<Item = (i32, String)>, y: i32) {
    for (x, text) in ticks {
        tick(area, &text, (x, y), Anchor::Middle);
    }
}

/// Tick labels beside a vertical axis: each text ending at `x`, centred on
/// its y.
pub fn y_labels(area: &Area, ticks: impl IntoIterator<Item = (i32, String)>, x: i32) {
    for (y, text) in ticks {
        tick(area, &text, (x, y), Anchor::End);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(5.3, 36, 1), 10);
        assert_eq!(nice_step(40.0, 36, 1), 1);
        assert_eq!(nice_step(0.1, 36, 7), 500);
        assert_eq!(nice_step(1e-9, 36, 7), 7);
        assert_eq!(
            round_ticks(37, 400, 12),
            vec![0, 5, 10, 15, 20, 25, 30, 35, 40]
        );
        assert_eq!(decade_step(300, 6, 40), 1);
        assert_eq!(decade_step(100, 6, 40), 3);
        assert_eq!(decade_label(0), "1");
        assert_eq!(decade_label(6), "10⁶");
    }

    #[test]
    fn sparse_labels_keep_the_ends_and_never_crowd() {
        assert_eq!(
            sparse_labels(2, 40, 13, 24),
            vec![2, 5, 10, 15, 20, 25, 30, 35, 40]
        );
        assert_eq!(sparse_labels(1, 21, 13, 24), vec![1, 5, 10, 15, 21]);
        assert_eq!(sparse_labels(1, 2, 13, 24), vec![1, 2]);
    }

    #[test]
    fn spaced_ticks_drop_a_label_that_would_overlap() {
        let ticks: Vec<(i32, String)> = [(0, "0"), (300, "800"), (302, "805")]
            .iter()
            .map(|&(x, t)| (x, t.to_string()))
            .collect();
        let kept: Vec<i32> = spaced_ticks(&ticks).iter().map(|t| t.0).collect();
        assert_eq!(kept, vec![0, 300]);
    }
}
