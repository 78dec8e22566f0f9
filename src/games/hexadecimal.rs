//! Hexadecimal take-and-break games: the octal notation with one more bit.
//! Digit `d_k` (0 to F) governs a take of `k` counters: bit 1 lets the take
//! empty the heap, bit 2 leave one heap, bit 4 leave two, bit 8 leave three
//! non-empty heaps. `·8` takes one counter and splits the rest in three.
//!
//! Periods are certified by the window of the Guy–Smith argument widened to
//! three parts: from `n ≥ 3·n0 + 2p + t` the largest of three parts of
//! `n + p − t` is at least `n0 + p`, so it can be shortened by `p` and the
//! induction of the octal theorem goes through; the window is therefore
//! `n0 ≤ n < 3·n0 + 2p + t` (one pair more from `n0 = 0`, as for octal
//! codes). This is the octal argument carried over, not a separately
//! published theorem, and the certificates say `three-part-window`.
//!
//! Arithmetic periodicity, `g(n + p) = g(n) + s`, is the usual way these
//! games settle (Howse and Nowakowski, "Periodicity and arithmetic-periodicity
//! in hexadecimal games", Theoretical Computer Science 313 (2004) 463–472).
//! Their theorem certifies it under conditions on `s` and the window that
//! this program does not check, so a saltus found here is always reported
//! as observed, not certified, and is never used to value a large heap.

use std::fmt;

use crate::sequence::{CertificateRule, ScaledWindow, Value, mex};

/// A hexadecimal code: `digits[k]` governs a take of `k` (`digits[0]` = 0).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCode {
    digits: Vec<u8>,
}

impl HexCode {
    /// Reads `·8`, `.8` or `0.8`; digits 0–9 and A–F (either case).
    pub fn parse(text: &str) -> Result<HexCode, String> {
        let body = text
            .strip_prefix("0.")
            .or_else(|| text.strip_prefix('.'))
            .or_else(|| text.strip_prefix('·'))
            .ok_or_else(|| {
                format!("`{text}` is not a hexadecimal code: write one as ·8, .8 or 0.8")
            })?;
        if body.is_empty() {
            return Err(format!(
                "`{text}` has no digits after its point: write one as ·8"
            ));
        }
        let mut digits = vec![0];
        for (index, c) in body.chars().enumerate() {
            let digit = c.to_digit(16).ok_or_else(|| {
                format!(
                    "character {} of `{text}`, `{c}`, is not a hexadecimal digit (0 to 9, A to F)",
                    index + 1 + text.len() - body.len()
                )
            })?;
            digits.push(digit as u8);
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(HexCode { digits })
    }

    /// The largest take.
    pub fn largest_take(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// The most non-empty heaps one move may leave.
    pub fn most_heaps_left(&self) -> usize {
        self.digits
            .iter()
            .map(|&d| 8 - d.leading_zeros() as usize)
            .max()
            .unwrap_or(0)
    }

    /// The three-part window (or the octal windows for codes that leave fewer).
    pub fn certificate_rule(&self) -> CertificateRule {
        let heaps = self.most_heaps_left().max(1);
        CertificateRule::Scaled(ScaledWindow {
            argument: if heaps >= 3 {
                "three-part-window"
            } else {
                "guy-smith"
            },
            preperiod_multiple: heaps,
            period_multiple: heaps - 1,
            reach: self.largest_take(),
            from_zero_extra: 1,
        })
    }

    /// The values of heaps `0 .. count`: every take, every way of leaving up
    /// to three heaps, XOR, mex. Quadratic in two parts, cubic in three.
    pub fn values(&self, count: usize) -> Vec<Value> {
        let mut values: Vec<Value> = Vec::with_capacity(count);
        let mut options: Vec<Value> = Vec::new();
        for heap in 0..count {
            options.clear();
            for (take, &digit) in self.digits.iter().enumerate().take(heap + 1).skip(1) {
                let rest = heap - take;
                if digit & 1 != 0 && rest == 0 {
                    options.push(0);
                }
                if digit & 2 != 0 && rest >= 1 {
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
        write!(f, "·{digits}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::{OctalCode, values as octal_values};

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
        let values = code.values(13);
        for (n, &value) in values.iter().enumerate() {
            assert_eq!(value, grundy(vec![n], &mut memo), "heap {n}");
        }
    }
}
