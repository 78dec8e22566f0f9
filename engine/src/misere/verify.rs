//! The check that turns a candidate quotient into a proof: that it
//! predicts the misère outcome of every sum of heaps up to a bound, not
//! only of the sums some search happened to try.
//!
//! **Claim.** Let `Q` be a finite commutative monoid, `P ⊆ Q`, and `Φ` a
//! homomorphism from the sums of heaps `1..=n` of a game to `Q`. Write
//! `R(G)` for the set of `Φ(G')` over the options `G'` of `G`. If for every
//! sum `G`
//!
//! > `Φ(G) ∈ P` exactly when `G` has a move and `R(G)` misses `P`,   (V)
//!
//! then every sum `G` is a misère P-position exactly when `Φ(G) ∈ P`.
//!
//! *Proof.* By induction on the game tree (every line of play from `G` is
//! finite). A sum with no move is won by the player to move in misère
//! play, so it is not a P-position, and (V) says `Φ(G) ∉ P`. Otherwise `G`
//! is a P-position exactly when no option is one, which by induction is
//! when `R(G)` misses `P`, which by (V) is when `Φ(G) ∈ P`. ∎
//!
//! **(V) on finitely many states.** Whether (V) holds at `G` depends only
//! on the triple `s(G) = (Φ(G), R(G), whether G has a move)`. Adding one
//! heap `h` to `G` changes it by a rule that depends on `s(G)` alone:
//! `Φ` is multiplied by `Φ(h)`, every element of `R` is multiplied by
//! `Φ(h)`, and the images `Φ(G)·Φ(o)` of the options `o` of `h` join `R`.
//! So the states of all sums are found by closing the empty sum's state
//! under "add a heap", heap by heap: finitely many, since `Q` is finite,
//! however large the multiplicities. Checking (V) on each state checks it
//! on every sum.
//!
//! `R` itself is not kept: only what it can still decide. Later heaps
//! multiply every element of `R` by some `z`, and (V) asks only whether
//! `R·z` meets `P`; so a state keeps the set `D(G)` of the `z` with
//! `R(G)·z ∩ P ≠ ∅`, and `R(G)` misses `P` exactly when `1 ∉ D(G)`. Adding
//! heap `h` sends `D` to `{z : Φ(h)·z ∈ D} ∪ ⋃ₒ {z : Φ(G)·Φ(o)·z ∈ P}`, again
//! a rule on the state alone, and sums with equal states have equal states
//! after any heaps are added: merging them loses nothing.
//!
//! Each state keeps the least sum that reaches it, least in the order that
//! compares the largest heap's multiplicity first. A move replaces a heap
//! by smaller ones, so every option of a sum comes before it in that order;
//! the least failing sum therefore has every option predicted correctly,
//! and its true outcome is the opposite of the predicted one. The engine
//! repairs its candidate with that sum.

use std::collections::HashMap;
use std::rc::Rc;

use super::memory;
use super::meter::Meter;
use super::monoid::Monoid;

/// What is known about one sum's class: its image, the `z` that would
/// send one of its options into P (`D` above), and whether it has a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    image: u32,
    into_p: Box<[u64]>,
    has_move: bool,
}

/// A sum (multiplicities by heap size, from 0) where (V) fails, and what
/// the candidate predicted for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub sum: Vec<u32>,
    pub predicted_p: bool,
}

/// Why a check stopped: (V) fails, or the work passed the budget (why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    Fails(Failure),
    Budget(String),
}

/// The states of every sum of the heaps added so far, for one candidate.
#[derive(Debug, Clone)]
pub struct Verifier {
    monoid: Monoid,
    p: Vec<bool>,
    states: Vec<State>,
    sums: Vec<Box<[u32]>>,
    index: HashMap<State, u32>,
    /// For each element `r`, the `z` with `r·z ∈ P`.
    into_p: Vec<Box<[u64]>>,
    most_states: usize,
    /// The memory the check may hold, its quotient's table included.
    most_bytes: u64,
    /// Work and time left to the whole computation, shared with every
    /// other check it makes.
    meter: Rc<Meter>,
}

/// The states a new heap adds, before they are kept.
pub struct Layer {
    states: Vec<State>,
    sums: Vec<Box<[u32]>>,
}

fn bit(set: &[u64], x: u32) -> bool {
    set[x as usize / 64] >> (x % 64) & 1 == 1
}

fn set_bit(set: &mut [u64], x: u32) {
    set[x as usize / 64] |= 1 << (x % 64);
}

/// Whether `a` comes before `b` when the largest heap counts first.
fn before(a: &[u32], b: &[u32]) -> bool {
    let len = a.len().max(b.len());
    for heap in (0..len).rev() {
        let (x, y) = (
            a.get(heap).copied().unwrap_or(0),
            b.get(heap).copied().unwrap_or(0),
        );
        if x != y {
            return x < y;
        }
    }
    false
}

impl Verifier {
    /// The check for `monoid` and its P-portion `p`, starting from the
    /// empty sum, keeping at most `most_states` states and `most_bytes`
    /// bytes ([`memory`]; the caller has checked that the quotient itself
    /// fits).
    pub fn new(
        monoid: Monoid,
        p: Vec<bool>,
        most_states: usize,
        most_bytes: u64,
        meter: Rc<Meter>,
    ) -> Verifier {
        let size = monoid.size();
        let words = size.div_ceil(64);
        let into_p = (0..size as u32)
            .map(|r| {
                let mut set = vec![0u64; words];
                for z in 0..size as u32 {
                    if p[monoid.product(r, z) as usize] {
                        set_bit(&mut set, z);
                    }
                }
                set.into_boxed_slice()
            })
            .collect();
        let empty = State {
            image: 0,
            into_p: vec![0; words].into_boxed_slice(),
            has_move: false,
        };
        let mut index = HashMap::new();
        index.insert(empty.clone(), 0);
        Verifier {
            monoid,
            p,
            states: vec![empty],
            sums: vec![Box::new([])],
            index,
            into_p,
            most_states,
            most_bytes,
            meter,
        }
    }

    /// The monoid checked.
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// Its P-portion.
    pub fn p(&self) -> &[bool] {
        &self.p
    }

    /// How many states are kept.
    pub fn states(&self) -> usize {
        self.states.len()
    }

    fn holds(&self, state: &State) -> bool {
        let no_p_option = !bit(&state.into_p, 0);
        self.p[state.image as usize] == (state.has_move && no_p_option)
    }

    fn add(&self, state: &State, image: u32, option_images: &[u32]) -> State {
        let mut into_p = vec![0u64; state.into_p.len()];
        for z in 0..self.monoid.size() as u32 {
            if bit(&state.into_p, self.monoid.product(image, z)) {
                set_bit(&mut into_p, z);
            }
        }
        for &o in option_images {
            let r = self.monoid.product(state.image, o);
            for (word, more) in into_p.iter_mut().zip(self.into_p[r as usize].iter()) {
                *word |= more;
            }
        }
        State {
            image: self.monoid.product(state.image, image),
            into_p: into_p.into_boxed_slice(),
            has_move: true,
        }
    }

    /// The states that sums with copies of heap `heap` (image `image`, its
    /// options' images `option_images`) add, each with its least sum; the
    /// least failing one if (V) fails on one of them. With `any_failure`,
    /// the check stops at the first failure and names no sum.
    pub fn layer(
        &self,
        heap: usize,
        image: u32,
        option_images: &[u32],
        any_failure: bool,
    ) -> Result<Layer, Stop> {
        let mut layer = Layer {
            states: Vec::new(),
            sums: Vec::new(),
        };
        let mut fresh: HashMap<State, u32> = HashMap::new();
        let mut least_failure: Option<(Box<[u32]>, bool)> = None;
        // Round k holds the states first reached with k copies of `heap`.
        let mut round: Vec<(bool, u32)> =
            (0..self.states.len() as u32).map(|i| (false, i)).collect();
        while !round.is_empty() {
            let mut next: Vec<u32> = Vec::new();
            let mut found: HashMap<State, u32> = HashMap::new();
            let mut new_states: Vec<State> = Vec::new();
            let mut new_sums: Vec<Box<[u32]>> = Vec::new();
            for &(is_fresh, id) in &round {
                let (state, sum) = if is_fresh {
                    (&layer.states[id as usize], &layer.sums[id as usize])
                } else {
                    (&self.states[id as usize], &self.sums[id as usize])
                };
                // A step costs about |Q| products.
                self.meter
                    .spend(self.monoid.size() as u64)
                    .map_err(Stop::Budget)?;
                let next_state = self.add(state, image, option_images);
                if self.index.contains_key(&next_state) || fresh.contains_key(&next_state) {
                    continue;
                }
                if any_failure && !self.holds(&next_state) {
                    return Err(Stop::Fails(Failure {
                        sum: Vec::new(),
                        predicted_p: self.p[next_state.image as usize],
                    }));
                }
                let mut next_sum = sum.to_vec();
                next_sum.resize(next_sum.len().max(heap + 1), 0);
                next_sum[heap] += 1;
                match found.get(&next_state) {
                    Some(&at) => {
                        if before(&next_sum, &new_sums[at as usize]) {
                            new_sums[at as usize] = next_sum.into_boxed_slice();
                        }
                    }
                    None => {
                        found.insert(next_state.clone(), new_states.len() as u32);
                        new_states.push(next_state);
                        new_sums.push(next_sum.into_boxed_slice());
                    }
                }
            }
            for (state, sum) in new_states.into_iter().zip(new_sums) {
                if !self.holds(&state) {
                    let predicted_p = self.p[state.image as usize];
                    if any_failure {
                        return Err(Stop::Fails(Failure {
                            sum: sum.to_vec(),
                            predicted_p,
                        }));
                    }
                    if least_failure.as_ref().is_none_or(|(l, _)| before(&sum, l)) {
                        least_failure = Some((sum.clone(), predicted_p));
                    }
                }
                let id = layer.states.len() as u32;
                fresh.insert(state.clone(), id);
                layer.states.push(state);
                layer.sums.push(sum);
                next.push(id);
                self.within_bounds(layer.states.len(), heap)?;
            }
            round = next.into_iter().map(|id| (true, id)).collect();
        }
        match least_failure {
            Some((sum, predicted_p)) => Err(Stop::Fails(Failure {
                sum: sum.to_vec(),
                predicted_p,
            })),
            None => Ok(layer),
        }
    }

    /// Refuses a check that, holding `fresh` states beyond those kept, would
    /// pass its memory or its count of states.
    fn within_bounds(&self, fresh: usize, heap: usize) -> Result<(), Stop> {
        let held = (self.states.len() + fresh) as u64;
        let needed = memory::quotient_bytes(self.monoid.size())
            .saturating_add(held.saturating_mul(memory::state_bytes(self.monoid.size(), heap)));
        if needed > self.most_bytes {
            return Err(Stop::Budget(memory::refusal(
                &format!("the check's {held} states"),
                needed,
                self.most_bytes,
            )));
        }
        if self.states.len() + fresh > self.most_states {
            return Err(Stop::Budget(format!(
                "the check needs more than {} states",
                self.most_states
            )));
        }
        Ok(())
    }

    /// Keeps a layer's states.
    pub fn keep(&mut self, layer: Layer) {
        for (state, sum) in layer.states.into_iter().zip(layer.sums) {
            self.index.insert(state.clone(), self.states.len() as u32);
            self.states.push(state);
            self.sums.push(sum);
        }
    }
}
