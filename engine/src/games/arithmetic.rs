//! A take-and-break code's arithmetic periodicity, end to end: the saltus
//! found by search ([`crate::sequence::find_arithmetic_period`]), its
//! certificate by Theorem C or C⁺ ([`super::saltus_certificate`]), and the value of
//! a heap of any size once it is certified.

use serde::{Deserialize, Serialize};

use super::saltus_certificate::{SaltusCertificate, certify_found, value_by_saltus};
use crate::sequence::{ArithmeticPeriod, Method, Value, find_arithmetic_period};

/// A saltus found by search, with its certificate when the rule has one.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Arithmetic {
    #[serde(flatten)]
    pub found: ArithmeticPeriod,
    /// The verdict of Theorems C and C⁺, for a take-and-break code; `None`
    /// for a rule they do not cover.
    pub certificate: Option<SaltusCertificate>,
}

impl Arithmetic {
    /// Whether the saltus is proven for every heap.
    pub fn is_certified(&self) -> bool {
        self.certificate.as_ref().is_some_and(|c| c.holds)
    }
}

/// Searches `values` for a saltus and, for a code given by its digits,
/// certifies it.
pub fn analyse(digits: Option<&[u8]>, values: &[Value], min_repeats: usize) -> Option<Arithmetic> {
    let found = find_arithmetic_period(values, min_repeats)?;
    let certificate = digits
        .map(|digits| certify_found(digits, values, found.preperiod, found.period, found.saltus));
    Some(Arithmetic { found, certificate })
}

/// The value of `heap` by a certified saltus, with how it was obtained, or
/// `None` when the saltus is not certified or the heap lies before it.
pub fn lookup(arithmetic: &Arithmetic, values: &[Value], heap: u64) -> Option<(u128, Method)> {
    let certificate = arithmetic.certificate.as_ref().filter(|c| c.holds)?;
    let value = value_by_saltus(certificate, values, heap)?;
    let offset = heap - certificate.from as u64;
    let period = certificate.period as u64;
    let method = Method::Saltus {
        from: certificate.from,
        period: certificate.period,
        saltus: certificate.saltus,
        reduced: certificate.from + (offset % period) as usize,
        layer: offset / period,
        computed: values.len(),
        theorem: certificate.theorem,
        base: certificate.base,
    };
    Some((value, method))
}
