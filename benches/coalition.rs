//! The coalition search on Dawson's Kayles.
//!
//! `full_analysis`: the whole measurement with the seed's sizes (286 tests,
//! census of 5 heaps up to 10), as the page computes it. Then the memoised
//! search against plain recursion (no memo) on the same small census, every
//! position of up to 3 rows of at most 7 pins, and the ratio of the two, so
//! the memo's worth is measured in one run on one machine.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::coalition::{CoalitionParams, Position, Ruleset, Solver, analyze, outcome_unmemoised};

fn dawsons_kayles() -> Ruleset {
    "octal:0.07".parse().expect("a valid ruleset")
}

const SMALL_HEAPS: usize = 3;
const SMALL_LARGEST: u32 = 7;

fn memoised(positions: &[Position]) -> usize {
    let mut solver = Solver::new(&dawsons_kayles(), SMALL_LARGEST, 2);
    positions
        .iter()
        .filter(|p| solver.outcome(p).lone_player_wins(0))
        .count()
}

fn unmemoised(positions: &[Position]) -> usize {
    let solver = Solver::new(&dawsons_kayles(), SMALL_LARGEST, 2);
    positions
        .iter()
        .filter(|p| outcome_unmemoised(solver.table(), 3, p).lone_player_wins(0))
        .count()
}

fn bench(c: &mut Criterion) {
    let params = CoalitionParams::default();
    c.bench_function("dawsons_kayles/full_analysis", |b| {
        b.iter(|| analyze(black_box(&dawsons_kayles()), black_box(&params)))
    });
    let positions = Position::all_up_to(SMALL_HEAPS, SMALL_LARGEST);
    assert_eq!(memoised(&positions), unmemoised(&positions));
    let mut group = c.benchmark_group("dawsons_kayles/small_census");
    group.bench_function("memoised", |b| b.iter(|| memoised(black_box(&positions))));
    group.bench_function("unmemoised", |b| {
        b.iter(|| unmemoised(black_box(&positions)))
    });
    group.finish();

    // The ratio, from a few timed runs of each (the medians).
    let median = |run: &dyn Fn() -> usize| {
        let mut times: Vec<f64> = (0..9)
            .map(|_| {
                let start = Instant::now();
                black_box(run());
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let fast = median(&|| memoised(&positions));
    let slow = median(&|| unmemoised(&positions));
    println!(
        "small census ({} positions of up to {SMALL_HEAPS} rows of at most {SMALL_LARGEST}): \
         memoised {:.3} ms, unmemoised {:.3} ms, ratio {:.1}",
        positions.len(),
        fast * 1e3,
        slow * 1e3,
        slow / fast
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
