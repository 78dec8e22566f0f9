//! The minimum excludant: the least non-negative integer not in a set.
//!
//! A position's Grundy value is the mex of its options' values (Sprague–Grundy).

use super::Value;

/// The least non-negative value absent from `values`.
///
/// Uses a small bit set on the stack for values below 128 and falls back to
/// sorting for the rare larger ones, so the common case allocates nothing.
pub fn mex(values: impl IntoIterator<Item = Value>) -> Value {
    let mut low: u128 = 0;
    let mut high: Vec<Value> = Vec::new();
    for v in values {
        if v < 128 {
            low |= 1 << v;
        } else {
            high.push(v);
        }
    }
    let first_gap = (!low).trailing_zeros();
    if first_gap < 128 {
        return first_gap;
    }
    high.sort_unstable();
    high.dedup();
    let mut m: Value = 128;
    for v in high {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([0, 0, 1]), 2);
    }

    #[test]
    fn mex_across_the_bitset_boundary() {
        assert_eq!(mex(0..128), 128);
        assert_eq!(mex((0..128).chain([129, 128, 131])), 130);
        assert_eq!(mex((0..127).chain([200])), 127);
    }
}
