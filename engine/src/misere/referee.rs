//! The quotient's predictions set against the exact search on every small
//! sum: the check that needs no theorem, run on every quotient the site
//! shows and in the tests.

use super::outcome::{MOST_COUNTERS, Outcomes, Play};
use super::period::Period;
use super::quotient::Quotient;
use crate::games::OctalCode;

/// The sums a quotient shown or printed is refereed on: at most this many
/// heaps…
pub const CHECKED_HEAPS: usize = 3;
/// … and this many counters in all.
pub const CHECKED_COUNTERS: usize = 36;

/// What the referee checked: how many sums, and the first on which the
/// quotient and the search differ (heap sizes), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refereed {
    pub sums: usize,
    pub first_difference: Option<Vec<usize>>,
}

/// Every sum of at most `most_heaps` heaps, each of 1 to the quotient's
/// bound counters, with at most `most_counters` counters in all (capped at
/// the search's [`MOST_COUNTERS`]), in increasing order of heaps.
pub fn sums(bound: usize, most_heaps: usize, most_counters: usize) -> Vec<Vec<usize>> {
    let most_counters = most_counters.min(MOST_COUNTERS);
    let mut all = vec![Vec::new()];
    let mut at = 0;
    while at < all.len() {
        let sum: Vec<usize> = all[at].clone();
        at += 1;
        if sum.len() == most_heaps {
            continue;
        }
        let total: usize = sum.iter().sum();
        let least = sum.last().copied().unwrap_or(1);
        for heap in least..=bound {
            if total + heap > most_counters {
                break;
            }
            let mut next = sum.clone();
            next.push(heap);
            all.push(next);
        }
    }
    all
}

/// The quotient of `code` against the exact search on every sum of at most
/// `most_heaps` heaps and `most_counters` counters: its heaps to its bound,
/// and when Theorem M proves `period`, larger heaps too, each with Φ
/// continued by the period, so the theorem's conclusion is played out.
pub fn referee_within(
    code: &OctalCode,
    quotient: &Quotient,
    period: Option<Period>,
    most_heaps: usize,
    most_counters: usize,
) -> Result<Refereed, String> {
    let continued;
    let quotient = match period {
        Some(period) => {
            continued = quotient.continued(period, most_counters.min(MOST_COUNTERS));
            &continued
        }
        None => quotient,
    };
    referee(
        code,
        quotient,
        &sums(quotient.heaps, most_heaps, most_counters),
    )
}

/// The quotient of `code` against the exact misère search on `sums`.
pub fn referee(
    code: &OctalCode,
    quotient: &Quotient,
    sums: &[Vec<usize>],
) -> Result<Refereed, String> {
    let mut search = Outcomes::new(code, Play::Misere);
    for (checked, sum) in sums.iter().enumerate() {
        let predicted_p = quotient
            .predicts_p(sum)
            .ok_or_else(|| format!("a heap of {sum:?} is past the quotient's bound"))?;
        let p = !search.first_player_wins(sum)?;
        if p != predicted_p {
            return Ok(Refereed {
                sums: checked + 1,
                first_difference: Some(sum.clone()),
            });
        }
    }
    Ok(Refereed {
        sums: sums.len(),
        first_difference: None,
    })
}
