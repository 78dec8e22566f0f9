//! The exact outcome of a sum of heaps of an octal game, by exhaustive
//! search over the positions it reaches, each a multiset of heaps, with
//! every position's outcome kept: nothing of Grundy values or of misère
//! quotients is used, so it is the referee both are checked against.
//!
//! A position is a sorted list of heaps. Heaps from which no move is
//! possible are dropped (the game tree is the same without them), so a
//! position with no heap left is one where the player to move has no move:
//! in normal play that player loses, in misère play (the last player to
//! move loses) that player wins.
//!
//! The work is bounded by the counters of the position asked: every move
//! of an octal code takes at least one counter, except a `4·` code's split
//! without taking, which adds a heap; so at most `total` positions lie on
//! any line of play from a position of `total` counters, twice that with
//! splits, and the search's depth is bounded by it.

use std::collections::HashMap;

use super::moves::heap_options;
use crate::games::OctalCode;

/// Which player wins when no move is left to the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// The last player to move wins.
    Normal,
    /// The last player to move loses.
    Misere,
}

/// The most counters a position asked of the search may hold: every
/// position below it is kept, and their number grows as the partitions of
/// the total do (about 10⁶ at 60 counters).
pub const MOST_COUNTERS: usize = 64;

/// The search for one code and one convention, with every position's
/// outcome found so far.
#[derive(Debug, Clone)]
pub struct Outcomes {
    play: Play,
    /// For each heap size, what a move from it leaves: no heap, one heap,
    /// or two (the smaller first), each once.
    leaves: Vec<Vec<Vec<u8>>>,
    /// Whether the player to move wins, by position (sorted, no dead heap).
    wins: HashMap<Vec<u8>, bool>,
}

impl Outcomes {
    /// The search for `code` in `play`, for positions of at most
    /// [`MOST_COUNTERS`] counters.
    pub fn new(code: &OctalCode, play: Play) -> Outcomes {
        let leaves = (0..=MOST_COUNTERS)
            .map(|heap| {
                heap_options(code, heap)
                    .into_iter()
                    .map(|parts| parts.into_iter().map(|h| h as u8).collect())
                    .collect()
            })
            .collect();
        Outcomes {
            play,
            leaves,
            wins: HashMap::new(),
        }
    }

    /// Whether the player to move wins the sum of `heaps` (sizes, in any
    /// order; zeros are no heap). Refused past [`MOST_COUNTERS`] counters.
    pub fn first_player_wins(&mut self, heaps: &[usize]) -> Result<bool, String> {
        let total = heaps.iter().try_fold(0usize, |sum, &h| sum.checked_add(h));
        match total {
            Some(total) if total <= MOST_COUNTERS => {}
            _ => {
                return Err(format!(
                    "the exact search takes positions of at most {MOST_COUNTERS} counters"
                ));
            }
        }
        let position = self.position(heaps.iter().map(|&h| h as u8));
        Ok(self.wins_from(position))
    }

    /// The positions whose outcome is known: the search's memory.
    pub fn known(&self) -> usize {
        self.wins.len()
    }

    /// A position as the search keeps it: sorted, without dead heaps.
    fn position(&self, heaps: impl Iterator<Item = u8>) -> Vec<u8> {
        let mut position: Vec<u8> = heaps
            .filter(|&h| !self.leaves[h as usize].is_empty())
            .collect();
        position.sort_unstable();
        position
    }

    fn wins_from(&mut self, position: Vec<u8>) -> bool {
        if position.is_empty() {
            return self.play == Play::Misere;
        }
        if let Some(&known) = self.wins.get(&position) {
            return known;
        }
        let mut wins = false;
        'moves: for (at, &heap) in position.iter().enumerate() {
            // Equal heaps give the same options: the first of them stands
            // for all.
            if at > 0 && position[at - 1] == heap {
                continue;
            }
            for left in 0..self.leaves[heap as usize].len() {
                let rest = position[..at]
                    .iter()
                    .chain(&position[at + 1..])
                    .copied()
                    .chain(self.leaves[heap as usize][left].iter().copied());
                let next = self.position(rest);
                if !self.wins_from(next) {
                    wins = true;
                    break 'moves;
                }
            }
        }
        self.wins.insert(position, wins);
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::values;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    /// Every sum of up to three heaps, each below `below`, within the bound.
    fn sums(below: usize) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        for a in 0..below {
            for b in a..below {
                for c in b..below {
                    if a + b + c <= 30 {
                        all.push(vec![a, b, c]);
                    }
                }
            }
        }
        all
    }

    #[test]
    fn in_normal_play_the_search_agrees_with_the_grundy_values() {
        for text in [".137", ".07", ".77", ".6", "4.07", ".3122", ".4"] {
            let code = code(text);
            let g = values(&code, 31);
            let mut search = Outcomes::new(&code, Play::Normal);
            for sum in sums(16) {
                let nim_sum = sum.iter().fold(0, |x, &h| x ^ g[h]);
                assert_eq!(
                    search.first_player_wins(&sum).unwrap(),
                    nim_sum != 0,
                    "{text} {sum:?}"
                );
            }
        }
    }

    /// Misère Nim (C. L. Bouton, 1901): the player to move wins unless
    /// every heap is of one counter and their number is odd, or some heap
    /// is larger and the nim-sum is 0. Nim on heaps up to 8 is ·33333333.
    #[test]
    fn misere_nim_is_bouton_s_rule() {
        let nim = code(".33333333");
        let mut search = Outcomes::new(&nim, Play::Misere);
        for sum in sums(9) {
            let nim_sum = sum.iter().fold(0, |x, &h| x ^ h);
            let large = sum.iter().any(|&h| h >= 2);
            let ones = sum.iter().filter(|&&h| h == 1).count();
            let expected = if large {
                nim_sum != 0
            } else {
                ones.is_multiple_of(2)
            };
            assert_eq!(search.first_player_wins(&sum).unwrap(), expected, "{sum:?}");
        }
    }

    /// ·3 takes one counter at a time: every line of play lasts as many
    /// moves as there are counters, so the player to move makes the last
    /// move, and loses in misère play, exactly when their number is odd.
    #[test]
    fn one_counter_at_a_time_loses_on_an_odd_total() {
        let mut search = Outcomes::new(&code(".3"), Play::Misere);
        for sum in sums(12) {
            let total: usize = sum.iter().sum();
            assert_eq!(
                search.first_player_wins(&sum).unwrap(),
                total.is_multiple_of(2),
                "{sum:?}"
            );
        }
    }

    #[test]
    fn a_position_past_the_bound_is_refused() {
        let mut search = Outcomes::new(&code(".07"), Play::Misere);
        assert!(search.first_player_wins(&[40, 25]).is_err());
        assert!(search.first_player_wins(&[usize::MAX, 1]).is_err());
        assert!(
            search.first_player_wins(&[]).unwrap(),
            "no move: a misère win"
        );
        let mut normal = Outcomes::new(&code(".07"), Play::Normal);
        assert!(!normal.first_player_wins(&[]).unwrap());
    }
}
