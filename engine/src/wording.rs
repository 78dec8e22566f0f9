//! Wording from data, in one place: a count and its noun (with a zero form),
//! a share of a total ("all 1,770 pairs", not "1,770 of the 1,770"), the
//! readers' name of a certificate kind, a rule's name in prose, typographic
//! quotes, and why an octal run stopped.
//!
//! The content reaches these through Tera filters (`crate::site::wording`
//! registers `plural`, `of_total`, `kind_name`, `word`); figures' Rust text calls the
//! functions themselves, so a page and a figure say it alike.

use crate::games::octal_memory::EngineStop;
use crate::numbers::{byte_size, counted, grouped};

/// `1 pair`, `1,770 pairs`, and for 0 the `zero` form if given
/// (`no pair`), else `0 pairs`.
pub fn plural(n: u64, one: &str, many: &str, zero: Option<&str>) -> String {
    match (n, zero) {
        (0, Some(zero)) => zero.to_string(),
        _ => counted(n, one, many),
    }
}

/// A small count in words, as prose writes it ("all but one"): zero to
/// ten spelt out, larger counts grouped in figures.
pub fn count_word(n: u64) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| grouped(n), |w| w.to_string())
}

/// `n` of `total` things: `all 1,770 pairs`, `none of the 1,770 pairs`,
/// `12 of the 1,770 pairs`; `the 1 pair` when the total is one, `both
/// pairs` when it is two.
pub fn of_total(n: u64, total: u64, one: &str, many: &str) -> String {
    match (n, total) {
        (1, 1) => format!("the 1 {one}"),
        (2, 2) => format!("both {many}"),
        (0, _) => format!("none of the {}", counted(total, one, many)),
        (n, t) if n == t => format!("all {}", counted(total, one, many)),
        _ => format!("{} of the {}", grouped(n), counted(total, one, many)),
    }
}

/// A certificate kind as readers read it: `guy-smith-k2` is
/// "Guy–Smith window (K = 2)", `window` is the subtraction game's
/// "m-pair window"; anything else is shown as it is.
pub fn kind_name(kind: &str) -> String {
    match kind.strip_prefix("guy-smith-k") {
        Some(k) if !k.is_empty() && k.chars().all(|c| c.is_ascii_digit()) => {
            format!("Guy–Smith window (K = {k})")
        }
        _ if kind == "window" => "m-pair window".to_string(),
        _ => kind.to_string(),
    }
}

/// Straight quotes to typographic ones: an apostrophe or closing quote
/// after a letter, digit or punctuation (`Dawson’s`, `”`), an opening one
/// at the start or after a space or bracket (`‘`, `“`).
pub fn typographic(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut before: Option<char> = None;
    for c in text.chars() {
        let opens = before.is_none_or(|b| b.is_whitespace() || "([{—–".contains(b));
        out.push(match (c, opens) {
            ('\'', true) => '‘',
            ('\'', false) => '’',
            ('"', true) => '“',
            ('"', false) => '”',
            (c, _) => c,
        });
        before = Some(c);
    }
    out
}

/// A rule as the prose names it, not as the command line spells it:
/// `sub:1,3,4` is `{1, 3, 4}` (with `pass:`, the same set: the page says
/// it has a pass), `octal:·137`, `octal:0.137` and `hex:·8` are `·137` and
/// `·8`, `nim` is `Nim`. The command line's spelling stays in the reproduce
/// command and the data.
pub fn rule_name(rule: &str) -> String {
    match rule.split_once(':') {
        Some(("sub" | "pass", takes)) => {
            let takes: Vec<&str> = takes.split(',').map(str::trim).collect();
            format!("{{{}}}", takes.join(", "))
        }
        Some(("octal" | "hex", code)) => {
            let code = code.trim();
            let digits = code
                .strip_prefix("0.")
                .or_else(|| code.strip_prefix('.'))
                .or_else(|| code.strip_prefix('·'));
            match digits {
                Some(digits) => format!("·{digits}"),
                None => code.replacen('.', "·", 1),
            }
        }
        _ if rule == "nim" => "Nim".to_string(),
        _ => rule.to_string(),
    }
}

/// Why an octal run of `rule` stopped short: a value its engines cannot
/// store, or memory refused, with what it asked for and where it stood.
pub fn engine_stop(rule: &str, stop: &EngineStop) -> String {
    match stop {
        EngineStop::ValueTooLarge(stop) => format!(
            "{rule}: heap {} has a value of 65,536 or more, past what a long octal run stores",
            grouped(stop.heap as u64)
        ),
        EngineStop::MemoryRefused(refused) => format!(
            "{rule}: cannot reserve memory for {} values ({}) at heap {}: the machine or a \
             limit (ulimit -v, a cgroup) refuses it",
            grouped(refused.values as u64),
            byte_size(refused.bytes),
            grouped(refused.heap as u64)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal_memory::MemoryRefused;
    use crate::games::octal_memory::ValueTooLarge;

    #[test]
    fn a_stopped_run_says_where_and_what_it_asked_for() {
        let refused = EngineStop::MemoryRefused(MemoryRefused {
            heap: 6_291_456,
            values: 6_356_992,
            bytes: 12_713_984,
        });
        assert_eq!(
            engine_stop("octal:·6", &refused),
            "octal:·6: cannot reserve memory for 6,356,992 values (13 MB) at heap 6,291,456: \
             the machine or a limit (ulimit -v, a cgroup) refuses it"
        );
        let wide = EngineStop::ValueTooLarge(ValueTooLarge { heap: 70_000 });
        assert!(engine_stop("octal:·6", &wide).contains("heap 70,000 has a value of 65,536"));
    }

    #[test]
    fn rules_are_named_as_the_prose_names_them() {
        assert_eq!(rule_name("sub:1,3,4"), "{1, 3, 4}");
        assert_eq!(rule_name("pass:3,7"), "{3, 7}");
        assert_eq!(rule_name("octal:·137"), "·137");
        assert_eq!(rule_name("octal:0.07"), "·07");
        assert_eq!(rule_name("octal:4.07"), "4·07");
        assert_eq!(rule_name("hex:.8"), "·8");
        assert_eq!(rule_name("nim"), "Nim");
    }

    #[test]
    fn counts_agree_with_their_nouns_with_a_zero_form() {
        assert_eq!(
            plural(0, "pair has", "pairs have", Some("no pair has")),
            "no pair has"
        );
        assert_eq!(plural(0, "break", "breaks", None), "0 breaks");
        assert_eq!(plural(1, "break", "breaks", None), "1 break");
        assert_eq!(plural(1770, "pair", "pairs", None), "1,770 pairs");
    }

    #[test]
    fn a_share_of_a_total_says_all_or_none() {
        assert_eq!(of_total(1770, 1770, "pair", "pairs"), "all 1,770 pairs");
        assert_eq!(
            of_total(0, 1770, "pair", "pairs"),
            "none of the 1,770 pairs"
        );
        assert_eq!(of_total(12, 1770, "pair", "pairs"), "12 of the 1,770 pairs");
        assert_eq!(of_total(1, 1, "pair", "pairs"), "the 1 pair");
        assert_eq!(of_total(2, 2, "pair", "pairs"), "both pairs");
        assert_eq!(of_total(1, 2, "pair", "pairs"), "1 of the 2 pairs");
    }

    #[test]
    fn certificate_kinds_have_proper_names() {
        assert_eq!(kind_name("guy-smith-k2"), "Guy–Smith window (K = 2)");
        assert_eq!(kind_name("guy-smith-k1"), "Guy–Smith window (K = 1)");
        assert_eq!(kind_name("window"), "m-pair window");
        assert_eq!(kind_name("other"), "other");
    }

    #[test]
    fn quotes_become_typographic() {
        assert_eq!(typographic("Dawson's chess"), "Dawson’s chess");
        assert_eq!(
            typographic("the notes say \"sixty repetitions\" ('ninety-eight')"),
            "the notes say “sixty repetitions” (‘ninety-eight’)"
        );
    }
}
