//! `misere-census`: every octal code of one or two digits, its misère
//! quotient grown heap by heap until Φ's period is proved, the heap bound
//! is reached, or the work budget runs out; tame, wild with the whole
//! quotient proved, or unsettled at the depth searched. Each row's quotient
//! is refereed by the exact search on the small sums.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::OctalCode;
use crate::misere::period::proved_period;
use crate::misere::quotient::{Limits, settle};
use crate::misere::referee::referee_within;
use crate::misere::tame::is_tame;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Sums the referee plays out for each row: at most this many heaps…
const REFEREE_HEAPS: usize = 3;
/// … and this many counters.
const REFEREE_COUNTERS: usize = 30;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The codes of 1 to this many digits after the point.
    #[serde(deserialize_with = "Within::<1, 2>::read")]
    pub digits: u32,
    /// The most heaps a quotient is grown to.
    #[serde(deserialize_with = "Within::<1, 400>::read")]
    pub heaps: usize,
    /// Each code's work budget (products of two elements; about 10^8 a
    /// second here).
    #[serde(deserialize_with = "Within::<1, 100_000_000_000>::read")]
    pub work: u64,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// What the census found for a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Φ proved periodic and the quotient is some `T_m`.
    Tame,
    /// Φ proved periodic and the quotient is not tame.
    Wild,
    /// Not proved: the heap bound or the budget came first.
    Unsettled,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub code: String,
    pub status: Status,
    /// |Q| and |P| of the quotient proved (to `heaps`).
    pub order: usize,
    pub p_size: usize,
    /// Whether that quotient is some `T_m`.
    pub tame: bool,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// The heaps the quotient is proved for (0 to this).
    pub heaps: usize,
    /// Why the engine stopped short of the bound, if it did.
    pub stopped: Option<String>,
    /// Sums the referee played out, and whether one was mispredicted.
    pub refereed: usize,
    pub differences: usize,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub digits: u32,
    pub most_heaps: usize,
    pub work: u64,
    pub rows: Vec<Row>,
    pub codes: usize,
    pub tame: usize,
    pub wild: usize,
    pub unsettled: usize,
    /// The referee's sums: at most this many heaps…
    pub referee_heaps: usize,
    /// … and this many counters, fewer than a single quotient's figure
    /// plays (the referee's work grows fast with them, and the census runs
    /// it on every code).
    pub referee_counters: usize,
    /// Rows where the referee found a misprediction (0 unless a bug).
    pub differences: usize,
    /// Rows whose quotient has odd order past the trivial one (0: every
    /// misère quotient of impartial games has even order).
    pub odd_order: usize,
}

impl Row {
    /// The cell for Φ's period: `12 from 71`, or `not proved`.
    pub fn period_text(&self) -> String {
        match (self.period, self.preperiod) {
            (Some(period), Some(from)) => format!("{period} from {from}"),
            _ => "not proved".to_string(),
        }
    }
}

/// The octal codes of exactly `digits` digits after the point, the last
/// one not 0 (`·1` to `·7`, then `·01` to `·77`, …), in order.
pub fn codes_of(digits: u32) -> Vec<OctalCode> {
    (1..8u64.pow(digits))
        .filter(|n| n % 8 != 0)
        .map(|n| OctalCode::from_number(n, digits))
        .collect()
}

/// One code's row: its quotient settled within `params`' heaps and work.
pub fn census_row(code: &OctalCode, params: &Params) -> Result<Row, String> {
    let limits = Limits {
        most_work: params.work,
        most_states: 400_000,
        ..Limits::default()
    };
    let (q, stopped) = match settle(code, params.heaps, &limits, &mut |_| {}) {
        Ok(q) => (q, None),
        Err(stop) => (
            stop.below,
            Some(format!("heap {}: {}", stop.heap, stop.why)),
        ),
    };
    let period = proved_period(&q.pretending, code.largest_take());
    let tame = is_tame(&q.monoid, &q.p)?;
    let verdict = referee_within(code, &q, period, REFEREE_HEAPS, REFEREE_COUNTERS)?;
    Ok(Row {
        code: format!("·{}", code.digits_after_point()),
        status: match (period, tame) {
            (Some(_), true) => Status::Tame,
            (Some(_), false) => Status::Wild,
            (None, _) => Status::Unsettled,
        },
        order: q.monoid.size(),
        p_size: q.p_size(),
        tame,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        heaps: q.heaps,
        stopped,
        refereed: verdict.sums,
        differences: usize::from(verdict.first_difference.is_some()),
    })
}

pub fn compute(params: &Params) -> Result<Data, String> {
    let codes: Vec<OctalCode> = (1..=params.digits).flat_map(codes_of).collect();
    let rows = codes
        .par_iter()
        .map(|code| census_row(code, params))
        .collect::<Result<Vec<Row>, String>>()?;
    let count = |status: Status| rows.iter().filter(|r| r.status == status).count();
    Ok(Data {
        digits: params.digits,
        most_heaps: params.heaps,
        work: params.work,
        codes: rows.len(),
        tame: count(Status::Tame),
        wild: count(Status::Wild),
        unsettled: count(Status::Unsettled),
        referee_heaps: REFEREE_HEAPS,
        referee_counters: REFEREE_COUNTERS,
        differences: rows.iter().map(|r| r.differences).sum(),
        odd_order: rows
            .iter()
            .filter(|r| r.order > 1 && r.order % 2 == 1)
            .count(),
        rows,
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "The {} codes of 1 to {} digits, each grown heap by heap until Φ's period is proved, \
             {} heaps, or {} products of work; each row's quotient refereed by the exact search \
             on every sum of up to {REFEREE_HEAPS} heaps and {REFEREE_COUNTERS} counters, a proved \
             row's heaps past its bound with Φ continued by its period ({} rows with a difference).",
            self.codes,
            self.digits,
            self.most_heaps,
            grouped(self.work),
            self.differences
        )
    }
}

pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("code").names(),
        Column::text("found"),
        Column::number("|Q|"),
        Column::number("|P|"),
        Column::text("Φ: period from heap"),
        Column::text("heaps proved"),
        Column::number("sums refereed"),
    ]);
    for row in &data.rows {
        let found = match row.status {
            Status::Tame => "tame",
            Status::Wild => "wild, finite",
            Status::Unsettled if row.tame => "unsettled (tame so far)",
            Status::Unsettled => "unsettled",
        };
        let heaps = match &row.stopped {
            Some(why) => format!("0–{}; stopped at {why}", row.heaps),
            None => format!("0–{}", row.heaps),
        };
        table.push(vec![
            Cell::text(row.code.clone()),
            Cell::text(found).marked(row.status == Status::Wild),
            Cell::number(row.order as u64),
            Cell::number(row.p_size as u64),
            Cell::text(row.period_text()),
            Cell::text(heaps),
            Cell::number(row.refereed as u64),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_digit_codes() {
        let data = compute(&Params {
            digits: 1,
            heaps: 60,
            work: 100_000_000,
        })
        .unwrap();
        assert_eq!(data.codes, 7);
        assert_eq!(data.differences, 0);
        // ·3 takes one counter at a time: Z₂, |P| = 1, tame.
        let three = &data.rows[2];
        assert_eq!(three.code, "·3");
        assert_eq!(
            (three.status, three.order, three.p_size),
            (Status::Tame, 2, 1)
        );
        // Every quotient of a game with a move has even order.
        assert!(data.rows.iter().all(|r| r.order.is_multiple_of(2)));
        assert_eq!(data.odd_order, 0);
    }
}
