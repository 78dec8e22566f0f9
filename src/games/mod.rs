//! The rules of the games, pure: what a heap's options are worth, and how
//! many values must agree before a period is proven.
//!
//! A [`Rule`] is written as `kind:spec`, e.g. `sub:1,3,4`. Its `Display` is
//! the canonical spelling used in file names, captions and JSON.

pub mod subtraction;

use std::fmt;
use std::str::FromStr;

use crate::sequence::{self, Analysis, CertificateRule, Lookup, Value};
pub use subtraction::SubtractionSet;

/// A game that the site can compute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `sub:1,3,4`: a subtraction game.
    Subtraction(SubtractionSet),
}

/// The rule kinds, with an example each, for error messages and `--help`.
pub const RULE_SYNTAX: &str = "`sub:1,3,4` (a subtraction set)";

impl Rule {
    /// The values of heaps `0 .. count`.
    pub fn values(&self, count: usize) -> Vec<Value> {
        match self {
            Rule::Subtraction(set) => set.values(count),
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
        sequence::value_of(
            heap,
            |n| self.values(n),
            self.certificate_rule(),
            2000,
            1 << 22,
        )
    }

    /// The take set, when the rule is a plain subtraction game.
    pub fn subtraction_set(&self) -> Option<&SubtractionSet> {
        match self {
            Rule::Subtraction(set) => Some(set),
        }
    }

    /// How a period of this rule is proven.
    pub fn certificate_rule(&self) -> CertificateRule {
        match self {
            Rule::Subtraction(set) => set.certificate_rule(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Subtraction(set) => write!(f, "sub:{set}"),
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
