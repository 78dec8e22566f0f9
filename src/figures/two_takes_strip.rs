//! `two-takes-strip`: a two-take subtraction game's values, the blocks of
//! length `a` numbered inside each stretch of `a + b`, and its 2s marked,
//! so the closed form can be read off the picture.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::two_take_strip::{StripBlock, TwoTakeStrip, two_take_strip};
use crate::games::two_takes::TwoTakes;
use crate::plot::{self, ACCENT, Anchor, MUTED, axis};
use crate::text::numbers::grouped;

/// Parameters of a two-take strip.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The two takes, e.g. `[3, 8]`.
    #[serde(deserialize_with = "Within::<1, 1_000>::read_pair")]
    pub takes: [u64; 2],
    /// How many heaps to draw from heap 0.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {}

/// The strip and its checks (see `census::two_take_strip`).
pub type Data = TwoTakeStrip;

/// Computes the strip; the closed form must agree with the recursion.
pub fn compute(params: &Params) -> Result<Data, String> {
    let game = TwoTakes::new(params.takes[0], params.takes[1]).map_err(|e| e.to_string())?;
    let strip = two_take_strip(game, params.shown).map_err(|e| e.to_string())?;
    if !strip.closed_form_agrees {
        return Err("the closed form disagrees with the mex recursion".into());
    }
    Ok(strip)
}

impl TwoTakeStrip {
    /// The search range and the check, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "Period {} from heap {}, found by search in {} values; the closed form agrees with the \
             recursion at all of them.",
            self.measured_period,
            self.measured_preperiod,
            grouped(self.values_searched as u64)
        )
    }
}

/// Room at the left for the rows' heap ranges ("330–340" at 13 px).
const LEFT: i32 = 72;
/// Room at the right of the grid.
const RIGHT: i32 = 12;
/// Cells hold a 13 px value from 24 px; 32 px is as large as they need be.
const CELL_MIN: i32 = 24;
const CELL_MAX: i32 = 32;
/// Each row is followed by its blocks' brackets and numbers.
const BRACKETS: i32 = 22;
/// The grid's top: below the title, the axis title and the column numbers.
const GRID_TOP: i32 = 64;

/// How the strip is cut into rows for the column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    /// Cells per row: one stretch of `a + b` when it fits, so each column
    /// is one remainder `r` and equal values line up down the columns.
    columns: usize,
    cell: i32,
    rows: usize,
    width: u32,
    height: u32,
}

/// Lays `shown` heaps out in rows of one stretch of `stretch` heaps, or of
/// as many as fit in the column when a stretch does not.
fn layout(stretch: usize, shown: usize, legend_width: i32, most: u32) -> Layout {
    let room = most as i32 - LEFT - RIGHT;
    let columns = stretch.min((room / CELL_MIN) as usize).max(1);
    let cell = (room / columns as i32).clamp(CELL_MIN, CELL_MAX);
    let rows = shown.div_ceil(columns).max(1);
    let grid = LEFT + columns as i32 * cell + RIGHT;
    let width = grid.max(legend_width + 2 * MARGIN).min(most as i32) as u32;
    let grid_bottom = GRID_TOP + rows as i32 * (cell + BRACKETS);
    Layout {
        columns,
        cell,
        rows,
        width,
        height: (grid_bottom + 2 * LINE + 4) as u32,
    }
}

const MARGIN: i32 = 12;
/// The pitch of a line of 13 px text.
const LINE: i32 = 20;

/// Where heap `heap`'s cell starts in layout `l`.
fn place(l: &Layout, heap: u64) -> (i32, i32) {
    let (row, column) = (heap as usize / l.columns, heap as usize % l.columns);
    (
        LEFT + column as i32 * l.cell,
        GRID_TOP + row as i32 * (l.cell + BRACKETS),
    )
}

/// The rows of cells, each with its range of heaps at its left.
fn draw_rows(area: &plot::Area, l: &Layout, values: &[u32]) {
    for (row, chunk) in values.chunks(l.columns).enumerate() {
        let first = row * l.columns;
        let (x, y) = place(l, first as u64);
        let range = format!("{first}–{}", first + chunk.len() - 1);
        plot::label(
            area,
            &range,
            (LEFT - 8, y + l.cell / 2),
            plot::TEXT,
            Anchor::End,
            MUTED,
        );
        for (i, &value) in chunk.iter().enumerate() {
            plot::cell(area, x + i as i32 * l.cell, y, l.cell, value);
        }
    }
}

/// Each block bracketed under its cells with its number `k`; a block lies
/// in one stretch, and is cut where a row ends.
fn draw_blocks(area: &plot::Area, l: &Layout, blocks: &[StripBlock]) {
    for block in blocks {
        let mut first = block.first_heap;
        while first <= block.last_heap {
            let row_end = (first / l.columns as u64 + 1) * l.columns as u64 - 1;
            let last = block.last_heap.min(row_end);
            let (x0, y) = place(l, first);
            let x1 = place(l, last).0 + l.cell;
            let (x0, x1, y) = (x0 + 3, x1 - 3, y + l.cell + 4);
            plot::line(
                area,
                &[(x0, y), (x0, y + 4), (x1, y + 4), (x1, y)],
                MUTED,
                1,
            );
            plot::tick(
                area,
                &block.block.to_string(),
                ((x0 + x1) / 2, y + 12),
                Anchor::Middle,
            );
            first = last + 1;
        }
    }
}

/// Draws the strip one stretch to a row, its blocks bracketed and numbered
/// under each row and its 2s outlined.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let [a, b] = data.takes;
    let stretch = (a + b) as usize;
    let legend = [
        format!("under each row: its blocks, k = ⌊r/{a}⌋ for r = n mod {stretch}"),
        format!("outlined: the 2s, where k is even and r ≥ {b}"),
    ];
    let legend_width = legend
        .iter()
        .map(|l| plot::text_width(l, plot::TEXT))
        .max()
        .unwrap_or(0);
    let shown = data.cells.len();
    let l = layout(stretch, shown, legend_width, meta.width);
    let values: Vec<u32> = data.cells.iter().map(|c| c.value).collect();
    plot::svg(
        l.width,
        l.height,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = format!("{{{a}, {b}}}: blocks of {a} inside each stretch of {stretch}");
            plot::title(area, &title, (MARGIN, 12));
            let axis = if l.columns == stretch {
                format!("remainder r = n mod {stretch} →")
            } else {
                format!("heap n, {} to a row →", l.columns)
            };
            plot::heading(area, &axis, (LEFT, 34), Anchor::Start);
            plot::heading(area, "heaps", (LEFT - 8, 52), Anchor::End);
            let columns = (0..l.columns.min(shown))
                .map(|c| (LEFT + c as i32 * l.cell + l.cell / 2, c.to_string()));
            axis::x_labels(area, columns, 52);
            draw_rows(area, &l, &values);
            draw_blocks(area, &l, &data.blocks);
            for &heap in &data.twos {
                let (x, y) = place(&l, heap);
                let corner = (x + l.cell - 1, y + l.cell - 1);
                plot::outline(area, (x + 1, y + 1), corner, ACCENT, 3);
            }
            let y = l.height as i32 - 2 * LINE + 6;
            for (i, text) in legend.iter().enumerate() {
                plot::heading(area, text, (MARGIN, y + i as i32 * LINE), Anchor::Start);
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strip_fits_the_column_with_legible_cells() {
        for stretch in 2..=2_000 {
            for shown in [1, stretch, 3 * stretch, 10_000] {
                let l = layout(stretch, shown, 400, plot::COLUMN);
                assert!(l.width <= plot::COLUMN, "{stretch} {shown}: {l:?}");
                assert!(LEFT + l.columns as i32 * l.cell + RIGHT <= plot::COLUMN as i32);
                assert!(l.cell >= CELL_MIN, "{stretch}: {l:?}");
                assert!(l.rows * l.columns >= shown);
            }
        }
    }

    #[test]
    fn a_stretch_that_fits_is_one_row() {
        let l = layout(11, 33, 300, plot::COLUMN);
        assert_eq!((l.columns, l.rows), (11, 3));
        // 25 columns of 24 px and the margins are wider than the column.
        assert!(layout(30, 60, 300, plot::COLUMN).columns < 30);
    }
}
