//! `misere-census-record`: the misère census of the codes of one length,
//! read from a committed record (`records/NAME.jsonl`, one line a code, as
//! `examples/misere_census.rs` writes it) rather than computed: at three
//! digits the census takes most of an hour, too long for every build.
//!
//! The build checks what it can in seconds: the record holds every code of
//! the length once, in order; each row agrees with itself (a period exactly
//! when it says tame or wild, no difference from the referee, its depth
//! within the bounds); and every row the record calls settled (tame or
//! wild, Φ's period proved by Theorem M) is computed again here, with the
//! same bounds, and must be the same row field for field. The unsettled
//! rows, which spend the whole work budget, are taken from the record;
//! `ladder check --deep` ([`deep_check`]) computes every row again.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::misere_census::{self, Row, Status, census_row, codes_of};
use crate::sweep::record::differing_fields;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The record: a file name in `records/`.
    pub record: String,
    /// The codes of exactly this many digits after the point.
    #[serde(deserialize_with = "Within::<1, 4>::read")]
    pub digits: u32,
    /// The bounds the record was computed with, as `misere-census`'s: the
    /// most heaps…
    #[serde(deserialize_with = "Within::<1, 400>::read")]
    pub heaps: usize,
    /// … and each code's work budget.
    #[serde(deserialize_with = "Within::<1, 100_000_000_000>::read")]
    pub work: u64,
    /// The record's rows, read from `records/` when the manifest is loaded
    /// (part of the figure's key, so a new record recomputes it).
    #[serde(skip)]
    pub rows: Vec<Row>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

impl Params {
    /// The census's own parameters, for one row.
    fn census(&self) -> misere_census::Params {
        misere_census::Params {
            digits: self.digits,
            heaps: self.heaps,
            work: self.work,
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The record's file, in `records/`.
    pub record: String,
    pub digits: u32,
    pub most_heaps: usize,
    pub work: u64,
    pub codes: usize,
    pub tame: usize,
    pub wild: usize,
    pub unsettled: usize,
    /// Rows whose referee found a misprediction (0: the build refuses any).
    pub differences: usize,
    /// Rows of odd order past the trivial one (0 unless a bug).
    pub odd_order: usize,
    /// The settled rows, each computed again by this build.
    pub computed_again: usize,
    /// The sums the referee played out, over all rows.
    pub refereed: usize,
    /// Every row, in the record's order.
    pub rows: Vec<Row>,
}

/// The record checked against the codes and itself; its settled rows
/// computed again.
pub fn compute(params: &Params) -> Result<Data, String> {
    let file = format!("records/{}", params.record);
    let codes = codes_of(params.digits);
    if params.rows.len() != codes.len() {
        return Err(format!(
            "{file}: {} rows, but there are {} codes of {} digits",
            params.rows.len(),
            codes.len(),
            params.digits
        ));
    }
    for (row, code) in params.rows.iter().zip(&codes) {
        let name = format!("·{}", code.digits_after_point());
        if row.code != name {
            return Err(format!(
                "{file}: the row for {name} is {}'s (one row a code, in order)",
                row.code
            ));
        }
        consistent(row, params).map_err(|e| format!("{file}: {name}: {e}"))?;
    }
    let census = params.census();
    let again = params
        .rows
        .par_iter()
        .zip(&codes)
        .filter(|(row, _)| row.status != Status::Unsettled)
        .map(|(row, code)| {
            let fresh = census_row(code, &census)?;
            let differing = differing(row, &fresh);
            if differing.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "{file}: {} computed again differs: {}",
                    row.code,
                    differing.join("; ")
                ))
            }
        })
        .collect::<Result<Vec<()>, String>>()?;
    let count = |status: Status| params.rows.iter().filter(|r| r.status == status).count();
    Ok(Data {
        record: params.record.clone(),
        digits: params.digits,
        most_heaps: params.heaps,
        work: params.work,
        codes: params.rows.len(),
        tame: count(Status::Tame),
        wild: count(Status::Wild),
        unsettled: count(Status::Unsettled),
        differences: params.rows.iter().map(|r| r.differences).sum(),
        odd_order: params
            .rows
            .iter()
            .filter(|r| r.order > 1 && r.order % 2 == 1)
            .count(),
        computed_again: again.len(),
        refereed: params.rows.iter().map(|r| r.refereed).sum(),
        rows: params.rows.clone(),
    })
}

/// What a row must say of itself to be read at all.
fn consistent(row: &Row, params: &Params) -> Result<(), String> {
    let proved = row.period.is_some();
    if proved != row.preperiod.is_some() {
        return Err("a period without a preperiod, or the reverse".to_string());
    }
    let status_fits = match row.status {
        Status::Tame => proved && row.tame,
        Status::Wild => proved && !row.tame,
        Status::Unsettled => !proved,
    };
    if !status_fits {
        return Err(format!(
            "status {:?} with period {:?} and tame {}",
            row.status, row.period, row.tame
        ));
    }
    if row.heaps > params.heaps {
        return Err(format!(
            "proved to heap {}, past the census's bound {}",
            row.heaps, params.heaps
        ));
    }
    if row.status == Status::Unsettled && row.stopped.is_none() && row.heaps != params.heaps {
        return Err(format!(
            "unsettled at heap {} with no reason, short of the bound {}",
            row.heaps, params.heaps
        ));
    }
    if row.differences != 0 {
        return Err("the referee found a misprediction".to_string());
    }
    Ok(())
}

/// The fields of `recorded` that differ from `fresh`, each in words.
fn differing(recorded: &Row, fresh: &Row) -> Vec<String> {
    let Some(fields) = differing_fields(recorded, fresh) else {
        return vec!["the rows cannot be compared".to_string()];
    };
    fields
        .into_iter()
        .map(|(key, value, now)| format!("{key}: recorded {value}, computed {now}"))
        .collect()
}

/// One line for the records a build reads.
pub fn records(params: &Params) -> Vec<String> {
    vec![format!(
        "records/{}: {} codes of {} digits, to at most {} heaps and {} products each",
        params.record,
        params.rows.len(),
        params.digits,
        params.heaps,
        grouped(params.work)
    )]
}

/// `ladder check --deep`: every row computed again; each that differs is
/// a line of the answer.
pub fn deep_check(params: &Params) -> Vec<String> {
    let census = params.census();
    let codes = codes_of(params.digits);
    params
        .rows
        .par_iter()
        .zip(&codes)
        .flat_map_iter(|(row, code)| match census_row(code, &census) {
            Err(error) => vec![format!("{}: {error}", row.code)],
            Ok(fresh) => differing(row, &fresh)
                .into_iter()
                .map(|d| format!("{}: {d}", row.code))
                .collect(),
        })
        .collect()
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "The {} codes of {} digits from the committed record records/{} (written by \
             examples/misere_census.rs), each grown heap by heap until Φ's period is proved, {} \
             heaps, or {} products of work; each row refereed by the exact search ({} sums in all, \
             {} rows with a difference); the {} settled rows computed again by this build, the {} \
             unsettled ones by ladder check --deep.",
            self.codes,
            self.digits,
            self.record,
            self.most_heaps,
            grouped(self.work),
            grouped(self.refereed as u64),
            self.differences,
            self.computed_again,
            self.unsettled
        )
    }
}

/// The settled wild rows, whose quotients are the census's finds; the
/// tame and unsettled rows are counted in the note and listed in the data.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("code").names(),
        Column::number("|Q|"),
        Column::number("|P|"),
        Column::text("Φ: period from heap"),
        Column::number("heaps proved"),
        Column::number("sums refereed"),
    ]);
    for row in data.rows.iter().filter(|r| r.status == Status::Wild) {
        table.push(vec![
            Cell::text(row.code.clone()),
            Cell::number(row.order as u64),
            Cell::number(row.p_size as u64),
            Cell::text(row.period_text()),
            Cell::number(row.heaps as u64),
            Cell::number(row.refereed as u64),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(rows: Vec<Row>) -> Params {
        Params {
            record: "test.jsonl".to_string(),
            digits: 1,
            heaps: 60,
            work: 10_000_000,
            rows,
        }
    }

    fn computed() -> Vec<Row> {
        let census = params(Vec::new()).census();
        codes_of(1)
            .iter()
            .map(|code| census_row(code, &census).unwrap())
            .collect()
    }

    #[test]
    fn a_true_record_is_read_and_its_settled_rows_agree() {
        let data = compute(&params(computed())).unwrap();
        assert_eq!(data.codes, 7);
        assert_eq!(data.tame + data.wild + data.unsettled, 7);
        assert_eq!(data.computed_again, data.tame + data.wild);
        assert!(data.computed_again > 0);
        assert_eq!(deep_check(&params(computed())), Vec::<String>::new());
    }

    #[test]
    fn a_planted_error_in_the_record_is_refused() {
        let rows = computed();
        let settled = rows
            .iter()
            .position(|r| r.status != Status::Unsettled)
            .unwrap();
        // A settled row's order changed: computed again, it differs.
        let mut wrong = rows.clone();
        wrong[settled].order += 2;
        let error = compute(&params(wrong.clone())).unwrap_err();
        assert!(error.contains("order: recorded"), "{error}");
        assert_eq!(deep_check(&params(wrong)).len(), 1);
        // A status that contradicts the row's period.
        let mut wrong = rows.clone();
        wrong[settled].status = Status::Unsettled;
        assert!(compute(&params(wrong)).is_err());
        // A row left out, and two rows swapped.
        assert!(compute(&params(rows[1..].to_vec())).is_err());
        let mut swapped = rows.clone();
        swapped.swap(0, 1);
        assert!(compute(&params(swapped)).is_err());
        // A difference the referee found.
        let mut wrong = rows;
        wrong[0].differences = 1;
        assert!(compute(&params(wrong)).is_err());
    }
}
