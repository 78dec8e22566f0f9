//! Numbers from users (issue 31, point 4): each is read into the type that
//! uses it with a range check, and a number out of range is refused with a
//! message naming it and the range; nothing is wrapped or cut to fit.

use crate::common;

use ladder::coalition::Ruleset;
use ladder::games::Rule;
use proptest::prelude::*;

use common::{ladder, repo, stderr, stdout};

#[test]
fn a_coalition_take_past_32_bits_is_refused_not_cut() {
    // Cut to 32 bits, these were analysed and printed as `sub:1` and `sub:0`.
    for (take, named) in [
        ("4294967297", "4,294,967,297"),
        ("4294967296", "4,294,967,296"),
    ] {
        let out = ladder(&repo(), &["coalition", &format!("sub:{take}")]);
        let (out_text, err_text) = (stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(2), "{take}: {err_text}");
        assert!(
            err_text.contains(&format!("a take of {named} ")) && err_text.contains("from 1 to 24"),
            "{take}: {err_text}"
        );
        assert!(!err_text.contains("panicked"), "{err_text}");
        assert!(out_text.is_empty(), "{take}: {out_text}");
    }
    // The help gives the range too, from the same constant.
    let help = stdout(&ladder(&repo(), &["coalition", "--help"]));
    let range = format!("takes 1 to {}", ladder::coalition::LARGEST_HEAP);
    assert!(help.contains(&range), "{help}");
}

#[test]
fn coalition_sizes_out_of_range_are_named() {
    for (args, message) in [
        (
            ["--test-sizes", "25"],
            "test_largest_heap must be from 1 to 24, not 25",
        ),
        (
            ["--census-heaps", "7"],
            "census_heaps must be from 0 to 6, not 7",
        ),
        (
            ["--allies", "4294967295"],
            "allies must be from 1 to 7, not 4,294,967,295",
        ),
    ] {
        let out = ladder(&repo(), &["coalition", "nim", args[0], args[1]]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    // Past the flag's own type: clap names the number and the type's range.
    let out = ladder(&repo(), &["coalition", "nim", "--test-sizes", "4294967296"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("4294967296"), "{}", stderr(&out));
}

#[test]
fn a_take_past_the_largest_count_is_too_large() {
    for command in [
        &["seq", "sub:1,18446744073709551616"][..],
        &["value", "pass:18446744073709551616", "5"],
    ] {
        let out = ladder(&repo(), command);
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        let text = stderr(&out);
        assert!(
            text.contains("`18446744073709551616` is too large")
                && text.contains("18,446,744,073,709,551,615"),
            "{command:?}: {text}"
        );
    }
}

/// A take as someone might write it: ordinary, at the edges of `u32` and
/// `u64`, past `u64`, signed, or with leading zeros.
fn take_text() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        0u128..=30,
        Just(u128::from(u32::MAX)),
        Just(u128::from(u32::MAX) + 1),
        Just(u128::from(u32::MAX) + 2),
        Just(u128::from(u64::MAX)),
        Just(u128::from(u64::MAX) + 1),
        any::<u64>().prop_map(u128::from),
        any::<u128>(),
    ];
    (
        number,
        prop_oneof![Just(""), Just("+"), Just("-"), Just("0"), Just("00")],
    )
        .prop_map(|(n, prefix)| format!("{prefix}{n}"))
}

/// The numbers a take list names, ascending, or `None` if any is not a
/// whole number from 0 up.
fn numbers(list: &[String]) -> Option<Vec<u128>> {
    let mut numbers: Vec<u128> = list
        .iter()
        .map(|t| t.strip_prefix('+').unwrap_or(t).parse().ok())
        .collect::<Option<_>>()?;
    numbers.sort_unstable();
    Some(numbers)
}

/// The numbers of a printed rule such as `sub:1,3,4`.
fn printed(rule: &str) -> Vec<u128> {
    let (_, list) = rule.split_once(':').unwrap();
    list.split(',').map(|t| t.parse().unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn a_take_is_printed_as_the_number_written_or_refused(
        list in prop::collection::vec(take_text(), 1..4),
    ) {
        let text = format!("sub:{}", list.join(","));
        let written = numbers(&list);
        if let Ok(rule) = text.parse::<Rule>() {
            prop_assert_eq!(Some(printed(&rule.to_string())), written.clone(), "{}", text);
        }
        if let Ok(ruleset) = text.parse::<Ruleset>() {
            let shown = printed(&ruleset.to_string());
            prop_assert_eq!(Some(shown.clone()), written, "{}", text);
            prop_assert!(shown.iter().all(|&t| (1..=24).contains(&t)), "{}", text);
        }
    }
}
