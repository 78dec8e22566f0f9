//! The rules of the games, pure: what a heap's options are worth, and how
//! many values must agree before a period is proven.
//!
//! A [`Rule`] is written as `kind:spec`, e.g. `sub:1,3,4` or `octal:·137`.
//! Its `Display` is the canonical spelling used in captions and JSON.

pub mod octal;
pub mod octal_certificate;
pub mod subtraction;

use std::fmt;
use std::str::FromStr;

use crate::sequence::{self, Analysis, CertificateRule, Lookup, Value};
pub use octal::OctalCode;
pub use subtraction::SubtractionSet;

/// A game that the site can compute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `sub:1,3,4`: a subtraction game.
    Subtraction(SubtractionSet),
    /// `octal:·137` (also `.137`, `0.137`, `4.07`): a take-and-break code.
    Octal(OctalCode),
}

/// The rule kinds, with an example each, for error messages and `--help`.
pub const RULE_SYNTAX: &str =
    "`sub:1,3,4` (a subtraction set) or `octal:·137` (an octal code; also `.137`, `0.137`)";

/// How many values `value_of` may compute for an octal code: the plain
/// engine is quadratic, and 32,000 values take about a second.
const OCTAL_LOOKUP_LIMIT: usize = 32_000;

impl Rule {
    /// The values of heaps `0 .. count`.
    pub fn values(&self, count: usize) -> Vec<Value> {
        match self {
            Rule::Subtraction(set) => set.values(count),
            Rule::Octal(code) => octal::values(code, count),
        }
    }

    /// Computes `count` values, searches them for a period and certifies it
    /// by this rule's own argument. A rule whose state is more than one value
    /// (a pass game's pair, say) certifies the whole state here.
    pub fn analyse(&self, count: usize, min_repeats: usize) -> (Vec<Value>, Analysis) {
        let values = self.values(count);
        let analysis = sequence::analyse(&values, min_repeats, self.certificate_rule());
        (values, analysis)
    }

    /// The value of one heap, however large: reduced modulo a certified
    /// period when it lies beyond the values computed.
    pub fn value_of(&self, heap: u64) -> Result<Lookup, String> {
        let limit = match self {
            Rule::Subtraction(_) => 1 << 22,
            Rule::Octal(_) => OCTAL_LOOKUP_LIMIT,
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
            Rule::Subtraction(_) => false,
            Rule::Octal(code) => code.has_no_move(),
        }
    }

    /// The take set, when the rule is a plain subtraction game.
    pub fn subtraction_set(&self) -> Option<&SubtractionSet> {
        match self {
            Rule::Subtraction(set) => Some(set),
            Rule::Octal(_) => None,
        }
    }

    /// The code, when the rule is an octal game.
    pub fn octal_code(&self) -> Option<&OctalCode> {
        match self {
            Rule::Octal(code) => Some(code),
            Rule::Subtraction(_) => None,
        }
    }

    /// How a period of this rule is proven.
    pub fn certificate_rule(&self) -> CertificateRule {
        match self {
            Rule::Subtraction(set) => set.certificate_rule(),
            Rule::Octal(code) => code.certificate_rule(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Subtraction(set) => write!(f, "sub:{set}"),
            Rule::Octal(code) => write!(f, "octal:{code}"),
        }
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (kind, spec) = text
            .split_once(':')
            .ok_or_else(|| format!("`{text}` is not a rule: write one as {RULE_SYNTAX}"))?;
        match kind.trim() {
            "sub" => SubtractionSet::parse(spec)
                .map(Rule::Subtraction)
                .map_err(|e| format!("in rule `{text}`: {e}")),
            "octal" => OctalCode::parse(spec.trim())
                .map(Rule::Octal)
                .map_err(|e| format!("in rule `{text}`: {e}")),
            other => Err(format!(
                "unknown rule kind `{other}` in `{text}`: write a rule as {RULE_SYNTAX}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_round_trip_to_their_canonical_spelling() {
        let rule: Rule = "sub:4,1,3".parse().unwrap();
        assert_eq!(rule.to_string(), "sub:1,3,4");
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
        assert_eq!(found.value, kayles.values(77)[76]);
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
