//! When a pretending function computed to a bound is the whole game's.
//!
//! We rely on the periodicity theorem for misère quotients (T. E. Plambeck
//! and A. N. Siegel, *Misère quotients for impartial games*, J. Combin.
//! Theory Ser. A, 2008), in the form A. N. Siegel's MisereSolver applies
//! it: for an octal code whose last non-zero digit is digit `k`, if the
//! pretending function Φ, computed for the heaps `0..=n` with their
//! quotient `Q_n`, satisfies `Φ(h + p) = Φ(h)` for every `h` with
//! `n₀ ≤ h` and `h + p ≤ n`, and `2n₀ + 2p + k + 2 ≤ n`, then Φ is
//! periodic for ever with preperiod `n₀` and period `p`, and `Q_n` is the
//! quotient of the whole game. This is cited, not proved here; the tests
//! check its consequence on play (every small sum of heaps past the bound
//! is predicted rightly by the periodic extension).

/// A period of the pretending function that the theorem proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The first heap of the periodic part.
    pub preperiod: usize,
    pub period: usize,
}

/// The least period (with its least preperiod) that the theorem accepts
/// for `pretending` (heaps from 0), if any.
pub fn proved_period(pretending: &[u32], largest_take: usize) -> Option<Period> {
    let n = pretending.len().checked_sub(1)?;
    for period in 1..=n {
        let mut preperiod = n - period + 1;
        while preperiod > 0 && pretending[preperiod - 1] == pretending[preperiod - 1 + period] {
            preperiod -= 1;
        }
        let needed = (2 * preperiod + 2 * period).checked_add(largest_take + 2)?;
        if needed <= n {
            return Some(Period { preperiod, period });
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
    fn a_period_is_accepted_only_with_room_to_spare() {
        // Period 2 from heap 3, code of 2 digits: needs 2·3 + 2·2 + 2 + 2 = 14 heaps.
        let mut phi: Vec<u32> = vec![0, 1, 2, 3];
        while phi.len() < 14 {
            phi.push(if phi.len().is_multiple_of(2) { 4 } else { 3 });
        }
        assert_eq!(proved_period(&phi, 2), None, "heaps 0..=13: one short");
        phi.push(if phi.len().is_multiple_of(2) { 4 } else { 3 });
        assert_eq!(
            proved_period(&phi, 2),
            Some(Period {
                preperiod: 3,
                period: 2
            })
        );
        assert_eq!(
            extended(
                &phi,
                Period {
                    preperiod: 3,
                    period: 2
                },
                1001
            ),
            3
        );
        // A break in the pattern near the end is no period.
        let mut broken = phi.clone();
        *broken.last_mut().unwrap() = 9;
        assert_eq!(proved_period(&broken, 2), None);
        assert_eq!(proved_period(&[], 2), None);
    }
}
