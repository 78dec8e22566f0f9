//! `sum-family`: the three-take games `{a, b, a + b}`, whose third take is
//! the sum of the other two, drawn as an `a × b` grid coloured by which sum
//! of two takes the period equals (its fill and its mark), the period
//! written in each cell.

use std::ops::Range;

use serde::Deserialize;

use super::RangeNote;
use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, LEGEND_LINE, class_fill, class_key, class_mark, class_name};
use crate::census::sum_family::sum_family;
use crate::census::triples::{TripleCensus, TripleRecord};
use crate::plot::legend::{self, Key};
use crate::plot::{self, Anchor, INK, axis, cells, reflow};
use crate::text::numbers::grouped;

/// Parameters of the family.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Sets `{a, b, a + b}` with `a < b` and `a + b ≤ largest_sum`.
    #[serde(deserialize_with = "Within::<0, 200>::read")]
    pub largest_sum: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        check_width(self.largest_sum)
    }
}

/// One record per set and the counts (see `census::triples`).
pub type Data = TripleCensus;

/// Runs the census of the family.
pub fn compute(params: &Params) -> Result<Data, String> {
    sum_family(params.largest_sum).map_err(|e| e.to_string())
}

/// A cell: a class mark at its left and a period of up to three digits
/// at 12 px at its right.
const CELL_W: i32 = 34;
/// Rows are as high as 12 px text needs, so the 38 rows stay compact.
const CELL_H: i32 = 16;
/// Room for the rows' labels, b up to two digits.
const LEFT: i32 = 44;
const GRID_TOP: i32 = 62;
const MARGIN: i32 = 12;
/// The class mark's centre from a cell's left, and its radius: small, so
/// that three digits fit beside it in the 34 px the column leaves a cell.
const MARK_AT: i32 = 5;
const MARK: i32 = 2;
/// The period's right end from a cell's right.
const DIGITS_END: i32 = 3;
/// On a phone: cells 2 px narrower (the mark and the digits 1 px nearer
/// their edges), and the rows' labels in the least room two digits need,
/// so that ten columns of sets fit 358 px.
const NARROW: Geometry = Geometry {
    cell_w: 32,
    mark_at: 4,
    digits_end: 2,
    left: 26,
};
/// Room between a block's last row and the next block's column labels.
const BLOCK_GAP: i32 = 26;

/// A cell's width, where its mark and digits sit, and the room for the rows'
/// labels left of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Geometry {
    cell_w: i32,
    mark_at: i32,
    digits_end: i32,
    left: i32,
}

/// The page's column's geometry.
const WIDE: Geometry = Geometry {
    cell_w: CELL_W,
    mark_at: MARK_AT,
    digits_end: DIGITS_END,
    left: LEFT,
};

/// The grid's columns (one per smaller take `a`) and its width for sums up
/// to `largest_sum`: row `b` holds `a < b` with `a + b ≤ largest_sum`.
fn columns(largest_sum: usize) -> usize {
    largest_sum.saturating_sub(1) / 2
}

fn width(columns: usize) -> i32 {
    LEFT + columns as i32 * CELL_W + MARGIN
}

/// Refuses a family whose grid is wider than the column.
fn check_width(largest_sum: usize) -> Result<(), String> {
    let columns = columns(largest_sum);
    if width(columns) > plot::COLUMN as i32 {
        let most = (plot::COLUMN as i32 - LEFT - MARGIN) / CELL_W;
        return Err(format!(
            "sums up to {largest_sum} need {columns} columns of sets; the page's column holds {most} \
             (a largest_sum of at most {})",
            2 * most + 2
        ));
    }
    Ok(())
}

/// One block of the grid: its columns (smaller takes `a`), the rows
/// (larger takes `b`) its sets reach, and its top.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Block {
    a: Range<usize>,
    b: (usize, usize),
    top: i32,
}

impl Block {
    fn bottom(&self) -> i32 {
        self.top + (self.b.1 + 1 - self.b.0) as i32 * CELL_H
    }
}

/// The family laid out for a width: one block of every column with the
/// page's geometry when it fits, else the narrow geometry in blocks of
/// columns set one above the other, each only as tall as its sets reach.
#[derive(Debug)]
struct Layout {
    g: Geometry,
    blocks: Vec<Block>,
    width: i32,
}

fn layout(records: &[TripleRecord], top: i32, most: u32) -> Layout {
    let cols = records.iter().map(|r| r.takes[0]).max().unwrap_or(1);
    let most = most as i32;
    let g = if width(cols) <= most { WIDE } else { NARROW };
    let fit = ((most - g.left - MARGIN) / g.cell_w).max(1) as usize;
    let mut blocks: Vec<Block> = Vec::new();
    for columns in reflow::column_blocks(cols, fit) {
        let a = columns.start + 1..columns.end + 1;
        let bs = records.iter().filter(|r| a.contains(&r.takes[0]));
        let bs: Vec<usize> = bs.map(|r| r.takes[1]).collect();
        let b = (bs.iter().min().copied(), bs.iter().max().copied());
        let b = (b.0.unwrap_or(2), b.1.unwrap_or(2));
        let top = blocks.last().map_or(top, |l| l.bottom() + BLOCK_GAP);
        blocks.push(Block { a, b, top });
    }
    let widest = blocks.iter().map(|b| b.a.len()).max().unwrap_or(1) as i32;
    let width = (g.left + widest * g.cell_w + MARGIN).max(360).min(most);
    Layout { g, blocks, width }
}

/// The legend's keys: a class with no set has none.
fn keys(data: &Data) -> Vec<Key<'static>> {
    CLASSES
        .iter()
        .filter_map(|&(class, name)| {
            let count = data.records.iter().filter(|r| r.class == class).count();
            (count > 0).then(|| class_key(class, format!("{name} ({})", grouped(count as u64))))
        })
        .collect()
}

/// Where the legend goes and the figure's height. Row `k` from the top of
/// one block holds at most `k + 1` cells: past column `legend_rows` the
/// rows the legend spans are empty, so it sits there when it fits, else
/// under the grid. Blocks stacked on a phone make a tall figure, so there
/// the legend comes first, under the title, in lines that wrap.
fn legend_place(l: &Layout, keys: &[Key]) -> Legend {
    let legend_width = keys.iter().map(Key::width).max().unwrap_or(0);
    let legend_height = LEGEND_LINE * keys.len() as i32;
    let first = &l.blocks[0];
    let rows = (first.b.1 + 1 - first.b.0) as i32;
    let legend_rows = (legend_height + CELL_H - 1) / CELL_H;
    let corner_x = l.g.left + (legend_rows + 1) * l.g.cell_w;
    let in_corner = legend_rows <= rows && corner_x + legend_width <= l.width - MARGIN;
    let bottom = l.blocks.last().map_or(GRID_TOP, Block::bottom);
    if l.blocks.len() > 1 {
        Legend::Top
    } else if in_corner {
        Legend::Column((corner_x, GRID_TOP), bottom + 10)
    } else {
        let top = bottom + 12;
        Legend::Column((MARGIN, top), top + legend_height + 6)
    }
}

/// Where a legend goes: a column at a point, with the figure's height; or
/// lines that wrap, under the title.
enum Legend {
    Column((i32, i32), i32),
    Top,
}

/// The axes' titles at `y`, and each block's column labels and row labels.
fn draw_axes(area: &plot::Area, l: &Layout, y: i32) {
    let rows_title = "larger take b ↓";
    plot::heading(area, rows_title, (MARGIN, y), Anchor::Start);
    let columns_x = (MARGIN + plot::text_width(rows_title, plot::TEXT) + 24).max(l.g.left);
    plot::heading(area, "smaller take a →", (columns_x, y), Anchor::Start);
    for block in &l.blocks {
        let x = |a: usize| cell_x(l, block, a) + l.g.cell_w / 2;
        let columns = block.a.clone().map(|a| (x(a), a.to_string()));
        axis::x_labels(area, columns, block.top - 10);
        let y = |b: usize| block.top + (b - block.b.0) as i32 * CELL_H + CELL_H / 2;
        let rows = (block.b.0..=block.b.1).map(|b| (y(b), b.to_string()));
        axis::y_labels(area, rows, l.g.left - 6);
    }
}

/// The left edge of column `a` in `block`.
fn cell_x(l: &Layout, block: &Block, a: usize) -> i32 {
    l.g.left + (a - block.a.start) as i32 * l.g.cell_w
}

/// Each set's cell in its block, filled and marked by its class, its
/// period written in it.
fn draw_cells(area: &plot::Area, l: &Layout, records: &[TripleRecord]) {
    for r in records {
        let Some(block) = l.blocks.iter().find(|b| b.a.contains(&r.takes[0])) else {
            continue;
        };
        let x = cell_x(l, block, r.takes[0]);
        let y = block.top + (r.takes[1] - block.b.0) as i32 * CELL_H;
        let middle = y + CELL_H / 2;
        let corner = (x + l.g.cell_w - 1, y + CELL_H - 1);
        plot::block(area, (x, y), corner, class_fill(r.class));
        cells::name(area, (x, y), (l.g.cell_w, CELL_H), || {
            let [a, b, c] = r.takes;
            let (p, s, class) = (r.period, r.preperiod, class_name(r.class));
            format!("{{{a}, {b}, {c}}}: period {p} ({class}) from heap {s}")
        });
        class_mark(area, r.class, (x + l.g.mark_at, middle), MARK);
        let at = (x + l.g.cell_w - l.g.digits_end, middle);
        plot::label(
            area,
            &r.period.to_string(),
            at,
            plot::SMALL,
            Anchor::End,
            INK,
        );
    }
}

/// Draws the grid: row `b`, column `a`, each cell filled and marked by its
/// class with the period written in it. Row `b` holds `min(b − 1, S − b)`
/// cells, so the grid is a wedge, and its legend sits in the empty corner
/// at the top right when there is room; on a phone the wedge is cut into
/// blocks of columns, the legend above them.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let keys = keys(data);
    let narrow = layout(&data.records, GRID_TOP, meta.width);
    let flow_width = narrow.width - 2 * MARGIN;
    // Stacked blocks go under the legend, which goes under the title.
    let (l, legend) = match legend_place(&narrow, &keys) {
        Legend::Top => {
            let lines = legend::flow_lines(&keys, flow_width, 18) as i32;
            let top = GRID_TOP + 10 + lines * LEGEND_LINE;
            (layout(&data.records, top, meta.width), Legend::Top)
        }
        column => (narrow, column),
    };
    let bottom = l.blocks.last().map_or(GRID_TOP, Block::bottom);
    let height = match legend {
        Legend::Column(_, height) => height,
        Legend::Top => bottom + 10,
    };
    let headings_y = l.blocks[0].top - 28;
    plot::svg(
        l.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::title(area, "Periods of {a, b, a + b}", (MARGIN, 12));
            draw_axes(area, &l, headings_y);
            draw_cells(area, &l, &data.records);
            match legend {
                Legend::Column(at, _) => {
                    legend::column(area, at, &keys);
                }
                Legend::Top => {
                    legend::flow(area, (MARGIN, 26), flow_width, 18, &keys);
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_family_is_the_widest_the_column_holds() {
        assert!(check_width(40).is_ok());
        assert!(width(columns(40)) <= plot::COLUMN as i32);
        assert!(check_width(42).is_err());
    }

    #[test]
    fn a_period_and_a_mark_share_a_cell_without_touching() {
        // A triangle's corner reaches one past the radius; three digits at
        // 12 px (over-estimated) start left of the period's right end.
        let mark_right = MARK_AT + MARK + 1;
        let digits_left = CELL_W - DIGITS_END - plot::text_width("715", plot::SMALL);
        assert!(mark_right < digits_left, "{mark_right} {digits_left}");
    }

    #[test]
    fn a_narrow_cell_keeps_its_mark_clear_of_three_digits() {
        let mark_right = NARROW.mark_at + MARK + 1;
        let digits = plot::text_width("715", plot::SMALL);
        assert!(mark_right < NARROW.cell_w - NARROW.digits_end - digits);
        // The rows' labels, two digits at 12 px, end 6 px left of the grid.
        assert!(plot::text_width("39", plot::SMALL) + 6 <= NARROW.left);
    }

    #[test]
    fn a_phone_stacks_two_blocks_each_only_as_tall_as_its_sets() {
        let data = sum_family(40).unwrap();
        let desk = layout(&data.records, GRID_TOP, plot::COLUMN);
        assert_eq!((desk.g, desk.blocks.len()), (WIDE, 1));
        let phone = layout(&data.records, GRID_TOP, plot::PHONE);
        assert_eq!(phone.g, NARROW);
        let spans: Vec<_> = phone.blocks.iter().map(|b| (b.a.clone(), b.b)).collect();
        assert_eq!(spans, [(1..11, (2, 39)), (11..20, (12, 29))]);
        assert_eq!(phone.blocks[1].top, phone.blocks[0].bottom() + BLOCK_GAP);
        // Every family the column holds fits a phone, every block inside.
        for largest_sum in (3..=60).filter(|&s| check_width(s).is_ok()) {
            let data = sum_family(largest_sum).unwrap();
            let l = layout(&data.records, GRID_TOP, plot::PHONE);
            assert!(l.width <= plot::PHONE as i32, "{largest_sum}: {l:?}");
            for block in &l.blocks {
                let right = cell_x(&l, block, block.a.end - 1) + l.g.cell_w;
                assert!(right + MARGIN <= l.width, "{largest_sum}: {l:?}");
            }
            let sets = |b: &Block| {
                data.records
                    .iter()
                    .filter(|r| b.a.contains(&r.takes[0]))
                    .count()
            };
            assert_eq!(l.blocks.iter().map(sets).sum::<usize>(), data.records.len());
        }
    }

    #[test]
    fn the_phone_drawing_is_the_phones_width_and_an_empty_class_has_no_key() {
        let data = sum_family(40).unwrap();
        let meta = RenderMeta {
            id: "sum-family",
            caption: "c",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert!(svg.contains(r#"width="358""#), "{}", &svg[..200]);
        // No set of the family has period a + b: three keys, none "(0)".
        let texts: Vec<String> = keys(&data).into_iter().map(|k| k.text).collect();
        assert_eq!(
            texts,
            ["a + c (133)", "b + c (46)", "no sum of two takes (201)"]
        );
        assert!(!svg.contains("(0)"));
        let l = layout(&data.records, GRID_TOP, plot::PHONE);
        assert!(matches!(legend_place(&l, &keys(&data)), Legend::Top));
    }
}
