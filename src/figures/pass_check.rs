//! `pass-check`: R. M. Low's closed forms for the subtraction game with a
//! single pass (seed 002), checked pair by pair against the recursion.
//!
//! Every pair `1 ≤ x < y ≤ largest_take` is one cell of an `x × y` grid,
//! coloured by its case, marked by its case (a second cue beside the hue)
//! and crossed where a closed form disagrees. A pair
//! agrees when the predicted prefix word, the tail `h(n) = g(n + y)`, the
//! preperiod `N` and the period all match what the recursion gives, the last
//! two as the certified least preperiod and period of the pair `(g, h)`.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::pass_census::{CaseCount, checked_census};
use crate::games::pass_classification::{Disagreement, PassCase};
use crate::plot::reflow::{self, PairBands, Title};
use crate::plot::{self, ACCENT, Anchor};
use crate::text::numbers::grouped;

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
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Mismatch {
    /// `[x, y]`.
    pub takes: [usize; 2],
    /// The claim, and the first heap where it fails.
    pub first_disagreement: Disagreement,
}

/// The census of the range.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
        // Said once: the page's prose gives the count of pairs that agree.
        let outcome = match self.disagreements.first() {
            None => "every one agrees with the recursion".to_string(),
            Some(m) => format!(
                "{} agree, {} disagree, the first $\\{{{}, {}\\}}$ at heap {}",
                grouped(self.pairs_agreeing as u64),
                grouped((self.pairs_checked - self.pairs_agreeing) as u64),
                m.takes[0],
                m.takes[1],
                m.first_disagreement.heap()
            ),
        };
        format!(
            "All {} pairs $1 \\le x < y \\le {}$ checked (prefix word, tail $h(n) = g(n + y)$, and $N$ and \
             the period against the certified least preperiod and period of $(g, h)$): {outcome}.",
            grouped(self.pairs_checked as u64),
            self.largest_take,
        )
    }
}

const LEFT: i32 = 60;
const RIGHT: i32 = 16;
const TOP: i32 = 64;
/// One line of the legend.
const LEGEND_LINE: i32 = 20;

/// The side of a cell: the grid fills the column, between 4 and 24 px.
fn cell_for(largest: usize, width: u32) -> i32 {
    ((width as i32 - LEFT - RIGHT) / largest.max(1) as i32).clamp(4, 24)
}

/// Where the legend's top-left corner goes, from the grid's origin, for a
/// legend of `size`: inside the empty triangle below the diagonal (every
/// pair has `x < y`, so the cells with `x ≥ y` are blank) when it fits
/// there, else under the grid. The second value says whether it is inside.
fn legend_at(cell: i32, largest: usize, (w, h): (i32, i32)) -> ((i32, i32), bool) {
    let span = cell * largest as i32;
    // A point (a, b) from the origin is blank when its column is left of
    // its row's diagonal cell: a + cell ≤ b. The corner (w, top) is the
    // tightest; keep one cell clear.
    let top = w + 2 * cell;
    if top + h <= span - cell {
        ((4, top), true)
    } else {
        ((4, span + 24), false)
    }
}

/// Draws a case's mark in a cell: [`plot::case_mark`] or [`plot::bold_case_mark`].
type CaseMark = fn(&plot::Area, usize, (i32, i32), i32);

/// The legend's lines: a heading, each case with its counts, the cross,
/// and the total.
struct Legend {
    heading: String,
    entries: Vec<String>,
    crossed: String,
    total: String,
}

impl Legend {
    fn of(data: &Data) -> Legend {
        let entries = data
            .per_case
            .iter()
            .map(|count| {
                format!(
                    "{}: {}, {}",
                    count.case.condition(),
                    grouped(count.pairs as u64),
                    grouped(count.agreeing as u64)
                )
            })
            .collect();
        Legend {
            heading: "case: pairs, agreeing".to_string(),
            entries,
            crossed: "crossed: a closed form disagrees".to_string(),
            total: format!(
                "{} of {} pairs agree",
                grouped(data.pairs_agreeing as u64),
                grouped(data.pairs_checked as u64)
            ),
        }
    }

    /// Its width and height.
    fn size(&self) -> (i32, i32) {
        let width = [&self.heading, &self.crossed, &self.total]
            .into_iter()
            .map(|t| plot::text_width(t, plot::TEXT))
            .chain(
                self.entries
                    .iter()
                    .map(|t| 18 + plot::text_width(t, plot::TEXT)),
            )
            .max()
            .unwrap_or(0);
        (width, LEGEND_LINE * (self.entries.len() as i32 + 4))
    }

    /// Draws it from its top-left corner, each case's swatch marked by
    /// `mark` as the cells are.
    fn draw(&self, area: &plot::Area, (lx, ly): (i32, i32), mark: CaseMark) {
        let mut y = ly + LEGEND_LINE / 2;
        plot::heading(area, &self.heading, (lx, y), Anchor::Start);
        for (i, text) in self.entries.iter().enumerate() {
            y += LEGEND_LINE;
            let swatch = (lx, y - 6);
            plot::block(area, swatch, (lx + 12, y + 6), plot::case_fill(i));
            mark(area, i, swatch, 12);
            plot::heading(area, text, (lx + 18, y), Anchor::Start);
        }
        y += LEGEND_LINE;
        cross(area, (lx, y - 6), 12);
        plot::heading(area, &self.crossed, (lx + 18, y), Anchor::Start);
        y += LEGEND_LINE + 6;
        plot::heading(area, &self.total, (lx, y), Anchor::Start);
    }
}

/// The record of the pair `(x, y)`, `x < y ≤ largest_take`.
fn record_of(data: &Data, x: usize, y: usize) -> &Record {
    let n = data.largest_take;
    // Records run x = 1 … n − 1, each over y = x + 1 … n.
    let before = (x - 1) * n - (x - 1) * x / 2;
    &data.records[before + (y - x - 1)]
}

/// What a reader pointing at a pair's cell is told: the pair, its case,
/// the period found and whether the closed form gives the same values.
fn cell_name(record: &Record) -> String {
    let [x, y] = record.takes;
    let period = match (record.period, record.preperiod) {
        (Some(p), Some(s)) => format!("period {p} from heap {s}"),
        _ => "no period found".to_string(),
    };
    let verdict = if record.closed_form_agrees {
        "the closed form agrees"
    } else {
        "the closed form disagrees"
    };
    format!(
        "{{{x}, {y}}}: {}; {period}; {verdict}",
        record.case.condition()
    )
}

/// The title's text.
fn title_text(data: &Data) -> String {
    let n = data.largest_take;
    format!("The closed forms against the recursion, 1 ≤ x < y ≤ {n}")
}

/// The grid, the legend with counts; on a column too narrow for the
/// whole triangle at legible cells (a phone's), [`render_bands`]. The
/// range note is the SVG's description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let n = data.largest_take;
    let cell = cell_for(n, meta.width);
    if cell < reflow::LEAST_WHOLE {
        return render_bands(data, meta);
    }
    let span = cell * n as i32;
    let text = title_text(data);
    let title = Title::fit(&text, 20, LEFT + span + RIGHT, meta.width);
    let top = TOP + title.lower();
    let by_pair = |x: usize, y: usize| record_of(data, x, y);
    let legend = Legend::of(data);
    let (_, legend_h) = legend.size();
    let ((lx, ly), inside) = legend_at(cell, data.largest_take, legend.size());
    let (lx, ly) = (LEFT + lx, top + ly);
    let height = if inside {
        top + span + 12
    } else {
        ly + legend_h + 8
    };
    plot::svg(
        title.width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (20, 14));
            plot::pair_grid(
                area,
                ((LEFT, top), cell),
                n,
                10,
                |x, y| plot::case_fill(by_pair(x, y).case.index()),
                |x, y| cell_name(by_pair(x, y)),
            );
            for record in &data.records {
                let [x, y] = record.takes;
                let (cx, cy) = plot::pair_cell((LEFT, top), cell, x, y);
                plot::case_mark(area, record.case.index(), (cx, cy), cell);
                if !record.closed_form_agrees {
                    cross(area, (cx, cy), cell);
                }
            }
            legend.draw(area, (lx, ly), plot::case_mark);
        },
    )
}

/// The phone's title, the top of its legend, and its bands, for a column
/// `width` px wide (no wider than the smallest phone's).
fn phone_layout(data: &Data, width: u32) -> (Title, i32, PairBands) {
    let n = data.largest_take;
    let (title, most) = reflow::phone_title(&title_text(data), n, width);
    let legend_top = 28 + title.lower();
    let bands = PairBands::new(n, most, legend_top + Legend::of(data).size().1);
    (title, legend_top, bands)
}

/// The legend first, under the title, then the triangle in bands of
/// columns stacked one under another ([`PairBands`]), drawn for the
/// smallest phone's column so that it is whole on every phone: each cell
/// is its legend key's size, with the key's mark, crossed where a closed
/// form disagrees, as on the page (the dot twice as large).
fn render_bands(data: &Data, meta: &RenderMeta) -> String {
    let (title, legend_top, bands) = phone_layout(data, meta.width);
    let legend = Legend::of(data);
    plot::svg(
        title.width as u32,
        (bands.bottom() + 12) as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (reflow::PHONE_MARGIN, 14));
            legend.draw(
                area,
                (reflow::PHONE_MARGIN, legend_top),
                plot::bold_case_mark,
            );
            bands.draw(
                area,
                |x, y| plot::case_fill(record_of(data, x, y).case.index()),
                |x, y| cell_name(record_of(data, x, y)),
            );
            for record in &data.records {
                let [x, y] = record.takes;
                let corner = bands.at(x, y);
                plot::bold_case_mark(area, record.case.index(), corner, bands.cell);
                if !record.closed_form_agrees {
                    cross(area, corner, bands.cell);
                }
            }
        },
    )
}

/// A disagreeing pair: a cross over its whole cell, in the accent.
fn cross(area: &plot::Area, (x, y): (i32, i32), size: i32) {
    plot::line(area, &[(x, y), (x + size, y + size)], ACCENT, 2);
    plot::line(area, &[(x, y + size), (x + size, y)], ACCENT, 2);
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

    #[test]
    fn the_grid_fits_the_column_and_the_legend_stays_off_every_pair() {
        let legend = (
            plot::text_width("q odd ≥ 3, r > 0: 1,234, 1,234", plot::TEXT) + 18,
            LEGEND_LINE * 9,
        );
        for largest in 2..=120 {
            let cell = cell_for(largest, plot::COLUMN);
            let span = cell * largest as i32;
            assert!(LEFT + span + RIGHT <= plot::COLUMN as i32, "{largest}");
            let ((a, b), inside) = legend_at(cell, largest, legend);
            if inside {
                // Every pair's cell: column y − 1, row x − 1, with x < y.
                for x in 1..largest {
                    for y in x + 1..=largest {
                        let (cx, cy) = ((y as i32 - 1) * cell, (x as i32 - 1) * cell);
                        let apart = cx + cell <= a
                            || cx >= a + legend.0
                            || cy + cell <= b
                            || cy >= b + legend.1;
                        assert!(apart, "{largest}: ({x}, {y}) under the legend");
                    }
                }
            } else {
                assert!(b >= span, "{largest}");
            }
        }
        // The page's 60: the legend sits inside the grid.
        assert!(legend_at(cell_for(60, plot::COLUMN), 60, legend).1);
    }

    /// The phone's drawing of the page's 60 takes, and its bands.
    fn phone(data: &Data) -> (String, PairBands) {
        let meta = RenderMeta {
            id: "pass-check",
            caption: "",
            width: plot::PHONE,
        };
        (render(data, &meta), phone_layout(data, plot::PHONE).2)
    }

    /// What is wrong with a phone drawing's cells: a pair not drawn once
    /// in its case's fill, a mark not its case's, anything in the bands
    /// that belongs to no pair.
    fn cell_faults(svg: &str, bands: &PairBands, data: &Data) -> Vec<String> {
        let (drawn, mut faults) = bands.read_back(svg);
        let hex = |c: plot::Colour| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        for record in &data.records {
            let [x, y] = record.takes;
            let case = record.case.index();
            let cell = &drawn[&(x, y)];
            if cell.fills != [hex(plot::case_fill(case))] {
                faults.push(format!("({x}, {y}): fills {:?}", cell.fills));
            }
            // Marks as their shapes: a line across (−), one down (ı), a dot.
            let across = cell.lines.iter().filter(|l| l[0].1 == l[1].1).count();
            let down = cell.lines.iter().filter(|l| l[0].0 == l[1].0).count();
            let dots = cell.dots.len();
            let expected = match case {
                0 => (0, 0, 0),
                1 => (1, 0, 0),
                2 => (0, 0, 1),
                3 => (1, 1, 0),
                _ => (0, 1, 0),
            };
            let crosses = usize::from(!record.closed_form_agrees) * 2;
            if (across, down, dots) != expected || cell.lines.len() != across + down + crosses {
                faults.push(format!("({x}, {y}): marks {cell:?}, case {case}"));
            }
        }
        faults
    }

    #[test]
    fn on_a_phone_the_triangle_is_drawn_in_bands_every_pair_once_with_its_mark() {
        let data = compute(&Params { largest_take: 60 }).unwrap();
        let (svg, bands) = phone(&data);
        // Whole in the smallest phone's column, every label 12 px or more
        // inside the drawing.
        assert_eq!(
            crate::plot::reflow::faults(&svg, plot::SMALL_PHONE),
            Vec::<String>::new()
        );
        assert_eq!(bands.count(), 3);
        assert_eq!(svg.matches(">\ny →\n<").count(), 3, "each band its axes");
        assert_eq!(svg.matches(">\nx ↓\n<").count(), 3, "each band its axes");
        assert_eq!(cell_faults(&svg, &bands, &data), Vec::<String>::new());
        // The cells are the legend's swatches: 12 px, the marks 7 px
        // across (a 12 px glyph's size), the dot of radius 2; on the page,
        // 10 px cells.
        assert!(bands.cell >= 12 && bands.cell >= cell_for(60, plot::COLUMN));
        let (drawn, _) = bands.read_back(&svg);
        for cell in drawn.values() {
            for line in &cell.lines {
                let long = (line[1].0 - line[0].0).abs() + (line[1].1 - line[0].1).abs();
                assert!(long >= 6, "{line:?}");
            }
            assert!(cell.dots.iter().all(|&r| r >= 2), "{cell:?}");
        }
        // The desktop is drawn whole, as before.
        let desk = render(
            &data,
            &RenderMeta {
                id: "pass-check",
                caption: "",
                width: plot::COLUMN,
            },
        );
        assert_eq!(desk.matches("y →").count(), 1);
    }

    #[test]
    fn a_pair_missing_doubled_or_mismarked_on_the_phone_is_found() {
        let data = compute(&Params { largest_take: 60 }).unwrap();
        let (svg, bands) = phone(&data);
        // A cell drawn twice: its square copied into the next band's gap.
        let (x, y) = bands.at(1, 2);
        let square = format!("<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\"");
        let doubled = svg.replacen(&square, &format!("{square}/>\n{square}"), 1);
        let faults = cell_faults(&doubled, &bands, &data);
        assert_eq!(faults.len(), 1, "{faults:?}");
        assert!(faults[0].starts_with("(1, 2): fills"), "{faults:?}");
        // A mark dropped: the first cell's dot (the first dot is the
        // legend's).
        let at = svg.match_indices("<circle").nth(1).unwrap().0;
        let dropped = format!(
            "{}{}",
            &svg[..at],
            &svg[at + svg[at..].find('>').unwrap() + 1..]
        );
        let faults = cell_faults(&dropped, &bands, &data);
        assert!(
            faults.len() == 1 && faults[0].contains("marks"),
            "{faults:?}"
        );
        // A pair drawn in another case than its record's: fill and mark.
        let mut other = data.clone();
        other.records[0].case = PassCase::QuotientOne;
        let faults = cell_faults(&svg, &bands, &other);
        assert_eq!(faults.len(), 2, "{faults:?}");
        assert!(faults.iter().all(|f| f.starts_with("(1, 2)")), "{faults:?}");
        // A pair whose record disagrees drawn without its cross.
        let mut crossed = data.clone();
        crossed.records[0].closed_form_agrees = false;
        let faults = cell_faults(&svg, &bands, &crossed);
        assert!(
            faults.len() == 1 && faults[0].starts_with("(1, 2): marks"),
            "{faults:?}"
        );
        // A mark outside every cell.
        let stray = svg.replacen(
            "</svg>",
            &format!("<circle cx=\"{}\" cy=\"{}\" r=\"2\"/></svg>", x - 6, y + 6),
            1,
        );
        assert_eq!(cell_faults(&stray, &bands, &data).len(), 1);
        // And the crossed pair, drawn, passes.
        let svg = render_bands(
            &crossed,
            &RenderMeta {
                id: "pass-check",
                caption: "",
                width: plot::PHONE,
            },
        );
        assert_eq!(cell_faults(&svg, &bands, &crossed), Vec::<String>::new());
    }
}
