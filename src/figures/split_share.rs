//! `split-share`: for codes of 1 to `max_digits` digits, how many there are
//! (`8^n`), how many have no split bit (`4^n`: every digit 0–3, subtraction
//! games whose periodicity is a theorem), and the share `2^−n`. The codes
//! are built and asked one by one, so the counts are measured, not assumed.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::OctalCode;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: the longest codes counted.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Codes of 1 to `max_digits` digits are counted (at most 7).
    #[serde(deserialize_with = "Within::<1, 7>::read")]
    pub max_digits: u32,
}

impl CheckParams for Params {}

/// One length of code.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// Digits after the point.
    pub digits: u32,
    /// Codes of that length: `8^digits`.
    pub codes: u64,
    /// Those without a split bit, counted.
    pub without_split: u64,
    /// `without_split / codes`.
    pub share: f64,
    /// The share as `1/k`: `k = codes / without_split`.
    pub one_in: u64,
}

/// The rows.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// One row per length, ascending.
    pub rows: Vec<Row>,
}

/// Builds every code of each length and counts those that never split.
pub fn compute(params: &Params) -> Result<Data, String> {
    if !(1..=7).contains(&params.max_digits) {
        return Err(format!(
            "max_digits must be from 1 to 7, not {}",
            params.max_digits
        ));
    }
    let rows = (1..=params.max_digits)
        .map(|digits| {
            let codes = 8u64.pow(digits);
            let without_split = (0..codes)
                .filter(|&n| !OctalCode::from_number(n, digits).has_split())
                .count() as u64;
            Row {
                digits,
                codes,
                without_split,
                share: without_split as f64 / codes as f64,
                one_in: codes / without_split.max(1),
            }
        })
        .collect();
    Ok(Data { rows })
}

impl Data {
    /// What was counted.
    pub fn range_note(&self) -> String {
        let last = self.rows.last();
        format!(
            "Every code of 1 to {} digits built and checked for a split bit ({} codes at {} digits).",
            last.map_or(0, |r| r.digits),
            grouped(last.map_or(0, |r| r.codes)),
            last.map_or(0, |r| r.digits)
        )
    }
}

/// The counts as a table: the shares read as "1 in 4", exactly.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::number("digits $n$").names(),
        Column::number("codes, $8^n$"),
        Column::number("without a split bit, $4^n$"),
        Column::number("share"),
    ]);
    for r in &data.rows {
        table.push(vec![
            Cell::number(u64::from(r.digits)),
            Cell::number(r.codes),
            Cell::number(r.without_split),
            Cell {
                shown: format!("1 in {}", grouped(r.one_in)),
                plain: format!("{}", r.share),
                marked: false,
            },
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_without_a_split_bit_halves_with_each_digit() {
        let data = compute(&Params { max_digits: 6 }).unwrap();
        let counted: Vec<(u64, u64, u64)> = data
            .rows
            .iter()
            .map(|r| (r.codes, r.without_split, r.one_in))
            .collect();
        assert_eq!(
            counted,
            [
                (8, 4, 2),
                (64, 16, 4),
                (512, 64, 8),
                (4096, 256, 16),
                (32768, 1024, 32),
                (262144, 4096, 64)
            ]
        );
        assert!(
            data.rows
                .iter()
                .all(|r| r.share == 0.5f64.powi(r.digits as i32))
        );
    }
}
