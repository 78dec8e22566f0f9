//! `strip`: one game's values as a row of cells, its period bracketed, and
//! the certificate's window drawn as pairs joined across one period.
//!
//! The certificate is checked, not assumed: a window that fails stops the
//! build (seed 004, "the check that could have failed").

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
use crate::plot::{self, ACCENT, Anchor, INK};
use crate::sequence::{Certificate, CertificateStatus, DEFAULT_MIN_REPEATS, Value};
use crate::text::numbers::grouped;
use crate::text::wording::rule_name;

/// Parameters of a strip.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The game, e.g. `sub:1,3,4`.
    pub game: Rule,
    /// How many values to compute and search for a period.
    pub values: Count,
    /// How many cells to draw (default 28).
    #[serde(default = "default_shown")]
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
    /// How many full periods the repetition must cover (default 3).
    #[serde(default = "default_repeats")]
    #[serde(deserialize_with = "Within::<1, 1000>::read")]
    pub min_repeats: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.shown > MOST_SHOWN {
            return Err(format!(
                "shown must be at most {MOST_SHOWN}, the cells that fit the page's column, not {}",
                self.shown
            ));
        }
        crate::budget::check_values(&self.game, self.values.0)
    }
}

fn default_shown() -> usize {
    28
}

fn default_repeats() -> usize {
    DEFAULT_MIN_REPEATS
}

/// What a strip shows, and the search and certificate behind it.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// The game, canonically spelled.
    pub rule: String,
    /// Values computed and searched.
    pub computed: usize,
    /// Cells drawn.
    pub shown: usize,
    /// Full periods the repetition had to cover.
    pub min_repeats: usize,
    /// The period found, or null when none was found in `computed` values.
    pub period: Option<usize>,
    /// The preperiod found, or null.
    pub preperiod: Option<usize>,
    /// The window check for the period found.
    pub certificate: Option<Certificate>,
    /// Whether the period holds at every value computed.
    pub corroborated: bool,
    /// Every value computed, heap 0 first.
    pub values: Vec<Value>,
}

/// Computes the values, finds the period, checks the certificate.
pub fn compute(params: &Params) -> Result<Data, String> {
    let (values, analysis) = params.game.analyse(params.values.0, params.min_repeats);
    if let Some(certificate) = analysis.certificate
        && let CertificateStatus::Fails { heap } = certificate.status
    {
        return Err(format!(
            "the certificate for period {} fails at heap {heap}: g({heap}) = {} but g({}) = {}",
            certificate.period,
            values[heap],
            heap + certificate.period,
            values[heap + certificate.period]
        ));
    }
    let found = analysis.period.found();
    Ok(Data {
        rule: params.game.to_string(),
        computed: analysis.computed,
        shown: params.shown.min(values.len()),
        min_repeats: params.min_repeats,
        period: found.map(|(_, p)| p),
        preperiod: found.map(|(s, _)| s),
        certificate: analysis.certificate,
        corroborated: analysis.corroborated,
        values,
    })
}

impl Data {
    /// The search range and the certificate, in one sentence.
    pub fn range_note(&self) -> String {
        let searched = grouped(self.computed as u64);
        match (self.period, self.preperiod, self.certificate) {
            (Some(p), Some(s), Some(c)) if c.holds => format!(
                "Period {p} from heap {s}, found by search in {searched} values; \
                 the certificate's {} pairs hold, and the period is checked at all {searched} values.",
                c.length
            ),
            (Some(p), Some(s), _) => {
                format!("Period {p} from heap {s} observed in {searched} values, not certified.")
            }
            _ => format!("No period found in the {searched} values searched."),
        }
    }
}

/// The widest cell, and the narrowest that still holds a legible value
/// (`plot::cell` writes 12 px text in cells under 22 px).
const CELL: i32 = 24;
const MIN_CELL: i32 = 20;
const LEFT: i32 = 20;
/// The most cells a strip can show inside the page's column.
pub const MOST_SHOWN: usize = ((plot::COLUMN as i32 - 2 * LEFT) / MIN_CELL) as usize;

/// The side of a cell for a strip of `shown` cells: as wide as fits the
/// column, at most `CELL`, never below `MIN_CELL` (the manifest refuses a
/// strip longer than [`MOST_SHOWN`]).
fn cell_for(shown: usize) -> i32 {
    ((plot::COLUMN as i32 - 2 * LEFT) / shown.max(1) as i32).clamp(MIN_CELL, CELL)
}

/// Draws the strip, the period brackets and the certificate's pairs. The
/// range note is the SVG's description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let shown = &data.values[..data.shown];
    let cell = cell_for(shown.len());
    let window = data.certificate.filter(|c| c.holds);
    let pair_rows = window.map_or(0, |c| c.length as i32);
    let width = (2 * LEFT + cell * shown.len() as i32) as u32;
    let strip_y = 74;
    let arcs_y = strip_y + cell + 14;
    let height = (arcs_y + pair_rows.max(1) * 9 + 12) as u32;
    let desc = format!(
        "Values of {} for heaps 0 to {}. {}",
        rule_name(&data.rule),
        shown.len() - 1,
        data.range_note()
    );
    plot::svg(width, height, meta.caption, &desc, |area| {
        let title = format!(
            "{}: values of heaps 0–{}",
            rule_name(&data.rule),
            shown.len() - 1
        );
        plot::title(area, &title, (LEFT, 14));
        plot::strip(area, LEFT, strip_y, cell, 0, shown);
        if let (Some(p), Some(s)) = (data.period, data.preperiod) {
            draw_brackets(area, s, p, shown.len(), strip_y, cell);
        }
        if let Some(c) = window {
            draw_pairs(area, &c, shown.len(), strip_y, arcs_y, cell);
        }
    })
}

/// Brackets over each whole period drawn, the first labelled.
fn draw_brackets(
    area: &plot::Area,
    start: usize,
    period: usize,
    shown: usize,
    strip_y: i32,
    cell: i32,
) {
    let y = strip_y - 26;
    let mut block = start;
    while block + period <= shown {
        let x0 = LEFT + block as i32 * cell + 2;
        let x1 = LEFT + (block + period) as i32 * cell - 2;
        plot::line(area, &[(x0, y + 5), (x0, y), (x1, y), (x1, y + 5)], INK, 1);
        if block == start {
            let text = format!("period {period}");
            plot::heading(area, &text, ((x0 + x1) / 2, y - 10), Anchor::Middle);
        }
        block += period;
    }
}

/// The window's pairs `(k, k + p)`, each joined below the strip.
fn draw_pairs(
    area: &plot::Area,
    c: &Certificate,
    shown: usize,
    strip_y: i32,
    arcs_y: i32,
    cell: i32,
) {
    for (row, k) in (c.start..c.start + c.length).enumerate() {
        if k + c.period >= shown {
            break;
        }
        let xa = LEFT + k as i32 * cell + cell / 2;
        let xb = LEFT + (k + c.period) as i32 * cell + cell / 2;
        let depth = arcs_y + row as i32 * 9;
        let top = strip_y + cell + 2;
        plot::line(
            area,
            &[(xa, top), (xa, depth), (xb, depth), (xb, top)],
            ACCENT,
            1,
        );
        for x in [xa, xb] {
            let cx = x - cell / 2;
            plot::outline(area, (cx, strip_y), (cx + cell, strip_y + cell), ACCENT, 2);
        }
    }
    let text = format!("window: {} pairs g(k) = g(k + {})", c.length, c.period);
    let x = LEFT + (c.start + c.period + c.length) as i32 * cell + 6;
    let y = arcs_y + (c.length as i32 - 1) * 9;
    plot::label(area, &text, (x, y), plot::TEXT, Anchor::Start, ACCENT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strip_the_manifest_accepts_fits_the_column() {
        for shown in 1..=MOST_SHOWN {
            let cell = cell_for(shown);
            assert!(cell >= MIN_CELL, "{shown} cells of {cell} px");
            assert!(
                2 * LEFT + cell * shown as i32 <= plot::COLUMN as i32,
                "{shown}"
            );
        }
        // One cell more would need cells below the legible minimum.
        let more = MOST_SHOWN as i32 + 1;
        assert!(2 * LEFT + MIN_CELL * more > plot::COLUMN as i32);
    }

    #[test]
    fn a_strip_too_long_for_the_column_is_refused() {
        let params = Params {
            game: "sub:1,3,4".parse().unwrap(),
            values: Count(100),
            shown: MOST_SHOWN + 1,
            min_repeats: 3,
        };
        assert!(params.check().unwrap_err().contains("at most"));
    }
}
