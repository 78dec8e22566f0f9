//! Two octal codes that are one game: a structural form, so that codes with
//! the same form are proved to have the same values (up to a shift of the
//! heaps) without computing them.
//!
//! **Lemma D (a dead heap).** If a code `A` has no move from a heap of one
//! (bit 1 of `d₁` clear), a heap of one is a game with no move, which adds
//! nothing to any sum in either play. Take every heap of `A` one smaller:
//! a heap of `n ≥ 1` becomes a heap of `n − 1`, and a heap of one vanishes.
//! A move of `A` that takes `k` and leaves `j` heaps of sizes `sᵢ ≥ 1`
//! becomes a move from `n − 1` to the heaps `sᵢ − 1`, of which those that
//! were one vanish: it takes `k + j − 1` and leaves at most `j` heaps. So
//! the moves of `A` are, heap for heap, the moves of the code `B` with
//!
//! > `B.dₘ = (1 if A.dₘ₊₁ has bit 1) | (3 if A.dₘ has bit 2) | (7 if A.dₘ₋₁ has bit 4)`,
//!
//! (`A.d₋₁ = 0`, `B.d₀ = 0`): from heap `j` of `B` the moves are exactly
//! the images of the moves from heap `j + 1` of `A`, and each image is a
//! legal move of `B` (a take of `k + j − 1` leaving any number of the `j`
//! heaps, down to none when all were ones). The game trees are the same
//! once empty heaps are dropped, so `A`'s heap `n + 1` and `B`'s heap `n`
//! have the same value in normal play and the same misère outcome in every
//! sum.
//!
//! **Lemma Z (a take of a whole heap that changes nothing).** Bit 1 of `dₖ`
//! adds one move, from the heap of exactly `k` to nothing, whose value is
//! 0. If two codes differ only in such bits at the takes `K`, heaps not in
//! `K` have the same options in both, so by induction on the heap the two
//! sequences are equal if they are equal at every heap of `K` (normal play
//! only: in misère play the empty sum is not a zero). So bit 1 of `dₖ` may
//! be set wherever, with the bits below `k` already settled, it leaves the
//! value of heap `k` unchanged: [`structural_form`] does so.
//!
//! The form applies Lemma D while it can (each step shifts the heaps by
//! one), then Lemma Z; two codes with the same form are the same game in
//! normal play, `g_A(n) = g_B(n + shift_B − shift_A)`, and, when Lemma Z
//! changed neither, in misère play as well.

use super::octal::{OctalCode, values};

/// A code's structural form: the code reached, the heaps shifted on the
/// way (Lemma D, once a step), and whether Lemma Z changed a digit (then
/// the equivalence is normal play's only).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form {
    pub code: OctalCode,
    pub shift: usize,
    pub whole_heap_bits: bool,
}

/// Lemma D's code `B` for a code `A` whose heap of one has no move, or
/// `None` when it has one (or the code has no move at all).
pub fn without_dead_heap(code: &OctalCode) -> Option<OctalCode> {
    if code.has_no_move() || code.digit(1) & 1 == 1 {
        return None;
    }
    let top = code.largest_take() + 1;
    let digits: Vec<u8> = (1..=top)
        .map(|m| {
            let mut d = 0;
            if code.digit(m + 1) & 1 == 1 {
                d |= 1;
            }
            if code.digit(m) & 2 == 2 {
                d |= 3;
            }
            if code.digit(m - 1) & 4 == 4 {
                d |= 7;
            }
            d
        })
        .collect();
    OctalCode::from_digits(0, &digits).ok()
}

/// The takes Lemma Z is tried at even past a code's last digit: a take `k`
/// the code does not have (`dₖ = 0`) gains the one move from the heap of
/// exactly `k` to nothing when that heap already has a move to a 0 (its
/// value is not 0), so ·36 and ·361 have one form when ·36's heap of three
/// is not 0. Four, the atlas's digits: two codes of up to four digits meet
/// in one form whichever of them is the longer.
pub const WHOLE_HEAP_TAKES: usize = 4;

/// The structural form of `code` ([`Form`]).
pub fn structural_form(code: &OctalCode) -> Form {
    let mut code = code.clone();
    let mut shift = 0;
    while let Some(smaller) = without_dead_heap(&code) {
        code = smaller;
        shift += 1;
    }
    let mut whole_heap_bits = false;
    for k in 1..=code.largest_take().max(WHOLE_HEAP_TAKES) {
        if code.digit(k) & 1 == 1 {
            continue;
        }
        let with = with_digit(&code, k, code.digit(k) | 1);
        if values(&with, k + 1)[k] == values(&code, k + 1)[k] {
            code = with;
            whole_heap_bits = true;
        }
    }
    Form {
        code,
        shift,
        whole_heap_bits,
    }
}

/// `code` with digit `k` replaced by `digit`.
fn with_digit(code: &OctalCode, k: usize, digit: u8) -> OctalCode {
    let takes: Vec<u8> = (1..=code.largest_take().max(k))
        .map(|t| if t == k { digit } else { code.digit(t) })
        .collect();
    OctalCode::from_digits(code.digit(0), &takes).unwrap_or_else(|_| code.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> OctalCode {
        text.parse().unwrap()
    }

    /// `g_a(n) = g_b(n + offset)` for the first `count` heaps of `a`.
    fn shifted_equal(a: &OctalCode, b: &OctalCode, offset: usize, count: usize) -> bool {
        let (va, vb) = (values(a, count), values(b, count + offset));
        (0..count).all(|n| va[n] == vb[n + offset])
    }

    #[test]
    fn a_dead_heap_of_one_shifts_the_code() {
        // ·37 and ·6 (Czajka's lookup table): ·6's heap of one is dead.
        assert_eq!(without_dead_heap(&code(".6")), Some(code(".37")));
        // 4·2 is ·7 shifted, and ·7 is the game 4·0 (Winning Ways).
        assert_eq!(without_dead_heap(&code("4.2")), Some(code(".7")));
        assert_eq!(without_dead_heap(&code(".137")), None);
        assert_eq!(without_dead_heap(&code(".0")), None);
    }

    #[test]
    fn the_form_proves_what_the_values_show() {
        // Every code of up to three digits, 0· and 4·: its form's code,
        // shifted back, has its values (the lemmas are theorems; this is
        // the check that the digits were written as the lemmas say).
        for prefix in [0u8, 4] {
            for number in 0..512u64 {
                let takes: Vec<u8> = (0..3)
                    .rev()
                    .map(|p| (number >> (3 * p) & 7) as u8)
                    .collect();
                let a = OctalCode::from_digits(prefix, &takes).unwrap();
                let form = structural_form(&a);
                assert!(
                    shifted_equal(&form.code, &a, form.shift, 300),
                    "{a}: form {} shifted {}",
                    form.code,
                    form.shift
                );
            }
        }
    }

    #[test]
    fn a_take_past_the_last_digit_joins_when_its_heap_is_not_zero() {
        // ·36's heap of three has value 1 (not 0): ·361 adds a move to 0
        // there and changes nothing, so the two have one form.
        assert_ne!(values(&code(".36"), 4)[3], 0);
        assert_eq!(
            structural_form(&code(".36")),
            structural_form(&code(".361"))
        );
        // ·4's heap of two has value 0: ·41 gives it a move to 0, a
        // different game, and the forms stay apart.
        assert_eq!(values(&code(".4"), 3)[2], 0);
        assert_ne!(values(&code(".41"), 3)[2], 0);
        assert_ne!(
            structural_form(&code(".4")).code,
            structural_form(&code(".41")).code
        );
    }

    #[test]
    fn a_wrong_digit_in_the_lemma_is_caught() {
        // The planted error: B.dₘ without the 7 from A.dₘ₋₁'s bit 4. ·6
        // would become ·3, whose values differ from ·6's shifted.
        assert!(!shifted_equal(&code(".3"), &code(".6"), 1, 50));
        assert!(shifted_equal(&code(".37"), &code(".6"), 1, 300));
    }
}
