//! `code-as-nim`: Nim written as an octal code of `digits` threes. A code
//! is finite, so it names a bounded Nim (take at most `digits`): `g(n) = n`
//! up to the code's length, and beyond it the bounded game's own period
//! (`digits + 1`, certified by the subtraction window, since a 3 never splits).

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::{OctalCode, Rule};
use crate::plot::reflow::{Bands, Title};
use crate::plot::{self};
use crate::sequence::summary::{RunSummary, run};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};
use crate::text::wording::rule_name;

/// Parameters: how many digits 3, values to compute, cells to draw.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Digits of the code `·33…3` (1 to 64): its largest take.
    #[serde(deserialize_with = "Within::<1, 64>::read")]
    pub digits: usize,
    /// Values computed and searched.
    pub values: Count,
    /// Rows of `digits + 1` cells drawn.
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub rows: usize,
}

impl CheckParams for Params {}

/// The bounded Nim's values, where they equal the heap, and its period.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Digits of the code.
    pub digits: usize,
    /// The largest `n` with `g(k) = k` for every `k ≤ n`.
    pub equals_heap_through: usize,
    /// The search and its certificate.
    #[serde(flatten)]
    pub run: RunSummary,
    /// Cells per row drawn.
    pub columns: usize,
    /// The values drawn, heap 0 first.
    pub values: Vec<Value>,
}

/// Computes the code's values and reads where they stop equalling the heap.
pub fn compute(params: &Params) -> Result<Data, String> {
    if !(1..=64).contains(&params.digits) {
        return Err(format!(
            "digits must be from 1 to 64, not {}",
            params.digits
        ));
    }
    let code = OctalCode::from_digits(0, &vec![3; params.digits]).map_err(|e| e.to_string())?;
    let (values, run) = run(&Rule::Octal(code), params.values.0, DEFAULT_MIN_REPEATS)?;
    let equals_heap_through = values
        .iter()
        .enumerate()
        .take_while(|&(n, &v)| v as usize == n)
        .count()
        .saturating_sub(1);
    let columns = params.digits + 1;
    let shown = (columns * params.rows).min(values.len());
    Ok(Data {
        digits: params.digits,
        equals_heap_through,
        run,
        columns,
        values: values[..shown].to_vec(),
    })
}

impl Data {
    /// The range searched and what was found.
    /// The code is named by its count of threes (`·33…3, 28 threes`), not
    /// spelt out digit by digit.
    pub fn range_note(&self) -> String {
        let spelt = rule_name(&self.run.rule);
        let counted = format!("·33…3 ({} threes)", self.digits);
        format!(
            "$g(n) = n$ for every heap up to {}; {}.",
            self.equals_heap_through,
            self.run.clause().replacen(&spelt, &counted, 1)
        )
    }
}

/// 22 px cells hold 13 px values; 29 of them and the heap labels fit the
/// column (see the test `twenty_eight_digits_fit_the_column`). On a phone,
/// 20 px cells (12 px values) where they save a band.
const CELL: i32 = 22;
const MIN_CELL: i32 = 20;
/// Room for the row labels (the first heap of each row, up to three digits).
const LEFT: i32 = 40;
const RIGHT: i32 = 10;
/// The title line, then the column labels above the grid.
const TOP: i32 = 52;
/// From one band's bottom to the next's top, over its column labels.
const GAP: i32 = 30;

/// The figure's width for rows of `columns` cells in one band.
#[cfg(test)]
fn width(columns: usize) -> u32 {
    (LEFT + CELL * columns as i32 + RIGHT) as u32
}

/// The rows of one period at `width`: whole where they fit, else their
/// columns cut into bands stacked under one another, `top` px down.
fn bands(data: &Data, width: u32, top: i32) -> Bands {
    let room = width as i32 - LEFT - RIGHT;
    let (cell, per_band) = Bands::choose(data.columns, room, &[CELL, MIN_CELL]);
    Bands {
        origin: (LEFT, top),
        cell,
        columns: data.columns,
        per_band,
        rows: data.values.len().div_ceil(data.columns),
        gap: GAP,
    }
}

/// Draws the values in rows of `digits + 1`, so the period shows as columns:
/// each row is labelled by its first heap, each column by what it adds to
/// it, so a cell's heap is its row's label plus its column's.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let text = format!(
        "·33…3 ({} threes) in rows of {}: heap = row + column",
        data.digits, data.columns
    );
    let layout = bands(data, meta.width, TOP);
    let content = LEFT + layout.cell * layout.per_band as i32 + RIGHT;
    let title = Title::fit(&text, 10, content, meta.width);
    let layout = bands(data, meta.width, TOP + title.lower());
    let height = (layout.bottom() + 8) as u32;
    plot::svg(
        title.width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            title.draw(area, (10, 14));
            layout.draw(area, &data.values, 6, Some("heap"));
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_as_28_digits_is_the_heap_up_to_28_then_repeats_every_29() {
        let data = compute(&Params {
            digits: 28,
            values: Count(300),
            rows: 3,
        })
        .unwrap();
        assert_eq!(data.equals_heap_through, 28);
        assert_eq!((data.run.preperiod, data.run.period), (Some(0), Some(29)));
        assert_eq!(data.run.status, crate::sequence::PeriodStatus::Certified);
        let c = data.run.certificate.unwrap();
        assert_eq!(
            (c.kind, c.length, c.values_needed),
            ("guy-smith-k1", 28, 57)
        );
        assert_eq!(data.values.len(), 87);
        // The note counts the threes rather than spelling 28 of them.
        assert_eq!(
            data.range_note(),
            "$g(n) = n$ for every heap up to 28; ·33…3 (28 threes): period 29 from heap 0, \
             certified by 28 pairs (57 values needed) in 300 values."
        );
    }

    #[test]
    fn twenty_eight_digits_fit_the_column() {
        assert!(width(29) <= plot::COLUMN, "{}", width(29));
        // A planted fault: one more digit does not.
        assert!(width(31) > plot::COLUMN);
    }

    #[test]
    fn on_a_phone_the_period_is_cut_into_two_bands_inside_its_width() {
        let data = compute(&Params {
            digits: 28,
            values: Count(300),
            rows: 3,
        })
        .unwrap();
        let meta = RenderMeta {
            id: "nim-28",
            caption: "",
            width: plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(
            crate::plot::reflow::faults(&svg, plot::PHONE),
            Vec::<String>::new()
        );
        let layout = bands(&data, plot::PHONE, TOP);
        assert_eq!((layout.count(), layout.cell), (2, MIN_CELL));
        for heap in 0..data.values.len() {
            let (x, _) = layout.at(heap);
            assert!(
                x >= LEFT && x + layout.cell + RIGHT <= plot::PHONE as i32,
                "{heap}"
            );
        }
        // Heap 44 = row 29 + column 15: the second band's first column.
        assert_eq!(layout.at(44), (LEFT, layout.top(1) + MIN_CELL));
        assert_eq!(
            bands(&data, plot::COLUMN, TOP).count(),
            1,
            "one band on a desktop"
        );
    }
}
