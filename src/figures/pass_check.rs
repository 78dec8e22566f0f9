//! `pass-check`: R. M. Low's closed forms for the subtraction game with a
//! single pass (seed 002), checked pair by pair against the recursion.
//!
//! Every pair `1 ≤ x < y ≤ largest_take` is one cell of an `x × y` grid,
//! coloured by its case and marked agreeing (a dot) or not (a cross). A pair
//! agrees when the predicted prefix word, the tail `h(n) = g(n + y)`, the
//! preperiod `N` and the period all match what the recursion gives, the last
//! two as the certified least preperiod and period of the pair `(g, h)`.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_census::{CaseCount, checked_census};
use crate::games::pass_classification::{Disagreement, PassCase};
use crate::numbers::grouped;
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};

/// Parameters: the range of pairs checked.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Every pair of takes `1 ≤ x < y ≤ largest_take` is checked (2 to 120).
    #[serde(deserialize_with = "Within::<2, 120>::read")]
    pub largest_take: usize,
}

impl CheckParams for Params {}

/// One pair's verdict, as the issue fixes it.
#[derive(Debug, Clone, Serialize)]
pub struct Record {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The case, by `q` and `r` in `y = qx + r`.
    pub case: PassCase,
    /// The certified least preperiod of `(g, h)`, null if none was certified.
    pub preperiod: Option<usize>,
    /// The certified least period of `(g, h)`, null if none was certified.
    pub period: Option<usize>,
    /// Whether every closed form matched the recursion.
    pub closed_form_agrees: bool,
}

/// A pair where a closed form and the recursion part ways.
#[derive(Debug, Clone, Serialize)]
pub struct Mismatch {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The claim, and the first heap where it fails.
    pub first_disagreement: Disagreement,
}

/// The census of the range.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// Pairs `1 ≤ x < y ≤ largest_take` were checked.
    pub largest_take: usize,
    /// How many pairs were checked.
    pub pairs_checked: usize,
    /// How many agreed in every claim.
    pub pairs_agreeing: usize,
    /// Pairs and agreements per case, in the paper's order.
    pub per_case: Vec<CaseCount>,
    /// Every pair that disagrees, with the first heap where it shows.
    pub disagreements: Vec<Mismatch>,
    /// One record per pair, `(x, y)` increasing.
    pub records: Vec<Record>,
}

/// Checks every pair in the range.
pub fn compute(params: &Params) -> Result<Data, String> {
    let result = checked_census(params.largest_take)?;
    let disagreements = result
        .records
        .iter()
        .filter_map(|r| {
            r.first_disagreement.map(|first_disagreement| Mismatch {
                takes: r.takes,
                first_disagreement,
            })
        })
        .collect();
    let records = result
        .records
        .into_iter()
        .map(|r| Record {
            takes: r.takes,
            case: r.case,
            preperiod: r.preperiod,
            period: r.period,
            closed_form_agrees: r.closed_form_agrees,
        })
        .collect();
    Ok(Data {
        largest_take: result.bound,
        pairs_checked: result.pairs_checked,
        pairs_agreeing: result.pairs_agreeing,
        per_case: result.per_case,
        disagreements,
        records,
    })
}

impl Data {
    /// The range and the outcome, in one sentence.
    pub fn range_note(&self) -> String {
        let outcome = match self.disagreements.first() {
            None => "every closed form agrees with the recursion".to_string(),
            Some(m) => format!(
                "{} disagree, the first $\\{{{}, {}\\}}$ at heap {}",
                grouped((self.pairs_checked - self.pairs_agreeing) as u64),
                m.takes[0],
                m.takes[1],
                m.first_disagreement.heap()
            ),
        };
        format!(
            "All {} pairs $1 \\le x < y \\le {}$ checked (prefix word, tail $h(n) = g(n + y)$, and $N$ and \
             the period against the certified least preperiod and period of $(g, h)$): {} agree; {outcome}.",
            grouped(self.pairs_checked as u64),
            self.largest_take,
            grouped(self.pairs_agreeing as u64),
        )
    }
}

/// Draws case `index`'s mark centred in a square cell of side `size` at
/// `(x, y)`, in ink: nothing for `q = 1`, the largest region; a dot for
/// `q` even, `r > 0` and a vertical dash for `q` odd, `r > 0`, the two
/// bands; a horizontal dash for `q` even, `r = 0` and a plus for `q` odd,
/// `r = 0`, the lines `y = qx`. The mark carries the case as well as the
/// cell's colour, for readers who do not tell the hues apart. Shared with
/// `pass-cases`, whose headings use it.
pub(crate) fn case_mark(area: &plot::Area, index: usize, (x, y): (i32, i32), size: i32) {
    let (cx, cy) = (x + size / 2, y + size / 2);
    let arm = (size * 3 / 10).max(2);
    let across = |area: &plot::Area| plot::line(area, &[(cx - arm, cy), (cx + arm, cy)], INK, 1);
    let down = |area: &plot::Area| plot::line(area, &[(cx, cy - arm), (cx, cy + arm)], INK, 1);
    match index {
        0 => {}
        1 => across(area),
        2 => plot::dot(area, (cx, cy), (size / 8).max(1), INK),
        3 => {
            across(area);
            down(area);
        }
        _ => down(area),
    }
}

const LEFT: i32 = 60;
const TOP: i32 = 70;
const LEGEND: i32 = 250;

/// The grid, the legend with counts, and the note.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let cell: i32 = (540 / data.largest_take as i32).clamp(4, 24);
    let span = cell * data.largest_take as i32;
    let width = LEFT + span + 30 + LEGEND;
    let note_lines = plot::wrap(&data.range_note(), ((width - 40) / 6) as usize).len() as i32;
    let height = TOP + span + 24 + 15 * note_lines;
    let case_index = |case: PassCase| PassCase::ALL.iter().position(|&c| c == case).unwrap_or(0);
    let by_pair = |x: usize, y: usize| {
        let n = data.largest_take;
        // Records run x = 1 … n − 1, each over y = x + 1 … n.
        let before = (x - 1) * n - (x - 1) * x / 2;
        &data.records[before + (y - x - 1)]
    };
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = format!(
                "The closed forms against the recursion, 1 ≤ x < y ≤ {}",
                data.largest_take
            );
            plot::label(area, &title, (20, 14), 14, Anchor::Start, INK);
            plot::pair_grid(area, (LEFT, TOP), cell, data.largest_take, 10, |x, y| {
                plot::case_fill(case_index(by_pair(x, y).case))
            });
            for record in &data.records {
                let [x, y] = record.takes;
                let (cx, cy) = plot::pair_cell((LEFT, TOP), cell, x, y);
                if record.closed_form_agrees {
                    plot::dot(area, (cx + cell / 2, cy + cell / 2), 1, INK);
                } else {
                    let (a, b) = ((cx, cy), (cx + cell, cy + cell));
                    plot::line(area, &[a, b], ACCENT, 2);
                    plot::line(area, &[(cx, cy + cell), (cx + cell, cy)], ACCENT, 2);
                }
            }
            let lx = LEFT + span + 30;
            let mut ly = TOP + 4;
            plot::label(
                area,
                "case: pairs, agreeing",
                (lx, ly),
                12,
                Anchor::Start,
                INK,
            );
            ly += 22;
            for (i, count) in data.per_case.iter().enumerate() {
                plot::block(area, (lx, ly - 6), (lx + 12, ly + 6), plot::case_fill(i));
                let text = format!(
                    "{}: {}, {}",
                    count.case.condition(),
                    grouped(count.pairs as u64),
                    grouped(count.agreeing as u64)
                );
                plot::label(area, &text, (lx + 18, ly), 11, Anchor::Start, INK);
                ly += 20;
            }
            ly += 10;
            plot::dot(area, (lx + 6, ly), 2, INK);
            plot::label(area, "agrees", (lx + 18, ly), 11, Anchor::Start, INK);
            ly += 20;
            plot::line(area, &[(lx + 1, ly - 5), (lx + 11, ly + 5)], ACCENT, 2);
            plot::line(area, &[(lx + 1, ly + 5), (lx + 11, ly - 5)], ACCENT, 2);
            plot::label(area, "disagrees", (lx + 18, ly), 11, Anchor::Start, INK);
            ly += 30;
            let total = format!(
                "{} of {} pairs agree",
                grouped(data.pairs_agreeing as u64),
                grouped(data.pairs_checked as u64)
            );
            plot::label(area, &total, (lx, ly), 13, Anchor::Start, INK);
            plot::note(
                area,
                &data.range_note(),
                (20, TOP + span + 24),
                width - 40,
                MUTED,
            );
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_record_per_pair_in_order_all_agreeing() {
        let data = compute(&Params { largest_take: 12 }).unwrap();
        assert_eq!(data.records.len(), 66);
        assert_eq!(data.records[0].takes, [1, 2]);
        assert_eq!(data.records[65].takes, [11, 12]);
        assert!(data.disagreements.is_empty());
        let json = serde_json::to_value(&data.records[0]).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"takes": [1, 2], "case": "even-quotient-divides",
                "preperiod": 4, "period": 3, "closed_form_agrees": true})
        );
        let counts: Vec<usize> = data.per_case.iter().map(|c| c.pairs).collect();
        assert_eq!(counts.iter().sum::<usize>(), 66);
    }
}
