//! Criterion comparison of the engines, side by side in one run, with the
//! ratios printed at the end: plain against fast, fast against the `ogs`
//! crate's RC and RC2 solvers (Officers ·6 to 10^6, ·16 to 510,000, Kayles
//! ·77 to 10^5 only: `ogs` needs seconds per 10^5 Kayles values and grows
//! quadratically there, so 10^6 × ten samples would take hours), and the dense engine on ·007 to 10^5 (10^6 with
//! `ENGINES_MILLION_007=1`). Then the run as `ladder seq` makes it (the
//! engine chosen as the run grows, [`OctalRun`]) on a pool of one thread and
//! of two, against RC2, on the sizes of issue 17 that take seconds (·007,
//! ·77 and ·137 to 10^5, ·16 to 509,622, ·6 to 10^6); the long ones (·007
//! to 2·10^6, ·6 to 10^7) are whole-process runs of `examples/compare --one`.
//! Ten samples and short measurement times: the machine has two shared
//! cores. `examples/compare.rs` runs each engine once.

use std::str::FromStr;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::games::octal::{OctalCode, values};
use ladder::games::octal_dense::DenseEngine;
use ladder::games::octal_engine::OctalRun;
use ladder::games::octal_fast::SparseEngine;
use ogs::{Game, RC2Solver, RCSolver, Solver};

fn fast(code: &OctalCode, count: usize) -> usize {
    let mut engine = SparseEngine::new(code);
    engine.extend_to(count).unwrap();
    engine.values().len()
}

fn ogs_run<S: Solver>(mut solver: S, count: usize) -> usize {
    for _ in 0..count {
        solver.next();
    }
    solver.nimbers().len()
}

/// The mean time of one run, measured by criterion's own iteration.
fn mean_of(criterion: &mut Criterion, name: &str, mut work: impl FnMut() -> usize) -> Duration {
    let mut total = Duration::ZERO;
    let mut runs = 0u32;
    criterion.bench_function(name, |bencher| {
        bencher.iter_custom(|iterations| {
            let clock = Instant::now();
            for _ in 0..iterations {
                std::hint::black_box(work());
            }
            let elapsed = clock.elapsed();
            total += elapsed;
            runs += iterations as u32;
            elapsed
        })
    });
    total / runs.max(1)
}

fn engines(criterion: &mut Criterion) {
    let mut ratios = Vec::new();
    for (text, count) in [("·6", 1_000_000), ("·77", 100_000), ("·16", 510_000)] {
        let code = OctalCode::parse(text).unwrap();
        let game = Game::from_str(&text.replace('·', ".")).unwrap();
        let fast_time = mean_of(criterion, &format!("fast {text} {count}"), || {
            fast(&code, count)
        });
        let rc_time = mean_of(criterion, &format!("ogs RC {text} {count}"), || {
            ogs_run(
                RCSolver::<true, ()>::with_capacity(game.clone(), count),
                count,
            )
        });
        let rc2_time = mean_of(criterion, &format!("ogs RC2 {text} {count}"), || {
            ogs_run(
                RC2Solver::<true, ()>::with_capacity(game.clone(), count),
                count,
            )
        });
        ratios.push(format!(
            "{text} to {count}: fast {fast_time:?}, ogs RC {:.2}x slower, ogs RC2 {:.2}x slower",
            rc_time.as_secs_f64() / fast_time.as_secs_f64(),
            rc2_time.as_secs_f64() / fast_time.as_secs_f64()
        ));
    }
    for (text, count) in [("·16", 50_000), ("·6", 50_000)] {
        let code = OctalCode::parse(text).unwrap();
        let plain_time = mean_of(criterion, &format!("plain {text} {count}"), || {
            values(&code, count).len()
        });
        let fast_time = mean_of(
            criterion,
            &format!("fast {text} {count} (against plain)"),
            || fast(&code, count),
        );
        ratios.push(format!(
            "{text} to {count}: plain {plain_time:?}, fast {fast_time:?}: fast {:.0}x faster",
            plain_time.as_secs_f64() / fast_time.as_secs_f64()
        ));
    }
    let mut sizes = vec![100_000];
    if std::env::var("ENGINES_MILLION_007").is_ok() {
        sizes.push(1_000_000);
    }
    let seven = OctalCode::parse("·007").unwrap();
    for count in sizes {
        let dense_time = mean_of(criterion, &format!("dense ·007 {count}"), || {
            let mut engine = DenseEngine::new(&seven, true);
            engine.extend_to(count).unwrap();
            engine.values().len()
        });
        ratios.push(format!(
            "·007 to {count}: dense on two threads {dense_time:?}"
        ));
    }
    for (text, count) in [
        ("·007", 100_000),
        ("·77", 100_000),
        ("·137", 100_000),
        ("·16", 509_622),
        ("·6", 1_000_000),
    ] {
        let code = OctalCode::parse(text).unwrap();
        let game = Game::from_str(&text.replace('·', ".")).unwrap();
        let mut times = Vec::new();
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let name = format!("ladder {text} {count} on {threads} thread(s)");
            times.push(mean_of(criterion, &name, || {
                pool.install(|| {
                    let mut run = OctalRun::new(&code, true);
                    run.extend_to(count).unwrap();
                    run.values().len()
                })
            }));
        }
        let rc2_time = mean_of(criterion, &format!("ogs RC2 {text} {count} (run)"), || {
            ogs_run(
                RC2Solver::<true, ()>::with_capacity(game.clone(), count),
                count,
            )
        });
        ratios.push(format!(
            "{text} to {count}: ladder 1 thread {:?}, 2 threads {:?} ({:.2}x); RC2 {:.2}x slower than 1 thread, {:.2}x than 2",
            times[0],
            times[1],
            times[0].as_secs_f64() / times[1].as_secs_f64(),
            rc2_time.as_secs_f64() / times[0].as_secs_f64(),
            rc2_time.as_secs_f64() / times[1].as_secs_f64()
        ));
    }
    println!("\nratios:");
    for line in ratios {
        println!("  {line}");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(1));
    targets = engines
}
criterion_main!(benches);
