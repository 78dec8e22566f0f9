//! `sum-family`: the three-take games `{a, b, a + b}`, whose third take is
//! the sum of the other two, drawn as an `a × b` grid coloured by which sum
//! of two takes the period equals (its fill and its mark), the period
//! written in each cell.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, LEGEND_LINE, class_fill, class_key, class_mark};
use crate::census::sum_family::sum_family;
use crate::census::triples::TripleCensus;
use crate::plot::legend::{self, Key};
use crate::plot::{self, Anchor, INK, axis};
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
    let width = width(cols).max(360).min(meta.width as i32);
    let keys: Vec<Key> = CLASSES
        .iter()
        .map(|&(class, name)| {
            let count = data.records.iter().filter(|r| r.class == class).count();
            class_key(class, format!("{name} ({})", grouped(count as u64)))
        })
        .collect();
    let legend_width = keys.iter().map(Key::width).max().unwrap_or(0);
    let legend_height = LEGEND_LINE * keys.len() as i32;
    // Row k from the top holds at most k + 1 cells: past column
    // `legend_rows`, the rows the legend spans are empty.
    let legend_rows = (legend_height + CELL_H - 1) / CELL_H;
    let corner_x = LEFT + (legend_rows + 1) * CELL_W;
    let in_corner = legend_rows <= rows && corner_x + legend_width <= width - MARGIN;
    let (legend_at, height) = if in_corner {
        ((corner_x, GRID_TOP), grid_bottom + 10)
    } else {
        let top = grid_bottom + 12;
        ((MARGIN, top), top + legend_height + 6)
    };
    let cell_x = |a: usize| LEFT + (a as i32 - 1) * CELL_W;
    let cell_y = |b: usize| GRID_TOP + (b - first_b) as i32 * CELL_H;
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::title(area, "Periods of {a, b, a + b}", (MARGIN, 12));
            let rows_title = "larger take b ↓";
            plot::heading(area, rows_title, (MARGIN, 34), Anchor::Start);
            let columns_x = (MARGIN + plot::text_width(rows_title, plot::TEXT) + 24).max(LEFT);
            plot::heading(area, "smaller take a →", (columns_x, 34), Anchor::Start);
            let columns = (1..=cols).map(|a| (cell_x(a) + CELL_W / 2, a.to_string()));
            axis::x_labels(area, columns, GRID_TOP - 10);
            let rows = (first_b..=last_b).map(|b| (cell_y(b) + CELL_H / 2, b.to_string()));
            axis::y_labels(area, rows, LEFT - 6);
            for r in &data.records {
                let (x, y) = (cell_x(r.takes[0]), cell_y(r.takes[1]));
                let middle = y + CELL_H / 2;
                let corner = (x + CELL_W - 1, y + CELL_H - 1);
                plot::block(area, (x, y), corner, class_fill(r.class));
                class_mark(area, r.class, (x + MARK_AT, middle), MARK);
                let period = r.period.to_string();
                let at = (x + CELL_W - DIGITS_END, middle);
                plot::label(area, &period, at, plot::SMALL, Anchor::End, INK);
            }
            legend::column(area, legend_at, &keys);
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
