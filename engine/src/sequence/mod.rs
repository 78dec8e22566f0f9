//! Generic sequence machinery that knows no game: the mex rule, period
//! search, and the certificates that turn a found period into a proof.

pub mod analysis;
pub mod arithmetic;
pub mod certificate;
pub mod lookup;
pub mod mex;
pub mod period;
pub mod summary;

pub use analysis::{Analysis, CERTIFIED_MIN_REPEATS, PeriodStatus, analyse, analyse_certified};
pub use arithmetic::{ArithmeticPeriod, find_arithmetic_period};
pub use certificate::{
    Certificate, CertificateRule, CertificateStatus, ScaledWindow, certify, certify_window,
};
pub use lookup::{Lookup, Method, value_of};
pub use mex::mex;
pub use period::{DEFAULT_MIN_REPEATS, Period, find_period, find_period_counted, holds_throughout};

/// A Grundy value. Values of the games on this site stay far below `u32::MAX`.
pub type Value = u32;
