//! `pass-max`: how large the pass-available value `h` gets over a range of
//! two-take games, and where each value first appears. The seed (R. M. Low,
//! seed 002) states `0 ≤ h(n) ≤ 3`; this measures it on every heap computed
//! for every pair `1 ≤ x < y ≤ largest_take` (enough heaps to pass the
//! certified preperiod and many periods, so the maximum holds for all heaps).

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_census::{PairHeap, ValueAppearance, checked_census};
use crate::plot::{self, Anchor, INK, MUTED};
use crate::sequence::Value;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: the range of pairs measured.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Every pair of takes `1 ≤ x < y ≤ largest_take` is measured (2 to 120).
    #[serde(deserialize_with = "Within::<2, 120>::read")]
    pub largest_take: usize,
}

impl CheckParams for Params {}

/// One pair's largest value of `h`.
#[derive(Debug, Clone, Serialize)]
pub struct PairLargest {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The largest `h` over every heap computed.
    pub largest: Value,
}

/// The largest value and each value's first appearance.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// Pairs `1 ≤ x < y ≤ largest_take` were measured.
    pub largest_take: usize,
    /// How many pairs.
    pub pairs_checked: usize,
    /// Every pair's heaps were computed and its period certified (so the
    /// maximum is over all heaps, not only those computed).
    pub pairs_certified: usize,
    /// The largest `h` over the whole range.
    pub largest_value: Value,
    /// Where it first appears (smallest pair, then heap).
    pub largest_value_at: PairHeap,
    /// Pairs whose largest `h` is below `largest_value`.
    pub pairs_below_largest: usize,
    /// For each value `0 ..= largest_value`: in how many pairs it appears,
    /// its earliest heap over the range, and in how many of those pairs its
    /// first heap is where the predicted prefix word puts it.
    pub appearances: Vec<ValueAppearance>,
    /// Every pair's largest `h`, `(x, y)` increasing.
    pub by_pair: Vec<PairLargest>,
}

/// Measures every pair in the range.
pub fn compute(params: &Params) -> Result<Data, String> {
    let result = checked_census(params.largest_take)?;
    let values = result.values;
    let by_pair: Vec<PairLargest> = values
        .first_heaps
        .iter()
        .map(|pair| PairLargest {
            takes: pair.takes,
            largest: pair
                .first_heap
                .iter()
                .rposition(Option::is_some)
                .map_or(0, |v| v as Value),
        })
        .collect();
    Ok(Data {
        largest_take: result.bound,
        pairs_checked: result.pairs_checked,
        pairs_certified: result.records.iter().filter(|r| r.period.is_some()).count(),
        largest_value: values.largest_value,
        largest_value_at: values.largest_value_at,
        pairs_below_largest: by_pair
            .iter()
            .filter(|p| p.largest < values.largest_value)
            .count(),
        appearances: values.appearances,
        by_pair,
    })
}

impl Data {
    /// The range and the outcome, in one sentence.
    pub fn range_note(&self) -> String {
        let at = self.largest_value_at;
        format!(
            "Largest $h$ over all {} pairs $1 \\le x < y \\le {}$ ({} with a certified period of $(g, h)$, so \
             every heap is covered): {}, first at heap {} of $\\{{{}, {}\\}}$.",
            grouped(self.pairs_checked as u64),
            self.largest_take,
            grouped(self.pairs_certified as u64),
            self.largest_value,
            at.heap,
            at.takes[0],
            at.takes[1]
        )
    }
}

const LEFT: i32 = 56;
const TOP: i32 = 62;

/// The largest `h` of the pair `(x, y)`, `x < y ≤ n`.
fn largest_of(data: &Data, x: usize, y: usize) -> Value {
    let n = data.largest_take;
    let before = (x - 1) * n - (x - 1) * x / 2;
    data.by_pair[before + (y - x - 1)].largest
}

/// The legend, in the empty lower-left triangle: each value's swatch, dotted
/// unless it is the commonest, with its count of pairs.
fn draw_legend(area: &plot::Area, data: &Data, (lx, bottom): (i32, i32), common: Value) {
    let count = |value: Value| data.by_pair.iter().filter(|p| p.largest == value).count();
    let mut ly = bottom - 20 * (data.largest_value as i32 + 1);
    for value in (0..=data.largest_value).rev() {
        let pairs = count(value);
        if pairs == 0 {
            continue;
        }
        plot::block(area, (lx, ly - 7), (lx + 14, ly + 7), plot::fill(value));
        plot::outline(area, (lx, ly - 7), (lx + 14, ly + 7), MUTED, 1);
        if value != common {
            plot::dot(area, (lx + 7, ly), 3, INK);
        }
        let text = format!("largest h = {value}: {} pairs", grouped(pairs as u64));
        plot::heading(area, &text, (lx + 22, ly), Anchor::Start);
        ly += 22;
    }
}

/// The grid of pairs, each cell filled by its largest `h` (a value other
/// than the commonest also carries a dot, so colour is not the only cue),
/// its legend in the empty triangle below the diagonal; then the table of
/// where each value first appears.
pub fn render(data: &Data, meta: &RenderMeta) -> (String, Table) {
    let n = data.largest_take;
    let cell: i32 = (600 / n as i32).clamp(6, 24);
    let span = cell * n as i32;
    let width = LEFT + span + 16;
    let height = TOP + span + 16;
    let count = |value: Value| data.by_pair.iter().filter(|p| p.largest == value).count();
    let common = (0..=data.largest_value)
        .max_by_key(|&v| (count(v), v))
        .unwrap_or(0);
    let svg = plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = format!("The largest value of h for each pair, 1 ≤ x < y ≤ {n}");
            plot::title(area, &title, (LEFT - 40, 14));
            plot::pair_grid(area, (LEFT, TOP), cell, n, 10, |x, y| {
                plot::fill(largest_of(data, x, y))
            });
            for x in 1..n {
                for y in x + 1..=n {
                    if largest_of(data, x, y) != common {
                        let (cx, cy) = plot::pair_cell((LEFT, TOP), cell, x, y);
                        plot::dot(area, (cx + cell / 2, cy + cell / 2), (cell / 4).max(2), INK);
                    }
                }
            }
            draw_legend(area, data, (LEFT + 12, TOP + span), common);
        },
    );
    (svg, appearances(data))
}

/// The table of where each value of `h` first appears.
fn appearances(data: &Data) -> Table {
    let mut table = Table::new(vec![
        Column::number("value of $h$").names(),
        Column::text("first at"),
        Column::number("pairs with it"),
        Column::text("first where the word puts it"),
    ])
    .titled("Where each value of $h$ first appears");
    for appearance in &data.appearances {
        let first = appearance.earliest.map_or("never".to_string(), |at| {
            format!(
                "heap {} of $\\{{{}, {}\\}}$",
                at.heap, at.takes[0], at.takes[1]
            )
        });
        table.push(vec![
            Cell::number(u64::from(appearance.value)),
            Cell::text(first),
            Cell::number(appearance.pairs_where_it_appears as u64),
            Cell::text(format!(
                "{} of {} pairs",
                grouped(appearance.pairs_where_first_heap_matches_word as u64),
                grouped(appearance.pairs_where_it_appears as u64)
            )),
        ]);
    }
    table
}
