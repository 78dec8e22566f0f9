//! Two takes: a two-take subtraction game's values, the blocks of length
//! `a` numbered inside each stretch of `a + b`, and its 2s marked, so the
//! closed form can be read off the picture. The site's `two-takes-strip`
//! figures and a reader's pair, redrawn in the page, draw through here.

use crate::RenderMeta;
use crate::plot::{self, ACCENT, Anchor, MUTED, axis, cells, reflow};
use ladder_engine::census::two_take_strip::{StripBlock, TwoTakeStrip, two_take_strip};
use ladder_engine::games::Rule;
use ladder_engine::games::two_takes::TwoTakes;
use ladder_engine::numbers::grouped;

/// The most heaps a strip draws: the site's bound on `shown`, and the
/// module's for a reader's request.
pub const MOST_SHOWN: usize = 10_000;

/// Computes the strip of `shown` heaps of `{a, b}`; the closed form must
/// agree with the recursion.
pub fn compute([a, b]: [u64; 2], shown: usize) -> Result<TwoTakeStrip, String> {
    if !(1..=MOST_SHOWN).contains(&shown) {
        return Err(format!(
            "shown must be from 1 to {}, not {}",
            grouped(MOST_SHOWN as u64),
            grouped(shown as u64)
        ));
    }
    let game = TwoTakes::new(a, b).map_err(|e| e.to_string())?;
    let strip = two_take_strip(game, shown).map_err(|e| e.to_string())?;
    if !strip.closed_form_agrees {
        return Err("the closed form disagrees with the mex recursion".into());
    }
    Ok(strip)
}

/// The two takes of a rule a reader types: a subtraction set of two.
pub fn takes(rule: &Rule) -> Result<[u64; 2], String> {
    let set = rule.subtraction_set().map(|s| s.takes().to_vec());
    match set.as_deref() {
        Some(&[a, b]) => Ok([a as u64, b as u64]),
        _ => Err(format!("{rule} is not a subtraction game of two takes")),
    }
}

/// The search range and the check, in one sentence.
pub fn range_note(data: &TwoTakeStrip) -> String {
    format!(
        "Period {} from heap {}, found by search in {} values; the closed form agrees with the \
         recursion at all of them.",
        data.measured_period,
        data.measured_preperiod,
        grouped(data.values_searched as u64)
    )
}

/// Room at the left for the rows' heap ranges ("330–340" at 13 px).
const LEFT: i32 = 72;
/// Room at the right of the grid.
const RIGHT: i32 = 12;
/// Cells hold a value at 12 px from 20 px ([`plot::cell`] writes 13 px
/// from 22); 32 px is as large as they need be. A phone's column holds a
/// stretch of 13 at 21 px, so its columns still line up the remainders.
const CELL_MIN: i32 = 20;
const CELL_MAX: i32 = 32;
/// Each row is followed by its blocks' brackets and numbers.
const BRACKETS: i32 = 22;
/// The grid's top under a one-line title: below the axis title and the
/// column numbers.
const GRID_TOP: i32 = 64;
const MARGIN: i32 = 12;
/// The pitch of a line of 13 px text.
const LINE: i32 = 20;
/// A legend's entry that wraps indents its second line on.
const INDENT: i32 = 12;

/// How the strip is cut into rows for the width, and its text wrapped to it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layout {
    /// Cells per row: one stretch of `a + b` when it fits, so each column
    /// is one remainder `r` and equal values line up down the columns.
    columns: usize,
    cell: i32,
    rows: usize,
    width: u32,
    /// The grid's top: lower by a line for each line the title wraps to.
    top: i32,
    height: u32,
    /// The title's lines and the legend's, wrapped to the width; a
    /// legend's line carries its indent (its entry's second line on).
    title: Vec<String>,
    legend: Vec<(i32, String)>,
}

/// Lays `shown` heaps out in rows of one stretch of `stretch` heaps, or of
/// as many as fit in `most` px when a stretch does not, and wraps the
/// title and the legend's lines to the width.
fn layout(stretch: usize, shown: usize, title: &str, legend: &[Vec<String>], most: u32) -> Layout {
    let room = most as i32 - LEFT - RIGHT;
    let columns = stretch.min((room / CELL_MIN).max(1) as usize);
    let cell = (room / columns as i32).clamp(CELL_MIN, CELL_MAX);
    let rows = shown.div_ceil(columns).max(1);
    let grid = LEFT + columns as i32 * cell + RIGHT;
    let widest = legend
        .iter()
        .map(|l| plot::text_width(&l.join(" "), plot::TEXT));
    let widest = widest.max().unwrap_or(0);
    let width = grid.max(widest + 2 * MARGIN).min(most as i32);
    let title = plot::fit_lines(title, plot::TITLE, width - 2 * MARGIN);
    let legend: Vec<(i32, String)> = legend
        .iter()
        .flat_map(|l| {
            let lines = reflow::phrase_lines(l, plot::TEXT, width - 2 * MARGIN, INDENT).into_iter();
            lines
                .enumerate()
                .map(|(i, line)| (if i == 0 { 0 } else { INDENT }, line))
        })
        .collect();
    let top = GRID_TOP + (title.len() as i32 - 1) * plot::line_pitch(plot::TITLE);
    let grid_bottom = top + rows as i32 * (cell + BRACKETS);
    Layout {
        columns,
        cell,
        rows,
        width: width as u32,
        top,
        height: (grid_bottom + legend.len() as i32 * LINE + 4) as u32,
        title,
        legend,
    }
}

/// The legend's two entries, each in phrases a line may break between.
fn legend(a: u64, b: u64) -> [Vec<String>; 2] {
    let stretch = a + b;
    [
        vec![
            "under each row: its blocks,".into(),
            format!("k = ⌊r/{a}⌋ for r = n mod {stretch}"),
        ],
        vec![
            "outlined: the 2s,".into(),
            format!("where k is even and r ≥ {b}"),
        ],
    ]
}

/// Where heap `heap`'s cell starts in layout `l`.
fn place(l: &Layout, heap: u64) -> (i32, i32) {
    let (row, column) = (heap as usize / l.columns, heap as usize % l.columns);
    (
        LEFT + column as i32 * l.cell,
        l.top + row as i32 * (l.cell + BRACKETS),
    )
}

/// The rows of cells, each with its range of heaps at its left.
fn draw_rows(area: &plot::Area, l: &Layout, values: &[u32]) {
    for (row, chunk) in values.chunks(l.columns).enumerate() {
        let first = row * l.columns;
        let (x, y) = place(l, first as u64);
        let range = format!("{first}–{}", first + chunk.len() - 1);
        plot::label(
            area,
            &range,
            (LEFT - 8, y + l.cell / 2),
            plot::TEXT,
            Anchor::End,
            MUTED,
        );
        for (i, &value) in chunk.iter().enumerate() {
            let at = (x + i as i32 * l.cell, y);
            plot::cell(area, at.0, at.1, l.cell, value);
            let size = (l.cell, l.cell);
            cells::name(area, at, size, || plot::heap_value("", first + i, value));
        }
    }
}

/// Each block bracketed under its cells with its number `k`; a block lies
/// in one stretch, and is cut where a row ends.
fn draw_blocks(area: &plot::Area, l: &Layout, blocks: &[StripBlock]) {
    for block in blocks {
        let mut first = block.first_heap;
        while first <= block.last_heap {
            let row_end = (first / l.columns as u64 + 1) * l.columns as u64 - 1;
            let last = block.last_heap.min(row_end);
            let (x0, y) = place(l, first);
            let x1 = place(l, last).0 + l.cell;
            let (x0, x1, y) = (x0 + 3, x1 - 3, y + l.cell + 4);
            plot::line(
                area,
                &[(x0, y), (x0, y + 4), (x1, y + 4), (x1, y)],
                MUTED,
                1,
            );
            plot::tick(
                area,
                &block.block.to_string(),
                ((x0 + x1) / 2, y + 12),
                Anchor::Middle,
            );
            first = last + 1;
        }
    }
}

/// The column numbers over the grid, under the axis's title, with
/// "heaps" over the rows' ranges.
fn headings(area: &plot::Area, l: &Layout, stretch: usize, shown: usize) {
    let axis_y = l.top - 30;
    let axis = if l.columns == stretch {
        format!("remainder r = n mod {stretch} →")
    } else {
        format!("heap n, {} to a row →", l.columns)
    };
    plot::heading(area, &axis, (LEFT, axis_y), Anchor::Start);
    plot::heading(area, "heaps", (LEFT - 8, axis_y + 18), Anchor::End);
    let columns =
        (0..l.columns.min(shown)).map(|c| (LEFT + c as i32 * l.cell + l.cell / 2, c.to_string()));
    axis::x_labels(area, columns, axis_y + 18);
}

/// Draws the strip one stretch to a row, its blocks bracketed and numbered
/// under each row and its 2s outlined.
pub fn render(data: &TwoTakeStrip, meta: &RenderMeta) -> String {
    let [a, b] = data.takes;
    let stretch = (a + b) as usize;
    let legend = legend(a, b);
    let title = format!("{{{a}, {b}}}: blocks of {a} inside each stretch of {stretch}");
    let shown = data.cells.len();
    let l = layout(stretch, shown, &title, &legend, meta.width);
    let values: Vec<u32> = data.cells.iter().map(|c| c.value).collect();
    plot::svg(l.width, l.height, meta.caption, &range_note(data), |area| {
        let pitch = plot::line_pitch(plot::TITLE);
        for (i, line) in l.title.iter().enumerate() {
            plot::title(area, line, (MARGIN, 12 + i as i32 * pitch));
        }
        headings(area, &l, stretch, shown);
        draw_rows(area, &l, &values);
        draw_blocks(area, &l, &data.blocks);
        for &heap in &data.twos {
            let (x, y) = place(&l, heap);
            let corner = (x + l.cell - 1, y + l.cell - 1);
            plot::outline(area, (x + 1, y + 1), corner, ACCENT, 3);
        }
        let y = l.height as i32 - l.legend.len() as i32 * LINE + 6;
        for (i, (indent, text)) in l.legend.iter().enumerate() {
            let at = (MARGIN + indent, y + i as i32 * LINE);
            plot::heading(area, text, at, Anchor::Start);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(a: u64, b: u64) -> (String, [Vec<String>; 2]) {
        let stretch = a + b;
        let title = format!("{{{a}, {b}}}: blocks of {a} inside each stretch of {stretch}");
        (title, legend(a, b))
    }

    #[test]
    fn every_strip_fits_its_width_with_legible_cells() {
        let (title, legend) = texts(3, 8);
        for most in [plot::PHONE, plot::COLUMN] {
            for stretch in 2..=2_000 {
                for shown in [1, stretch, 3 * stretch, 10_000] {
                    let l = layout(stretch, shown, &title, &legend, most);
                    assert!(l.width <= most, "{stretch} {shown}: {l:?}");
                    assert!(LEFT + l.columns as i32 * l.cell + RIGHT <= most as i32);
                    assert!(l.cell >= CELL_MIN, "{stretch}: {l:?}");
                    assert!(l.rows * l.columns >= shown);
                }
            }
        }
    }

    #[test]
    fn a_stretch_that_fits_is_one_row() {
        let (title, legend) = texts(3, 8);
        let l = layout(11, 33, &title, &legend, plot::COLUMN);
        assert_eq!((l.columns, l.rows, l.cell), (11, 3, 32));
        // 31 columns of 20 px and the margins are as wide as the column.
        assert_eq!(layout(31, 62, &title, &legend, plot::COLUMN).columns, 31);
        assert!(layout(32, 64, &title, &legend, plot::COLUMN).columns < 32);
    }

    #[test]
    fn a_phone_keeps_a_stretch_of_thirteen_to_a_row_and_wraps_its_text() {
        let (title, legend) = texts(6, 7);
        let desk = layout(13, 39, &title, &legend, plot::COLUMN);
        assert_eq!((desk.title.len(), desk.legend.len()), (1, 2));
        let l = layout(13, 39, &title, &legend, plot::PHONE);
        // Each row is still one stretch, so the remainders line up.
        assert_eq!((l.columns, l.rows, l.cell), (13, 3, 21));
        assert!(l.width <= plot::PHONE);
        let room = l.width as i32 - 2 * MARGIN;
        for line in &l.title {
            assert!(plot::text_width(line, plot::TITLE) <= room, "{line}");
        }
        for (indent, line) in &l.legend {
            assert!(
                indent + plot::text_width(line, plot::TEXT) <= room,
                "{line}"
            );
        }
        assert!(l.title.len() > 1 && l.legend.len() > 2, "{l:?}");
        // The lines break between phrases: every formula stays whole.
        let line = |indent: i32, text: &str| (indent, text.to_string());
        assert_eq!(
            l.legend,
            [
                line(0, "under each row: its blocks,"),
                line(INDENT, "k = ⌊r/6⌋ for r = n mod 13"),
                line(0, "outlined: the 2s,"),
                line(INDENT, "where k is even and r ≥ 7"),
            ]
        );
        assert_eq!(l.top, GRID_TOP + plot::line_pitch(plot::TITLE));
        let bottom = l.top + l.rows as i32 * (l.cell + BRACKETS);
        assert_eq!(l.height as i32, bottom + l.legend.len() as i32 * LINE + 4);
    }

    #[test]
    fn the_phone_drawings_are_at_most_the_phones_width() {
        for (takes, shown) in [([3, 8], 33), ([6, 7], 39)] {
            let data = compute(takes, shown).unwrap();
            let meta = |width| RenderMeta {
                id: "t",
                caption: "c",
                width,
            };
            let phone = render(&data, &meta(plot::PHONE));
            assert!(phone.contains(r#"width="358""#), "{}", &phone[..300]);
            assert!(!phone.contains("heap n,"), "a stretch to a row");
            assert_ne!(phone, render(&data, &meta(plot::COLUMN)));
        }
    }
}
