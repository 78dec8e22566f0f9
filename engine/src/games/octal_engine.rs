//! Which engine computes an octal code's values: the plain loop for short
//! runs (it is the reference, and fastest there), then whichever of the
//! sparse-space engine and the dense loop costs less *at the current heap*.
//! All three give the same values (their tests compare them value for
//! value, and a test here switches engines mid-run); only the time differs.
//!
//! The choice follows the run because a code's structure shows late: ·007
//! has 29% rare heaps among its first 4,096 (no sparse space to speak of)
//! but 4.3% by 2^19 and a nearly constant 22,500 rare heaps from there on,
//! so the rare/common method (linear) overtakes the dense loop (quadratic)
//! near 360,000 heaps and is twice as fast by 2·10^6. A choice made once,
//! early, leaves such a code in the quadratic loop for good.
//!
//! At each look (every power of two up to 2^16 heaps, then every 2^16) the
//! run counts, for every mask at once, how many heaps would be rare (the
//! Walsh–Hadamard census of [`crate::games::octal_fast`]) and compares the
//! two engines' work per heap: the sparse engine reads about one split per
//! rare heap and splitting take, each costing about [`SPARSE_SPLIT_COST`]
//! times a split the dense loop reads (gathered reads and stores against
//! streamed vector compares; measured on ·007 near its crossover); the
//! dense loop reads half of every row. It moves to the sparse engine when
//! that is no dearer, and back only when it is twice as dear, so a code
//! near the line does not switch at every look. A switch hands the values
//! over (no copy) and the new engine rebuilds its own tables from them.

use crate::games::octal::{OctalCode, values as plain_values};
use crate::games::octal_dense::DenseEngine;
use crate::games::octal_fast::{SparseEngine, fewest_rare, walsh_hadamard};
use crate::games::octal_memory::EngineStop;
use crate::games::octal_moves::MoveTable;
use crate::sequence::Value;

/// Runs up to this long use the plain loop.
const PLAIN_UP_TO: usize = 4096;

/// Heaps between two looks at the engine once past this many heaps.
const LOOK_EVERY: usize = 1 << 16;

/// The cost of one split the sparse engine reads, in splits the dense loop
/// reads: ·007 near 3·10^5 heaps, one thread, 1.6 ns per rare split against
/// 0.2 ns per split of the dense loop.
pub const SPARSE_SPLIT_COST: usize = 8;

/// Whether the sparse-space engine suits `code` from the start: at most a
/// quarter of its first 4,096 values are rare under the learned mask. (A
/// code that is not may still become sparse later; see [`OctalRun`].)
pub fn is_sparse(code: &OctalCode) -> bool {
    let mut sparse = SparseEngine::new(code);
    sparse.extend_to(PLAIN_UP_TO).is_ok()
        && sparse.rare_counts().iter().sum::<usize>() * 4 <= PLAIN_UP_TO
}

/// The engine a run is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineKind {
    Sparse,
    Dense,
}

#[derive(Debug, Clone)]
enum Engine {
    Sparse(SparseEngine),
    Dense(DenseEngine),
}

/// How many heaps each mask would make rare: the histogram of
/// `ext(a) = 2·g(a) + (a mod 2)` over heaps `a ≥ 1`, kept as values come.
#[derive(Debug, Clone, Default)]
struct RareCensus {
    histogram: Vec<u32>,
    /// Heaps `0 .. counted` are in the histogram (heap 0 is never a part).
    counted: usize,
}

impl RareCensus {
    fn add(&mut self, values: &[u16]) {
        for (heap, &value) in values.iter().enumerate().skip(self.counted.max(1)) {
            let extended = usize::from(value) << 1 | (heap & 1);
            if extended >= self.histogram.len() {
                self.histogram.resize((extended + 1).next_power_of_two(), 0);
            }
            self.histogram[extended] += 1;
        }
        self.counted = self.counted.max(values.len());
    }

    /// The fewest heaps any mask makes rare, for the class of each parity.
    fn fewest_rare(&self) -> [usize; 2] {
        let heaps = self.counted.saturating_sub(1) as i64;
        let transform = walsh_hadamard(&self.histogram);
        [0, 1].map(|parity| ((heaps + fewest_rare(&transform, parity).1) / 2).max(0) as usize)
    }
}

/// One code's values, computed by whichever engine pays at the current heap.
#[derive(Debug, Clone)]
pub struct OctalRun {
    moves: MoveTable,
    /// `None` only while the values are handed from one engine to the other.
    engine: Option<Engine>,
    census: RareCensus,
    parallel: bool,
    /// Heaps at which the run changed engine, and to which.
    switches: Vec<(usize, EngineKind)>,
    /// Looks at which the engine is switched whatever the costs (tests).
    forced: Vec<usize>,
    /// What the engines did, counted (see [`RunWork`]).
    work: RunWork,
}

/// The work of a run, counted so that tests can bound it (issue 51): a
/// change that computes a value twice or reads pairs it need not read fails
/// them, where a timing could not be trusted on a shared machine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunWork {
    /// Values the engines computed (values a run resumed from are not).
    pub computed: u64,
    /// Split pairs the sparse engine read: its rare parts listed and its
    /// common pairs scanned. The dense engine reads every pair of every
    /// heap's rows, work fixed by the heaps, and is not counted.
    pub pairs_read: u64,
}

impl OctalRun {
    /// A run of `code` from heap 0; `parallel` lets the engines use rayon's pool.
    pub fn new(code: &OctalCode, parallel: bool) -> Self {
        OctalRun::resume(MoveTable::of(code), Vec::new(), parallel)
    }

    /// A run that goes on from `values` (heaps `0 .. values.len()`).
    pub fn resume(moves: MoveTable, values: Vec<u16>, parallel: bool) -> Self {
        let mut census = RareCensus::default();
        census.add(&values);
        let engine = SparseEngine::resume(moves.clone(), values).with_parallel(parallel);
        let mut run = OctalRun {
            moves,
            engine: Some(Engine::Sparse(engine)),
            census,
            parallel,
            switches: Vec::new(),
            forced: Vec::new(),
            work: RunWork::default(),
        };
        if run.values().len() >= PLAIN_UP_TO {
            run.choose();
        }
        run
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        match &self.engine {
            Some(Engine::Sparse(engine)) => engine.values(),
            Some(Engine::Dense(engine)) => engine.values(),
            None => &[],
        }
    }

    /// The values, handed over without a copy.
    pub fn into_values(self) -> Vec<u16> {
        match self.engine {
            Some(Engine::Sparse(engine)) => engine.into_values(),
            Some(Engine::Dense(engine)) => engine.into_values(),
            None => Vec::new(),
        }
    }

    /// The engine the run is on now.
    pub fn engine(&self) -> EngineKind {
        match self.engine {
            Some(Engine::Dense(_)) => EngineKind::Dense,
            _ => EngineKind::Sparse,
        }
    }

    /// The heaps at which the run changed engine, and to which engine.
    pub fn switches(&self) -> &[(usize, EngineKind)] {
        &self.switches
    }

    /// The work done so far: the engines left behind and the current one's.
    pub fn work(&self) -> RunWork {
        let mut work = self.work;
        if let Some(Engine::Sparse(engine)) = &self.engine {
            work.pairs_read += engine.pairs_read();
        }
        work
    }

    /// Computes values up to heap `count − 1`, looking at the engine at every
    /// look point on the way. A value past `u16` stops the run, as does
    /// memory refused (each engine reserves its tables to the next look).
    pub fn extend_to(&mut self, count: usize) -> Result<(), EngineStop> {
        loop {
            let done = self.values().len();
            if done >= count {
                return Ok(());
            }
            let look = next_look(done);
            let end = look.min(count);
            let step = match &mut self.engine {
                Some(Engine::Sparse(engine)) => engine.extend_to(end),
                Some(Engine::Dense(engine)) => engine.extend_to(end),
                None => return Ok(()),
            };
            self.work.computed += (self.values().len() - done) as u64;
            step?;
            if end == look {
                self.choose();
            }
        }
    }

    /// Counts the new values and moves to the engine that pays (see the
    /// module comment), or to the other one at a forced look.
    fn choose(&mut self) {
        let Some(engine) = self.engine.take() else {
            return;
        };
        let values = match &engine {
            Engine::Sparse(engine) => engine.values(),
            Engine::Dense(engine) => engine.values(),
        };
        self.census.add(values);
        let heap = values.len();
        let rare = self.census.fewest_rare();
        let sparse_cost: usize = (0..2)
            .map(|parity| {
                rare[parity]
                    .saturating_mul(self.moves.leaving_two[parity].len())
                    .saturating_mul(SPARSE_SPLIT_COST)
            })
            .sum();
        let dense_cost: usize = self
            .moves
            .splitting_takes()
            .iter()
            .map(|&take| heap.saturating_sub(take) / 2)
            .sum();
        let forced = self.forced.contains(&heap);
        self.engine = Some(match engine {
            Engine::Sparse(sparse) if forced || sparse_cost > dense_cost.saturating_mul(2) => {
                self.switches.push((heap, EngineKind::Dense));
                self.work.pairs_read += sparse.pairs_read();
                let values = sparse.into_values();
                Engine::Dense(DenseEngine::resume(
                    self.moves.clone(),
                    values,
                    self.parallel,
                ))
            }
            Engine::Dense(dense) if forced || sparse_cost <= dense_cost => {
                self.switches.push((heap, EngineKind::Sparse));
                let values = dense.into_values();
                Engine::Sparse(
                    SparseEngine::resume(self.moves.clone(), values).with_parallel(self.parallel),
                )
            }
            unchanged => unchanged,
        });
    }
}

/// The next heap count at which a run looks at its engine after `done`:
/// 4,096, then every power of two to 2^16, then every multiple of 2^16. The
/// points do not depend on how the run is cut into calls, so a resumed run
/// looks where a straight one does.
fn next_look(done: usize) -> usize {
    if done < LOOK_EVERY {
        (done + 1).next_power_of_two().max(PLAIN_UP_TO)
    } else {
        (done / LOOK_EVERY + 1) * LOOK_EVERY
    }
}

/// The values of heaps `0 .. count`, calling `progress(done)` as the run grows.
pub fn octal_values(code: &OctalCode, count: usize, progress: &dyn Fn(usize)) -> Vec<Value> {
    match narrow_values(code, count, progress) {
        Some(values) => values.iter().map(|&v| Value::from(v)).collect(),
        None => plain_values(code, count),
    }
}

/// The values of heaps `0 .. count` as the engines keep them, two bytes
/// each, so a long run never holds a second, wider copy; `None` when a
/// value does not fit in 16 bits or the memory is refused (then only the
/// plain loop can go on). The commands' long runs grow a
/// [`crate::games::octal_solve::Solver`] instead, which stops with the refusal.
pub fn narrow_values(code: &OctalCode, count: usize, progress: &dyn Fn(usize)) -> Option<Vec<u16>> {
    if count <= PLAIN_UP_TO {
        let values = plain_values(code, count);
        progress(count);
        return values.iter().map(|&v| u16::try_from(v).ok()).collect();
    }
    let step = (count / 100).max(PLAIN_UP_TO);
    let mut run = OctalRun::new(code, true);
    let mut done = 0;
    while done < count {
        done = (done + step).min(count);
        run.extend_to(done).ok()?;
        progress(done);
    }
    Some(run.into_values())
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
            let narrow = narrow_values(&code, 9000, &|_| ()).unwrap();
            assert!(narrow.iter().zip(&fast).all(|(&a, &b)| Value::from(a) == b));
            assert!(calls.get() >= 1, "progress is reported");
        }
    }

    #[test]
    fn a_run_switched_at_every_look_gives_the_plain_values() {
        // Engines forced to change hands at each look, both ways, mid-run;
        // and a run cut into uneven calls, resumed from its values halfway.
        let count = 20_000;
        for text in ["·007", "·6", "·77", "·137", "4·07"] {
            let code = OctalCode::parse(text).unwrap();
            let plain: Vec<u16> = plain_values(&code, count)
                .iter()
                .map(|&v| v as u16)
                .collect();
            let mut run = OctalRun::new(&code, true);
            run.forced = vec![4096, 8192, 16384];
            for end in [5000, 9000, 12_345, count] {
                run.extend_to(end).unwrap();
            }
            assert_eq!(run.switches().len(), 3, "{text}: {:?}", run.switches());
            assert_eq!(run.values(), &plain[..], "{text}");
            let half = plain[..count / 2].to_vec();
            let mut resumed = OctalRun::resume(MoveTable::of(&code), half, false);
            resumed.extend_to(count).unwrap();
            assert_eq!(resumed.into_values(), plain, "{text} resumed");
        }
    }

    #[test]
    fn seven_starts_on_the_dense_engine_and_looks_on_a_fixed_grid() {
        // ·007 has 29% rare heaps at 4,096: the dense loop pays there. (It
        // moves to the sparse engine near 2^19: `examples/compare` shows it.)
        let code = OctalCode::parse("·007").unwrap();
        let mut run = OctalRun::new(&code, true);
        run.extend_to(PLAIN_UP_TO).unwrap();
        assert_eq!(run.engine(), EngineKind::Dense);
        assert_eq!(next_look(4096), 8192);
        assert_eq!(next_look(65_536), 131_072);
        assert_eq!(next_look(70_000), 131_072);
    }
}
