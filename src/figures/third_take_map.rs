//! `third-take-map`: rows are pairs `{a, b}`, columns the third take `c`;
//! each cell is coloured by which sum of two takes the period of
//! `{a, b, c}` equals. A row tends to repeat with the pair's own period
//! (its stripe); the cells that break their stripe are outlined and
//! counted, and each row says from which `c` it settles.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, LEGEND_LINE, class_fill, class_key, class_mark};
use crate::census::third_take_map::{MapExtent, ThirdTakeMap, third_take_map};
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};
use crate::text::wording::plural;

/// The extent of the map, printed on it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The smaller take `a` shared by every row.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub smallest: usize,
    /// The first row's larger take `b`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub first_larger: usize,
    /// The last row's larger take `b`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub last_larger: usize,
    /// The largest third take `c`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub last_third: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if !(self.smallest < self.first_larger
            && self.first_larger <= self.last_larger
            && self.last_larger < self.last_third)
        {
            return Err(
                "the extent needs smallest < first_larger ≤ last_larger < last_third".into(),
            );
        }
        // The first row's c starts at b + 1: the widest row.
        layout(self.first_larger + 1, self.last_third).map(|_| ())
    }
}

/// The rows, their stripes and breaks (see `census::third_take_map`).
pub type Data = ThirdTakeMap;

/// Measures every cell and assembles the map.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let extent = MapExtent {
        smallest: params.smallest,
        first_larger: params.first_larger,
        last_larger: params.last_larger,
        last_third: params.last_third,
    };
    third_take_map(extent).map_err(|e| e.to_string())
}

impl ThirdTakeMap {
    /// The extent and the count of breaks.
    pub fn range_note(&self) -> String {
        let e = &self.extent;
        format!(
            "Rows $\\{{{}, b\\}}$ for $b = {}\\ldots{}$, third take $c$ up to {}: {} cells, {} with a cell one stripe \
             earlier to compare; {} row's stripe, {} of them beside a period that is no sum of two takes.",
            e.smallest,
            e.first_larger,
            e.last_larger,
            e.last_third,
            self.cells,
            self.cells_compared,
            plural(self.breaks as u64, "breaks its", "break their", None),
            self.breaks_involving_no_sum
        )
    }
}

/// A cell's width: a class mark fits in it, and the 41 columns of the
/// page's map with the rows' labels and counts fit the 704 px column.
const SIZE: i32 = 13;
/// A row's height: room for its 13 px label, clear of the next row's.
const ROW: i32 = 16;
/// Room for the rows' labels, "{2, 12}" at 13 px.
const LEFT: i32 = 56;
const GRID_TOP: i32 = 62;
/// The two count columns at the right: their centres past the grid.
const STRIPE_AT: i32 = 28;
const BREAKS_AT: i32 = 72;
const RIGHT: i32 = 96;

/// The map's width and the first third take it draws, or why it cannot
/// fit the column.
fn layout(first_third: usize, last_third: usize) -> Result<u32, String> {
    let columns = (last_third + 1 - first_third) as i32;
    let width = LEFT + columns * SIZE + RIGHT;
    if width > plot::COLUMN as i32 {
        return Err(format!(
            "{columns} third takes need {width} px, more than the {} px column",
            plot::COLUMN
        ));
    }
    Ok(width as u32)
}

/// Draws the map: a row per pair, a column per third take from the
/// smallest any row has, each cell filled and marked by its class.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let e = &data.extent;
    let cells = data.rows.iter().flat_map(|r| &r.cells);
    let first = cells.map(|c| c.third).min().unwrap_or(1);
    // A map too wide is refused when its parameters are read (`check`).
    let width = layout(first, e.last_third).unwrap_or(plot::COLUMN);
    let column_x = |third: usize| LEFT + (third - first) as i32 * SIZE;
    let grid_right = column_x(e.last_third + 1);
    let grid_bottom = GRID_TOP + ROW * data.rows.len() as i32;
    let legend_y = grid_bottom + 22;
    let height = (legend_y + LEGEND_LINE + 14) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!(
            "{{{}, b, c}}: which sum of two takes the period equals",
            e.smallest
        );
        plot::label(area, &title, (12, 12), plot::TITLE, Anchor::Start, INK);
        plot::label(
            area,
            "third take c →",
            (LEFT, 34),
            plot::TEXT,
            Anchor::Start,
            INK,
        );
        let header_y = GRID_TOP - 10;
        plot::label(
            area,
            "pair",
            (LEFT - 6, header_y),
            plot::TEXT,
            Anchor::End,
            INK,
        );
        for c in (first..=e.last_third).filter(|c| c % 5 == 0) {
            let x = column_x(c) + SIZE / 2;
            let text = c.to_string();
            plot::label(
                area,
                &text,
                (x, header_y),
                plot::SMALL,
                Anchor::Middle,
                MUTED,
            );
        }
        let (stripe_x, breaks_x) = (grid_right + STRIPE_AT, grid_right + BREAKS_AT);
        plot::label(
            area,
            "stripe",
            (stripe_x, header_y),
            plot::SMALL,
            Anchor::Middle,
            INK,
        );
        plot::label(
            area,
            "breaks",
            (breaks_x, header_y),
            plot::SMALL,
            Anchor::Middle,
            INK,
        );
        for (i, row) in data.rows.iter().enumerate() {
            let y = GRID_TOP + i as i32 * ROW;
            let middle = y + ROW / 2;
            let pair = format!("{{{}, {}}}", e.smallest, row.larger);
            plot::label(
                area,
                &pair,
                (LEFT - 6, middle),
                plot::TEXT,
                Anchor::End,
                INK,
            );
            for cell in &row.cells {
                let x = column_x(cell.third);
                let (from, to) = ((x, y), (x + SIZE - 1, y + ROW - 1));
                plot::block(area, from, to, class_fill(cell.class));
                class_mark(area, cell.class, (x + SIZE / 2 - 1, middle), 3);
                if cell.breaks_stripe {
                    plot::outline(area, from, to, ACCENT, 2);
                }
            }
            let settles = column_x(row.stripes_from) - 1;
            plot::line(area, &[(settles, y - 1), (settles, y + ROW)], INK, 2);
            let stripe = row.stripe_period.to_string();
            plot::label(
                area,
                &stripe,
                (stripe_x, middle),
                plot::SMALL,
                Anchor::Middle,
                MUTED,
            );
            let breaks = row.breaks.to_string();
            plot::label(
                area,
                &breaks,
                (breaks_x, middle),
                plot::SMALL,
                Anchor::Middle,
                MUTED,
            );
        }
        let mut x = 12;
        for &(class, name) in &CLASSES {
            x = class_key(area, class, name, (x, legend_y)) + 18;
        }
        let y = legend_y + LEGEND_LINE;
        plot::block(area, (12, y - 7), (26, y + 7), class_fill(CLASSES[0].0));
        plot::outline(area, (12, y - 7), (26, y + 7), ACCENT, 2);
        let text = "breaks the row's stripe";
        plot::label(area, text, (32, y), plot::TEXT, Anchor::Start, INK);
        let x = 32 + plot::text_width(text, plot::TEXT) + 18;
        plot::line(area, &[(x, y - 8), (x, y + 8)], INK, 2);
        plot::label(
            area,
            "settled from here",
            (x + 6, y),
            plot::TEXT,
            Anchor::Start,
            INK,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_map_fits_the_column_and_a_wider_one_is_refused() {
        // The page's map: rows {2, 3} … {2, 12}, c from 4 to 44.
        assert!(layout(4, 44).unwrap() <= plot::COLUMN);
        assert!(layout(4, 60).is_err());
    }

    #[test]
    fn the_legend_fits_the_column() {
        let classes: i32 = CLASSES
            .iter()
            .map(|(_, name)| 16 + 6 + plot::text_width(name, plot::TEXT) + 18)
            .sum();
        assert!(12 + classes <= plot::COLUMN as i32, "{classes}");
    }
}
