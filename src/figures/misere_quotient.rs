//! `misere-quotient`: one code's misère quotient on its first heaps (the
//! data and tables: [`ladder_draw::misere_quotient`], which the reader's
//! page draws through too).

use serde::Deserialize;

use super::bounds::{CheckParams, Within};
use crate::games::Rule;
use crate::misere::quotient::Limits;
pub use ladder_draw::misere_quotient::{Data, render};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    pub code: Rule,
    /// The quotient of the heaps 0 to this.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub heaps: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        match self.code.octal_code() {
            Some(_) => Ok(()),
            None => Err(format!("{} is not an octal code", self.code)),
        }
    }
}

/// The quotient within the engine's default budgets: no time limit, so
/// the figure is the same on every machine.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    ladder_draw::misere_quotient::compute(&params.code, params.heaps, &Limits::default())
}
