//! `million-heap`: the worked example of a sum of two-take games: each
//! heap's value by the closed form (checked by the measured period), the
//! nim-sum, and every move that leaves a sum worth nothing.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::heap_sums::{HeapSum, heap_sum};
use crate::games::two_takes::TwoTakes;
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};

/// One heap of the sum.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// The game's two takes (up to 10,000: a period's values are computed).
    #[serde(deserialize_with = "Within::<1, 10_000>::read_pair")]
    pub takes: [u64; 2],
    /// The heap (any size: the closed form needs no table).
    pub heap: u64,
}

/// Parameters: the heaps of the sum.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The components, each a two-take game and a heap.
    #[serde(deserialize_with = "super::bounds::few")]
    pub components: Vec<Component>,
}

impl CheckParams for Params {}

/// The sum, its nim-sum and its winning moves (see `games::heap_sums`).
pub type Data = HeapSum;

/// Values every component and finds every winning move.
pub fn compute(params: &Params) -> Result<Data, String> {
    let heaps = params
        .components
        .iter()
        .map(|c| TwoTakes::new(c.takes[0], c.takes[1]).map(|g| (g, u128::from(c.heap))))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let sum = heap_sum(&heaps).map_err(|e| e.to_string())?;
    if let Some(c) = sum.components.iter().find(|c| c.value != c.value_by_period) {
        return Err(format!(
            "heap {} of {:?}: the closed form and the period disagree",
            c.heap, c.takes
        ));
    }
    Ok(sum)
}

impl HeapSum {
    /// What was checked, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "Each value by the closed form, checked against the measured period; nim-sum {}; {} winning moves.",
            self.nim_sum,
            self.winning_moves.len()
        )
    }
}

fn heap_text(heap: u128) -> String {
    u64::try_from(heap).map_or_else(|_| heap.to_string(), grouped)
}

/// Draws the sum as a small table.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let rows = data.components.len() + data.winning_moves.len();
    let width = 640;
    let height = (90 + 22 * rows as i32 + 60) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        plot::label(
            area,
            "a sum of two-take games",
            (20, 14),
            14,
            Anchor::Start,
            INK,
        );
        let mut y = 44;
        for (i, c) in data.components.iter().enumerate() {
            let text = format!(
                "heap {}: sub:{},{} with {} counters, r = {}, block {}, value {}",
                i + 1,
                c.takes[0],
                c.takes[1],
                heap_text(c.heap),
                c.remainder,
                c.block,
                c.value
            );
            plot::label(area, &text, (20, y), 12, Anchor::Start, INK);
            y += 22;
        }
        let nim = format!(
            "nim-sum {}: the player to move {}",
            data.nim_sum,
            if data.nim_sum == 0 { "loses" } else { "wins" }
        );
        plot::label(area, &nim, (20, y), 12, Anchor::Start, ACCENT);
        y += 26;
        for m in &data.winning_moves {
            let text = format!(
                "take {} from heap {} (leaving {}, value {}): nim-sum 0",
                m.take,
                m.component + 1,
                heap_text(m.heap_after),
                m.value_after
            );
            plot::label(area, &text, (36, y), 12, Anchor::Start, INK);
            y += 22;
        }
        plot::note(
            area,
            &data.range_note(),
            (20, y + 10),
            width as i32 - 40,
            MUTED,
        );
    })
}
