//! `pair-census`: every two-take game `1 ≤ a < b ≤ N`, its values computed
//! and compared with the closed form at every heap, its period and
//! preperiod measured, drawn as an `a × b` grid coloured by which period
//! rule holds.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::pairs::{PairCensus, pair_census};
use crate::manifest::Count;
use crate::numbers::grouped;
use crate::plot::{self, Anchor, INK, MUTED};
use crate::site::wording::plural;

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
        crate::budget::check_census(pairs as u64, self.values.0, "pairs")
    }
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

const SIZE: i32 = 12;
const LEFT: i32 = 40;
const TOP: i32 = 40;

/// Draws the grid: row `a`, column `b`.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let n = data.records.iter().map(|r| r.takes[1]).max().unwrap_or(1) as i32;
    let width = (LEFT + SIZE * n + 30).max(560) as u32;
    let grid_bottom = TOP + SIZE * n;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (grid_bottom + 50 + 15 * lines) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        plot::label(
            area,
            "period of {a, b}: a + b, or 2a when b is an odd multiple of a",
            (20, 14),
            14,
            Anchor::Start,
            INK,
        );
        for r in &data.records {
            let (a, b) = (r.takes[0] as i32, r.takes[1] as i32);
            let x = LEFT + (b - 1) * SIZE;
            let y = TOP + (a - 1) * SIZE;
            let colour = if r.period == r.takes[0] + r.takes[1] {
                plot::fill(1)
            } else {
                plot::fill(2)
            };
            plot::block(area, (x, y), (x + SIZE - 1, y + SIZE - 1), colour);
        }
        for k in (10..=n).step_by(10) {
            let x = LEFT + (k - 1) * SIZE + SIZE / 2;
            plot::label(
                area,
                &format!("b={k}"),
                (x, TOP - 8),
                10,
                Anchor::Middle,
                MUTED,
            );
            let y = TOP + (k - 1) * SIZE + SIZE / 2;
            plot::label(
                area,
                &format!("a={k}"),
                (LEFT - 4, y),
                10,
                Anchor::End,
                MUTED,
            );
        }
        let s = &data.summary;
        let legend_y = grid_bottom + 16;
        let items = [
            (
                plot::fill(1),
                format!("a + b ({} pairs)", s.period_sum_of_takes),
            ),
            (
                plot::fill(2),
                format!("2a ({} pairs)", s.period_twice_smaller),
            ),
        ];
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
