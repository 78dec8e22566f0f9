//! `two-takes-strip`: a two-take subtraction game's values, the blocks of
//! length `a` numbered inside each stretch of `a + b`, and its 2s marked,
//! so the closed form can be read off the picture (the drawing:
//! [`ladder_draw::two_takes`], which the reader's page draws through too).

use serde::Deserialize;

use super::RangeNote;
use super::bounds::{CheckParams, Within};
use crate::census::two_take_strip::TwoTakeStrip;
pub use ladder_draw::two_takes::render;

/// Parameters of a two-take strip.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The two takes, e.g. `[3, 8]`.
    #[serde(deserialize_with = "Within::<1, 1_000>::read_pair")]
    pub takes: [u64; 2],
    /// How many heaps to draw from heap 0.
    #[serde(deserialize_with = "Within::<1, 10_000>::read")]
    pub shown: usize,
}

impl CheckParams for Params {}

/// The strip and its checks (see `census::two_take_strip`).
pub type Data = TwoTakeStrip;

/// Computes the strip; the closed form must agree with the recursion.
pub fn compute(params: &Params) -> Result<Data, String> {
    ladder_draw::two_takes::compute(params.takes, params.shown)
}

impl RangeNote for TwoTakeStrip {
    /// The search range and the check, in one sentence.
    fn range_note(&self) -> String {
        ladder_draw::two_takes::range_note(self)
    }
}
