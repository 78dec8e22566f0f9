//! The octal engines' memory, asked for fallibly, and why a run stops.
//!
//! A `Vec` grown by `push` aborts the process when the allocator refuses it
//! ("memory allocation failed"), as it does past an address-space limit
//! (`ulimit -v`) that no figure of the machine's shows. So the engines ask
//! with `try_reserve`: the values (and the dense engine's mirror) once a
//! step, to the step's end, before the step is computed; a rare list as
//! it fills, by the same check `push` makes. A table grows by doubling, as
//! `push` grows it; when the doubling is refused it asks for exactly what
//! it needs, so a run near its limit goes as far as the memory allows. A
//! refusal stops the run with [`MemoryRefused`], which says where the run
//! stood and what it asked for; the command line words it (exit 2).
//!
//! Under a cgroup's limit the kernel refuses nothing (it kills the process
//! once its pages pass the limit): there the budget's figure, read when
//! the run starts (`budget::available_memory`), is what keeps a run within.

use std::collections::TryReserveError;

/// A value too large for the engines' `u16` storage, at `heap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueTooLarge {
    pub heap: usize,
}

/// Memory an engine asked for and did not get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryRefused {
    /// Heaps `0 .. heap` were computed when it was asked for.
    pub heap: usize,
    /// The values the run was growing to.
    pub values: usize,
    /// The size the table asked for, in bytes.
    pub bytes: u64,
}

/// Why an engine stopped short of the heap it was asked to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineStop {
    /// A value of 65,536 or more, past the engines' `u16` storage (only the
    /// plain loop goes on).
    ValueTooLarge(ValueTooLarge),
    /// Memory the machine, or a limit on the process, refused.
    MemoryRefused(MemoryRefused),
}

impl EngineStop {
    /// The heaps computed when the run stopped: `0 .. heap`.
    pub fn heap(&self) -> usize {
        match self {
            EngineStop::ValueTooLarge(stop) => stop.heap,
            EngineStop::MemoryRefused(stop) => stop.heap,
        }
    }
}

impl From<ValueTooLarge> for EngineStop {
    fn from(stop: ValueTooLarge) -> Self {
        EngineStop::ValueTooLarge(stop)
    }
}

impl From<MemoryRefused> for EngineStop {
    fn from(stop: MemoryRefused) -> Self {
        EngineStop::MemoryRefused(stop)
    }
}

/// Makes room in `table` for `len` entries in all: by doubling, or for
/// exactly `len` when the doubling is refused. `heap` (the heaps computed)
/// and `values` (the values the run grows to) go into the refusal.
pub fn reserve<T>(
    table: &mut Vec<T>,
    len: usize,
    heap: usize,
    values: usize,
) -> Result<(), MemoryRefused> {
    if table.capacity() >= len {
        return Ok(());
    }
    grow(table, len).map_err(|_| MemoryRefused {
        heap,
        values,
        bytes: (len as u64).saturating_mul(size_of::<T>() as u64),
    })
}

/// Grows `table`'s capacity to at least `len`: doubling, else exactly.
fn grow<T>(table: &mut Vec<T>, len: usize) -> Result<(), TryReserveError> {
    let additional = len - table.len();
    table
        .try_reserve(additional)
        .or_else(|_| table.try_reserve_exact(additional))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_no_machine_has_is_refused_with_the_figures() {
        let mut values: Vec<u16> = vec![1, 2, 3];
        let refused = reserve(&mut values, usize::MAX / 2, 3, usize::MAX / 2).unwrap_err();
        assert_eq!(
            refused,
            MemoryRefused {
                heap: 3,
                values: usize::MAX / 2,
                bytes: (usize::MAX / 2) as u64 * 2,
            }
        );
        // The table is as it was.
        assert_eq!(values, [1, 2, 3]);
        assert_eq!(EngineStop::from(refused).heap(), 3);
    }

    #[test]
    fn a_table_grows_by_doubling_and_not_when_it_has_room() {
        let mut values: Vec<u16> = Vec::with_capacity(1000);
        values.extend(0..1000);
        reserve(&mut values, 1001, 1000, 1001).unwrap();
        assert!(values.capacity() >= 2000, "{}", values.capacity());
        let capacity = values.capacity();
        reserve(&mut values, 1500, 1000, 1500).unwrap();
        assert_eq!(values.capacity(), capacity);
        reserve(&mut values, 10_000, 1000, 10_000).unwrap();
        assert!(values.capacity() >= 10_000);
    }
}
