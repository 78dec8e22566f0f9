//! The pass pair: pairs of takes of the single-pass subtraction game
//! (R. M. Low, seed 002), each drawn as two rows: `h(n)` (the pass still
//! available) above `g(n + y)` (the pass spent, shifted by the larger
//! take). The prefix word's blocks are labelled over `h`, the preperiod `N`
//! is marked, and from `N` on the two rows agree column by column, the
//! shifted tail, outlined. The cells are the recursion's values; the labels
//! are the paper's word, and the data says whether the two agree. The
//! site's `pass-cases` figure (one pair of each case) and a reader's pairs,
//! redrawn in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::reflow::{self, Title};
use crate::plot::{self, ACCENT, Anchor, INK, MUTED, cells};
use ladder_engine::games::Rule;
use ladder_engine::games::pass_classification::{Block, PassCase, TwoTakes, check, closed_form};
use ladder_engine::numbers::counted;
use ladder_engine::sequence::Value;
use ladder_engine::wording::of_total;

/// The largest take a pair may have: the range the essay checks the closed
/// forms over (`pass-check`), so every pair drawn is one the site checked.
pub const LARGEST_TAKE: usize = 60;
/// The most pairs one figure draws: one for each case.
pub const MOST_PAIRS: usize = 5;

/// The pair of takes of a rule a reader types: a pass rule of two takes.
pub fn takes(rule: &Rule) -> Result<[usize; 2], String> {
    match rule {
        Rule::Pass(game) => match game.takes() {
            &[x, y] => Ok([x, y]),
            _ => Err(format!("{rule} is not a pass rule of two takes")),
        },
        _ => Err(format!(
            "{rule} is not a pass rule: this figure draws pass rules of two takes, like pass:4,6"
        )),
    }
}

/// One pair's strips.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Tail heaps joined per panel.
    pub tail: usize,
    /// One panel per case.
    pub panels: Vec<Panel>,
}

/// Computes each pair's values and checks its closed forms; the panels
/// come in the paper's order of cases (pairs of one case in the order
/// given).
pub fn compute(pairs: &[[usize; 2]], tail: usize) -> Result<Data, String> {
    if !(1..=20).contains(&tail) {
        return Err(format!("tail must be from 1 to 20, not {tail}"));
    }
    if !(1..=MOST_PAIRS).contains(&pairs.len()) {
        return Err(format!(
            "the figure draws from 1 to {MOST_PAIRS} pairs, not {}",
            pairs.len()
        ));
    }
    let mut panels = Vec::new();
    for &[x, y] in pairs {
        let takes = TwoTakes::new(x, y)
            .filter(|_| y <= LARGEST_TAKE)
            .ok_or_else(|| format!("[{x}, {y}] is not a pair 1 ≤ x < y ≤ {LARGEST_TAKE}"))?;
        let verdict = check(takes);
        let form = closed_form(takes);
        let shown = form.preperiod + y + tail;
        if form.preperiod + tail > MOST_HEAPS {
            return Err(format!(
                "{{{x}, {y}}} needs N + tail = {} heaps drawn, more than the {MOST_HEAPS} that \
                 fit the page's column: choose a pair with a smaller N or a shorter tail",
                form.preperiod + tail
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
    Ok(Data { tail, panels })
}

impl Data {
    /// Whether the panels hold one pair of each of the five cases, as the
    /// essay's figure must; else the reason, in the manifest's words.
    pub fn check_every_case(&self) -> Result<(), String> {
        if self.every_case() {
            return Ok(());
        }
        let given = counted(self.panels.len() as u64, "pair is", "pairs are");
        let conditions: Vec<&str> = self.panels.iter().map(|p| p.case.condition()).collect();
        let cases = match conditions.as_slice() {
            [] => String::new(),
            _ => format!(", of the cases {}", conditions.join("; ")),
        };
        Err(format!(
            "pairs must hold one pair of each of the five cases, but {given} given{cases}"
        ))
    }

    /// Whether there is one panel for each case.
    fn every_case(&self) -> bool {
        self.panels.iter().map(|p| p.case).eq(PassCase::ALL)
    }

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
/// Room for the row labels `h(n)` and `g(n + y)`: enough for the page's
/// column; a phone's narrower lines leave room for a safer margin.
const LEFT: i32 = 70;
const ROOMY_LEFT: i32 = 78;
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

/// The cell, and the heaps to a line: every heap of the widest panel on
/// one line where the cells fit at `MIN_CELL` or more (compute refuses
/// panels that would not fit the page's column), else as few lines as
/// fit, the same length in every panel so their columns line up.
struct Layout {
    cell: i32,
    per_line: usize,
    /// Where the cells start: `LEFT`, or `ROOMY_LEFT` where the width
    /// has that much room to spare.
    left: i32,
    /// The figure's width.
    width: i32,
}

impl Layout {
    fn of(data: &Data, width: u32) -> Layout {
        let most = data.panels.iter().map(heaps_drawn).max().unwrap_or(1);
        let room = width as i32 - LEFT - RIGHT;
        // Any length from the widest panel's even split up to what fits
        // gives it as few lines; of those, the one that gives the panels
        // the fewest lines in all (no panel left a stub of a line).
        let fit = (room / MIN_CELL).max(1) as usize;
        let even = reflow::per_line(most, room, MIN_CELL);
        let lines = |per: usize| -> usize {
            data.panels
                .iter()
                .map(|p| heaps_drawn(p).div_ceil(per))
                .sum()
        };
        let per_line = (even..=fit.max(even))
            .min_by_key(|&per| lines(per))
            .unwrap_or(even);
        let cell = (room / per_line as i32).clamp(MIN_CELL, CELL);
        let spare = room - cell * per_line as i32;
        let left = if spare >= ROOMY_LEFT - LEFT {
            ROOMY_LEFT
        } else {
            LEFT
        };
        let width = left + cell * per_line as i32 + RIGHT;
        Layout {
            cell,
            per_line,
            left,
            width,
        }
    }

    /// From one line's `h` row to the next's: the word's two lines of
    /// labels, two rows of cells, the heap numbers.
    fn line_pitch(&self) -> i32 {
        2 * self.cell + 56
    }

    /// The lines a panel takes.
    fn lines(&self, panel: &Panel) -> usize {
        heaps_drawn(panel).div_ceil(self.per_line).max(1)
    }

    /// A panel's heading in lines that fit beside its swatch.
    fn heading(&self, panel: &Panel) -> Vec<String> {
        reflow::clause_lines(&heading_text(panel), plot::TEXT, self.width - 38 - 8)
    }

    /// A panel's height: its heading, its lines.
    fn panel_height(&self, panel: &Panel) -> i32 {
        let heading = self.heading(panel).len().max(1) as i32 - 1;
        PANEL
            + heading * plot::line_pitch(plot::TEXT)
            + (self.lines(panel) as i32 - 1) * self.line_pitch()
    }
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
/// columns of equal cells, outlined; on a phone each panel's heaps are
/// cut into lines. The range note is the SVG's description, printed once
/// in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let layout = Layout::of(data, meta.width);
    let text = if data.every_case() {
        "h (pass available) above g shifted by y (pass spent), one pair per case"
    } else {
        "h (pass available) above g shifted by y (pass spent), one panel per pair"
    };
    let title = Title::fit(text, 20, layout.width, meta.width);
    let layout = Layout {
        width: title.width,
        ..layout
    };
    let key_text = "from heap N on, h(n) = g(n + y): the shifted tail";
    let key = reflow::clause_lines(key_text, plot::TEXT, layout.width - 52 - 8);
    let key_y = 40 + title.lower();
    let top = TOP + title.lower() + (key.len() as i32 - 1) * plot::line_pitch(plot::TEXT);
    let panels: i32 = data.panels.iter().map(|p| layout.panel_height(p)).sum();
    let height = top + panels - 8;
    plot::svg(
        layout.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (20, 14));
            plot::outline(area, (20, key_y - 7), (44, key_y + 7), ACCENT, 2);
            for (i, line) in key.iter().enumerate() {
                let at = (52, key_y + i as i32 * plot::line_pitch(plot::TEXT));
                plot::heading(area, line, at, Anchor::Start);
            }
            let mut panel_top = top;
            for panel in &data.panels {
                draw_panel(area, panel, panel.case.index(), panel_top, &layout);
                panel_top += layout.panel_height(panel);
            }
        },
    )
}

/// A panel's heading: the pair, the case's condition with the pair's own
/// `q` and `r` (each said once), `N` and the period.
fn heading_text(panel: &Panel) -> String {
    let [x, y] = panel.takes;
    let q = match panel.case {
        PassCase::QuotientOne => "q = 1".to_string(),
        PassCase::EvenQuotientDivides | PassCase::EvenQuotientRemainder => {
            format!("q = {} (even)", panel.q)
        }
        PassCase::OddQuotientDivides | PassCase::OddQuotientRemainder => {
            format!("q = {} (odd)", panel.q)
        }
    };
    format!(
        "{{{x}, {y}}}: {q}, r = {}; N = {}, period {}",
        panel.r,
        panel.preperiod.map_or("none".into(), |n| n.to_string()),
        panel.period.map_or("none".into(), |p| p.to_string()),
    )
}

/// A panel's heading, its case's swatch and mark beside it; returns how
/// much lower than a one-line heading its lines end.
fn draw_heading(area: &plot::Area, lines: &[String], index: usize, top: i32) -> i32 {
    let swatch = (20, top + 1);
    let corner = (swatch.0 + 12, swatch.1 + 12);
    plot::block(area, swatch, corner, plot::case_fill(index));
    plot::case_mark(area, index, swatch, 12);
    let pitch = plot::line_pitch(plot::TEXT);
    for (i, line) in lines.iter().enumerate() {
        plot::heading(area, line, (38, top + 7 + i as i32 * pitch), Anchor::Start);
    }
    (lines.len().max(1) as i32 - 1) * pitch
}

/// The heaps of one line of a panel, and where each stands.
struct Line {
    from: usize,
    to: usize,
    cell: i32,
    /// Where the first cell starts.
    x: i32,
}

impl Line {
    /// Heap `n`'s left edge (`n` from `from` to `to`).
    fn left(&self, n: usize) -> i32 {
        self.x + (n - self.from) as i32 * self.cell
    }
}

/// The prefix word's blocks over the row at `h_y`, as much of each as
/// falls in `line`: bracketed, closed at the block's own ends and open
/// where the line cuts it, labelled on the piece that holds its middle,
/// the labels staggered on two lines.
fn draw_word(area: &plot::Area, panel: &Panel, h_y: i32, line: &Line) {
    let mut start = 0;
    for (b, block) in panel.prefix_word.iter().enumerate() {
        let (s, e) = (start, start + block.length);
        start = e;
        let (from, to) = (s.max(line.from), e.min(line.to));
        if from >= to {
            continue;
        }
        let (x0, x1) = (line.left(from) + 1, line.left(to) - 1);
        let y = h_y - 4;
        let left_end = if from == s { y } else { y - 3 };
        let right_end = if to == e { y } else { y - 3 };
        let bracket = [(x0, left_end), (x0, y - 3), (x1, y - 3), (x1, right_end)];
        plot::line(area, &bracket, MUTED, 1);
        if (from..to).contains(&((s + e - 1) / 2)) {
            let label_y = h_y - 15 - if b % 2 == 0 { 0 } else { 15 };
            let at = ((x0 + x1) / 2, label_y);
            plot::heading(area, &block_label(block), at, Anchor::Middle);
        }
    }
}

/// One case: the heading, then line by line the prefix word, `h(n)` over
/// `g(n + y)` with heap numbers under them, and the tail from `N` outlined.
fn draw_panel(area: &plot::Area, panel: &Panel, index: usize, top: i32, layout: &Layout) {
    let lower = draw_heading(area, &layout.heading(panel), index, top);
    let heaps = heaps_drawn(panel);
    for k in 0..layout.lines(panel) {
        let from = k * layout.per_line;
        let line = Line {
            from,
            to: (from + layout.per_line).min(heaps),
            cell: layout.cell,
            x: layout.left,
        };
        let h_y = top + lower + 54 + k as i32 * layout.line_pitch();
        draw_line(area, panel, h_y, &line);
    }
}

/// One line of a panel from the top of its `h` row, `h_y`.
fn draw_line(area: &plot::Area, panel: &Panel, h_y: i32, line: &Line) {
    let (cell, y) = (line.cell, panel.takes[1]);
    let g_y = h_y + cell + 2;
    draw_word(area, panel, h_y, line);
    let label_x = line.x - 8;
    plot::heading(area, "h(n)", (label_x, h_y + cell / 2), Anchor::End);
    plot::heading(area, "g(n + y)", (label_x, g_y + cell / 2), Anchor::End);
    let ticks_y = g_y + cell + 10;
    plot::tick(area, "n", (label_x, ticks_y), Anchor::End);
    for n in line.from..line.to {
        let (h, g) = (panel.pass_available[n], panel.ordinary[n + y]);
        plot::cell(area, line.left(n), h_y, cell, h);
        plot::cell(area, line.left(n), g_y, cell, g);
        let size = (cell, cell);
        cells::name(area, (line.left(n), h_y), size, || {
            format!("h({n}) = {h}: heap {n}, the pass still to play")
        });
        cells::name(area, (line.left(n), g_y), size, || {
            format!("g({n} + {y}) = g({}) = {g}", n + y)
        });
        if n % 5 == 0 || n == line.from {
            let at = (line.left(n) + cell / 2, ticks_y);
            plot::tick(area, &n.to_string(), at, Anchor::Middle);
        }
    }
    let Some(n0) = panel.preperiod else {
        return;
    };
    // The tail, h(n) = g(n + y) from N on: equal columns, outlined together.
    let from = n0.max(line.from);
    if from < line.to {
        let corner = (line.left(line.to), g_y + cell + 1);
        plot::outline(area, (line.left(from), h_y - 1), corner, ACCENT, 2);
    }
    // N marked by a bar through both rows.
    if (line.from..line.to).contains(&n0) {
        let bar_x = line.left(n0);
        plot::line(area, &[(bar_x, h_y - 6), (bar_x, g_y + cell + 4)], INK, 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_pairs_of_five_cases_are_drawn_in_the_papers_order() {
        let params = (vec![[2, 7], [3, 5], [2, 6], [3, 7], [2, 4]], 3);
        let data = compute(&params.0, params.1).unwrap();
        let cases: Vec<PassCase> = data.panels.iter().map(|p| p.case).collect();
        assert_eq!(cases, PassCase::ALL);
        // {3, 5}: N = 3x + r = 11, h drawn to N + y + tail = 19 heaps.
        assert_eq!(data.panels[0].preperiod, Some(11));
        assert_eq!(data.panels[0].pass_available.len(), 19);
        assert!(data.panels.iter().all(|p| p.closed_form_agrees));
    }

    #[test]
    fn a_missing_case_or_a_bad_pair_is_refused() {
        let every = |pairs: &[[usize; 2]]| compute(pairs, 3).and_then(|d| d.check_every_case());
        let error = every(&[[2, 7], [3, 5], [4, 5], [3, 7], [2, 4]]).unwrap_err();
        assert!(
            error.contains(
                "one pair of each of the five cases, but 5 pairs are given, of the cases "
            ),
            "{error}"
        );
        let error = every(&[[2, 7]]).unwrap_err();
        assert!(
            error.contains("but 1 pair is given, of the cases "),
            "{error}"
        );
        assert!(!error.ends_with(' ') && !error.ends_with("are"), "{error}");
        assert!(every(&[[2, 7], [3, 5], [2, 6], [3, 7], [2, 4]]).is_ok());
        // A reader's figure may draw any one to five pairs, but not none,
        // nor six, nor a pair out of order or past the checked range.
        assert!(compute(&[[2, 7]], 3).is_ok());
        assert!(
            compute(&[], 3)
                .unwrap_err()
                .contains("from 1 to 5 pairs, not 0")
        );
        assert!(compute(&[[2, 7]; 6], 3).unwrap_err().contains("not 6"));
        assert!(compute(&[[5, 3]], 3).unwrap_err().contains("not a pair"));
        assert!(compute(&[[5, 61]], 3).unwrap_err().contains("≤ 60"));
    }

    #[test]
    fn a_panel_wider_than_the_column_is_refused_and_the_rest_fit() {
        // {4, 14}: N = 22; with a tail of 6 it draws 28 heaps.
        let pairs = [[4, 6], [2, 8], [4, 10], [2, 10], [4, 14]];
        let data = compute(&pairs, 6).unwrap();
        let most = data.panels.iter().map(heaps_drawn).max().unwrap();
        assert_eq!(most, 28);
        let layout = Layout::of(&data, plot::COLUMN);
        assert_eq!(layout.per_line, most, "one line on a desktop");
        assert!(layout.width <= plot::COLUMN as i32);
        assert!(layout.cell >= MIN_CELL);
        assert!(
            compute(&pairs, MOST_HEAPS - 22 + 1)
                .unwrap_err()
                .contains("fit the page's column")
        );
    }

    #[test]
    fn a_readers_pairs_keep_their_cases_colour_and_say_so_in_the_title() {
        let pairs = [[4, 14], [4, 6]];
        let data = compute(&pairs, 6).unwrap();
        let cases: Vec<usize> = data.panels.iter().map(|p| p.case.index()).collect();
        assert_eq!(cases, [0, 4], "sorted by case, each keeps its own index");
        let meta = RenderMeta {
            id: "answer",
            caption: "",
            width: plot::COLUMN,
        };
        let svg = render(&data, &meta);
        assert!(svg.contains("one panel per pair"), "{svg}");
        assert!(!svg.contains("one pair per case"));
        // The swatches: the first case's and the fifth's, not the second's.
        let swatches: Vec<&str> = svg
            .split("<rect x=\"20\" ")
            .skip(1)
            .filter(|r| r.contains("width=\"12\" height=\"12\""))
            .map(|r| &r[r.find("fill=\"").unwrap() + 6..][..7])
            .collect();
        let hex = |i: usize| {
            let c = plot::case_fill(i);
            format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
        };
        assert_eq!(swatches, [hex(0), hex(4)]);
        let every = compute(&[[4, 6], [2, 8], [4, 10], [2, 10], [4, 14]], 6).unwrap();
        assert!(render(&every, &meta).contains("one pair per case"));
        assert!(takes(&"pass:4,6".parse().unwrap()).is_ok());
        assert!(
            takes(&"pass:4,6,7".parse().unwrap())
                .unwrap_err()
                .contains("two takes")
        );
        assert!(
            takes(&"sub:4,6".parse().unwrap())
                .unwrap_err()
                .contains("not a pass rule")
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

    #[test]
    fn on_a_phone_each_panel_is_cut_into_lines_inside_its_width() {
        let params = (vec![[4, 6], [2, 8], [4, 10], [2, 10], [4, 14]], 6);
        let data = compute(&params.0, params.1).unwrap();
        let meta = RenderMeta {
            id: "pass-cases",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(reflow::faults(&svg, plot::PHONE), Vec::<String>::new());
        // 28 heaps at most: lines of 11 cells of 22 px, the same in every
        // panel, so the 22 heaps of {4, 10} take two lines, not 10, 10, 2.
        let layout = Layout::of(&data, plot::PHONE);
        assert_eq!((layout.per_line, layout.cell), (11, CELL));
        assert!(ROOMY_LEFT + 11 * CELL + RIGHT <= plot::PHONE as i32);
        let lines: Vec<usize> = data.panels.iter().map(|p| layout.lines(p)).collect();
        assert_eq!(lines, [2, 2, 2, 2, 3]);
        // Each line names its rows: 11 lines, so 11 of each.
        assert_eq!(svg.matches("\ng(n + y)\n").count(), 11);
    }

    #[test]
    fn a_heading_says_the_case_and_its_numbers_once() {
        let params = (vec![[4, 6], [2, 8], [4, 10], [2, 10], [4, 14]], 6);
        let data = compute(&params.0, params.1).unwrap();
        let headings: Vec<String> = data.panels.iter().map(heading_text).collect();
        assert_eq!(
            headings,
            [
                "{4, 6}: q = 1, r = 2; N = 14, period 10",
                "{2, 8}: q = 4 (even), r = 0; N = 12, period 10",
                "{4, 10}: q = 2 (even), r = 2; N = 16, period 14",
                "{2, 10}: q = 5 (odd), r = 0; N = 12, period 4",
                "{4, 14}: q = 3 (odd), r = 2; N = 22, period 18",
            ]
        );
        for heading in &headings {
            assert_eq!(heading.matches("q =").count(), 1, "{heading}");
            assert_eq!(heading.matches("r =").count(), 1, "{heading}");
        }
    }
}
