//! `pass-cases`: one representative pair of takes for each of the five
//! cases of the single-pass subtraction game (R. M. Low, seed 002), `h(n)`
//! above `g(n + y)` with the prefix word and the shifted tail (the data and
//! drawing: [`ladder_draw::pass_cases`], which the reader's page draws
//! through too).

use serde::Deserialize;

use super::bounds::{CheckParams, Within};
pub use ladder_draw::pass_cases::{Data, render};

/// Parameters: the pairs drawn, one per case.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The pairs `[x, y]`, `x < y`, one for each of the five cases, in any order.
    #[serde(deserialize_with = "super::bounds::few")]
    pub pairs: Vec<[usize; 2]>,
    /// How many tail heaps `n ≥ N` are joined to `g(n + y)` (default 6, 1 to 20).
    #[serde(default = "default_tail")]
    #[serde(deserialize_with = "Within::<1, 20>::read")]
    pub tail: usize,
}

impl CheckParams for Params {}

fn default_tail() -> usize {
    6
}

/// Computes each pair's values and checks its closed forms; the essay's
/// figure holds one pair of each case.
pub fn compute(params: &Params) -> Result<Data, String> {
    let data = ladder_draw::pass_cases::compute(&params.pairs, params.tail)?;
    data.check_every_case()?;
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_essays_figure_needs_one_pair_of_each_case() {
        let params = |pairs: Vec<[usize; 2]>| Params { pairs, tail: 3 };
        assert!(compute(&params(vec![[2, 7], [3, 5], [2, 6], [3, 7], [2, 4]])).is_ok());
        let error = compute(&params(vec![[2, 7], [3, 5]])).unwrap_err();
        assert!(
            error.contains("one pair of each of the five cases"),
            "{error}"
        );
    }
}
