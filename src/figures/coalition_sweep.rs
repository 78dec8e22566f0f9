//! `coalition-sweep`: every subtraction rule of two or three takes from
//! `{1, …, largest_take}`, measured for Nim's shape, with how each failure
//! fails: positions holding two flexible heaps, keys carried by more than one
//! class, classes no key can name.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::coalition::{CoalitionParams, SweepReport, sweep};
use crate::numbers::grouped;
use crate::plot::{self, Anchor, INK, MUTED};

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
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    #[serde(flatten)]
    pub report: SweepReport,
    /// States solved, over every rule.
    pub solved_states: usize,
}

/// Runs the sweep.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let report = sweep(params.largest_take, &params.search);
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
            "{} Rules: every set of two or three takes from 1 to {} ({}); {} states solved in all.",
            self.report.params.describe(),
            self.report.largest_take,
            self.report.entries.len(),
            grouped(self.solved_states as u64)
        )
    }
}

const LEFT: i32 = 20;

/// Draws one row per rule.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = 700;
    let columns = [0, 84, 164, 226, 290, 386, 470, 580];
    let header: Vec<String> = [
        "takes",
        "shape",
        "census",
        "classes",
        "2 flexible",
        "keys split",
        "positions split",
        "unkeyable",
    ]
    .map(String::from)
    .to_vec();
    let rows: Vec<Vec<String>> = data
        .report
        .entries
        .iter()
        .map(|e| {
            let takes: Vec<String> = e.takes.iter().map(u32::to_string).collect();
            let flag = |n: usize| {
                if n == 0 {
                    "0".to_string()
                } else {
                    format!("!{n}")
                }
            };
            vec![
                format!("{{{}}}", takes.join(", ")),
                if e.holds {
                    "holds".into()
                } else {
                    "!fails".into()
                },
                e.census_size.to_string(),
                e.class_count.to_string(),
                flag(e.two_flexible_positions),
                flag(e.colliding_keys),
                flag(e.positions_sharing_a_key),
                flag(e.classes_beyond_one_flexible),
            ]
        })
        .collect();
    let legend = "2 flexible: census positions holding two flexible heaps; keys split: keys carried \
                  by positions of more than one class; positions split: the positions carrying them; \
                  unkeyable: classes with no member of fewer than two flexible heaps.";
    let text_width = width - 2 * LEFT;
    let lines = (plot::wrap(legend, (text_width / 6) as usize).len()
        + plot::wrap(&data.range_note(), (text_width / 6) as usize).len()) as i32;
    let table_bottom = 48 + 20 * (rows.len() as i32 + 1);
    let height = table_bottom + 40 + 15 * lines;
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = format!(
                "Subtraction rules from {{1, …, {}}}: {} have Nim's shape, {} do not",
                data.report.largest_take, data.report.holding, data.report.failing
            );
            plot::label(area, &title, (LEFT, 16), 14, Anchor::Start, INK);
            let bottom = plot::text_table(area, (LEFT, 40), &columns, text_width, &header, &rows);
            let y = plot::note(area, legend, (LEFT, bottom + 16), text_width, INK);
            plot::note(area, &data.range_note(), (LEFT, y + 8), text_width, MUTED);
        },
    )
}
