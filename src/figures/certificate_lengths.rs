//! `certificate-lengths`: how many pairs each game's certificate compares,
//! set side by side on a logarithmic scale. A subtraction game's window is
//! as long as its largest take; a game that splits heaps needs the
//! Guy–Smith window, which grows with the preperiod and the period.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::CheckParams;
use crate::games::Rule;
use crate::manifest::Count;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, INK, MUTED};
use crate::sequence::DEFAULT_MIN_REPEATS;
use crate::site::wording::kind_name;

/// One game to certify.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The rule, e.g. `octal:·137`.
    pub game: Rule,
    /// Values computed and searched.
    pub values: Count,
}

/// Parameters: the games, in drawing order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The games whose certificates are compared.
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Game>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        self.games
            .iter()
            .try_for_each(|g| crate::budget::check_values(&g.game, g.values.0))
    }
}

/// One game's period and the certificate that proves it.
#[derive(Debug, Clone, Serialize)]
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
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    pub rows: Vec<Row>,
}

/// Computes, searches and certifies each game; an uncertified one is an error.
pub fn compute(params: &Params) -> Result<Data, String> {
    let rows = params
        .games
        .iter()
        .map(|g| {
            let (_, analysis) = g.game.analyse(g.values.0, DEFAULT_MIN_REPEATS);
            match (analysis.period.found(), analysis.certificate) {
                (Some((preperiod, period)), Some(c)) if c.holds => Ok(Row {
                    rule: g.game.to_string(),
                    computed: analysis.computed,
                    period,
                    preperiod,
                    argument: c.kind.to_string(),
                    pairs: c.length,
                    values_needed: c.values_needed,
                }),
                _ => Err(format!(
                    "{} has no certified period in {} values: raise `values`",
                    g.game,
                    grouped(g.values.0 as u64)
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
                    r.rule,
                    grouped(r.computed as u64)
                )
            })
            .collect();
        format!("Every period certified; {}.", parts.join(", "))
    }
}

const LEFT: i32 = 130;
const BAR: i32 = 26;

/// Draws one bar per game, its length the number of pairs on a log scale.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = 720;
    let most = data.rows.iter().map(|r| r.pairs).max().unwrap_or(1).max(10) as f64;
    let decades = most.log10().ceil().max(1.0);
    let span = (width - LEFT - 150) as f64;
    let x_of = |v: f64| LEFT + (v.max(1.0).log10() / decades * span).round() as i32;
    let top = 50;
    let bottom = top + BAR * data.rows.len() as i32;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (bottom + 40 + 15 * lines) as u32;
    plot::svg(
        width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::label(
                area,
                "pairs a certificate compares (logarithmic)",
                (20, 14),
                14,
                Anchor::Start,
                INK,
            );
            for d in 0..=decades as i32 {
                let x = x_of(10f64.powi(d));
                plot::line(area, &[(x, top - 6), (x, bottom)], plot::fill(0), 1);
                plot::label(
                    area,
                    &grouped(10u64.pow(d as u32)),
                    (x, top - 14),
                    10,
                    Anchor::Middle,
                    MUTED,
                );
            }
            for (i, r) in data.rows.iter().enumerate() {
                let y = top + BAR * i as i32;
                let colour = if r.argument == "window" {
                    ACCENT_2
                } else {
                    ACCENT
                };
                plot::label(
                    area,
                    &r.rule,
                    (LEFT - 8, y + BAR / 2 - 2),
                    12,
                    Anchor::End,
                    INK,
                );
                plot::block(
                    area,
                    (LEFT, y + 4),
                    (x_of(r.pairs as f64).max(LEFT + 2), y + BAR - 8),
                    colour,
                );
                let text = format!(
                    "{} pairs ({})",
                    grouped(r.pairs as u64),
                    kind_name(&r.argument)
                );
                plot::label(
                    area,
                    &text,
                    (x_of(r.pairs as f64) + 6, y + BAR / 2 - 2),
                    11,
                    Anchor::Start,
                    INK,
                );
            }
            plot::note(
                area,
                &data.range_note(),
                (20, bottom + 20),
                width - 40,
                MUTED,
            );
        },
    )
}
