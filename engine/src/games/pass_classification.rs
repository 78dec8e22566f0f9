//! R. M. Low's closed forms for the two-take subtraction game with a single pass (seed
//! `002_625bde5f81a5641f.txt`), written independently of the recursion, and their check against it.
//!
//! For takes `{x < y}` write `y = q·x + r` with `q ≥ 1` and `0 ≤ r < x`. The classification splits
//! five ways (q = 1 forces r > 0):
//!
//! | case | prefix word of `h` | preperiod `N` |
//! | --- | --- | --- |
//! | `q = 1` | `0^x 2^x 1^x 3^r` | `3x + r` |
//! | `q = 2m`, `r = 0` | `0^x 2^x 1^x (0^x 1^x)^(m−1) 3^x` | `(q + 2)x` |
//! | `q = 2m`, `r > 0` | `0^x 2^x 1^x (0^x 1^x)^(m−1) 2^r 3^(x−r)` | `(q + 2)x` |
//! | `q = 2m + 1 ≥ 3`, `r = 0` | `0^x 2^x 1^x (0^x 1^x)^(m−1) 2^x` | `(q + 1)x` |
//! | `q = 2m + 1 ≥ 3`, `r > 0` | `0^x 2^x 1^x (0^x 1^x)^(m−1) 0^r 2^(x−r) 1^x 3^r` | `(q + 2)x + r` |
//!
//! The prefix word is `h(0) … h(N − 1)`, so its length is `N`. From `N` on, `h(n) = g(n + y)`: the
//! pass-available sequence is the ordinary one shifted by the larger take. Hence the eventual period
//! of `h` is the ordinary least period: `2x` when `y` is an odd multiple of `x`, else `x + y`.
//! The paper's text is damaged by extraction; the words above are reconstructed from its
//! block-by-block derivations (the boundary blocks `0^r 2^(x−r)`, `2^r 3^(x−r)`, `3^r`, and the
//! odd-`q` prefixes it prints whole), and the check below is what arbitrates.

use serde::{Deserialize, Serialize};

use crate::games::pass::{PassGame, PassValues};
use crate::sequence::{DEFAULT_MIN_REPEATS, Value};

/// The five cases of the classification, by `q` and `r` in `y = q·x + r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassCase {
    /// `q = 1`, so `x < y < 2x`.
    QuotientOne,
    /// `q` even, `x` divides `y`.
    EvenQuotientDivides,
    /// `q` even, `r > 0`.
    EvenQuotientRemainder,
    /// `q ≥ 3` odd, `x` divides `y`: `y` is an odd multiple of `x`.
    OddQuotientDivides,
    /// `q ≥ 3` odd, `r > 0`.
    OddQuotientRemainder,
}

impl PassCase {
    /// All five, in the paper's order.
    pub const ALL: [PassCase; 5] = [
        PassCase::QuotientOne,
        PassCase::EvenQuotientDivides,
        PassCase::EvenQuotientRemainder,
        PassCase::OddQuotientDivides,
        PassCase::OddQuotientRemainder,
    ];

    /// Where the case stands in [`PassCase::ALL`], the paper's order: the
    /// figures' colour and mark for it.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The condition on `q` and `r` that selects the case.
    pub fn condition(self) -> &'static str {
        match self {
            PassCase::QuotientOne => "q = 1",
            PassCase::EvenQuotientDivides => "q even, r = 0",
            PassCase::EvenQuotientRemainder => "q even, r > 0",
            PassCase::OddQuotientDivides => "q odd ≥ 3, r = 0",
            PassCase::OddQuotientRemainder => "q odd ≥ 3, r > 0",
        }
    }

    /// The prefix word `h(0) … h(N − 1)` in the paper's notation, `m = ⌊q/2⌋`.
    pub fn word_formula(self) -> &'static str {
        match self {
            PassCase::QuotientOne => "0^x 2^x 1^x 3^r",
            PassCase::EvenQuotientDivides => "0^x 2^x 1^x (0^x 1^x)^(m−1) 3^x",
            PassCase::EvenQuotientRemainder => "0^x 2^x 1^x (0^x 1^x)^(m−1) 2^r 3^(x−r)",
            PassCase::OddQuotientDivides => "0^x 2^x 1^x (0^x 1^x)^(m−1) 2^x",
            PassCase::OddQuotientRemainder => "0^x 2^x 1^x (0^x 1^x)^(m−1) 0^r 2^(x−r) 1^x 3^r",
        }
    }

    /// Whether the paper's extracted text (seed 002) prints the prefix word whole, or only
    /// fragments of it from which the word here is reconstructed. The even-`q` displays are lost
    /// in extraction; only their boundary block `2^r 3^(x−r)` survives in the proof.
    pub fn word_is_reconstructed(self) -> bool {
        matches!(
            self,
            PassCase::EvenQuotientDivides | PassCase::EvenQuotientRemainder
        )
    }

    /// The preperiod `N` as the paper's formula (16) writes it.
    pub fn preperiod_formula(self) -> &'static str {
        match self {
            PassCase::QuotientOne | PassCase::OddQuotientRemainder => "(q+2)x + r",
            PassCase::EvenQuotientDivides | PassCase::EvenQuotientRemainder => "(q+2)x",
            PassCase::OddQuotientDivides => "(q+1)x",
        }
    }

    /// The eventual least period as the paper's formula (25) gives it for this case.
    pub fn period_formula(self) -> &'static str {
        match self {
            PassCase::OddQuotientDivides => "2x",
            _ => "x + y",
        }
    }

    /// The case of the takes `{x < y}`.
    pub fn of(takes: TwoTakes) -> PassCase {
        let (q, r) = (takes.quotient(), takes.remainder());
        match (q, q % 2 == 0, r == 0) {
            (1, _, _) => PassCase::QuotientOne,
            (_, true, true) => PassCase::EvenQuotientDivides,
            (_, true, false) => PassCase::EvenQuotientRemainder,
            (_, false, true) => PassCase::OddQuotientDivides,
            (_, false, false) => PassCase::OddQuotientRemainder,
        }
    }
}

/// Two takes `x < y`, both positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
pub struct TwoTakes {
    pub x: usize,
    pub y: usize,
}

impl TwoTakes {
    /// `None` unless `0 < x < y`.
    pub fn new(x: usize, y: usize) -> Option<TwoTakes> {
        (0 < x && x < y).then_some(TwoTakes { x, y })
    }

    /// `q` in `y = q·x + r`.
    pub fn quotient(self) -> usize {
        self.y / self.x
    }

    /// `r` in `y = q·x + r`.
    pub fn remainder(self) -> usize {
        self.y % self.x
    }

    /// The game these takes define.
    pub fn game(self) -> PassGame {
        PassGame::from_takes(&[self.x, self.y]).expect("0 < x < y is a valid subtraction set")
    }
}

/// A run of one value in a prefix word: `value^length`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Block {
    pub value: Value,
    pub length: usize,
    /// The length as the paper writes it: `x`, `r` or `x−r`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub exponent: crate::interned::Name,
}

impl Block {
    /// The block as the paper writes it, e.g. `2^(x−r)`.
    pub fn symbol(&self) -> String {
        match self.exponent {
            "x" | "r" => format!("{}^{}", self.value, self.exponent),
            other => format!("{}^({other})", self.value),
        }
    }
}

/// Everything the classification predicts for one pair of takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ClosedForm {
    pub case: PassCase,
    /// `h(0) … h(N − 1)` as runs; its total length is `preperiod`.
    pub prefix_word: Vec<Block>,
    /// `N`: the least heap from which `h` (and the pair `(g, h)`) is periodic.
    pub preperiod: usize,
    /// The eventual least period of `h` (and of the pair).
    pub period: usize,
    /// `h(n) = g(n + tail_shift)` for `n ≥ N`; the shift is `y`.
    pub tail_shift: usize,
}

/// The paper's prediction for `{x < y}`.
pub fn closed_form(takes: TwoTakes) -> ClosedForm {
    ClosedForm {
        case: PassCase::of(takes),
        prefix_word: prefix_word(takes),
        preperiod: predicted_preperiod(takes),
        period: predicted_period(takes),
        tail_shift: takes.y,
    }
}

/// The prefix word `h(0) … h(N − 1)` as runs of equal values (see the module table).
pub fn prefix_word(takes: TwoTakes) -> Vec<Block> {
    let (x, q, r) = (takes.x, takes.quotient(), takes.remainder());
    let block = |value: Value, exponent: &'static str| Block {
        value,
        length: match exponent {
            "x" => x,
            "r" => r,
            _ => x - r,
        },
        exponent,
    };
    let mut word = vec![block(0, "x"), block(2, "x"), block(1, "x")];
    if q >= 2 {
        // Blocks 3 … 2m of the heap (in units of x) alternate 0, 1: (0^x 1^x)^(m−1).
        for _ in 1..q / 2 {
            word.extend([block(0, "x"), block(1, "x")]);
        }
    }
    let ending: Vec<Block> = match PassCase::of(takes) {
        PassCase::QuotientOne => vec![block(3, "r")],
        PassCase::EvenQuotientDivides => vec![block(3, "x")],
        PassCase::EvenQuotientRemainder => vec![block(2, "r"), block(3, "x−r")],
        PassCase::OddQuotientDivides => vec![block(2, "x")],
        PassCase::OddQuotientRemainder => {
            vec![block(0, "r"), block(2, "x−r"), block(1, "x"), block(3, "r")]
        }
    };
    word.extend(ending);
    word
}

/// The paper's `N`: `(q+1)x` (r = 0, q odd), `(q+2)x` (r = 0, q even), `(q+2)x + r` (r > 0,
/// q odd, q = 1 included), `(q+2)x` (r > 0, q even).
pub fn predicted_preperiod(takes: TwoTakes) -> usize {
    let (x, q, r) = (takes.x, takes.quotient(), takes.remainder());
    match (r == 0, q % 2 == 1) {
        (true, true) => (q + 1) * x,
        (true, false) => (q + 2) * x,
        (false, true) => (q + 2) * x + r,
        (false, false) => (q + 2) * x,
    }
}

/// The paper's period: `2x` when `y` is an odd multiple of `x`, otherwise `x + y`.
pub fn predicted_period(takes: TwoTakes) -> usize {
    let odd_multiple = takes.remainder() == 0 && takes.quotient() % 2 == 1;
    if odd_multiple {
        2 * takes.x
    } else {
        takes.x + takes.y
    }
}

/// Expands runs into the values they stand for.
pub fn expand(word: &[Block]) -> Vec<Value> {
    word.iter()
        .flat_map(|block| std::iter::repeat_n(block.value, block.length))
        .collect()
}

/// Where `value` first appears in `h` according to the prefix word (`None`: never). Every value
/// `h` ever takes occurs in the word, because the tail is a shift of `g` and the word already
/// contains 0, 1 and 2. So 0 at heap 0, 2 at `x`, 1 at `2x`, and 3 at the start of the word's last
/// block of threes, except when `y` is an odd multiple of `x`, where 3 never appears.
pub fn predicted_first_heap(takes: TwoTakes, value: Value) -> Option<usize> {
    expand(&prefix_word(takes)).iter().position(|&v| v == value)
}

/// How many heaps the check computes for `{x < y}`: enough to hold the paper's `N` (at most
/// `y + 2x`), the shift by `y`, and many full periods (at most `x + y`) beyond, so that the
/// search has room and the window certificate fits. It does not depend on the prediction.
pub fn heaps_checked(takes: TwoTakes) -> usize {
    4 * takes.y + 8 * (takes.x + takes.y)
}

/// The first place a prediction and the recursion part ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "claim", rename_all = "kebab-case")]
pub enum Disagreement {
    /// The prefix word predicts `predicted` at `heap`, the recursion gives `measured`.
    PrefixWord {
        heap: usize,
        predicted: Value,
        measured: Value,
    },
    /// `h(heap) ≠ g(heap + y)` although `heap ≥ N`.
    Tail {
        heap: usize,
        predicted: Value,
        measured: Value,
    },
    /// The certified least preperiod of the pair is not `N`. `heap` witnesses it: `N − 1` when the
    /// period already holds there, or the measured preperiod minus one when it still fails there.
    Preperiod {
        heap: usize,
        predicted: usize,
        measured: usize,
    },
    /// The certified least period of the pair is not the predicted one. `heap` is the first heap
    /// from the measured preperiod where the predicted period fails, or the measured preperiod
    /// itself when the predicted period holds but is not least.
    Period {
        heap: usize,
        predicted: usize,
        measured: usize,
    },
    /// The prediction contradicts itself: its prefix word is not `N` long. `heap` is where the
    /// shorter of the two ends.
    WordLengthIsNotPreperiod {
        heap: usize,
        word_length: usize,
        preperiod: usize,
    },
    /// No period was found and certified in the heaps computed (never expected).
    NoCertifiedPeriod { heap: usize },
}

impl Disagreement {
    /// The heap at which the disagreement shows.
    pub fn heap(&self) -> usize {
        match *self {
            Disagreement::PrefixWord { heap, .. }
            | Disagreement::Tail { heap, .. }
            | Disagreement::Preperiod { heap, .. }
            | Disagreement::Period { heap, .. }
            | Disagreement::WordLengthIsNotPreperiod { heap, .. }
            | Disagreement::NoCertifiedPeriod { heap } => heap,
        }
    }
}

/// One pair's verdict: what the recursion measured and where, if anywhere, the prediction fails.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ClosedFormCheck {
    pub takes: TwoTakes,
    pub case: PassCase,
    /// The measured least preperiod of `(g, h)`, certified; `None` if no period was certified.
    pub preperiod: Option<usize>,
    /// The measured least period of `(g, h)`, certified; `None` if no period was certified.
    pub period: Option<usize>,
    /// The disagreement at the smallest heap, `None` when every prediction holds.
    pub first_disagreement: Option<Disagreement>,
    /// The recursion's values, kept for the caller (figures, value census).
    pub values: PassValues,
}

impl ClosedFormCheck {
    /// Whether every prediction matched the recursion.
    pub fn agrees(&self) -> bool {
        self.first_disagreement.is_none()
    }
}

/// Checks the paper's closed form for `{x < y}` against the recursion.
pub fn check(takes: TwoTakes) -> ClosedFormCheck {
    check_prediction(takes, &closed_form(takes))
}

/// Checks any prediction (the paper's, or a deliberately wrong one in a negative control) for
/// `{x < y}` against the recursion, claim by claim, and keeps the disagreement at the smallest heap.
pub fn check_prediction(takes: TwoTakes, prediction: &ClosedForm) -> ClosedFormCheck {
    let result = takes
        .game()
        .analyse(heaps_checked(takes), DEFAULT_MIN_REPEATS);
    let certified = result
        .analysis
        .certificate
        .filter(|certificate| certificate.holds)
        .map(|certificate| (certificate.start, certificate.period));
    let values = result.values;
    let candidates = [
        prefix_disagreement(&values, prediction),
        tail_disagreement(&values, prediction),
        certified.map_or(
            Some(Disagreement::NoCertifiedPeriod { heap: values.len() }),
            |measured| periodicity_disagreement(&values, prediction, measured),
        ),
    ];
    let first_disagreement = candidates
        .into_iter()
        .flatten()
        .min_by_key(Disagreement::heap);
    ClosedFormCheck {
        takes,
        case: PassCase::of(takes),
        preperiod: certified.map(|(start, _)| start),
        period: certified.map(|(_, period)| period),
        first_disagreement,
        values,
    }
}

/// The prefix word against `h`, heap by heap; a word longer than the values computed fails at the
/// first heap not computed, and a word whose length is not `N` fails where the shorter one ends.
fn prefix_disagreement(values: &PassValues, prediction: &ClosedForm) -> Option<Disagreement> {
    let word = expand(&prediction.prefix_word);
    let h = &values.pass_available;
    let mismatch = (0..word.len()).find(|&heap| h.get(heap) != Some(&word[heap]));
    if let Some(heap) = mismatch {
        return Some(Disagreement::PrefixWord {
            heap,
            predicted: word[heap],
            measured: h.get(heap).copied().unwrap_or(Value::MAX),
        });
    }
    (word.len() != prediction.preperiod).then(|| Disagreement::WordLengthIsNotPreperiod {
        heap: word.len().min(prediction.preperiod),
        word_length: word.len(),
        preperiod: prediction.preperiod,
    })
}

/// `h(n) = g(n + shift)` for every `n ≥ N` whose shifted heap was computed.
fn tail_disagreement(values: &PassValues, prediction: &ClosedForm) -> Option<Disagreement> {
    let (g, h) = (&values.ordinary, &values.pass_available);
    let shift = prediction.tail_shift;
    let end = values.len().saturating_sub(shift);
    (prediction.preperiod..end)
        .find(|&n| h[n] != g[n + shift])
        .map(|heap| Disagreement::Tail {
            heap,
            predicted: g[heap + shift],
            measured: h[heap],
        })
}

/// The certified `(preperiod, period)` of the pair against the predicted `N` and `P`.
fn periodicity_disagreement(
    values: &PassValues,
    prediction: &ClosedForm,
    (preperiod, period): (usize, usize),
) -> Option<Disagreement> {
    if preperiod != prediction.preperiod {
        let heap = if preperiod < prediction.preperiod {
            prediction.preperiod - 1
        } else {
            preperiod - 1
        };
        return Some(Disagreement::Preperiod {
            heap,
            predicted: prediction.preperiod,
            measured: preperiod,
        });
    }
    if period != prediction.period {
        let pairs = values.pairs();
        let end = pairs.len().saturating_sub(prediction.period);
        let heap = (preperiod..end)
            .find(|&n| pairs[n] != pairs[n + prediction.period])
            .unwrap_or(preperiod);
        return Some(Disagreement::Period {
            heap,
            predicted: prediction.period,
            measured: period,
        });
    }
    None
}

#[cfg(test)]
mod tests;
