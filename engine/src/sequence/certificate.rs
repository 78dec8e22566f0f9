//! Certificates: finite checks that make a found period a proof.
//!
//! A rule says how far back a value looks, and so how many consecutive pairs
//! `g(k) = g(k + p)` must be checked before an induction carries the period
//! for ever. For a subtraction game whose largest take is `m`, the value at
//! `n` is the mex of the `m` values below it, so `m` pairs starting at the
//! preperiod suffice (see seed 004, "the window, and why its length is the
//! largest move"). Other rules supply their own window through
//! [`CertificateRule`]: a fixed length, or a [`ScaledWindow`] whose end
//! moves with the preperiod and the period (the Guy–Smith theorem for games
//! that split a heap asks for `2·n0 + p + t`). This module checks windows
//! and knows no game; each rule chooses its window's parameters. The values
//! compared may be single values or whole states (tuples), whatever the
//! rule's recursion reads.

use serde::{Deserialize, Serialize};

/// How a rule turns a period into a proof: the number of pairs to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CertificateRule {
    /// Check `length` consecutive pairs from the start of the period: the
    /// rule's value at `n` reads only the `length` values below `n`.
    Window { length: usize },
    /// Check the pairs from the start of the period up to an end that
    /// depends on the start and the period: see [`ScaledWindow`].
    Scaled(ScaledWindow),
    /// No finite window: the rule reads every value below `n` (Nim, say).
    None,
}

/// The window of pairs `g(n) = g(n + p)`, `s ≤ n < end`, for a rule whose
/// moves take at most `reach` counters and leave at most `heaps` parts
/// (`K`): from `s ≥ 1`,
/// `end = K·(s − 1) + (K − 1)·p + reach + 1`; from `s = 0`, the window of
/// `s = 1` reaching down to heap 0, less `from_zero_saving` pairs; never
/// less than `s + 1`. The proof that this window suffices is Theorem P of
/// `content/proofs.md` (for `K = 2` it is Guy and Smith's theorem, one
/// pair shorter than its usual statement).
///
/// Heap 0 is handled as the start `s = 1` plus the pair at 0 itself,
/// because an induction started at heap 0 meets empty parts where one
/// period later it meets heaps. A rule that can prove more from heap 0 says
/// so in `from_zero_saving` (a subtraction-like code whose last take ends
/// and leaves alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScaledWindow {
    /// The argument's name, printed as the certificate's `kind`.
    pub argument: &'static str,
    /// `K`: the most parts one move leaves (taken as at least 1).
    pub heaps: usize,
    /// `t`: the largest take.
    pub reach: usize,
    /// Pairs the rule saves when the start is 0.
    pub from_zero_saving: usize,
}

impl ScaledWindow {
    /// One past the last heap of the window for `(start, period)`.
    ///
    /// The end saturates at `usize::MAX`: a window that far reaches past any
    /// values that could be computed, so it can only ask for more values,
    /// never wrap round to a short window that would pass.
    pub fn end(&self, start: usize, period: usize) -> usize {
        let heaps = self.heaps.max(1);
        let end = (|| {
            let from_start = heaps.checked_mul(start.max(1) - 1)?;
            let from_period = (heaps - 1).checked_mul(period)?;
            let end = from_start
                .checked_add(from_period)?
                .checked_add(self.reach)?
                .checked_add(1)?;
            Some(if start == 0 {
                end.saturating_sub(self.from_zero_saving)
            } else {
                end
            })
        })();
        end.unwrap_or(usize::MAX).max(start.saturating_add(1))
    }
}

/// Whether the certificate's pairs all agree, or where one does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum CertificateStatus {
    /// Every pair agrees: the period holds for every heap.
    Holds,
    /// The pair at heap `heap` disagrees: `g(heap) != g(heap + period)`.
    Fails { heap: usize },
    /// The window reaches past the values computed.
    NeedsMoreValues { needed: usize },
}

/// A checked window: which pairs were compared and what came of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Certificate {
    /// The kind of argument behind the window.
    #[serde(deserialize_with = "crate::interned::name")]
    pub kind: crate::interned::Name,
    /// The first heap of the window (the preperiod).
    pub start: usize,
    /// How many pairs `g(k) = g(k + period)` the window holds.
    pub length: usize,
    /// The period being certified.
    pub period: usize,
    /// How many values the check needs: `start + length + period`
    /// (`usize::MAX` when that sum does not fit: more than can be computed).
    pub values_needed: usize,
    /// True exactly when the status is `Holds`.
    pub holds: bool,
    /// The outcome, with the failing heap or the values needed.
    #[serde(flatten)]
    pub status: CertificateStatus,
}

/// Checks the window `k = start .. start + length` of pairs
/// `values[k] == values[k + period]`.
///
/// The arithmetic is checked: a window whose end does not fit in a `usize`
/// (a take near 2^64, say) needs more values than exist, so it is
/// `NeedsMoreValues`, never a wrapped-round short window that holds.
pub fn certify_window<T: PartialEq>(
    values: &[T],
    start: usize,
    period: usize,
    length: usize,
) -> Certificate {
    let values_needed = start
        .checked_add(length)
        .and_then(|end| end.checked_add(period))
        .unwrap_or(usize::MAX);
    let status = if period == 0 {
        CertificateStatus::Fails { heap: start }
    } else if values_needed > values.len() {
        CertificateStatus::NeedsMoreValues {
            needed: values_needed,
        }
    } else {
        (start..start + length)
            .find(|&k| values[k] != values[k + period])
            .map_or(CertificateStatus::Holds, |heap| CertificateStatus::Fails {
                heap,
            })
    };
    Certificate {
        kind: "window",
        start,
        length,
        period,
        values_needed,
        holds: status == CertificateStatus::Holds,
        status,
    }
}

/// Certifies `(start, period)` by the rule's own argument, if it has one.
pub fn certify<T: PartialEq>(
    rule: CertificateRule,
    values: &[T],
    start: usize,
    period: usize,
) -> Option<Certificate> {
    match rule {
        CertificateRule::Window { length } => Some(certify_window(values, start, period, length)),
        CertificateRule::Scaled(window) => {
            let length = window.end(start, period).saturating_sub(start);
            let mut certificate = certify_window(values, start, period, length);
            certificate.kind = window.argument;
            Some(certificate)
        }
        CertificateRule::None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Value;

    const SUB_1_3_4: [Value; 14] = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];

    #[test]
    fn four_pairs_certify_period_seven() {
        let c = certify_window(&SUB_1_3_4, 0, 7, 4);
        assert!(c.holds);
        assert_eq!(c.values_needed, 11);
    }

    #[test]
    fn a_wrong_period_fails_at_the_first_bad_pair() {
        let c = certify_window(&SUB_1_3_4, 0, 6, 4);
        assert_eq!(c.status, CertificateStatus::Fails { heap: 0 });
        let c = certify_window(&SUB_1_3_4, 0, 2, 4);
        assert_eq!(c.status, CertificateStatus::Fails { heap: 2 });
        assert!(!c.holds);
    }

    const DOUBLING: ScaledWindow = ScaledWindow {
        argument: "doubling",
        heaps: 2,
        reach: 3,
        from_zero_saving: 0,
    };

    #[test]
    fn a_scaled_window_ends_by_its_formula() {
        // K(s − 1) + (K − 1)p + t + 1: ·137's 2·51 + 34 + 4.
        assert_eq!(DOUBLING.end(52, 34), 2 * 52 + 34 + 3 - 1);
        assert_eq!(DOUBLING.end(1, 7), 7 + 3 + 1);
        assert_eq!(
            DOUBLING.end(0, 7),
            7 + 3 + 1,
            "heap 0 joins the window of 1"
        );
        let three = ScaledWindow {
            heaps: 3,
            reach: 1,
            ..DOUBLING
        };
        assert_eq!(three.end(4, 3), 3 * 3 + 2 * 3 + 1 + 1);
        let one = ScaledWindow {
            heaps: 0,
            reach: 0,
            from_zero_saving: 1,
            ..DOUBLING
        };
        assert_eq!(one.end(5, 1), 6, "at least one pair");
        assert_eq!(one.end(0, 1), 1);
        let huge = ScaledWindow {
            reach: usize::MAX - 1,
            ..DOUBLING
        };
        assert_eq!(huge.end(3, 1), usize::MAX, "an end past usize saturates");
    }

    #[test]
    fn a_scaled_certificate_names_its_argument_and_counts_its_pairs() {
        let values: Vec<Value> = SUB_1_3_4.iter().cycle().take(40).copied().collect();
        let c = certify(CertificateRule::Scaled(DOUBLING), &values, 0, 7).unwrap();
        assert_eq!((c.kind, c.length, c.values_needed), ("doubling", 11, 18));
        assert!(c.holds);
        let c = certify(CertificateRule::Scaled(DOUBLING), &values[..17], 0, 7).unwrap();
        assert_eq!(c.status, CertificateStatus::NeedsMoreValues { needed: 18 });
    }

    #[test]
    fn a_window_over_states_compares_whole_tuples() {
        // The first components repeat with period 2; the second do not, so the state does not.
        let states = [(0, 5), (1, 5), (0, 5), (1, 6), (0, 5), (1, 5)];
        let firsts: Vec<Value> = states.iter().map(|s| s.0).collect();
        assert!(certify_window(&firsts, 0, 2, 2).holds);
        let c = certify_window(&states, 0, 2, 2);
        assert_eq!(c.status, CertificateStatus::Fails { heap: 1 });
    }

    #[test]
    fn a_window_whose_end_overflows_never_holds() {
        // A take of 2^64 − 1 is a window of that many pairs: it cannot be
        // checked, and must not wrap round to an empty window that passes.
        let values: Vec<Value> = SUB_1_3_4.iter().cycle().take(2000).copied().collect();
        let c = certify_window(&values, 8, 3, usize::MAX);
        assert!(!c.holds, "{c:?}");
        assert_eq!(
            c.status,
            CertificateStatus::NeedsMoreValues { needed: usize::MAX }
        );
        let huge = ScaledWindow {
            heaps: usize::MAX,
            ..DOUBLING
        };
        assert_eq!(huge.end(3, 7), usize::MAX);
        let c = certify(CertificateRule::Scaled(huge), &values, 3, 7).unwrap();
        assert!(!c.holds, "{c:?}");
        assert_eq!(
            certify_window(&values, usize::MAX, 7, 1).values_needed,
            usize::MAX
        );
    }

    #[test]
    fn a_window_past_the_data_asks_for_more_values() {
        let c = certify_window(&SUB_1_3_4[..10], 0, 7, 4);
        assert_eq!(c.status, CertificateStatus::NeedsMoreValues { needed: 11 });
    }
}
