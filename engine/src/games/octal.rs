//! Octal games: take-and-break games named by a string of digits (Guy and
//! Smith, 1956; Winning Ways, chapter 4).
//!
//! Convention: the digit `d_k` says what a move that takes `k` counters from
//! one heap may leave behind. Bit `2^h` of the digit allows leaving exactly
//! `h` non-empty heaps: bit 1 nothing (so only from a heap of exactly `k`),
//! bit 2 one heap, bit 4 two heaps. Hexadecimal codes continue the same rule
//! with bit 8 for three heaps, which is why the digits are stored as bit sets
//! and the engine asks [`may_leave`] rather than naming the octal bits.
//!
//! Spelling: `·137`, `.137` or `0.137`; a digit before the point is `d_0`,
//! a take of nothing, and only `4` (split one heap in two, as in `4·0`) or `0`
//! make sense there (leaving nothing or one heap after taking nothing would
//! remove an empty heap or pass). Trailing zero digits allow no move, so the
//! canonical spelling drops them: `·600` is the rule table `·6`.
//!
//! Values are computed by the mex rule alone (Sprague–Grundy): a heap's
//! options are every legal take with every legal way of leaving heaps, a
//! position of several heaps is worth the XOR of its heaps, and the heap is
//! worth the least value absent from its options. [`values`] is written
//! plainly on purpose: it is the reference every faster engine must match.

use std::fmt;
use std::str::FromStr;

use crate::sequence::Value;

/// The largest digit of an octal code: three bits.
const LARGEST_OCTAL_DIGIT: u8 = 7;

/// A take-and-break rule table: `digits[k]` governs a take of `k` counters.
///
/// Invariant: `digits` holds `d_0` and at least `d_1`, `d_0` is 0 or 4, every
/// digit is at most 7, and the last digit is non-zero unless the code has
/// only `d_0` and `d_1`. Equal rule tables are equal values.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    digits: Vec<u8>,
}

/// Whether a digit allows leaving exactly `heaps` non-empty heaps.
pub fn may_leave(digit: u8, heaps: u32) -> bool {
    heaps < 8 && (digit >> heaps) & 1 == 1
}

/// Why a piece of text is not an octal code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OctalCodeError {
    /// Nothing was written.
    Empty,
    /// A point with no digits after it.
    NoDigits,
    /// Digits with no point: `137` could mean `·137` or `1·37`.
    MissingPoint,
    /// One character that cannot stand where it is (1-based position).
    BadCharacter {
        character: char,
        position: usize,
        reason: &'static str,
    },
}

impl fmt::Display for OctalCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalCodeError::Empty => write!(f, "the octal code is empty: write one as ·137"),
            OctalCodeError::NoDigits => write!(
                f,
                "the octal code has no digits after its point: write one as ·137 (·0 for no move)"
            ),
            OctalCodeError::MissingPoint => write!(
                f,
                "the octal code has no point: write ·137, .137 or 0.137 (d_1 comes right after it)"
            ),
            OctalCodeError::BadCharacter {
                character,
                position,
                reason,
            } => write!(
                f,
                "character {position} of the octal code, `{character}`, {reason}"
            ),
        }
    }
}

impl std::error::Error for OctalCodeError {}

/// Why a digit is wrong after the point, in words for the error message.
fn reason_after_point(character: char) -> &'static str {
    match character {
        '8' | '9' => "is not an octal digit: each digit is three bits, 0 to 7",
        '.' | '·' => "is a second point: a code has one",
        c if c.is_whitespace() => "is a space: a code is written without spaces",
        _ => "is not a digit: after the point come the digits 0 to 7",
    }
}

/// Why a digit before the point other than 0 or 4 is wrong.
fn reason_before_point(character: char) -> &'static str {
    match character {
        '1' | '3' | '5' | '7' => {
            "would take nothing and leave nothing: before the point only 0 or 4 (split) is allowed"
        }
        '2' | '6' => {
            "would take nothing and leave the heap, a pass: before the point only 0 or 4 (split) is allowed"
        }
        '8' | '9' => "is not an octal digit, and before the point only 0 or 4 (split) is allowed",
        _ => "cannot start an octal code: write ·137, .137, 0.137 or 4.137",
    }
}

fn is_point(character: char) -> bool {
    character == '.' || character == '·'
}

impl OctalCode {
    /// Builds a code from `d_0` and the digits `d_1 d_2 …` after the point.
    pub fn from_digits(take_nothing: u8, takes: &[u8]) -> Result<Self, OctalCodeError> {
        if takes.is_empty() {
            return Err(OctalCodeError::NoDigits);
        }
        if take_nothing != 0 && take_nothing != 4 {
            let character = char::from_digit(u32::from(take_nothing), 10).unwrap_or('?');
            return Err(OctalCodeError::BadCharacter {
                character,
                position: 1,
                reason: reason_before_point(character),
            });
        }
        if let Some(k) = takes.iter().position(|&d| d > LARGEST_OCTAL_DIGIT) {
            let character = char::from_digit(u32::from(takes[k]), 10).unwrap_or('?');
            return Err(OctalCodeError::BadCharacter {
                character,
                position: k + 1,
                reason: reason_after_point(character),
            });
        }
        let mut digits = Vec::with_capacity(takes.len() + 1);
        digits.push(take_nothing);
        digits.extend_from_slice(takes);
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// Parses `·137`, `.137`, `0.137` or `4.137` (also `4·137`).
    pub fn parse(text: &str) -> Result<Self, OctalCodeError> {
        let characters: Vec<char> = text.chars().collect();
        let (take_nothing, first_after_point) = match characters.as_slice() {
            [] => return Err(OctalCodeError::Empty),
            [point, ..] if is_point(*point) => (0, 1),
            [digit, point, ..] if digit.is_ascii_digit() && is_point(*point) => match digit {
                '0' => (0, 2),
                '4' => (4, 2),
                _ => {
                    return Err(OctalCodeError::BadCharacter {
                        character: *digit,
                        position: 1,
                        reason: reason_before_point(*digit),
                    });
                }
            },
            [digit, rest @ ..] if digit.is_ascii_digit() && rest.iter().any(|c| is_point(*c)) => {
                return Err(OctalCodeError::BadCharacter {
                    character: rest[0],
                    position: 2,
                    reason: "is one digit too many: only one digit, 0 or 4, may stand before the point",
                });
            }
            [digit, ..] if digit.is_ascii_digit() => return Err(OctalCodeError::MissingPoint),
            [other, ..] => {
                return Err(OctalCodeError::BadCharacter {
                    character: *other,
                    position: 1,
                    reason: reason_before_point(*other),
                });
            }
        };
        let mut takes = Vec::with_capacity(characters.len());
        for (index, &character) in characters.iter().enumerate().skip(first_after_point) {
            match character.to_digit(8) {
                Some(digit) => takes.push(digit as u8),
                None => {
                    return Err(OctalCodeError::BadCharacter {
                        character,
                        position: index + 1,
                        reason: reason_after_point(character),
                    });
                }
            }
        }
        OctalCode::from_digits(take_nothing, &takes)
    }

    /// The digit governing a take of `take` counters (0 beyond the code).
    pub fn digit(&self, take: usize) -> u8 {
        self.digits.get(take).copied().unwrap_or(0)
    }

    /// The largest take any move makes: the last non-zero digit's index
    /// (0 when the only move is `d_0`'s split, or when there is no move).
    pub fn largest_take(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// Whether some move may leave two or more heaps: the bit that takes a
    /// code out of the subtraction family (and out of the pigeonhole proof).
    pub fn has_split(&self) -> bool {
        self.most_heaps_left() >= 2
    }

    /// The most non-empty heaps a single move may leave (0 when no digit
    /// allows anything but taking a whole heap, or when there is no move).
    pub fn most_heaps_left(&self) -> u32 {
        self.digits
            .iter()
            .map(|&d| if d == 0 { 0 } else { 7 - d.leading_zeros() })
            .max()
            .unwrap_or(0)
    }

    /// Whether the code allows no move at all (only zero digits).
    pub fn has_no_move(&self) -> bool {
        self.digits.iter().all(|&d| d == 0)
    }

    /// The code whose `digits` digits after the point are `number` written
    /// in octal, leading zeros kept: 95 with 3 digits is ·137.
    pub fn from_number(number: u64, digits: u32) -> Self {
        let takes: Vec<u8> = (0..digits)
            .rev()
            .map(|place| (number >> (3 * place) & 7) as u8)
            .collect();
        OctalCode::from_digits(0, &takes).expect("three bits make an octal digit")
    }

    /// The digits after the point, as written in data files: `137`.
    pub fn digits_after_point(&self) -> String {
        self.digits[1..]
            .iter()
            .map(|&d| char::from(b'0' + d))
            .collect()
    }
}

impl fmt::Display for OctalCode {
    /// The canonical spelling: `·137`, or `4·07` when a take of nothing splits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.digits[0] != 0 {
            write!(f, "{}", self.digits[0])?;
        }
        write!(f, "·{}", self.digits_after_point())
    }
}

impl FromStr for OctalCode {
    type Err = OctalCodeError;

    fn from_str(text: &str) -> Result<Self, OctalCodeError> {
        OctalCode::parse(text)
    }
}

/// The option values of one heap, one flag per value.
///
/// XORs of values below `2^b` stay below `2^b`, so once the set has room for
/// the next power of two above the largest value so far, no option of the
/// next heap can fall outside it.
struct OptionValues {
    seen: Vec<bool>,
}

impl OptionValues {
    fn new() -> Self {
        OptionValues {
            seen: vec![false; 2],
        }
    }

    /// Grows the set to hold every XOR of values up to `largest_value`.
    fn make_room_for(&mut self, largest_value: Value) {
        let needed = (largest_value as usize + 1).next_power_of_two();
        if needed > self.seen.len() {
            self.seen.resize(needed, false);
        }
    }

    fn clear(&mut self) {
        self.seen.fill(false);
    }

    fn insert(&mut self, value: Value) {
        self.seen[value as usize] = true;
    }

    /// The least value not in the set.
    fn mex(&self) -> Value {
        self.seen
            .iter()
            .position(|&seen| !seen)
            .unwrap_or(self.seen.len()) as Value
    }
}

/// The Grundy values of heaps `0 .. count` under `code`, by the plain rule:
/// every take, every way of leaving heaps, XOR for sums, then the mex.
pub fn values(code: &OctalCode, count: usize) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::with_capacity(count);
    let mut options = OptionValues::new();
    for heap in 0..count {
        options.clear();
        for take in 0..=code.largest_take().min(heap) {
            let digit = code.digit(take);
            let rest = heap - take;
            if may_leave(digit, 0) && rest == 0 {
                options.insert(0);
            }
            if may_leave(digit, 1) && rest >= 1 {
                options.insert(values[rest]);
            }
            if may_leave(digit, 2) && rest >= 2 {
                // Every split rest = a + b with 1 ≤ a ≤ b: a rising, b falling.
                let half = rest / 2;
                let smaller = &values[1..=half];
                let larger = &values[rest - half..rest];
                for (a, b) in smaller.iter().zip(larger.iter().rev()) {
                    options.insert(a ^ b);
                }
            }
        }
        let value = options.mex();
        options.make_room_for(value);
        values.push(value);
    }
    values
}

/// The value of heap `heap` under `code` from the values of the heaps below
/// it (`below[k]` for `k < heap`, any width): the mex of its options, each
/// take and way of leaving heaps read once. For checking a stored value
/// without computing the others again: the work is the heap times the
/// splitting takes.
pub fn value_from_below<T: Copy + Into<u32>>(code: &OctalCode, below: &[T], heap: usize) -> Value {
    let value = |k: usize| -> Value { below[k].into() };
    let mut seen: Vec<u64> = Vec::new();
    let mut insert = |v: Value| {
        let word = v as usize / 64;
        if word >= seen.len() {
            seen.resize(word + 1, 0);
        }
        seen[word] |= 1 << (v % 64);
    };
    for take in 0..=code.largest_take().min(heap) {
        let digit = code.digit(take);
        let rest = heap - take;
        if may_leave(digit, 0) && rest == 0 {
            insert(0);
        }
        if may_leave(digit, 1) && rest >= 1 {
            insert(value(rest));
        }
        if may_leave(digit, 2) && rest >= 2 {
            for a in 1..=rest / 2 {
                insert(value(a) ^ value(rest - a));
            }
        }
    }
    seen.iter()
        .position(|&word| word != u64::MAX)
        .map_or(seen.len() * 64, |i| {
            i * 64 + seen[i].trailing_ones() as usize
        }) as Value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::mex;

    #[test]
    fn one_heap_from_the_values_below_it_is_the_plain_value() {
        for text in ["·6", "·137", "·07", "4·07", "·77", "·0", "·4"] {
            let code = code(text);
            let plain = values(&code, 300);
            for heap in 0..300 {
                assert_eq!(
                    value_from_below(&code, &plain[..heap], heap),
                    plain[heap],
                    "{text} {heap}"
                );
            }
        }
    }

    use std::collections::HashMap;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    #[test]
    fn the_usual_spellings_are_one_code() {
        assert_eq!(code("·137"), code(".137"));
        assert_eq!(code("·137"), code("0.137"));
        assert_eq!(code("0·137").to_string(), "·137");
        assert_eq!(code("4.07").to_string(), "4·07");
        assert_eq!(code("·600").to_string(), "·6");
        assert_eq!(code("·000").to_string(), "·0");
        assert_eq!(code("·137").digits_after_point(), "137");
    }

    #[test]
    fn split_bit_and_largest_take() {
        assert!(!code("·33").has_split());
        assert!(code("·37").has_split());
        assert!(code("4.3").has_split());
        assert!(!code("·0").has_split());
        assert_eq!(code("·137").largest_take(), 3);
        assert_eq!(code("·0300").largest_take(), 2);
        assert_eq!(code("·0").largest_take(), 0);
        assert_eq!(code("·12").most_heaps_left(), 1);
        assert_eq!(code("·1").most_heaps_left(), 0);
    }

    #[test]
    fn an_empty_code_is_rejected() {
        assert_eq!(OctalCode::parse(""), Err(OctalCodeError::Empty));
        assert_eq!(OctalCode::parse("·"), Err(OctalCodeError::NoDigits));
        assert_eq!(OctalCode::parse("4."), Err(OctalCodeError::NoDigits));
        assert!(
            OctalCode::parse("")
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
    }

    #[test]
    fn a_digit_eight_is_named_with_its_position() {
        let error = OctalCode::parse("·178").unwrap_err();
        assert_eq!(
            error,
            OctalCodeError::BadCharacter {
                character: '8',
                position: 4,
                reason: reason_after_point('8')
            }
        );
        let message = error.to_string();
        assert!(
            message.contains("`8`") && message.contains("not an octal digit"),
            "{message}"
        );
    }

    #[test]
    fn a_letter_a_space_and_a_second_point_are_named() {
        let letter = OctalCode::parse(".1a").unwrap_err().to_string();
        assert!(
            letter.contains("`a`") && letter.contains("not a digit"),
            "{letter}"
        );
        let space = OctalCode::parse("·1 3").unwrap_err().to_string();
        assert!(space.contains("space"), "{space}");
        let second = OctalCode::parse("0.1.3").unwrap_err().to_string();
        assert!(second.contains("second point"), "{second}");
    }

    #[test]
    fn a_bad_digit_before_the_point_is_named() {
        let pass = OctalCode::parse("2.13").unwrap_err().to_string();
        assert!(pass.contains("`2`") && pass.contains("pass"), "{pass}");
        let nothing = OctalCode::parse("1.13").unwrap_err().to_string();
        assert!(nothing.contains("only 0 or 4"), "{nothing}");
        let sign = OctalCode::parse("-.13").unwrap_err().to_string();
        assert!(
            sign.contains("`-`") && sign.contains("cannot start"),
            "{sign}"
        );
    }

    #[test]
    fn digits_without_a_point_are_rejected() {
        assert_eq!(OctalCode::parse("137"), Err(OctalCodeError::MissingPoint));
        assert!(
            OctalCode::parse("137")
                .unwrap_err()
                .to_string()
                .contains("no point")
        );
    }

    #[test]
    fn codes_are_numbered_as_octal_numerals() {
        assert_eq!(OctalCode::from_number(0o137, 3).to_string(), "·137");
        assert_eq!(OctalCode::from_number(0o7, 3).to_string(), "·007");
        assert_eq!(OctalCode::from_number(0o600, 3).to_string(), "·6");
    }

    #[test]
    fn from_digits_checks_like_parse() {
        assert_eq!(OctalCode::from_digits(0, &[1, 3, 7]).unwrap(), code("·137"));
        assert!(OctalCode::from_digits(0, &[9]).is_err());
        assert!(OctalCode::from_digits(2, &[1]).is_err());
        assert_eq!(
            OctalCode::from_digits(0, &[]),
            Err(OctalCodeError::NoDigits)
        );
    }

    #[test]
    fn a_code_of_zeros_has_no_move_and_every_value_is_zero() {
        let none = code("·000");
        assert!(none.has_no_move());
        assert_eq!(values(&none, 20), vec![0; 20]);
    }

    #[test]
    fn kayles_and_dawson_begin_as_published() {
        // Winning Ways, chapter 4: Kayles ·77 and Dawson's chess ·137.
        assert_eq!(
            values(&code("·77"), 18),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4]
        );
        assert_eq!(
            values(&code("·137"), 18),
            [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2]
        );
    }

    #[test]
    fn a_take_of_nothing_that_splits_counts_every_split() {
        // 4·0: the only move splits a heap into two non-empty heaps.
        // Heap 1 has no move; heap 2 → 1+1 (0); heap 3 → 1+2 (1); heap 4 → 1+3, 2+2.
        assert_eq!(values(&code("4.0"), 6), [0, 0, 1, 0, 1, 0]);
    }

    #[test]
    fn nim_prefix_is_the_heap_itself() {
        let nim = OctalCode::from_digits(0, &[3; 12]).unwrap();
        let v = values(&nim, 40);
        assert!((0..40).all(|n| v[n] as usize == n % 13));
    }

    #[test]
    fn option_values_grow_to_the_next_power_of_two() {
        let mut set = OptionValues::new();
        set.make_room_for(64);
        assert_eq!(set.seen.len(), 128);
        (0..64).for_each(|v| set.insert(v));
        assert_eq!(set.mex(), 64);
        set.insert(127);
        assert_eq!(set.mex(), 64);
        set.insert(64);
        assert_eq!(set.mex(), 65);
        (65..127).for_each(|v| set.insert(v));
        assert_eq!(set.mex(), 128);
        set.clear();
        assert_eq!(set.mex(), 0);
    }

    /// The value of a position (its heaps, sorted) found by playing the game
    /// itself: every move of every heap, no XOR rule, the shared `mex`.
    fn position_value(
        code: &OctalCode,
        heaps: Vec<usize>,
        memo: &mut HashMap<Vec<usize>, Value>,
    ) -> Value {
        if let Some(&value) = memo.get(&heaps) {
            return value;
        }
        let mut next_positions = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            for take in 0..=heap {
                let digit = code.digit(take);
                let rest = heap - take;
                let mut left_behind: Vec<Vec<usize>> = Vec::new();
                if may_leave(digit, 0) && rest == 0 {
                    left_behind.push(vec![]);
                }
                if may_leave(digit, 1) && rest >= 1 {
                    left_behind.push(vec![rest]);
                }
                if may_leave(digit, 2) {
                    left_behind.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
                }
                for parts in left_behind {
                    let mut next = heaps.clone();
                    next.remove(index);
                    next.extend(parts);
                    next.sort_unstable();
                    next_positions.push(next);
                }
            }
        }
        let option_values: Vec<Value> = next_positions
            .into_iter()
            .map(|next| position_value(code, next, memo))
            .collect();
        let value = mex(option_values);
        memo.insert(heaps, value);
        value
    }

    #[test]
    fn the_engine_agrees_with_playing_the_game_on_every_three_digit_code() {
        let mut codes: Vec<OctalCode> = (0..512u32)
            .map(|n| {
                OctalCode::from_digits(0, &[(n >> 6) as u8, (n >> 3 & 7) as u8, (n & 7) as u8])
                    .unwrap()
            })
            .collect();
        codes.extend(["4.0", "4.3", "4.007", "4.72"].map(code));
        for game in &codes {
            let mut memo = HashMap::new();
            let by_play: Vec<Value> = (0..11)
                .map(|heap| position_value(game, vec![heap], &mut memo))
                .collect();
            assert_eq!(values(game, 11), by_play, "{game}");
        }
    }
}
