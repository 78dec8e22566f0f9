//! `coalition-sweep`: every subtraction rule of two or three takes from
//! `{1, …, largest_take}`, measured for Nim's shape, with how each failure
//! fails: positions holding two flexible heaps, keys carried by more than one
//! class, classes no key can name.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::coalition::{CoalitionParams, SweepReport, sweep};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: the largest take and the sizes of the measurement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Takes are drawn from `1..=largest_take` (the seed: 5, twenty rules).
    #[serde(deserialize_with = "Within::<3, 8>::read")]
    pub largest_take: u32,
    /// Test and census sizes and the number of allies (defaults: the seed's).
    #[serde(default)]
    pub search: CoalitionParams,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if !(3..=8).contains(&self.largest_take) {
            return Err(format!(
                "largest_take must be from 3 to 8, not {}",
                self.largest_take
            ));
        }
        self.search.validate()
    }
}

/// The sweep: one entry per rule, each with its whole analysis.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    #[serde(flatten)]
    pub report: SweepReport,
    /// States solved, over every rule.
    pub solved_states: usize,
}

/// Runs the sweep.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let report = sweep(params.largest_take, &params.search)?;
    let solved_states = report.entries.iter().map(|e| e.solved_states).sum();
    Ok(Data {
        report,
        solved_states,
    })
}

impl Data {
    /// The parameters and the size of the search, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "{}Rules: every set of two or three takes from 1 to {} ({}); {} states solved in all.",
            self.report.params.describe_if_not_default(),
            self.report.largest_take,
            self.report.entries.len(),
            grouped(self.solved_states as u64)
        )
    }
}

/// One row per rule; the counts that break the shape are marked.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Table, Vec<String>) {
    let mut table = Table::new(vec![
        Column::text("takes").names(),
        Column::text("Nim's shape"),
        Column::number("census"),
        Column::number("classes"),
        Column::number("two flexible"),
        Column::number("keys split"),
        Column::number("positions split"),
        Column::number("unkeyable"),
    ]);
    for e in &data.report.entries {
        let takes: Vec<String> = e.takes.iter().map(u32::to_string).collect();
        let flag = |n: usize| Cell::number(n as u64).marked(n > 0);
        table.push(vec![
            Cell::math(&format!("\\{{{}\\}}", takes.join(", "))),
            Cell::text(if e.holds { "holds" } else { "fails" }).marked(!e.holds),
            Cell::number(e.census_size as u64),
            Cell::number(e.class_count as u64),
            flag(e.two_flexible_positions),
            flag(e.colliding_keys),
            flag(e.positions_sharing_a_key),
            flag(e.classes_beyond_one_flexible),
        ]);
    }
    let summary = format!(
        "Of the {} rules, {} have Nim's shape and {} do not. Two flexible: census positions \
         holding two flexible heaps; keys split: keys carried by positions of more than one \
         class; positions split: the positions carrying them; unkeyable: classes with no member \
         of fewer than two flexible heaps.",
        data.report.entries.len(),
        data.report.holding,
        data.report.failing
    );
    (table, vec![summary])
}
