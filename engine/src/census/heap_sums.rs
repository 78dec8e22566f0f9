//! Sums of two-take heaps played side by side, valued by the closed form.
//!
//! Sprague–Grundy: a sum of impartial games is lost for the player to move
//! exactly when the nim-sum (bitwise xor) of the components' values is 0. So a
//! winning move is any move in one component to a heap whose value makes the
//! nim-sum 0; every take of every component is tried, none is assumed.
//!
//! Each component's closed-form value is checked against the period the
//! search finds in the recursion's values: the heap is reduced modulo that
//! period (past its preperiod) and read from the computed values.

use serde::{Deserialize, Serialize};

use super::measure::{PeriodNotFound, census_length, measure_values};
use crate::games::subtraction::SubtractionSet;
use crate::games::two_takes::TwoTakes;
use crate::sequence::Value;

/// One heap of the sum, with its value found two ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct HeapComponent {
    pub takes: [u64; 2],
    pub heap: u128,
    pub remainder: u128,
    pub block: u128,
    /// The closed form's value.
    pub value: Value,
    /// The measured period and preperiod of the recursion's values ...
    pub measured_period: usize,
    pub measured_preperiod: usize,
    /// ... and the value read from them after reducing the heap.
    pub value_by_period: Value,
}

/// A move that leaves the sum with nim-sum 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct WinningMove {
    /// Index of the component moved in.
    pub component: usize,
    pub take: u64,
    pub heap_after: u128,
    pub remainder_after: u128,
    pub block_after: u128,
    pub value_after: Value,
}

/// The position, its nim-sum and every winning move from it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct HeapSum {
    pub components: Vec<HeapComponent>,
    pub nim_sum: Value,
    pub winning_moves: Vec<WinningMove>,
}

/// Values one component by the closed form and by its measured period.
fn value_component(game: TwoTakes, heap: u128) -> Result<HeapComponent, PeriodNotFound> {
    let takes = [game.smaller() as usize, game.larger() as usize];
    let values = SubtractionSet::new(takes)
        .expect("valid takes")
        .values(census_length(takes[1]));
    let measured = measure_values(&takes, &values)?;
    let (start, period) = (measured.preperiod as u128, measured.period as u128);
    let index = if heap < start {
        heap
    } else {
        start + (heap - start) % period
    };
    let position = game.position(heap);
    Ok(HeapComponent {
        takes: [game.smaller(), game.larger()],
        heap,
        remainder: position.remainder,
        block: position.block,
        value: position.value,
        measured_period: measured.period,
        measured_preperiod: measured.preperiod,
        value_by_period: values[index as usize],
    })
}

/// Every move in `component` that brings the nim-sum to 0.
fn winning_moves_in(
    index: usize,
    game: TwoTakes,
    component: &HeapComponent,
    nim_sum: Value,
) -> Vec<WinningMove> {
    let target = nim_sum ^ component.value;
    [game.smaller(), game.larger()]
        .into_iter()
        .filter(|&take| u128::from(take) <= component.heap)
        .filter_map(|take| {
            let heap_after = component.heap - u128::from(take);
            let after = game.position(heap_after);
            (after.value == target).then_some(WinningMove {
                component: index,
                take,
                heap_after,
                remainder_after: after.remainder,
                block_after: after.block,
                value_after: after.value,
            })
        })
        .collect()
}

/// The sum of the given heaps, each in its own two-take game.
pub fn heap_sum(heaps: &[(TwoTakes, u128)]) -> Result<HeapSum, PeriodNotFound> {
    let components = heaps
        .iter()
        .map(|&(game, heap)| value_component(game, heap))
        .collect::<Result<Vec<_>, _>>()?;
    let nim_sum = components.iter().fold(0, |sum, c| sum ^ c.value);
    let winning_moves = heaps
        .iter()
        .zip(&components)
        .enumerate()
        .flat_map(|(index, (&(game, _), component))| {
            winning_moves_in(index, game, component, nim_sum)
        })
        .collect();
    Ok(HeapSum {
        components,
        nim_sum,
        winning_moves,
    })
}

/// The essay's worked example: a heap of 1,000,000 in {3, 8} beside a heap
/// of 100 in {6, 7}.
pub fn million_heap_example() -> Result<HeapSum, PeriodNotFound> {
    let three_eight = TwoTakes::new(3, 8).expect("valid takes");
    let six_seven = TwoTakes::new(6, 7).expect("valid takes");
    heap_sum(&[(three_eight, 1_000_000), (six_seven, 100)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn million_in_three_eight_is_zero_hundred_in_six_seven_is_one() {
        let sum = million_heap_example().unwrap();
        let [million, hundred] = [sum.components[0], sum.components[1]];
        assert_eq!((million.remainder, million.block, million.value), (1, 0, 0));
        assert_eq!(million.value_by_period, 0);
        assert_eq!(
            (million.measured_period, million.measured_preperiod),
            (11, 0)
        );
        assert_eq!((hundred.remainder, hundred.block, hundred.value), (9, 1, 1));
        assert_eq!(hundred.value_by_period, 1);
        assert_eq!(sum.nim_sum, 1);
    }

    #[test]
    fn four_winning_moves_two_in_each_heap() {
        let sum = million_heap_example().unwrap();
        let moves: Vec<(usize, u64, u128, Value)> = sum
            .winning_moves
            .iter()
            .map(|m| (m.component, m.take, m.heap_after, m.value_after))
            .collect();
        // Taking from the million leaves value 1, matching the hundred's 1;
        // taking from the hundred leaves value 0, matching the million's 0.
        assert_eq!(
            moves,
            [
                (0, 3, 999_997, 1),
                (0, 8, 999_992, 1),
                (1, 6, 94, 0),
                (1, 7, 93, 0)
            ]
        );
        let hundred_moves: Vec<u128> = sum.winning_moves[2..]
            .iter()
            .map(|m| m.remainder_after)
            .collect();
        assert_eq!(hundred_moves, [3, 2]);
    }

    #[test]
    fn every_listed_move_wins_and_every_other_loses() {
        let sum = million_heap_example().unwrap();
        for m in &sum.winning_moves {
            let others = sum
                .components
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != m.component);
            assert_eq!(others.fold(m.value_after, |x, (_, c)| x ^ c.value), 0);
        }
        // Negative control: a lost position (nim-sum 0) has no winning move.
        let game = TwoTakes::new(3, 8).unwrap();
        let lost = heap_sum(&[(game, 1_000_000), (game, 11)]).unwrap();
        assert_eq!(lost.nim_sum, 0);
        assert!(lost.winning_moves.is_empty());
    }

    #[test]
    fn a_heap_smaller_than_a_take_cannot_take_it() {
        let game = TwoTakes::new(3, 8).unwrap();
        let sum = heap_sum(&[(game, 5)]).unwrap();
        assert_eq!(sum.nim_sum, 1);
        assert!(sum.winning_moves.iter().all(|m| m.take == 3));
        assert_eq!(sum.winning_moves.len(), 1);
    }
}
