//! Certificates for octal codes: the finite window of pairs `g(n) = g(n + p)`
//! after which a found period holds for every heap.
//!
//! **Codes that split** (some digit has bit 4): the periodicity theorem of
//! Guy and Smith (1956; Winning Ways, chapter 4, "the periodicity theorem";
//! Siegel, *Combinatorial Game Theory*, 2013, §IV.2) says that if
//! `g(n + p) = g(n)` for every `n0 ≤ n < 2·n0 + p + t`, `t` the largest take,
//! then it holds for every `n ≥ n0`. Why: for `n ≥ 2·n0 + p + t` what remains
//! of `n + p` after a take is at least `2·n0 + 2p`, so the larger part `b` of
//! any split has `b ≥ n0 + p`, and `(a, b − p)` is the matching split of what
//! remains of `n` (and conversely the larger part of a split of `n` is at
//! least `n0`); `n > t`, so neither heap can be taken whole.
//!
//! One condition that statement leaves implicit, checked here: the shadow
//! part `b − p` must be a non-empty heap. For `n0 ≥ 1` it is (`b − p ≥ n0`);
//! for `n0 = 0` the first step `n = p + t` can split `2p` as `p + p`, whose
//! shadow `(p, 0)` is no split at all. ·004 with the claim "period 1 from
//! heap 0" passes the window `n < 0 + 1 + 3` (heaps 0–4 are all 0) and fails
//! at heap 5 (value 1). So from `n0 = 0` the window takes one pair more,
//! `n ≤ p + t`, after which the larger part is at least `p + 1`.
//!
//! Here `t` is the last non-zero digit's index, "the code's length" once
//! trailing zeros are dropped; a take of nothing (`d_0 = 4`) is a take of
//! size 0 and changes nothing in the argument. With three parts (bit 8,
//! hexadecimal codes) the same argument needs `n < 3·n0 + 2p + t` (plus one
//! from `n0 = 0`), the window this module uses for three heaps.
//!
//! **Codes that never split** (every digit 0–3) are subtraction games in
//! disguise: from a heap larger than `t` a move takes `k` with bit 2 of `d_k`
//! and leaves one heap, so the value at `n` reads the `t` values below it and
//! `g(n + p) = g(n)` for `n0 ≤ n < n0 + t` carries the period for ever (seed
//! 004's window). The same kind of boundary: the induction's first step is
//! `n = n0 + t`, and when `n0 = 0` that is the heap `t` itself, where the take
//! of `t` may end the game (bit 1) while at `t + p` it leaves one heap
//! (bit 2). The two agree only when `d_t = 3`; for `d_t` = 1 or 2 and
//! `n0 = 0` the window is one pair longer, `n < t + 1` (·1, values 0 1 0 0 …,
//! would otherwise "prove" period 2 from heap 0). A code with no move at all
//! has nothing to read: one pair settles it.

use crate::games::octal::{OctalCode, may_leave};
use crate::sequence::{CertificateRule, ScaledWindow};

/// The argument behind an octal certificate, as printed in data files.
pub const GUY_SMITH: &str = "guy-smith";
/// The window argument of subtraction games, for codes that never split.
pub const SUBTRACTION_WINDOW: &str = "subtraction-window";

impl OctalCode {
    /// The window that proves a period of this code: Guy–Smith for a code
    /// that splits, the subtraction window for one that never does, each
    /// with its extra pair from heap 0 where the argument needs it.
    pub fn certificate_rule(&self) -> CertificateRule {
        let largest_take = self.largest_take();
        let heaps = self.most_heaps_left() as usize;
        if heaps >= 2 {
            // n0 ≤ n < heaps·n0 + (heaps − 1)·p + t, one more from n0 = 0.
            return CertificateRule::Scaled(ScaledWindow {
                argument: GUY_SMITH,
                preperiod_multiple: heaps,
                period_multiple: heaps - 1,
                reach: largest_take,
                from_zero_extra: 1,
            });
        }
        let last_digit = self.digit(largest_take);
        let ends_and_leaves_alike = may_leave(last_digit, 0) == may_leave(last_digit, 1);
        // n0 ≤ n < n0 + t; from n0 = 0 one more unless d_t = 3 (or no move).
        let from_zero_extra = usize::from(!(ends_and_leaves_alike && largest_take > 0));
        CertificateRule::Scaled(ScaledWindow {
            argument: SUBTRACTION_WINDOW,
            preperiod_multiple: 1,
            period_multiple: 0,
            reach: largest_take,
            from_zero_extra,
        })
    }
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
            (GUY_SMITH, 52, 2 * 52 + 34 + 3)
        );
        assert_eq!(window.pairs(), 89);
        assert_eq!(window.end + 34, 175);
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
            CertificateStatus::NeedsMoreValues { needed: 175 }
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
        assert_eq!((window.argument, window.pairs()), (SUBTRACTION_WINDOW, 4));
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
        assert_eq!(certificate_window(&split_late, 1, 1).end, 2 + 1 + 3);
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
