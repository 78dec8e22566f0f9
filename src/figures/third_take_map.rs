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
use crate::plot::legend::{self, Key};
use crate::plot::{self, ACCENT, Anchor, INK, axis};
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
        layout(self.first_larger + 1, self.last_third, plot::COLUMN).map(|_| ())
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
fn layout(first_third: usize, last_third: usize, room: u32) -> Result<u32, String> {
    let columns = (last_third + 1 - first_third) as i32;
    let width = LEFT + columns * SIZE + RIGHT;
    if width > room as i32 {
        return Err(format!(
            "{columns} third takes need {width} px, more than the {room} px column"
        ));
    }
    Ok(width as u32)
}

/// The key of a cell that breaks its row's stripe: a swatch outlined in
/// the accent.
fn break_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::block(
        area,
        (x - 7, y - 7),
        (x + 7, y + 7),
        class_fill(CLASSES[0].0),
    );
    plot::outline(area, (x - 7, y - 7), (x + 7, y + 7), ACCENT, 2);
}

/// The key of the line where a row settles into its stripe.
fn settle_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::line(area, &[(x, y - 8), (x, y + 8)], INK, 2);
}

/// The titles over the map: its own, the columns' and their labels, and
/// the headers of the rows and of the two count columns.
fn headings(
    area: &plot::Area,
    smallest: usize,
    (header_y, counts_x): (i32, (i32, i32)),
    columns: impl IntoIterator<Item = (i32, String)>,
) {
    let title = format!("{{{smallest}, b, c}}: which sum of two takes the period equals");
    plot::title(area, &title, (12, 12));
    plot::heading(area, "third take c →", (LEFT, 34), Anchor::Start);
    plot::heading(area, "pair", (LEFT - 6, header_y), Anchor::End);
    axis::x_labels(area, columns, header_y);
    plot::label(
        area,
        "stripe",
        (counts_x.0, header_y),
        plot::SMALL,
        Anchor::Middle,
        INK,
    );
    plot::label(
        area,
        "breaks",
        (counts_x.1, header_y),
        plot::SMALL,
        Anchor::Middle,
        INK,
    );
}

/// Draws the map: a row per pair, a column per third take from the
/// smallest any row has, each cell filled and marked by its class.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let e = &data.extent;
    let cells = data.rows.iter().flat_map(|r| &r.cells);
    let first = cells.map(|c| c.third).min().unwrap_or(1);
    // A map too wide is refused when its parameters are read (`check`).
    let width = layout(first, e.last_third, meta.width).unwrap_or(meta.width);
    let column_x = |third: usize| LEFT + (third - first) as i32 * SIZE;
    let grid_right = column_x(e.last_third + 1);
    let grid_bottom = GRID_TOP + ROW * data.rows.len() as i32;
    let legend_y = grid_bottom + 22;
    let height = (legend_y + LEGEND_LINE + 14) as u32;
    let header_y = GRID_TOP - 10;
    let counts_x = (grid_right + STRIPE_AT, grid_right + BREAKS_AT);
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let columns = (first..=e.last_third).filter(|c| c % 5 == 0);
        let columns = columns.map(|c| (column_x(c) + SIZE / 2, c.to_string()));
        headings(area, e.smallest, (header_y, counts_x), columns);
        for (i, row) in data.rows.iter().enumerate() {
            let y = GRID_TOP + i as i32 * ROW;
            let middle = y + ROW / 2;
            let pair = format!("{{{}, {}}}", e.smallest, row.larger);
            plot::heading(area, &pair, (LEFT - 6, middle), Anchor::End);
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
            plot::tick(
                area,
                &row.stripe_period.to_string(),
                (counts_x.0, middle),
                Anchor::Middle,
            );
            plot::tick(
                area,
                &row.breaks.to_string(),
                (counts_x.1, middle),
                Anchor::Middle,
            );
        }
        let classes: Vec<Key> = CLASSES
            .iter()
            .map(|&(c, name)| class_key(c, name))
            .collect();
        legend::row(area, (12, legend_y), 18, &classes);
        let marks = [
            Key::mark(14, &break_mark, "breaks the row's stripe"),
            Key::mark(0, &settle_mark, "settled from here"),
        ];
        legend::row(area, (12, legend_y + LEGEND_LINE), 18, &marks);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_map_fits_the_column_and_a_wider_one_is_refused() {
        // The page's map: rows {2, 3} … {2, 12}, c from 4 to 44.
        assert!(layout(4, 44, plot::COLUMN).unwrap() <= plot::COLUMN);
        assert!(layout(4, 60, plot::COLUMN).is_err());
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
