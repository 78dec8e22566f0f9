//! Rules and rulesets read from a manifest or a JSON record as the strings
//! their parsers read, so a bad one is reported with the parser's words
//! (and, by serde_yaml_ng, at the string itself).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::coalition::Ruleset;
use crate::games::Rule;

/// A visitor for one string, mapped through its type's parser.
struct Parsed<T>(&'static str, PhantomData<T>);

impl<T: std::str::FromStr<Err = String>> Visitor<'_> for Parsed<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(Parsed("a rule such as `sub:1,3,4`", PhantomData))
    }
}

impl<'de> Deserialize<'de> for Ruleset {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(Parsed("a coalition ruleset such as `sub:1,2`", PhantomData))
    }
}
