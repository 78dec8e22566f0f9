//! `octal-frontier`: every code `0.d₁d₂d₃` and `4.d₁d₂d₃` not settled within
//! `settled_within` values, solved again with up to `depth` values: those
//! proved past the first bound, and those with no period proved in `depth`
//! values, the frontier. Each frontier code is given with what the run saw:
//! its largest value, its sparse structure, a period found whose window
//! reaches past the values computed, or a saltus (values that climb by the
//! same amount every so many heaps) observed. None of this says a code has
//! no period: only that none was proved in `depth` values.
//!
//! Codes whose `depth` values agree are one row (listed by name): equal
//! values over the range computed, an observation about that range.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::octal_settled::family;
use super::parts::Parts;
use crate::games::OctalCode;
use crate::games::octal_shape::shape;
use crate::games::octal_solve::{Candidate, Finish, Solver};
use crate::sequence::find_arithmetic_period;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;
use crate::text::wording::engine_stop;

/// Parameters: the first bound, and how far the frontier is searched.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Codes settled within this many values are left out (`octal-settled`).
    #[serde(deserialize_with = "Within::<1, 100_000>::read")]
    pub settled_within: usize,
    /// Values each other code is solved with.
    #[serde(deserialize_with = "Within::<1, 1_000_000>::read")]
    pub depth: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.depth < self.settled_within {
            return Err(format!(
                "depth ({}) must be at least settled_within ({})",
                self.depth, self.settled_within
            ));
        }
        // The codes past the first bound are few, but some are dense: the
        // budget is that of a census of them all.
        crate::budget::check_census(1024, self.depth / 8, "codes")
    }
}

/// Codes proved past the first bound, one row per sequence.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Late {
    pub codes: Vec<String>,
    pub preperiod: usize,
    pub period: usize,
    pub values_needed: usize,
}

/// A frontier row: the codes whose `depth` values agree, and what was seen.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Unsettled {
    pub codes: Vec<String>,
    pub largest_value: u32,
    pub largest_value_heap: usize,
    /// The rare mask (empty when the code never splits), the rare heaps
    /// (heap 0 counted) and the last of them.
    pub rare_mask: String,
    pub rare_heaps: usize,
    pub last_rare_heap: Option<usize>,
    /// At most a quarter of the heaps rare.
    pub sparse: bool,
    /// A period found whose window needs more than `depth` values.
    pub candidate: Option<Candidate>,
    /// `[preperiod, period, saltus]` of values that climb, observed.
    pub saltus: Option<[i64; 3]>,
}

/// The frontier, and the codes settled on the way.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub settled_within: usize,
    pub depth: usize,
    /// Codes not settled within `settled_within` values.
    pub past_first_bound: usize,
    /// Of those, proved within `depth` values.
    pub settled_later: Vec<Late>,
    pub settled_later_codes: usize,
    /// Codes with no period proved in `depth` values, and their rows.
    pub frontier_codes: usize,
    pub frontier: Vec<Unsettled>,
    /// Frontier rows with a saltus observed, and with a period found whose
    /// window lies past `depth`.
    pub with_saltus: usize,
    pub with_candidate: usize,
    /// Frontier rows where the searches found neither.
    pub found_nothing: usize,
}

/// What one code's deeper solve gave (a part of the figure, cached alone).
#[derive(Serialize, Deserialize)]
enum Outcome {
    Settled(Late),
    Unsettled(Vec<u16>, Option<Candidate>),
}

/// Solves a code past the first bound, to `depth` values.
fn deeper(name: &str, code: &OctalCode, params: &Params) -> Result<Option<Outcome>, String> {
    let mut first = Solver::new(code, params.settled_within);
    if matches!(first.solve(), Ok(Finish::Proved(_))) {
        return Ok(None);
    }
    let mut solver = Solver::resume(code, first.into_values(), params.depth);
    let finish = solver.solve().map_err(|stop| engine_stop(name, &stop))?;
    Ok(Some(match finish {
        Finish::Proved(check) => {
            let c = check
                .candidate
                .ok_or(format!("{name}: a proof without a period"))?;
            Outcome::Settled(Late {
                codes: vec![name.to_string()],
                preperiod: c.preperiod,
                period: c.period,
                values_needed: c.values_needed,
            })
        }
        Finish::NotProved { .. } => {
            let candidate = solver.candidate();
            Outcome::Unsettled(solver.into_values(), candidate)
        }
    }))
}

/// Frontier codes whose values agree: the values, what the search found,
/// the names, and where the first name stands in the family.
struct Group {
    values: Vec<u16>,
    candidate: Option<Candidate>,
    names: Vec<String>,
    first: usize,
}

/// Solves every code and groups what is left.
pub fn compute(params: &Params, parts: Parts) -> Result<Data, String> {
    let codes = family();
    let outcomes: Vec<Option<Outcome>> = codes
        .par_iter()
        .map(|(name, code)| {
            let key = (name, params.settled_within, params.depth);
            parts.get_or(&key, || deeper(name, code, params))
        })
        .collect::<Result<_, _>>()?;
    let mut late: BTreeMap<(usize, usize, usize), Late> = BTreeMap::new();
    let mut unsettled: Vec<Group> = Vec::new();
    let mut rows_by_values: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut past_first_bound = 0;
    for (place, outcome) in outcomes.into_iter().enumerate() {
        let name = codes[place].0.clone();
        match outcome {
            None => continue,
            Some(Outcome::Settled(found)) => {
                let key = (found.preperiod, found.period, found.values_needed);
                late.entry(key)
                    .or_insert(Late {
                        codes: Vec::new(),
                        ..found
                    })
                    .codes
                    .push(name);
            }
            Some(Outcome::Unsettled(values, candidate)) => match rows_by_values.get(&values) {
                Some(&row) => unsettled[row].names.push(name),
                None => {
                    rows_by_values.insert(values.clone(), unsettled.len());
                    unsettled.push(Group {
                        values,
                        candidate,
                        names: vec![name],
                        first: place,
                    });
                }
            },
        }
        past_first_bound += 1;
    }
    let frontier: Vec<Unsettled> = unsettled
        .par_iter()
        .map(|g| describe(&codes[g.first].1, &g.values, g.candidate, &g.names))
        .collect();
    let mut settled_later: Vec<Late> = late.into_values().collect();
    settled_later.sort_by_key(|l| std::cmp::Reverse(l.values_needed));
    Ok(Data {
        settled_within: params.settled_within,
        depth: params.depth,
        past_first_bound,
        settled_later_codes: settled_later.iter().map(|l| l.codes.len()).sum(),
        settled_later,
        frontier_codes: frontier.iter().map(|u| u.codes.len()).sum(),
        with_saltus: frontier.iter().filter(|u| u.saltus.is_some()).count(),
        with_candidate: frontier.iter().filter(|u| u.candidate.is_some()).count(),
        found_nothing: frontier
            .iter()
            .filter(|u| u.candidate.is_none() && u.saltus.is_none())
            .count(),
        frontier,
    })
}

/// A frontier row: the shape of the values, and what the searches saw.
fn describe(
    code: &OctalCode,
    values: &[u16],
    candidate: Option<Candidate>,
    names: &[String],
) -> Unsettled {
    let shape = shape(code, values);
    let sparse = shape.sparse.as_ref();
    let saltus =
        find_arithmetic_period(values, 3).map(|a| [a.preperiod as i64, a.period as i64, a.saltus]);
    Unsettled {
        codes: names.to_vec(),
        largest_value: shape.largest_value,
        largest_value_heap: shape.largest_value_heap,
        rare_mask: sparse.map_or(String::new(), |s| s.rare_mask.clone()),
        rare_heaps: sparse.map_or(0, |s| s.rare_heaps),
        last_rare_heap: sparse.and_then(|s| s.last_rare_heap),
        sparse: sparse.is_some_and(|s| s.is_sparse(values.len())),
        candidate,
        saltus,
    }
}

impl Data {
    /// How far the build went.
    pub fn range_note(&self) -> String {
        format!(
            "Every code $0.d_1 d_2 d_3$ and $4.d_1 d_2 d_3$ not settled within {} values solved again with up \
             to {} values; no period was proved for the codes listed in the {} values computed.",
            grouped(self.settled_within as u64),
            grouped(self.depth as u64),
            grouped(self.depth as u64)
        )
    }
}

fn names_cell(codes: &[String]) -> Cell {
    Cell::text(codes.join(", "))
}

/// What the searches saw, in words: empty when they found nothing, which
/// the column's title says once for every row.
fn seen(row: &Unsettled) -> Cell {
    match (row.candidate, row.saltus) {
        (Some(c), _) => Cell::text(format!(
            "period {} from heap {}; its window needs {} values",
            grouped(c.period as u64),
            grouped(c.preperiod as u64),
            grouped(c.values_needed as u64)
        )),
        (None, Some([from, period, saltus])) => Cell::text(format!(
            "values climb by {saltus} every {period} heaps from heap {} (observed)",
            grouped(from.max(0) as u64)
        )),
        (None, None) => Cell::empty(),
    }
}

/// The frontier, then the codes settled past the first bound.
pub fn render(data: &Data, _meta: &RenderMeta) -> Vec<Table> {
    let depth = grouped(data.depth as u64);
    let mut frontier = Table::new(vec![
        Column::text("codes").names(),
        Column::number("largest value"),
        Column::number("first at heap"),
        Column::text("rare mask"),
        Column::number("rare heaps"),
        Column::number("last rare heap"),
        Column::text("period found, not proved (blank: none found)"),
    ])
    .titled(format!("No period proved in {depth} values"));
    for row in &data.frontier {
        frontier.push(vec![
            names_cell(&row.codes),
            Cell::number(u64::from(row.largest_value)),
            Cell::number(row.largest_value_heap as u64),
            Cell::text(if row.rare_mask.is_empty() {
                "none".into()
            } else {
                row.rare_mask.clone()
            }),
            Cell::number(row.rare_heaps as u64),
            row.last_rare_heap
                .map_or(Cell::text("none"), |h| Cell::number(h as u64)),
            seen(row),
        ]);
    }
    let mut later = Table::new(vec![
        Column::text("codes").names(),
        Column::number("preperiod"),
        Column::number("period"),
        Column::number("values the proof needs"),
    ])
    .titled(format!(
        "Settled past {} values, within {depth}",
        grouped(data.settled_within as u64)
    ));
    for row in &data.settled_later {
        later.push(vec![
            names_cell(&row.codes),
            Cell::number(row.preperiod as u64),
            Cell::number(row.period as u64),
            Cell::number(row.values_needed as u64),
        ]);
    }
    vec![frontier, later]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shallow_frontier_keeps_007_and_settles_45_on_the_way() {
        let data = compute(
            &Params {
                settled_within: 1000,
                depth: 4000,
            },
            Parts::none(),
        )
        .unwrap();
        let listed =
            |rows: &[Vec<String>], name: &str| rows.iter().any(|r| r.iter().any(|c| c == name));
        let frontier: Vec<Vec<String>> = data.frontier.iter().map(|u| u.codes.clone()).collect();
        let later: Vec<Vec<String>> = data.settled_later.iter().map(|l| l.codes.clone()).collect();
        assert!(
            listed(&frontier, "·007"),
            "·007 has no period proved in 4,000 values"
        );
        assert!(listed(&later, "·450"), "·45's proof reads 1,037 values");
        assert!(!listed(&frontier, "·137") && !listed(&later, "·137"));
        assert_eq!(
            data.past_first_bound,
            data.settled_later_codes + data.frontier_codes
        );
        assert!(
            data.settled_later
                .iter()
                .all(|l| l.values_needed > 1000 && l.values_needed <= 4000)
        );
    }
}
