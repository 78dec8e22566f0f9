//! `sum-family`: the three-take games `{a, b, a + b}`, whose third take is
//! the sum of the other two, drawn as an `a × b` grid coloured by which sum
//! of two takes the period equals, the periods that are no such sum picked
//! out.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, class_fill};
use crate::census::sum_family::sum_family;
use crate::census::triples::{PeriodClass, TripleCensus};
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};

/// Parameters of the family.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Sets `{a, b, a + b}` with `a < b` and `a + b ≤ largest_sum`.
    #[serde(deserialize_with = "Within::<0, 200>::read")]
    pub largest_sum: usize,
}

impl CheckParams for Params {}

/// One record per set and the counts (see `census::triples`).
pub type Data = TripleCensus;

/// Runs the census of the family.
pub fn compute(params: &Params) -> Result<Data, String> {
    sum_family(params.largest_sum).map_err(|e| e.to_string())
}

const SIZE: i32 = 24;
const LEFT: i32 = 50;
const TOP: i32 = 44;

/// Draws the grid: row `a`, column `b`, the period written in each cell.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let rows = data.records.iter().map(|r| r.takes[0]).max().unwrap_or(1) as i32;
    let cols = data.records.iter().map(|r| r.takes[1]).max().unwrap_or(1) as i32;
    let width = (LEFT + SIZE * cols + 20) as u32;
    let grid_bottom = TOP + SIZE * rows;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (grid_bottom + 50 + 15 * lines) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        plot::label(
            area,
            "periods of {a, b, a + b} (row a, column b)",
            (20, 14),
            14,
            Anchor::Start,
            INK,
        );
        for r in &data.records {
            let x = LEFT + (r.takes[1] as i32 - 1) * SIZE;
            let y = TOP + (r.takes[0] as i32 - 1) * SIZE;
            plot::block(
                area,
                (x, y),
                (x + SIZE - 1, y + SIZE - 1),
                class_fill(r.class),
            );
            if r.class == PeriodClass::NoSum {
                plot::outline(area, (x, y), (x + SIZE - 1, y + SIZE - 1), ACCENT, 1);
            }
            plot::label(
                area,
                &r.period.to_string(),
                (x + SIZE / 2, y + SIZE / 2),
                8,
                Anchor::Middle,
                INK,
            );
        }
        for b in (5..=cols).step_by(5) {
            let x = LEFT + (b - 1) * SIZE + SIZE / 2;
            plot::label(
                area,
                &format!("b={b}"),
                (x, TOP - 8),
                10,
                Anchor::Middle,
                MUTED,
            );
        }
        for a in (1..=rows).step_by(4) {
            let y = TOP + (a - 1) * SIZE + SIZE / 2;
            plot::label(
                area,
                &format!("a={a}"),
                (LEFT - 4, y),
                10,
                Anchor::End,
                MUTED,
            );
        }
        let legend_y = grid_bottom + 16;
        let items: Vec<_> = CLASSES
            .iter()
            .map(|&(class, name)| {
                let count = data.records.iter().filter(|r| r.class == class).count();
                (
                    class_fill(class),
                    format!("{name} ({})", grouped(count as u64)),
                )
            })
            .collect();
        plot::legend(area, (20, legend_y), &items);
        plot::note(
            area,
            &data.range_note(),
            (20, legend_y + 22),
            width as i32 - 40,
            MUTED,
        );
    })
}
