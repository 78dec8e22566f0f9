//! Hexadecimal take-and-break games: the octal notation with one more bit.
//! Digit `d_k` (0 to F) governs a take of `k` counters: bit 1 lets the take
//! empty the heap, bit 2 leave one heap, bit 4 leave two, bit 8 leave three
//! non-empty heaps. `·8` takes one counter and splits the rest in three; a
//! digit before the point takes nothing and splits (`4.8`: split in two, or
//! take one and split in three).
//!
//! Periods are certified by the window of Theorem P with `K` the most heaps
//! a move leaves (see `games::octal_certificate`). Arithmetic periodicity,
//! `g(n + p) = g(n) + s`, is the usual way these games settle (Howse and
//! Nowakowski, "Periodicity and arithmetic-periodicity in hexadecimal
//! games", Theoretical Computer Science 313 (2004) 463–472); a saltus that is
//! a power of two is certified by Theorem C of `content/proofs.md`
//! (`games::saltus_certificate`), any other is reported as observed.

use std::fmt;

use crate::games::octal_certificate::{heaps_left, window_rule};
use crate::games::{OctalCode, hexadecimal_values, octal_engine};
#[cfg(test)]
use crate::sequence::mex;
use crate::sequence::{CertificateRule, Value};

/// A hexadecimal code: `digits[k]` governs a take of `k` (`digits[0]` is 0,
/// or a split of a heap with nothing taken: 4, 8 or C).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCode {
    digits: Vec<u8>,
}

impl HexCode {
    /// Reads `·8`, `.8`, `0.8`, or with a digit before the point that
    /// takes nothing and splits: `4.8` (two heaps), `8.8` (three), `C.8`.
    pub fn parse(text: &str) -> Result<HexCode, String> {
        let (before, body) = text.split_once(['.', '·']).ok_or_else(|| {
            format!("`{text}` is not a hexadecimal code: write one as ·8, .8 or 0.8")
        })?;
        let take_nothing = match before {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "C" | "c" => 12,
            _ => {
                return Err(format!(
                    "`{before}` before the point of `{text}` is not a split: a take of nothing may \
                     only split, so write 0, 4 (two heaps), 8 (three) or C (either)"
                ));
            }
        };
        if body.is_empty() {
            return Err(format!(
                "`{text}` has no digits after its point: write one as ·8"
            ));
        }
        let mut digits = vec![take_nothing];
        for (index, c) in body.chars().enumerate() {
            let digit = c.to_digit(16).ok_or_else(|| {
                format!(
                    "character {} of `{text}`, `{c}`, is not a hexadecimal digit (0 to 9, A to F)",
                    index + 1 + text.chars().count() - body.chars().count()
                )
            })?;
            digits.push(digit as u8);
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(HexCode { digits })
    }

    /// The digits `d_0 … d_t` (bit sets).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The largest take.
    pub fn largest_take(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// The most non-empty heaps one move may leave: the highest bit of any
    /// digit (bit 8 leaves three).
    pub fn most_heaps_left(&self) -> usize {
        self.digits
            .iter()
            .map(|&d| heaps_left(d))
            .max()
            .unwrap_or(0)
    }

    /// The window of Theorem P with `K` = [`HexCode::most_heaps_left`].
    pub fn certificate_rule(&self) -> CertificateRule {
        window_rule(&self.digits)
    }

    /// Whether some move leaves three heaps (a digit with bit 8).
    pub fn leaves_three(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// The same rules as an octal code, when no move leaves three heaps.
    pub fn as_octal(&self) -> Option<OctalCode> {
        if self.leaves_three() {
            return None;
        }
        OctalCode::from_digits(self.digits[0], &self.digits[1..]).ok()
    }

    /// The values of heaps `0 .. count`: by the octal engines when no move
    /// leaves three heaps, else by `games::hexadecimal_values`.
    pub fn values(&self, count: usize) -> Vec<Value> {
        match self.as_octal() {
            Some(code) => octal_engine::octal_values(&code, count, &|_| {}),
            None => hexadecimal_values::values(&self.digits, count),
        }
    }

    /// The values by the plain loop: every take, every way of leaving up
    /// to three heaps, XOR, mex. Cubic; the reference the engine must match.
    #[cfg(test)]
    pub fn values_plain(&self, count: usize) -> Vec<Value> {
        let mut values: Vec<Value> = Vec::with_capacity(count);
        let mut options: Vec<Value> = Vec::new();
        for heap in 0..count {
            options.clear();
            for (take, &digit) in self.digits.iter().enumerate().take(heap + 1) {
                let rest = heap - take;
                if digit & 1 != 0 && rest == 0 && take > 0 {
                    options.push(0);
                }
                if digit & 2 != 0 && rest >= 1 && take > 0 {
                    options.push(values[rest]);
                }
                if digit & 4 != 0 {
                    options.extend((1..=rest / 2).map(|a| values[a] ^ values[rest - a]));
                }
                if digit & 8 != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            options.push(values[a] ^ values[b] ^ values[rest - a - b]);
                        }
                    }
                }
            }
            values.push(mex(options.iter().copied()));
        }
        values
    }
}

impl fmt::Display for HexCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: String = self.digits[1..].iter().map(|d| format!("{d:X}")).collect();
        match self.digits[0] {
            0 => write!(f, "·{digits}"),
            before => write!(f, "{before:X}·{digits}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::values as octal_values;

    #[test]
    fn codes_read_in_every_spelling_and_print_in_capitals() {
        assert_eq!(HexCode::parse("·3f").unwrap().to_string(), "·3F");
        assert_eq!(
            HexCode::parse(".28").unwrap(),
            HexCode::parse("0.28").unwrap()
        );
        assert!(
            HexCode::parse("·3G")
                .unwrap_err()
                .contains("`G`, is not a hexadecimal digit")
        );
        assert!(
            HexCode::parse("8")
                .unwrap_err()
                .contains("not a hexadecimal code")
        );
        assert!(HexCode::parse("·").unwrap_err().contains("no digits"));
    }

    #[test]
    fn a_code_without_bit_eight_is_the_octal_game() {
        for code in ["·137", "·77", "·007", "·16", "·6"] {
            let hex = HexCode::parse(code).unwrap();
            let octal = OctalCode::parse(code).unwrap();
            assert_eq!(hex.values(300), octal_values(&octal, 300), "{code}");
        }
    }

    #[test]
    fn a_split_before_the_point_reads_and_prints() {
        let code = HexCode::parse("4.8").unwrap();
        assert_eq!(code.to_string(), "4·8");
        assert_eq!(code.digits(), [4, 8]);
        assert_eq!(HexCode::parse("c·0").unwrap().to_string(), "C·0");
        assert!(HexCode::parse("2.8").unwrap_err().contains("not a split"));
        // 4·07 as a hexadecimal code is the octal game.
        let octal = OctalCode::parse("4.07").unwrap();
        let hex = HexCode::parse("4.07").unwrap();
        assert_eq!(hex.values(200), octal_values(&octal, 200));
    }

    #[test]
    fn the_most_heaps_left_is_the_highest_bit() {
        let k = |text: &str| HexCode::parse(text).unwrap().most_heaps_left();
        assert_eq!(
            (k("·8"), k("·4"), k("·37"), k("·12"), k("·1"), k("4.1")),
            (3, 2, 2, 1, 0, 2)
        );
    }

    /// The window of Theorem P with K the most heaps a move leaves: three
    /// parts for a bit-8 digit, two for bit 4, one for bits 1 and 2.
    #[test]
    fn windows_follow_the_most_heaps_a_move_leaves() {
        use crate::sequence::{CertificateRule, certify};
        let window = |text: &str, start: usize, period: usize| {
            let CertificateRule::Scaled(w) = HexCode::parse(text).unwrap().certificate_rule()
            else {
                panic!("a code has a window");
            };
            (w.argument, w.end(start, period))
        };
        // ·8: t = 1, K = 3: n < 3·n0 + 2p + t − 2.
        assert_eq!(window("·8", 4, 3), ("guy-smith-k3", 3 * 4 + 2 * 3 + 1 - 2));
        assert_eq!(
            window("·137", 52, 34),
            ("guy-smith-k2", 2 * 52 + 34 + 3 - 1)
        );
        assert_eq!(window("·32", 5, 3), ("guy-smith-k1", 5 + 2));
        // Dawson's chess as a hexadecimal code is proven by 174 values, as octal.
        let dawson = HexCode::parse("·137").unwrap();
        let values = dawson.values(200);
        let c = certify(dawson.certificate_rule(), &values, 52, 34).unwrap();
        assert!(c.holds);
        assert_eq!(c.values_needed, 174);
    }

    /// The engine against the triple loop, on every one-digit code, the
    /// `4.`, `8.` and `C.` one-digit codes, and two-digit codes with bit 8.
    #[test]
    fn the_engine_matches_the_plain_loop() {
        let mut codes: Vec<String> = Vec::new();
        for before in ["", "4", "8", "C"] {
            for d in 0..16 {
                codes.push(format!("{before}.{d:X}"));
            }
        }
        for d1 in [1, 6, 8, 9, 0xB, 0xF] {
            for d2 in [8, 0xA, 0xC, 0xF] {
                codes.push(format!(".{d1:X}{d2:X}"));
            }
        }
        for text in codes {
            let code = HexCode::parse(&text).unwrap();
            assert_eq!(code.values(160), code.values_plain(160), "{text}");
        }
    }

    #[test]
    fn three_heaps_by_brute_force() {
        // ·8: take one and leave exactly three non-empty heaps. Check the
        // first values against a game search over multisets of heaps.
        use std::collections::HashMap;
        fn grundy(heaps: Vec<usize>, memo: &mut HashMap<Vec<usize>, Value>) -> Value {
            if let Some(&v) = memo.get(&heaps) {
                return v;
            }
            let mut seen = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                if h < 4 {
                    continue;
                }
                let rest = h - 1;
                for a in 1..rest {
                    for b in 1..rest - a {
                        let c = rest - a - b;
                        let mut next: Vec<usize> = heaps.clone();
                        next.remove(i);
                        next.extend([a, b, c]);
                        next.sort_unstable();
                        seen.push(grundy(next, memo));
                    }
                }
            }
            let v = mex(seen);
            memo.insert(heaps, v);
            v
        }
        let mut memo = HashMap::new();
        let code = HexCode::parse("·8").unwrap();
        let values = code.values_plain(13);
        assert_eq!(values, code.values(13));
        for (n, &value) in values.iter().enumerate() {
            assert_eq!(value, grundy(vec![n], &mut memo), "heap {n}");
        }
    }
}
