//! A strip: one game's values as a row of cells, its period bracketed, and
//! the certificate's window drawn as pairs joined across one period. The
//! site's `strip` figures and the browser's Explore page both draw through
//! here, so the same rule gives the same bytes in either.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, ACCENT, Anchor, INK};
use ladder_engine::games::Rule;
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::{Analysis, Certificate, CertificateStatus, Value};
use ladder_engine::wording::rule_name;

/// What a strip shows, and the search and certificate behind it.
#[derive(Debug, Clone, Deserialize, Serialize)]
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

/// Computes `count` values of `game`, finds the period (repeated
/// `min_repeats` times), checks the certificate; `shown` cells are drawn.
/// A certificate that fails is an error: the figure would claim a proof.
pub fn compute(
    game: &Rule,
    count: usize,
    shown: usize,
    min_repeats: usize,
) -> Result<Data, String> {
    let (values, analysis) = game.analyse(count, min_repeats);
    from_analysis(game, values, &analysis, shown)
}

/// A strip's data from values already computed and analysed (the Explore
/// page, which prints the analysis too, computes them once).
pub fn from_analysis(
    game: &Rule,
    values: Vec<Value>,
    analysis: &Analysis,
    shown: usize,
) -> Result<Data, String> {
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
        rule: game.to_string(),
        computed: analysis.computed,
        shown: shown.min(values.len()),
        min_repeats: analysis.min_repeats,
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

/// The side of a cell for a strip of `shown` cells in `width` px: as wide
/// as fits, at most `CELL`, never below `MIN_CELL` (the manifest refuses a
/// strip longer than [`MOST_SHOWN`]).
fn cell_for(shown: usize, width: u32) -> i32 {
    ((width as i32 - 2 * LEFT) / shown.max(1) as i32).clamp(MIN_CELL, CELL)
}

/// How the strip is cut into rows for a width: one row when every cell
/// fits at a legible size; else rows of whole periods (so a period's
/// columns line up down the rows), or of as many cells as fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    per_row: usize,
    cell: i32,
    rows: usize,
}

fn layout(shown: usize, period: Option<usize>, width: u32) -> Layout {
    let fit = ((width as i32 - 2 * LEFT) / MIN_CELL).max(1) as usize;
    if shown <= fit {
        let cell = cell_for(shown, width);
        return Layout {
            per_row: shown,
            cell,
            rows: 1,
        };
    }
    let per_row = match period {
        Some(p) if p <= fit => fit / p * p,
        _ => fit,
    };
    Layout {
        per_row,
        cell: cell_for(per_row, width),
        rows: shown.div_ceil(per_row),
    }
}

/// Room above a row for the period's bracket and label and the heap numbers.
const ABOVE: i32 = 40;
/// The pitch of the window's pair lines under a row.
const PAIR_STEP: i32 = 9;

/// Where heaps sit: row `n / per_row`, each row below the last by its
/// cells, the pair lines it holds (if any), and the room above the next.
struct Grid {
    layout: Layout,
    /// Each row's top.
    tops: Vec<i32>,
}

impl Grid {
    /// Rows from `top`; a row holding both cells of a window's pair leaves
    /// room under it for `pair_rows` lines.
    fn new(layout: Layout, top: i32, pair_rows: i32, pair_row: impl Fn(usize) -> bool) -> Grid {
        let mut tops = vec![top];
        for row in 0..layout.rows {
            let under = if pair_row(row) {
                14 + pair_rows * PAIR_STEP + 12
            } else {
                10
            };
            tops.push(tops[row] + layout.cell + under + ABOVE);
        }
        Grid { layout, tops }
    }

    fn row(&self, heap: usize) -> usize {
        heap / self.layout.per_row
    }

    /// The top-left corner of heap `heap`'s cell.
    fn cell(&self, heap: usize) -> (i32, i32) {
        let column = heap % self.layout.per_row;
        let x = LEFT + column as i32 * self.layout.cell;
        (x, self.tops[self.row(heap)])
    }

    /// Where the rows end (the next row's top, less its room above).
    fn bottom(&self) -> i32 {
        self.tops[self.layout.rows] - ABOVE
    }
}

/// Draws the strip, in rows when it does not fit one, with the period's
/// brackets and the certificate's pairs. The range note is the SVG's
/// description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let shown = &data.values[..data.shown];
    // A phone's strip that needs no more rows in the smallest phone's
    // column is drawn for it, so at 320 px it shows whole rather than
    // scrolling over its margin.
    let l = match (
        layout(shown.len(), data.period, meta.width),
        layout(shown.len(), data.period, plot::SMALL_PHONE),
    ) {
        (phone, small) if meta.width == plot::PHONE && small.rows == phone.rows => small,
        (l, _) => l,
    };
    let window = data.certificate.filter(|c| c.holds);
    // The pairs drawn: those whose both cells are shown (all of them in the
    // site's strips; few or none for a long window, as the Explore page
    // may ask, whose label then goes under the strip, clear of its end).
    let drawn = window.map_or(0, |c| {
        (c.start..c.start + c.length)
            .take_while(|&k| k + c.period < shown.len())
            .count()
    });
    let pair_rows = drawn as i32;
    let label_under = l.rows > 1 || window.is_some_and(|c| drawn < c.length);
    let width = (2 * LEFT + l.cell * l.per_row as i32) as u32;
    let name = rule_name(&data.rule);
    let title = format!("{name}: values of heaps 0–{}", shown.len() - 1);
    let title_lines = plot::fit_lines(&title, plot::TITLE, width as i32 - LEFT).len() as i32;
    let top = 14 + title_lines * plot::line_pitch(plot::TITLE) + ABOVE;
    // One row always keeps the room for pair lines under it, as it has a
    // window's pairs or none; of several, those that hold a pair.
    let pairs_in = |row: usize| {
        l.rows == 1
            || window.is_some_and(|c| {
                (c.start..c.start + c.length)
                    .any(|k| k / l.per_row == row && (k + c.period) / l.per_row == row)
            })
    };
    let grid = Grid::new(l, top, pair_rows.max(1), pairs_in);
    let window_text =
        window.map(|c| format!("window: {} pairs g(k) = g(k + {})", c.length, c.period));
    // Past the pairs on one row; on its own line under the rows when wrapped.
    let height = grid.bottom()
        + if label_under && window.is_some() {
            24
        } else {
            0
        };
    let desc = format!(
        "Values of {name} for heaps 0 to {}. {}",
        shown.len() - 1,
        data.range_note()
    );
    plot::svg(width, height as u32, meta.caption, &desc, |area| {
        plot::title_lines(area, &title, (LEFT, 14), width as i32 - LEFT);
        for (row, chunk) in shown.chunks(l.per_row).enumerate() {
            let first = row * l.per_row;
            plot::strip(area, LEFT, grid.cell(first).1, l.cell, first, chunk, "");
        }
        if let (Some(p), Some(s)) = (data.period, data.preperiod) {
            draw_brackets(area, &grid, s, p, shown.len());
        }
        if let (Some(c), Some(text)) = (window, &window_text) {
            let end = draw_pairs(area, &grid, &c, shown.len());
            let at = if label_under {
                (LEFT, grid.bottom() + 10)
            } else {
                end
            };
            plot::label(area, text, at, plot::TEXT, Anchor::Start, ACCENT);
        }
    })
}

/// Brackets over each whole period drawn inside a row, the first labelled.
fn draw_brackets(area: &plot::Area, grid: &Grid, start: usize, period: usize, shown: usize) {
    let cell = grid.layout.cell;
    let mut block = start;
    let mut labelled = false;
    while block + period <= shown {
        if grid.row(block) == grid.row(block + period - 1) {
            let (x, strip_y) = grid.cell(block);
            let y = strip_y - 26;
            let (x0, x1) = (x + 2, x + period as i32 * cell - 2);
            plot::line(area, &[(x0, y + 5), (x0, y), (x1, y), (x1, y + 5)], INK, 1);
            if !labelled {
                let text = format!("period {period}");
                plot::heading(area, &text, ((x0 + x1) / 2, y - 10), Anchor::Middle);
                labelled = true;
            }
        }
        block += period;
    }
}

/// The window's pairs `(k, k + p)`, both cells outlined and joined: by a
/// line under their row when they share one, else from one row down to
/// the other (at the cells' left, clear of the heap numbers). Returns where
/// the window's label goes when the strip is one row: after the last pair.
fn draw_pairs(area: &plot::Area, grid: &Grid, c: &Certificate, shown: usize) -> (i32, i32) {
    let cell = grid.layout.cell;
    for (row, k) in (c.start..c.start + c.length).enumerate() {
        if k + c.period >= shown {
            break;
        }
        let ((xa, ya), (xb, yb)) = (grid.cell(k), grid.cell(k + c.period));
        let depth = ya + cell + 14 + row as i32 * PAIR_STEP;
        if ya == yb {
            let (xa, xb) = (xa + cell / 2, xb + cell / 2);
            let top = ya + cell + 2;
            plot::line(
                area,
                &[(xa, top), (xa, depth), (xb, depth), (xb, top)],
                ACCENT,
                1,
            );
        } else {
            plot::line(
                area,
                &[(xa + 4, ya + cell + 2), (xb + 4, yb - 2)],
                ACCENT,
                1,
            );
        }
        for (x, y) in [(xa, ya), (xb, yb)] {
            plot::outline(area, (x, y), (x + cell, y + cell), ACCENT, 2);
        }
    }
    let drawn = (c.start..c.start + c.length)
        .take_while(|&k| k + c.period < shown)
        .count();
    (
        LEFT + (c.start + c.period + drawn) as i32 * cell + 6,
        grid.tops[0] + cell + 14 + (drawn as i32 - 1) * PAIR_STEP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strip_the_manifest_accepts_fits_the_column() {
        for shown in 1..=MOST_SHOWN {
            let cell = cell_for(shown, plot::COLUMN);
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
    fn a_phone_s_strip_that_fits_the_smallest_phone_as_it_is_is_drawn_for_it() {
        let width = |svg: &str| -> u32 {
            let at = svg.find("width=\"").unwrap() + 7;
            svg[at..at + svg[at..].find('"').unwrap()].parse().unwrap()
        };
        let phone = RenderMeta {
            id: "strip",
            width: plot::PHONE,
            caption: "",
        };
        // {2, 5, 6}: period 11, two rows of 11 cells either way.
        let eleven = compute(&"sub:2,5,6".parse().unwrap(), 200, 22, 3).unwrap();
        assert!(width(&render(&eleven, &phone)) <= plot::SMALL_PHONE);
        // {1, 3, 4}: period 7, rows of 14 on a phone, of 7 in 288 px: kept.
        let seven = compute(&"sub:1,3,4".parse().unwrap(), 200, 28, 3).unwrap();
        assert!(width(&render(&seven, &phone)) > plot::SMALL_PHONE);
    }

    #[test]
    fn on_a_phone_a_strip_wraps_into_rows_of_whole_periods() {
        // {1, 3, 4}: 28 values, period 7: two rows of two periods.
        let l = layout(28, Some(7), plot::PHONE);
        assert_eq!((l.per_row, l.rows), (14, 2));
        assert!(2 * LEFT + l.cell * l.per_row as i32 <= plot::PHONE as i32);
        assert!(l.cell >= MIN_CELL);
        // {2, 5, 6}: 33 values, period 11: a period to a row.
        assert_eq!(layout(33, Some(11), plot::PHONE).per_row, 11);
        // A period wider than the phone: as many cells as fit.
        assert_eq!(layout(40, Some(17), plot::PHONE).per_row, 15);
        // The column holds them in one row, as before.
        assert_eq!(layout(28, Some(7), plot::COLUMN).rows, 1);
    }
}
