//! Ranges for figure parameters, checked while the manifest is read.
//!
//! A size that reaches an allocation (cells drawn, takes swept, values
//! computed) is bounded here, so a typo such as `shown: 1000000000` is a
//! located error (`figures.yaml:line:column`) rather than an allocation
//! failure halfway through a build. A field takes its range with
//! `#[serde(deserialize_with = "Within::<1, 10_000>::read")]`; the error
//! then points at the number itself. Checks that relate two fields, or a
//! rule to a count, are each kind's [`CheckParams`].

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use crate::text::numbers::grouped;

/// The largest `values:` a manifest may ask for; `ladder seq` goes further.
pub const MAX_VALUES: usize = 1_000_000;

/// A count of values to compute: at least 1, at most [`MAX_VALUES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(pub usize);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct CountVisitor;
        impl Visitor<'_> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a whole number from 1 to {}", grouped(MAX_VALUES as u64))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Count, E> {
                match usize::try_from(n) {
                    Ok(n) if (1..=MAX_VALUES).contains(&n) => Ok(Count(n)),
                    _ => Err(count_out_of_range(grouped(n))),
                }
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Count, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(count_out_of_range(n.to_string())),
                }
            }
        }
        d.deserialize_u64(CountVisitor)
    }
}

/// Why `n` (as written, grouped) is no count of values.
fn count_out_of_range<E: de::Error>(n: String) -> E {
    E::custom(format!(
        "{n} values is out of range: a figure computes from 1 to {} values (the cap keeps a \
         build quick; `ladder seq` goes further)",
        grouped(MAX_VALUES as u64)
    ))
}

/// The inclusive range `LO ..= HI` for one numeric parameter.
pub struct Within<const LO: u64, const HI: u64>;

impl<const LO: u64, const HI: u64> Within<LO, HI> {
    /// Reads a whole number in the range into any unsigned type it fits.
    pub fn read<'de, D, T>(d: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<u64>,
    {
        d.deserialize_u64(RangeVisitor::<LO, HI, T>(PhantomData))
    }

    /// The same for a pair, such as two takes.
    pub fn read_pair<'de, D, T>(d: D) -> Result<[T; 2], D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<u64> + serde::Deserialize<'de> + Into<u64> + Copy,
    {
        let pair: [T; 2] = serde::Deserialize::deserialize(d)?;
        for n in pair {
            let n: u64 = n.into();
            if !(LO..=HI).contains(&n) {
                return Err(de::Error::custom(out_of_range(LO, HI, n)));
            }
        }
        Ok(pair)
    }
}

/// The most entries a list parameter (games, pairs, components) may hold.
pub const MAX_ENTRIES: usize = 64;

/// Reads a list of at most [`MAX_ENTRIES`] entries.
pub fn few<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    let list: Vec<T> = serde::Deserialize::deserialize(d)?;
    if list.len() > MAX_ENTRIES {
        return Err(de::Error::custom(format!(
            "{} entries is too many: at most {MAX_ENTRIES}",
            list.len()
        )));
    }
    Ok(list)
}

fn out_of_range(lo: u64, hi: u64, n: u64) -> String {
    format!(
        "{} is out of range: from {} to {}",
        grouped(n),
        grouped(lo),
        grouped(hi)
    )
}

struct RangeVisitor<const LO: u64, const HI: u64, T>(PhantomData<T>);

impl<const LO: u64, const HI: u64, T: TryFrom<u64>> Visitor<'_> for RangeVisitor<LO, HI, T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a whole number from {} to {}", grouped(LO), grouped(HI))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<T, E> {
        if !(LO..=HI).contains(&n) {
            return Err(E::custom(out_of_range(LO, HI, n)));
        }
        T::try_from(n).map_err(|_| E::custom(out_of_range(LO, HI, n)))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<T, E> {
        match u64::try_from(n) {
            Ok(n) => self.visit_u64(n),
            Err(_) => Err(E::custom(format!(
                "{n} is out of range: from {} to {}",
                grouped(LO),
                grouped(HI)
            ))),
        }
    }
}

/// Checks of a kind's parameters that one field's range cannot make: two
/// fields together, or a rule and the values asked of it (the work
/// budget, [`crate::budget`]). Run when the manifest is read.
pub trait CheckParams {
    /// `Ok` when the parameters can be computed; the error names the field.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Sample {
        #[serde(deserialize_with = "Within::<1, 100>::read")]
        shown: usize,
        #[serde(deserialize_with = "Within::<1, 50>::read_pair")]
        takes: [u64; 2],
    }

    #[test]
    fn a_number_out_of_range_is_located_at_itself() {
        let ok: Sample = serde_yaml_ng::from_str("shown: 100\ntakes: [1, 50]").unwrap();
        assert_eq!((ok.shown, ok.takes), (100, [1, 50]));
        let error =
            serde_yaml_ng::from_str::<Sample>("shown: 1000000000000\ntakes: [1, 2]").unwrap_err();
        assert_eq!(
            error.location().map(|l| (l.line(), l.column())),
            Some((1, 8))
        );
        assert!(error.to_string().contains("from 1 to 100"), "{error}");
        assert!(serde_yaml_ng::from_str::<Sample>("shown: 0\ntakes: [1, 2]").is_err());
        assert!(serde_yaml_ng::from_str::<Sample>("shown: -3\ntakes: [1, 2]").is_err());
        assert!(serde_yaml_ng::from_str::<Sample>("shown: 3\ntakes: [1, 51]").is_err());
    }

    #[test]
    fn a_count_out_of_range_is_named_as_written() {
        use serde::de::IntoDeserializer;
        use serde::de::value::Error;
        let count = |text: &str| {
            serde_yaml_ng::from_str::<Count>(text)
                .unwrap_err()
                .to_string()
        };
        for (message, number) in [
            (count("0"), "0 values"),
            (count("1000001"), "1,000,001 values"),
            (
                count("18446744073709551615"),
                "18,446,744,073,709,551,615 values",
            ),
            // The YAML reader refuses these itself, naming them.
            (count("-5"), "`-5`"),
            (count("18446744073709551616"), "`18446744073709551616`"),
        ] {
            assert!(message.contains(number), "{number}: {message}");
        }
        // A reader that hands a negative number on: named, not read as 0.
        let negative = Count::deserialize(IntoDeserializer::<Error>::into_deserializer(-5i64))
            .unwrap_err()
            .to_string();
        assert!(
            negative.starts_with("-5 values is out of range"),
            "{negative}"
        );
    }
}
