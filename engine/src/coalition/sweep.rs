//! The sweep: every subtraction rule made of two or three takes from `{1, …, 5}`
//! (ten of each, twenty in all), measured for Nim's shape.
//!
//! Each rule is run through the same [`analyze`] as the single rulesets; the
//! sweep keeps only what sorts the rules: whether the shape holds and, when it
//! does not, which of the three failures occur.

use crate::parallel::prelude::*;
use serde::{Deserialize, Serialize};

use super::search::DEFAULT_MOST_BYTES;
use super::{CoalitionAnalysis, CoalitionParams, Ruleset, analyze_within};

/// The largest take of the seed's sweep.
pub const LARGEST_TAKE: u32 = 5;

/// One rule of the sweep.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct SweepEntry {
    /// The subtraction set, ascending.
    pub takes: Vec<u32>,
    /// Whether the rule has Nim's shape.
    pub holds: bool,
    pub census_size: usize,
    /// Classes, the coalition's included.
    pub class_count: usize,
    /// Census positions holding two or more flexible heaps.
    pub two_flexible_positions: usize,
    /// Keys carried by positions of more than one class.
    pub colliding_keys: usize,
    /// Keyed positions sharing their key with a position of another class.
    pub positions_sharing_a_key: usize,
    /// Classes whose every member holds two or more flexible heaps.
    pub classes_beyond_one_flexible: usize,
    pub solved_states: usize,
    /// Everything measured: heap kinds, lengths, classes, key table.
    pub analysis: CoalitionAnalysis,
}

/// The whole sweep, in the order of [`sweep_rulesets`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct SweepReport {
    pub params: CoalitionParams,
    /// The takes are drawn from `1..=largest_take`.
    pub largest_take: u32,
    pub entries: Vec<SweepEntry>,
    /// How many rules have the shape.
    pub holding: usize,
    /// How many do not.
    pub failing: usize,
}

/// The subtraction sets of two or three takes from `{1, …, largest_take}`:
/// the pairs in lexicographic order, then the triples (twenty for 5).
pub fn sweep_rulesets(largest_take: u32) -> Vec<Vec<u32>> {
    let takes: Vec<u32> = (1..=largest_take).collect();
    let mut pairs = Vec::new();
    let mut triples = Vec::new();
    for (i, &first) in takes.iter().enumerate() {
        for (j, &second) in takes.iter().enumerate().skip(i + 1) {
            pairs.push(vec![first, second]);
            for &third in &takes[j + 1..] {
                triples.push(vec![first, second, third]);
            }
        }
    }
    pairs.extend(triples);
    pairs
}

/// Measures one subtraction set within `most_bytes` of memory.
pub fn sweep_entry(
    takes: &[u32],
    params: &CoalitionParams,
    most_bytes: u64,
) -> Result<SweepEntry, String> {
    let analysis = analyze_within(&Ruleset::Subtraction(takes.to_vec()), params, most_bytes)?;
    let shape = &analysis.shape;
    Ok(SweepEntry {
        takes: takes.to_vec(),
        holds: shape.holds,
        census_size: analysis.census_size,
        class_count: analysis.class_count,
        two_flexible_positions: shape.two_flexible_positions,
        colliding_keys: shape.colliding_keys,
        positions_sharing_a_key: shape.positions_sharing_a_key,
        classes_beyond_one_flexible: shape.classes_beyond_one_flexible.len(),
        solved_states: analysis.solved_states,
        analysis,
    })
}

/// Runs the sweep with the given parameters, the rules in parallel (gathered
/// in order), the default memory budget shared among the threads.
pub fn sweep(largest_take: u32, params: &CoalitionParams) -> Result<SweepReport, String> {
    let most_bytes = DEFAULT_MOST_BYTES / crate::parallel::current_num_threads().max(1) as u64;
    let entries: Vec<SweepEntry> = sweep_rulesets(largest_take)
        .par_iter()
        .map(|takes| sweep_entry(takes, params, most_bytes))
        .collect::<Result<_, _>>()?;
    let holding = entries.iter().filter(|entry| entry.holds).count();
    Ok(SweepReport {
        params: *params,
        largest_take,
        failing: entries.len() - holding,
        holding,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_rules_of_two_or_three_takes() {
        let rules = sweep_rulesets(LARGEST_TAKE);
        assert_eq!(rules.len(), 20);
        assert_eq!(rules[0], vec![1, 2]);
        assert_eq!(rules[9], vec![4, 5]);
        assert_eq!(rules[10], vec![1, 2, 3]);
        assert_eq!(rules[19], vec![3, 4, 5]);
    }
}
