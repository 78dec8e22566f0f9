//! `two-takes-strip`: a two-take subtraction game's values, the blocks of
//! length `a` numbered inside each stretch of `a + b`, and its 2s marked,
//! so the closed form can be read off the picture.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::two_take_strip::{TwoTakeStrip, two_take_strip};
use crate::games::two_takes::TwoTakes;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};

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

/// The strip and its checks (see `games::two_take_strip`).
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

const CELL: i32 = 22;
const LEFT: i32 = 20;

/// Draws the strip with its blocks and 2s.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let shown = data.cells.len() as i32;
    let width = (2 * LEFT + CELL * shown).max(480) as u32;
    let strip_y = 50;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (strip_y + CELL + 64 + 15 * lines) as u32;
    let values: Vec<u32> = data.cells.iter().map(|c| c.value).collect();
    let [a, b] = data.takes;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!(
            "sub:{a},{b}: blocks of {a} inside each stretch of {}",
            a + b
        );
        plot::label(area, &title, (LEFT, 14), 14, Anchor::Start, INK);
        plot::strip(area, LEFT, strip_y, CELL, 0, &values);
        let y = strip_y + CELL + 8;
        for block in &data.blocks {
            let x0 = LEFT + block.first_heap as i32 * CELL + 2;
            let x1 = LEFT + (block.last_heap as i32 + 1) * CELL - 2;
            plot::line(
                area,
                &[(x0, y - 4), (x0, y), (x1, y), (x1, y - 4)],
                MUTED,
                1,
            );
            plot::label(
                area,
                &block.block.to_string(),
                ((x0 + x1) / 2, y + 9),
                10,
                Anchor::Middle,
                MUTED,
            );
        }
        for &heap in &data.twos {
            let x = LEFT + heap as i32 * CELL;
            plot::outline(area, (x, strip_y), (x + CELL, strip_y + CELL), ACCENT, 2);
        }
        let legend = format!(
            "k = block number ⌊r/{a}⌋ of r = n mod {}; the 2s (outlined) sit where k is even and r ≥ {b}",
            a + b
        );
        plot::label(area, &legend, (LEFT, y + 26), 11, Anchor::Start, INK);
        plot::note(
            area,
            &data.range_note(),
            (LEFT, y + 44),
            width as i32 - 2 * LEFT,
            MUTED,
        );
    })
}
