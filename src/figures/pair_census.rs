//! `pair-census`: every two-take game `1 ≤ a < b ≤ N`, its values computed
//! and compared with the closed form at every heap, its period and
//! preperiod measured, drawn as an `a × b` grid coloured by which period
//! rule holds, the `2a` pairs dotted too.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::census::pairs::{PairCensus, pair_census};
use crate::plot::legend::{self, Key};
use crate::plot::{self, Anchor, INK, axis};
use crate::text::numbers::grouped;
use crate::text::wording::plural;

/// Parameters of the pair census.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Pairs `1 ≤ a < b ≤ largest`.
    #[serde(deserialize_with = "Within::<0, 200>::read")]
    pub largest: usize,
    /// Values computed for every pair.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        let pairs = self.largest * self.largest.saturating_sub(1) / 2;
        crate::budget::check_census(pairs as u64, self.values.0, "pairs")?;
        check_width(self.largest)
    }
}

/// Refuses a census whose grid is wider than the page's column.
fn check_width(largest: usize) -> Result<(), String> {
    if width(largest) > plot::COLUMN as i32 {
        let most = (plot::COLUMN as i32 - LEFT - MARGIN) / SIZE + 1;
        return Err(format!(
            "a grid of pairs up to {largest} is {} px wide; the page's column holds pairs up to {most}",
            width(largest)
        ));
    }
    Ok(())
}

/// One record per pair and the counts (see `census::pairs`).
pub type Data = PairCensus;

/// Runs the census; a disagreement with the closed form stops the build.
pub fn compute(params: &Params) -> Result<Data, String> {
    let census = pair_census(params.largest, params.values.0).map_err(|e| e.to_string())?;
    if census.summary.closed_form_agreements != census.summary.pairs {
        return Err(format!(
            "the closed form disagrees with the recursion on {} pairs",
            census.summary.pairs - census.summary.closed_form_agreements
        ));
    }
    Ok(census)
}

impl PairCensus {
    /// The range and the headline counts.
    pub fn range_note(&self) -> String {
        let s = &self.summary;
        format!(
            "{} pairs, each computed to {} values: the closed form agrees at every value of {} pairs; \
             period $a + b$ for {}, $2a$ for {}; {}.",
            grouped(s.pairs as u64),
            grouped(s.values_per_pair as u64),
            grouped(s.closed_form_agreements as u64),
            s.period_sum_of_takes,
            s.period_twice_smaller,
            plural(
                s.with_preperiod as u64,
                "with a preperiod",
                "with a preperiod",
                Some("none with a preperiod")
            )
        )
    }
}

/// A cell's side: a dot fits in it, and the grid of takes up to 55 fits
/// the column.
const SIZE: i32 = 12;
/// Room for the rows' labels, a up to two digits.
const LEFT: i32 = 40;
const GRID_TOP: i32 = 62;
const MARGIN: i32 = 12;
const LEGEND_LINE: i32 = legend::LINE;

/// The width of the grid over pairs up to `largest`: columns `b = 2 …
/// largest`.
fn width(largest: usize) -> i32 {
    LEFT + largest.saturating_sub(1) as i32 * SIZE + MARGIN
}

/// The mark on a pair whose period is `2a`, beside its fill.
fn twice_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::dot(area, (x, y), 2, INK);
}

/// The legend's top and the figure's height for a grid of takes up to `n`:
/// row a is empty left of column b = a + 1, so the legend goes in that
/// triangle, its bottom-left corner from row `n − legend_rows` where the
/// rows are emptiest, or under the grid when it does not fit there.
fn legend_place(n: usize, keys: &[Key]) -> (i32, i32) {
    let grid_bottom = GRID_TOP + (n as i32 - 1) * SIZE;
    let legend_width = keys.iter().map(Key::width).max().unwrap_or(0);
    let legend_height = LEGEND_LINE * keys.len() as i32;
    let legend_rows = (legend_height + SIZE - 1) / SIZE + 1;
    let in_corner = (n as i32 - 1 - legend_rows) * SIZE >= legend_width + 12;
    if in_corner {
        (grid_bottom - legend_height, grid_bottom + 10)
    } else {
        (grid_bottom + 12, grid_bottom + 12 + legend_height + 6)
    }
}

/// Draws the grid: row `a`, column `b`, each pair filled by its period's
/// rule and the `2a` pairs dotted as well; the legend and the rows' title
/// sit in the empty triangle below the diagonal when there is room.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let n = data
        .records
        .iter()
        .map(|r| r.takes[1])
        .max()
        .unwrap_or(2)
        .max(2);
    let width = width(n).max(360).min(meta.width as i32);
    let cell = |a: usize, b: usize| {
        (
            LEFT + (b as i32 - 2) * SIZE,
            GRID_TOP + (a as i32 - 1) * SIZE,
        )
    };
    let s = &data.summary;
    let keys = [
        Key::fill(
            plot::fill(1),
            None,
            format!("a + b ({} pairs)", s.period_sum_of_takes),
        ),
        Key::fill(
            plot::fill(2),
            Some(&twice_mark),
            format!("2a ({} pairs)", s.period_twice_smaller),
        ),
    ];
    let (legend_top, height) = legend_place(n, &keys);
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = "Period of {a, b}: a + b, or 2a when b is an odd multiple of a";
            plot::title(area, title, (MARGIN, 12));
            plot::heading(area, "larger take b →", (LEFT, 34), Anchor::Start);
            for r in &data.records {
                let (a, b) = (r.takes[0], r.takes[1]);
                let (x, y) = cell(a, b);
                let twice = r.period != r.takes[0] + r.takes[1];
                let colour = if twice { plot::fill(2) } else { plot::fill(1) };
                plot::block(area, (x, y), (x + SIZE - 1, y + SIZE - 1), colour);
                if twice {
                    twice_mark(area, (x + SIZE / 2, y + SIZE / 2));
                }
            }
            let columns = axis::sparse_labels(2, n, SIZE, 24);
            axis::x_labels(
                area,
                columns
                    .into_iter()
                    .map(|b| (cell(1, b).0 + SIZE / 2, b.to_string())),
                GRID_TOP - 10,
            );
            let rows = axis::sparse_labels(1, n - 1, SIZE, 16);
            axis::y_labels(
                area,
                rows.into_iter()
                    .map(|a| (cell(a, 2).1 + SIZE / 2, a.to_string())),
                LEFT - 6,
            );
            // The rows' title below the diagonal, half way down, or above
            // the row labels when the grid is too small to hold it.
            let rows_title = "smaller take a ↓";
            let half = n / 2;
            if (half as i32 - 1) * SIZE >= plot::text_width(rows_title, plot::TEXT) + 12 {
                let at = (LEFT + 6, cell(half, 2).1 + SIZE / 2);
                plot::heading(area, rows_title, at, Anchor::Start);
            } else {
                plot::heading(area, rows_title, (width - MARGIN, 34), Anchor::End);
            }
            legend::column(area, (LEFT + 6, legend_top), &keys);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_keep_their_distance_and_the_ends() {
        for last in 2..=60 {
            for (pitch, gap) in [(SIZE, 24), (SIZE, 16), (4, 30)] {
                let labels = axis::sparse_labels(1, last, pitch, gap);
                assert_eq!(labels.first(), Some(&1));
                assert_eq!(labels.last(), Some(&last), "{last}: {labels:?}");
                for pair in labels.windows(2) {
                    let apart = (pair[1] - pair[0]) as i32 * pitch;
                    // The first and last may stand closer only when they are
                    // the only two labels.
                    assert!(apart >= gap || labels.len() == 2, "{last}: {labels:?}");
                }
            }
        }
        assert_eq!(
            axis::sparse_labels(2, 40, SIZE, 24),
            vec![2, 5, 10, 15, 20, 25, 30, 35, 40]
        );
    }

    #[test]
    fn the_page_grid_fits_the_column_and_a_larger_one_is_refused() {
        assert!(width(40) <= plot::COLUMN as i32);
        assert!(check_width(55).is_ok());
        assert!(check_width(56).is_err());
    }
}
