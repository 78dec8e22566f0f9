//! The quotient engine against the referee and the published facts.

use super::monoid::Monoid;
use super::outcome::{Outcomes, Play};
use super::period::{Period, extended, heaps_needed, proved_period};
use super::quotient::{Limits, Quotient, quotient};
use super::referee::{referee, sums};
use super::tame::is_tame;
use super::verify::Verifier;
use crate::games::OctalCode;

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap()
}

fn solve(text: &str, heaps: usize) -> Quotient {
    quotient(&code(text), heaps, &Limits::default(), &mut |_| {}).unwrap()
}

/// The referee's verdict on every sum of at most `parts` heaps and
/// `counters` counters; panics on a difference.
fn agrees(text: &str, q: &Quotient, parts: usize, counters: usize) -> usize {
    let all = sums(q.heaps, parts, counters);
    let verdict = referee(&code(text), q, &all).unwrap();
    assert_eq!(verdict.first_difference, None, "{text} to heap {}", q.heaps);
    verdict.sums
}

#[test]
fn the_published_small_quotients() {
    // (code, heaps, |Q|, |P|): Nim on heaps up to 2 or 3 and up to 4
    // (Plambeck and Siegel's T_2 and T_3), ·3, and the lower bounds of our
    // own brute-force count, which the exact quotients meet.
    for (text, heaps, order, p_size) in [
        (".3", 10, 2, 1),
        (".33", 2, 6, 2),
        (".333", 3, 6, 2),
        (".3333", 4, 10, 2),
        (".77", 5, 12, 3),
        (".77", 6, 12, 3),
        (".75", 5, 8, 2),
        (".75", 6, 8, 2),
        (".07", 4, 6, 2),
        (".07", 6, 6, 2),
    ] {
        let q = solve(text, heaps);
        assert_eq!(
            (q.monoid.size(), q.p_size()),
            (order, p_size),
            "{text} to {heaps}"
        );
        assert!(agrees(text, &q, 5, 40) >= 20);
    }
}

#[test]
fn nim_below_a_power_of_two_is_t_k_and_tame() {
    for m in 2..=4u32 {
        let heaps = (1usize << m) - 1;
        let text = format!(".{}", "3".repeat(heaps));
        let q = solve(&text, heaps);
        assert_eq!(q.monoid.size(), (1 << m) + 2);
        assert_eq!(q.p_size(), 2);
        assert!(is_tame(&q.monoid, &q.p).unwrap());
        agrees(&text, &q, 4, 40);
    }
    let one = solve(".3", 10);
    assert!(is_tame(&one.monoid, &one.p).unwrap());
    let kayles = solve(".77", 6);
    assert!(
        !is_tame(&kayles.monoid, &kayles.p).unwrap(),
        "12 elements, |P| = 3"
    );
}

#[test]
fn dawson_s_kayles_to_heap_30_has_360_elements() {
    // Siegel's figure for Q_30 of ·07.
    let q = solve(".07", 30);
    assert_eq!(q.monoid.size(), 360);
    agrees(".07", &q, 3, 40);
}

#[test]
fn the_pretending_function_of_312_has_period_2_with_heap_4_special() {
    let q = solve(".312", 30);
    let period = proved_period(&q.pretending, 3).expect("proved within 30 heaps");
    assert_eq!((period.preperiod, period.period), (5, 2));
    let phi = &q.pretending;
    assert_eq!(phi[3], phi[5], "heap 3 already follows the period");
    assert_ne!(phi[4], phi[6], "heap 4 does not");
    // The periodic extension predicts play past the bound.
    let mut search = Outcomes::new(&code(".312"), Play::Misere);
    for a in 1..=44usize {
        for b in 0..=(60 - a).min(a) {
            let x = q
                .monoid
                .product(extended(phi, period, a), extended(phi, period, b));
            let predicted_p = q.p[x as usize];
            assert_eq!(
                !search.first_player_wins(&[a, b]).unwrap(),
                predicted_p,
                "{a}+{b}"
            );
        }
    }
}

/// A small deterministic generator: the tests see the same codes each run.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn two_hundred_random_codes_agree_with_the_search_and_have_even_order() {
    let mut state = 35;
    for round in 0..200 {
        let digits = 2 + round % 2;
        let mut text = String::from(".");
        for at in 0..digits {
            let digit = next(&mut state) % 8;
            let digit = if at + 1 == digits && digit == 0 {
                1 + next(&mut state) % 7
            } else {
                digit
            };
            text.push(char::from(b'0' + digit as u8));
        }
        let q = solve(&text, 8);
        let live = (1..=8).any(|h| q.pretending[h] != 0) || q.monoid.size() > 1;
        if live {
            assert_eq!(q.monoid.size() % 2, 0, "{text}: even order");
        }
        agrees(&text, &q, 4, 26);
    }
}

#[test]
fn a_planted_error_is_caught() {
    let text = ".77";
    let q = solve(text, 6);
    let all = sums(6, 4, 24);
    let differs = |q: &Quotient| {
        referee(&code(text), q, &all)
            .unwrap()
            .first_difference
            .is_some()
    };
    assert!(!differs(&q));
    // A wrong P-portion: each element moved in or out of P in turn.
    for x in 0..q.monoid.size() {
        let mut wrong = q.clone();
        wrong.p[x] = !wrong.p[x];
        assert!(differs(&wrong), "P flipped at {x}");
        // The proof's check refuses it too.
        let mut check = Verifier::new(
            wrong.monoid.clone(),
            wrong.p.clone(),
            100_000,
            u64::MAX,
            std::rc::Rc::new(super::meter::Meter::new(u64::MAX, None)),
        );
        let refused = wrong.p[0]
            || (1..=6).any(|h| {
                let options = super::moves::heap_options(&code(text), h);
                let images = super::candidate::option_images(
                    |a, b| wrong.monoid.product(a, b),
                    0,
                    &wrong.pretending,
                    &options,
                );
                match check.layer(h, wrong.pretending[h], &images, false) {
                    Ok(layer) => {
                        check.keep(layer);
                        false
                    }
                    Err(_) => true,
                }
            });
        assert!(refused, "the check passes a P flipped at {x}");
    }
    // A wrong Φ(n).
    for heap in 1..=6 {
        let mut wrong = q.clone();
        wrong.pretending[heap] = (wrong.pretending[heap] + 1) % wrong.monoid.size() as u32;
        assert!(differs(&wrong), "Φ({heap}) changed");
    }
    // A relation dropped: one product of the table changed. Either the
    // table is no longer a commutative monoid, or play tells.
    let size = q.monoid.size();
    let mut caught = 0;
    for (a, b) in [(1, 2), (2, 2), (1, 1), (3, 4)] {
        let mut table = q.monoid.table().to_vec();
        let wrong_value = (table[a * size + b] + 1) % size as u32;
        table[a * size + b] = wrong_value;
        table[b * size + a] = wrong_value;
        match Monoid::from_table(size, table) {
            Err(_) => caught += 1,
            Ok(monoid) => {
                let mut wrong = q.clone();
                wrong.monoid = monoid;
                if differs(&wrong) {
                    caught += 1;
                }
            }
        }
    }
    assert_eq!(caught, 4);
}

#[test]
fn the_presentation_gives_back_the_table() {
    for (text, heaps) in [(".3333333", 7), (".75", 12), (".312", 12), (".77", 12)] {
        let q = solve(text, heaps);
        let relations = q.relations();
        assert!(!relations.is_empty());
        // Rewriting with the relations, every word in the generators
        // (each exponent up to 4) reaches the name of its element.
        let names = q.names();
        let gens: Vec<u32> = q.generators.iter().map(|&h| q.pretending[h]).collect();
        let rules: std::collections::HashMap<String, String> = relations.into_iter().collect();
        let mut word = vec![0u32; gens.len()];
        loop {
            let element = word.iter().zip(&gens).fold(0, |x, (&e, &g)| {
                (0..e).fold(x, |x, _| q.monoid.product(x, g))
            });
            let mut current = word.clone();
            // Apply a rule to a sub-word until none applies.
            'rewrite: loop {
                for (lhs, rhs) in &rules {
                    let l = exponents(lhs, gens.len());
                    let r = exponents(rhs, gens.len());
                    if l.iter().zip(&current).all(|(a, b)| a <= b) {
                        for j in 0..current.len() {
                            current[j] = current[j] - l[j] + r[j];
                        }
                        continue 'rewrite;
                    }
                }
                break;
            }
            assert_eq!(
                super::quotient::spell_for_tests(&current),
                names[element as usize],
                "{text} {word:?}"
            );
            // The next word.
            let mut at = 0;
            while at < word.len() && word[at] == 4 {
                word[at] = 0;
                at += 1;
            }
            if at == word.len() {
                break;
            }
            word[at] += 1;
        }
    }
}

/// A word's exponents from its spelling (`a²b` → [2, 1, …]).
fn exponents(text: &str, generators: usize) -> Vec<u32> {
    let mut e = vec![0u32; generators];
    if text == "1" {
        return e;
    }
    let mut last = 0;
    for c in text.chars() {
        if c.is_ascii_lowercase() {
            last = (c as u8 - b'a') as usize;
            e[last] += 1;
        } else if let Some(d) = "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|s| s == c) {
            // A superscript after a letter replaces its single count.
            if e[last] == 1 {
                e[last] = 0;
            }
            e[last] = e[last] * 10 + d as u32;
        }
    }
    e
}

/// Φ of the quotient of the heaps `0..=n` for each `n` up to `top`, until
/// the budget runs out: each list in its own quotient.
fn pretending_by_bound(c: &OctalCode, top: usize) -> Vec<Vec<u32>> {
    let limits = Limits {
        most_work: 20_000_000,
        most_states: 200_000,
        ..Limits::default()
    };
    (0..=top)
        .map_while(|n| quotient(c, n, &limits, &mut |_| {}).ok())
        .map(|q| q.pretending)
        .collect()
}

/// Whether Φ repeats with `period` from `preperiod` over all of `phi`.
fn repeats(phi: &[u32], period: Period) -> bool {
    (period.preperiod..phi.len().saturating_sub(period.period))
        .all(|h| phi[h] == phi[h + period.period])
}

#[test]
fn every_period_theorem_m_proves_holds_in_every_later_quotient() {
    // Codes of one and two digits, Φ_n in Q_n for each n to 30: a period
    // proved at n must hold in Q_m for every later m (checked to 30).
    let mut proofs = 0;
    for digits in 1..=2u32 {
        for number in (1..8u64.pow(digits)).filter(|n| n % 8 != 0) {
            let c = OctalCode::from_number(number, digits);
            let phis = pretending_by_bound(&c, 30);
            for (n, phi) in phis.iter().enumerate() {
                let Some(period) = proved_period(phi, c.largest_take()) else {
                    continue;
                };
                proofs += 1;
                for later in &phis[n + 1..] {
                    assert!(
                        repeats(later, period),
                        "·{}: {period:?} proved at heap {n}, broken at heap {}",
                        c.digits_after_point(),
                        later.len() - 1
                    );
                }
            }
        }
    }
    assert!(proofs > 500, "only {proofs} proofs tried");
}

#[test]
fn one_heap_short_of_theorem_m_a_period_can_break() {
    // Each Φ repeats over the heaps up to one short of the bound and
    // breaks at the bound itself: the bound cannot be lowered.
    for (text, preperiod, period) in [(".6", 1, 3), (".36", 1, 3), (".355", 1, 2)] {
        let c = code(text);
        let period = Period { preperiod, period };
        let needed = heaps_needed(period, c.largest_take()).unwrap();
        let phis = pretending_by_bound(&c, needed);
        assert_eq!(phis.len(), needed + 1, "{text}");
        assert!(
            repeats(&phis[needed - 1], period),
            "{text} repeats to heap {}",
            needed - 1
        );
        assert_eq!(
            proved_period(&phis[needed - 1], c.largest_take()),
            None,
            "{text}"
        );
        assert!(
            !repeats(&phis[needed], period),
            "{text} breaks at heap {needed}"
        );
    }
}

#[test]
fn the_referee_plays_a_proved_period_past_the_bound() {
    use super::referee::referee_within;
    let c = code(".312");
    let q = solve(".312", 16);
    let right = proved_period(&q.pretending, 3).expect("proved by heap 16");
    let within = referee_within(&c, &q, None, 3, 30).unwrap();
    let past = referee_within(&c, &q, Some(right), 3, 30).unwrap();
    assert_eq!(
        (within.first_difference, past.first_difference),
        (None, None)
    );
    assert!(past.sums > within.sums, "heaps past 16 were played too");
    // A period Φ does not have (3, where heaps alternate) is caught once
    // it is played: it makes heap 20 an odd heap.
    let wrong = Period {
        preperiod: 5,
        period: 3,
    };
    let caught = referee_within(&c, &q, Some(wrong), 3, 30).unwrap();
    assert!(caught.first_difference.is_some());
}
