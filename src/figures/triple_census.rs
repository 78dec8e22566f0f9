//! `triple-census`: every three-take game `a < b < c ≤ N`, each computed to
//! `max(3000, 60c)` values: period, preperiod, largest value, and which sum
//! of two takes the period equals.

use serde::Deserialize;

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::census::triples::{PeriodClass, TripleCensus, triple_census};
use crate::numbers::grouped;
use crate::plot::{self, Anchor, INK, MUTED};

/// Parameters of the triple census.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Sets `a < b < c ≤ largest`.
    #[serde(deserialize_with = "Within::<0, 30>::read")]
    pub largest: usize,
}

impl CheckParams for Params {}

/// One record per set and the counts (see `census::triples`).
pub type Data = TripleCensus;

/// Runs the census of every triple.
pub fn compute(params: &Params) -> Result<Data, String> {
    triple_census(params.largest).map_err(|e| e.to_string())
}

impl TripleCensus {
    /// The range and the headline counts.
    pub fn range_note(&self) -> String {
        let s = &self.summary;
        let computed = if s.fewest_values_computed == s.most_values_computed {
            grouped(s.fewest_values_computed as u64)
        } else {
            format!(
                "{}–{}",
                grouped(s.fewest_values_computed as u64),
                grouped(s.most_values_computed as u64)
            )
        };
        format!(
            "{} sets, each computed to {computed} values and every period certified by its window; \
             {} periods are a sum of two takes; longest period {}.",
            grouped(s.sets as u64),
            grouped(s.period_sum_of_two as u64),
            s.longest_period
        )
    }
}

/// The colour of each class, shared with the third-take map.
pub fn class_fill(class: PeriodClass) -> plot::Colour {
    match class {
        PeriodClass::APlusB => plot::fill(1),
        PeriodClass::APlusC => plot::fill(2),
        PeriodClass::BPlusC => plot::fill(3),
        PeriodClass::NoSum => plot::fill(4),
    }
}

/// The class names in drawing order.
pub const CLASSES: [(PeriodClass, &str); 4] = [
    (PeriodClass::APlusB, "a + b"),
    (PeriodClass::APlusC, "a + c"),
    (PeriodClass::BPlusC, "b + c"),
    (PeriodClass::NoSum, "no sum of two takes"),
];

/// Draws the classes as bars with their counts.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = 600;
    let total = data.records.len().max(1) as f64;
    let lines = plot::wrap(&data.range_note(), (width as usize - 40) / 6).len() as i32;
    let height = (40 + 4 * 30 + 30 + 15 * lines) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        plot::label(
            area,
            "which sum of two takes the period equals",
            (20, 14),
            14,
            Anchor::Start,
            INK,
        );
        for (i, (class, name)) in CLASSES.iter().enumerate() {
            let count = data.records.iter().filter(|r| r.class == *class).count();
            let y = 40 + 30 * i as i32;
            let length = (360.0 * count as f64 / total).round() as i32;
            plot::label(area, name, (150, y + 10), 12, Anchor::End, INK);
            plot::block(
                area,
                (160, y),
                (160 + length.max(1), y + 20),
                class_fill(*class),
            );
            plot::label(
                area,
                &grouped(count as u64),
                (166 + length, y + 10),
                12,
                Anchor::Start,
                INK,
            );
        }
        plot::note(
            area,
            &data.range_note(),
            (20, 40 + 4 * 30 + 14),
            width as i32 - 40,
            MUTED,
        );
    })
}
