//! `saltus-census`: every hexadecimal code of one and two digits after the
//! point, for each digit before it that is given (`0` for none, `4` for a
//! split), computed to the same number of values, searched for a saltus
//! and certified: by Theorem C, by Theorem C⁺, or left observed, with the
//! condition that failed (`games::saltus_certificate`).
//!
//! Codes are computed in parallel; rayon's `collect` keeps code order, so
//! the data is the same with any number of threads.

use std::collections::BTreeMap;
use std::io::IsTerminal;

use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Count, Within};
use super::parts::Parts;
use crate::games::hexadecimal::HexCode;
use crate::games::saltus_certificate::{THEOREM_C, THEOREM_C_PLUS, certify_found};
use crate::sequence::{DEFAULT_MIN_REPEATS, find_arithmetic_period};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters of the census.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The digits before the point: `"0"` (none) or `"4"` (a split).
    #[serde(deserialize_with = "super::bounds::few")]
    pub prefixes: Vec<String>,
    /// Codes of one to `digits` digits after the point (1 or 2).
    #[serde(deserialize_with = "Within::<1, 2>::read")]
    pub digits: u32,
    /// Values computed for every code.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        self.codes()?;
        let codes = 16u64.pow(self.digits) * self.prefixes.len() as u64;
        crate::budget::check_census(codes, self.values.0, "codes")?;
        let leaves_three = crate::games::Rule::Hex(HexCode::parse("·8")?);
        crate::budget::check_values(&leaves_three, self.values.0)
    }
}

impl Params {
    /// Every code, in order: prefix, then the digits after the point read
    /// as a number (·0 … ·F, then ·01 … ·FF without a trailing zero).
    fn codes(&self) -> Result<Vec<HexCode>, String> {
        let mut codes = Vec::new();
        for prefix in &self.prefixes {
            if !["0", "4"].contains(&prefix.as_str()) {
                return Err(format!("a prefix is \"0\" or \"4\", not {prefix:?}"));
            }
            for length in 1..=self.digits {
                for number in 0..16u32.pow(length) {
                    let digits = format!("{number:0width$X}", width = length as usize);
                    if length > 1 && digits.ends_with('0') {
                        continue;
                    }
                    codes.push(HexCode::parse(&format!("{prefix}.{digits}"))?);
                }
            }
        }
        Ok(codes)
    }
}

/// One code with a saltus.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Record {
    pub code: String,
    pub preperiod: usize,
    pub period: usize,
    pub saltus: i64,
    /// The theorem that certified it, or null.
    #[serde(deserialize_with = "crate::interned::optional")]
    pub theorem: Option<crate::interned::Name>,
    /// The period it was certified over (`p`, `2p` or `4p`).
    pub certified_period: Option<usize>,
    /// Values the certificate read (C⁺: its base `N1`).
    pub values_needed: Option<usize>,
    /// Theorem C's verdict on `(p, s)`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub theorem_c: crate::interned::Name,
    /// The condition that failed, or `all`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub condition: crate::interned::Name,
}

/// Codes grouped by a condition.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Reason {
    #[serde(deserialize_with = "crate::interned::name")]
    pub condition: crate::interned::Name,
    pub count: usize,
    pub codes: Vec<String>,
}

/// The census, counted.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub computed: usize,
    /// Codes computed.
    pub codes: usize,
    /// Codes whose values show a saltus.
    pub with_saltus: usize,
    pub certified_c: usize,
    pub certified_c_plus: usize,
    pub observed: usize,
    /// Why Theorem C refused the codes Theorem C⁺ certifies.
    pub c_plus_after: Vec<Reason>,
    /// Why the observed codes are not certified (C⁺'s condition).
    pub why_observed: Vec<Reason>,
    /// The most values a certificate of each theorem read.
    pub most_read_c: usize,
    pub most_read_c_plus: usize,
    /// Codes certified by C⁺ over `2p` or `4p` rather than `p`.
    pub c_plus_read_longer: usize,
    pub rows: Vec<Record>,
}

fn record(game: &HexCode, count: usize) -> Option<Record> {
    let values = game.values(count);
    let found = find_arithmetic_period(&values, DEFAULT_MIN_REPEATS)?;
    let (from, period, saltus) = (found.preperiod, found.period, found.saltus);
    let c = certify_found(game.digits(), &values, from, period, saltus);
    Some(Record {
        code: game.to_string(),
        preperiod: from,
        period,
        saltus,
        theorem: c.holds.then_some(c.theorem),
        certified_period: c.holds.then_some(c.period),
        values_needed: c.holds.then_some(c.values_needed),
        theorem_c: c.attempts.first().map_or("", |a| a.condition),
        condition: c.condition,
    })
}

fn reasons<'a>(rows: impl Iterator<Item = (&'static str, &'a Record)>) -> Vec<Reason> {
    let mut by: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for (condition, r) in rows {
        by.entry(condition).or_default().push(r.code.clone());
    }
    by.into_iter()
        .map(|(condition, codes)| Reason {
            condition,
            count: codes.len(),
            codes,
        })
        .collect()
}

/// Computes every code in parallel, then counts.
pub fn compute(params: &Params, parts: Parts) -> Result<Data, String> {
    params.check()?;
    let codes = params.codes()?;
    let visible = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    let bar = if visible {
        ProgressBar::new(codes.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    let rows: Vec<Option<Record>> = codes
        .par_iter()
        .map(|game| {
            let key = (game.to_string(), params.values.0);
            let one = parts.get_or(&key, || Ok(record(game, params.values.0)));
            bar.inc(1);
            one
        })
        .collect::<Result<_, _>>()?;
    let rows: Vec<Record> = rows.into_iter().flatten().collect();
    bar.finish_and_clear();
    let by = |theorem| rows.iter().filter(move |r| r.theorem == Some(theorem));
    let most_read = |theorem| by(theorem).filter_map(|r| r.values_needed).max();
    Ok(Data {
        computed: params.values.0,
        codes: codes.len(),
        with_saltus: rows.len(),
        certified_c: by(THEOREM_C).count(),
        certified_c_plus: by(THEOREM_C_PLUS).count(),
        observed: rows.iter().filter(|r| r.theorem.is_none()).count(),
        c_plus_after: reasons(by(THEOREM_C_PLUS).map(|r| (r.theorem_c, r))),
        why_observed: reasons(
            rows.iter()
                .filter(|r| r.theorem.is_none())
                .map(|r| (r.condition, r)),
        ),
        most_read_c: most_read(THEOREM_C).unwrap_or(0),
        most_read_c_plus: most_read(THEOREM_C_PLUS).unwrap_or(0),
        c_plus_read_longer: by(THEOREM_C_PLUS)
            .filter(|r| r.certified_period != Some(r.period))
            .count(),
        rows,
    })
}

impl Data {
    /// What was computed.
    pub fn range_note(&self) -> String {
        format!(
            "{} hexadecimal codes, each computed to {} values and searched for a saltus; {} show one.",
            grouped(self.codes as u64),
            grouped(self.computed as u64),
            grouped(self.with_saltus as u64)
        )
    }
}

/// A condition's name, as the table shows it.
fn condition_name(condition: &str) -> String {
    match condition {
        "saltus-power-of-two" => "the saltus is not a power of two".to_string(),
        "early-values-below-saltus" => "an early value reaches $s$".to_string(),
        other => format!("condition {other} fails"),
    }
}

/// The counts as a table: one row per verdict.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("verdict").names(),
        Column::number("codes"),
        Column::number("values read, at most"),
        Column::text("why"),
    ]);
    let why_c = |reasons: &[Reason]| {
        let parts: Vec<String> = reasons
            .iter()
            .map(|r| {
                format!(
                    "Theorem C refuses {}: {}",
                    r.count,
                    condition_name(r.condition)
                )
            })
            .collect();
        Cell::text(parts.join("; "))
    };
    table.push(vec![
        Cell::text("certified by Theorem C"),
        Cell::number(data.certified_c as u64),
        Cell::number(data.most_read_c as u64),
        Cell::text("every early value is below $s$"),
    ]);
    table.push(vec![
        Cell::text("certified by Theorem C⁺"),
        Cell::number(data.certified_c_plus as u64),
        Cell::number(data.most_read_c_plus as u64),
        why_c(&data.c_plus_after),
    ]);
    for r in &data.why_observed {
        table.push(vec![
            Cell::text("observed, not certified"),
            Cell::number(r.count as u64),
            Cell::empty(),
            Cell::text(format!(
                "{}: {}",
                r.codes.join(", "),
                condition_name(r.condition)
            )),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_are_listed_once_each_in_order() {
        let params = Params {
            prefixes: vec!["0".into(), "4".into()],
            digits: 2,
            values: Count(100),
        };
        let codes: Vec<String> = params
            .codes()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(codes.len(), 512);
        assert_eq!(codes[..3], ["·0", "·1", "·2"]);
        assert_eq!(codes[16..18], ["·01", "·02"]);
        assert_eq!(codes[256], "4·0");
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 512);
        let bad = Params {
            prefixes: vec!["8".into()],
            ..params
        };
        assert!(bad.check().unwrap_err().contains("\"0\" or \"4\""));
    }

    #[test]
    fn a_small_census_counts_each_verdict() {
        let params = Params {
            prefixes: vec!["0".into()],
            digits: 1,
            values: Count(600),
        };
        let data = compute(&params, Parts::none()).unwrap();
        // ·8 and ·C by Theorem C; no one-digit code needs C⁺ or stays observed.
        let named: Vec<(&str, Option<&str>)> = data
            .rows
            .iter()
            .map(|r| (r.code.as_str(), r.theorem))
            .collect();
        assert_eq!(named, [("·8", Some(THEOREM_C)), ("·C", Some(THEOREM_C))]);
        assert_eq!((data.codes, data.certified_c, data.observed), (16, 2, 0));
        let meta = RenderMeta {
            id: "saltus-census",
            caption: "",
            width: crate::plot::COLUMN,
        };
        let table = render(&data, &meta);
        assert_eq!(table.rows.len(), 2);
    }
}
