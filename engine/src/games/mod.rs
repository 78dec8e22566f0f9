//! The rules of the games, pure: what a heap's options are worth, and how
//! many values must agree before a period is proven.
//!
//! A [`Rule`] is written as `kind:spec`, e.g. `sub:1,3,4`, `pass:1,3,4` or
//! `octal:·137`. Its `Display` is the canonical spelling used in captions
//! and JSON.

pub mod arithmetic;
pub mod hexadecimal;
pub mod hexadecimal_values;
pub mod octal;
pub mod octal_certificate;
pub mod octal_dense;
pub mod octal_engine;
pub mod octal_equivalence;
pub mod octal_fast;
pub mod octal_long_run;
pub mod octal_lookup;
pub mod octal_memory;
pub mod octal_moves;
pub mod octal_options;
pub mod octal_shape;
pub mod octal_solve;
pub mod pass;
pub mod pass_census;
pub mod pass_classification;
#[cfg(test)]
mod pass_game_search;
pub mod report;
pub mod saltus_certificate;
pub mod subtraction;
pub mod two_takes;

use std::fmt;
use std::str::FromStr;

use crate::sequence::{self, Analysis, CertificateRule, DEFAULT_MIN_REPEATS, Lookup, Value};
pub use octal::OctalCode;
pub use pass::PassGame;
pub use subtraction::SubtractionSet;

/// A game that the site can compute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `sub:1,3,4`: a subtraction game.
    Subtraction(SubtractionSet),
    /// `pass:1,3,4`: the same takes plus one pass for the whole game. Its
    /// values are `h`, the pass still available; its state is the pair of
    /// `g` (the pass spent) and `h`, so periods are those of the pair.
    Pass(PassGame),
    /// `octal:·137` (also `.137`, `0.137`, `4.07`): a take-and-break code.
    Octal(OctalCode),
    /// `hex:·8` (also `.8`, `0.8`): a hexadecimal code, bit 8 leaving three heaps.
    Hex(hexadecimal::HexCode),
}

/// The rule kinds, with an example each, for error messages and `--help`.
pub const RULE_SYNTAX: &str = "`sub:1,3,4` (a subtraction set), `pass:1,3,4` (the same with one \
     pass), `octal:·137` (an octal code; also `·137`, `.137`, `4.007`) or `hex:·8` (a hexadecimal code)";

/// How many values `value_of` may compute for an octal code: the plain
/// engine is quadratic, and 32,000 values take about a second.
const OCTAL_LOOKUP_LIMIT: usize = 32_000;

/// How many values `value_of` may compute for an octal code with sparse
/// space: the fast engine computes them in about a second, enough for ·16's
/// certificate (509,621 values). The command line's `value` reaches further
/// ([`Rule::value_within`]); the reader's page stops here.
pub const SPARSE_LOOKUP_LIMIT: usize = 1 << 19;

impl Rule {
    /// The values of heaps `0 .. count` (for a pass game, with the pass
    /// still available).
    pub fn values(&self, count: usize) -> Vec<Value> {
        self.values_with_progress(count, &|_| {})
    }

    /// [`Rule::values`], calling `progress(done)` as a long run grows.
    pub fn values_with_progress(&self, count: usize, progress: &dyn Fn(usize)) -> Vec<Value> {
        match self {
            Rule::Subtraction(set) => set.values(count),
            Rule::Pass(game) => game.values(count).pass_available,
            Rule::Octal(code) => octal_engine::octal_values(code, count, progress),
            Rule::Hex(code) => code.values(count),
        }
    }

    /// The ordinary values beside [`Rule::values`], for a rule whose values
    /// are not the ordinary ones: a pass game's `g`, the pass spent.
    pub fn ordinary_values(&self, count: usize) -> Option<Vec<Value>> {
        match self {
            Rule::Subtraction(_) => None,
            Rule::Pass(game) => Some(game.values(count).ordinary),
            Rule::Octal(_) | Rule::Hex(_) => None,
        }
    }

    /// Computes `count` values, searches them for a period and certifies it
    /// by this rule's own argument. A rule whose state is more than one value
    /// (a pass game's pair, say) certifies the whole state here.
    pub fn analyse(&self, count: usize, min_repeats: usize) -> (Vec<Value>, Analysis) {
        self.analyse_with_progress(count, min_repeats, &|_| {})
    }

    /// [`Rule::analyse`], calling `progress(done)` while the values grow.
    ///
    /// An octal code is searched with [`sequence::analyse_certified`]: a
    /// period certified by its Guy–Smith window counts even where it repeats
    /// only twice in the values computed.
    pub fn analyse_with_progress(
        &self,
        count: usize,
        min_repeats: usize,
        progress: &dyn Fn(usize),
    ) -> (Vec<Value>, Analysis) {
        if let Rule::Pass(game) = self {
            let result = game.analyse(count, min_repeats);
            return (result.values.pass_available, result.analysis);
        }
        let values = self.values_with_progress(count, progress);
        let analysis = match self {
            Rule::Octal(_) => {
                sequence::analyse_certified(&values, min_repeats, self.certificate_rule())
            }
            _ => sequence::analyse(&values, min_repeats, self.certificate_rule()),
        };
        (values, analysis)
    }

    /// The most values this rule may compute, when it has a limit of its own:
    /// a hexadecimal code that leaves three heaps, by its three-part takes
    /// ([`hexadecimal_values::most_three_part_values`]).
    pub fn most_values(&self) -> Option<usize> {
        match self {
            Rule::Hex(code) if code.leaves_three() => {
                let takes = code.digits().iter().filter(|&&d| d & 8 != 0).count();
                Some(hexadecimal_values::most_three_part_values(takes))
            }
            _ => None,
        }
    }

    /// The value of one heap, however large: reduced modulo a certified
    /// period when it lies beyond the values computed, or, for a code whose
    /// values climb, read off a certified saltus. A sparse-space octal code
    /// is searched to [`SPARSE_LOOKUP_LIMIT`] values.
    pub fn value_of(&self, heap: u64) -> Result<Lookup<u128>, String> {
        self.value_within(heap, SPARSE_LOOKUP_LIMIT, &mut |_| {})
    }

    /// [`Rule::value_of`], with a sparse-space octal code searched as
    /// `ladder solve` searches, to `sparse_limit` values
    /// ([`octal_lookup`]); `progress` is called as that run grows.
    pub fn value_within(
        &self,
        heap: u64,
        sparse_limit: usize,
        progress: &mut dyn FnMut(&octal_solve::Solver),
    ) -> Result<Lookup<u128>, String> {
        if let Rule::Octal(code) = self
            && heap >= octal_lookup::DIRECT
            && octal_engine::is_sparse(code)
        {
            return octal_lookup::value_of(code, heap, sparse_limit, progress)
                .map(|found| found.map(u128::from));
        }
        // Only a hexadecimal code can climb: a finite octal code never passes
        // Theorem C or C⁺ (its moves leave at most two heaps, so no
        // configuration has the three periodic parts a deep layer needs),
        // nor a hexadecimal code without a three-part move.
        let (Rule::Hex(code), Some(limit)) = (self, self.most_values()) else {
            return self
                .value_by_period(heap)
                .map(|found| found.map(u128::from));
        };
        // Its values cost the most: computed once, at the budget's count (so
        // that a base of C⁺ up to there is at hand; a longer one is refused
        // below, not computed), and read for a period and then for a saltus.
        let computed = std::cell::RefCell::new(Vec::new());
        let compute = |n: usize| {
            let values = self.values(n);
            computed.replace(values.clone());
            values
        };
        let plain = sequence::value_of(heap, compute, self.certificate_rule(), limit, limit);
        let reason = match plain {
            Ok(found) => return Ok(found.map(u128::from)),
            Err(reason) => reason,
        };
        let values = computed.into_inner();
        let Some(found) = arithmetic::analyse(Some(code.digits()), &values, DEFAULT_MIN_REPEATS)
        else {
            return Err(reason);
        };
        if let Some((value, method)) = arithmetic::lookup(&found, &values, heap) {
            return Ok(Lookup {
                heap,
                value,
                method,
            });
        }
        let attempts = found
            .certificate
            .as_ref()
            .map_or(&[][..], |c| &c.attempts[..]);
        let short = attempts.iter().find_map(|a| match a.verdict {
            saltus_certificate::Verdict::NeedsBase { needed } => Some((a.period, needed)),
            _ => None,
        });
        let why = match short {
            Some((period, needed)) => format!(
                "Theorem C⁺'s conditions hold over {} heaps, but its base needs {} values, more \
                 than the {} computed",
                crate::numbers::grouped(period as u64),
                crate::numbers::grouped(needed as u64),
                crate::numbers::grouped(values.len() as u64)
            ),
            None => format!(
                "condition `{}`",
                found
                    .certificate
                    .as_ref()
                    .map_or("no certificate", |c| c.verdict.condition())
            ),
        };
        Err(format!(
            "{reason}; the values climb by {} every {} heaps from heap {}, but that saltus is \
             not certified ({why}), so it is not used",
            found.found.saltus, found.found.period, found.found.preperiod
        ))
    }

    /// The digits `d_0 … d_t` of a take-and-break code (octal or
    /// hexadecimal), the form Theorems C and C⁺ read its move types from.
    pub fn code_digits(&self) -> Option<Vec<u8>> {
        match self {
            Rule::Octal(code) => Some((0..=code.largest_take()).map(|k| code.digit(k)).collect()),
            Rule::Hex(code) => Some(code.digits().to_vec()),
            Rule::Subtraction(_) | Rule::Pass(_) => None,
        }
    }

    /// The saltus found in `values`, certified by Theorem C or C⁺ for a code.
    pub fn arithmetic(
        &self,
        values: &[Value],
        min_repeats: usize,
    ) -> Option<arithmetic::Arithmetic> {
        arithmetic::analyse(self.code_digits().as_deref(), values, min_repeats)
    }

    /// [`Rule::value_of`] by a closed form or a certified period only.
    fn value_by_period(&self, heap: u64) -> Result<Lookup, String> {
        if let Rule::Subtraction(set) = self
            && let [a, b] = *set.takes()
        {
            let game = two_takes::TwoTakes::new(a as u64, b as u64).map_err(|e| e.to_string())?;
            let position = game.position(u128::from(heap));
            let formula = format!(
                "r = n mod {} = {}, block k = ⌊r/{a}⌋ = {}: 2 if k is even and r ≥ {b}, else k mod 2",
                game.sum(),
                position.remainder,
                position.block
            );
            let method = sequence::Method::ClosedForm { formula };
            return Ok(Lookup {
                heap,
                value: position.value,
                method,
            });
        }
        if let Rule::Pass(game) = self {
            let pairs = |n| game.values(n).pairs();
            let found = sequence::value_of(heap, pairs, self.certificate_rule(), 2000, 1 << 22)?;
            return Ok(found.map(|(_, pass_available)| pass_available));
        }
        let limit = match self {
            Rule::Subtraction(_) | Rule::Pass(_) => 1 << 22,
            Rule::Octal(_) | Rule::Hex(_) => OCTAL_LOOKUP_LIMIT,
        };
        sequence::value_of(
            heap,
            |n| self.values(n),
            self.certificate_rule(),
            2000,
            limit,
        )
    }

    /// Whether the rule allows no move at all (an octal code of zeros):
    /// every heap is then worth 0, and the command line says why.
    pub fn has_no_move(&self) -> bool {
        match self {
            Rule::Subtraction(_) | Rule::Pass(_) | Rule::Hex(_) => false,
            Rule::Octal(code) => code.has_no_move(),
        }
    }

    /// The take set, when the rule is a plain subtraction game.
    pub fn subtraction_set(&self) -> Option<&SubtractionSet> {
        match self {
            Rule::Subtraction(set) => Some(set),
            Rule::Pass(_) | Rule::Octal(_) | Rule::Hex(_) => None,
        }
    }

    /// The code, when the rule is an octal game.
    pub fn octal_code(&self) -> Option<&OctalCode> {
        match self {
            Rule::Octal(code) => Some(code),
            Rule::Subtraction(_) | Rule::Pass(_) | Rule::Hex(_) => None,
        }
    }

    /// How a period of this rule is proven.
    pub fn certificate_rule(&self) -> CertificateRule {
        match self {
            Rule::Subtraction(set) => set.certificate_rule(),
            Rule::Pass(game) => game.certificate_rule(),
            Rule::Octal(code) => code.certificate_rule(),
            Rule::Hex(code) => code.certificate_rule(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Subtraction(set) => write!(f, "sub:{set}"),
            Rule::Pass(game) => write!(f, "pass:{game}"),
            Rule::Octal(code) => write!(f, "octal:{code}"),
            Rule::Hex(code) => write!(f, "hex:{code}"),
        }
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        parse_rule(text).map_err(|e| crate::echo::message(&crate::echo::escaped(&e)))
    }
}

/// A rule read from its text; the error quotes the text as
/// [`crate::echo::found`] does, cut and escaped.
fn parse_rule(text: &str) -> Result<Rule, String> {
    let quoted = crate::echo::found(text);
    // An octal code as the essays write it (`·137`, `.6`, `4.007`) is one
    // without its `octal:`; a bare code with a hexadecimal digit is not
    // read as hexadecimal, which the prefix says.
    if !text.contains(':') && is_bare_code(text.trim()) {
        return OctalCode::parse(text.trim()).map(Rule::Octal).map_err(|e| {
            format!("in rule `{quoted}`: {e} (a hexadecimal code is written `hex:·8`)")
        });
    }
    let (kind, spec) = text
        .split_once(':')
        .ok_or_else(|| format!("`{quoted}` is not a rule: write one as {RULE_SYNTAX}"))?;
    match kind.trim() {
        "sub" => SubtractionSet::parse(spec)
            .map(Rule::Subtraction)
            .map_err(|e| format!("in rule `{quoted}`: {e}")),
        "pass" => PassGame::parse(spec)
            .map(Rule::Pass)
            .map_err(|e| format!("in rule `{quoted}`: {e}")),
        "hex" => hexadecimal::HexCode::parse(spec.trim())
            .map(Rule::Hex)
            .map_err(|e| format!("in rule `{quoted}`: {e}")),
        "octal" => OctalCode::parse(spec.trim())
            .map(Rule::Octal)
            .map_err(|e| format!("in rule `{quoted}`: {e}")),
        other => Err(format!(
            "unknown rule kind `{}` in `{quoted}`: write a rule as {RULE_SYNTAX}",
            crate::echo::found(other)
        )),
    }
}

/// Whether `text` is written as a code: an optional `0` or `4`, a point
/// (`.` or `·`), then digits or letters.
fn is_bare_code(text: &str) -> bool {
    let rest = text.strip_prefix(['0', '4']).unwrap_or(text);
    let Some(digits) = rest.strip_prefix(['.', '·']) else {
        return false;
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_as_the_essays_write_it_is_an_octal_rule() {
        for (text, spelt) in [
            ("·137", "octal:·137"),
            (".6", "octal:·6"),
            ("0.137", "octal:·137"),
            ("4.007", "octal:4·007"),
            (" 4·007 ", "octal:4·007"),
        ] {
            let rule: Rule = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(rule.to_string(), spelt);
        }
        let error = "·8F".parse::<Rule>().unwrap_err();
        assert!(
            error.contains("`·8F`") && error.contains("hex:·8"),
            "{error}"
        );
        for text in ["137", "·", "4.", "5.1", "sub 1,2"] {
            assert!(text.parse::<Rule>().is_err(), "{text}");
        }
    }

    #[test]
    fn rules_round_trip_to_their_canonical_spelling() {
        let rule: Rule = "sub:4,1,3".parse().unwrap();
        assert_eq!(rule.to_string(), "sub:1,3,4");
        let rule: Rule = "pass: 4,1,3".parse().unwrap();
        assert_eq!(rule.to_string(), "pass:1,3,4");
        assert!("pass:3,3".parse::<Rule>().unwrap_err().contains("twice"));
    }

    #[test]
    fn a_pass_rule_gives_h_and_certifies_the_pair() {
        // {1, 2} with a pass: h = 0 2 1 3 | 0 1 2 …, the pair periodic with 3 from heap 4.
        let rule: Rule = "pass:1,2".parse().unwrap();
        let (values, analysis) = rule.analyse(300, 3);
        assert_eq!(values[..7], [0, 2, 1, 3, 0, 1, 2]);
        assert_eq!(rule.ordinary_values(7).unwrap(), [0, 1, 2, 0, 1, 2, 0]);
        assert_eq!(analysis.period.found(), Some((4, 3)));
        assert!(analysis.is_certified());
        assert_eq!(analysis.certificate.unwrap().length, 2);
        assert_eq!(
            Rule::Subtraction(SubtractionSet::parse("1,2").unwrap()).ordinary_values(3),
            None
        );
    }

    #[test]
    fn a_pass_rule_reduces_a_huge_heap_by_the_pair_period() {
        // 10^18 − 4 ≡ 0 (mod 3), so heap 10^18 reads heap 4 of the period from 4: h(4) = 0.
        let rule: Rule = "pass:1,2".parse().unwrap();
        let found = rule.value_of(1_000_000_000_000_000_000).unwrap();
        assert_eq!(found.value, 0);
        assert!(matches!(
            found.method,
            sequence::Method::Reduced {
                preperiod: 4,
                period: 3,
                reduced: 4,
                ..
            }
        ));
        assert_eq!(rule.value_of(3).unwrap().value, 3);
    }

    #[test]
    fn two_take_values_by_the_closed_form_match_the_recursion() {
        for b in 2..=12 {
            for a in 1..b {
                let rule: Rule = format!("sub:{a},{b}").parse().unwrap();
                let values = rule.values(200);
                for heap in 0..200 {
                    let found = rule.value_of(heap).unwrap();
                    assert!(matches!(found.method, sequence::Method::ClosedForm { .. }));
                    assert_eq!(
                        found.value,
                        u128::from(values[heap as usize]),
                        "sub:{a},{b} heap {heap}"
                    );
                }
            }
        }
        let huge = "sub:3,8"
            .parse::<Rule>()
            .unwrap()
            .value_of(u64::MAX)
            .unwrap();
        // u64::MAX = 18446744073709551615 ≡ 4 (mod 11): block 1, value 1.
        assert_eq!(huge.value, 1);
    }

    #[test]
    fn octal_codes_are_read_in_every_usual_spelling() {
        for text in [
            "octal:·137",
            "octal:.137",
            "octal:0.137",
            "octal:0·137",
            "octal:.1370",
        ] {
            let rule: Rule = text.parse().unwrap();
            assert_eq!(rule.to_string(), "octal:·137", "{text}");
        }
        let split: Rule = "octal:4.07".parse().unwrap();
        assert_eq!(split.to_string(), "octal:4·07");
        assert!("octal:·000".parse::<Rule>().unwrap().has_no_move());
    }

    #[test]
    fn each_kind_of_bad_octal_code_is_named() {
        let error = |text: &str| text.parse::<Rule>().unwrap_err();
        assert!(error("octal:").contains("empty"));
        assert!(error("octal:·").contains("no digits after its point"));
        assert!(error("octal:137").contains("no point"));
        let eight = error("octal:·178");
        assert!(
            eight.contains("character 4")
                && eight.contains("`8`")
                && eight.contains("not an octal digit"),
            "{eight}"
        );
        assert!(error("octal:·1a").contains("`a`, is not a digit"));
        assert!(error("octal:·1 3").contains("space"));
        assert!(error("octal:·1.3").contains("second point"));
        assert!(error("octal:2.13").contains("a pass"));
        assert!(error("octal:1.3").contains("take nothing and leave nothing"));
        assert!(error("octal:x.3").contains("cannot start an octal code"));
    }

    #[test]
    fn an_octal_value_beyond_the_data_uses_only_a_certified_period() {
        let kayles: Rule = "octal:·77".parse().unwrap();
        let found = kayles.value_of(1_000_000_000_000).unwrap();
        // Period 12 from heap 71: 10^12 − 71 ≡ 5 (mod 12), so heap 76.
        assert_eq!(found.value, u128::from(kayles.values(77)[76]));
        assert!(matches!(
            found.method,
            sequence::Method::Reduced {
                preperiod: 71,
                period: 12,
                reduced: 76,
                ..
            }
        ));
        let none: Rule = "octal:·0".parse().unwrap();
        assert_eq!(none.value_of(u64::MAX).unwrap().value, 0);
    }

    #[test]
    fn a_huge_heap_of_a_certified_saltus_is_read_off_it() {
        let eight: Rule = "hex:.8".parse().unwrap();
        let found = eight.value_of(1_000_000_000_000_000_000).unwrap();
        assert_eq!(found.value, 333_333_333_333_333_333);
        assert!(matches!(
            found.method,
            sequence::Method::Saltus {
                from: 1,
                period: 3,
                saltus: 1,
                ..
            }
        ));
        let values = eight.values(300);
        for heap in [0, 1, 4, 299] {
            assert_eq!(
                eight.value_of(heap).unwrap().value,
                u128::from(values[heap as usize])
            );
        }
        // ·3F climbs by 3 every 6 heaps: observed, never used.
        let three_f: Rule = "hex:.3F".parse().unwrap();
        let refused = three_f.value_of(1 << 40).unwrap_err();
        assert!(refused.contains("saltus-power-of-two"), "{refused}");
    }

    #[test]
    fn bad_rules_say_what_is_wrong() {
        assert!("sub:".parse::<Rule>().unwrap_err().contains("empty"));
        assert!("sub:0,2".parse::<Rule>().unwrap_err().contains("take of 0"));
        assert!("sub:2,2".parse::<Rule>().unwrap_err().contains("twice"));
        assert!("nim".parse::<Rule>().unwrap_err().contains("not a rule"));
        assert!(
            "foo:1"
                .parse::<Rule>()
                .unwrap_err()
                .contains("unknown rule kind `foo`")
        );
    }
}
