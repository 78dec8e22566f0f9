//! `million-heap`: the worked example of a sum of two-take games: each
//! heap's value by the closed form (checked by the measured period), the
//! nim-sum, and every move that leaves a sum worth nothing. Computed and
//! drawn here so that the site's build and the reader's page (heaps typed
//! under the figure) give the same tables.

use crate::RenderMeta;
use crate::table::{Cell, Column, Table};
use ladder_engine::census::heap_sums::{HeapSum, heap_sum};
use ladder_engine::games::two_takes::TwoTakes;
use ladder_engine::numbers::grouped;

/// The largest take: a take's period of values is computed to check the
/// closed form.
pub const LARGEST_TAKE: u64 = 10_000;

/// The sum, its nim-sum and its winning moves (see `census::heap_sums`).
pub type Data = HeapSum;

/// Values every heap `(takes, heap)` by the closed form, checks it against
/// the measured period, and finds every winning move.
pub fn compute(components: &[([u64; 2], u64)]) -> Result<Data, String> {
    if let Some((takes, _)) = components
        .iter()
        .find(|(takes, _)| takes.iter().any(|&t| !(1..=LARGEST_TAKE).contains(&t)))
    {
        return Err(format!(
            "takes {{{}, {}}}: each take is from 1 to {}",
            grouped(takes[0]),
            grouped(takes[1]),
            grouped(LARGEST_TAKE)
        ));
    }
    let heaps = components
        .iter()
        .map(|&(takes, heap)| TwoTakes::new(takes[0], takes[1]).map(|g| (g, u128::from(heap))))
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

/// What was checked, in one sentence.
pub fn range_note(data: &Data) -> String {
    format!(
        "Each value by the closed form, checked against the measured period; nim-sum {}; {} winning moves.",
        data.nim_sum,
        data.winning_moves.len()
    )
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
