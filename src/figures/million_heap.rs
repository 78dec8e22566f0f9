//! `million-heap`: the worked example of a sum of two-take games: each
//! heap's value by the closed form (checked by the measured period), the
//! nim-sum, and every move that leaves a sum worth nothing.

use serde::Deserialize;

use super::RangeNote;
use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::heap_sums::{HeapSum, heap_sum};
use crate::games::two_takes::TwoTakes;
use crate::table::{Cell, Column, Table};

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

/// The sum, its nim-sum and its winning moves (see `census::heap_sums`).
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

impl RangeNote for HeapSum {
    /// What was checked, in one sentence.
    fn range_note(&self) -> String {
        format!(
            "Each value by the closed form, checked against the measured period; nim-sum {}; {} winning moves.",
            self.nim_sum,
            self.winning_moves.len()
        )
    }
}

/// The sum as two tables, its heaps and the moves that win, and the
/// verdict between them.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Vec<Table>, Vec<String>) {
    let mut heaps = Table::new(vec![
        Column::number("heap").names(),
        Column::text("takes"),
        Column::number("counters"),
        Column::number("$r$"),
        Column::number("block"),
        Column::number("value"),
    ])
    .titled("The heaps");
    for (i, c) in data.components.iter().enumerate() {
        heaps.push(vec![
            Cell::number(i as u64 + 1),
            Cell::math(&format!("\\{{{}, {}\\}}", c.takes[0], c.takes[1])),
            Cell::wide(c.heap),
            Cell::wide(c.remainder),
            Cell::wide(c.block),
            Cell::number(u64::from(c.value)),
        ]);
    }
    let mut moves = Table::new(vec![
        Column::text("move").names(),
        Column::number("heap left"),
        Column::number("its value"),
        Column::number("nim-sum after"),
    ])
    .titled("The winning moves");
    for m in &data.winning_moves {
        moves.push(vec![
            Cell::text(format!("take {} from heap {}", m.take, m.component + 1)),
            Cell::wide(m.heap_after),
            Cell::number(u64::from(m.value_after)),
            // Computed, not assumed: the sum's nim-sum with this heap's old
            // value replaced by its new one.
            Cell::number(u64::from(
                data.nim_sum ^ data.components[m.component].value ^ m.value_after,
            )),
        ]);
    }
    let verdict = format!(
        "Nim-sum {}: the player to move {}.",
        data.nim_sum,
        if data.nim_sum == 0 { "loses" } else { "wins" }
    );
    (vec![heaps, moves], vec![verdict])
}
