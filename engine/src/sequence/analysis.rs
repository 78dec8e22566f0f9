//! One game's sequence examined: its period as found by search, the
//! certificate for that period, and the corroboration at every value computed.

use serde::{Deserialize, Serialize};

use super::certificate::{Certificate, CertificateRule, CertificateStatus, certify};
use super::period::{Period, find_period, holds_throughout};

/// What the search and the certificate say about a computed sequence.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Analysis {
    /// How many values were computed and searched (heaps `0 .. computed`).
    pub computed: usize,
    /// How many full periods the search asked the repetition to cover.
    pub min_repeats: usize,
    /// The earliest start, and the smallest period there, or "not found".
    pub period: Period,
    /// The certificate for the found period, when the rule has one.
    pub certificate: Option<Certificate>,
    /// Whether the found period holds at every value computed.
    pub corroborated: bool,
}

/// What can be said about a sequence's period after the search and the
/// certificate: the words every figure prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PeriodStatus {
    /// Found by search, and the certificate's window agrees: a proof.
    Certified,
    /// Found by search, but not proven: the window reaches past the values
    /// computed, or the rule has no finite window.
    Observed,
    /// Found by search, and a pair in the window disagrees: an error.
    Refuted,
    /// No period in the values computed.
    NotFound,
}

impl Analysis {
    /// True when a period was found and its certificate holds: a proof.
    pub fn is_certified(&self) -> bool {
        self.certificate.is_some_and(|c| c.holds)
    }

    /// Certified, observed, refuted or not found.
    pub fn status(&self) -> PeriodStatus {
        match (self.period.found(), self.certificate.map(|c| c.status)) {
            (None, _) => PeriodStatus::NotFound,
            (Some(_), Some(CertificateStatus::Holds)) => PeriodStatus::Certified,
            (Some(_), Some(CertificateStatus::Fails { .. })) => PeriodStatus::Refuted,
            (Some(_), Some(CertificateStatus::NeedsMoreValues { .. }) | None) => {
                PeriodStatus::Observed
            }
        }
    }
}

/// Searches `values` for a period and certifies it by `rule`.
///
/// A value is whatever a heap's state is: one Grundy value, or a tuple of
/// them when a rule's state is more than one value (a game with a pass
/// carries the pair of the pass-spent and pass-available values), in which
/// case the period is that of the whole state.
pub fn analyse<T: PartialEq>(values: &[T], min_repeats: usize, rule: CertificateRule) -> Analysis {
    let period = find_period(values, min_repeats);
    let (certificate, corroborated) = match period.found() {
        Some((start, p)) => (
            certify(rule, values, start, p),
            holds_throughout(values, start, p),
        ),
        None => (None, false),
    };
    Analysis {
        computed: values.len(),
        min_repeats,
        period,
        certificate,
        corroborated,
    }
}

/// The fewest repeats a search may ask when a certificate is to judge it.
pub const CERTIFIED_MIN_REPEATS: usize = 2;

/// [`analyse`], and when that finds no certified period, the search again
/// asking only [`CERTIFIED_MIN_REPEATS`] repeats, kept only if its
/// certificate holds. The window, not the count of repeats, is the proof,
/// and a long preperiod may leave room for just two repeats (·16's period
/// 149,459 from heap 105,351 is proven by 509,621 values but repeats three
/// times only in 553,728).
pub fn analyse_certified<T: PartialEq>(
    values: &[T],
    min_repeats: usize,
    rule: CertificateRule,
) -> Analysis {
    let first = analyse(values, min_repeats, rule);
    if first.is_certified() || min_repeats <= CERTIFIED_MIN_REPEATS {
        return first;
    }
    let second = analyse(values, CERTIFIED_MIN_REPEATS, rule);
    if second.is_certified() { second } else { first }
}
