//! `pass-cases`: one representative pair of takes for each of the five
//! cases of the single-pass subtraction game (R. M. Low, seed 002), drawn as
//! two strips: `h` (the pass still available) above `g` (the pass spent).
//! The prefix word's blocks are labelled over `h`, the preperiod `N` is
//! marked, and lines join `h(n)` to `g(n + y)` for `n ≥ N`, the shifted
//! tail. The cells are the recursion's values; the labels are the paper's
//! word, and the data says whether the two agree.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_classification::{Block, PassCase, TwoTakes, check, closed_form};
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};
use crate::sequence::Value;
use crate::site::wording::of_total;

/// Parameters: the pairs drawn, one per case.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The pairs `[x, y]`, `x < y`, one for each of the five cases, in any order.
    #[serde(deserialize_with = "super::bounds::few")]
    pub pairs: Vec<[usize; 2]>,
    /// How many tail heaps `n ≥ N` are joined to `g(n + y)` (default 6, 1 to 20).
    #[serde(default = "default_tail")]
    #[serde(deserialize_with = "Within::<1, 20>::read")]
    pub tail: usize,
}

impl CheckParams for Params {}

fn default_tail() -> usize {
    6
}

/// One pair's strips.
#[derive(Debug, Clone, Serialize)]
pub struct Panel {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The case.
    pub case: PassCase,
    /// `q` in `y = qx + r`.
    pub q: usize,
    /// `r` in `y = qx + r`.
    pub r: usize,
    /// The paper's prefix word for this pair, as blocks.
    pub prefix_word: Vec<Block>,
    /// The certified least preperiod of `(g, h)`.
    pub preperiod: Option<usize>,
    /// The certified least period of `(g, h)`.
    pub period: Option<usize>,
    /// Whether every closed form agrees with the recursion for this pair.
    pub closed_form_agrees: bool,
    /// `h` for the heaps drawn (`N + y + tail` of them).
    pub pass_available: Vec<Value>,
    /// `g` for the same heaps.
    pub ordinary: Vec<Value>,
}

/// The five panels, in the paper's order of cases.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// Tail heaps joined per panel.
    pub tail: usize,
    /// One panel per case.
    pub panels: Vec<Panel>,
}

/// Computes each pair's values and checks its closed forms.
pub fn compute(params: &Params) -> Result<Data, String> {
    if !(1..=20).contains(&params.tail) {
        return Err(format!("tail must be from 1 to 20, not {}", params.tail));
    }
    let mut panels = Vec::new();
    for &[x, y] in &params.pairs {
        let takes = TwoTakes::new(x, y)
            .filter(|_| y <= 60)
            .ok_or_else(|| format!("[{x}, {y}] is not a pair 1 ≤ x < y ≤ 60"))?;
        let verdict = check(takes);
        let form = closed_form(takes);
        let shown = form.preperiod + y + params.tail;
        let values = takes.game().values(shown);
        panels.push(Panel {
            takes: [x, y],
            case: verdict.case,
            q: takes.quotient(),
            r: takes.remainder(),
            prefix_word: form.prefix_word,
            preperiod: verdict.preperiod,
            period: verdict.period,
            closed_form_agrees: verdict.agrees(),
            pass_available: values.pass_available,
            ordinary: values.ordinary,
        });
    }
    panels.sort_by_key(|p| p.case);
    let cases: Vec<PassCase> = panels.iter().map(|p| p.case).collect();
    if cases != PassCase::ALL {
        return Err(format!(
            "pairs must hold one pair of each of the five cases, but their cases are {}",
            panels
                .iter()
                .map(|p| p.case.condition())
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    Ok(Data {
        tail: params.tail,
        panels,
    })
}

impl Data {
    /// What is drawn, and whether the closed forms agree on it.
    pub fn range_note(&self) -> String {
        let agreeing = self.panels.iter().filter(|p| p.closed_form_agrees).count();
        format!(
            "Cells are the recursion's values; labels are Low's prefix word. For each \
             pair, $N$ and the period are the certified least preperiod and period of $(g, h)$; \
             lines join $h(n)$ to $g(n + y)$ for the first {} heaps $n \\ge N$. The closed forms agree \
             for {}.",
            self.tail,
            of_total(
                agreeing as u64,
                self.panels.len() as u64,
                "pair drawn",
                "pairs drawn"
            )
        )
    }
}

const CELL: i32 = 18;
const LEFT: i32 = 40;
const PANEL: i32 = 160;
const TOP: i32 = 36;

/// Draws one panel per case, stacked.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let most = data
        .panels
        .iter()
        .map(|p| p.pass_available.len())
        .max()
        .unwrap_or(1) as i32;
    let width = LEFT + CELL * most + 30;
    let note_lines = plot::wrap(&data.range_note(), ((width - 40) / 6) as usize).len() as i32;
    let height = TOP + PANEL * data.panels.len() as i32 + 15 * note_lines;
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::label(
                area,
                "h (pass available) above g (pass spent), one pair per case",
                (20, 14),
                14,
                Anchor::Start,
                INK,
            );
            for (i, panel) in data.panels.iter().enumerate() {
                draw_panel(area, panel, i, TOP + PANEL * i as i32);
            }
            plot::note(
                area,
                &data.range_note(),
                (20, TOP + PANEL * data.panels.len() as i32),
                width - 40,
                MUTED,
            );
        },
    )
}

fn draw_panel(area: &plot::Area, panel: &Panel, index: usize, top: i32) {
    let [x, y] = panel.takes;
    let heading = format!(
        "{{{x}, {y}}}: {} (q = {}, r = {}); N = {}, period {}",
        panel.case.condition(),
        panel.q,
        panel.r,
        panel.preperiod.map_or("none".into(), |n| n.to_string()),
        panel.period.map_or("none".into(), |p| p.to_string()),
    );
    plot::block(area, (20, top + 2), (30, top + 12), plot::case_fill(index));
    plot::label(area, &heading, (36, top + 7), 12, Anchor::Start, INK);
    let h_y = top + 50;
    let g_y = h_y + CELL + 40;
    let left = |n: usize| LEFT + n as i32 * CELL;
    // The prefix word's blocks, bracketed over h, labels staggered on two rows.
    let mut start = 0;
    for (b, block) in panel.prefix_word.iter().enumerate() {
        if block.length == 0 {
            continue;
        }
        let (x0, x1) = (left(start) + 1, left(start + block.length) - 1);
        let row = if b % 2 == 0 { 0 } else { 12 };
        let bracket_y = h_y - 4;
        plot::line(
            area,
            &[
                (x0, bracket_y),
                (x0, bracket_y - 3),
                (x1, bracket_y - 3),
                (x1, bracket_y),
            ],
            MUTED,
            1,
        );
        let label_y = h_y - 14 - row;
        plot::label(
            area,
            &block.symbol(),
            ((x0 + x1) / 2, label_y),
            10,
            Anchor::Middle,
            INK,
        );
        start += block.length;
    }
    plot::label(area, "h", (LEFT - 8, h_y + CELL / 2), 12, Anchor::End, INK);
    plot::label(area, "g", (LEFT - 8, g_y + CELL / 2), 12, Anchor::End, INK);
    for (n, (&h, &g)) in panel.pass_available.iter().zip(&panel.ordinary).enumerate() {
        plot::cell(area, left(n), h_y, CELL, h);
        plot::cell(area, left(n), g_y, CELL, g);
        if n % 5 == 0 {
            let at = (left(n) + CELL / 2, g_y + CELL + 9);
            plot::label(area, &n.to_string(), at, 9, Anchor::Middle, MUTED);
        }
    }
    let Some(n0) = panel.preperiod else {
        return;
    };
    // The tail: h(n) joined to g(n + y).
    for n in n0..panel.pass_available.len().saturating_sub(y) {
        let from = (left(n) + CELL / 2, h_y + CELL);
        let to = (left(n + y) + CELL / 2, g_y);
        plot::line(area, &[from, to], ACCENT, 1);
    }
    plot::outline(
        area,
        (left(n0 + y), g_y),
        (left(panel.ordinary.len()), g_y + CELL),
        ACCENT,
        2,
    );
    plot::outline(
        area,
        (left(n0), h_y),
        (left(panel.pass_available.len() - y), h_y + CELL),
        ACCENT,
        2,
    );
    // N marked by a bar through both strips.
    let bar_x = left(n0);
    plot::line(area, &[(bar_x, h_y - 2), (bar_x, g_y + CELL + 2)], INK, 2);
    let text = format!("N = {n0}: h(n) = g(n + {y}) from here");
    plot::label(
        area,
        &text,
        (bar_x - 4, h_y + CELL + 12),
        10,
        Anchor::End,
        ACCENT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_pairs_of_five_cases_are_drawn_in_the_papers_order() {
        let params = Params {
            pairs: vec![[2, 7], [3, 5], [2, 6], [3, 7], [2, 4]],
            tail: 3,
        };
        let data = compute(&params).unwrap();
        let cases: Vec<PassCase> = data.panels.iter().map(|p| p.case).collect();
        assert_eq!(cases, PassCase::ALL);
        // {3, 5}: N = 3x + r = 11, h drawn to N + y + tail = 19 heaps.
        assert_eq!(data.panels[0].preperiod, Some(11));
        assert_eq!(data.panels[0].pass_available.len(), 19);
        assert!(data.panels.iter().all(|p| p.closed_form_agrees));
    }

    #[test]
    fn a_missing_case_or_a_bad_pair_is_refused() {
        let two_of_one_case = Params {
            pairs: vec![[2, 7], [3, 5], [4, 5], [3, 7], [2, 4]],
            tail: 3,
        };
        assert!(
            compute(&two_of_one_case)
                .unwrap_err()
                .contains("one pair of each")
        );
        let backwards = Params {
            pairs: vec![[5, 3]],
            tail: 3,
        };
        assert!(compute(&backwards).unwrap_err().contains("not a pair"));
    }
}
