//! The misère side of the octal codes, where the last player to move
//! loses. [`outcome`]: the exact outcome of any small sum of heaps by
//! exhaustive search, the referee. [`quotient`]: the misère quotient of a
//! code's heaps up to a bound (T. E. Plambeck and A. N. Siegel, *Misère
//! quotients for impartial games*, 2008), each candidate built by
//! [`candidate`] from a [`monoid`] and proved by [`verify`], which the
//! referee then checks on every small sum.

pub mod candidate;
pub mod memory;
pub mod meter;
pub mod monoid;
pub mod moves;
pub mod outcome;
pub mod period;
pub mod quotient;
pub mod referee;
pub mod report;
pub mod tame;
pub mod verify;

#[cfg(test)]
mod tests;
