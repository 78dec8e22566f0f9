//! Tests of both theorems against computed values. A certificate is
//! trusted only where its formula agrees with every value computed, far
//! past what it read; a claim that breaks must be refused; and each
//! condition, switched off, must let a false certificate through.

use std::collections::BTreeMap;

use crate::parallel::prelude::*;

use super::*;
use crate::games::hexadecimal::HexCode;
use crate::sequence::find_arithmetic_period;

/// A claim as `(n0, p, s)`.
type Triple = (usize, usize, i64);

/// A code, values that agree with a claim, and the claim.
type Broken = (HexCode, Vec<Value>, Triple);

fn code(text: &str) -> HexCode {
    HexCode::parse(text).unwrap()
}

/// Theorem C, then C⁺, on a claim about `count` values of the code `text`.
fn claim(text: &str, count: usize, from: usize, period: usize, saltus: i64) -> SaltusCertificate {
    let game = code(text);
    certify_claim(game.digits(), &game.values(count), from, period, saltus)
}

/// The same check with some conditions switched off.
fn claim_under(
    switches: Switches,
    game: &HexCode,
    values: &[Value],
    (from, period, saltus): (usize, usize, i64),
) -> SaltusCertificate {
    certify_with(
        switches,
        game.digits(),
        values,
        (from, period, saltus),
        &[1],
    )
}

/// Whether `g(n + p) = g(n) + s` at every value computed from `from`.
fn holds_throughout(values: &[Value], from: usize, period: usize, saltus: i64) -> bool {
    (from..values.len().saturating_sub(period))
        .all(|n| i64::from(values[n + period]) - i64::from(values[n]) == saltus)
}

/// The first heap from the certificate's start where its formula
/// `g(n) = g(n0 + i) + s·layer` disagrees with the values computed.
fn contradiction(values: &[Value], c: &SaltusCertificate) -> Option<usize> {
    (c.from..values.len()).find(|&n| {
        let offset = n - c.from;
        let formula =
            i64::from(values[c.from + offset % c.period]) + c.saltus * (offset / c.period) as i64;
        i64::from(values[n]) != formula
    })
}

/// Every hexadecimal code of one and two digits after the point, with
/// and without a split before it (`4.`): 512 names.
fn small_codes() -> Vec<HexCode> {
    let mut codes = Vec::new();
    for before in ["", "4"] {
        for d in 0..16 {
            codes.push(code(&format!("{before}.{d:X}")));
            for e in 1..16 {
                codes.push(code(&format!("{before}.{d:X}{e:X}")));
            }
        }
    }
    codes
}

#[test]
fn move_types_leave_out_a_take_of_nothing_that_leaves_the_heap() {
    assert_eq!(move_types(code("·8").digits()), [(1, 3)]);
    assert_eq!(
        move_types(code("4.F").digits()),
        [(0, 2), (1, 1), (1, 2), (1, 3)]
    );
    let moves = Moves::of(code("·0B").digits());
    assert_eq!((moves.largest_take, moves.most_heaps), (2, 3));
    // ·01 only takes a whole heap of 2: K = 0, read as 1.
    assert_eq!(Moves::of(code("·01").digits()).most_heaps, 1);
}

#[test]
fn eight_and_twenty_eight_are_certified_by_theorem_c() {
    let eight = claim("·8", 100, 1, 3, 1);
    assert_eq!(eight.verdict, Verdict::Certified);
    assert_eq!(eight.theorem, THEOREM_C);
    assert_eq!((eight.from, eight.values_needed, eight.base), (1, 4, None));
    assert_eq!(eight.values_read, [0, 0, 0, 0]);
    let value = value_by_saltus(&eight, &code("·8").values(4), 1_000_000_000_000_000_000);
    assert_eq!(value, Some(333_333_333_333_333_333));
    let twenty_eight = claim("·28", 200, 1, 53, 16);
    assert_eq!(twenty_eight.verdict, Verdict::Certified);
    assert_eq!(twenty_eight.values_needed, 54);
    assert_eq!(twenty_eight.attempts.len(), 1);
}

/// ·9C climbs by 16 every 36 heaps from heap 28, but its values reach 16
/// at heap 14: Theorem C refuses it, Theorem C⁺ proves it from a base.
#[test]
fn nine_c_is_certified_by_theorem_c_plus_from_its_base() {
    let game = code("·9C");
    let values = game.values(3000);
    let found = find_arithmetic_period(&values[..1000], 3).unwrap();
    assert_eq!((found.preperiod, found.period, found.saltus), (28, 36, 16));
    let c = certify_found(game.digits(), &values[..1000], 28, 36, 16);
    assert_eq!(c.theorem, THEOREM_C_PLUS);
    assert!(c.holds, "{c:?}");
    let early = Verdict::EarlyValuesBelowSaltus {
        heap: 37,
        value: 16,
    };
    assert_eq!(c.attempts[0].verdict, early);
    assert_eq!(c.attempts.last().unwrap().theorem, THEOREM_C_PLUS);
    // Dmax 5, H* 1: Q1 = 7 periods past heap 28.
    assert_eq!(
        (c.d_max, c.h_max, c.base),
        (Some(5), Some(1), Some(28 + 7 * 36))
    );
    assert_eq!((c.values_needed, c.values_read.len()), (280, 280));
    assert_eq!(contradiction(&values, &c), None);
    // Heap 10^18 − 28 = 36·27,777,777,777,777,777: g(28) plus 16 a layer.
    let heap = 1_000_000_000_000_000_000u64;
    let expected = u128::from(values[28]) + 16 * 27_777_777_777_777_777;
    assert_eq!(value_by_saltus(&c, &values, heap), Some(expected));
}

#[test]
fn a_saltus_that_is_not_a_power_of_two_is_not_certified() {
    let c = claim("·3F", 400, 0, 6, 3);
    assert_eq!(c.verdict, Verdict::SaltusNotPowerOfTwo);
    assert_eq!(c.saltus, 3);
    assert!(!c.holds);
    assert_eq!(c.condition, "saltus-power-of-two");
    let tried: Vec<_> = c
        .attempts
        .iter()
        .map(|a| (a.theorem, a.condition))
        .collect();
    assert_eq!(
        tried,
        [
            (THEOREM_C, "saltus-power-of-two"),
            (THEOREM_C_PLUS, "saltus-power-of-two")
        ]
    );
}

/// The relations that hold over a window of Guy–Smith length or more and
/// then fail: each is refused when the certifier is given exactly the
/// values where the relation holds (so the refusal is the theorems', not
/// the data's), and again with the values past the failure.
#[test]
fn the_naive_window_counterexamples_are_refused() {
    let mut conditions = Vec::new();
    for (text, from, period, saltus, fails_at) in [
        ("·0D", 13, 69, 32, 130),
        ("·39", 3, 34, 16, 54),
        ("·18", 2, 5, 2, 19),
        ("·8F", 1, 2, 1, 13),
    ] {
        let game = code(text);
        let values = game.values(fails_at + period + 400);
        let agreeing = &values[..fails_at + period];
        assert!(holds_throughout(agreeing, from, period, saltus), "{text}");
        assert!(!holds_throughout(&values, from, period, saltus), "{text}");
        for given in [agreeing, &values] {
            let c = certify_found(game.digits(), given, from, period, saltus);
            assert!(!c.holds, "{text}: {c:?}");
        }
        let c = certify_claim(game.digits(), agreeing, from, period, saltus);
        let tried: Vec<_> = c.attempts.iter().map(|a| a.condition).collect();
        conditions.push((text, tried));
    }
    assert_eq!(
        conditions,
        [
            ("·0D", vec!["early-values-below-saltus", "F-high"]),
            ("·39", vec!["lower-layers-full", "F-high"]),
            ("·18", vec!["lower-layers-full", "F-high"]),
            ("·8F", vec!["early-values-below-saltus", "E"]),
        ]
    );
}

#[test]
fn too_few_values_are_named() {
    let c = claim("·8", 3, 1, 3, 1);
    assert_eq!(c.verdict, Verdict::NeedsMoreValues { needed: 4 });
    let early = claim("·8", 100, 1, 3, 1 << 40);
    assert!(matches!(early.verdict, Verdict::SaltusNotPowerOfTwo));
    // ·9C's conditions read 64 values and hold; its base needs 280.
    let short = claim("·9C", 100, 28, 36, 16);
    assert_eq!(short.verdict, Verdict::NeedsBase { needed: 280 });
    assert_eq!(short.condition, "values-up-to-base");
    assert!(short.values_read.is_empty());
}

/// Every small code's saltus, searched in its first 500 values (a
/// quarter) and in all 2,000, and certified from the values searched
/// only: no certified formula may disagree with any of the 2,000 values,
/// which run far past every base (at most 280 heaps). Of the 2,000-value
/// searches, 127 show a saltus: 74 are certified by Theorem C, 52 by
/// Theorem C⁺, and ·3F (saltus 3) by neither.
#[test]
fn no_certified_saltus_of_a_small_code_is_contradicted() {
    let verdicts: Vec<Vec<(String, &str, &str)>> = small_codes()
        .par_iter()
        .map(|game| {
            let values = game.values(2000);
            let mut verdicts = Vec::new();
            for searched in [500, 2000] {
                let seen = &values[..searched];
                let Some(f) = find_arithmetic_period(seen, 3) else {
                    continue;
                };
                let c = certify_found(game.digits(), seen, f.preperiod, f.period, f.saltus);
                if c.holds {
                    assert_eq!(contradiction(&values, &c), None, "{game} {searched}: {c:?}");
                    assert!(c.values_needed <= searched);
                }
                if searched == 2000 {
                    verdicts.push((game.to_string(), c.theorem, c.condition));
                }
            }
            verdicts
        })
        .collect();
    let mut tally = BTreeMap::new();
    for (name, theorem, condition) in verdicts.iter().flatten() {
        tally
            .entry((*theorem, *condition))
            .or_insert_with(Vec::new)
            .push(name.as_str());
    }
    let count = |theorem, condition| tally.get(&(theorem, condition)).map_or(0, Vec::len);
    assert_eq!(count(THEOREM_C, "all"), 74);
    assert_eq!(count(THEOREM_C_PLUS, "all"), 52);
    assert_eq!(tally[&(THEOREM_C_PLUS, "saltus-power-of-two")], ["·3F"]);
    assert_eq!(tally.values().map(Vec::len).sum::<usize>(), 127);
}

/// Every claim `g(n + p) = g(n) + s`, `s` a power of two, of a small code
/// that holds from `n0` over at least one period and then fails, given
/// with the values up to its failure (all of which agree with its
/// formula): the claims a certificate must refuse on its own conditions.
/// Returns the claims with their values.
fn broken_claims(count: usize, starts: usize, periods: usize) -> Vec<Broken> {
    let mut claims = Vec::new();
    for game in small_codes() {
        let values = game.values(count);
        for n0 in 1..=starts {
            for period in 1..=periods {
                let s = i64::from(values[n0 + period]) - i64::from(values[n0]);
                if s <= 0 || !(s as u64).is_power_of_two() {
                    continue;
                }
                let fails = (n0..count - period)
                    .find(|&n| i64::from(values[n + period]) - i64::from(values[n]) != s);
                if let Some(fails) = fails.filter(|&f| f >= n0 + period) {
                    let agreeing = values[..fails + period].to_vec();
                    claims.push((game.clone(), agreeing, (n0, period, s)));
                }
            }
        }
    }
    claims
}

/// The brute-force check: of the 5,317 broken claims of the small codes
/// (600 values, `n0 ≤ 16`, `p ≤ 24`) not one is certified, and each of
/// `E`, `F-high` and `F-low` is the first to refuse some of them.
#[test]
fn no_broken_claim_of_a_small_code_is_certified() {
    let claims = broken_claims(600, 16, 24);
    assert_eq!(claims.len(), 5317);
    let mut refused = BTreeMap::new();
    for (game, values, claim) in &claims {
        let c = claim_under(ALL_CONDITIONS, game, values, *claim);
        assert!(!c.holds, "{game} {claim:?}: {c:?}");
        *refused.entry(c.condition).or_insert(0) += 1;
    }
    let expected = BTreeMap::from([("E", 1178), ("F-high", 4135), ("F-low", 4)]);
    assert_eq!(refused, expected);
}

/// The planted errors: with one condition switched off, the check
/// certifies a claim that the computed values contradict, and the full
/// check refuses the same claim. Each example was found by a sweep of
/// broken claims like the one above, with that one condition off: over
/// the small codes for C3, E and F-high, over three-digit codes for the
/// base, and over four-digit codes for F-low (switched off with the `H*`
/// layers it adds to the base; with those layers kept, no broken claim of
/// up to three digits got through).
#[test]
fn switching_off_a_condition_lets_a_false_certificate_through() {
    let off = |change: fn(&mut Switches)| {
        let mut switches = ALL_CONDITIONS;
        change(&mut switches);
        switches
    };
    let cases: [(&str, Switches, &str, Triple); 5] = [
        ("C3", off(|s| s.lower_layers_full = false), "·18", (2, 5, 2)),
        ("E", off(|s| s.e = false), "·8F", (1, 2, 1)),
        ("F-high", off(|s| s.f_high = false), "·9", (2, 4, 2)),
        ("F-low", off(|s| s.f_low = false), "·FB01", (1, 1, 1)),
        ("base", off(|s| s.base = false), "·078", (1, 2, 1)),
    ];
    for (condition, switches, text, claimed) in cases {
        let game = code(text);
        let values = game.values(1000);
        let strict = claim_under(ALL_CONDITIONS, &game, &values, claimed);
        assert!(!strict.holds, "{condition}: {text} {strict:?}");
        let loose = claim_under(switches, &game, &values, claimed);
        assert!(loose.holds, "{condition}: {text} {loose:?}");
        assert!(
            contradiction(&values, &loose).is_some(),
            "{condition}: {text}"
        );
    }
}
