//! The census of the single-pass classification: every pair `1 ≤ x < y ≤ bound` checked against
//! the recursion, and the values the pass-available sequence `h` takes.
//!
//! One record per pair, in the order `(x, y)` increasing lexicographically, so the output is the
//! same however it is computed. The paper (seed `002_625bde5f81a5641f.txt`) states `h ≤ 3`; the
//! value census measures the largest value and, for each value, where it first appears, beside
//! the first appearance read off the predicted prefix word (every value of `h` that ever occurs
//! occurs in the prefix word, since the tail is a shift of `g`, whose values 0, 1, 2 all occur
//! there already).

use serde::{Deserialize, Serialize};

use crate::games::pass_classification::{
    ClosedFormCheck, Disagreement, PassCase, TwoTakes, check, predicted_first_heap,
};
use crate::sequence::Value;

/// One pair's line in the census data.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct CensusRecord {
    pub takes: [usize; 2],
    pub case: PassCase,
    /// The measured, certified least preperiod of `(g, h)`.
    pub preperiod: Option<usize>,
    /// The measured, certified least period of `(g, h)`.
    pub period: Option<usize>,
    pub closed_form_agrees: bool,
    pub first_disagreement: Option<Disagreement>,
}

/// Where a value of `h` first shows up, over the whole range.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ValueAppearance {
    pub value: Value,
    /// In how many pairs `h` takes this value at all: the denominator of the next two counts.
    pub pairs_where_it_appears: usize,
    /// The pair and heap with the smallest first heap (ties: the first pair in census order).
    pub earliest: Option<PairHeap>,
    /// Of the pairs where `h` takes this value, in how many its first heap is where the predicted
    /// prefix word puts it. A pair that never reaches the value is not counted: it has no first
    /// heap to match.
    pub pairs_where_first_heap_matches_word: usize,
    /// In how many pairs the predicted prefix word holds this value. Equal to
    /// `pairs_where_it_appears` when the word reaches a value exactly where `h` does.
    pub pairs_where_word_has_it: usize,
}

/// A heap in the game of one pair of takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct PairHeap {
    pub takes: [usize; 2],
    pub heap: usize,
}

/// The first heap of each value `0 ..= largest` of `h` for one pair.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PairFirstHeaps {
    pub takes: [usize; 2],
    /// Indexed by value; `None` where `h` never takes that value.
    pub first_heap: Vec<Option<usize>>,
}

/// The values `h` takes over the range.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ValueCensus {
    /// The largest `h` value over every heap computed in every pair.
    pub largest_value: Value,
    /// The pair and heap where `largest_value` first occurs (census order, then heap).
    pub largest_value_at: PairHeap,
    /// One entry per value `0 ..= largest_value`.
    pub appearances: Vec<ValueAppearance>,
    /// Per pair, the first heap of each value.
    pub first_heaps: Vec<PairFirstHeaps>,
}

/// The whole census over `1 ≤ x < y ≤ bound`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PassCensus {
    pub bound: usize,
    pub pairs_checked: usize,
    pub pairs_agreeing: usize,
    /// How many pairs fall in each case, in the paper's order, with how many of them agree.
    pub per_case: Vec<CaseCount>,
    pub records: Vec<CensusRecord>,
    pub values: ValueCensus,
}

/// The census count of one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct CaseCount {
    pub case: PassCase,
    pub pairs: usize,
    pub agreeing: usize,
}

/// Every pair `0 < x < y ≤ bound`, lexicographically.
pub fn pairs_up_to(bound: usize) -> Vec<TwoTakes> {
    (1..=bound)
        .flat_map(|x| (x + 1..=bound).map(move |y| TwoTakes { x, y }))
        .collect()
}

/// The largest `bound` a figure may ask of [`census`].
pub const LARGEST_BOUND: usize = 120;

/// [`census`] for a bound from a manifest: 2 to [`LARGEST_BOUND`], or a message.
pub fn checked_census(bound: usize) -> Result<PassCensus, String> {
    if !(2..=LARGEST_BOUND).contains(&bound) {
        return Err(format!(
            "largest_take must be from 2 to {LARGEST_BOUND}, not {bound}"
        ));
    }
    Ok(census(bound))
}

/// Checks every pair up to `bound` and gathers the records and the value census.
pub fn census(bound: usize) -> PassCensus {
    let checks: Vec<ClosedFormCheck> = pairs_up_to(bound).into_iter().map(check).collect();
    let records: Vec<CensusRecord> = checks.iter().map(record).collect();
    let pairs_agreeing = records.iter().filter(|r| r.closed_form_agrees).count();
    let per_case = PassCase::ALL
        .iter()
        .map(|&case| {
            let of_case = records.iter().filter(|r| r.case == case);
            CaseCount {
                case,
                pairs: of_case.clone().count(),
                agreeing: of_case.filter(|r| r.closed_form_agrees).count(),
            }
        })
        .collect();
    PassCensus {
        bound,
        pairs_checked: records.len(),
        pairs_agreeing,
        per_case,
        records,
        values: value_census(&checks),
    }
}

fn record(check: &ClosedFormCheck) -> CensusRecord {
    CensusRecord {
        takes: [check.takes.x, check.takes.y],
        case: check.case,
        preperiod: check.preperiod,
        period: check.period,
        closed_form_agrees: check.agrees(),
        first_disagreement: check.first_disagreement,
    }
}

/// First heap of each value `0 ..= largest` in `values`.
fn first_heaps(values: &[Value], largest: Value) -> Vec<Option<usize>> {
    (0..=largest)
        .map(|value| values.iter().position(|&v| v == value))
        .collect()
}

fn value_census(checks: &[ClosedFormCheck]) -> ValueCensus {
    let (largest_value, largest_value_at) = checks
        .iter()
        .flat_map(|check| {
            let takes = [check.takes.x, check.takes.y];
            let h = &check.values.pass_available;
            h.iter()
                .enumerate()
                .map(move |(heap, &value)| (value, PairHeap { takes, heap }))
        })
        .fold(
            None,
            |best: Option<(Value, PairHeap)>, (value, at)| match best {
                Some((top, _)) if top >= value => best,
                _ => Some((value, at)),
            },
        )
        .expect("the census covers at least one pair");
    let first_heaps: Vec<PairFirstHeaps> = checks
        .iter()
        .map(|check| PairFirstHeaps {
            takes: [check.takes.x, check.takes.y],
            first_heap: first_heaps(&check.values.pass_available, largest_value),
        })
        .collect();
    let appearances = (0..=largest_value)
        .map(|value| appearance(value, checks, &first_heaps))
        .collect();
    ValueCensus {
        largest_value,
        largest_value_at,
        appearances,
        first_heaps,
    }
}

fn appearance(value: Value, checks: &[ClosedFormCheck], all: &[PairFirstHeaps]) -> ValueAppearance {
    let index = value as usize;
    let present = all.iter().filter_map(|pair| {
        pair.first_heap[index].map(|heap| PairHeap {
            takes: pair.takes,
            heap,
        })
    });
    let earliest = present.clone().min_by_key(|at| at.heap);
    let predicted: Vec<Option<usize>> = checks
        .iter()
        .map(|check| predicted_first_heap(check.takes, value))
        .collect();
    let matches_word = predicted
        .iter()
        .zip(all)
        .filter(|(word, pair)| word.is_some() && **word == pair.first_heap[index])
        .count();
    ValueAppearance {
        value,
        pairs_where_it_appears: present.count(),
        earliest,
        pairs_where_first_heap_matches_word: matches_word,
        pairs_where_word_has_it: predicted.iter().flatten().count(),
    }
}
