//! Certificates for take-and-break codes (octal and hexadecimal): the
//! finite window of pairs `g(n) = g(n + p)` after which a found period holds
//! for every heap.
//!
//! **The window (Theorem P of `content/proofs.md`).** Let every move take
//! at most `t` counters and leave at most `K` non-empty heaps (`K ≥ 1`). If
//! `g(n + p) = g(n)` for `n0 ≤ n < K·(n0 − 1) + (K − 1)·p + t + 1`, `n0 ≥ 1`,
//! then it holds for every `n ≥ n0`. Why: past the window, what a move leaves
//! of `n + p` has a largest part of at least `n0 + p`, which can be shortened
//! by `p`, and the largest part of what a move leaves of `n` is at least
//! `n0`, which can be lengthened by `p`; neither heap can be taken whole.
//! For `K = 2` this is the periodicity theorem of Guy and Smith (1956;
//! Winning Ways, chapter 4; Siegel, *Combinatorial Game Theory*, 2013,
//! §IV.2), whose usual statement `n < 2·n0 + p + t` is one pair longer; for
//! `K = 1` it is the subtraction window, for `K = 3` the same argument with
//! three parts. Certificates say `guy-smith-k1`, `-k2` or `-k3`.
//!
//! **From heap 0** the theorem is used with `n0 = 1` and the pair at heap 0
//! checked beside it: an induction started at 0 meets an empty shadow part
//! (·004, "period 1 from heap 0", passes `n < p + t` and fails at heap 5).
//! One refinement, for codes that never split (`K ≤ 1`): when the last digit
//! both ends and leaves a heap (`d_t = 3`), heap `t` and heap `t + p` have
//! options of the same kind, and the pair at `t` may be left out, as seed
//! 004's four pairs for ·3033 = {1,3,4} do. With `d_t` = 1 or 2 it may not
//! (·1, values 0 1 0 0 …, would "prove" period 2 from heap 0).
//!
//! `t` is the last non-zero digit's index; a take of nothing (`d_0 = 4`)
//! is a take of size 0. A code with no move has nothing to read: one pair
//! settles it. `K` counts what a move leaves, the highest bit of a digit:
//! bit 1 leaves nothing, bit 2 one heap, bit 4 two, bit 8 three.

use crate::games::octal::{OctalCode, may_leave};
use crate::sequence::{CertificateRule, ScaledWindow};

/// The window's names, by the most heaps a move leaves (`K` = 1, 2, 3).
pub const WINDOW_KINDS: [&str; 3] = ["guy-smith-k1", "guy-smith-k2", "guy-smith-k3"];

/// The most non-empty heaps a move of a digit may leave: its highest bit's
/// index (0 for a digit 0 or 1).
pub fn heaps_left(digit: u8) -> usize {
    if digit == 0 {
        0
    } else {
        7 - digit.leading_zeros() as usize
    }
}

/// The window of Theorem P for a code given as its digits `d_0 … d_t`
/// (bit sets; octal or hexadecimal).
pub fn window_rule(digits: &[u8]) -> CertificateRule {
    let largest_take = digits.iter().rposition(|&d| d != 0).unwrap_or(0);
    let heaps = digits
        .iter()
        .map(|&d| heaps_left(d))
        .max()
        .unwrap_or(0)
        .max(1);
    let last_digit = digits.get(largest_take).copied().unwrap_or(0);
    let ends_and_leaves_alike = may_leave(last_digit, 0) == may_leave(last_digit, 1);
    let from_zero_saving = usize::from(heaps == 1 && ends_and_leaves_alike && largest_take > 0);
    CertificateRule::Scaled(ScaledWindow {
        argument: WINDOW_KINDS[heaps.min(3) - 1],
        heaps,
        reach: largest_take,
        from_zero_saving,
    })
}

impl OctalCode {
    /// The window that proves a period of this code (Theorem P, `K` ≤ 2).
    pub fn certificate_rule(&self) -> CertificateRule {
        let digits: Vec<u8> = (0..=self.largest_take()).map(|k| self.digit(k)).collect();
        window_rule(&digits)
    }
}

/// Theorem P's window for a period of `code` from `preperiod`: its
/// argument's name, the heap after its last pair, and the values it reads
/// (`None`: more than can be counted). A build checks a proof too long to
/// solve again against it (`solved-octal`, `unsolved-octal`, the atlas).
pub fn theorem_p_window(
    code: &OctalCode,
    preperiod: usize,
    period: usize,
) -> Result<(&'static str, usize, Option<usize>), String> {
    let CertificateRule::Scaled(window) = code.certificate_rule() else {
        return Err(format!("{code}: an octal code has a scaled window"));
    };
    let end = window.end(preperiod, period);
    Ok((window.argument, end, end.checked_add(period)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::values;
    use crate::sequence::{
        Analysis, Certificate, CertificateStatus, DEFAULT_MIN_REPEATS, Value, analyse, certify,
        holds_throughout,
    };

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    /// The window for `(start, period)`: its argument, first heap and end.
    struct Window {
        argument: &'static str,
        start: usize,
        end: usize,
    }

    impl Window {
        fn pairs(&self) -> usize {
            self.end - self.start
        }
    }

    fn certificate_window(game: &OctalCode, start: usize, period: usize) -> Window {
        let CertificateRule::Scaled(window) = game.certificate_rule() else {
            panic!("an octal code always has a scaled window");
        };
        Window {
            argument: window.argument,
            start,
            end: window.end(start, period),
        }
    }

    fn certify_octal(
        game: &OctalCode,
        values: &[Value],
        start: usize,
        period: usize,
    ) -> Certificate {
        certify(game.certificate_rule(), values, start, period).unwrap()
    }

    fn analyse_octal(game: &OctalCode, values: &[Value], min_repeats: usize) -> Analysis {
        analyse(values, min_repeats, game.certificate_rule())
    }

    #[test]
    fn dawson_needs_the_published_window() {
        let window = certificate_window(&code("·137"), 52, 34);
        assert_eq!(
            (window.argument, window.start, window.end),
            ("guy-smith-k2", 52, 2 * 51 + 34 + 3 + 1)
        );
        assert_eq!(window.pairs(), 88, "one pair fewer than 2·n0 + p + t");
        assert_eq!(window.end + 34, 174);
    }

    #[test]
    fn dawson_is_certified_within_two_thousand_and_not_within_one_hundred_fifty() {
        let dawson = code("·137");
        let v = values(&dawson, 2000);
        let analysis = analyse_octal(&dawson, &v, DEFAULT_MIN_REPEATS);
        assert_eq!(analysis.period.found(), Some((52, 34)));
        assert!(analysis.is_certified() && analysis.corroborated);
        let short = certify_octal(&dawson, &v[..150], 52, 34);
        assert_eq!(
            short.status,
            CertificateStatus::NeedsMoreValues { needed: 174 }
        );
    }

    #[test]
    fn a_wrong_claimed_period_fails_its_window() {
        let dawson = code("·137");
        let v = values(&dawson, 400);
        let wrong = certify_octal(&dawson, &v, 52, 17);
        assert!(matches!(wrong.status, CertificateStatus::Fails { .. }));
        assert!(!wrong.holds);
    }

    #[test]
    fn codes_without_a_split_use_the_subtraction_window() {
        // ·3033 is subtraction {1,3,4}: four pairs from heap 0, as in seed 004.
        let window = certificate_window(&code("·3033"), 0, 7);
        assert_eq!((window.argument, window.pairs()), ("guy-smith-k1", 4));
        // The last digit 2 cannot end the heap: from n0 = 0 the window reaches heap t.
        assert_eq!(certificate_window(&code("·32"), 0, 3).end, 3);
        assert_eq!(certificate_window(&code("·32"), 5, 3).end, 7);
        assert_eq!(certificate_window(&code("·0"), 0, 1).end, 1);
    }

    #[test]
    fn from_heap_zero_the_split_window_takes_one_pair_more() {
        let split_late = code("·004");
        let v = values(&split_late, 50);
        assert_eq!(v[..6], [0, 0, 0, 0, 0, 1]);
        let window = certificate_window(&split_late, 0, 1);
        // p + t + 1 = 1 + 3 + 1 from heap 0.
        assert_eq!((window.start, window.end), (0, 5));
        assert_eq!(
            certify_octal(&split_late, &v, 0, 1).status,
            CertificateStatus::Fails { heap: 4 }
        );
        assert_eq!(certificate_window(&split_late, 1, 1).end, 1 + 3 + 1);
    }

    #[test]
    fn a_take_that_only_ends_the_heap_needs_one_more_pair_from_heap_zero() {
        // ·1: values 0, 1, 0, 0, … The window g(0) = g(p) alone would "prove"
        // period 2 from heap 0; the pair at heap t = 1 refutes it.
        let only_ends = code("·1");
        let v = values(&only_ends, 50);
        assert_eq!(v[..4], [0, 1, 0, 0]);
        assert_eq!(certificate_window(&only_ends, 0, 2).pairs(), 2);
        assert_eq!(
            certify_octal(&only_ends, &v, 0, 2).status,
            CertificateStatus::Fails { heap: 1 }
        );
        // ·2 likewise: heap 1 has no move, heap 1 + p does.
        let only_leaves = code("·2");
        let v = values(&only_leaves, 50);
        assert!(!certify_octal(&only_leaves, &v, 0, 1).holds);
        // ·03 ends and leaves alike at t = 2: the plain window of two is enough.
        assert_eq!(certificate_window(&code("·03"), 0, 4).pairs(), 2);
    }

    fn codes_of(digits: u32, digit_values: u8) -> impl Iterator<Item = OctalCode> {
        (0..u32::from(digit_values).pow(digits)).map(move |number| {
            let takes: Vec<u8> = (0..digits)
                .rev()
                .map(|place| {
                    (number / u32::from(digit_values).pow(place) % u32::from(digit_values)) as u8
                })
                .collect();
            OctalCode::from_digits(0, &takes).unwrap()
        })
    }

    /// Soundness for claimed periods, not only found ones: every claim
    /// `(n0 < 12, p < 24)` whose window agrees holds at all 400 values, for
    /// every code of up to four digits 0–3 and every three-digit code.
    #[test]
    fn every_window_that_agrees_is_borne_out() {
        let subtraction_like = (1..=4).flat_map(|digits| codes_of(digits, 4));
        let mut agreeing = 0;
        for game in subtraction_like.chain(codes_of(3, 8)) {
            let v = values(&game, 400);
            for preperiod in 0..12 {
                for period in 1..24 {
                    if certify_octal(&game, &v, preperiod, period).holds {
                        agreeing += 1;
                        assert!(
                            holds_throughout(&v, preperiod, period),
                            "{game} {preperiod} {period}"
                        );
                    }
                }
            }
        }
        assert!(agreeing > 1000, "{agreeing}");
    }

    /// Whatever is certified from a search of 300 values still holds at 1,200.
    #[test]
    fn nothing_certified_from_a_short_run_breaks_in_a_longer_one() {
        let mut certified = 0;
        for game in codes_of(3, 8) {
            let long = values(&game, 1200);
            let analysis = analyse_octal(&game, &long[..300], DEFAULT_MIN_REPEATS);
            if analysis.is_certified() {
                certified += 1;
                let (start, period) = analysis.period.found().unwrap();
                assert!(holds_throughout(&long, start, period), "{game}");
            }
        }
        assert_eq!(certified, 263);
    }
}
