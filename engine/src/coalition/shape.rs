//! Keys, and whether a ruleset has Nim's shape.
//!
//! The *key* of a census position is its number of units modulo the number of
//! players (a heap of `k` units counts `k`), together with its flexible heap, if
//! it has one. A ruleset *has the shape* when no census position holds two or
//! more flexible heaps and positions with equal keys always share a class, so
//! the key alone decides the class. The shape is measured, not derived: it is a
//! statement about the census, nothing larger.
//!
//! When the shape fails, three measurements say how:
//! - the census positions holding two or more flexible heaps;
//! - the positions whose key is shared by a position of another class;
//! - the classes none of whose members has fewer than two flexible heaps, which
//!   no key naming at most one flexible heap can reach.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::classes::{HeapKind, HeapProfile, by_size};
use super::position::Position;

/// Units modulo the number of players, and the one flexible heap (or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
pub struct PositionKey {
    pub units: u32,
    pub flexible: Option<u32>,
}

/// One key and the classes of the census positions that carry it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct KeyEntry {
    pub key: PositionKey,
    /// Class ids, ascending; more than one means the key does not decide the class.
    pub classes: Vec<usize>,
    /// How many census positions carry the key.
    pub positions: usize,
}

/// Whether the shape holds, and if not, the evidence. Every count is over the
/// census, so over positions the coalition does not own.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ShapeVerdict {
    /// No census position holds two flexible heaps, and every key has one class.
    pub holds: bool,
    /// Census positions holding two or more flexible heaps.
    pub two_flexible_positions: usize,
    /// The smallest of them: those with the fewest heaps, in lexicographic order.
    pub smallest_two_flexible: Vec<Position>,
    /// Distinct keys among the census positions with at most one flexible heap
    /// (the *keyed* positions; a position with two flexible heaps has no key).
    pub keys: usize,
    /// Distinct keys when a flexible heap is named by the class of the heap
    /// alone rather than by its size: heaps no test tells apart are one kind.
    pub keys_by_heap_class: usize,
    /// Distinct classes of the keyed positions.
    pub keyed_classes: usize,
    /// `keys_by_heap_class − keyed_classes`: when the key decides the class,
    /// the number of keys that land on a class another key already names
    /// (Kayles: a row of three with `u` units is a row of two with `u + 1`).
    pub coincidences: usize,
    /// Keys carried by keyed positions of more than one class.
    pub colliding_keys: usize,
    /// Keyed positions whose key is also carried by a keyed position of another
    /// class. Symmetric and independent of any order: when a key splits into
    /// classes, all its positions are counted.
    pub positions_sharing_a_key: usize,
    /// Keyed positions whose class differs from the class of the first position
    /// with the same key in the census's build order (depth first from the
    /// empty position, smaller added heap first): the mistakes of a key table
    /// filled in as the census is built. Depends on that order.
    pub positions_off_first_class: usize,
    /// Classes whose every census member holds two or more flexible heaps, so no
    /// key can name them (the coalition's class, with no census member, is not
    /// among them).
    pub classes_beyond_one_flexible: Vec<usize>,
}

/// The units modulo `players` and the flexible heaps of a census position.
fn units_and_flexible(
    position: &Position,
    kinds: &BTreeMap<u32, HeapKind>,
    players: u32,
) -> (u32, Vec<u32>) {
    let mut units = 0;
    let mut flexible = Vec::new();
    for heap in position.heaps() {
        match kinds[heap] {
            HeapKind::Units { count } => units += count,
            HeapKind::Flexible => flexible.push(*heap),
            HeapKind::Dead | HeapKind::CoalitionAlone => {
                unreachable!("the census holds only unit and flexible heaps")
            }
        }
    }
    (units % players, flexible)
}

/// For each key, the set of classes its positions fall into.
fn classes_per_key<K: Ord + Copy>(keyed: &[(K, usize)]) -> BTreeMap<K, BTreeSet<usize>> {
    let mut classes: BTreeMap<K, BTreeSet<usize>> = BTreeMap::new();
    for &(key, class) in keyed {
        classes.entry(key).or_default().insert(class);
    }
    classes
}

/// Positions (in `keyed`'s order) whose class is not their key's first class.
fn off_first_class<K: Ord + Copy>(keyed: &[(K, usize)]) -> usize {
    let mut first: BTreeMap<K, usize> = BTreeMap::new();
    keyed
        .iter()
        .filter(|&&(key, class)| *first.entry(key).or_insert(class) != class)
        .count()
}

/// The key table and the verdict for a census given in build order, whose
/// positions lie in the classes `class_of` (one id per position). The profiles
/// must carry their classes.
pub fn judge_shape(
    census: &[Position],
    class_of: &[usize],
    profiles: &[HeapProfile],
    players: u32,
) -> (Vec<KeyEntry>, ShapeVerdict) {
    let kinds: BTreeMap<u32, HeapKind> = profiles
        .iter()
        .map(|profile| (profile.size, profile.kind))
        .collect();
    let class_of_heap: BTreeMap<u32, Option<usize>> = profiles
        .iter()
        .map(|profile| (profile.size, profile.class))
        .collect();
    let mut keyed: Vec<(PositionKey, usize)> = Vec::new();
    let mut keyed_by_heap_class: Vec<((u32, Option<usize>), usize)> = Vec::new();
    let mut two_flexible = Vec::new();
    let mut has_small_member: BTreeSet<usize> = BTreeSet::new();
    for (position, &class) in census.iter().zip(class_of) {
        let (units, flexible) = units_and_flexible(position, &kinds, players);
        if flexible.len() >= 2 {
            two_flexible.push(position.clone());
            continue;
        }
        has_small_member.insert(class);
        let flexible = flexible.first().copied();
        keyed.push((PositionKey { units, flexible }, class));
        keyed_by_heap_class.push((
            (units, flexible.and_then(|heap| class_of_heap[&heap])),
            class,
        ));
    }
    let per_key = classes_per_key(&keyed);
    let key_table: Vec<KeyEntry> = per_key
        .iter()
        .map(|(&key, classes)| KeyEntry {
            key,
            classes: classes.iter().copied().collect(),
            positions: keyed.iter().filter(|(other, _)| *other == key).count(),
        })
        .collect();
    let keys_by_heap_class = classes_per_key(&keyed_by_heap_class).len();
    let keyed_classes = keyed
        .iter()
        .map(|&(_, class)| class)
        .collect::<BTreeSet<_>>()
        .len();
    let colliding_keys = key_table
        .iter()
        .filter(|entry| entry.classes.len() > 1)
        .count();
    let all_classes: BTreeSet<usize> = class_of.iter().copied().collect();
    let verdict = ShapeVerdict {
        holds: two_flexible.is_empty() && colliding_keys == 0,
        two_flexible_positions: two_flexible.len(),
        smallest_two_flexible: smallest(two_flexible),
        keys: key_table.len(),
        keys_by_heap_class,
        keyed_classes,
        coincidences: keys_by_heap_class.saturating_sub(keyed_classes),
        colliding_keys,
        positions_sharing_a_key: keyed
            .iter()
            .filter(|(key, _)| per_key[key].len() > 1)
            .count(),
        positions_off_first_class: off_first_class(&keyed),
        classes_beyond_one_flexible: all_classes.difference(&has_small_member).copied().collect(),
    };
    (key_table, verdict)
}

/// The positions with the fewest heaps, in lexicographic order.
fn smallest(mut positions: Vec<Position>) -> Vec<Position> {
    positions.sort_by(by_size);
    let fewest = positions.first().map(Position::heap_count);
    positions.retain(|position| Some(position.heap_count()) == fewest);
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(size: u32, kind: HeapKind, class: usize) -> HeapProfile {
        HeapProfile {
            size,
            lengths: Vec::new(),
            kind,
            class: Some(class),
        }
    }

    #[test]
    fn the_two_collision_counts_differ_on_a_small_census() {
        let profiles = [
            profile(1, HeapKind::Units { count: 1 }, 1),
            profile(2, HeapKind::Flexible, 4),
            profile(3, HeapKind::Flexible, 5),
        ];
        let census: Vec<Position> = [&[][..], &[1], &[1, 1], &[1, 1, 1], &[2], &[3], &[2, 3]]
            .iter()
            .map(|heaps| Position::new(heaps.to_vec()))
            .collect();
        // Three units fall outside the empty position's class.
        let class_of = [0, 1, 2, 3, 4, 5, 6];
        let (table, verdict) = judge_shape(&census, &class_of, &profiles, 3);
        assert!(!verdict.holds);
        assert_eq!(verdict.two_flexible_positions, 1);
        assert_eq!(
            verdict.smallest_two_flexible,
            vec![Position::new(vec![2, 3])]
        );
        assert_eq!(verdict.colliding_keys, 1);
        assert_eq!(verdict.positions_sharing_a_key, 2);
        assert_eq!(verdict.positions_off_first_class, 1);
        assert_eq!(verdict.classes_beyond_one_flexible, vec![6]);
        let empty_key = PositionKey {
            units: 0,
            flexible: None,
        };
        assert_eq!(table[0].key, empty_key);
        assert_eq!(
            (table[0].classes.clone(), table[0].positions),
            (vec![0, 3], 2)
        );
    }

    #[test]
    fn one_class_per_key_is_the_shape() {
        let profiles = [
            profile(1, HeapKind::Units { count: 1 }, 1),
            profile(2, HeapKind::Flexible, 2),
        ];
        let census: Vec<Position> = [&[][..], &[1], &[1, 1, 1, 1], &[2]]
            .iter()
            .map(|heaps| Position::new(heaps.to_vec()))
            .collect();
        let (table, verdict) = judge_shape(&census, &[0, 1, 1, 2], &profiles, 3);
        assert!(verdict.holds);
        assert_eq!(
            (verdict.keys, verdict.keyed_classes, verdict.coincidences),
            (3, 3, 0)
        );
        assert!(table.iter().all(|entry| entry.classes.len() == 1));
    }
}
