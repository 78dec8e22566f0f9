//! `third-take-map`: rows are pairs `{a, b}`, columns the third take `c`;
//! each cell is coloured by which sum of two takes the period of
//! `{a, b, c}` equals. A row tends to repeat with the pair's own period
//! (its stripe); the cells that break their stripe are outlined and
//! counted, and each row says from which `c` it settles.

use std::ops::Range;

use serde::Deserialize;

use super::RangeNote;
use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::triple_census::{CLASSES, class_fill, class_key, class_mark, class_name};
use crate::census::third_take_map::{MapExtent, MapRow, ThirdTakeMap, third_take_map};
use crate::plot::legend::{self, Key};
use crate::plot::{self, ACCENT, Anchor, INK, axis, cells, reflow};
use crate::text::wording::plural;

/// The extent of the map, printed on it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The smaller take `a` shared by every row.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub smallest: usize,
    /// The first row's larger take `b`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub first_larger: usize,
    /// The last row's larger take `b`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub last_larger: usize,
    /// The largest third take `c`.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub last_third: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if !(self.smallest < self.first_larger
            && self.first_larger <= self.last_larger
            && self.last_larger < self.last_third)
        {
            return Err(
                "the extent needs smallest < first_larger ≤ last_larger < last_third".into(),
            );
        }
        // The first row's c starts at b + 1: the widest row.
        layout(self.first_larger + 1, self.last_third, plot::COLUMN).map(|_| ())
    }
}

/// The rows, their stripes and breaks (see `census::third_take_map`).
pub type Data = ThirdTakeMap;

/// Measures every cell and assembles the map.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let extent = MapExtent {
        smallest: params.smallest,
        first_larger: params.first_larger,
        last_larger: params.last_larger,
        last_third: params.last_third,
    };
    third_take_map(extent).map_err(|e| e.to_string())
}

impl RangeNote for ThirdTakeMap {
    /// The extent and the count of breaks.
    fn range_note(&self) -> String {
        let e = &self.extent;
        format!(
            "Rows $\\{{{}, b\\}}$ for $b = {}\\ldots{}$, third take $c$ up to {}: {} cells, {} with a cell one stripe \
             earlier to compare; {} row’s stripe, {} where the cell or the one a stripe earlier has a period \
             that is no sum of two takes.",
            e.smallest,
            e.first_larger,
            e.last_larger,
            e.last_third,
            self.cells,
            self.cells_compared,
            plural(self.breaks as u64, "breaks its", "break their", None),
            if self.breaks_involving_no_sum == self.breaks && self.breaks > 1 {
                "all of them".to_string()
            } else {
                format!("{} of them", self.breaks_involving_no_sum)
            }
        )
    }
}

/// A cell's width: a class mark fits in it, and the 41 columns of the
/// page's map with the rows' labels and counts fit the 704 px column.
const SIZE: i32 = 13;
/// A row's height: room for its 13 px label, clear of the next row's.
const ROW: i32 = 16;
/// Room for the rows' labels, "{2, 12}" at 13 px.
const LEFT: i32 = 56;
const GRID_TOP: i32 = 62;
/// The two count columns at the right: their centres past the grid.
const STRIPE_AT: i32 = 28;
const BREAKS_AT: i32 = 72;
const RIGHT: i32 = 96;

/// The map's width and the first third take it draws, or why it cannot
/// fit the column.
fn layout(first_third: usize, last_third: usize, room: u32) -> Result<u32, String> {
    let columns = (last_third + 1 - first_third) as i32;
    let width = LEFT + columns * SIZE + RIGHT;
    if width > room as i32 {
        return Err(format!(
            "{columns} third takes need {width} px, more than the {room} px column"
        ));
    }
    Ok(width as u32)
}

/// The map laid out for a width: one block of every third take when it
/// fits (the page's column), else blocks of third takes set one above the
/// other, each with its own column labels and the rows' pairs, the counts
/// right of the last block (a phone's); the title wrapped.
#[derive(Debug)]
struct Map {
    /// Each block's third takes.
    blocks: Vec<Range<usize>>,
    rows: usize,
    width: i32,
    title: Vec<String>,
    /// The first block's top.
    top: i32,
}

/// Room between a block's last row and the next block's first: its column
/// labels' line.
const BLOCK_GAP: i32 = 26;
const MARGIN: i32 = 12;
const TITLE: &str = "which sum of two takes the period equals";

impl Map {
    fn new(smallest: usize, thirds: Range<usize>, rows: usize, most: u32) -> Map {
        let columns = thirds.len();
        let blocks: Vec<Range<usize>> = if layout(thirds.start, thirds.end - 1, most).is_ok() {
            vec![thirds.clone()]
        } else {
            let room = (most as i32 - LEFT - RIGHT) / SIZE;
            let blocks = reflow::column_blocks(columns, room.max(1) as usize);
            let at = |i: usize| thirds.start + i;
            blocks.into_iter().map(|b| at(b.start)..at(b.end)).collect()
        };
        let widest = blocks.iter().map(|b| b.len()).max().unwrap_or(0) as i32;
        let last = blocks.last().map_or(0, |b| b.len()) as i32;
        let grid = (LEFT + widest * SIZE + MARGIN).max(LEFT + last * SIZE + RIGHT);
        let width = grid.max(legend_width() + 2 * MARGIN).min(most as i32);
        let title = format!("{{{smallest}, b, c}}: {TITLE}");
        let title = plot::fit_lines(&title, plot::TITLE, width - 2 * MARGIN);
        let top = GRID_TOP + (title.len() as i32 - 1) * plot::line_pitch(plot::TITLE);
        Map {
            blocks,
            rows,
            width,
            title,
            top,
        }
    }

    /// Block `i`'s top.
    fn block_top(&self, i: usize) -> i32 {
        self.top + i as i32 * (self.rows as i32 * ROW + BLOCK_GAP)
    }

    /// The last block's bottom.
    fn bottom(&self) -> i32 {
        self.block_top(self.blocks.len() - 1) + self.rows as i32 * ROW
    }

    /// The block holding third take `c` and the left edge of its column.
    fn column(&self, c: usize) -> (usize, i32) {
        let i = self.blocks.iter().position(|b| b.contains(&c));
        let i = i.unwrap_or(self.blocks.len() - 1);
        let x = LEFT + (c as i32 - self.blocks[i].start as i32) * SIZE;
        (i, x)
    }
}

/// The classes' keys, less any class no cell has, and the marks' keys,
/// less the breaks' when no cell breaks its stripe.
fn keys(data: &Data) -> [Vec<Key<'static>>; 2] {
    let cells = || data.rows.iter().flat_map(|r| &r.cells);
    let classes = CLASSES
        .iter()
        .filter(|&&(c, _)| cells().any(|cell| cell.class == c))
        .map(|&(c, name)| class_key(c, name))
        .collect();
    let mut marks = vec![Key::mark(0, &settle_mark, "settled from here")];
    if data.breaks > 0 {
        marks.insert(0, Key::mark(14, &break_mark, "breaks the row’s stripe"));
    }
    [classes, marks]
}

/// The widest the legend's lines are when nothing wraps.
fn legend_width() -> i32 {
    let keys = CLASSES.iter().map(|&(c, name)| class_key(c, name).width());
    keys.sum::<i32>() + 18 * (CLASSES.len() as i32 - 1)
}

/// The key of a cell that breaks its row's stripe: a swatch outlined in
/// the accent.
fn break_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::block(
        area,
        (x - 7, y - 7),
        (x + 7, y + 7),
        class_fill(CLASSES[0].0),
    );
    plot::outline(area, (x - 7, y - 7), (x + 7, y + 7), ACCENT, 2);
}

/// The key of the line where a row settles into its stripe.
fn settle_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::line(area, &[(x, y - 8), (x, y + 8)], INK, 2);
}

/// The titles over the map: its own and the columns'.
fn headings(area: &plot::Area, m: &Map) {
    let pitch = plot::line_pitch(plot::TITLE);
    for (i, line) in m.title.iter().enumerate() {
        plot::title(area, line, (MARGIN, 12 + i as i32 * pitch));
    }
    plot::heading(area, "third take c →", (LEFT, m.top - 28), Anchor::Start);
}

/// Over each block, its column labels (every fifth third take, or its
/// first when it holds no fifth) and the rows' header; over the last, the
/// count columns' headers too.
fn block_headings(area: &plot::Area, m: &Map, counts_x: (i32, i32)) {
    for (i, block) in m.blocks.iter().enumerate() {
        let header_y = m.block_top(i) - 10;
        plot::heading(area, "pair", (LEFT - 6, header_y), Anchor::End);
        let mut labelled: Vec<usize> = block.clone().filter(|c| c % 5 == 0).collect();
        if labelled.is_empty() {
            labelled.push(block.start);
        }
        let x = |c: usize| m.column(c).1 + SIZE / 2;
        axis::x_labels(
            area,
            labelled.into_iter().map(|c| (x(c), c.to_string())),
            header_y,
        );
    }
    let header_y = m.block_top(m.blocks.len() - 1) - 10;
    for (text, x) in [("stripe", counts_x.0), ("breaks", counts_x.1)] {
        plot::label(area, text, (x, header_y), plot::SMALL, Anchor::Middle, INK);
    }
}

/// Row `i`'s pair in every block, its cells, the line where it settles,
/// and its counts right of the last block.
fn draw_row(
    area: &plot::Area,
    m: &Map,
    smallest: usize,
    (i, row): (usize, &MapRow),
    counts_x: (i32, i32),
) {
    let y_in = |block: usize| m.block_top(block) + i as i32 * ROW;
    let pair = format!("{{{smallest}, {}}}", row.larger);
    for block in 0..m.blocks.len() {
        plot::heading(area, &pair, (LEFT - 6, y_in(block) + ROW / 2), Anchor::End);
    }
    for cell in &row.cells {
        let (block, x) = m.column(cell.third);
        let y = y_in(block);
        let (from, to) = ((x, y), (x + SIZE - 1, y + ROW - 1));
        plot::block(area, from, to, class_fill(cell.class));
        cells::name(area, from, (SIZE, ROW), || {
            let (b, c, p, s) = (row.larger, cell.third, cell.period, cell.preperiod);
            let class = class_name(cell.class);
            let breaks = if cell.breaks_stripe {
                "; breaks the row’s stripe"
            } else {
                ""
            };
            format!("{{{smallest}, {b}, {c}}}: period {p} ({class}) from heap {s}{breaks}")
        });
        class_mark(area, cell.class, (x + SIZE / 2 - 1, y + ROW / 2), 3);
        if cell.breaks_stripe {
            plot::outline(area, from, to, ACCENT, 2);
        }
    }
    let (block, x) = m.column(row.stripes_from);
    let (settles, y) = (x - 1, y_in(block));
    plot::line(area, &[(settles, y - 1), (settles, y + ROW)], INK, 2);
    let middle = y_in(m.blocks.len() - 1) + ROW / 2;
    let counts = [(row.stripe_period, counts_x.0), (row.breaks, counts_x.1)];
    for (count, x) in counts {
        plot::tick(area, &count.to_string(), (x, middle), Anchor::Middle);
    }
}

/// Draws the map: a row per pair, a column per third take from the
/// smallest any row has, each cell filled and marked by its class; on a
/// phone, in blocks of columns one above the other.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let e = &data.extent;
    let cells = data.rows.iter().flat_map(|r| &r.cells);
    let first = cells.map(|c| c.third).min().unwrap_or(1);
    // A map too wide for the column is refused when its parameters are
    // read (`check`); a narrower width cuts it into blocks.
    let m = Map::new(
        e.smallest,
        first..e.last_third + 1,
        data.rows.len(),
        meta.width,
    );
    let last = m.blocks.last().map_or(0, |b| b.len()) as i32;
    let grid_right = LEFT + last * SIZE;
    let counts_x = (grid_right + STRIPE_AT, grid_right + BREAKS_AT);
    let [classes, marks] = keys(data);
    let room = m.width - 2 * MARGIN;
    let lines = legend::flow_lines(&classes, room, 18) + legend::flow_lines(&marks, room, 18);
    let legend_top = m.bottom() + 11;
    let height = legend_top + legend::LINE * lines as i32 + 3;
    plot::svg(
        m.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            headings(area, &m);
            block_headings(area, &m, counts_x);
            for row in data.rows.iter().enumerate() {
                draw_row(area, &m, e.smallest, row, counts_x);
            }
            let y = legend::flow(area, (MARGIN, legend_top), room, 18, &classes);
            legend::flow(area, (MARGIN, y), room, 18, &marks);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_map_fits_the_column_and_a_wider_one_is_refused() {
        // The page's map: rows {2, 3} … {2, 12}, c from 4 to 44.
        assert!(layout(4, 44, plot::COLUMN).unwrap() <= plot::COLUMN);
        assert!(layout(4, 60, plot::COLUMN).is_err());
    }

    #[test]
    fn the_legend_fits_the_column() {
        let classes: i32 = CLASSES
            .iter()
            .map(|(_, name)| 16 + 6 + plot::text_width(name, plot::TEXT) + 18)
            .sum();
        assert!(12 + classes <= plot::COLUMN as i32, "{classes}");
    }

    fn page_map() -> Data {
        let params = Params {
            smallest: 2,
            first_larger: 3,
            last_larger: 12,
            last_third: 44,
        };
        compute(&params).unwrap()
    }

    #[test]
    fn a_phone_stacks_blocks_of_columns_each_inside_its_width() {
        let desk = Map::new(2, 4..45, 10, plot::COLUMN);
        assert_eq!(desk.blocks.len(), 1);
        assert_eq!((desk.blocks[0].start, desk.blocks[0].end), (4, 45));
        assert_eq!((desk.width, desk.top), (685, GRID_TOP));
        let phone = Map::new(2, 4..45, 10, plot::PHONE);
        assert_eq!(phone.blocks, [4..18, 18..32, 32..45]);
        assert_eq!(phone.title.len(), 2);
        assert_eq!(phone.block_top(1), phone.top + 10 * ROW + BLOCK_GAP);
        // Every map the column holds fits a phone: each block's cells and
        // the last block's counts inside the width.
        for first in 1..30 {
            for last in first..first + 42 {
                let m = Map::new(2, first..last + 1, 10, plot::PHONE);
                assert!(m.width <= plot::PHONE as i32, "{first}..{last}: {m:?}");
                for (i, block) in m.blocks.iter().enumerate() {
                    let (j, x) = m.column(block.end - 1);
                    assert_eq!(i, j);
                    let right = if i + 1 == m.blocks.len() {
                        RIGHT
                    } else {
                        MARGIN
                    };
                    assert!(x + SIZE + right <= m.width, "{first}..{last}: {m:?}");
                }
                let covered: usize = m.blocks.iter().map(|b| b.len()).sum();
                assert_eq!(covered, last + 1 - first);
                for line in &m.title {
                    assert!(plot::text_width(line, plot::TITLE) <= m.width - 2 * MARGIN);
                }
            }
        }
    }

    #[test]
    fn the_phone_drawing_is_the_phones_width_and_absent_classes_have_no_key() {
        let mut map = page_map();
        let meta = RenderMeta {
            id: "third-take-map",
            caption: "c",
            width: plot::PHONE,
        };
        let svg = render(&map, &meta);
        assert!(svg.contains(r#"width="358""#), "{}", &svg[..200]);
        let [classes, marks] = keys(&map);
        assert_eq!((classes.len(), marks.len()), (4, 2));
        // A map of one class and no breaks keys that class and the settling.
        for cell in map.rows.iter_mut().flat_map(|r| &mut r.cells) {
            cell.class = CLASSES[0].0;
            cell.breaks_stripe = false;
        }
        map.breaks = 0;
        let [classes, marks] = keys(&map);
        assert_eq!((classes.len(), marks.len()), (1, 1));
        assert_eq!(
            (classes[0].text.as_str(), marks[0].text.as_str()),
            ("a + b", "settled from here")
        );
    }
}
