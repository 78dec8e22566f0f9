//! When a pretending function computed to a bound is the whole game's.
//!
//! We apply Theorem M, proved on the proofs page (`content/proofs.md`,
//! "Theorem M"): for an octal code (moves leave at most two heaps) whose
//! largest take is `t`, let Φ be the pretending function of the heaps
//! `0..=n` into a quotient that predicts every sum of those heaps (as
//! [`super::verify`] proves of every quotient the engine reports). If
//! `Φ(h + p) = Φ(h)` for every `h` with `n₀ ≤ h` and `h + p ≤ n`, and
//! `n ≥ 2·max(n₀, 1) + 2p + t − 2`, then heap `h + p` plays like heap `h`
//! in every sum of any heaps for every `h ≥ n₀`, and the quotient of the
//! heaps `0..=n` is the whole game's.
//!
//! It is the periodicity theorem for misère quotients (T. E. Plambeck and
//! A. N. Siegel, *Misère quotients for impartial games*, J. Combin. Theory
//! Ser. A, 2008) with the bound our proof gives; A. N. Siegel's
//! MisereSolver stops at `2n₀ + 2p + t + 2`, four heaps later
//! ([`miseresolver_heaps`], printed beside ours for comparison).

/// A period of the pretending function that the theorem proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The first heap of the periodic part.
    pub preperiod: usize,
    pub period: usize,
}

/// The heaps Theorem M needs computed (the largest heap `n` of its
/// condition) to prove `period` for a code whose largest take is
/// `largest_take`; `None` past `usize`.
pub fn heaps_needed(period: Period, largest_take: usize) -> Option<usize> {
    // The proof's steps need a part of at least one counter one period
    // back, so a period from heap 0 is proven as a period from heap 1
    // (heap 0 then follows: an equivalence in Q_n is one in every later
    // quotient, step 4 of the proof).
    let from = period.preperiod.max(1);
    from.checked_mul(2)?
        .checked_add(period.period.checked_mul(2)?)?
        .checked_add(largest_take)?
        .checked_sub(2)
}

/// MisereSolver's stopping rule for the same period, `2n₀ + 2p + t + 2`
/// heaps: for comparison only, never as a proof.
pub fn miseresolver_heaps(period: Period, largest_take: usize) -> Option<usize> {
    period
        .preperiod
        .checked_mul(2)?
        .checked_add(period.period.checked_mul(2)?)?
        .checked_add(largest_take)?
        .checked_add(2)
}

/// The least period (with its least preperiod) that Theorem M proves for
/// `pretending` (heaps from 0), if any.
pub fn proved_period(pretending: &[u32], largest_take: usize) -> Option<Period> {
    let n = pretending.len().checked_sub(1)?;
    for period in 1..=n {
        let mut preperiod = n - period + 1;
        while preperiod > 0 && pretending[preperiod - 1] == pretending[preperiod - 1 + period] {
            preperiod -= 1;
        }
        let found = Period { preperiod, period };
        if heaps_needed(found, largest_take).is_some_and(|needed| needed <= n) {
            return Some(found);
        }
    }
    None
}

/// Φ of any heap from a proved period.
pub fn extended(pretending: &[u32], period: Period, heap: usize) -> u32 {
    if heap < pretending.len() {
        return pretending[heap];
    }
    let offset = (heap - period.preperiod) % period.period;
    pretending[period.preperiod + offset]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_accepted_from_exactly_the_heaps_theorem_m_needs() {
        // Period 2 from heap 3, largest take 2: Theorem M needs heap
        // 2·3 + 2·2 + 2 − 2 = 10; MisereSolver's rule, heap 14.
        let from_three = Period {
            preperiod: 3,
            period: 2,
        };
        assert_eq!(heaps_needed(from_three, 2), Some(10));
        assert_eq!(miseresolver_heaps(from_three, 2), Some(14));
        let mut phi: Vec<u32> = vec![0, 1, 2, 3];
        while phi.len() < 10 {
            phi.push(if phi.len().is_multiple_of(2) { 4 } else { 3 });
        }
        assert_eq!(proved_period(&phi, 2), None, "heaps 0..=9: one short");
        phi.push(4);
        assert_eq!(proved_period(&phi, 2), Some(from_three));
        assert_eq!(extended(&phi, from_three, 1001), 3);
        // A break in the pattern near the end is no period.
        let mut broken = phi.clone();
        *broken.last_mut().unwrap() = 9;
        assert_eq!(proved_period(&broken, 2), None);
        assert_eq!(proved_period(&[], 2), None);
    }

    #[test]
    fn a_period_from_heap_0_is_proved_as_one_from_heap_1() {
        // Φ constant from heap 0, largest take 3: from heap 1 the bound is
        // 2 + 2 + 3 − 2 = 5, not 0 + 2 + 3 − 2 = 3.
        let from_zero = Period {
            preperiod: 0,
            period: 1,
        };
        assert_eq!(heaps_needed(from_zero, 3), Some(5));
        assert_eq!(proved_period(&[0; 5], 3), None);
        assert_eq!(proved_period(&[0; 6], 3), Some(from_zero));
    }

    #[test]
    fn bounds_past_usize_are_none() {
        let huge = Period {
            preperiod: usize::MAX / 2,
            period: 1,
        };
        assert_eq!(heaps_needed(huge, 2), None);
        assert_eq!(miseresolver_heaps(huge, 2), None);
    }
}
