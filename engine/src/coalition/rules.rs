//! How one heap can move, tabulated once per ruleset: the coalition search never
//! asks a rule anything else.
//!
//! Three families are accepted: Nim (take any positive number), subtraction sets
//! (take exactly one of the listed numbers) and octal take-and-break codes in the
//! usual convention of *Winning Ways*: digit `d_k` governs a take of `k` counters,
//! its bit 1 allows taking the whole heap, bit 2 leaving one non-empty heap and
//! bit 4 leaving two non-empty heaps. Kayles is `0.77` and Dawson's Kayles `0.07`.
//!
//! Every take is from 1 to [`LARGEST_HEAP`](super::LARGEST_HEAP), the largest
//! heap any measurement holds: a larger one could never be made, so it is
//! refused when the ruleset is read, never cut to fit.
//!
//! A heap with no move is *dead*: it can never be touched again, so it is dropped
//! from every position (the canonical form of `position.rs` relies on this).
//! Besides the options, this module computes each heap's *lengths of play*: the
//! numbers of moves in the lines of play inside that heap alone, to the end. Moves
//! on different heaps interleave freely, so the lengths of a position are the
//! sums of one length from each of its heaps.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use super::LARGEST_HEAP;
use crate::games::subtraction::TakesError;
use crate::games::{OctalCode, SubtractionSet};
use crate::numbers::grouped;

/// How a coalition ruleset is written, for error messages and `--help`.
pub const RULESET_SYNTAX: &str = "`nim`, `kayles` (octal ·77), `dawsons-kayles` (octal ·07), \
     `sub:1,2` (a subtraction set) or `octal:·77` (an octal code, also `.77`, `0.77`, `4.07`)";

/// The rules of a heap game: `nim`, `sub:1,2` or `octal:0.07`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruleset {
    /// Take any positive number of counters from one heap.
    Nim,
    /// Take exactly one of these numbers of counters from one heap (each
    /// from 1 to [`LARGEST_HEAP`] when read from text).
    Subtraction(Vec<u32>),
    /// An octal code: `digits[k]` is the digit `d_k` for a take of `k` counters,
    /// so Kayles `0.77` is `vec![0, 7, 7]`. Of `d_0` only bit 4 (split a heap in
    /// two without taking) has a meaning; its bits 1 and 2 would allow moves that
    /// change nothing, and are ignored.
    Octal(Vec<u8>),
}

impl Ruleset {
    /// The distinct ways a heap of `size` can move, each given as the list of
    /// heaps it leaves (empty heaps omitted, each list sorted ascending).
    fn raw_options(&self, size: u32) -> Vec<Vec<u32>> {
        let mut options: Vec<Vec<u32>> = match self {
            Ruleset::Nim => (0..size).map(|left| vec![left]).collect(),
            Ruleset::Subtraction(takes) => takes
                .iter()
                .filter(|&&take| take >= 1 && take <= size)
                .map(|&take| vec![size - take])
                .collect(),
            Ruleset::Octal(digits) => octal_options(digits, size),
        };
        for option in &mut options {
            option.retain(|&heap| heap > 0);
            option.sort_unstable();
        }
        options.sort();
        options.dedup();
        options
    }
}

impl fmt::Display for Ruleset {
    /// The canonical spelling: `nim`, `sub:1,2`, `octal:0.07`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruleset::Nim => write!(f, "nim"),
            Ruleset::Subtraction(takes) => {
                let list: Vec<String> = takes.iter().map(u32::to_string).collect();
                write!(f, "sub:{}", list.join(","))
            }
            Ruleset::Octal(digits) => {
                let fraction: String = digits[1..].iter().map(u8::to_string).collect();
                write!(f, "octal:{}.{fraction}", digits[0])
            }
        }
    }
}

impl FromStr for Ruleset {
    type Err = String;

    fn from_str(text: &str) -> Result<Ruleset, String> {
        let (kind, spec) = match text.trim().split_once(':') {
            Some((kind, spec)) => (kind.trim(), spec),
            None => (text.trim(), ""),
        };
        match kind {
            "nim" if spec.is_empty() => Ok(Ruleset::Nim),
            "kayles" if spec.is_empty() => parse_octal_code("·77").map(Ruleset::Octal),
            "dawsons-kayles" if spec.is_empty() => parse_octal_code("·07").map(Ruleset::Octal),
            "pass" | "hex" => Err(format!(
                "`{text}` is a rule of `ladder seq`, but the coalition search takes no pass and \
                 no three-way split: write {RULESET_SYNTAX}"
            )),
            "sub" => parse_takes(spec)
                .map(Ruleset::Subtraction)
                .map_err(|e| format!("in `{text}`: {e}")),
            "octal" => parse_octal_code(spec)
                .map(Ruleset::Octal)
                .map_err(|e| format!("in `{text}`: {e}")),
            _ => Err(format!(
                "`{text}` is not a coalition ruleset: write {RULESET_SYNTAX}"
            )),
        }
    }
}

/// `1,3` → `[1, 3]`, read by the site's one take-list parser
/// (`games::SubtractionSet`), each take then kept only if some heap of a
/// measurement can hold it: a take is never cut to fit a `u32`.
fn parse_takes(list: &str) -> Result<Vec<u32>, String> {
    let never = |take: &str| {
        format!(
            "a take of {take} can never be made: a coalition heap holds at most {LARGEST_HEAP} \
             counters, so takes are from 1 to {LARGEST_HEAP}"
        )
    };
    let set = SubtractionSet::parse(list).map_err(|e| match e {
        TakesError::TooLarge(take) => never(&take),
        e => e.to_string(),
    })?;
    set.takes()
        .iter()
        .map(|&take| within_a_heap(take).ok_or_else(|| never(&grouped(take as u64))))
        .collect()
}

/// `take` as a heap size, if the largest heap of any measurement holds it.
fn within_a_heap(take: usize) -> Option<u32> {
    u32::try_from(take)
        .ok()
        .filter(|&take| take <= LARGEST_HEAP)
}

/// `0.77` → `[0, 7, 7]`: `d_0, d_1, …` up to the largest take, read by the
/// site's one octal-code parser (`games::OctalCode`), so a code means the
/// same here as on the Grundy pages. Its largest take, like a subtraction
/// set's, must fit the largest heap.
fn parse_octal_code(code: &str) -> Result<Vec<u8>, String> {
    let code = OctalCode::parse(code.trim()).map_err(|e| e.to_string())?;
    let largest = code.largest_take();
    if largest == 0 {
        return Err(format!(
            "`{code}` allows no take: name a non-zero digit after the point"
        ));
    }
    if within_a_heap(largest).is_none() {
        return Err(format!(
            "`{code}` takes {} counters, but a coalition heap holds at most {LARGEST_HEAP}, so \
             takes are from 1 to {LARGEST_HEAP}",
            grouped(largest as u64)
        ));
    }
    Ok((0..=largest).map(|take| code.digit(take)).collect())
}

/// The options of a heap of `size` under an octal code, before tidying.
fn octal_options(digits: &[u8], size: u32) -> Vec<Vec<u32>> {
    let mut options = Vec::new();
    for (take, &digit) in (0u32..).zip(digits) {
        if take > size {
            break;
        }
        let rest = size - take;
        if take > 0 && digit & 1 != 0 && rest == 0 {
            options.push(vec![]);
        }
        if take > 0 && digit & 2 != 0 && rest > 0 {
            options.push(vec![rest]);
        }
        if digit & 4 != 0 && rest >= 2 {
            options.extend((1..=rest / 2).map(|left| vec![left, rest - left]));
        }
    }
    options
}

/// Every heap up to a largest size, with its options already stripped of dead
/// heaps: the table the search reads.
#[derive(Debug, Clone)]
pub struct MoveTable {
    /// `options[n]`: the distinct lists of live heaps a heap of `n` can leave.
    options: Vec<Vec<Vec<u32>>>,
}

impl MoveTable {
    /// Tabulates heaps `0..=largest_heap`. Moves never enlarge a heap, so every
    /// position built from heaps up to `largest_heap` stays inside the table.
    pub fn new(ruleset: &Ruleset, largest_heap: u32) -> MoveTable {
        let raw: Vec<Vec<Vec<u32>>> = (0..=largest_heap).map(|n| ruleset.raw_options(n)).collect();
        let dead: Vec<bool> = raw.iter().map(Vec::is_empty).collect();
        let options = raw
            .into_iter()
            .map(|heap_options| {
                let mut live: Vec<Vec<u32>> = heap_options
                    .into_iter()
                    .map(|option| {
                        option
                            .into_iter()
                            .filter(|&heap| !dead[heap as usize])
                            .collect()
                    })
                    .collect();
                live.sort();
                live.dedup();
                live
            })
            .collect();
        MoveTable { options }
    }

    /// The largest heap the table covers.
    pub fn largest_heap(&self) -> u32 {
        (self.options.len() - 1) as u32
    }

    /// Whether a heap of `size` has no move at all (size 0 included).
    pub fn is_dead(&self, size: u32) -> bool {
        self.options[size as usize].is_empty()
    }

    /// The distinct lists of live heaps a heap of `size` can leave.
    pub fn options(&self, size: u32) -> &[Vec<u32>] {
        &self.options[size as usize]
    }

    /// The lengths of play of every heap `0..=largest_heap`, smallest heap first.
    ///
    /// A heap's lengths are one more than the lengths of what a move leaves, over
    /// all its moves; what a move leaves is a sum, whose lengths are the sums of
    /// one length per part. A dead heap has the single length 0.
    pub fn lengths_of_play(&self) -> Vec<BTreeSet<u32>> {
        let mut lengths: Vec<BTreeSet<u32>> = Vec::with_capacity(self.options.len());
        for heap_options in &self.options {
            let mut heap_lengths = BTreeSet::new();
            for option in heap_options {
                let left = option.iter().fold(BTreeSet::from([0]), |sums, &part| {
                    sumset(&sums, &lengths[part as usize])
                });
                heap_lengths.extend(left.into_iter().map(|length| length + 1));
            }
            if heap_lengths.is_empty() {
                heap_lengths.insert(0);
            }
            lengths.push(heap_lengths);
        }
        lengths
    }
}

/// `{a + b : a in first, b in second}`.
fn sumset(first: &BTreeSet<u32>, second: &BTreeSet<u32>) -> BTreeSet<u32> {
    first
        .iter()
        .flat_map(|&a| second.iter().map(move |&b| a + b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(table: &MoveTable, size: u32) -> Vec<u32> {
        table.lengths_of_play()[size as usize]
            .iter()
            .copied()
            .collect()
    }

    #[test]
    fn rulesets_parse_and_print_canonically() {
        for (text, ruleset) in [
            ("nim", Ruleset::Nim),
            ("sub:2,1", Ruleset::Subtraction(vec![1, 2])),
            ("octal:0.77", Ruleset::Octal(vec![0, 7, 7])),
            ("octal:0.070", Ruleset::Octal(vec![0, 0, 7])),
            ("octal:·77", Ruleset::Octal(vec![0, 7, 7])),
            ("kayles", Ruleset::Octal(vec![0, 7, 7])),
            ("dawsons-kayles", Ruleset::Octal(vec![0, 0, 7])),
        ] {
            let parsed: Ruleset = text.parse().unwrap();
            assert_eq!(parsed, ruleset, "{text}");
            assert_eq!(parsed.to_string().parse::<Ruleset>().unwrap(), ruleset);
        }
        assert_eq!("sub:3,1".parse::<Ruleset>().unwrap().to_string(), "sub:1,3");
        assert_eq!(
            "octal:0.07".parse::<Ruleset>().unwrap().to_string(),
            "octal:0.07"
        );
    }

    #[test]
    fn bad_rulesets_say_what_is_wrong() {
        let error = |text: &str| text.parse::<Ruleset>().unwrap_err();
        assert!(error("sub:1,1").contains("listed twice"));
        assert!(error("octal:0.78").contains("`8`, is not an octal digit"));
        assert!(error("octal:077").contains("has no point"));
        assert!(error("octal:0.0").contains("allows no take"));
        assert!(error("octal:10.7").contains("only one digit, 0 or 4, may stand before the point"));
        assert!(error("kayle").contains("not a coalition ruleset"));
        assert!(error("kayles:3").contains("not a coalition ruleset"));
        assert!(error("nim:3").contains("not a coalition ruleset"));
        assert!(error("hex:·8").contains("no three-way split"));
        assert!(error("pass:1,2").contains("takes no pass"));
    }

    #[test]
    fn a_take_no_heap_can_hold_is_refused_never_cut() {
        let error = |text: &str| text.parse::<Ruleset>().unwrap_err();
        // Cut to 32 bits these were `sub:1` and `sub:0`.
        for (text, number) in [
            ("sub:4294967297", "4,294,967,297"),
            ("sub:4294967296", "4,294,967,296"),
            ("sub:1,18446744073709551615", "18,446,744,073,709,551,615"),
            ("sub:1,25", "25"),
        ] {
            let message = error(text);
            assert!(
                message.contains(&format!("a take of {number} "))
                    && message.contains("from 1 to 24"),
                "{text}: {message}"
            );
        }
        // Past the largest count too: the same range, the number as written.
        let message = error("sub:1,18446744073709551616");
        assert!(
            message.contains("a take of 18446744073709551616 ") && message.contains("from 1 to 24"),
            "{message}"
        );
        assert!(error("sub:-1").contains("`-1` is not a take"));
        assert!(error("sub:1,-0").contains("`-0` is not a take"));
        // The largest take a heap can hold is kept; `+5` and `007` are 5 and 7.
        assert_eq!(
            "sub:24".parse::<Ruleset>().unwrap(),
            Ruleset::Subtraction(vec![24])
        );
        assert_eq!(
            "sub:+5,007".parse::<Ruleset>().unwrap().to_string(),
            "sub:5,7"
        );
    }

    #[test]
    fn an_octal_code_past_the_largest_heap_is_refused() {
        let take_24 = format!("octal:0.{}7", "0".repeat(23));
        let parsed: Ruleset = take_24.parse().unwrap();
        assert_eq!(parsed.to_string(), take_24);
        let take_25 = format!("octal:0.{}7", "0".repeat(24));
        let message = take_25.parse::<Ruleset>().unwrap_err();
        assert!(
            message.contains("takes 25 counters") && message.contains("from 1 to 24"),
            "{message}"
        );
    }

    #[test]
    fn nim_takes_anything() {
        let table = MoveTable::new(&Ruleset::Nim, 4);
        assert_eq!(table.options(3), &[vec![], vec![1], vec![2]]);
        assert!(table.is_dead(0));
        assert!(!table.is_dead(1));
        assert_eq!(menu(&table, 4), vec![1, 2, 3, 4]);
    }

    #[test]
    fn subtraction_takes_exactly() {
        let table = MoveTable::new(&Ruleset::Subtraction(vec![2, 3]), 10);
        assert!(table.is_dead(1));
        // A heap of 3 leaves a dead 1 or nothing: both are "nothing" here.
        assert_eq!(table.options(3), &[Vec::<u32>::new()]);
        assert_eq!(table.options(6), &[vec![3], vec![4]]);
        assert_eq!(menu(&table, 8), vec![3, 4]);
    }

    #[test]
    fn kayles_splits_rows() {
        let table = MoveTable::new(&Ruleset::Octal(vec![0, 7, 7]), 5);
        // A row of 4: take 1 (3 or 1+2), take 2 (2 or 1+1).
        assert_eq!(
            table.options(4),
            &[vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        assert_eq!(menu(&table, 4), vec![2, 3, 4]);
    }

    #[test]
    fn dawsons_kayles_drops_dead_pieces() {
        let table = MoveTable::new(&Ruleset::Octal(vec![0, 0, 7]), 6);
        assert!(table.is_dead(1));
        // A row of 5: 3, or 1+2 whose 1 is dead, so 2; or 2+1 likewise.
        assert_eq!(table.options(5), &[vec![2], vec![3]]);
        assert_eq!(menu(&table, 5), vec![2]);
        assert_eq!(menu(&table, 4), vec![1, 2]);
    }

    #[test]
    fn a_leading_four_splits_without_taking() {
        let table = MoveTable::new(&Ruleset::Octal(vec![4]), 4);
        // A heap of 1 cannot be split, so it is dead and dropped: {1, 3} is {3}.
        assert!(table.is_dead(1));
        assert_eq!(table.options(4), &[vec![2, 2], vec![3]]);
        // Every line splits a heap of 4 into four dead heaps of 1: three moves.
        assert_eq!(menu(&table, 4), vec![3]);
    }

    #[test]
    fn equal_menus_in_subtraction_two_three_and_dawsons_kayles() {
        let subtraction = MoveTable::new(&Ruleset::Subtraction(vec![2, 3]), 10).lengths_of_play();
        let dawson = MoveTable::new(&Ruleset::Octal(vec![0, 0, 7]), 10).lengths_of_play();
        assert_eq!(subtraction, dawson);
        // Negative control: Kayles does not share them.
        let kayles = MoveTable::new(&Ruleset::Octal(vec![0, 7, 7]), 10).lengths_of_play();
        assert_ne!(subtraction, kayles);
    }
}
