//! Tests of the closed forms: hand-written prefix words for each case, every pair up to 20 against
//! the recursion, the paper's Lemma 2 and shift phases, the brute-force game search, and negative
//! controls that a wrong closed form cannot pass.

use super::*;
use crate::games::pass_census::{census, pairs_up_to};
use crate::games::pass_game_search::PassGameSearch;

fn takes(x: usize, y: usize) -> TwoTakes {
    TwoTakes::new(x, y).unwrap()
}

/// A word written as digits, one heap per digit.
fn digits(word: &str) -> Vec<Value> {
    word.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).unwrap())
        .collect()
}

#[test]
fn the_five_cases_are_split_by_q_and_r() {
    assert_eq!(PassCase::of(takes(3, 5)), PassCase::QuotientOne);
    assert_eq!(PassCase::of(takes(2, 4)), PassCase::EvenQuotientDivides);
    assert_eq!(PassCase::of(takes(3, 7)), PassCase::EvenQuotientRemainder);
    assert_eq!(PassCase::of(takes(2, 6)), PassCase::OddQuotientDivides);
    assert_eq!(PassCase::of(takes(2, 7)), PassCase::OddQuotientRemainder);
    assert_eq!(TwoTakes::new(3, 3), None);
    assert_eq!(TwoTakes::new(0, 3), None);
}

#[test]
fn prefix_words_of_small_pairs_by_hand() {
    // (x, y, h(0) … h(N − 1)), written out from the paper's words; blocks separated by spaces.
    let cases = [
        (3, 5, "000 222 111 33"),                   // q = 1, r = 2: 0^x 2^x 1^x 3^r
        (4, 5, "0000 2222 1111 3"),                 // q = 1, r = 1
        (2, 4, "00 22 11 33"),                      // q = 2, r = 0: … 3^x
        (2, 8, "00 22 11 00 11 33"),                // q = 4, r = 0
        (3, 7, "000 222 111 2 33"),                 // q = 2, r = 1: … 2^r 3^(x−r)
        (3, 14, "000 222 111 000 111 22 3"),        // q = 4, r = 2
        (2, 6, "00 22 11 22"),                      // q = 3, r = 0: … 2^x
        (2, 10, "00 22 11 00 11 22"),               // q = 5, r = 0
        (2, 7, "00 22 11 0 2 11 3"),                // q = 3, r = 1: … 0^r 2^(x−r) 1^x 3^r
        (3, 17, "000 222 111 000 111 00 2 111 33"), // q = 5, r = 2
    ];
    for (x, y, word) in cases {
        let pair = takes(x, y);
        let expected = digits(word);
        assert_eq!(
            expand(&prefix_word(pair)),
            expected,
            "closed form for {{{x}, {y}}}"
        );
        assert_eq!(
            predicted_preperiod(pair),
            expected.len(),
            "N for {{{x}, {y}}}"
        );
        let h = pair.game().values(expected.len()).pass_available;
        assert_eq!(h, expected, "recursion for {{{x}, {y}}}");
    }
}

#[test]
fn block_symbols_spell_the_word_of_each_case() {
    // The blocks' symbols, with the repeated (0^x 1^x) written once per repeat, spell the formula.
    for (x, y) in [(3, 5), (2, 4), (3, 7), (4, 10), (2, 6), (3, 11), (4, 14)] {
        let pair = takes(x, y);
        let spelled: Vec<String> = prefix_word(pair).iter().map(Block::symbol).collect();
        let formula = PassCase::of(pair)
            .word_formula()
            .replace(" (0^x 1^x)^(m−1)", "");
        assert_eq!(spelled.join(" "), formula, "{pair:?}");
    }
    let spelled: Vec<String> = prefix_word(takes(2, 8)).iter().map(Block::symbol).collect();
    assert_eq!(spelled.join(" "), "0^x 2^x 1^x 0^x 1^x 3^x");
}

#[test]
fn every_pair_up_to_20_has_the_predicted_preperiod_and_period() {
    for pair in pairs_up_to(20) {
        let verdict = check(pair);
        assert_eq!(verdict.first_disagreement, None, "{pair:?}");
        assert_eq!(
            verdict.preperiod,
            Some(predicted_preperiod(pair)),
            "{pair:?}"
        );
        assert_eq!(verdict.period, Some(predicted_period(pair)), "{pair:?}");
    }
}

#[test]
fn census_up_to_20_counts() {
    let result = census(20);
    assert_eq!(result.pairs_checked, 190);
    assert_eq!(result.pairs_agreeing, 190);
    assert_eq!(result.values.largest_value, 3);
    let counts: Vec<usize> = result.per_case.iter().map(|c| c.pairs).collect();
    assert_eq!(counts.iter().sum::<usize>(), 190);
    // y = 2x … : even q with r = 0 are the pairs with y/x ∈ {2, 4, …}; odd multiples ≥ 3x likewise.
    let even_divides = pairs_up_to(20)
        .into_iter()
        .filter(|p| p.y % p.x == 0 && (p.y / p.x) % 2 == 0)
        .count();
    assert_eq!(counts[1], even_divides);
}

#[test]
fn census_up_to_20_agrees_everywhere() {
    // The build runs the issue's range (1 ≤ x < y ≤ 60, 1,770 pairs); the tests stay at 20.
    let result = census(20);
    assert_eq!(result.pairs_checked, 190);
    assert_eq!(result.pairs_agreeing, 190);
    assert_eq!(result.values.largest_value, 3);
    // 3 never appears when y is an odd multiple of x: the prefix ends in 2^x and the tail is g,
    // which there takes only 0 and 1.
    let odd_multiples = result.per_case[3].pairs;
    assert_eq!(
        result.values.appearances[3].pairs_where_it_appears,
        190 - odd_multiples
    );
    for appearance in &result.values.appearances {
        // Counted over the pairs that reach the value, and the word reaches it in the same pairs.
        assert_eq!(
            appearance.pairs_where_first_heap_matches_word, appearance.pairs_where_it_appears,
            "value {}",
            appearance.value
        );
        assert_eq!(
            appearance.pairs_where_word_has_it, appearance.pairs_where_it_appears,
            "value {}",
            appearance.value
        );
    }
}

#[test]
fn a_value_never_reached_is_no_match_for_the_word() {
    // The odd multiples never reach 3 (their word ends in 2^x, their tail copies g): they have no
    // first heap of 3, so they can neither match the word there nor count towards the match.
    let result = census(20);
    let three = &result.values.appearances[3];
    let odd_multiples = result.per_case[3].pairs;
    assert!(odd_multiples > 0);
    assert_eq!(three.pairs_where_it_appears, 190 - odd_multiples);
    assert_eq!(
        three.pairs_where_first_heap_matches_word,
        190 - odd_multiples
    );
    assert!(three.pairs_where_first_heap_matches_word <= three.pairs_where_it_appears);
}

#[test]
fn below_y_the_values_follow_lemma_2() {
    // n = jx + t < y: g(n) = j mod 2; h(n) = 0 (j = 0), 2 (j = 1), 1 (j ≥ 2 even), 0 (j ≥ 3 odd).
    for pair in pairs_up_to(20) {
        let values = pair.game().values(pair.y);
        for n in 0..pair.y {
            let j = n / pair.x;
            let h = match j {
                0 => 0,
                1 => 2,
                _ if j % 2 == 0 => 1,
                _ => 0,
            };
            assert_eq!(values.ordinary[n], (j % 2) as Value, "{pair:?} g({n})");
            assert_eq!(values.pass_available[n], h, "{pair:?} h({n})");
        }
    }
}

#[test]
fn the_ordinary_sequence_is_purely_periodic_with_the_predicted_period() {
    // So the pair's preperiod is that of h alone, and the pair's period that of g.
    for pair in pairs_up_to(20) {
        let g = pair.game().values(heaps_checked(pair)).ordinary;
        let found = crate::sequence::find_period(&g, DEFAULT_MIN_REPEATS).found();
        assert_eq!(found, Some((0, predicted_period(pair))), "{pair:?}");
    }
}

#[test]
fn three_first_appears_at_the_last_block_of_threes() {
    // q = 1: 3x; q even: (q + 1)x + r; q odd ≥ 3 with r > 0: (q + 2)x; odd multiple: never.
    for pair in pairs_up_to(20) {
        let (x, q, r) = (pair.x, pair.quotient(), pair.remainder());
        let expected = match PassCase::of(pair) {
            PassCase::QuotientOne => Some(3 * x),
            PassCase::EvenQuotientDivides | PassCase::EvenQuotientRemainder => {
                Some((q + 1) * x + r)
            }
            PassCase::OddQuotientDivides => None,
            PassCase::OddQuotientRemainder => Some((q + 2) * x),
        };
        assert_eq!(predicted_first_heap(pair, 3), expected, "{pair:?}");
        let h = pair.game().values(heaps_checked(pair)).pass_available;
        assert_eq!(h.iter().position(|&v| v == 3), expected, "{pair:?}");
    }
}

#[test]
fn the_tail_enters_the_ordinary_period_where_the_paper_says() {
    // N + y modulo P: 0, except P − r (q even, r > 0) and x (y an odd multiple of x).
    for pair in pairs_up_to(20) {
        let (n, p, r) = (
            predicted_preperiod(pair),
            predicted_period(pair),
            pair.remainder(),
        );
        let expected = match PassCase::of(pair) {
            PassCase::EvenQuotientRemainder => p - r,
            PassCase::OddQuotientDivides => pair.x,
            _ => 0,
        };
        assert_eq!((n + pair.y) % p, expected, "{pair:?}");
    }
}

#[test]
fn recursion_matches_brute_force_search_on_three_takes() {
    for takes in [
        [1, 3, 4],
        [2, 5, 6],
        [2, 3, 7],
        [1, 2, 5],
        [3, 4, 9],
        [1, 4, 6],
    ] {
        let game = PassGame::from_takes(&takes).unwrap();
        let values = game.values(70);
        let mut search = PassGameSearch::new(&takes);
        for heap in 0..70 {
            assert_eq!(
                search.value(heap, false),
                values.ordinary[heap],
                "{takes:?} g({heap})"
            );
            assert_eq!(
                search.value(heap, true),
                values.pass_available[heap],
                "{takes:?} h({heap})"
            );
        }
    }
}

#[test]
fn brute_force_search_agrees_with_the_closed_form_on_pairs() {
    for (x, y) in [(3, 5), (2, 4), (3, 7), (2, 6), (2, 7)] {
        let pair = takes(x, y);
        let word = expand(&prefix_word(pair));
        let mut search = PassGameSearch::new(&[x, y]);
        for (heap, &value) in word.iter().enumerate() {
            assert_eq!(search.value(heap, true), value, "{pair:?} h({heap})");
        }
    }
}

#[test]
fn a_wrong_preperiod_is_detected() {
    // N = 11 instead of 12 for {3, 7}, with the word shortened to match: h(11) = 3 breaks both
    // the tail h(n) = g(n + 7) and the period from 11.
    let pair = takes(3, 7);
    let mut wrong = closed_form(pair);
    wrong.preperiod -= 1;
    wrong.prefix_word.last_mut().unwrap().length -= 1;
    let verdict = check_prediction(pair, &wrong);
    assert_eq!(
        verdict.first_disagreement,
        Some(Disagreement::Tail {
            heap: 11,
            predicted: 2,
            measured: 3
        })
    );
    // N changed alone: the prediction contradicts itself.
    let mut inconsistent = closed_form(pair);
    inconsistent.preperiod += 1;
    assert_eq!(
        check_prediction(pair, &inconsistent).first_disagreement,
        Some(Disagreement::WordLengthIsNotPreperiod {
            heap: 12,
            word_length: 12,
            preperiod: 13
        })
    );
}

#[test]
fn a_wrong_prefix_word_is_detected_at_its_first_wrong_heap() {
    // Swap the boundary block 2^r 3^(x−r) of {3, 7} for 3^r 2^(x−r): wrong from heap 9.
    let pair = takes(3, 7);
    let mut wrong = closed_form(pair);
    let last = wrong.prefix_word.len();
    wrong.prefix_word[last - 2] = Block {
        value: 3,
        length: 1,
        exponent: "r",
    };
    wrong.prefix_word[last - 1] = Block {
        value: 2,
        length: 2,
        exponent: "x−r",
    };
    let verdict = check_prediction(pair, &wrong);
    assert_eq!(
        verdict.first_disagreement,
        Some(Disagreement::PrefixWord {
            heap: 9,
            predicted: 3,
            measured: 2
        })
    );
}

#[test]
fn a_wrong_period_and_a_wrong_shift_are_detected() {
    let pair = takes(2, 6); // y an odd multiple of x: P = 2x = 4, not x + y = 8
    let mut wrong = closed_form(pair);
    wrong.period = pair.x + pair.y;
    let verdict = check_prediction(pair, &wrong);
    assert!(matches!(
        verdict.first_disagreement,
        Some(Disagreement::Period {
            predicted: 8,
            measured: 4,
            ..
        })
    ));
    let pair = takes(3, 7);
    let mut wrong = closed_form(pair);
    wrong.tail_shift = pair.y + 1;
    let verdict = check_prediction(pair, &wrong);
    assert!(matches!(
        verdict.first_disagreement,
        Some(Disagreement::Tail { .. })
    ));
}

#[test]
fn a_plausible_but_wrong_classification_fails_the_census_check() {
    // Using the q = 1 preperiod 3x + r for every case is wrong for most pairs up to 12.
    let failures = pairs_up_to(12)
        .into_iter()
        .filter(|&pair| {
            let mut wrong = closed_form(pair);
            wrong.preperiod = 3 * pair.x + pair.remainder();
            !check_prediction(pair, &wrong).agrees()
        })
        .count();
    let not_quotient_one = pairs_up_to(12)
        .into_iter()
        .filter(|&pair| pair.quotient() > 1)
        .count();
    assert_eq!(failures, not_quotient_one);
}
