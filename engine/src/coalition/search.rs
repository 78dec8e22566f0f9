//! The search: who wins a position under the fixed alliance, from every phase.
//!
//! The game. Players move in turn: player 1, who plays alone, then the allies,
//! players 2, 3, … (two of them in the seed's game, more in the extension), then
//! player 1 again. The *phase* of a position is whose turn it is: phase 0 is the
//! lone player's, phase `i` the `i`-th ally's. At a position with no move the
//! lone player wins exactly when they made the last move, that is when the phase
//! is 1. Otherwise the lone player, to move, wins when some option wins for them
//! at phase 1, and an ally, to move, stops them when some option does not win
//! for them at the next phase: the allies play as one side whose only aim is to
//! deny the lone player the last move, so the game is a two-sided game of
//! perfect information and every position has a definite result (Zermelo).
//!
//! All phases are solved together: a position's [`Outcome`] is the set of phases
//! from which the lone player wins, computed from its options' outcomes. Results
//! are memoised on the canonical form of the position (heaps sorted, empty and
//! dead heaps dropped), held as a count of heaps of each size.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::ser::{Serialize, SerializeSeq, Serializer};
use serde::{Deserialize, Deserializer};

use super::position::Position;
use super::rules::{MoveTable, Ruleset};

/// The most allies the bit set of an [`Outcome`] can hold (one bit per phase).
pub const MOST_ALLIES: u32 = 7;

/// The phases from which the lone player wins a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outcome {
    /// Bit `p` set: the lone player wins when phase `p` is to move.
    wins: u8,
    /// The number of players, so the number of phases.
    players: u8,
}

impl Outcome {
    /// The outcome that loses for the lone player from every phase.
    pub fn lost_for(players: u32) -> Outcome {
        Outcome {
            wins: 0,
            players: players as u8,
        }
    }

    /// Whether the lone player wins with phase `phase` to move (0 = the lone player).
    pub fn lone_player_wins(&self, phase: usize) -> bool {
        self.wins >> phase & 1 == 1
    }

    /// Whether the lone player loses from every phase.
    pub fn lost_everywhere(&self) -> bool {
        self.wins == 0
    }

    /// One result per phase, the lone player's phase first.
    pub fn results(&self) -> Vec<bool> {
        (0..self.players as usize)
            .map(|phase| self.lone_player_wins(phase))
            .collect()
    }

    /// `W` for a lone player's win and `L` for a loss, one letter per phase.
    pub fn letters(&self) -> String {
        self.results()
            .iter()
            .map(|&win| if win { 'W' } else { 'L' })
            .collect()
    }
}

impl Serialize for Outcome {
    /// As the list of [`Outcome::results`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let results = self.results();
        let mut sequence = serializer.serialize_seq(Some(results.len()))?;
        for result in results {
            sequence.serialize_element(&result)?;
        }
        sequence.end()
    }
}

impl<'de> Deserialize<'de> for Outcome {
    /// From the list [`Outcome::results`] gives: one result per phase, at
    /// most [`MOST_ALLIES`] + 1 of them.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        let results = Vec::<bool>::deserialize(deserializer)?;
        if results.is_empty() || results.len() > MOST_ALLIES as usize + 1 {
            return Err(serde::de::Error::custom(
                "an outcome has one to eight phases",
            ));
        }
        let wins = results
            .iter()
            .enumerate()
            .fold(0u8, |wins, (phase, &win)| wins | (u8::from(win) << phase));
        Ok(Outcome {
            wins,
            players: results.len() as u8,
        })
    }
}

/// A multiplicative hash over the memo's small keys: std's default SipHash is
/// built against adversarial keys, which these are not, and is several times
/// slower on them.
#[derive(Default)]
struct CountsHasher(u64);

impl Hasher for CountsHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
    }

    fn write_usize(&mut self, value: usize) {
        self.mix(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl CountsHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// Canonical positions as counts of heaps of each size `1..=largest`.
type Table = HashMap<Box<[u16]>, u8, BuildHasherDefault<CountsHasher>>;

/// The bytes a slot of the memo's table takes: the key's pointer and
/// length, the outcome (padded), and hashbrown's control byte.
const SLOT_BYTES: u64 = 25;

/// The positions solved, within a memory budget: the table grows by
/// doubling, each step reserved fallibly and counted with its keys before
/// it is made, so a search that outgrows the budget stops (`full`) rather
/// than aborts the process.
struct Memo {
    table: Table,
    /// What one key takes on the heap: its counts, rounded up as the
    /// allocator rounds, and the allocator's header.
    key_bytes: u64,
    most_bytes: u64,
    /// Set when a position could not be kept: every outcome computed from
    /// then on is meaningless, and the caller reports the budget.
    full: bool,
}

impl Memo {
    fn new(largest_heap: u32, most_bytes: u64) -> Memo {
        Memo {
            table: Table::default(),
            key_bytes: (2 * u64::from(largest_heap)).div_ceil(8).max(1) * 8 + 16,
            most_bytes,
            full: false,
        }
    }

    /// The bytes the table and its keys take with room for `slots`.
    fn bytes_with(&self, slots: usize, keys: usize) -> u64 {
        (slots as u64 * 8 / 7 + 1) * SLOT_BYTES + keys as u64 * self.key_bytes
    }

    /// Room for one more position, or `full`.
    fn room(&mut self) -> bool {
        let (len, capacity) = (self.table.len(), self.table.capacity());
        let grown = if len < capacity {
            capacity
        } else {
            (2 * capacity).max(1024)
        };
        let fits = self.bytes_with(grown, len + 1) <= self.most_bytes
            && (grown == capacity || self.table.try_reserve(grown - len).is_ok());
        self.full = !fits;
        fits
    }
}

/// The memory a search may hold by default: a figure's or a sweep's
/// measurement, whose sizes the manifest bounds, stays far below it.
pub const DEFAULT_MOST_BYTES: u64 = 1 << 30;

/// The memoised search for one ruleset and one number of allies.
pub struct Solver {
    table: MoveTable,
    players: u32,
    memo: Memo,
    /// Scratch space for the position being solved, reused between calls.
    counts: Vec<u16>,
}

impl Solver {
    /// A solver for positions whose heaps are at most `largest_heap`, with one
    /// lone player against `allies` allies (1 ≤ `allies` ≤ [`MOST_ALLIES`]).
    pub fn new(ruleset: &Ruleset, largest_heap: u32, allies: u32) -> Solver {
        assert!(
            (1..=MOST_ALLIES).contains(&allies),
            "the number of allies must be between 1 and {MOST_ALLIES}, not {allies}"
        );
        Solver {
            table: MoveTable::new(ruleset, largest_heap),
            players: allies + 1,
            memo: Memo::new(largest_heap, DEFAULT_MOST_BYTES),
            counts: Vec::new(),
        }
    }

    /// The same solver, its memo held within `most_bytes`.
    pub fn within(mut self, most_bytes: u64) -> Solver {
        self.memo.most_bytes = most_bytes;
        self
    }

    /// When the memo outgrew its budget: the outcomes computed since are
    /// meaningless, and [`Solver::memory_note`] says why.
    pub fn is_full(&self) -> bool {
        self.memo.full
    }

    /// Why a full search stopped, for a person.
    pub fn memory_note(&self) -> String {
        format!(
            "memory: the search's table of solved positions holds {} positions and would pass its \
             budget of {} growing further",
            crate::numbers::grouped(self.memo.table.len() as u64),
            crate::numbers::byte_size(self.memo.most_bytes)
        )
    }

    /// The move table the solver plays by.
    pub fn table(&self) -> &MoveTable {
        &self.table
    }

    /// The number of players: the lone player and the allies.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// The number of distinct canonical positions solved so far.
    pub fn solved_states(&self) -> usize {
        self.memo.table.len()
    }

    /// The outcome of `position` from every phase.
    ///
    /// Panics if a heap exceeds the solver's largest heap.
    pub fn outcome(&mut self, position: &Position) -> Outcome {
        self.outcome_of_sum(&[position])
    }

    /// The outcome of the sum of `parts` (all their heaps on the table at once),
    /// without building the sum: the hot path of the class signatures.
    pub fn outcome_of_sum(&mut self, parts: &[&Position]) -> Outcome {
        let largest = self.table.largest_heap();
        self.counts.clear();
        self.counts.resize(largest as usize, 0);
        for &heap in parts.iter().flat_map(|part| part.heaps()) {
            assert!(
                heap <= largest,
                "heap {heap} is beyond the solver's largest heap {largest}"
            );
            if !self.table.is_dead(heap) {
                self.counts[heap as usize - 1] += 1;
            }
        }
        let wins = solve(&self.table, self.players, &mut self.memo, &mut self.counts);
        Outcome {
            wins,
            players: self.players as u8,
        }
    }
}

/// The winning phases of the canonical position held in `counts`, which is
/// left as it was found.
/// Once the memo is full the search unwinds at once: every outcome is 0.
fn solve(table: &MoveTable, players: u32, memo: &mut Memo, counts: &mut [u16]) -> u8 {
    if memo.full {
        return 0;
    }
    if let Some(&wins) = memo.table.get(&*counts) {
        return wins;
    }
    let all_phases: u8 = ((1u16 << players) - 1) as u8;
    // Bit p of an option's `shifted` outcome: the lone player wins the option
    // when the phase after p is to move there.
    let mut some_option = 0u8;
    let mut every_option = all_phases;
    let mut has_move = false;
    for size in 1..=counts.len() {
        if counts[size - 1] == 0 {
            continue;
        }
        counts[size - 1] -= 1;
        for option in table.options(size as u32) {
            for &piece in option {
                counts[piece as usize - 1] += 1;
            }
            let wins = solve(table, players, memo, counts);
            for &piece in option {
                counts[piece as usize - 1] -= 1;
            }
            let shifted = (wins >> 1) | ((wins & 1) << (players - 1));
            some_option |= shifted;
            every_option &= shifted;
            has_move = true;
        }
        counts[size - 1] += 1;
    }
    let wins = if has_move {
        // The lone player needs one winning option; an ally is stopped only
        // when every option wins for the lone player.
        (some_option & 1) | (every_option & all_phases & !1)
    } else {
        0b10
    };
    if memo.room() {
        memo.table.insert(counts.to_vec().into_boxed_slice(), wins);
    }
    wins
}

/// The winning phases of `position` by plain recursion, with no memo: the
/// reference the memoised search is checked and benchmarked against. Its cost
/// grows with the number of lines of play, so keep positions small.
pub fn outcome_unmemoised(table: &MoveTable, players: u32, position: &Position) -> Outcome {
    fn wins(table: &MoveTable, players: u32, heaps: &[u32]) -> u8 {
        let all_phases: u8 = ((1u16 << players) - 1) as u8;
        let (mut some_option, mut every_option, mut has_move) = (0u8, all_phases, false);
        for (index, &heap) in heaps.iter().enumerate() {
            for option in table.options(heap) {
                let mut next: Vec<u32> = heaps[..index].to_vec();
                next.extend_from_slice(&heaps[index + 1..]);
                next.extend_from_slice(option);
                let option_wins = wins(table, players, &next);
                let shifted = (option_wins >> 1) | ((option_wins & 1) << (players - 1));
                some_option |= shifted;
                every_option &= shifted;
                has_move = true;
            }
        }
        if has_move {
            (some_option & 1) | (every_option & all_phases & !1)
        } else {
            0b10
        }
    }
    let live = position.canonical(table);
    Outcome {
        wins: wins(table, players, live.heaps()),
        players: players as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{Value, mex};

    fn outcome(ruleset: &Ruleset, heaps: &[u32], allies: u32) -> Outcome {
        Solver::new(ruleset, 10, allies).outcome(&Position::new(heaps.to_vec()))
    }

    #[test]
    fn the_empty_position_is_won_only_when_the_first_ally_must_move() {
        assert_eq!(outcome(&Ruleset::Nim, &[], 2).letters(), "LWL");
        assert_eq!(outcome(&Ruleset::Nim, &[], 3).letters(), "LWLL");
    }

    #[test]
    fn seven_allies_fill_the_eight_phase_bits() {
        // Eight players: the phase mask is all eight bits of a u8 (it was
        // computed as 256 as u8 − 1, which overflows).
        let units = outcome(&Ruleset::Nim, &[1; 3], MOST_ALLIES);
        assert_eq!(units.results().len(), 8);
        for (phase, win) in units.results().into_iter().enumerate() {
            assert_eq!(win, (phase + 3) % 8 == 1, "phase {phase}");
        }
        let table = MoveTable::new(&Ruleset::Nim, 10);
        let position = Position::new(vec![1, 2]);
        assert_eq!(
            outcome_unmemoised(&table, MOST_ALLIES + 1, &position),
            outcome(&Ruleset::Nim, &[1, 2], MOST_ALLIES)
        );
    }

    #[test]
    fn units_count_modulo_three() {
        // k single counters last exactly k moves: the lone player wins from the
        // phase that leaves them the last of them.
        for units in 0..9u32 {
            let results = outcome(&Ruleset::Nim, &vec![1; units as usize], 2).results();
            for (phase, &win) in results.iter().enumerate() {
                assert_eq!(
                    win,
                    (phase as u32 + units) % 3 == 1,
                    "{units} units, phase {phase}"
                );
            }
        }
    }

    #[test]
    fn two_nim_stores_belong_to_the_coalition() {
        assert!(outcome(&Ruleset::Nim, &[2, 2], 2).lost_everywhere());
        assert!(outcome(&Ruleset::Nim, &[1, 3, 7], 2).lost_everywhere());
        // Negative control: one store leaves the lone player, moving first, a win.
        assert!(outcome(&Ruleset::Nim, &[3], 2).lone_player_wins(0));
    }

    #[test]
    fn one_ally_is_normal_play() {
        // With a single ally the game is the two-player game, and the lone
        // player, to move, wins exactly when the Grundy value is not zero.
        let ruleset = Ruleset::Octal(vec![0, 7, 7]);
        let table = MoveTable::new(&ruleset, 10);
        let mut grundy: Vec<Value> = vec![0];
        for size in 1..=10 {
            let values = table.options(size).iter().map(|option| {
                option
                    .iter()
                    .fold(0, |sum, &piece| sum ^ grundy[piece as usize])
            });
            grundy.push(mex(values));
        }
        let mut solver = Solver::new(&ruleset, 10, 1);
        for heaps in Position::all_up_to(3, 10) {
            let value = heaps
                .heaps()
                .iter()
                .fold(0, |sum, &heap| sum ^ grundy[heap as usize]);
            assert_eq!(
                solver.outcome(&heaps).lone_player_wins(0),
                value != 0,
                "{heaps}"
            );
        }
    }

    #[test]
    fn the_memo_agrees_with_plain_recursion() {
        // Nim's lines of play multiply fast: two heaps of up to five are plenty.
        for (ruleset, heaps, largest) in [
            (Ruleset::Nim, 2, 5),
            (Ruleset::Subtraction(vec![2, 3]), 3, 6),
            (Ruleset::Octal(vec![0, 0, 7]), 3, 6),
        ] {
            for allies in [2, 3] {
                let mut solver = Solver::new(&ruleset, largest, allies);
                for position in Position::all_up_to(heaps, largest) {
                    assert_eq!(
                        solver.outcome(&position),
                        outcome_unmemoised(solver.table(), allies + 1, &position),
                        "{ruleset} {position}"
                    );
                }
            }
        }
    }

    #[test]
    fn memo_is_keyed_on_the_canonical_form() {
        let mut solver = Solver::new(&Ruleset::Octal(vec![0, 0, 7]), 10, 2);
        let with_dead = solver.outcome(&Position::new(vec![1, 1, 4]));
        let states = solver.solved_states();
        assert_eq!(solver.outcome(&Position::new(vec![4])), with_dead);
        assert_eq!(solver.solved_states(), states);
    }
}
