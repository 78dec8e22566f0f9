//! The shape of an octal code's run: its largest value and where it first
//! appears, and its sparse structure (the rare mask, how many heaps are
//! rare under it, and the last rare heap), the statistics the published
//! tables of solved octal games give beside each period.
//!
//! **Rare, as the sparse-space engine means it** ([`crate::games::octal_fast`]).
//! Write `ext(a) = 2·g(a) + (a mod 2)`. For the splitting takes of parity `d`
//! and a mask `M`, heap `a` is rare when `popcount(M & (ext(a) ^ d))` is even.
//! With bit 0 of `M` clear this is Winning Ways' sparse space in the range:
//! `g(a)` is rare when `popcount(g(a) & m)` is even, `m = M >> 1` (Flammenkamp's
//! "range type"); with bit 0 set the heap's parity enters too
//! (`popcount(g(a) & m) ≡ a + d (mod 2)`, his "domain type"). The text form
//! follows the tables: `m` in hexadecimal, and `+pos` when the parity enters
//! (`1e` for ·16, `1+pos` for ·127).
//!
//! The mask is chosen here from the values alone, the one of each class that
//! makes the fewest heaps `1 ≤ a < N` rare (the Walsh–Hadamard count of
//! `octal_fast::walsh_hadamard`, ties to the smaller mask),
//! so the shape of a run does not depend on which engine computed it or when
//! it learned its masks. Heap 0 is counted by the same rule (its value 0 is
//! rare under any range mask): the tables count it.

use serde::{Deserialize, Serialize};

use crate::games::octal::OctalCode;
use crate::games::octal_fast::{fewest_rare, walsh_hadamard};
use crate::games::octal_moves::MoveTable;

/// A run's shape: its largest value, and its sparse structure if it splits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Shape {
    /// Heaps `0 .. heaps` were read.
    pub heaps: usize,
    /// The largest value among them.
    pub largest_value: u32,
    /// The first heap that has it.
    pub largest_value_heap: usize,
    /// The rare/common split, for a code with a move that leaves two heaps.
    pub sparse: Option<Sparse>,
}

/// The sparse structure under the mask of each parity class of splitting takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Sparse {
    /// `M` of the class of even splitting takes and of odd ones (over
    /// `ext`, bit 0 the heap's parity); null for a class with no take.
    pub masks: [Option<u32>; 2],
    /// The masks as the tables write them: `1e`, `1+pos`, or one per class
    /// (`even 1e, odd 3+pos`) when they differ.
    pub rare_mask: String,
    /// Heaps (heap 0 included) rare for at least one class.
    pub rare_heaps: usize,
    /// The last of them, if any.
    pub last_rare_heap: Option<usize>,
}

impl Sparse {
    /// Whether at most a quarter of the heaps are rare: the engine's test
    /// for a code that has a sparse space ([`crate::games::octal_engine::is_sparse`]).
    pub fn is_sparse(&self, heaps: usize) -> bool {
        self.rare_heaps.saturating_mul(4) <= heaps
    }
}

/// The shape of `values`, heaps `0 .. values.len()`, of `code`.
pub fn shape<T: Copy + Into<u32>>(code: &OctalCode, values: &[T]) -> Shape {
    let (largest_value_heap, largest_value) =
        values
            .iter()
            .map(|&v| v.into())
            .enumerate()
            .fold(
                (0, 0),
                |best, (heap, value)| {
                    if value > best.1 { (heap, value) } else { best }
                },
            );
    Shape {
        heaps: values.len(),
        largest_value,
        largest_value_heap,
        sparse: sparse(&MoveTable::of(code), values),
    }
}

/// The masks that make the fewest heaps rare, and what they make rare.
fn sparse<T: Copy + Into<u32>>(moves: &MoveTable, values: &[T]) -> Option<Sparse> {
    let classes: Vec<usize> = (0..2)
        .filter(|&parity| !moves.leaving_two[parity].is_empty())
        .collect();
    if classes.is_empty() {
        return None;
    }
    let mut histogram = vec![0u32; 2];
    for (heap, &value) in values.iter().enumerate().skip(1) {
        let extended = (value.into() as usize) << 1 | (heap & 1);
        if extended >= histogram.len() {
            histogram.resize((extended + 1).next_power_of_two(), 0);
        }
        histogram[extended] = histogram[extended].saturating_add(1);
    }
    let transform = walsh_hadamard(&histogram);
    let mut masks = [None; 2];
    for &parity in &classes {
        masks[parity] = Some(fewest_rare(&transform, parity).0);
    }
    let rare = |heap: usize, value: u32| {
        classes.iter().any(|&parity| {
            let mask = masks[parity].unwrap_or(0);
            let extended = (value << 1 | (heap & 1) as u32) ^ parity as u32;
            (mask & extended).count_ones().is_multiple_of(2)
        })
    };
    let (mut rare_heaps, mut last_rare_heap) = (0, None);
    for (heap, &value) in values.iter().enumerate() {
        if rare(heap, value.into()) {
            rare_heaps += 1;
            last_rare_heap = Some(heap);
        }
    }
    Some(Sparse {
        masks,
        rare_mask: mask_text(masks),
        rare_heaps,
        last_rare_heap,
    })
}

/// One mask as the tables write it: `m` in hexadecimal, `+pos` for bit 0.
fn one_mask(mask: u32) -> String {
    let value_mask = format!("{:x}", mask >> 1);
    if mask & 1 == 1 {
        format!("{value_mask}+pos")
    } else {
        value_mask
    }
}

/// The masks of the classes, written once when they agree.
fn mask_text(masks: [Option<u32>; 2]) -> String {
    match masks {
        [Some(even), Some(odd)] if even != odd => {
            format!("even {}, odd {}", one_mask(even), one_mask(odd))
        }
        [Some(mask), _] | [None, Some(mask)] => one_mask(mask),
        [None, None] => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal_engine::narrow_values;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn shape_of(text: &str, count: usize) -> Shape {
        let values = narrow_values(&code(text), count, &|_| ()).unwrap();
        shape(&code(text), &values)
    }

    #[test]
    fn sixteen_has_a_range_mask_and_few_rare_heaps() {
        // ·16's proof reads 509,621 values: its largest value is 23, at
        // heap 229,790, and mask 1e leaves 53 rare heaps, the last at 13,935
        // (the numbers Czajka's table of solved games gives).
        let sixteen = shape_of("·16", 509_621);
        assert_eq!(
            (sixteen.largest_value, sixteen.largest_value_heap),
            (23, 229_790)
        );
        let sparse = sixteen.sparse.unwrap();
        assert_eq!(sparse.masks, [Some(0x1e << 1), None]);
        assert_eq!(sparse.rare_mask, "1e");
        assert_eq!(
            (sparse.rare_heaps, sparse.last_rare_heap),
            (53, Some(13_935))
        );
        assert!(sparse.is_sparse(509_621));
    }

    #[test]
    fn a_mask_with_the_heaps_parity_is_written_pos() {
        assert_eq!(one_mask(0b11), "1+pos");
        assert_eq!(one_mask(0x3c), "1e");
        assert_eq!(mask_text([Some(0x3c), Some(0x3c)]), "1e");
        assert_eq!(mask_text([Some(0x3c), Some(3)]), "even 1e, odd 1+pos");
        assert_eq!(mask_text([None, Some(3)]), "1+pos");
    }

    #[test]
    fn a_code_that_never_splits_has_no_sparse_structure() {
        let subtraction = shape_of("·33", 100);
        assert_eq!(subtraction.sparse, None);
        assert_eq!(
            (subtraction.largest_value, subtraction.largest_value_heap),
            (2, 2)
        );
    }

    #[test]
    fn the_rare_heaps_are_those_the_mask_makes_rare() {
        // Counted again by hand under the chosen mask: a wrong count fails.
        let kayles = code("·77");
        let values = narrow_values(&kayles, 3000, &|_| ()).unwrap();
        let sparse = shape(&kayles, &values).sparse.unwrap();
        let by_hand = values
            .iter()
            .enumerate()
            .filter(|&(heap, &v)| {
                (0..2).any(|d| {
                    let ext = (u32::from(v) << 1 | (heap & 1) as u32) ^ d as u32;
                    (sparse.masks[d].unwrap() & ext)
                        .count_ones()
                        .is_multiple_of(2)
                })
            })
            .count();
        assert_eq!(sparse.rare_heaps, by_hand);
    }
}
