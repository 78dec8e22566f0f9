//! The misère side of the octal codes, where the last player to move
//! loses. [`outcome`]: the exact outcome of any small sum of heaps by
//! exhaustive search, the referee that a misère quotient (T. E. Plambeck
//! and A. N. Siegel, *Misère quotients for impartial games*, 2008) must
//! agree with on every sum it is asked about.

pub mod outcome;
