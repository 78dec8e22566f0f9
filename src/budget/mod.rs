//! The work one figure or one command may ask for: the engine's limits
//! ([`ladder_engine::budget`]), with the memory this machine and this
//! process's limits leave, which only the command line and the build can
//! read (the engine does no I/O).

mod memory;

pub use ladder_engine::budget::*;
pub use memory::available_memory;

use ladder_engine::games::Rule;

/// Checks a `ladder seq` count against the engine's limits and the memory
/// available now ([`available_memory`]).
pub fn check_seq_values(rule: &Rule, count: usize) -> Result<(), String> {
    check_seq_values_within(rule, count as u64, available_memory())
}
