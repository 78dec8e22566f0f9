//! `million-heap`: the worked example of a sum of two-take games (the data
//! and tables: [`ladder_draw::million_heap`], which the reader's page draws
//! through too).

use serde::Deserialize;

use super::RangeNote;
use super::bounds::{CheckParams, Within};
pub use ladder_draw::million_heap::{Data, render};

/// One heap of the sum.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// The game's two takes (up to 10,000: a period's values are computed).
    #[serde(deserialize_with = "Within::<1, 10_000>::read_pair")]
    pub takes: [u64; 2],
    /// The heap (any size: the closed form needs no table).
    pub heap: u64,
}

/// Parameters: the heaps of the sum.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The components, each a two-take game and a heap.
    #[serde(deserialize_with = "super::bounds::few")]
    pub components: Vec<Component>,
}

impl CheckParams for Params {}

/// Values every component and finds every winning move.
pub fn compute(params: &Params) -> Result<Data, String> {
    let heaps: Vec<([u64; 2], u64)> = params
        .components
        .iter()
        .map(|c| (c.takes, c.heap))
        .collect();
    ladder_draw::million_heap::compute(&heaps)
}

impl RangeNote for Data {
    fn range_note(&self) -> String {
        ladder_draw::million_heap::range_note(self)
    }
}
