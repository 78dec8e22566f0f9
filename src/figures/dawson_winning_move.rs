//! `dawson-winning-move`: what the code gives for free. The value of
//! Dawson's chess on a board of any width is read off the certified period
//! of ·137, and so are White's winning first moves, by the file each
//! advance leaves on either side; on the boards small enough to search,
//! the moves named are checked to be exactly the moves that win there.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Count, Within};
use crate::boards::dawson::{MOST_FILES, Search, code_winning_pushes, runs_after_push};
use crate::games::Rule;
use crate::sequence::summary::{RunSummary, run};
use crate::sequence::{DEFAULT_MIN_REPEATS, PeriodStatus};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The board's files (up to 10^8: each advance is tried).
    #[serde(deserialize_with = "Within::<1, 100_000_000>::read")]
    pub files: usize,
    /// Values of ·137 computed for its period and certificate.
    pub values: Count,
    /// Boards of 1 to `checked` files are searched to check the moves
    /// named (at most 10).
    #[serde(deserialize_with = "Within::<1, 10>::read")]
    pub checked: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        crate::budget::check_values(&code(), self.values.0)
    }
}

fn code() -> Rule {
    Rule::Octal(crate::games::OctalCode::parse(".137").expect("·137 is a code"))
}

/// One winning advance.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Push {
    /// The file, from 1.
    pub file: usize,
    /// Untouched files left on either side once the captures are over.
    pub left: usize,
    pub right: usize,
    /// Their values (equal: the sum is 0).
    pub left_value: u32,
    pub right_value: u32,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub files: usize,
    /// ·137's run: its certified period.
    pub code: RunSummary,
    /// The value of the whole board: heap `files` of ·137.
    pub value: u32,
    /// How many first advances win, and the first of them.
    pub winning: usize,
    pub first: Vec<Push>,
    /// The boards searched, and those whose winning advances are exactly
    /// the ones the code names.
    pub checked: usize,
    pub checked_agree: usize,
    /// Winning advances found on those boards, in all.
    pub checked_winning: usize,
}

/// Advances listed.
const LISTED: usize = 4;

/// Values from the period: heap `n` of a sequence of period `period` from
/// `preperiod`, read back into the values computed.
fn value_at(values: &[u32], preperiod: usize, period: usize, n: usize) -> u32 {
    let heap = if n < values.len() {
        n
    } else {
        preperiod + (n - preperiod) % period
    };
    values[heap]
}

/// Computes ·137's period, then tries every advance.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let (values, summary) = run(&code(), params.values.0, DEFAULT_MIN_REPEATS)?;
    let (Some(preperiod), Some(period), PeriodStatus::Certified) =
        (summary.preperiod, summary.period, summary.status)
    else {
        return Err(format!(
            "·137 has no certified period in {} values: a board this wide cannot be read",
            grouped(params.values.0 as u64)
        ));
    };
    let g = |n: usize| value_at(&values, preperiod, period, n);
    let mut winning = 0;
    let mut first = Vec::new();
    for file in code_winning_pushes(params.files, g) {
        winning += 1;
        if first.len() < LISTED {
            let (left, right) = runs_after_push(params.files, file);
            first.push(Push {
                file: file + 1,
                left,
                right,
                left_value: g(left),
                right_value: g(right),
            });
        }
    }
    let checked = params.checked.min(MOST_FILES);
    let mut checked_agree = 0;
    let mut checked_winning = 0;
    for files in 1..=checked {
        let board = Search::new(files, false)?.winning_pushes();
        let named: Vec<usize> = code_winning_pushes(files, g).collect();
        checked_winning += board.len();
        if board == named {
            checked_agree += 1;
        }
    }
    Ok(Data {
        files: params.files,
        value: g(params.files),
        code: summary,
        winning,
        first,
        checked,
        checked_agree,
        checked_winning,
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "{}. The board's value is heap {} of ·137, read off the period; each of the {} advances \
             tried by the values of the files it leaves; boards of 1 to {} files searched whole, \
             where the advances named are the winning ones on {} of {}.",
            self.code.clause(),
            grouped(self.files as u64),
            grouped(self.files as u64),
            self.checked,
            self.checked_agree,
            self.checked
        )
    }
}

/// The winning advances: the first few, each with what it leaves.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::number("White advances on file").names(),
        Column::number("untouched files to its left"),
        Column::number("to its right"),
        Column::text("their values (equal: the sum is 0)"),
    ]);
    for p in &data.first {
        table.push(vec![
            Cell::number(p.file as u64),
            Cell::number(p.left as u64),
            Cell::number(p.right as u64),
            Cell::text(format!("{} and {}", p.left_value, p.right_value)),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(files: usize) -> Data {
        compute(&Params {
            files,
            values: Count(2000),
            checked: 8,
        })
        .unwrap()
    }

    #[test]
    fn the_period_reads_the_winning_advances_of_a_wide_board() {
        let small = data(7);
        // 3 × 7: advances on files 2, 4 and 6 leave 4, 2 + 2, 4.
        let files: Vec<usize> = small.first.iter().map(|p| p.file).collect();
        assert_eq!((small.winning, files), (3, vec![2, 4, 6]));
        assert_eq!((small.checked_agree, small.checked), (8, 8));
        let wide = data(1_000_000);
        assert_eq!(wide.code.period, Some(34));
        assert!(wide.winning > 0 && wide.value != 0);
        // Every advance listed leaves two runs of equal value, and the
        // runs and the files taken (three, two at an edge) make the board.
        for p in &wide.first {
            assert_eq!(p.left_value, p.right_value);
            let taken = if p.file == 1 || p.file == 1_000_000 {
                2
            } else {
                3
            };
            assert_eq!(p.left + p.right + taken, 1_000_000, "{}", p.file);
        }
        // Symmetry: file f wins exactly when file n + 1 − f does, and a
        // board of even width has no middle file: the count is even.
        assert!(wide.winning.is_multiple_of(2));
    }

    #[test]
    fn a_value_past_those_computed_is_read_off_the_period() {
        let values: Vec<u32> = vec![0, 1, 2, 1, 2, 1, 2];
        assert_eq!(value_at(&values, 1, 2, 1_000_001), 1);
        assert_eq!(value_at(&values, 1, 2, 1_000_000), 2);
        // Planted: the wrong period reads another value.
        assert_ne!(value_at(&values, 1, 3, 1_000_000), 2);
    }
}
