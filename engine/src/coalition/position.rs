//! A position: a multiset of heaps, kept as a sorted list of sizes.
//!
//! Play on one heap never involves another, so the order of heaps carries no
//! information and a sorted list names a position uniquely. The *canonical* form
//! also drops empty and dead heaps, which no player can ever move in; the search
//! memoises on it, so equal positions are solved once.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::rules::MoveTable;

/// A multiset of heap sizes, sorted ascending.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Position {
    heaps: Vec<u32>,
}

impl Position {
    /// The position made of these heaps, in any order.
    pub fn new(mut heaps: Vec<u32>) -> Position {
        heaps.sort_unstable();
        Position { heaps }
    }

    /// The empty position: no heap at all.
    pub fn empty() -> Position {
        Position::default()
    }

    /// The heap sizes, ascending.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The number of heaps.
    pub fn heap_count(&self) -> usize {
        self.heaps.len()
    }

    /// The largest heap, if any.
    pub fn largest(&self) -> Option<u32> {
        self.heaps.last().copied()
    }

    /// This position with one more heap.
    pub fn with_heap(&self, heap: u32) -> Position {
        let mut heaps = self.heaps.clone();
        let at = heaps.partition_point(|&h| h <= heap);
        heaps.insert(at, heap);
        Position { heaps }
    }

    /// The sum of two positions: both sets of heaps on the table at once.
    pub fn plus(&self, other: &Position) -> Position {
        let mut heaps = Vec::with_capacity(self.heaps.len() + other.heaps.len());
        let (mut i, mut j) = (0, 0);
        while i < self.heaps.len() && j < other.heaps.len() {
            if self.heaps[i] <= other.heaps[j] {
                heaps.push(self.heaps[i]);
                i += 1;
            } else {
                heaps.push(other.heaps[j]);
                j += 1;
            }
        }
        heaps.extend_from_slice(&self.heaps[i..]);
        heaps.extend_from_slice(&other.heaps[j..]);
        Position { heaps }
    }

    /// The canonical form under `table`: empty and dead heaps dropped.
    pub fn canonical(&self, table: &MoveTable) -> Position {
        Position {
            heaps: self
                .heaps
                .iter()
                .copied()
                .filter(|&heap| !table.is_dead(heap))
                .collect(),
        }
    }

    /// Every position of at most `max_heaps` heaps with sizes in
    /// `1..=largest_heap`, the empty one included, ordered by heap count and then
    /// lexicographically.
    pub fn all_up_to(max_heaps: usize, largest_heap: u32) -> Vec<Position> {
        let mut layer = vec![Position::empty()];
        let mut all = layer.clone();
        for _ in 0..max_heaps {
            layer = layer
                .iter()
                .flat_map(|position| {
                    let smallest = position.largest().unwrap_or(1);
                    (smallest..=largest_heap).map(move |heap| position.with_heap(heap))
                })
                .collect();
            all.extend(layer.iter().cloned());
        }
        all
    }
}

impl fmt::Display for Position {
    /// `{3, 5}`, and `{}` for the empty position.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sizes: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        write!(formatter, "{{{}}}", sizes.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coalition::rules::Ruleset;

    #[test]
    fn order_of_heaps_does_not_matter() {
        assert_eq!(Position::new(vec![5, 3, 3]), Position::new(vec![3, 5, 3]));
        assert_eq!(Position::new(vec![5, 3]).to_string(), "{3, 5}");
        assert_eq!(Position::empty().to_string(), "{}");
    }

    #[test]
    fn sums_merge_sorted() {
        let sum = Position::new(vec![1, 4]).plus(&Position::new(vec![2, 4, 9]));
        assert_eq!(sum.heaps(), &[1, 2, 4, 4, 9]);
        assert_eq!(Position::new(vec![2]).with_heap(1).heaps(), &[1, 2]);
    }

    #[test]
    fn canonical_form_drops_dead_heaps() {
        let dawson = MoveTable::new(&Ruleset::Octal(vec![0, 0, 7]), 10);
        assert_eq!(
            Position::new(vec![1, 4, 1, 0]).canonical(&dawson).heaps(),
            &[4]
        );
    }

    #[test]
    fn the_286_test_positions() {
        // Multisets of at most three heaps from ten sizes: 1 + 10 + 55 + 220.
        let tests = Position::all_up_to(3, 10);
        assert_eq!(tests.len(), 286);
        assert_eq!(tests[0], Position::empty());
        let mut sorted = tests.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 286);
    }
}
