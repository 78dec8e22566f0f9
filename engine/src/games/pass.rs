//! The subtraction game with a single pass, for any finite subtraction set.
//!
//! One pass exists for the whole game (not one per player). Either player may spend it; it leaves
//! the heap unchanged and is illegal at a terminal position, i.e. below the smallest take. Two
//! sequences describe the game (Sprague–Grundy, normal play):
//!
//! - `g(n)`, the ordinary subtraction game, which is also the value once the pass is spent:
//!   `g(n) = mex { g(n − t) : t a take, t ≤ n }`;
//! - `h(n)`, the value while the pass is still available: `h(n) = 0` below the smallest take, and
//!   otherwise `h(n) = mex ({ h(n − t) : t a take, t ≤ n } ∪ { g(n) })`, the extra option `g(n)`
//!   being the pass itself.
//!
//! Because `h(n)` reads `g(n)`, the sequence `h` alone is not a recursion of bounded memory; the
//! pair `(g(n), h(n))` is. Periods are therefore searched and certified on the paired sequence.
//! The two-take classification of these sequences is R. M. Low's (seed
//! `002_625bde5f81a5641f.txt`); its closed forms live in `pass_classification`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::subtraction::{SubtractionSet, TakesError};
use crate::sequence::{self, Analysis, Certificate, CertificateRule, Value, certify_window, mex};

/// The rules: a finite subtraction set plus one pass shared by both players.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PassGame {
    set: SubtractionSet,
}

/// The first `len()` values of both sequences, heap 0 first.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PassValues {
    /// `g(n)`: the ordinary game, or the pass already spent.
    pub ordinary: Vec<Value>,
    /// `h(n)`: the pass still available.
    pub pass_available: Vec<Value>,
}

impl PassValues {
    /// How many heaps were computed.
    pub fn len(&self) -> usize {
        self.ordinary.len()
    }

    /// Whether no heap was computed.
    pub fn is_empty(&self) -> bool {
        self.ordinary.is_empty()
    }

    /// The state sequence `(g(n), h(n))` on which periods are searched.
    pub fn pairs(&self) -> Vec<(Value, Value)> {
        self.ordinary
            .iter()
            .copied()
            .zip(self.pass_available.iter().copied())
            .collect()
    }
}

/// The values, and the pair's period as found by search with its certificate.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PassAnalysis {
    pub values: PassValues,
    /// Search, certificate and corroboration, all on the pair `(g, h)`.
    pub analysis: Analysis,
}

impl PassGame {
    /// The pass game on a subtraction set.
    pub fn new(set: SubtractionSet) -> Self {
        PassGame { set }
    }

    /// The pass game on takes in any order, rejecting an empty list, a 0 and repeats.
    pub fn from_takes(takes: &[usize]) -> Result<Self, TakesError> {
        SubtractionSet::new(takes.iter().copied()).map(PassGame::new)
    }

    /// Parses the take list of a `pass:` rule, e.g. `1,3,4`.
    pub fn parse(list: &str) -> Result<Self, TakesError> {
        SubtractionSet::parse(list).map(PassGame::new)
    }

    /// The underlying subtraction set, whose values are `g`.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The takes, ascending.
    pub fn takes(&self) -> &[usize] {
        self.set.takes()
    }

    /// Below this heap no move, and hence no pass, is legal.
    pub fn smallest_take(&self) -> usize {
        self.takes()[0]
    }

    /// How far back a value reaches: the length `m` of the certificate window.
    pub fn largest_take(&self) -> usize {
        self.set.largest()
    }

    /// `m` consecutive agreeing pairs `(g, h)(k) = (g, h)(k + p)` prove a period of the pair.
    pub fn certificate_rule(&self) -> CertificateRule {
        CertificateRule::Window {
            length: self.largest_take(),
        }
    }

    /// `g` and `h` for heaps `0 .. count`: `g` by the subtraction set's own recursion, `h` by the
    /// mex over the takes' `h` values and the pass option `g(n)`.
    pub fn values(&self, count: usize) -> PassValues {
        let ordinary = self.set.values(count);
        let mut pass_available: Vec<Value> = Vec::with_capacity(count);
        for heap in 0..count {
            let h = if heap < self.smallest_take() {
                0
            } else {
                let by_take = self
                    .takes()
                    .iter()
                    .take_while(|&&take| take <= heap)
                    .map(|&take| pass_available[heap - take]);
                mex(by_take.chain([ordinary[heap]]))
            };
            pass_available.push(h);
        }
        PassValues {
            ordinary,
            pass_available,
        }
    }

    /// Computes `count` heaps, searches the pair's period and certifies it when one is found.
    ///
    /// The window is the `m` pairs `(g, h)(k) = (g, h)(k + p)` for `k = s … s + m − 1`, `m` the
    /// largest take. Why that proves `(g, h)(n + p) = (g, h)(n)` for every `n ≥ s`: by induction on
    /// `n`. For `n ≥ s + m` every take is legal at both `n` and `n + p` (as is the pass, since
    /// `n ≥ m` ≥ the smallest take), and every option `n − t` lies in `[n − m, n − 1] ⊆ [s, n)`,
    /// where the claim already holds. So `g(n + p)` is the mex of the same values as `g(n)`; then
    /// `h(n + p)` is the mex of the same `h` values together with `g(n + p) = g(n)`, which is
    /// `h(n)`. The pair, not `h` alone, must agree, because `h(n)` reads `g(n)`: equal `h`
    /// windows over unequal `g` windows prove nothing (a test shows a false period they would pass).
    /// The check itself is the generic window check of [`crate::sequence`], run on the pairs.
    ///
    /// A certified `(s, p)` is the least preperiod and least period of the infinite pair sequence,
    /// not merely of the data: the certificate makes `p` a true period from `s`, so the true least
    /// `(s*, p*)` has `s* ≤ s` and `p* | p`; it spans at least `min_repeats` periods of the data,
    /// so the search, which prefers the earliest start and then the smallest period, returns it.
    pub fn analyse(&self, count: usize, min_repeats: usize) -> PassAnalysis {
        let values = self.values(count);
        let analysis = sequence::analyse(&values.pairs(), min_repeats, self.certificate_rule());
        PassAnalysis { values, analysis }
    }

    /// Checks the certificate window of a claimed period `p` from `s` of the pair `(g, h)`; a
    /// failure names the first heap where either sequence disagrees.
    pub fn certify_pair_window(
        &self,
        values: &PassValues,
        start: usize,
        period: usize,
    ) -> Certificate {
        certify_window(&values.pairs(), start, period, self.largest_take())
    }
}

impl fmt::Display for PassGame {
    /// The take list, as for the subtraction set (the rule adds its `pass:` prefix).
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::CertificateStatus;

    #[test]
    fn bad_take_sets_are_refused_by_the_subtraction_set() {
        assert_eq!(PassGame::from_takes(&[]), Err(TakesError::Empty));
        assert_eq!(PassGame::parse("0,2"), Err(TakesError::Zero));
        assert_eq!(PassGame::parse("1,3,3"), Err(TakesError::Repeated(3)));
        assert_eq!(PassGame::parse("4,1").unwrap().to_string(), "1,4");
    }

    #[test]
    fn small_pair_by_hand() {
        // {1, 2}: g = 0 1 2 0 1 2 …; h(0) = 0, h(1) = mex{h0, g1} = mex{0, 1} = 2,
        // h(2) = mex{h1, h0, g2} = mex{2, 0, 2} = 1, h(3) = mex{h2, h1, g3} = mex{1, 2, 0} = 3,
        // h(4) = mex{3, 1, 1} = 0, h(5) = mex{0, 3, 2} = 1.
        let values = PassGame::parse("1,2").unwrap().values(6);
        assert_eq!(values.ordinary, vec![0, 1, 2, 0, 1, 2]);
        assert_eq!(values.pass_available, vec![0, 2, 1, 3, 0, 1]);
    }

    #[test]
    fn the_pass_is_illegal_below_the_smallest_take() {
        // h(3) = mex{h(0), g(3)} = mex{0, 1} = 2: the pass is an option from heap 3 on.
        let values = PassGame::parse("3,5").unwrap().values(4);
        assert_eq!(values.pass_available, vec![0, 0, 0, 2]);
    }

    #[test]
    fn pair_period_is_found_and_certified() {
        let game = PassGame::parse("1,2").unwrap();
        let result = game.analyse(300, 3);
        // Low: q = 2, r = 0 gives N = (q + 2)x = 4 and period x + y = 3.
        assert_eq!(result.analysis.period.found(), Some((4, 3)));
        assert!(result.analysis.is_certified() && result.analysis.corroborated);
        let certificate = result.analysis.certificate.unwrap();
        assert_eq!((certificate.kind, certificate.length), ("window", 2));
        assert_eq!(
            game.certificate_rule(),
            CertificateRule::Window { length: 2 }
        );
    }

    #[test]
    fn a_wrong_period_fails_its_certificate() {
        let game = PassGame::parse("2,7").unwrap();
        let values = game.values(400);
        assert!(!game.certify_pair_window(&values, 0, 9).holds);
        assert!(!game.certify_pair_window(&values, 11, 8).holds);
        let short = game.certify_pair_window(&game.values(20), 11, 9);
        assert_eq!(
            short.status,
            CertificateStatus::NeedsMoreValues { needed: 27 }
        );
    }

    #[test]
    fn an_h_only_window_is_not_enough() {
        // {1, 4, 5}: from heap 8, h repeats with shift 3 over the whole 5-heap window while g does
        // not, and h itself is not periodic with 3 from 8. The pair certificate refuses it.
        let game = PassGame::parse("1,4,5").unwrap();
        let values = game.values(200);
        let h = &values.pass_available;
        assert!((8..13).all(|k| h[k] == h[k + 3]));
        assert!((8..197).any(|k| h[k] != h[k + 3]));
        let certificate = game.certify_pair_window(&values, 8, 3);
        assert!(matches!(
            certificate.status,
            CertificateStatus::Fails { .. }
        ));
    }
}
