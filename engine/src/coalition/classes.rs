//! Classes of positions, the kinds of heap, and the census.
//!
//! Two positions are *indistinguishable* when, added to any test position, they
//! give the same outcome from every phase; the classes are the sets of
//! indistinguishable positions. Here "any test position" is every position of at
//! most [`CoalitionParams::test_heaps`] heaps of sizes up to
//! [`CoalitionParams::test_largest_heap`], the empty one included (286 of them
//! with the seed's parameters). More tests could only split a class, never join
//! two, so measured class counts are lower bounds.
//!
//! A position the *coalition owns* loses for the lone player from every phase
//! against every test; a heap is *the coalition's alone* when the position of
//! that heap by itself is owned. The owned positions form one class, the
//! coalition's, whose signature is all losses.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::CoalitionParams;
use super::position::Position;
use super::search::{Outcome, Solver};

/// What one heap offers, read from its lengths of play and its tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum HeapKind {
    /// No move at all: dropped from every position.
    Dead,
    /// Every line of play inside the heap lasts exactly `count` moves (≥ 1), so
    /// it enters the unit count as `count` units.
    Units { count: u32 },
    /// Lines of play of more than one length, and not the coalition's alone.
    Flexible,
    /// The heap by itself loses for the lone player from every phase against
    /// every test (checked before the lengths, which it overrides).
    CoalitionAlone,
}

/// One heap size: its lengths of play, its kind and its class.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct HeapProfile {
    /// The number of counters (or pins) in the heap.
    pub size: u32,
    /// The distinct numbers of moves of the lines of play inside the heap alone,
    /// ascending.
    pub lengths: Vec<u32>,
    /// Serialised flat beside the other fields: `"kind": "units", "count": 2`.
    #[serde(flatten)]
    pub kind: HeapKind,
    /// The class of the position made of this heap alone: heaps with equal
    /// classes are one kind of heap to every test. `None` for a dead heap,
    /// which is the empty position, and before the classes are known.
    pub class: Option<usize>,
}

/// A position's outcome against each test position, in the tests' order.
pub type Signature = Vec<Outcome>;

/// A solver together with the test positions: computes signatures.
pub struct Tester {
    solver: Solver,
    tests: Vec<Position>,
}

impl Tester {
    /// A tester whose solver covers every heap the parameters can put on the table.
    pub fn new(solver: Solver, params: &CoalitionParams) -> Tester {
        Tester {
            solver,
            tests: Position::all_up_to(params.test_heaps, params.test_largest_heap),
        }
    }

    /// The solver, for its statistics.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// The number of test positions.
    pub fn test_count(&self) -> usize {
        self.tests.len()
    }

    /// The outcomes of `position` plus each test position.
    pub fn signature(&mut self, position: &Position) -> Signature {
        let solver = &mut self.solver;
        self.tests
            .iter()
            .map(|test| solver.outcome_of_sum(&[position, test]))
            .collect()
    }

    /// Whether the coalition owns `position`, with its signature.
    pub fn owned_by_coalition(&mut self, position: &Position) -> (bool, Signature) {
        let signature = self.signature(position);
        let owned = signature.iter().all(Outcome::lost_everywhere);
        (owned, signature)
    }

    /// The lengths and kind of every heap `1..=largest_heap`.
    pub fn heap_profiles(&mut self, largest_heap: u32) -> Vec<HeapProfile> {
        let lengths = self.solver.table().lengths_of_play();
        (1..=largest_heap)
            .map(|size| {
                let heap_lengths: Vec<u32> = lengths[size as usize].iter().copied().collect();
                let kind = if self.solver.table().is_dead(size) {
                    HeapKind::Dead
                } else if self.owned_by_coalition(&Position::new(vec![size])).0 {
                    HeapKind::CoalitionAlone
                } else if let [count] = heap_lengths[..] {
                    HeapKind::Units { count }
                } else {
                    HeapKind::Flexible
                };
                HeapProfile {
                    size,
                    lengths: heap_lengths,
                    kind,
                    class: None,
                }
            })
            .collect()
    }
}

/// The census: the positions counted, each with its signature, and the owned
/// positions met while building it.
pub struct Census {
    /// In build order: depth first from the empty position, each position
    /// followed by its extensions, the one with the smaller added heap first.
    pub positions: Vec<(Position, Signature)>,
    /// Positions reached by adding one heap to a counted position and found to
    /// be the coalition's: not counted and not extended. Fewest heaps first.
    pub owned: Vec<Position>,
}

/// Builds the census from the empty position by adding heaps of the given
/// sizes in non-decreasing order, up to `max_heaps` heaps. A position the
/// coalition owns is recorded in [`Census::owned`] and not extended, so a
/// position is counted exactly when none of its prefixes in sorted order is
/// owned.
pub fn take_census(tester: &mut Tester, heap_sizes: &[u32], max_heaps: usize) -> Census {
    let mut census = Census {
        positions: Vec::new(),
        owned: Vec::new(),
    };
    let empty = Position::empty();
    let (owned, signature) = tester.owned_by_coalition(&empty);
    // A search that ran out of memory answers anything: its caller reports it.
    assert!(
        !owned || tester.solver().is_full(),
        "the empty position is won by the lone player from phase 1"
    );
    extend_census(
        tester,
        heap_sizes,
        max_heaps,
        (empty, signature),
        &mut census,
    );
    census.owned.sort_by(by_size);
    census
}

/// Counts `counted`, then visits its extensions in increasing added heap.
fn extend_census(
    tester: &mut Tester,
    heap_sizes: &[u32],
    max_heaps: usize,
    counted: (Position, Signature),
    census: &mut Census,
) {
    let position = counted.0.clone();
    census.positions.push(counted);
    if position.heap_count() >= max_heaps {
        return;
    }
    let smallest = position.largest().unwrap_or(0);
    for &heap in heap_sizes.iter().filter(|&&heap| heap >= smallest) {
        let extended = position.with_heap(heap);
        let (owned, signature) = tester.owned_by_coalition(&extended);
        if owned {
            census.owned.push(extended);
        } else {
            extend_census(tester, heap_sizes, max_heaps, (extended, signature), census);
        }
    }
}

/// Fewer heaps first, then lexicographically.
pub fn by_size(a: &Position, b: &Position) -> std::cmp::Ordering {
    (a.heap_count(), a).cmp(&(b.heap_count(), b))
}

/// One class: the positions no test tells apart.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct CoalitionClass {
    /// Classes are numbered from 0 in the order of their first member (fewest
    /// heaps, then lexicographic); the coalition's class comes last.
    pub id: usize,
    /// Whether this is the coalition's class (every result a loss against every test).
    pub coalition: bool,
    /// The members' outcome with no test added: one result per phase, the lone
    /// player's phase first; `true` means the lone player wins.
    pub results: Outcome,
    /// Census positions in the class, fewest heaps first. The coalition's class
    /// lists instead the heaps that are the coalition's alone and the owned
    /// positions met while building the census.
    pub members: Vec<Position>,
}

/// Groups the census positions by signature, then appends the coalition's
/// class when anything was found to be owned. Returns the classes and, for each
/// census position in build order, the id of its class.
pub fn group_into_classes(
    census: &Census,
    coalition_heaps: &[u32],
    players: u32,
) -> (Vec<CoalitionClass>, Vec<usize>) {
    let mut by_size_order: Vec<usize> = (0..census.positions.len()).collect();
    by_size_order.sort_by(|&a, &b| by_size(&census.positions[a].0, &census.positions[b].0));
    let mut ids: BTreeMap<&Signature, usize> = BTreeMap::new();
    let mut classes: Vec<CoalitionClass> = Vec::new();
    let mut class_of = vec![0; census.positions.len()];
    for index in by_size_order {
        let (position, signature) = &census.positions[index];
        let id = *ids.entry(signature).or_insert_with(|| {
            classes.push(CoalitionClass {
                id: classes.len(),
                coalition: false,
                results: signature[0],
                members: Vec::new(),
            });
            classes.len() - 1
        });
        classes[id].members.push(position.clone());
        class_of[index] = id;
    }
    let mut owned: Vec<Position> = coalition_heaps
        .iter()
        .map(|&heap| Position::new(vec![heap]))
        .collect();
    owned.extend(census.owned.iter().cloned());
    owned.sort_by(by_size);
    if !owned.is_empty() {
        classes.push(CoalitionClass {
            id: classes.len(),
            coalition: true,
            results: Outcome::lost_for(players),
            members: owned,
        });
    }
    (classes, class_of)
}

/// Fills in the class of every live heap from the classes' members.
pub fn assign_heap_classes(profiles: &mut [HeapProfile], classes: &[CoalitionClass]) {
    for profile in profiles
        .iter_mut()
        .filter(|profile| profile.kind != HeapKind::Dead)
    {
        let alone = Position::new(vec![profile.size]);
        profile.class = classes
            .iter()
            .find(|class| class.members.contains(&alone))
            .map(|class| class.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coalition::Ruleset;

    #[test]
    fn a_two_heap_nim_census_stops_at_the_second_store() {
        let params = CoalitionParams::default();
        let mut tester = Tester::new(Solver::new(&Ruleset::Nim, 10, 2), &params);
        let heaps: Vec<u32> = (1..=10).collect();
        let census = take_census(&mut tester, &heaps, 2);
        // The empty position, ten single heaps, {1, 1} and a unit beside each store.
        assert_eq!(census.positions.len(), 1 + 10 + 1 + 9);
        // Every pair of stores is owned, found once each and never extended.
        assert_eq!(census.owned.len(), 45);
        assert!(census.owned.iter().all(|position| position.heaps()[0] >= 2));
        // Build order: depth first, the smaller added heap first.
        let order: Vec<String> = census.positions[..4]
            .iter()
            .map(|(p, _)| p.to_string())
            .collect();
        assert_eq!(order, ["{}", "{1}", "{1, 1}", "{1, 2}"]);
    }

    #[test]
    fn heap_kinds_come_from_lengths_unless_the_coalition_owns_the_heap() {
        let params = CoalitionParams::default();
        let mut tester = Tester::new(
            Solver::new(&Ruleset::Subtraction(vec![1, 2]), 10, 2),
            &params,
        );
        let kinds: Vec<HeapKind> = tester
            .heap_profiles(4)
            .iter()
            .map(|profile| profile.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                HeapKind::Units { count: 1 },
                HeapKind::Flexible,
                HeapKind::Flexible,
                HeapKind::CoalitionAlone
            ]
        );
    }
}
