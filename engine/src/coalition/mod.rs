//! The three-player game under one fixed alliance: player 1 alone against
//! allies whose only aim is to stop player 1 making the last move.
//!
//! This world shares nothing with the Grundy machinery. With more than two
//! players an impartial game has no value until a preference among the losers
//! is fixed; the alliance fixes it, which makes the game two-sided again (see
//! `search.rs`). What is measured per ruleset:
//! - the kind of each heap, from its lengths of play and its tests (`classes.rs`);
//! - the census: positions of a few heaps the coalition does not own;
//! - the classes of census positions no test position tells apart;
//! - the key (units modulo the number of players, and the one flexible heap)
//!   and whether it decides the class: Nim's shape (`shape.rs`).
//!
//! Every count is relative to [`CoalitionParams`]: larger tests can only split
//! classes, and a larger census can only find more exceptions to the shape.

pub mod classes;
pub mod position;
pub mod rules;
pub mod search;
pub mod shape;
pub mod sweep;

#[cfg(test)]
mod seed_numbers;

use serde::{Deserialize, Serialize};

use crate::numbers::grouped;

pub use classes::by_size;
pub use classes::{CoalitionClass, HeapKind, HeapProfile};
pub use position::Position;
pub use rules::{MoveTable, RULESET_SYNTAX, Ruleset};
pub use search::{Outcome, Solver, outcome_unmemoised};
pub use shape::{KeyEntry, PositionKey, ShapeVerdict};
pub use sweep::{SweepEntry, SweepReport, sweep, sweep_entry, sweep_rulesets};

use classes::{Tester, assign_heap_classes, group_into_classes, take_census};
use shape::judge_shape;

/// The sizes of the measurement. The defaults are the seed's.
///
/// Deserialisable so a manifest can embed it: every field is optional there
/// and defaults to the seed's value; an unknown field is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CoalitionParams {
    /// Test positions have at most this many heaps (seed: 3).
    pub test_heaps: usize,
    /// Test heaps have sizes `1..=test_largest_heap` (seed: 10).
    pub test_largest_heap: u32,
    /// Census positions have at most this many heaps (seed: 5).
    pub census_heaps: usize,
    /// Census heaps, and the heaps whose kinds are reported, have sizes
    /// `1..=census_largest_heap` (seed: 10).
    pub census_largest_heap: u32,
    /// The number of allies against the lone player (seed: 2); units count
    /// modulo the number of players, `allies + 1`.
    pub allies: u32,
}

impl Default for CoalitionParams {
    fn default() -> CoalitionParams {
        CoalitionParams {
            test_heaps: 3,
            test_largest_heap: 10,
            census_heaps: 5,
            census_largest_heap: 10,
            allies: 2,
        }
    }
}

/// The largest heap a measurement may use, and the most heaps in a position:
/// past these a census or a test set grows beyond a page's budget.
pub const LARGEST_HEAP: u32 = 24;
/// The most heaps a census or a test position may hold.
pub const MOST_HEAPS: usize = 6;

impl CoalitionParams {
    /// Checks the sizes before any search starts.
    pub fn validate(&self) -> Result<(), String> {
        let heaps = [
            ("test_largest_heap", self.test_largest_heap),
            ("census_largest_heap", self.census_largest_heap),
        ];
        for (name, size) in heaps {
            if !(1..=LARGEST_HEAP).contains(&size) {
                return Err(format!(
                    "{name} must be from 1 to {LARGEST_HEAP}, not {}",
                    grouped(u64::from(size))
                ));
            }
        }
        let counts = [
            ("test_heaps", self.test_heaps),
            ("census_heaps", self.census_heaps),
        ];
        for (name, count) in counts {
            if count > MOST_HEAPS {
                return Err(format!(
                    "{name} must be from 0 to {MOST_HEAPS}, not {}",
                    grouped(count as u64)
                ));
            }
        }
        if !(1..=search::MOST_ALLIES).contains(&self.allies) {
            return Err(format!(
                "allies must be from 1 to {}, not {}",
                search::MOST_ALLIES,
                grouped(u64::from(self.allies))
            ));
        }
        Ok(())
    }

    /// The description followed by a space, or nothing for the seed's
    /// parameters, which the page states once for all its figures.
    pub fn describe_if_not_default(&self) -> String {
        if *self == CoalitionParams::default() {
            String::new()
        } else {
            format!("{} ", self.describe())
        }
    }

    /// The parameters in one sentence.
    pub fn describe(&self) -> String {
        format!(
            "Tests: every position of up to {} heaps of sizes 1 to {}, the empty one included; \
             census: positions of up to {} heaps of sizes up to {}; one lone player against {} \
             allies, so units count modulo {}.",
            self.test_heaps,
            self.test_largest_heap,
            self.census_heaps,
            self.census_largest_heap,
            self.allies,
            self.allies + 1
        )
    }
}

/// Everything measured for one ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct CoalitionAnalysis {
    pub params: CoalitionParams,
    /// The number of players: the lone player and the allies.
    pub players: u32,
    /// The number of test positions, the empty one included.
    pub tests: usize,
    /// Heaps `1..=census_largest_heap`: lengths of play and kind.
    pub heaps: Vec<HeapProfile>,
    /// The number of census positions (the empty position included).
    pub census_size: usize,
    /// The census classes, then the coalition's class (if anything is owned).
    pub classes: Vec<CoalitionClass>,
    /// The number of classes, the coalition's included.
    pub class_count: usize,
    /// Every key among census positions with at most one flexible heap.
    pub key_table: Vec<KeyEntry>,
    pub shape: ShapeVerdict,
    /// Distinct canonical positions the search solved.
    pub solved_states: usize,
}

/// Runs the whole measurement for one ruleset, within
/// [`search::DEFAULT_MOST_BYTES`] of memory.
pub fn analyze(ruleset: &Ruleset, params: &CoalitionParams) -> Result<CoalitionAnalysis, String> {
    analyze_within(ruleset, params, search::DEFAULT_MOST_BYTES)
}

/// The most positions the census can hold: every multiset of up to
/// `heaps` heaps of sizes `1..=largest` (a binomial coefficient).
fn positions_up_to(heaps: usize, largest: u32) -> u64 {
    // C(largest + heaps, heaps), exact in u128 for the validated sizes;
    // past u128, as many as a u64 holds.
    let (n, k) = (u128::from(largest) + heaps as u128, heaps as u128);
    (1..=k)
        .try_fold(1u128, |c, i| Some(c.checked_mul(n - k + i)? / i))
        .and_then(|c| u64::try_from(c).ok())
        .unwrap_or(u64::MAX)
}

/// The measurement within `most_bytes` of memory: the census's signatures
/// (an outcome of each census position against each test, two bytes
/// each) are counted before the search starts, the search's memo as it
/// grows; either past the budget is an error that says so, never an abort.
pub fn analyze_within(
    ruleset: &Ruleset,
    params: &CoalitionParams,
    most_bytes: u64,
) -> Result<CoalitionAnalysis, String> {
    let tests = positions_up_to(params.test_heaps, params.test_largest_heap);
    let census = positions_up_to(params.census_heaps, params.census_largest_heap);
    let signatures = census
        .saturating_mul(tests.saturating_mul(2).saturating_add(64))
        .saturating_add(tests.saturating_mul(64));
    if signatures > most_bytes / 2 {
        return Err(format!(
            "memory: up to {} census positions, each with its outcome against {} test \
             positions, need up to {}, over half the budget of {}: ask for fewer or smaller heaps",
            grouped(census),
            grouped(tests),
            crate::numbers::byte_size(signatures),
            crate::numbers::byte_size(most_bytes)
        ));
    }
    let largest_heap = params.test_largest_heap.max(params.census_largest_heap);
    let solver = Solver::new(ruleset, largest_heap, params.allies).within(most_bytes / 2);
    let players = solver.players();
    let mut tester = Tester::new(solver, params);
    let full = |tester: &Tester| -> Result<(), String> {
        if tester.solver().is_full() {
            Err(tester.solver().memory_note())
        } else {
            Ok(())
        }
    };
    let mut heaps = tester.heap_profiles(params.census_largest_heap);
    full(&tester)?;
    let heaps_of_kind = |wanted: fn(&HeapKind) -> bool| -> Vec<u32> {
        heaps
            .iter()
            .filter(|profile| wanted(&profile.kind))
            .map(|profile| profile.size)
            .collect()
    };
    let census_heaps =
        heaps_of_kind(|kind| matches!(kind, HeapKind::Units { .. } | HeapKind::Flexible));
    let coalition_heaps = heaps_of_kind(|kind| matches!(kind, HeapKind::CoalitionAlone));
    let census = take_census(&mut tester, &census_heaps, params.census_heaps);
    full(&tester)?;
    let (classes, class_of) = group_into_classes(&census, &coalition_heaps, players);
    assign_heap_classes(&mut heaps, &classes);
    let positions: Vec<Position> = census
        .positions
        .into_iter()
        .map(|(position, _)| position)
        .collect();
    let (key_table, shape) = judge_shape(&positions, &class_of, &heaps, players);
    Ok(CoalitionAnalysis {
        params: *params,
        players,
        tests: tester.test_count(),
        heaps,
        census_size: positions.len(),
        class_count: classes.len(),
        classes,
        key_table,
        shape,
        solved_states: tester.solver().solved_states(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measurement_past_its_memory_says_so_and_one_within_it_answers() {
        let params = CoalitionParams::default();
        let kayles = Ruleset::Octal(vec![0, 0, 7]);
        let whole = analyze_within(&kayles, &params, 64 << 20).unwrap();
        assert_eq!(whole, analyze(&kayles, &params).unwrap());
        // The signatures are counted before the search: 3,003 census
        // positions against 286 tests need about 1.9 MB.
        let error = analyze_within(&kayles, &params, 2 << 20).unwrap_err();
        assert!(
            error.starts_with("memory: up to 3,003 census positions"),
            "{error}"
        );
        // The memo, as it grows: room for the signatures but not for the
        // 54,140 positions the search of Dawson's Kayles solves.
        let error = analyze_within(&kayles, &params, 6 << 20).unwrap_err();
        assert!(error.contains("table of solved positions"), "{error}");
        // The largest sizes the manifest allows are refused at once.
        let largest = CoalitionParams {
            test_heaps: MOST_HEAPS,
            test_largest_heap: LARGEST_HEAP,
            census_heaps: MOST_HEAPS,
            census_largest_heap: LARGEST_HEAP,
            allies: 7,
        };
        assert!(largest.validate().is_ok());
        let error = analyze(&kayles, &largest).unwrap_err();
        assert!(error.contains("593,775 census positions"), "{error}");
    }

    #[test]
    fn each_size_out_of_range_is_named_with_its_number() {
        let error = |change: fn(&mut CoalitionParams)| {
            let mut params = CoalitionParams::default();
            change(&mut params);
            params.validate().unwrap_err()
        };
        for (message, expected) in [
            (
                error(|p| p.test_largest_heap = 25),
                "test_largest_heap must be from 1 to 24, not 25",
            ),
            (
                error(|p| p.census_largest_heap = u32::MAX),
                "census_largest_heap must be from 1 to 24, not 4,294,967,295",
            ),
            (
                error(|p| p.census_largest_heap = 0),
                "census_largest_heap must be from 1 to 24, not 0",
            ),
            (
                error(|p| p.test_heaps = 1_000_000),
                "test_heaps must be from 0 to 6, not 1,000,000",
            ),
            (
                error(|p| p.census_heaps = 7),
                "census_heaps must be from 0 to 6, not 7",
            ),
            (
                error(|p| p.allies = u32::MAX),
                "allies must be from 1 to 7, not 4,294,967,295",
            ),
        ] {
            assert_eq!(message, expected);
        }
        assert_eq!(CoalitionParams::default().validate(), Ok(()));
    }
}
