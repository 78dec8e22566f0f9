//! `pass-cases`: one representative pair of takes for each of the five
//! cases of the single-pass subtraction game (R. M. Low, seed 002), drawn as
//! two rows: `h(n)` (the pass still available) above `g(n + y)` (the pass
//! spent, shifted by the larger take). The prefix word's blocks are
//! labelled over `h`, the preperiod `N` is marked, and from `N` on the two
//! rows agree column by column, the shifted tail, outlined. The cells are the recursion's values; the labels are the paper's
//! word, and the data says whether the two agree.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::pass_check::case_mark;
use crate::games::pass_classification::{Block, PassCase, TwoTakes, check, closed_form};
use crate::plot::{self, ACCENT, Anchor, INK, MUTED};
use crate::sequence::Value;
use crate::text::wording::of_total;

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
        if form.preperiod + params.tail > MOST_HEAPS {
            return Err(format!(
                "{{{x}, {y}}} needs N + tail = {} heaps drawn, more than the {MOST_HEAPS} that \
                 fit the page's column: choose a pair with a smaller N or a shorter tail",
                form.preperiod + params.tail
            ));
        }
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
        let given = crate::text::numbers::counted(panels.len() as u64, "pair is", "pairs are");
        let conditions: Vec<&str> = panels.iter().map(|p| p.case.condition()).collect();
        let cases = match conditions.as_slice() {
            [] => String::new(),
            _ => format!(", of the cases {}", conditions.join("; ")),
        };
        return Err(format!(
            "pairs must hold one pair of each of the five cases, but {given} given{cases}"
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
             $g(n + y)$ is drawn under $h(n)$, and the tail from $N$ is outlined for {} heaps. The \
             closed forms agree for {}.",
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

/// The widest cell, and the narrowest that still holds a legible value.
const CELL: i32 = 22;
const MIN_CELL: i32 = 20;
/// Room for the row labels `h(n)` and `g(n + y)`.
const LEFT: i32 = 70;
const RIGHT: i32 = 12;
const TOP: i32 = 64;
/// One panel: heading, the word's labels, two rows, the heap numbers.
const PANEL: i32 = 132;
/// The most heaps a panel can show inside the page's column.
pub const MOST_HEAPS: usize = ((plot::COLUMN as i32 - LEFT - RIGHT) / MIN_CELL) as usize;

/// The heaps drawn in a panel: `n = 0 … N + tail − 1`, each with `h(n)`
/// above `g(n + y)` (the data holds `g` from heap 0).
fn heaps_drawn(panel: &Panel) -> usize {
    panel.ordinary.len() - panel.takes[1]
}

/// The side of a cell for panels of at most `heaps` heaps: as wide as fits
/// the column, at most `CELL` (compute refuses panels that would need
/// cells under `MIN_CELL`).
fn cell_for(heaps: usize, width: u32) -> i32 {
    ((width as i32 - LEFT - RIGHT) / heaps.max(1) as i32).clamp(MIN_CELL, CELL)
}

/// A block of the prefix word as a label: `2ˣ`, `3ʳ`, `3ˣ⁻ʳ`.
fn block_label(block: &Block) -> String {
    let exponent: String = block
        .exponent
        .chars()
        .map(|c| match c {
            'x' => 'ˣ',
            'r' => 'ʳ',
            '−' | '-' => '⁻',
            other => other,
        })
        .collect();
    format!("{}{exponent}", block.value)
}

/// Draws one panel per case, stacked. In each, `g(n + y)` sits under
/// `h(n)`, so the shifted tail `h(n) = g(n + y)` from `N` on shows as
/// columns of equal cells, outlined. The range note is the SVG's
/// description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let most = data.panels.iter().map(heaps_drawn).max().unwrap_or(1);
    let cell = cell_for(most, meta.width);
    let width = LEFT + cell * most as i32 + RIGHT;
    let height = TOP + PANEL * data.panels.len() as i32 - 8;
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = "h (pass available) above g shifted by y (pass spent), one pair per case";
            plot::title(area, title, (20, 14));
            let key_y = 40;
            plot::outline(area, (20, key_y - 7), (44, key_y + 7), ACCENT, 2);
            let key = "from heap N on, h(n) = g(n + y): the shifted tail";
            plot::heading(area, key, (52, key_y), Anchor::Start);
            for (i, panel) in data.panels.iter().enumerate() {
                draw_panel(area, panel, i, TOP + PANEL * i as i32, cell);
            }
        },
    )
}

/// A panel's heading: its case's swatch and mark, the pair, the case's
/// condition and its numbers.
fn draw_heading(area: &plot::Area, panel: &Panel, index: usize, top: i32) {
    let [x, y] = panel.takes;
    let heading = format!(
        "{{{x}, {y}}}: {} (q = {}, r = {}); N = {}, period {}",
        panel.case.condition(),
        panel.q,
        panel.r,
        panel.preperiod.map_or("none".into(), |n| n.to_string()),
        panel.period.map_or("none".into(), |p| p.to_string()),
    );
    let swatch = (20, top + 1);
    let corner = (swatch.0 + 12, swatch.1 + 12);
    plot::block(area, swatch, corner, plot::case_fill(index));
    case_mark(area, index, swatch, 12);
    plot::heading(area, &heading, (38, top + 7), Anchor::Start);
}

/// The prefix word's blocks, bracketed over the row at `h_y`, their labels
/// staggered on two lines; `left(n)` is heap `n`'s left edge.
fn draw_word(area: &plot::Area, panel: &Panel, h_y: i32, left: impl Fn(usize) -> i32) {
    let mut start = 0;
    for (b, block) in panel.prefix_word.iter().enumerate() {
        if block.length == 0 {
            continue;
        }
        let (x0, x1) = (left(start) + 1, left(start + block.length) - 1);
        let y = h_y - 4;
        plot::line(
            area,
            &[(x0, y), (x0, y - 3), (x1, y - 3), (x1, y)],
            MUTED,
            1,
        );
        let label_y = h_y - 15 - if b % 2 == 0 { 0 } else { 15 };
        plot::heading(
            area,
            &block_label(block),
            ((x0 + x1) / 2, label_y),
            Anchor::Middle,
        );
        start += block.length;
    }
}

/// One case: the heading, the prefix word, `h(n)` over `g(n + y)` with
/// heap numbers under them, and the tail from `N` outlined.
fn draw_panel(area: &plot::Area, panel: &Panel, index: usize, top: i32, cell: i32) {
    draw_heading(area, panel, index, top);
    let y = panel.takes[1];
    let h_y = top + 54;
    let g_y = h_y + cell + 2;
    let left = |n: usize| LEFT + n as i32 * cell;
    draw_word(area, panel, h_y, left);
    plot::heading(area, "h(n)", (LEFT - 8, h_y + cell / 2), Anchor::End);
    plot::heading(area, "g(n + y)", (LEFT - 8, g_y + cell / 2), Anchor::End);
    let heaps = heaps_drawn(panel);
    let ticks_y = g_y + cell + 10;
    plot::tick(area, "n", (LEFT - 8, ticks_y), Anchor::End);
    for n in 0..heaps {
        plot::cell(area, left(n), h_y, cell, panel.pass_available[n]);
        plot::cell(area, left(n), g_y, cell, panel.ordinary[n + y]);
        if n % 5 == 0 {
            plot::tick(
                area,
                &n.to_string(),
                (left(n) + cell / 2, ticks_y),
                Anchor::Middle,
            );
        }
    }
    let Some(n0) = panel.preperiod else {
        return;
    };
    // The tail, h(n) = g(n + y) from N on: equal columns, outlined together.
    let corner = (left(heaps), g_y + cell + 1);
    plot::outline(area, (left(n0), h_y - 1), corner, ACCENT, 2);
    // N marked by a bar through both rows.
    let bar_x = left(n0);
    plot::line(area, &[(bar_x, h_y - 6), (bar_x, g_y + cell + 4)], INK, 2);
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
        let error = compute(&two_of_one_case).unwrap_err();
        assert!(
            error.contains(
                "one pair of each of the five cases, but 5 pairs are given, of the cases "
            ),
            "{error}"
        );
        let none = Params {
            pairs: vec![],
            tail: 3,
        };
        let error = compute(&none).unwrap_err();
        assert!(error.ends_with("but 0 pairs are given"), "{error}");
        let one = Params {
            pairs: vec![[2, 7]],
            tail: 3,
        };
        let error = compute(&one).unwrap_err();
        assert!(
            error.contains("but 1 pair is given, of the cases "),
            "{error}"
        );
        assert!(!error.ends_with(' ') && !error.ends_with("are"), "{error}");
        let backwards = Params {
            pairs: vec![[5, 3]],
            tail: 3,
        };
        assert!(compute(&backwards).unwrap_err().contains("not a pair"));
    }

    #[test]
    fn a_panel_wider_than_the_column_is_refused_and_the_rest_fit() {
        // {4, 14}: N = 22; with a tail of 6 it draws 28 heaps.
        let params = Params {
            pairs: vec![[4, 6], [2, 8], [4, 10], [2, 10], [4, 14]],
            tail: 6,
        };
        let data = compute(&params).unwrap();
        let most = data.panels.iter().map(heaps_drawn).max().unwrap();
        assert_eq!(most, 28);
        let cell = cell_for(most, plot::COLUMN);
        assert!(LEFT + cell * most as i32 + RIGHT <= plot::COLUMN as i32);
        assert!(cell >= MIN_CELL);
        let long = Params {
            tail: MOST_HEAPS - 22 + 1,
            ..params
        };
        assert!(
            compute(&long)
                .unwrap_err()
                .contains("fit the page's column")
        );
    }

    #[test]
    fn blocks_are_labelled_with_superscript_exponents() {
        let block = |value, exponent| Block {
            value,
            length: 1,
            exponent,
        };
        assert_eq!(block_label(&block(2, "x")), "2ˣ");
        assert_eq!(block_label(&block(3, "r")), "3ʳ");
        assert_eq!(block_label(&block(3, "x−r")), "3ˣ⁻ʳ");
    }
}
