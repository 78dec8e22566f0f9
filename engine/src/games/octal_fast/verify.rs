//! Values checked, not trusted: each stored value of a code is compared
//! with the mex of its options, read from the stored values below it.
//!
//! **Why every heap, and why that is a proof.** If every stored value
//! equals the mex of the options the stored values below it give, then by
//! induction on the heap every stored value is the true Grundy value: heap
//! 0's options are read from nothing, and a heap whose lower values are all
//! true has true options. If some value is wrong, the first wrong heap `d`
//! is found, because its options are read from true values and give the
//! true value, which is not the stored one. A sample of heaps proves
//! nothing: a file with a planted run whose later values are the rule's own
//! continuation of it passes every heap outside the run.
//!
//! **Why it is fast.** Each heap's check reads only values below it, so the
//! heaps are checked independently, in blocks on all of rayon's threads,
//! each with its own option set. Each check is the sparse-space engine's
//! own step ([`super::value_at`]) under masks learned once from all the
//! stored values: the masks only steer the speed (the method is exact for
//! every mask), so a wrong value cannot make a check pass by choosing them.

use crate::parallel::prelude::*;

use super::{SparseEngine, fewest_rare, value_at, walsh_hadamard};
use crate::games::octal::OctalCode;
use crate::games::octal_memory::MemoryRefused;
use crate::games::octal_moves::MoveTable;
use crate::games::octal_options::OptionFlags;

/// Heaps checked by one task.
const BLOCK: usize = 1 << 12;

/// A stored value that is not its heap's: what its options give instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrongValue {
    pub heap: usize,
    pub stored: u16,
    pub derived: u32,
}

/// The first heap whose stored value in `values` is not the mex of the
/// options of `code` read from the stored values below it, or `None` when
/// every value is the code's Grundy value; an error when the rare lists'
/// memory is refused.
pub fn first_wrong(code: &OctalCode, values: &[u16]) -> Result<Option<WrongValue>, MemoryRefused> {
    let mut engine = SparseEngine::with_moves(MoveTable::of(code));
    for (heap, &value) in values.iter().enumerate() {
        engine.count(heap, value);
    }
    let transform = walsh_hadamard(&engine.histogram);
    for class in &mut engine.classes {
        class.relist(fewest_rare(&transform, class.parity).0, values)?;
    }
    let engine = &engine;
    Ok(values
        .par_chunks(BLOCK)
        .enumerate()
        .find_map_first(|(index, block)| {
            let mut options = OptionFlags::new();
            options.widen(engine.bits);
            let mut cursors = vec![1; engine.cursors.len()];
            block.iter().enumerate().find_map(|(offset, &stored)| {
                let heap = index * BLOCK + offset;
                let below = &values[..heap];
                let derived = value_at(
                    &engine.moves,
                    below,
                    &engine.classes,
                    &mut options,
                    &mut cursors,
                    heap,
                );
                (derived != u32::from(stored)).then_some(WrongValue {
                    heap,
                    stored,
                    derived,
                })
            })
        }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::values as plain_values;
    use crate::games::octal_engine::OctalRun;
    use proptest::prelude::*;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn truth(code: &OctalCode, count: usize) -> Vec<u16> {
        plain_values(code, count)
            .into_iter()
            .map(|v| v as u16)
            .collect()
    }

    /// Values with `planted` written over heaps `from ..`, then the rule's
    /// own continuation of that prefix up to `count`: the crafted file of
    /// issue 31, whose every heap after the planted run is consistent.
    fn crafted(code: &OctalCode, from: usize, planted: &[u16], count: usize) -> Vec<u16> {
        let mut values = truth(code, from);
        values.extend_from_slice(planted);
        let mut run = OctalRun::resume(MoveTable::of(code), values, false);
        run.extend_to(count).unwrap();
        run.into_values()
    }

    #[test]
    fn the_true_values_pass_and_a_crafted_run_is_found_where_it_starts() {
        for text in ["·6", "·16", "·007", "4·07", "·77", "·137", "·4"] {
            let game = code(text);
            let values = truth(&game, 3000);
            assert_eq!(first_wrong(&game, &values).unwrap(), None, "{text}");
            assert_eq!(first_wrong(&game, &[]).unwrap(), None);
        }
        // Officers: a period-2 run planted over heaps 32 to 67, the rule's
        // continuation after it (issue 31's file, smaller).
        let officers = code("·6");
        let planted: Vec<u16> = (32..68).map(|h| (h % 2) as u16 + 1).collect();
        let values = crafted(&officers, 32, &planted, 20_000);
        let true_values = truth(&officers, 20_000);
        let first = (0..).find(|&h| values[h] != true_values[h]).unwrap();
        assert!((32..68).contains(&first));
        let wrong = first_wrong(&officers, &values).unwrap().unwrap();
        assert_eq!(wrong.heap, first);
        assert_eq!(wrong.derived, u32::from(true_values[first]));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The check passes exactly the true values, and otherwise names the
        /// first heap where the values differ from them, however the rest
        /// was built.
        #[test]
        fn finds_exactly_the_first_heap_that_differs(
            text in prop::sample::select(vec!["·6", "·16", "·007", "4·07", "·77", "·156", "·4", "·37"]),
            from in 0usize..600,
            planted in prop::collection::vec(0u16..12, 0..40),
            continued in any::<bool>(),
            count in 600usize..5000,
        ) {
            let game = code(text);
            let true_values = truth(&game, count + 50);
            let values = if continued {
                crafted(&game, from, &planted, count)
            } else {
                let mut v = true_values[..count].to_vec();
                for (i, &p) in planted.iter().enumerate() {
                    if let Some(slot) = v.get_mut(from + i) {
                        *slot = p;
                    }
                }
                v
            };
            let first = (0..values.len()).find(|&h| values[h] != true_values[h]);
            let found = first_wrong(&game, &values).unwrap().map(|w| w.heap);
            prop_assert_eq!(found, first);
        }
    }
}
