//! `pass-max`: how large the pass-available value `h` gets over a range of
//! two-take games, and where each value first appears. The seed (R. M. Low,
//! seed 002) states `0 ≤ h(n) ≤ 3`; this measures it on every heap computed
//! for every pair `1 ≤ x < y ≤ largest_take` (enough heaps to pass the
//! certified preperiod and many periods, so the maximum holds for all heaps).

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_census::{PairHeap, ValueAppearance, checked_census};
use crate::plot::reflow::{self, PairBands, Title};
use crate::plot::{self, Anchor, INK, MUTED};
use crate::sequence::Value;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Parameters: the range of pairs measured.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Every pair of takes `1 ≤ x < y ≤ largest_take` is measured (2 to 120).
    #[serde(deserialize_with = "Within::<2, 120>::read")]
    pub largest_take: usize,
}

impl CheckParams for Params {}

/// One pair's largest value of `h`.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct PairLargest {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The largest `h` over every heap computed.
    pub largest: Value,
}

/// The largest value and each value's first appearance.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Pairs `1 ≤ x < y ≤ largest_take` were measured.
    pub largest_take: usize,
    /// How many pairs.
    pub pairs_checked: usize,
    /// Every pair's heaps were computed and its period certified (so the
    /// maximum is over all heaps, not only those computed).
    pub pairs_certified: usize,
    /// The largest `h` over the whole range.
    pub largest_value: Value,
    /// Where it first appears (smallest pair, then heap).
    pub largest_value_at: PairHeap,
    /// Pairs whose largest `h` is below `largest_value`.
    pub pairs_below_largest: usize,
    /// For each value `0 ..= largest_value`: in how many pairs it appears,
    /// its earliest heap over the range, and in how many of those pairs its
    /// first heap is where the predicted prefix word puts it.
    pub appearances: Vec<ValueAppearance>,
    /// Every pair's largest `h`, `(x, y)` increasing.
    pub by_pair: Vec<PairLargest>,
}

/// Measures every pair in the range.
pub fn compute(params: &Params) -> Result<Data, String> {
    let result = checked_census(params.largest_take)?;
    let values = result.values;
    let by_pair: Vec<PairLargest> = values
        .first_heaps
        .iter()
        .map(|pair| PairLargest {
            takes: pair.takes,
            largest: pair
                .first_heap
                .iter()
                .rposition(Option::is_some)
                .map_or(0, |v| v as Value),
        })
        .collect();
    Ok(Data {
        largest_take: result.bound,
        pairs_checked: result.pairs_checked,
        pairs_certified: result.records.iter().filter(|r| r.period.is_some()).count(),
        largest_value: values.largest_value,
        largest_value_at: values.largest_value_at,
        pairs_below_largest: by_pair
            .iter()
            .filter(|p| p.largest < values.largest_value)
            .count(),
        appearances: values.appearances,
        by_pair,
    })
}

impl Data {
    /// The range and the outcome, in one sentence.
    pub fn range_note(&self) -> String {
        let at = self.largest_value_at;
        format!(
            "Largest $h$ over all {} pairs $1 \\le x < y \\le {}$ ({} with a certified period of $(g, h)$, so \
             every heap is covered): {}, first at heap {} of $\\{{{}, {}\\}}$.",
            grouped(self.pairs_checked as u64),
            self.largest_take,
            grouped(self.pairs_certified as u64),
            self.largest_value,
            at.heap,
            at.takes[0],
            at.takes[1]
        )
    }
}

const LEFT: i32 = 56;
const TOP: i32 = 62;

/// The largest `h` of the pair `(x, y)`, `x < y ≤ n`.
fn largest_of(data: &Data, x: usize, y: usize) -> Value {
    let n = data.largest_take;
    let before = (x - 1) * n - (x - 1) * x / 2;
    data.by_pair[before + (y - x - 1)].largest
}

/// The legend's entries, largest value first: each value that is some
/// pair's largest, with its count of pairs.
fn legend_entries(data: &Data) -> Vec<(Value, String)> {
    let count = |value: Value| data.by_pair.iter().filter(|p| p.largest == value).count();
    (0..=data.largest_value)
        .rev()
        .filter(|&value| count(value) > 0)
        .map(|value| {
            let pairs = grouped(count(value) as u64);
            (value, format!("largest h = {value}: {pairs} pairs"))
        })
        .collect()
}

/// The pitch of the legend's lines, and the room a swatch and its gap take.
const LEGEND_LINE: i32 = 22;
const SWATCH: i32 = 22;

/// Where the legend's first line goes (its centre line), from the grid's
/// origin, and whether that is inside the grid: in the empty triangle
/// below the diagonal, at its foot, when the legend's top right corner
/// stays left of the diagonal there (a pair `(x, y)` has `x < y`); else
/// under the grid.
fn legend_at(data: &Data, cell: i32, entries: &[(Value, String)]) -> ((i32, i32), bool) {
    let span = cell * data.largest_take as i32;
    let wide = entries
        .iter()
        .map(|(_, text)| SWATCH + plot::text_width(text, plot::TEXT))
        .max()
        .unwrap_or(0);
    let first = span - 20 * (data.largest_value as i32 + 1);
    let bottom = first + LEGEND_LINE * (entries.len() as i32 - 1) + 7;
    if 12 + wide <= first - 7 && bottom <= span {
        ((12, first), true)
    } else {
        ((12, span + 24), false)
    }
}

/// The legend from its first line's centre: each value's swatch, dotted
/// unless it is the commonest, with its count of pairs.
fn draw_legend(
    area: &plot::Area,
    entries: &[(Value, String)],
    (lx, ly): (i32, i32),
    common: Value,
) {
    for (i, (value, text)) in entries.iter().enumerate() {
        let ly = ly + LEGEND_LINE * i as i32;
        plot::block(area, (lx, ly - 7), (lx + 14, ly + 7), plot::fill(*value));
        plot::outline(area, (lx, ly - 7), (lx + 14, ly + 7), MUTED, 1);
        if *value != common {
            plot::dot(area, (lx + 7, ly), 3, INK);
        }
        plot::heading(area, text, (lx + SWATCH, ly), Anchor::Start);
    }
}

/// The grid of pairs, each cell filled by its largest `h` (a value other
/// than the commonest also carries a dot, so colour is not the only cue; a
/// quarter of the cell, so a phone's small cells keep their fill showing),
/// its legend in the empty triangle below the diagonal where it fits, else
/// under the grid; then the table of where each value first appears.
pub fn render(data: &Data, meta: &RenderMeta) -> (String, Table) {
    let n = data.largest_take;
    let room = (meta.width as i32 - LEFT - 16).min(600);
    let cell: i32 = (room / n as i32).clamp(4, 24);
    if cell < reflow::LEAST_WHOLE {
        return (render_bands(data, meta), appearances(data));
    }
    let span = cell * n as i32;
    let text = title_text(data);
    let title = Title::fit(&text, LEFT - 40, LEFT + span + 16, meta.width);
    let top = TOP + title.lower();
    let common = commonest(data);
    let entries = legend_entries(data);
    let ((lx, ly), inside) = legend_at(data, cell, &entries);
    let height = if inside {
        top + span + 16
    } else {
        top + ly + LEGEND_LINE * (entries.len() as i32 - 1) + 7 + 8
    };
    let svg = plot::svg(
        title.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (LEFT - 40, 14));
            plot::pair_grid(
                area,
                ((LEFT, top), cell),
                n,
                10,
                |x, y| plot::fill(largest_of(data, x, y)),
                |x, y| cell_name(data, x, y),
            );
            for x in 1..n {
                for y in x + 1..=n {
                    if largest_of(data, x, y) != common {
                        let (cx, cy) = plot::pair_cell((LEFT, top), cell, x, y);
                        plot::dot(area, (cx + cell / 2, cy + cell / 2), (cell / 4).max(1), INK);
                    }
                }
            }
            draw_legend(area, &entries, (LEFT + lx, top + ly), common);
        },
    );
    (svg, appearances(data))
}

/// What a reader pointing at a pair's cell is told.
fn cell_name(data: &Data, x: usize, y: usize) -> String {
    let largest = largest_of(data, x, y);
    format!("{{{x}, {y}}}: the largest value of h is {largest}")
}

/// The title's text.
fn title_text(data: &Data) -> String {
    let n = data.largest_take;
    format!("The largest value of h for each pair, 1 ≤ x < y ≤ {n}")
}

/// The value most pairs have as their largest (the larger on a tie): its
/// cells alone carry no dot.
fn commonest(data: &Data) -> Value {
    let count = |value: Value| data.by_pair.iter().filter(|p| p.largest == value).count();
    (0..=data.largest_value)
        .max_by_key(|&v| (count(v), v))
        .unwrap_or(0)
}

/// The phone's title, its legend's first line's centre, and its bands,
/// for a column `width` px wide (no wider than the smallest phone's).
fn phone_layout(data: &Data, width: u32) -> (Title, i32, PairBands) {
    let n = data.largest_take;
    let (title, most) = reflow::phone_title(&title_text(data), n, width);
    let legend_y = 40 + title.lower();
    let lines = legend_entries(data).len() as i32;
    // 7 px below the last line's centre ends its swatch; then 8 px clear.
    let legend_bottom = legend_y + LEGEND_LINE * (lines - 1) + 7;
    let bands = PairBands::new(n, most, legend_bottom + 8);
    (title, legend_y, bands)
}

/// The legend first, under the title, then the triangle in bands of
/// columns stacked one under another ([`PairBands`]), drawn for the
/// smallest phone's column so that it is whole on every phone; each cell
/// filled and dotted as on the page, the dot as large as the legend's.
fn render_bands(data: &Data, meta: &RenderMeta) -> String {
    let (title, legend_y, bands) = phone_layout(data, meta.width);
    let common = commonest(data);
    let entries = legend_entries(data);
    plot::svg(
        title.width as u32,
        (bands.bottom() + 12) as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (reflow::PHONE_MARGIN, 14));
            draw_legend(area, &entries, (reflow::PHONE_MARGIN, legend_y), common);
            bands.draw(
                area,
                |x, y| plot::fill(largest_of(data, x, y)),
                |x, y| cell_name(data, x, y),
            );
            let (cell, half) = (bands.cell, bands.cell / 2);
            for pair in data.by_pair.iter().filter(|p| p.largest != common) {
                let (cx, cy) = bands.at(pair.takes[0], pair.takes[1]);
                plot::dot(area, (cx + half, cy + half), cell / 4, INK);
            }
        },
    )
}

/// The table of where each value of `h` first appears.
fn appearances(data: &Data) -> Table {
    let mut table = Table::new(vec![
        Column::number("value of $h$").names(),
        Column::text("first at"),
        Column::number("pairs with it"),
        Column::text("first where the word puts it"),
    ])
    .titled("Where each value of $h$ first appears");
    for appearance in &data.appearances {
        let first = appearance.earliest.map_or("never".to_string(), |at| {
            format!(
                "heap {} of $\\{{{}, {}\\}}$",
                at.heap, at.takes[0], at.takes[1]
            )
        });
        table.push(vec![
            Cell::number(u64::from(appearance.value)),
            Cell::text(first),
            Cell::number(appearance.pairs_where_it_appears as u64),
            Cell::text(format!(
                "{} of {} pairs",
                grouped(appearance.pairs_where_first_heap_matches_word as u64),
                grouped(appearance.pairs_where_it_appears as u64)
            )),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phone's drawing of the page's 60 takes, and its bands.
    fn phone(data: &Data) -> (String, PairBands) {
        let meta = RenderMeta {
            id: "pass-max",
            caption: "",
            width: plot::PHONE,
        };
        (render(data, &meta).0, phone_layout(data, plot::PHONE).2)
    }

    /// What is wrong with a phone drawing's cells: a pair not drawn once
    /// in its largest value's fill, a dot where the value is the commonest
    /// or none where it is not, anything in the bands no pair's.
    fn cell_faults(svg: &str, bands: &PairBands, data: &Data) -> Vec<String> {
        let (drawn, mut faults) = bands.read_back(svg);
        let hex = |c: plot::Colour| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        let common = commonest(data);
        for pair in &data.by_pair {
            let [x, y] = pair.takes;
            let cell = &drawn[&(x, y)];
            if cell.fills != [hex(plot::fill(pair.largest))] {
                faults.push(format!("({x}, {y}): fills {:?}", cell.fills));
            }
            let dots = usize::from(pair.largest != common);
            if cell.dots.len() != dots || !cell.lines.is_empty() {
                faults.push(format!("({x}, {y}): marks {cell:?}"));
            }
        }
        faults
    }

    #[test]
    fn on_a_phone_the_triangle_is_drawn_in_bands_every_pair_once_with_its_dot() {
        let data = compute(&Params { largest_take: 60 }).unwrap();
        let entries = legend_entries(&data);
        assert_eq!(entries.len(), 2, "no entry for a value no pair reaches");
        // The page's column: 10 px cells, the legend inside the triangle.
        assert!(legend_at(&data, 10, &entries).1);
        let (svg, bands) = phone(&data);
        assert_eq!(
            reflow::faults(&svg, plot::SMALL_PHONE),
            Vec::<String>::new()
        );
        assert_eq!(bands.count(), 3);
        assert_eq!(svg.matches(">\ny →\n<").count(), 3, "each band its axes");
        assert_eq!(cell_faults(&svg, &bands, &data), Vec::<String>::new());
        // 12 px cells, the dot of radius 3 as in the legend.
        let (drawn, _) = bands.read_back(&svg);
        assert!(bands.cell >= 12);
        let dots: Vec<i32> = drawn.values().flat_map(|c| c.dots.clone()).collect();
        assert_eq!(dots.len(), data.pairs_below_largest);
        assert!(dots.iter().all(|&r| r == 3));
        assert_eq!(
            svg.matches("font-size=\"15\"").count(),
            2,
            "a title in two lines"
        );
    }

    #[test]
    fn a_pair_missing_or_misdrawn_on_the_phone_is_found() {
        let data = compute(&Params { largest_take: 60 }).unwrap();
        let (svg, bands) = phone(&data);
        // A cell left out.
        let (x, y) = bands.at(1, 2);
        let square = format!("<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\"");
        let missing = svg.replacen(&square, "<rect x=\"0\" y=\"0\"", 1);
        let faults = cell_faults(&missing, &bands, &data);
        assert_eq!(faults, ["(1, 2): fills []"]);
        // A pair whose largest value is another than the one drawn.
        let mut other = data.clone();
        let below = other.by_pair.iter().position(|p| p.largest == 2).unwrap();
        other.by_pair[below].largest = 3;
        let faults = cell_faults(&svg, &bands, &other);
        assert_eq!(faults.len(), 2, "fill and dot: {faults:?}");
    }
}
