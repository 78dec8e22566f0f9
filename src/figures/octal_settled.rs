//! `octal-settled`: every code `0.d₁d₂d₃` and `4.d₁d₂d₃` (1,024 names, trailing
//! zeros kept) solved with at most `values` values each, and those whose
//! period is proved within them counted: how many, how many distinct
//! sequences they make, and the longest preperiods and periods among them.
//!
//! A proved period makes the whole sequence known, so two settled codes
//! name the same game exactly when their preperiods, periods and values up
//! to one period past the preperiod agree (the search reports the earliest
//! start and, there, the smallest period, so equal sequences give equal
//! keys): the count of distinct sequences is a fact about every heap, not
//! only those computed.
//!
//! Codes with one sequence need not need one window: the window of
//! Theorem P grows with the code's largest take, so ·771 (which may take
//! three) needs one value more than ·770 for the same values. A sequence
//! carries one [`Window`] per count of values its codes' proofs read, and
//! the table prints one row per window, never one code's count for another.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::OctalCode;
use crate::games::octal_solve::{Finish, Solver};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: how many values settle a code, and how many records to list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// A code is settled when its period is proved within this many values.
    #[serde(deserialize_with = "Within::<1, 100_000>::read")]
    pub values: usize,
    /// How many of the longest preperiods and periods to list.
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub longest: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_census(1024, self.values, "codes")
    }
}

/// Every code of three digits after the point, `0.` then `4.`, with its
/// name as the family writes it (`·130`, `4·007`: all three digits).
pub fn family() -> Vec<(String, OctalCode)> {
    [0u8, 4]
        .iter()
        .flat_map(|&take_nothing| {
            (0..512u32).map(move |number| {
                let digits = [
                    (number >> 6) as u8,
                    (number >> 3 & 7) as u8,
                    (number & 7) as u8,
                ];
                let name = format!(
                    "{}·{}{}{}",
                    if take_nothing == 4 { "4" } else { "" },
                    digits[0],
                    digits[1],
                    digits[2]
                );
                let code = OctalCode::from_digits(take_nothing, &digits)
                    .expect("digits 0 to 7 after the point, 0 or 4 before it");
                (name, code)
            })
        })
        .collect()
}

/// A settled sequence: the codes that make it, its period, and the
/// windows that prove it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Sequence {
    /// The codes, in family order.
    pub codes: Vec<String>,
    pub preperiod: usize,
    pub period: usize,
    /// The codes grouped by the values their certificates read, fewest first.
    pub windows: Vec<Window>,
}

/// The codes of a sequence whose proofs read the same number of values.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Window {
    /// Values the certificate of each of these codes reads.
    pub values_needed: usize,
    /// The codes, in family order.
    pub codes: Vec<String>,
}

impl Sequence {
    /// Adds `name`, whose proof reads `values_needed` values.
    fn add(&mut self, name: &str, values_needed: usize) {
        self.codes.push(name.to_string());
        match self
            .windows
            .iter_mut()
            .find(|w| w.values_needed == values_needed)
        {
            Some(window) => window.codes.push(name.to_string()),
            None => {
                self.windows.push(Window {
                    values_needed,
                    codes: vec![name.to_string()],
                });
                self.windows.sort_by_key(|w| w.values_needed);
            }
        }
    }
}

/// The settled codes of one family (`0.` or `4.`).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Family {
    /// `0` or `4`: the digit before the point.
    pub before_point: u8,
    pub codes: usize,
    pub settled: usize,
    pub distinct_sequences: usize,
}

/// The counts and the records.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Settled within this many values.
    pub values: usize,
    pub codes: usize,
    pub settled: usize,
    pub distinct_sequences: usize,
    /// The two families, `0.` first.
    pub families: Vec<Family>,
    /// The distinct sequences with the longest preperiods (ties: the
    /// longer period, then family order), and with the longest periods.
    pub longest_preperiods: Vec<Sequence>,
    pub longest_periods: Vec<Sequence>,
}

/// The key of a settled code: equal keys, equal sequences for ever.
type Key = (usize, usize, Vec<u16>);

/// Solves every code of the family and groups the settled ones.
pub fn compute(params: &Params) -> Result<Data, String> {
    let codes = family();
    let solved: Vec<Option<(Key, usize)>> = codes
        .par_iter()
        .map(|(_, code)| settle(code, params.values))
        .collect();
    let mut sequences: BTreeMap<Key, Sequence> = BTreeMap::new();
    let mut families = Vec::new();
    for (half, before_point) in [0u8, 4].into_iter().enumerate() {
        let range = half * 512..(half + 1) * 512;
        let mut distinct = std::collections::BTreeSet::new();
        let mut settled = 0;
        for place in range.clone() {
            let Some((key, needed)) = &solved[place] else {
                continue;
            };
            settled += 1;
            distinct.insert(key.clone());
            sequences
                .entry(key.clone())
                .or_insert_with(|| Sequence {
                    codes: Vec::new(),
                    preperiod: key.0,
                    period: key.1,
                    windows: Vec::new(),
                })
                .add(&codes[place].0, *needed);
        }
        families.push(Family {
            before_point,
            codes: range.len(),
            settled,
            distinct_sequences: distinct.len(),
        });
    }
    let mut all: Vec<Sequence> = sequences.into_values().collect();
    all.sort_by_key(|s| first_place(&codes, s));
    Ok(Data {
        values: params.values,
        codes: codes.len(),
        settled: families.iter().map(|f| f.settled).sum(),
        distinct_sequences: all.len(),
        longest_preperiods: longest(&all, params.longest, |s| (s.preperiod, s.period)),
        longest_periods: longest(&all, params.longest, |s| (s.period, s.preperiod)),
        families,
    })
}

/// The key and the values its proof reads, if `code` is proved within `values`.
fn settle(code: &OctalCode, values: usize) -> Option<(Key, usize)> {
    let mut solver = Solver::new(code, values);
    let Ok(Finish::Proved(check)) = solver.solve() else {
        return None;
    };
    let candidate = check.candidate?;
    let (preperiod, period) = (candidate.preperiod, candidate.period);
    let head = solver.values()[..preperiod + period].to_vec();
    Some(((preperiod, period, head), candidate.values_needed))
}

/// Where a sequence's first code stands in the family.
fn first_place(codes: &[(String, OctalCode)], sequence: &Sequence) -> usize {
    codes
        .iter()
        .position(|(name, _)| Some(name) == sequence.codes.first())
        .unwrap_or(usize::MAX)
}

/// The `count` sequences with the largest `measure`, the first in family
/// order among equals (`all` is in family order and the sort is stable).
fn longest(
    all: &[Sequence],
    count: usize,
    measure: fn(&Sequence) -> (usize, usize),
) -> Vec<Sequence> {
    let mut ranked = all.to_vec();
    ranked.sort_by_key(|s| std::cmp::Reverse(measure(s)));
    ranked.truncate(count);
    ranked
}

impl Data {
    /// What was solved.
    pub fn range_note(&self) -> String {
        format!(
            "All {} codes $0.d_1 d_2 d_3$ and $4.d_1 d_2 d_3$ solved with at most {} values each; settled: \
             a period proved by its certificate within them.",
            grouped(self.codes as u64),
            grouped(self.values as u64)
        )
    }
}

/// The codes of a window as a cell: the first few and how many more on the
/// page, every one in the CSV.
fn codes_cell(codes: &[String]) -> Cell {
    let shown: Vec<&str> = codes.iter().take(4).map(String::as_str).collect();
    let text = if codes.len() > shown.len() {
        format!(
            "{} and {} more",
            shown.join(", "),
            codes.len() - shown.len()
        )
    } else {
        shown.join(", ")
    };
    Cell {
        plain: codes.join(", "),
        ..Cell::text(text)
    }
}

/// One row per window of each sequence: every number in a row is true of
/// every code in it.
fn records_table(title: &str, sequences: &[Sequence]) -> Table {
    let mut table = Table::new(vec![
        Column::text("codes").names(),
        Column::number("preperiod"),
        Column::number("period"),
        Column::number("values the proof needs"),
    ])
    .titled(title);
    for s in sequences {
        for w in &s.windows {
            table.push(vec![
                codes_cell(&w.codes),
                Cell::number(s.preperiod as u64),
                Cell::number(s.period as u64),
                Cell::number(w.values_needed as u64),
            ]);
        }
    }
    table
}

/// The counts by family, then the two lists of records.
pub fn render(data: &Data, _meta: &RenderMeta) -> Vec<Table> {
    let mut counts = Table::new(vec![
        Column::text("family").names(),
        Column::number("codes"),
        Column::number(&format!(
            "settled within {} values",
            grouped(data.values as u64)
        )),
        Column::number("distinct sequences"),
    ])
    .titled("How many are settled");
    for f in &data.families {
        counts.push(vec![
            Cell::text(format!("{} before the point", f.before_point)),
            Cell::number(f.codes as u64),
            Cell::number(f.settled as u64),
            Cell::number(f.distinct_sequences as u64),
        ]);
    }
    counts.push(vec![
        Cell::text("both"),
        Cell::number(data.codes as u64),
        Cell::number(data.settled as u64),
        Cell::number(data.distinct_sequences as u64),
    ]);
    vec![
        counts,
        records_table("The longest preperiods", &data.longest_preperiods),
        records_table("The longest periods", &data.longest_periods),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_family_has_every_name_once() {
        let codes = family();
        assert_eq!(codes.len(), 1024);
        assert_eq!(codes[0].0, "·000");
        assert_eq!(codes[95].0, "·137");
        assert_eq!(codes[512 + 7].0, "4·007");
        assert_eq!(codes[95].1.to_string(), "·137");
        let names: std::collections::BTreeSet<&String> = codes.iter().map(|(n, _)| n).collect();
        assert_eq!(names.len(), 1024);
    }

    /// The incremental solve settles exactly the codes that one search of
    /// all 1,000 values certifies (the straight way, as `ladder seq` does).
    #[test]
    fn the_solver_settles_what_a_straight_search_certifies() {
        let data = compute(&Params {
            values: 1000,
            longest: 10,
        })
        .unwrap();
        let straight: Vec<bool> = family()
            .iter()
            .map(|(_, code)| {
                let values = crate::games::octal::values(code, 1000);
                crate::sequence::analyse_certified(&values, 3, code.certificate_rule())
                    .is_certified()
            })
            .collect();
        assert_eq!(data.settled, straight.iter().filter(|&&c| c).count());
        assert_eq!(
            data.families[0].settled,
            straight[..512].iter().filter(|&&c| c).count()
        );
        assert_eq!(data.codes, 1024);
        let preperiods: Vec<usize> = data
            .longest_preperiods
            .iter()
            .map(|s| s.preperiod)
            .collect();
        assert!(
            preperiods.windows(2).all(|w| w[0] >= w[1]),
            "{preperiods:?}"
        );
        assert!(
            data.longest_periods
                .iter()
                .flat_map(|s| &s.windows)
                .all(|w| w.values_needed <= 1000)
        );
    }

    /// Each row of the records tables: every code it names (the CSV's
    /// cell names them all) reads the number of values the row prints.
    /// Printing the first code's window for the whole sequence gave ·771
    /// 167 (it needs 168) and 4·401 168 (it needs 170).
    #[test]
    fn every_code_of_a_row_needs_the_values_the_row_prints() {
        let data = compute(&Params {
            values: 1000,
            longest: 10,
        })
        .unwrap();
        let names: BTreeMap<String, OctalCode> = family().into_iter().collect();
        let meta = RenderMeta {
            id: "octal-settled",
            caption: "",
            width: crate::plot::COLUMN,
        };
        let tables = render(&data, &meta);
        let mut seen = BTreeMap::new();
        for table in &tables[1..] {
            for row in &table.rows {
                let printed: usize = row[3].plain.parse().unwrap();
                for name in row[0].plain.split(", ") {
                    let (_, needed) = settle(&names[name], 1000).unwrap();
                    assert_eq!(needed, printed, "{name} in {:?}", table.title);
                    seen.insert(name.to_string(), printed);
                }
            }
        }
        assert_eq!(seen["·770"], 167);
        assert_eq!(seen["·771"], 168);
        assert_eq!(seen["4·400"], 168);
        assert_eq!(seen["4·411"], 170);
        assert_eq!(seen["·440"], 335);
        assert_eq!(seen["·441"], 336);
    }

    #[test]
    fn equal_sequences_have_equal_keys_and_a_shift_does_not() {
        let key = |text: &str| settle(&OctalCode::parse(text).unwrap(), 1000);
        let dawson = key("·137").unwrap();
        assert_eq!((dawson.0.0, dawson.0.1, dawson.1), (52, 34, 174));
        // ·07 is ·137 one heap later: another sequence.
        assert_ne!(key("·07").unwrap().0, dawson.0);
        // ·330 is ·33 with a trailing zero, the same game; ·333 also takes
        // three, another sequence.
        assert_eq!(key("·33"), key("·330"));
        assert_ne!(key("·33"), key("·333"));
        assert!(key("·16").is_none(), "·16 needs 509,621 values");
    }
}
