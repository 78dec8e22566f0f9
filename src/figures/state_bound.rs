//! `state-bound`: the counting bound `(m+1)^m` on a subtraction game's
//! states beside the longest period actually found among every subtraction
//! set whose largest take is `m`.
//!
//! The bound: a value is the mex of at most `m` values, so it is at most `m`;
//! the next value depends only on the last `m`, so there are at most
//! `(m+1)^m` states and the sequence must repeat within that many steps
//! (seed 004, "every finite subtraction set has one").

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::SubtractionSet;
use crate::plot::legend::{self, Key};
use crate::plot::{self, ACCENT, ACCENT_2, Anchor};
use crate::sequence::{DEFAULT_MIN_REPEATS, analyse};
use crate::text::numbers::grouped;

/// Parameters: the largest take to go up to, and the values per set.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Largest takes `1 ..= max_take` are tabulated (at most 15: the bound
    /// `(m+1)^m` of 16 is past a `u64`).
    #[serde(deserialize_with = "Within::<1, 15>::read")]
    pub max_take: usize,
    /// Values computed for every set.
    pub values: Count,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if !(1..=MOST_TAKE).contains(&self.max_take) {
            return Err(format!(
                "max_take must be from 1 to {MOST_TAKE}, not {}",
                self.max_take
            ));
        }
        // Every set whose largest take is at most max_take: 2^max_take − 1.
        let sets = (1u64 << self.max_take) - 1;
        crate::budget::check_census(sets, self.values.0, "subtraction sets")
    }
}

/// The largest `m` whose bound `(m+1)^m` fits a `u64`: 16^15 = 2^60, while
/// 17^16 is about 4.9 × 10^19.
const MOST_TAKE: usize = 15;

/// One largest take `m`: the bound and what the sets with that largest take do.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// The largest take.
    pub max_take: usize,
    /// The counting bound `(m+1)^m`.
    pub bound: u64,
    /// How many sets were searched: every subset of `{1 … m}` holding `m`.
    pub sets: usize,
    /// The longest certified period among them.
    pub longest_period: usize,
    /// A set with that period (the first in the order sets are listed).
    pub longest_set: String,
    /// The longest preperiod among them.
    pub longest_preperiod: usize,
    /// Sets whose period was not certified within the values computed.
    pub uncertified: Vec<String>,
}

/// The table behind the figure.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Values computed for every set.
    pub computed: usize,
    /// One row per largest take, ascending.
    pub rows: Vec<Row>,
    /// How many sets in all.
    pub sets: usize,
}

/// Every subset of `{1 … m}` that holds `m`, in binary order of the rest.
fn sets_with_largest(m: usize) -> Vec<SubtractionSet> {
    (0..1u32 << (m - 1))
        .map(|mask| {
            let smaller = (1..m).filter(|t| mask >> (t - 1) & 1 == 1);
            SubtractionSet::new(smaller.chain([m])).expect("distinct positive takes")
        })
        .collect()
}

fn row(m: usize, values: usize) -> Result<Row, String> {
    let bound =
        counting_bound(m).ok_or_else(|| format!("the bound (m+1)^m is past a u64 at m = {m}"))?;
    let sets = sets_with_largest(m);
    let results: Vec<(String, Option<(usize, usize)>)> = sets
        .par_iter()
        .map(|set| {
            let analysis = analyse(
                &set.values(values),
                DEFAULT_MIN_REPEATS,
                set.certificate_rule(),
            );
            let certified = analysis
                .is_certified()
                .then(|| analysis.period.found())
                .flatten();
            (format!("{{{set}}}"), certified)
        })
        .collect();
    let mut longest = (0, String::new());
    let mut longest_preperiod = 0;
    let mut uncertified = Vec::new();
    for (name, certified) in results {
        match certified {
            Some((s, p)) => {
                if p > longest.0 {
                    longest = (p, name);
                }
                longest_preperiod = longest_preperiod.max(s);
            }
            None => uncertified.push(name),
        }
    }
    Ok(Row {
        max_take: m,
        bound,
        sets: sets.len(),
        longest_period: longest.0,
        longest_set: longest.1,
        longest_preperiod,
        uncertified,
    })
}

/// `(m+1)^m`, the number of states of `m` values below `m + 1`; `None`
/// past a `u64` (`m > MOST_TAKE`, which [`Params::check`] refuses).
fn counting_bound(m: usize) -> Option<u64> {
    let exponent = u32::try_from(m).ok()?;
    u64::try_from(m).ok()?.checked_add(1)?.checked_pow(exponent)
}

/// Computes every row.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let rows: Vec<Row> = (1..=params.max_take)
        .map(|m| row(m, params.values.0))
        .collect::<Result<_, _>>()?;
    Ok(Data {
        computed: params.values.0,
        sets: rows.iter().map(|r| r.sets).sum(),
        rows,
    })
}

impl Data {
    /// The search range, and any set left uncertified.
    pub fn range_note(&self) -> String {
        let missing: Vec<&str> = self
            .rows
            .iter()
            .flat_map(|r| r.uncertified.iter().map(String::as_str))
            .collect();
        let tail = if missing.is_empty() {
            "every period certified".to_string()
        } else {
            format!("not certified: {}", missing.join(" "))
        };
        format!(
            "{} sets, each searched in {} values; {tail}.",
            grouped(self.sets as u64),
            grouped(self.computed as u64)
        )
    }
}

const LEFT: i32 = 64;
const RIGHT: i32 = 16;
const TOP: i32 = 60;
const PLOT_H: i32 = 250;

/// The width of one largest take's column, so the chart fills `width`.
fn column_width(columns: usize, width: i32) -> i32 {
    (width - LEFT - RIGHT) / columns.max(1) as i32
}

/// A column's count of sets, under its largest take.
fn sets_label(sets: usize) -> String {
    match sets {
        1 => "1 set".to_string(),
        n => format!("{n} sets"),
    }
}

/// The bound's mark: a square, where the period's is a dot.
fn bound_mark(area: &plot::Area, (x, y): (i32, i32)) {
    plot::block(area, (x - 5, y - 5), (x + 5, y + 5), ACCENT_2);
}

/// The period's mark.
fn period_mark(area: &plot::Area, at: (i32, i32)) {
    plot::dot(area, at, 5, ACCENT);
}

/// Draws both series on a logarithmic axis: the bound as squares, the
/// longest period as circles with its value written beside it, so shape
/// and label carry the series as well as colour. The range note is the
/// SVG's description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let columns = data.rows.len() as i32;
    let column = column_width(data.rows.len(), meta.width as i32);
    let width = LEFT + column * columns + RIGHT;
    let title = "The state bound (m + 1)ᵐ against the longest period found";
    // A title wrapped to the width moves the chart down by its extra lines.
    let lines = plot::fit_lines(title, plot::TITLE, width - 20).len() as i32;
    let top = TOP + (lines - 1) * plot::line_pitch(plot::TITLE);
    let keys = [
        Key::mark(10, &bound_mark, "bound (m + 1)ᵐ on the states"),
        Key::mark(10, &period_mark, "longest certified period"),
    ];
    // The two keys side by side where they fit, one under the other if not.
    let side_by_side = LEFT + 260 + keys[1].width() <= width;
    let legend_lines = if side_by_side { 1 } else { 2 };
    let height = (top + PLOT_H + 96 + (legend_lines - 1) * legend::LINE) as u32;
    let top_decade = data
        .rows
        .iter()
        .map(|r| (r.bound as f64).log10().ceil() as i32)
        .max()
        .unwrap_or(1)
        .max(1);
    let y_of = |v: f64| {
        top + PLOT_H - ((v.max(1.0).log10() / top_decade as f64) * PLOT_H as f64).round() as i32
    };
    let x_of = |i: usize| LEFT + column * i as i32 + column / 2;
    let bottom = top + PLOT_H;
    // Each column's count of sets, where the counts fit their columns.
    let counts_fit = data
        .rows
        .iter()
        .all(|r| plot::text_width(&sets_label(r.sets), plot::SMALL) + 4 <= column);
    plot::svg(
        width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::title_lines(area, title, (20, 14), width - 20);
            let y_title = "states or period (log scale)";
            plot::heading(area, y_title, (20, top - 22), Anchor::Start);
            for decade in (0..=top_decade).step_by(2) {
                let y = y_of(10f64.powi(decade));
                plot::line(
                    area,
                    &[(LEFT, y), (LEFT + column * columns, y)],
                    plot::fill(0),
                    1,
                );
                let text = format!("10{}", plot::superscript(decade as u32));
                plot::tick(area, &text, (LEFT - 8, y), Anchor::End);
            }
            for (i, r) in data.rows.iter().enumerate() {
                let (x, yb, yp) = (x_of(i), y_of(r.bound as f64), y_of(r.longest_period as f64));
                plot::line(area, &[(x, yb), (x, yp)], plot::fill(0), 2);
                bound_mark(area, (x, yb));
                period_mark(area, (x, yp));
                let period = r.longest_period.to_string();
                plot::label(
                    area,
                    &period,
                    (x + 8, yp),
                    plot::SMALL,
                    Anchor::Start,
                    ACCENT,
                );
                plot::heading(
                    area,
                    &r.max_take.to_string(),
                    (x, bottom + 16),
                    Anchor::Middle,
                );
                if counts_fit {
                    plot::tick(area, &sets_label(r.sets), (x, bottom + 33), Anchor::Middle);
                }
            }
            let x_title = if counts_fit {
                "largest take m, and the sets with it"
            } else {
                "largest take m"
            };
            plot::heading(
                area,
                x_title,
                (LEFT + column * columns / 2, bottom + 54),
                Anchor::Middle,
            );
            let legend_y = bottom + 80;
            legend::key(area, (LEFT, legend_y), &keys[0]);
            let second = if side_by_side {
                (LEFT + 260, legend_y)
            } else {
                (LEFT, legend_y + legend::LINE)
            };
            legend::key(area, second, &keys[1]);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_take_allowed_has_a_bound_that_fits() {
        // (m+1)^m passes u64 at m = 16 (17^16 is about 4.9 × 10^19), which
        // panicked (overflow-checks) instead of drawing a row: refused when
        // read, and by compute.
        let refused = serde_yaml_ng::from_str::<Params>("max_take: 16\nvalues: 20").unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("16 is out of range: from 1 to 15"),
            "{refused}"
        );
        let params = |max_take| Params {
            max_take,
            values: Count(20),
        };
        assert_eq!(
            compute(&params(16)).unwrap_err(),
            "max_take must be from 1 to 15, not 16"
        );
        let data = compute(&params(15)).unwrap();
        assert_eq!(data.rows[14].bound, 16u64.pow(15));
        assert_eq!(counting_bound(16), None);
    }

    #[test]
    fn on_a_phone_the_chart_fits_and_its_legend_stacks() {
        let data = compute(&Params {
            max_take: 10,
            values: Count(400),
        })
        .unwrap();
        let meta = |width| RenderMeta {
            id: "s",
            caption: "c",
            width,
        };
        let phone = render(&data, &meta(plot::PHONE));
        let width: i32 = phone
            .split("width=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(width <= plot::PHONE as i32);
        // The second key under the first, not 260 px to its right.
        assert!(!phone.contains(&format!("x=\"{}\"", LEFT + 260 + 16)));
        let desktop = render(&data, &meta(plot::COLUMN));
        assert!(desktop.contains(&format!("x=\"{}\"", LEFT + 260 + 16)));
    }

    #[test]
    fn every_range_of_largest_takes_fits_the_column() {
        for columns in 1..=16 {
            let column = column_width(columns, plot::COLUMN as i32);
            assert!(LEFT + column * columns as i32 + RIGHT <= plot::COLUMN as i32);
        }
        // The figure's own range, m = 1 … 10, has room for "512 sets".
        assert!(
            plot::text_width("512 sets", plot::SMALL) + 4 <= column_width(10, plot::COLUMN as i32)
        );
        // At m = 16 "32768 sets" would overlap its neighbours: left out.
        assert!(
            plot::text_width("32768 sets", plot::SMALL) + 4 > column_width(16, plot::COLUMN as i32)
        );
    }
}
