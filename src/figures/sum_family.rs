//! `sum-family`: the three-take games `{a, b, a + b}`, whose third take is
//! the sum of the other two, drawn as an `a × b` grid coloured by which sum
//! of two takes the period equals (its fill and its mark), the period
//! written in each cell.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, LEGEND_LINE, class_fill, class_key, class_mark};
use crate::census::sum_family::sum_family;
use crate::census::triples::{PeriodClass, TripleCensus};
use crate::plot::{self, Anchor, INK, MUTED};
use crate::text::numbers::grouped;

/// Parameters of the family.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Sets `{a, b, a + b}` with `a < b` and `a + b ≤ largest_sum`.
    #[serde(deserialize_with = "Within::<0, 200>::read")]
    pub largest_sum: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        check_width(self.largest_sum)
    }
}

/// One record per set and the counts (see `census::triples`).
pub type Data = TripleCensus;

/// Runs the census of the family.
pub fn compute(params: &Params) -> Result<Data, String> {
    sum_family(params.largest_sum).map_err(|e| e.to_string())
}

/// A cell: a class mark at its left and a period of up to three digits
/// at 12 px at its right.
const CELL_W: i32 = 34;
/// Rows are as high as 12 px text needs, so the 38 rows stay compact.
const CELL_H: i32 = 16;
/// Room for the rows' labels, b up to two digits.
const LEFT: i32 = 44;
const GRID_TOP: i32 = 62;
const MARGIN: i32 = 12;
/// The class mark's centre from a cell's left, and its radius: small, so
/// that three digits fit beside it in the 34 px the column leaves a cell.
const MARK_AT: i32 = 5;
const MARK: i32 = 2;
/// The period's right end from a cell's right.
const DIGITS_END: i32 = 3;

/// The grid's columns (one per smaller take `a`) and its width for sums up
/// to `largest_sum`: row `b` holds `a < b` with `a + b ≤ largest_sum`.
fn columns(largest_sum: usize) -> usize {
    largest_sum.saturating_sub(1) / 2
}

fn width(columns: usize) -> i32 {
    LEFT + columns as i32 * CELL_W + MARGIN
}

/// Refuses a family whose grid is wider than the column.
fn check_width(largest_sum: usize) -> Result<(), String> {
    let columns = columns(largest_sum);
    if width(columns) > plot::COLUMN as i32 {
        let most = (plot::COLUMN as i32 - LEFT - MARGIN) / CELL_W;
        return Err(format!(
            "sums up to {largest_sum} need {columns} columns of sets; the page's column holds {most} \
             (a largest_sum of at most {})",
            2 * most + 2
        ));
    }
    Ok(())
}

/// Draws the grid: row `b`, column `a`, each cell filled and marked by its
/// class with the period written in it. Row `b` holds `min(b − 1, S − b)`
/// cells, so the grid is a wedge, and its legend sits in the empty corner
/// at the top right when there is room.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let takes = |i: usize| data.records.iter().map(move |r| r.takes[i]);
    let cols = takes(0).max().unwrap_or(1);
    let (first_b, last_b) = (takes(1).min().unwrap_or(2), takes(1).max().unwrap_or(2));
    let rows = (last_b + 1 - first_b) as i32;
    let grid_bottom = GRID_TOP + rows * CELL_H;
    let width = width(cols).max(360).min(plot::COLUMN as i32);
    let items: Vec<(PeriodClass, String)> = CLASSES
        .iter()
        .map(|&(class, name)| {
            let count = data.records.iter().filter(|r| r.class == class).count();
            (class, format!("{name} ({})", grouped(count as u64)))
        })
        .collect();
    let legend_width = items
        .iter()
        .map(|(_, text)| 22 + plot::text_width(text, plot::TEXT))
        .max()
        .unwrap_or(0);
    let legend_height = LEGEND_LINE * items.len() as i32;
    // Row k from the top holds at most k + 1 cells: past column
    // `legend_rows`, the rows the legend spans are empty.
    let legend_rows = (legend_height + CELL_H - 1) / CELL_H;
    let corner_x = LEFT + (legend_rows + 1) * CELL_W;
    let in_corner = legend_rows <= rows && corner_x + legend_width <= width - MARGIN;
    let (legend_x, legend_top, height) = if in_corner {
        (corner_x, GRID_TOP, grid_bottom + 10)
    } else {
        (
            MARGIN,
            grid_bottom + 12,
            grid_bottom + 12 + legend_height + 6,
        )
    };
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = "Periods of {a, b, a + b}";
            plot::label(area, title, (MARGIN, 12), plot::TITLE, Anchor::Start, INK);
            let rows_title = "larger take b ↓";
            plot::label(
                area,
                rows_title,
                (MARGIN, 34),
                plot::TEXT,
                Anchor::Start,
                INK,
            );
            let columns_x = (MARGIN + plot::text_width(rows_title, plot::TEXT) + 24).max(LEFT);
            plot::label(
                area,
                "smaller take a →",
                (columns_x, 34),
                plot::TEXT,
                Anchor::Start,
                INK,
            );
            for a in 1..=cols {
                let x = LEFT + (a as i32 - 1) * CELL_W + CELL_W / 2;
                let text = a.to_string();
                plot::label(
                    area,
                    &text,
                    (x, GRID_TOP - 10),
                    plot::SMALL,
                    Anchor::Middle,
                    MUTED,
                );
            }
            for b in first_b..=last_b {
                let y = GRID_TOP + (b - first_b) as i32 * CELL_H + CELL_H / 2;
                plot::label(
                    area,
                    &b.to_string(),
                    (LEFT - 6, y),
                    plot::SMALL,
                    Anchor::End,
                    MUTED,
                );
            }
            for r in &data.records {
                let x = LEFT + (r.takes[0] as i32 - 1) * CELL_W;
                let y = GRID_TOP + (r.takes[1] - first_b) as i32 * CELL_H;
                let middle = y + CELL_H / 2;
                plot::block(
                    area,
                    (x, y),
                    (x + CELL_W - 1, y + CELL_H - 1),
                    class_fill(r.class),
                );
                class_mark(area, r.class, (x + MARK_AT, middle), MARK);
                let period = r.period.to_string();
                let at = (x + CELL_W - DIGITS_END, middle);
                plot::label(area, &period, at, plot::SMALL, Anchor::End, INK);
            }
            for (i, (class, text)) in items.iter().enumerate() {
                let y = legend_top + LEGEND_LINE / 2 + i as i32 * LEGEND_LINE;
                class_key(area, *class, text, (legend_x, y));
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_family_is_the_widest_the_column_holds() {
        assert!(check_width(40).is_ok());
        assert!(width(columns(40)) <= plot::COLUMN as i32);
        assert!(check_width(42).is_err());
    }

    #[test]
    fn a_period_and_a_mark_share_a_cell_without_touching() {
        // A triangle's corner reaches one past the radius; three digits at
        // 12 px (over-estimated) start left of the period's right end.
        let mark_right = MARK_AT + MARK + 1;
        let digits_left = CELL_W - DIGITS_END - plot::text_width("715", plot::SMALL);
        assert!(mark_right < digits_left, "{mark_right} {digits_left}");
    }
}
