//! One heap's value of a sparse-space octal code, found as `ladder solve`
//! finds its period: the run grows by the solve's check points (every count
//! to 8, the powers of two and the quarters between them, and the window of
//! a period found) until it holds the heap, or a period is proved and the
//! heap is reduced by it, or the limit is reached. A code such as ·56,
//! proved at 653,569 values, or ·354, at 20,126,194, is reached this way;
//! a plain search by fourfold counts would need 2,048,000 and 32,768,000.

use crate::games::octal::OctalCode;
use crate::games::octal_solve::{Finish, Solver};
use crate::numbers::{counted, grouped};
use crate::sequence::{Lookup, Method};
use crate::wording::engine_stop;

/// A heap below this is computed directly, as any rule's is (the first
/// count [`crate::sequence::value_of`] tries), not by this search.
pub const DIRECT: u64 = 2000;

/// Heaps grown between two calls of the progress.
const STEP: usize = 1 << 16;

/// The value of `heap` of `code`, searching at most `limit` values: read
/// off the run once it holds the heap, or reduced by a proved period;
/// `progress` is called as the run grows (a bar on a terminal).
pub fn value_of(
    code: &OctalCode,
    heap: u64,
    limit: usize,
    progress: &mut dyn FnMut(&Solver),
) -> Result<Lookup<u16>, String> {
    let rule = format!("octal:{code}");
    let mut solver = Solver::new(code, limit);
    loop {
        let values = solver.values();
        if (heap as u128) < values.len() as u128 {
            return Ok(Lookup {
                heap,
                value: values[heap as usize],
                method: Method::Computed {
                    computed: values.len(),
                },
            });
        }
        match solver.finish() {
            Some(Finish::Proved(check)) => {
                let found = check.candidate.ok_or("a proof without its period")?;
                let (preperiod, period) = (found.preperiod, found.period);
                let reduced = preperiod + ((heap - preperiod as u64) % period as u64) as usize;
                return Ok(Lookup {
                    heap,
                    value: values[reduced],
                    method: Method::Reduced {
                        preperiod,
                        period,
                        reduced,
                        computed: values.len(),
                    },
                });
            }
            Some(Finish::NotProved { .. }) => {
                return Err(format!(
                    "no period proved in {}, searched as `ladder solve` searches, so heap {} \
                     cannot be reduced; `ladder value --max-values` or `ladder solve` searches \
                     further",
                    counted(values.len() as u64, "value", "values"),
                    grouped(heap)
                ));
            }
            None => {}
        }
        let done = values.len();
        solver
            .grow(done.saturating_add(STEP))
            .map_err(|stop| engine_stop(&rule, &stop))?;
        progress(&solver);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rule;

    fn code(text: &str) -> OctalCode {
        match text.parse::<Rule>().unwrap() {
            Rule::Octal(code) => code,
            _ => unreachable!(),
        }
    }

    /// Every value it gives is the value computed straight: below the
    /// direct bound, past it, and reduced by a proved period.
    #[test]
    fn values_agree_with_the_run_computed_straight() {
        for text in ["octal:·56", "octal:·4", "octal:·165"] {
            let c = code(text);
            let rule: Rule = text.parse().unwrap();
            let straight = rule.values(20_000);
            for heap in [0, 1, 7, 1999, 2000, 5000, 19_999] {
                let found = value_of(&c, heap, 1 << 20, &mut |_| {}).unwrap();
                assert_eq!(
                    u32::from(found.value),
                    straight[heap as usize],
                    "{text} heap {heap}"
                );
            }
        }
    }

    #[test]
    fn dot_56_is_reached_at_its_window_and_reduced() {
        // ·56: period 144 from heap 326,640, proved at 653,569 values (the
        // solved page's table), past the 2^19 a fourfold search stops at.
        let c = code("octal:·56");
        let heap = u64::MAX;
        let found = value_of(&c, heap, 1 << 20, &mut |_| {}).unwrap();
        let Method::Reduced {
            preperiod,
            period,
            reduced,
            computed,
        } = found.method
        else {
            panic!("{found:?}")
        };
        assert_eq!((preperiod, period, computed), (326_640, 144, 653_569));
        assert_eq!(
            (heap - preperiod as u64) % period as u64,
            (reduced - preperiod) as u64
        );
        // The value read at the reduced heap is the straight run's.
        let rule: Rule = "octal:·56".parse().unwrap();
        assert_eq!(u32::from(found.value), rule.values(reduced + 1)[reduced]);
        // Below its window the limit refuses, in words that say how to go on.
        let refused = value_of(&c, heap, 1 << 19, &mut |_| {}).unwrap_err();
        assert!(
            refused.contains("no period proved in 524,288 values"),
            "{refused}"
        );
        assert!(refused.contains("--max-values"), "{refused}");
    }
}
