//! Which engine computes an octal code's values: the plain loop for short
//! runs (it is the reference, and fastest there), the sparse-space engine
//! when few values are rare, the dense loop otherwise. All three give the
//! same values (their tests compare them value for value); only the time
//! differs.
//!
//! The choice is made after 4,096 heaps from the sparse engine's own count
//! of rare values: at most a quarter rare (·6, ·16, ·77) favours the sparse
//! engine; more (·007, ·137) favours the dense loop, which does not pay for
//! keeping the rare lists.

use crate::games::octal::{OctalCode, values as plain_values};
use crate::games::octal_dense::DenseEngine;
use crate::games::octal_fast::SparseEngine;
use crate::sequence::Value;

/// Runs up to this long use the plain loop.
const PLAIN_UP_TO: usize = 4096;

/// Whether the sparse-space engine suits `code`: at most a quarter of its
/// first 4,096 values are rare under the learned mask.
pub fn is_sparse(code: &OctalCode) -> bool {
    let mut sparse = SparseEngine::new(code);
    sparse.extend_to(PLAIN_UP_TO).is_ok()
        && sparse.rare_counts().iter().sum::<usize>() * 4 <= PLAIN_UP_TO
}

/// The values of heaps `0 .. count`, calling `progress(done)` as the run grows.
pub fn octal_values(code: &OctalCode, count: usize, progress: &dyn Fn(usize)) -> Vec<Value> {
    if count <= PLAIN_UP_TO {
        return plain_values(code, count);
    }
    let step = (count / 100).max(PLAIN_UP_TO);
    let mut sparse = SparseEngine::new(code);
    if sparse.extend_to(PLAIN_UP_TO).is_err() {
        return plain_values(code, count);
    }
    let rare: usize = sparse.rare_counts().iter().sum();
    debug_assert_eq!(rare * 4 <= PLAIN_UP_TO, is_sparse(code));
    let widen = |values: &[u16]| values.iter().map(|&v| Value::from(v)).collect::<Vec<_>>();
    if rare * 4 <= PLAIN_UP_TO {
        let mut done = PLAIN_UP_TO;
        while done < count {
            done = (done + step).min(count);
            if sparse.extend_to(done).is_err() {
                return plain_values(code, count);
            }
            progress(done);
        }
        return widen(sparse.values());
    }
    let mut dense = DenseEngine::new(code, true);
    let mut done = 0;
    while done < count {
        done = (done + step).min(count);
        if dense.extend_to(done).is_err() {
            return plain_values(code, count);
        }
        progress(done);
    }
    widen(dense.values())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn every_engine_choice_gives_the_plain_values() {
        for code in ["·007", "·6", "·16", "·77", "·137", "·165"] {
            let code = OctalCode::parse(code).unwrap();
            let calls = Cell::new(0);
            let fast = octal_values(&code, 9000, &|_| calls.set(calls.get() + 1));
            assert_eq!(fast, plain_values(&code, 9000), "{code}");
            assert!(calls.get() >= 1, "progress is reported");
        }
    }
}
