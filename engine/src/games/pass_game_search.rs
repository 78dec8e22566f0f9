//! A brute-force search of the single-pass game that plays the pass as an explicit move, used to
//! test the mex recursions of `pass` without trusting them.
//!
//! A position is `(heap, pass available)`. Its moves: take any take `t ≤ heap`, keeping the pass
//! state; or, if the pass is available and some take is legal, pass, leaving the heap and spending
//! the pass. Rather than computing a mex, the search decides outcomes (win or loss for the player to
//! move, normal play) of the sum of the position with a Nim heap of size `k`, and reads the
//! Grundy value off the Sprague–Grundy theorem: the value of a position `G` is the unique `k` for
//! which `G + *k` is a loss for the player to move. So the only rule used is "a position is lost
//! when every move leads to a won position".

use std::collections::HashMap;

use crate::sequence::Value;

/// A state of the sum `G + *k`: the pass game's heap, whether the pass is still available, and the
/// Nim heap.
type SumState = (usize, bool, usize);

/// Outcome search over sums of the pass game with a Nim heap, memoised.
pub struct PassGameSearch {
    takes: Vec<usize>,
    lost: HashMap<SumState, bool>,
}

impl PassGameSearch {
    pub fn new(takes: &[usize]) -> Self {
        PassGameSearch {
            takes: takes.to_vec(),
            lost: HashMap::new(),
        }
    }

    /// Every position reachable in one move from `state`.
    fn moves(&self, (heap, pass, nim): SumState) -> Vec<SumState> {
        let mut moves: Vec<SumState> = self
            .takes
            .iter()
            .filter(|&&take| take <= heap)
            .map(|&take| (heap - take, pass, nim))
            .collect();
        let some_take_is_legal = !moves.is_empty();
        if pass && some_take_is_legal {
            moves.push((heap, false, nim));
        }
        moves.extend((0..nim).map(|smaller| (heap, pass, smaller)));
        moves
    }

    /// Whether the player to move from `state` loses with best play.
    pub fn is_lost(&mut self, state: SumState) -> bool {
        if let Some(&known) = self.lost.get(&state) {
            return known;
        }
        let lost = self
            .moves(state)
            .into_iter()
            .all(|next| !self.is_lost(next));
        self.lost.insert(state, lost);
        lost
    }

    /// The Grundy value of `(heap, pass)`: the unique `k ≤ limit` with `G + *k` lost.
    /// Panics if there is not exactly one, which the Sprague–Grundy theorem forbids when `limit`
    /// is at least the number of options (a mex never exceeds the number of options).
    pub fn value(&mut self, heap: usize, pass: bool) -> Value {
        let limit = self.takes.len() + 1;
        let zeros: Vec<usize> = (0..=limit)
            .filter(|&nim| self.is_lost((heap, pass, nim)))
            .collect();
        assert_eq!(zeros.len(), 1, "exactly one Nim heap cancels heap {heap}");
        zeros[0] as Value
    }
}
