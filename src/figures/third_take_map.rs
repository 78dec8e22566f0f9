//! `third-take-map`: rows are pairs `{a, b}`, columns the third take `c`;
//! each cell is coloured by which sum of two takes the period of
//! `{a, b, c}` equals. A row tends to repeat with the pair's own period
//! (its stripe); the cells that break their stripe are outlined and
//! counted, and each row says from which `c` it settles.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, class_fill};
use crate::census::third_take_map::{MapExtent, ThirdTakeMap, third_take_map};
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};
use crate::site::wording::plural;

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
        Ok(())
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

const SIZE: i32 = 14;
const LEFT: i32 = 70;
const TOP: i32 = 44;

/// Draws the map.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let e = &data.extent;
    let cols = e.last_third as i32;
    let width = (LEFT + SIZE * cols + 150) as u32;
    let grid_bottom = TOP + SIZE * data.rows.len() as i32;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (grid_bottom + 50 + 15 * lines) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        plot::label(
            area,
            "the third take c walking right; outlined: a break in the row's stripe",
            (20, 14),
            14,
            Anchor::Start,
            INK,
        );
        for c in (5..=cols).step_by(5) {
            let x = LEFT + (c - 1) * SIZE + SIZE / 2;
            plot::label(
                area,
                &format!("{c}"),
                (x, TOP - 8),
                10,
                Anchor::Middle,
                MUTED,
            );
        }
        for (i, row) in data.rows.iter().enumerate() {
            let y = TOP + i as i32 * SIZE;
            plot::label(
                area,
                &format!("{{{}, {}}}", e.smallest, row.larger),
                (LEFT - 6, y + SIZE / 2),
                10,
                Anchor::End,
                INK,
            );
            for cell in &row.cells {
                let x = LEFT + (cell.third as i32 - 1) * SIZE;
                plot::block(
                    area,
                    (x, y),
                    (x + SIZE - 1, y + SIZE - 1),
                    class_fill(cell.class),
                );
                if cell.breaks_stripe {
                    plot::outline(area, (x, y), (x + SIZE - 1, y + SIZE - 1), ACCENT, 2);
                }
            }
            let settles = LEFT + (row.stripes_from as i32 - 1) * SIZE;
            plot::line(area, &[(settles, y + 1), (settles, y + SIZE - 1)], INK, 2);
            let text = format!("stripe {}, {} breaks", row.stripe_period, row.breaks);
            plot::label(
                area,
                &text,
                (LEFT + cols * SIZE + 6, y + SIZE / 2),
                10,
                Anchor::Start,
                MUTED,
            );
        }
        let legend_y = grid_bottom + 16;
        let items: Vec<_> = CLASSES
            .iter()
            .map(|&(class, name)| (class_fill(class), name.to_string()))
            .collect();
        let x = plot::legend(area, (20, legend_y), &items);
        plot::line(area, &[(x, legend_y - 6), (x, legend_y + 6)], INK, 2);
        plot::label(
            area,
            "settled from here",
            (x + 6, legend_y),
            11,
            Anchor::Start,
            INK,
        );
        plot::note(
            area,
            &data.range_note(),
            (20, legend_y + 22),
            width as i32 - 40,
            MUTED,
        );
    })
}
