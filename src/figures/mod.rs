//! Figure kinds: one file each, with its `Params` (the block under the
//! kind's key in `figures.yaml`), its `Data` (written to
//! `output/data/<id>.json`), `compute()` and `render()`.
//!
//! Adding a kind: write its file, add one line to the `figure_kinds!` list
//! below, and add a fixture entry; the compiler finds every other place.

pub mod coalition_lengths;
pub mod coalition_summary;
pub mod coalition_sweep;
pub mod coalition_table;
pub mod computed;
pub mod option_reach;
pub mod state_bound;
pub mod strip;

use serde::{Deserialize, Deserializer, Serialize};

pub use computed::{Computed, compute_all};

/// What a figure's renderer needs besides its data.
pub struct RenderMeta<'a> {
    /// The figure's id.
    pub id: &'a str,
    /// The caption, used as the SVG's `<title>`.
    pub caption: &'a str,
}

macro_rules! figure_kinds {
    ($($name:literal => $variant:ident($module:ident)),* $(,)?) => {
        /// A figure's kind and parameters.
        #[derive(Debug, Clone)]
        pub enum FigureSpec { $($variant($module::Params)),* }

        /// A figure's computed data.
        #[derive(Debug, Clone, Serialize)]
        #[serde(untagged)]
        pub enum FigureData { $($variant($module::Data)),* }

        /// The kind names, as written in `figures.yaml`.
        pub const KINDS: &[&str] = &[$($name),*];

        impl FigureSpec {
            /// Reads the parameter block of the kind named `kind`.
            pub fn deserialize_kind<'de, D: Deserializer<'de>>(
                kind: &str,
                d: D,
            ) -> Result<Self, D::Error> {
                match kind {
                    $($name => $module::Params::deserialize(d).map(FigureSpec::$variant),)*
                    other => Err(serde::de::Error::custom(format!("unknown figure kind `{other}`"))),
                }
            }

            /// The kind's name.
            pub fn kind(&self) -> &'static str {
                match self { $(FigureSpec::$variant(_) => $name,)* }
            }

            /// Computes the figure's data; an error stops the build.
            pub fn compute(&self) -> Result<FigureData, String> {
                match self { $(FigureSpec::$variant(p) => $module::compute(p).map(FigureData::$variant),)* }
            }
        }

        impl FigureData {
            /// Draws the figure as SVG.
            pub fn render(&self, meta: &RenderMeta) -> String {
                match self { $(FigureData::$variant(d) => $module::render(d, meta),)* }
            }

            /// The search range and certificate in one sentence, printed on
            /// the figure and under it.
            pub fn range_note(&self) -> String {
                match self { $(FigureData::$variant(d) => d.range_note(),)* }
            }
        }
    };
}

figure_kinds! {
    "strip" => Strip(strip),
    "option-reach" => OptionReach(option_reach),
    "state-bound" => StateBound(state_bound),
    "coalition-table" => CoalitionTable(coalition_table),
    "coalition-lengths" => CoalitionLengths(coalition_lengths),
    "coalition-sweep" => CoalitionSweep(coalition_sweep),
    "coalition-summary" => CoalitionSummary(coalition_summary),
}
