//! `certificate-lengths`: how many pairs each game's certificate compares,
//! set side by side on a logarithmic scale. A subtraction game's window is
//! as long as its largest take; a game that splits heaps needs the
//! Guy–Smith window, which grows with the preperiod and the period.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, axis};
use ladder_engine::games::Rule;
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::DEFAULT_MIN_REPEATS;
use ladder_engine::wording::kind_name;
use ladder_engine::wording::rule_name;

/// One game's period and the certificate that proves it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    pub rule: String,
    pub computed: usize,
    pub period: usize,
    pub preperiod: usize,
    /// The argument behind the window (`window`, `guy-smith-k2`, …).
    pub argument: String,
    /// Pairs the certificate compares.
    pub pairs: usize,
    /// Values the certificate needs.
    pub values_needed: usize,
}

/// The rows, one per game.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub rows: Vec<Row>,
}

/// Computes, searches and certifies each game `(rule, values)`; an
/// uncertified one is an error.
pub fn compute(games: &[(Rule, usize)]) -> Result<Data, String> {
    let rows = games
        .iter()
        .map(|(game, values)| {
            let (_, analysis) = game.analyse(*values, DEFAULT_MIN_REPEATS);
            match (analysis.period.found(), analysis.certificate) {
                (Some((preperiod, period)), Some(c)) if c.holds => Ok(Row {
                    rule: game.to_string(),
                    computed: analysis.computed,
                    period,
                    preperiod,
                    argument: c.kind.to_string(),
                    pairs: c.length,
                    values_needed: c.values_needed,
                }),
                _ => Err(format!(
                    "{} has no certified period in {} values: raise `values`",
                    game,
                    grouped(*values as u64)
                )),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Data { rows })
}

impl Data {
    /// The games and their ranges.
    pub fn range_note(&self) -> String {
        let parts: Vec<String> = self
            .rows
            .iter()
            .map(|r| {
                format!(
                    "{} searched in {} values",
                    rule_name(&r.rule),
                    grouped(r.computed as u64)
                )
            })
            .collect();
        format!("Every period certified; {}.", parts.join(", "))
    }
}

const LEFT: i32 = 80;
const RIGHT: i32 = 12;
const BAR: i32 = 28;
/// Room between a bar's end and its label.
const GAP: i32 = 6;
/// The least room between two decade ticks, for labels up to `10⁶`.
const TICK_ROOM: i32 = 36;

/// A bar's label: its pairs and the argument behind its window, so the
/// kind is read from the words as well as from the bar's colour.
fn bar_label(row: &Row) -> String {
    let pairs = grouped(row.pairs as u64);
    if row.argument == "window" {
        // A subtraction game's window is m pairs: say what m is.
        format!("{pairs} pairs, the largest take m")
    } else {
        format!("{pairs} pairs, {}", kind_name(&row.argument))
    }
}

/// The shortest scale worth drawing with the labels beside the bars; below
/// it (on a phone) each label goes under its bar and the scale takes the
/// whole width.
const MIN_SPAN: i32 = 160;
/// Where a label under its bar starts.
const UNDER: i32 = 20;

/// The scale's length in px for `decades` decades: as long as it can be
/// while every bar's label, written after its bar, ends inside `width`.
fn span_for(bars: &[(usize, i32)], decades: f64, width: i32) -> i32 {
    let most = width - LEFT - RIGHT;
    bars.iter()
        .filter(|&&(pairs, _)| pairs > 1)
        .map(|&(pairs, label)| {
            let fraction = (pairs as f64).log10() / decades;
            (f64::from(most - GAP - label) / fraction).floor() as i32
        })
        .fold(most, i32::min)
}

/// Draws one bar per game, its length the number of pairs on a log scale.
/// The range note is the SVG's description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = meta.width as i32;
    let most = data.rows.iter().map(|r| r.pairs).max().unwrap_or(1).max(10) as f64;
    let decades = most.log10().ceil().max(1.0);
    let bars: Vec<(usize, i32)> = data
        .rows
        .iter()
        .map(|r| (r.pairs, plot::text_width(&bar_label(r), plot::TEXT)))
        .collect();
    let beside = span_for(&bars, decades, width);
    let under = beside < MIN_SPAN;
    let span = if under { width - LEFT - RIGHT } else { beside };
    let x_of = |v: f64| LEFT + (v.max(1.0).log10() / decades * f64::from(span)).round() as i32;
    // A row: the bar, and under it its label when it does not fit beside.
    let row_h = if under { BAR + 18 } else { BAR };
    let top = 60;
    let bottom = top + row_h * data.rows.len() as i32;
    let height = (bottom + 34) as u32;
    plot::svg(
        width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::title_lines(
                area,
                "How many pairs a certificate compares",
                (20, 14),
                width - 20,
            );
            plot::heading(area, "game", (LEFT - 10, top - 18), Anchor::End);
            let step = axis::decade_step(span, decades as i32, TICK_ROOM);
            for d in 0..=decades as i32 {
                let x = x_of(10f64.powi(d));
                plot::line(area, &[(x, top - 6), (x, bottom)], plot::fill(0), 1);
                if d % step == 0 {
                    plot::tick(area, &axis::decade_label(d), (x, top - 18), Anchor::Middle);
                }
            }
            for (i, r) in data.rows.iter().enumerate() {
                let y = top + row_h * i as i32;
                let colour = if r.argument == "window" {
                    ACCENT_2
                } else {
                    ACCENT
                };
                let end = x_of(r.pairs as f64);
                let middle = y + BAR / 2 - 2;
                plot::heading(area, &rule_name(&r.rule), (LEFT - 10, middle), Anchor::End);
                plot::block(
                    area,
                    (LEFT, y + 4),
                    (end.max(LEFT + 2), y + BAR - 8),
                    colour,
                );
                let at = if under {
                    (UNDER, y + BAR + 4)
                } else {
                    (end + GAP, middle)
                };
                plot::heading(area, &bar_label(r), at, Anchor::Start);
            }
            let axis_title = "pairs compared (log scale)";
            plot::heading(
                area,
                axis_title,
                (LEFT + span / 2, bottom + 16),
                Anchor::Middle,
            );
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_a_phone_the_labels_go_under_their_bars() {
        let bars = [
            (
                4,
                plot::text_width("4 pairs, the largest take m", plot::TEXT),
            ),
            (
                254_811,
                plot::text_width("254,811 pairs, Guy–Smith window (K = 2)", plot::TEXT),
            ),
        ];
        assert!(span_for(&bars, 6.0, plot::PHONE as i32) < MIN_SPAN);
        assert!(span_for(&bars, 6.0, plot::COLUMN as i32) >= MIN_SPAN);
        // Under its bar, the longest label fits the phone's width.
        assert!(UNDER + bars[1].1 <= plot::PHONE as i32);
    }

    #[test]
    fn every_bar_label_ends_inside_the_column() {
        let label = plot::text_width("254,811 pairs, Guy–Smith window (K = 2)", plot::TEXT);
        for (pairs, decades) in [(254_811, 6.0), (88, 2.0), (10, 1.0), (999_999, 6.0)] {
            let bars = [
                (
                    4,
                    plot::text_width("4 pairs, the largest take m", plot::TEXT),
                ),
                (pairs, label),
            ];
            let span = span_for(&bars, decades, plot::COLUMN as i32);
            for (p, w) in bars {
                let end = LEFT + ((p as f64).log10() / decades * f64::from(span)).round() as i32;
                assert!(
                    end + GAP + w <= plot::COLUMN as i32 - RIGHT + 1,
                    "{p} in {span}"
                );
            }
        }
    }

    #[test]
    fn decade_ticks_never_crowd_each_other() {
        for span in [60, 120, 300, 560] {
            for decades in 1..=12 {
                let step = axis::decade_step(span, decades, TICK_ROOM);
                let labelled = (0..=decades).filter(|d| d % step == 0).count() as i32;
                if labelled > 1 {
                    assert!(span * step / decades >= TICK_ROOM, "{span} px, {decades}");
                }
            }
        }
    }
}
