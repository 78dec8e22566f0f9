//! Figure kinds: one file each, with its `Params` (the block under the
//! kind's key in `figures.yaml`), its `Data` (written to
//! `output/data/<id>.json`), `compute()` and `render()`.
//!
//! Adding a kind: write its file, add one line to the `figure_kinds!` list
//! below, and add a fixture entry; the compiler finds every other place
//! (its `Params` must implement [`bounds::CheckParams`], checked when the
//! manifest is read, so a bad parameter is a located error).

pub mod atlas;
pub mod board_agreement;
pub mod board_heaps;
pub mod bounds;
pub mod cache;
pub mod certificate_lengths;
pub mod coalition_lengths;
pub mod coalition_summary;
pub mod coalition_sweep;
pub mod coalition_table;
pub mod code_as_nim;
pub mod code_sweep;
pub mod computed;
pub mod dawson_board;
pub mod dawson_winning_move;
pub mod entry;
#[cfg(test)]
mod fingerprint;
pub mod million_heap;
pub mod misere_census;
pub mod misere_census_record;
pub mod misere_outcomes;
pub mod misere_quotient;
pub mod octal_frontier;
pub mod octal_settled;
pub mod option_reach;
pub mod pair_census;
pub mod parts;
pub mod pass_cases;
pub mod pass_check;
pub mod pass_max;
pub mod pass_table;
pub mod period_window;
pub mod saltus;
pub mod saltus_census;
pub mod same_sequence;
pub mod shifted_pair;
pub mod solved_octal;
pub mod split_share;
pub mod state_bound;
pub mod strip;
pub mod sum_family;
pub mod third_take_map;
pub mod triple_census;
pub mod two_takes_strip;
pub mod unsolved_octal;
pub mod value_growth;
pub mod value_spread;

use serde::{Deserialize, Deserializer, Serialize};

use bounds::CheckParams;

use crate::table::Drawing;

pub use computed::{Computed, compute_all};
pub use entry::{Figure, Id};

pub use ladder_draw::RenderMeta;

include!(concat!(env!("OUT_DIR"), "/fingerprints.rs"));

/// The fingerprint of the code figure module `module`'s computation reads
/// (`build.rs`); 0 for a name that is no figure module.
pub fn fingerprint(module: &str) -> u64 {
    FINGERPRINTS
        .iter()
        .find(|(name, _)| *name == module)
        .map_or(0, |&(_, hash)| hash)
}

/// A kind's `compute`: with its parts' store when it is made of parts.
macro_rules! compute_kind {
    ($module:ident, $params:ident, $store:ident) => {
        $module::compute($params)
    };
    ($module:ident, $params:ident, $store:ident, parts) => {
        $module::compute(
            $params,
            match $store {
                Some(store) => parts::Parts::new(store, stringify!($module)),
                None => parts::Parts::none(),
            },
        )
    };
}

macro_rules! figure_kinds {
    ($($name:literal => $variant:ident($module:ident) $($parts:ident)?),* $(,)?) => {
        /// A figure's kind and parameters.
        #[derive(Debug, Clone)]
        pub enum FigureSpec { $($variant($module::Params)),* }

        /// A figure's computed data.
        #[derive(Debug, Clone, Deserialize, Serialize)]
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
                    $($name => {
                        let params = $module::Params::deserialize(d)?;
                        CheckParams::check(&params)
                            .map_err(|e| serde::de::Error::custom(format!("{kind}: {e}")))?;
                        Ok(FigureSpec::$variant(params))
                    })*
                    other => Err(serde::de::Error::custom(format!("unknown figure kind `{other}`"))),
                }
            }

            /// The kind's name.
            pub fn kind(&self) -> &'static str {
                match self { $(FigureSpec::$variant(_) => $name,)* }
            }

            /// The name of the kind's module (`solved_octal`), which names
            /// its code's fingerprint.
            pub fn module(&self) -> &'static str {
                match self { $(FigureSpec::$variant(_) => stringify!($module),)* }
            }

            /// Computes the figure's data; an error stops the build. The
            /// parameters are checked first (the manifest has checked them
            /// already; a caller of the library may not have).
            pub fn compute(&self) -> Result<FigureData, String> {
                self.compute_with(None)
            }

            /// [`FigureSpec::compute`], keeping the parts of a kind made of
            /// independent parts in `store`.
            pub fn compute_with(
                &self,
                store: Option<&dyn parts::PartStore>,
            ) -> Result<FigureData, String> {
                match self { $(FigureSpec::$variant(p) => {
                    CheckParams::check(p)?;
                    compute_kind!($module, p, store $(, $parts)?).map(FigureData::$variant)
                })* }
            }

            /// The data as [`FigureData`] serialises it, read back (from the
            /// cache) as this kind's.
            pub fn data_from_json(&self, json: serde_json::Value) -> Result<FigureData, String> {
                match self { $(FigureSpec::$variant(_) => {
                    $module::Data::deserialize(json)
                        .map(FigureData::$variant)
                        .map_err(|e| e.to_string())
                })* }
            }
        }

        impl FigureData {
            /// Draws the figure: an SVG, tables, or both.
            pub fn render(&self, meta: &RenderMeta) -> Drawing {
                match self { $(FigureData::$variant(d) => $module::render(d, meta).into(),)* }
            }

            /// The search range and certificate in one sentence, printed in
            /// the caption and kept in the SVG's description.
            pub fn range_note(&self) -> String {
                match self { $(FigureData::$variant(d) => d.range_note(),)* }
            }
        }
    };
}

/// The search range and certificate of a figure's data in one sentence,
/// for the data types the engine defines (a census, a sum of heaps), which
/// the site cannot give methods of their own.
pub trait RangeNote {
    fn range_note(&self) -> String;
}

impl FigureSpec {
    /// What the figure reads from committed records instead of computing:
    /// one line each (`octal:·1777, 443,139,469 values`). `solved-octal` and
    /// `unsolved-octal` have records.
    pub fn records(&self) -> Vec<String> {
        match self {
            FigureSpec::SolvedOctal(params) => solved_octal::records(params),
            FigureSpec::UnsolvedOctal(params) => unsolved_octal::records(params),
            FigureSpec::MisereCensusRecord(params) => misere_census_record::records(params),
            FigureSpec::Atlas(params) => atlas::records(params),
            _ => Vec::new(),
        }
    }

    /// Those records computed again (`ladder check --deep`): a line for
    /// each number that differs, none when every record is borne out.
    pub fn deep_check(&self) -> Vec<String> {
        match self {
            FigureSpec::SolvedOctal(params) => solved_octal::deep_check(params),
            FigureSpec::UnsolvedOctal(params) => unsolved_octal::deep_check(params),
            FigureSpec::MisereCensusRecord(params) => misere_census_record::deep_check(params),
            FigureSpec::Atlas(params) => atlas::deep_check(params),
            _ => Vec::new(),
        }
    }
}

figure_kinds! {
    "strip" => Strip(strip),
    "option-reach" => OptionReach(option_reach),
    "state-bound" => StateBound(state_bound),
    "certificate-lengths" => CertificateLengths(certificate_lengths),
    "saltus" => Saltus(saltus),
    "saltus-census" => SaltusCensus(saltus_census) parts,
    "two-takes-strip" => TwoTakesStrip(two_takes_strip),
    "pair-census" => PairCensus(pair_census),
    "triple-census" => TripleCensus(triple_census),
    "third-take-map" => ThirdTakeMap(third_take_map),
    "sum-family" => SumFamily(sum_family),
    "million-heap" => MillionHeap(million_heap),
    "pass-cases" => PassCases(pass_cases),
    "pass-table" => PassTable(pass_table),
    "pass-check" => PassCheck(pass_check),
    "pass-max" => PassMax(pass_max),
    "code-as-nim" => CodeAsNim(code_as_nim),
    "period-window" => PeriodWindow(period_window),
    "shifted-pair" => ShiftedPair(shifted_pair),
    "same-sequence" => SameSequence(same_sequence),
    "value-growth" => ValueGrowth(value_growth),
    "value-spread" => ValueSpread(value_spread),
    "code-sweep" => CodeSweep(code_sweep),
    "split-share" => SplitShare(split_share),
    "solved-octal" => SolvedOctal(solved_octal) parts,
    "unsolved-octal" => UnsolvedOctal(unsolved_octal),
    "octal-settled" => OctalSettled(octal_settled),
    "octal-frontier" => OctalFrontier(octal_frontier) parts,
    "coalition-table" => CoalitionTable(coalition_table),
    "coalition-lengths" => CoalitionLengths(coalition_lengths),
    "coalition-sweep" => CoalitionSweep(coalition_sweep),
    "coalition-summary" => CoalitionSummary(coalition_summary),
    "board-heaps" => BoardHeaps(board_heaps),
    "dawson-board" => DawsonBoard(dawson_board),
    "board-agreement" => BoardAgreement(board_agreement),
    "dawson-winning-move" => DawsonWinningMove(dawson_winning_move),
    "misere-outcomes" => MisereOutcomes(misere_outcomes),
    "misere-quotient" => MisereQuotient(misere_quotient),
    "misere-census" => MisereCensus(misere_census),
    "misere-census-record" => MisereCensusRecord(misere_census_record),
    "atlas" => Atlas(atlas),
}
