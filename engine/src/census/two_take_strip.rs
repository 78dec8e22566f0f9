//! The data of a two-take strip figure: the first heaps of a pair's sequence
//! by the recursion, each with its remainder modulo a + b and its block of
//! length a (numbered from 0 within each stretch of a + b), the maximal runs
//! of one block, and the heaps holding a 2.
//!
//! The closed form of `crate::games::two_takes` supplies remainders and blocks; the
//! values drawn are the recursion's, and the strip records whether the two
//! agree and the period the search finds, so the figure shows a check, not an
//! assumption.

use serde::{Deserialize, Serialize};

use super::measure::{PeriodNotFound, census_length, measure_values};
use crate::games::subtraction::SubtractionSet;
use crate::games::two_takes::TwoTakes;
use crate::sequence::Value;

/// One heap of the strip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct StripCell {
    pub heap: u64,
    pub value: Value,
    pub remainder: u64,
    pub block: u64,
}

/// A maximal run of heaps in the same block of the same stretch of a + b.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct StripBlock {
    pub block: u64,
    pub first_heap: u64,
    pub last_heap: u64,
}

/// Everything a strip figure draws, and the checks it prints.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TwoTakeStrip {
    pub takes: [u64; 2],
    /// The closed form's smallest period.
    pub period: u64,
    /// The period and preperiod the search finds in the recursion's values.
    pub measured_period: usize,
    pub measured_preperiod: usize,
    pub values_searched: usize,
    /// The recursion's values of heaps 0 to period − 1.
    pub one_period: Vec<Value>,
    pub cells: Vec<StripCell>,
    pub blocks: Vec<StripBlock>,
    /// Heaps of the strip whose value is 2.
    pub twos: Vec<u64>,
    /// Whether the closed form equals the recursion at every value computed.
    pub closed_form_agrees: bool,
}

/// The strip of `game` over heaps `0..heaps`.
pub fn two_take_strip(game: TwoTakes, heaps: usize) -> Result<TwoTakeStrip, PeriodNotFound> {
    let takes = [game.smaller() as usize, game.larger() as usize];
    let computed = heaps.max(census_length(takes[1]));
    let values = SubtractionSet::new(takes)
        .expect("valid takes")
        .values(computed);
    let measured = measure_values(&takes, &values)?;
    let closed_form_agrees = values
        .iter()
        .enumerate()
        .all(|(heap, &value)| game.value(heap as u128) == value);
    let cells: Vec<StripCell> = values[..heaps]
        .iter()
        .enumerate()
        .map(|(heap, &value)| {
            let position = game.position(heap as u128);
            StripCell {
                heap: heap as u64,
                value,
                remainder: position.remainder as u64,
                block: position.block as u64,
            }
        })
        .collect();
    let period = game.period() as u64;
    Ok(TwoTakeStrip {
        takes: [game.smaller(), game.larger()],
        period,
        measured_period: measured.period,
        measured_preperiod: measured.preperiod,
        values_searched: measured.values_computed,
        one_period: values[..period as usize].to_vec(),
        blocks: runs_of_blocks(&cells),
        twos: cells
            .iter()
            .filter(|c| c.value == 2)
            .map(|c| c.heap)
            .collect(),
        cells,
        closed_form_agrees,
    })
}

/// Groups consecutive cells of one block (a new stretch of a + b restarts at
/// block 0, which also starts a new run).
fn runs_of_blocks(cells: &[StripCell]) -> Vec<StripBlock> {
    let mut blocks: Vec<StripBlock> = Vec::new();
    for cell in cells {
        match blocks.last_mut() {
            Some(run) if run.block == cell.block && run.last_heap + 1 == cell.heap => {
                run.last_heap = cell.heap
            }
            _ => blocks.push(StripBlock {
                block: cell.block,
                first_heap: cell.heap,
                last_heap: cell.heap,
            }),
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(a: u64, b: u64, heaps: usize) -> TwoTakeStrip {
        two_take_strip(TwoTakes::new(a, b).unwrap(), heaps).unwrap()
    }

    #[test]
    fn three_eight_is_00011100211_repeating_with_one_two_per_period() {
        let strip = strip(3, 8, 33);
        assert_eq!(strip.one_period, [0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1]);
        assert_eq!(
            (
                strip.period,
                strip.measured_period,
                strip.measured_preperiod
            ),
            (11, 11, 0)
        );
        assert!(
            strip
                .cells
                .iter()
                .all(|c| c.value == strip.one_period[c.heap as usize % 11])
        );
        assert_eq!(strip.twos, [8, 19, 30]);
        assert!(strip.closed_form_agrees);
        // Blocks 0, 1, 2 of three heaps and block 3 of two, in each period.
        let first: Vec<(u64, u64, u64)> = strip.blocks[..5]
            .iter()
            .map(|b| (b.block, b.first_heap, b.last_heap))
            .collect();
        assert_eq!(
            first,
            [(0, 0, 2), (1, 3, 5), (2, 6, 8), (3, 9, 10), (0, 11, 13)]
        );
        assert_eq!(strip.blocks.len(), 12);
    }

    #[test]
    fn six_seven_is_six_noughts_six_ones_one_two() {
        let strip = strip(6, 7, 39);
        let mut expected = vec![0; 6];
        expected.extend([1; 6]);
        expected.push(2);
        assert_eq!(strip.one_period, expected);
        assert_eq!(
            (
                strip.period,
                strip.measured_period,
                strip.measured_preperiod
            ),
            (13, 13, 0)
        );
        assert_eq!(strip.twos, [12, 25, 38]);
        assert_eq!(strip.cells[25].remainder, 12);
        assert_eq!(strip.cells[25].block, 2);
    }

    #[test]
    fn an_odd_multiple_strip_has_no_two_and_period_two_a() {
        let strip = strip(2, 6, 40);
        assert!(strip.twos.is_empty());
        assert_eq!((strip.period, strip.measured_period), (4, 4));
        assert!(strip.closed_form_agrees);
    }
}
