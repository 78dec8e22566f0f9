//! `pair-census`: every two-take game `1 ≤ a < b ≤ N`, its values computed
//! and compared with the closed form at every heap, its period and
//! preperiod measured, drawn as an `a × b` grid coloured by which period
//! rule holds, the `2a` pairs dotted too.

use serde::Deserialize;

use super::RangeNote;
use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::census::pairs::{PairCensus, PairPeriodCase, PairRecord, PairSummary, pair_census};
use crate::plot::legend::{self, Key, Mark};
use crate::plot::{self, Anchor, INK, axis, cells, reflow};
use crate::text::numbers::grouped;
use crate::text::wording::plural;

/// Parameters of the pair census.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Pairs `1 ≤ a < b ≤ largest`.
    #[serde(deserialize_with = "Within::<0, 200>::read")]
    pub largest: usize,
    /// Values computed for every pair.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        let pairs = self.largest * self.largest.saturating_sub(1) / 2;
        crate::budget::check_census(pairs as u64, self.values.0, "pairs")?;
        check_width(self.largest)
    }
}

/// Refuses a census whose grid is wider than the page's column.
fn check_width(largest: usize) -> Result<(), String> {
    if width(largest) > plot::COLUMN as i32 {
        let most = (plot::COLUMN as i32 - LEFT - MARGIN) / SIZE + 1;
        return Err(format!(
            "a grid of pairs up to {largest} is {} px wide; the page's column holds pairs up to {most}",
            width(largest)
        ));
    }
    Ok(())
}

/// One record per pair and the counts (see `census::pairs`).
pub type Data = PairCensus;

/// Runs the census; a disagreement with the closed form stops the build.
pub fn compute(params: &Params) -> Result<Data, String> {
    let census = pair_census(params.largest, params.values.0).map_err(|e| e.to_string())?;
    if census.summary.closed_form_agreements != census.summary.pairs {
        return Err(format!(
            "the closed form disagrees with the recursion on {} pairs",
            census.summary.pairs - census.summary.closed_form_agreements
        ));
    }
    Ok(census)
}

impl RangeNote for PairCensus {
    /// The range and the headline counts.
    fn range_note(&self) -> String {
        let s = &self.summary;
        format!(
            "{} pairs, each computed to {} values: the closed form agrees at every value of {} pairs; \
             period $a + b$ for {}, $2a$ for {}; {}.",
            grouped(s.pairs as u64),
            grouped(s.values_per_pair as u64),
            grouped(s.closed_form_agreements as u64),
            s.period_sum_of_takes,
            s.period_twice_smaller,
            plural(
                s.with_preperiod as u64,
                "with a preperiod",
                "with a preperiod",
                Some("none with a preperiod")
            )
        )
    }
}

/// A cell's side: a dot fits in it, and the grid of takes up to 55 fits
/// the column.
const SIZE: i32 = 12;
/// Room for the rows' labels, a up to two digits.
const LEFT: i32 = 40;
/// On a phone, the least room for them (two digits at 12 px and a gap).
const LEFT_NARROW: i32 = 30;
/// The grid's top under a one-line title.
const GRID_TOP: i32 = 62;
const MARGIN: i32 = 12;
const LEGEND_LINE: i32 = legend::LINE;
const TITLE: [&str; 2] = [
    "Period of {a, b}: a + b,",
    "or 2a when b is an odd multiple of a",
];

/// The width of the grid over pairs up to `largest`: columns `b = 2 …
/// largest`.
fn width(largest: usize) -> i32 {
    LEFT + largest.saturating_sub(1) as i32 * SIZE + MARGIN
}

/// The grid laid out for a width: 12 px cells beside 40 px of row labels
/// when they fit (the page's column), else cells as large as fit beside
/// 30 px (a phone's: the cells hold no text, so they may be smaller); the
/// figure as wide as its title where the column allows, else the title
/// wrapped.
#[derive(Debug)]
struct Grid {
    /// Pairs up to `n`.
    n: usize,
    cell: i32,
    left: i32,
    top: i32,
    width: i32,
    title: Vec<String>,
}

impl Grid {
    fn new(n: usize, most: u32) -> Grid {
        let most = most as i32;
        let columns = n.saturating_sub(1).max(1) as i32;
        let (cell, left) = if width(n) <= most {
            (SIZE, LEFT)
        } else {
            (
                ((most - LEFT_NARROW - MARGIN) / columns).clamp(4, SIZE),
                LEFT_NARROW,
            )
        };
        // As wide as the title's line needs when the column has room.
        let title_width = plot::text_width(&TITLE.join(" "), plot::TITLE) + 2 * MARGIN;
        let width = (left + columns * cell + MARGIN).max(title_width).min(most);
        let title = reflow::phrase_lines(&TITLE, plot::TITLE, width - 2 * MARGIN, 0);
        let top = GRID_TOP + (title.len() as i32 - 1) * plot::line_pitch(plot::TITLE);
        Grid {
            n,
            cell,
            left,
            top,
            width,
            title,
        }
    }

    /// The top-left corner of pair `(a, b)`'s cell.
    fn at(&self, a: usize, b: usize) -> (i32, i32) {
        (
            self.left + (b as i32 - 2) * self.cell,
            self.top + (a as i32 - 1) * self.cell,
        )
    }

    fn bottom(&self) -> i32 {
        self.top + (self.n as i32 - 1) * self.cell
    }
}

/// The mark on a pair whose period is `2a`, beside its fill: a dot of
/// radius 2, or 1 in cells too small to hold it with a margin.
fn twice_mark(area: &plot::Area, (x, y): (i32, i32), cell: i32) {
    plot::dot(area, (x, y), if cell >= 7 { 2 } else { 1 }, INK);
}

fn twice_key(area: &plot::Area, at: (i32, i32)) {
    twice_mark(area, at, SIZE);
}

/// The legend's keys: one per rule with its count, none for a rule no pair
/// follows.
fn keys(s: &PairSummary) -> Vec<Key<'static>> {
    let rules = [
        (s.period_sum_of_takes, plot::fill(1), None, "a + b"),
        (
            s.period_twice_smaller,
            plot::fill(2),
            Some(&twice_key as Mark),
            "2a",
        ),
    ];
    rules
        .into_iter()
        .filter(|&(count, ..)| count > 0)
        .map(|(count, fill, mark, name)| {
            let pairs = plural(count as u64, "pair", "pairs", None);
            Key::fill(fill, mark, format!("{name} ({pairs})"))
        })
        .collect()
}

/// The legend's top and the figure's height: row a is empty left of
/// column b = a + 1, so the legend goes in that triangle, its bottom-left
/// corner from row `n − legend_rows` where the rows are emptiest, or under
/// the grid when it does not fit there.
fn legend_place(g: &Grid, keys: &[Key]) -> (i32, i32) {
    let grid_bottom = g.bottom();
    let legend_width = keys.iter().map(Key::width).max().unwrap_or(0);
    let legend_height = LEGEND_LINE * keys.len() as i32;
    let legend_rows = (legend_height + g.cell - 1) / g.cell + 1;
    let in_corner = (g.n as i32 - 1 - legend_rows) * g.cell >= legend_width + 12;
    if in_corner {
        (grid_bottom - legend_height, grid_bottom + 10)
    } else {
        (grid_bottom + 12, grid_bottom + 12 + legend_height + 6)
    }
}

/// Each pair's cell, filled by its period's rule, the `2a` pairs dotted.
fn draw_cells(area: &plot::Area, g: &Grid, records: &[PairRecord]) {
    for r in records {
        let (a, b) = (r.takes[0], r.takes[1]);
        let (x, y) = g.at(a, b);
        let twice = r.period != a + b;
        let colour = if twice { plot::fill(2) } else { plot::fill(1) };
        plot::block(area, (x, y), (x + g.cell - 1, y + g.cell - 1), colour);
        cells::name(area, (x, y), (g.cell, g.cell), || cell_name(r));
        if twice {
            twice_mark(area, (x + g.cell / 2, y + g.cell / 2), g.cell);
        }
    }
}

/// What a reader pointing at a pair's cell is told: the pair, its period
/// and which rule it follows, and where the period starts.
fn cell_name(r: &PairRecord) -> String {
    let [a, b] = r.takes;
    let rule = match r.period_case() {
        PairPeriodCase::SumOfTakes => "a + b",
        PairPeriodCase::TwiceSmaller => "2a",
        PairPeriodCase::Other => "neither a + b nor 2a",
    };
    let (p, s) = (r.period, r.preperiod);
    format!("{{{a}, {b}}}: period {p} ({rule}) from heap {s}")
}

/// The axes' titles and labels; the rows' title below the diagonal, half
/// way down, or above the row labels when the grid is too small to hold it.
fn draw_axes(area: &plot::Area, g: &Grid) {
    let (n, cell) = (g.n, g.cell);
    let columns = axis::sparse_labels(2, n, cell, 24);
    let columns = columns.into_iter();
    let columns = columns.map(|b| (g.at(1, b).0 + cell / 2, b.to_string()));
    axis::x_labels(area, columns, g.top - 10);
    let rows = axis::sparse_labels(1, n - 1, cell, 16).into_iter();
    let rows = rows.map(|a| (g.at(a, 2).1 + cell / 2, a.to_string()));
    axis::y_labels(area, rows, g.left - 6);
    let rows_title = "smaller take a ↓";
    let half = n / 2;
    if (half as i32 - 1) * cell >= plot::text_width(rows_title, plot::TEXT) + 12 {
        let at = (g.left + 6, g.at(half, 2).1 + cell / 2);
        plot::heading(area, rows_title, at, Anchor::Start);
    } else {
        let at = (g.width - MARGIN, g.top - 28);
        plot::heading(area, rows_title, at, Anchor::End);
    }
}

/// Draws the grid: row `a`, column `b`, each pair filled by its period's
/// rule and the `2a` pairs dotted as well; the legend and the rows' title
/// sit in the empty triangle below the diagonal when there is room.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let n = data
        .records
        .iter()
        .map(|r| r.takes[1])
        .max()
        .unwrap_or(2)
        .max(2);
    let g = Grid::new(n, meta.width);
    let keys = keys(&data.summary);
    let (legend_top, height) = legend_place(&g, &keys);
    plot::svg(
        g.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let pitch = plot::line_pitch(plot::TITLE);
            for (i, line) in g.title.iter().enumerate() {
                plot::title(area, line, (MARGIN, 12 + i as i32 * pitch));
            }
            let at = (g.left, g.top - 28);
            plot::heading(area, "larger take b →", at, Anchor::Start);
            draw_cells(area, &g, &data.records);
            draw_axes(area, &g);
            legend::column(area, (g.left + 6, legend_top), &keys);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_keep_their_distance_and_the_ends() {
        for last in 2..=60 {
            for (pitch, gap) in [(SIZE, 24), (SIZE, 16), (4, 30)] {
                let labels = axis::sparse_labels(1, last, pitch, gap);
                assert_eq!(labels.first(), Some(&1));
                assert_eq!(labels.last(), Some(&last), "{last}: {labels:?}");
                for pair in labels.windows(2) {
                    let apart = (pair[1] - pair[0]) as i32 * pitch;
                    // The first and last may stand closer only when they are
                    // the only two labels.
                    assert!(apart >= gap || labels.len() == 2, "{last}: {labels:?}");
                }
            }
        }
        assert_eq!(
            axis::sparse_labels(2, 40, SIZE, 24),
            vec![2, 5, 10, 15, 20, 25, 30, 35, 40]
        );
    }

    #[test]
    fn the_page_grid_fits_the_column_and_a_larger_one_is_refused() {
        assert!(width(40) <= plot::COLUMN as i32);
        assert!(check_width(55).is_ok());
        assert!(check_width(56).is_err());
    }

    #[test]
    fn a_phone_gets_smaller_cells_every_one_inside_its_width() {
        for n in 2..=55 {
            let g = Grid::new(n, plot::PHONE);
            assert!(g.width <= plot::PHONE as i32, "{n}: {g:?}");
            // The last column's cell ends inside the width, less the margin.
            let (x, _) = g.at(1, n);
            assert!(x + g.cell + MARGIN <= g.width, "{n}: {g:?}");
            assert!(g.cell >= 5, "{n}: {g:?}");
            for line in &g.title {
                assert!(plot::text_width(line, plot::TITLE) <= g.width - 2 * MARGIN);
            }
        }
        let desk = Grid::new(40, plot::COLUMN);
        assert_eq!(
            (desk.cell, desk.left, desk.top, desk.title.len()),
            (SIZE, LEFT, GRID_TOP, 1)
        );
        let phone = Grid::new(40, plot::PHONE);
        assert_eq!((phone.cell, phone.left), (8, LEFT_NARROW));
        // The title breaks between its phrases, and the grid moves down.
        assert_eq!(phone.title, TITLE);
        assert_eq!(phone.top, GRID_TOP + plot::line_pitch(plot::TITLE));
        // The legend still fits the empty triangle.
        let census = pair_census(40, 300).unwrap();
        let (top, height) = legend_place(&phone, &keys(&census.summary));
        assert!(top < phone.bottom() && height == phone.bottom() + 10);
    }

    #[test]
    fn the_phone_drawing_is_the_phones_width_and_an_empty_rule_has_no_key() {
        let census = pair_census(40, 300).unwrap();
        let meta = RenderMeta {
            id: "pair-census",
            caption: "c",
            width: plot::PHONE,
        };
        let svg = render(&census, &meta);
        assert!(svg.contains(r#"width="358""#), "{}", &svg[..200]);
        assert_eq!(keys(&census.summary).len(), 2);
        // Pairs up to 2: only {1, 2}, period a + b; no key for 2a.
        let one = pair_census(2, 300).unwrap();
        let keys = keys(&one.summary);
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0].text, "a + b (1 pair)");
    }
}
