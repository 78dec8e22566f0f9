//! What the misère engine's structures take in memory, counted before they
//! are made, so that a quotient too large for the budget is reported
//! unsettled ("memory") with the quotient proved so far, never an abort.
//!
//! The work budget bounds time, not memory: a quotient of 28,000 elements
//! asks for a 3 GB table in one allocation, and the check's states each
//! carry a bit set of |Q| bits, so the memory grows as |Q|² and as the
//! states times |Q|. The figures below are upper estimates of the heap
//! allocations (the allocator's and the hash map's overheads included);
//! the tests hold a run under a small `ulimit -v` to them.

/// The bytes of a quotient of `size` elements held while it is checked:
/// its table (`size²` entries of 4 bytes) and the check's rows `D·z ∈ P`
/// (`size` bit sets of `size` bits).
pub fn quotient_bytes(size: usize) -> u64 {
    let size = size as u64;
    let words = size.div_ceil(64);
    size.saturating_mul(size)
        .saturating_mul(4)
        .saturating_add(size.saturating_mul(words.saturating_mul(8) + 32))
}

/// The bytes of one state of the check of a quotient of `size` elements
/// with sums of heaps up to `heaps`: its bit set, held in the list, the
/// index and one layer's map, and the least sum that reaches it.
pub fn state_bytes(size: usize, heaps: usize) -> u64 {
    let set = (size as u64).div_ceil(64) * 8 + 48;
    3 * set + 4 * (heaps as u64 + 1) + 64
}

/// The bytes of marking and reducing a product of `elements` elements
/// with `letters` heap images: the marks, the classes twice, the elements
/// reached, one signature of `letters + 1` classes a class, and each
/// element's product with each letter (8 bytes each).
pub fn product_bytes(elements: usize, letters: usize) -> u64 {
    (elements as u64).saturating_mul(17 + 2 * 4 * (letters as u64 + 1) + 48 + 8 * letters as u64)
}

/// The reason a step would not fit: what it needs against the budget.
pub fn refusal(what: &str, needed: u64, most: u64) -> String {
    format!(
        "memory: {what} would need {} MB, more than the budget's {} MB",
        needed.div_ceil(1 << 20),
        most >> 20
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_grows_as_the_square_of_the_order() {
        // 28,184 elements: the 3,177,351,424-byte table an unbounded run
        // asked for, and its check's rows.
        let bytes = quotient_bytes(28_184);
        assert!((3_177_351_424..3_177_351_424 + 3_177_351_424 / 20).contains(&bytes));
        assert!(quotient_bytes(1) >= 4);
        assert_eq!(quotient_bytes(usize::MAX), u64::MAX);
        assert!(
            state_bytes(65, 30) > state_bytes(64, 30) && state_bytes(64, 31) > state_bytes(64, 30)
        );
        assert!(refusal("a table", 3 << 20, 1 << 20).contains("3 MB, more than the budget's 1 MB"));
    }
}
