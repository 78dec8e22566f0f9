//! `pass-table`: the classification of the single-pass subtraction game
//! `{x, y}` (R. M. Low, seed 002) as a table: for each of the five cases of
//! `y = qx + r`, the prefix word of `h`, the preperiod `N`, the period, and
//! how many pairs of the range were checked and agree.
//!
//! The seed's text lost some displays in extraction: the even-`q` prefix
//! words are reconstructed from the fragments its proof keeps, and the table
//! says which. It also counts the last prefix value `h(N − 1)`, because a
//! surviving line of the proof that `N` is least claims it is always 3.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_census::{checked_census, pairs_up_to};
use crate::games::pass_classification::{PassCase, predicted_preperiod};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: the range of pairs checked.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Every pair of takes `1 ≤ x < y ≤ largest_take` is checked (2 to 120).
    #[serde(deserialize_with = "Within::<2, 120>::read")]
    pub largest_take: usize,
}

impl CheckParams for Params {}

/// One case of the classification.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// The case's name.
    pub case: PassCase,
    /// The condition on `q` and `r`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub condition: crate::interned::Name,
    /// `h(0) … h(N − 1)`, `m = ⌊q/2⌋`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub prefix_word: crate::interned::Name,
    /// True when the seed's text does not print this word whole.
    pub word_reconstructed: bool,
    /// The preperiod `N`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub preperiod: crate::interned::Name,
    /// The eventual least period.
    #[serde(deserialize_with = "crate::interned::name")]
    pub period: crate::interned::Name,
    /// Pairs of the range in this case.
    pub pairs: usize,
    /// Of these, how many agree in every claim.
    pub agreeing: usize,
    /// The measured `h(N − 1)`: how many pairs end the prefix in each value.
    pub last_prefix_value: BTreeMap<u32, usize>,
}

/// The table.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Pairs `1 ≤ x < y ≤ largest_take` were checked.
    pub largest_take: usize,
    /// How many pairs were checked.
    pub pairs_checked: usize,
    /// How many agree in every claim.
    pub pairs_agreeing: usize,
    /// Pairs whose prefix ends in 3, as the seed's proof of leastness says all do.
    pub last_prefix_value_three: usize,
    /// Pairs whose prefix ends otherwise.
    pub last_prefix_value_other: usize,
    /// The values other than 3 that end a prefix, ascending.
    pub other_last_prefix_values: Vec<u32>,
    /// The five cases, in the paper's order.
    pub rows: Vec<Row>,
}

/// Checks the range and gathers one row per case.
pub fn compute(params: &Params) -> Result<Data, String> {
    let result = checked_census(params.largest_take)?;
    let mut last_values: BTreeMap<PassCase, BTreeMap<u32, usize>> = BTreeMap::new();
    for pair in pairs_up_to(params.largest_take) {
        let n = predicted_preperiod(pair);
        let h = pair.game().values(n).pass_available;
        let last = h.last().copied().unwrap_or(0);
        *last_values
            .entry(PassCase::of(pair))
            .or_default()
            .entry(last)
            .or_default() += 1;
    }
    let rows: Vec<Row> = result
        .per_case
        .iter()
        .map(|count| Row {
            case: count.case,
            condition: count.case.condition(),
            prefix_word: count.case.word_formula(),
            word_reconstructed: count.case.word_is_reconstructed(),
            preperiod: count.case.preperiod_formula(),
            period: count.case.period_formula(),
            pairs: count.pairs,
            agreeing: count.agreeing,
            last_prefix_value: last_values.remove(&count.case).unwrap_or_default(),
        })
        .collect();
    let three: usize = rows
        .iter()
        .map(|r| r.last_prefix_value.get(&3).copied().unwrap_or(0))
        .sum();
    Ok(Data {
        largest_take: result.bound,
        pairs_checked: result.pairs_checked,
        pairs_agreeing: result.pairs_agreeing,
        last_prefix_value_three: three,
        last_prefix_value_other: result.pairs_checked - three,
        other_last_prefix_values: rows
            .iter()
            .flat_map(|r| r.last_prefix_value.keys().copied())
            .filter(|&v| v != 3)
            .collect::<std::collections::BTreeSet<u32>>()
            .into_iter()
            .collect(),
        rows,
    })
}

impl Data {
    /// The range and the outcome, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "Checked against the recursion for all {} pairs $1 \\le x < y \\le {}$: {} agree in prefix \
             word, tail $h(n) = g(n + y)$, $N$ and period. $N$ and the period are compared with the \
             certified least preperiod and period of $(g, h)$. * reconstructed: the extracted text of \
             Low’s paper does not print these words whole.",
            grouped(self.pairs_checked as u64),
            self.largest_take,
            grouped(self.pairs_agreeing as u64)
        )
    }
}

/// The table: one row per case, its formulas as mathematics.
pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("case").names(),
        Column::text("prefix word $h(0) \\ldots h(N - 1)$"),
        Column::text("preperiod $N$"),
        Column::text("period"),
        Column::number("pairs"),
        Column::number("agree"),
    ]);
    for row in &data.rows {
        let mut word = format!("${}$", latex(row.prefix_word));
        if row.word_reconstructed {
            word.push_str(" *");
        }
        table.push(vec![
            Cell::text(condition(row.condition)),
            Cell::text(word),
            Cell::math(&latex(row.preperiod)),
            Cell::math(&latex(row.period)),
            Cell::number(row.pairs as u64),
            Cell::number(row.agreeing as u64).marked(row.agreeing != row.pairs),
        ]);
    }
    table
}

/// The paper's plain notation as LaTeX: `^(…)` groups become `^{…}`, the
/// minus sign and `≥` their commands, and the blocks of a word are set
/// apart by a thin space.
fn latex(formula: &str) -> String {
    let mut out = String::new();
    let mut chars = formula.chars().peekable();
    let mut depth: Vec<bool> = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '^' if chars.peek() == Some(&'(') => {
                chars.next();
                depth.push(true);
                out.push_str("^{");
            }
            '(' => {
                depth.push(false);
                out.push('(');
            }
            ')' => out.push(if depth.pop() == Some(true) { '}' } else { ')' }),
            '−' => out.push('-'),
            '≥' => out.push_str("\\ge "),
            ' ' => out.push_str("\\,"),
            other => out.push(other),
        }
    }
    out
}

/// A case's condition with its letters as mathematics (`$q$ even, $r = 0$`).
fn condition(text: &str) -> String {
    text.split(", ")
        .map(|part| match part.split_once(' ') {
            Some((q, "even")) => format!("${q}$ even"),
            Some((q, rest)) if rest.starts_with("odd") => {
                format!(
                    "${q}$ odd, ${q} {}$",
                    rest.trim_start_matches("odd ").replace('≥', "\\ge")
                )
            }
            _ => format!("${part}$"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_up_to_12_has_five_rows_that_all_agree() {
        let data = compute(&Params { largest_take: 12 }).unwrap();
        assert_eq!(data.pairs_checked, 66);
        assert_eq!(data.pairs_agreeing, 66);
        assert_eq!(data.rows.len(), 5);
        // Only odd multiples (y = 3x, 5x, …) end their prefix in 2: {1,3}, {1,5}, …
        let odd_multiples = pairs_up_to(12)
            .iter()
            .filter(|p| p.remainder() == 0 && p.quotient() % 2 == 1)
            .count();
        assert_eq!(data.last_prefix_value_other, odd_multiples);
        assert_eq!(data.other_last_prefix_values, [2]);
        assert!(compute(&Params { largest_take: 1 }).is_err());
    }

    #[test]
    fn formulas_become_latex() {
        assert_eq!(latex("3^(x−r)"), "3^{x-r}");
        assert_eq!(latex("(0^x 1^x)^(m−1)"), "(0^x\\,1^x)^{m-1}");
        assert_eq!(
            condition("q odd ≥ 3, r > 0"),
            "$q$ odd, $q \\ge 3$, $r > 0$"
        );
        assert_eq!(condition("q = 1"), "$q = 1$");
    }

    #[test]
    fn the_table_has_a_row_per_case_and_renders() {
        let data = compute(&Params { largest_take: 12 }).unwrap();
        let table = render(
            &data,
            &RenderMeta {
                id: "t",
                caption: "c",
                width: crate::plot::COLUMN,
            },
        );
        assert_eq!(table.rows.len(), 5);
        assert!(table.to_csv().starts_with("case,prefix word h(0)"));
    }
}
