//! `code-as-nim`: Nim written as an octal code of `digits` threes. A code
//! is finite, so it names a bounded Nim (take at most `digits`): `g(n) = n`
//! up to the code's length, and beyond it the bounded game's own period
//! (`digits + 1`, certified by the subtraction window, since a 3 never splits).

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::run::{RunSummary, run};
use crate::games::{OctalCode, Rule};
use crate::manifest::Count;
use crate::plot::{self, Anchor, INK, MUTED};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

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
#[derive(Debug, Clone, Serialize)]
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
    pub fn range_note(&self) -> String {
        format!(
            "$g(n) = n$ for every heap up to {}; {}.",
            self.equals_heap_through,
            self.run.clause()
        )
    }
}

const CELL: i32 = 20;
const LEFT: i32 = 50;

/// Draws the values in rows of `digits + 1`, so the period shows as columns.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = (LEFT + CELL * data.columns as i32 + 20) as u32;
    let rows = data.values.len().div_ceil(data.columns) as i32;
    let top = 40;
    let note = data.range_note();
    let lines = plot::wrap(&note, (width as usize - 30) / 6).len() as i32;
    let height = (top + rows * CELL + 24 + lines * 15) as u32;
    plot::svg(width, height, meta.caption, &note, |area| {
        let title = format!(
            "{} as {} digits 3, rows of {}",
            data.run.rule, data.digits, data.columns
        );
        plot::label(area, &title, (10, 14), 14, Anchor::Start, INK);
        let bottom = plot::raster(area, (LEFT, top), CELL, data.columns, 0, &data.values);
        plot::note(area, &note, (10, bottom + 18), width as i32 - 20, MUTED);
    })
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
    }
}
