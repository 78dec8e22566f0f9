//! Runs each engine once per game and prints wall times and ratios: plain
//! loop, sparse-space engine, dense engine, and the `ogs` crate's RC and RC2
//! solvers. Then the ·16 long run: period search, Guy–Smith certificate, record.
//!
//! Run: cargo run --release --example compare [-- --plain --million-007 --kayles-ogs]
//!
//! One measurement per process, for runs compared side by side (whole
//! processes, round-robin: `RAYON_NUM_THREADS` sets ladder's threads):
//! `compare --one ladder|rc2 CODE COUNT` prints the code, count, engine,
//! seconds and the FNV-1a hash of the values (equal hashes, equal values).
//! (`--plain` adds the plain loop on ·16 to 510,000, about 2–3 minutes;
//! `--million-007` adds ·007 to 10^6 on the dense engine, about a minute;
//! `--kayles-ogs` runs `ogs` on ·77 to 10^6 too, several minutes;
//! `--skip-sparse` leaves out the comparison with `ogs`).

use std::str::FromStr;
use std::time::{Duration, Instant};

use ladder::games::octal::{OctalCode, values};
use ladder::games::octal_dense::DenseEngine;
use ladder::games::octal_engine::OctalRun;
use ladder::games::octal_fast::SparseEngine;
use ladder::games::octal_long_run::{fnv1a_64, long_run};
use ladder::sequence::find_period;
use ogs::{Game, RC2Solver, RCSolver, Solver};

fn seconds(time: Duration) -> f64 {
    time.as_secs_f64()
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let clock = Instant::now();
    let result = work();
    (result, clock.elapsed())
}

fn ogs_values<S: Solver>(mut solver: S, count: usize) -> Vec<u16> {
    for _ in 0..count {
        solver.next();
    }
    solver.nimbers().to_vec()
}

fn sparse_game(text: &str, count: usize) {
    let code = OctalCode::parse(text).unwrap();
    let game = Game::from_str(&text.replace('·', ".")).unwrap();
    let (fast, fast_time) = timed(|| {
        let mut engine = SparseEngine::new(&code);
        engine.extend_to(count).unwrap();
        engine
    });
    let (rc, rc_time) = timed(|| {
        ogs_values(
            RCSolver::<true, ()>::with_capacity(game.clone(), count),
            count,
        )
    });
    let (rc2, rc2_time) = timed(|| {
        ogs_values(
            RC2Solver::<true, ()>::with_capacity(game.clone(), count),
            count,
        )
    });
    assert_eq!(fast.values(), &rc[..], "{text}: fast and ogs RC differ");
    assert_eq!(fast.values(), &rc2[..], "{text}: fast and ogs RC2 differ");
    println!(
        "{text:>6} to {count:>9}: fast {:.3} s (masks {:?}, rare {:?}) | ogs RC {:.3} s ({:.2}x) | ogs RC2 {:.3} s ({:.2}x) | values agree",
        seconds(fast_time),
        fast.masks(),
        fast.rare_counts(),
        seconds(rc_time),
        seconds(rc_time) / seconds(fast_time),
        seconds(rc2_time),
        seconds(rc2_time) / seconds(fast_time),
    );
}

fn plain_against_fast(text: &str, count: usize) {
    let code = OctalCode::parse(text).unwrap();
    let (plain, plain_time) = timed(|| values(&code, count));
    let (fast, fast_time) = timed(|| {
        let mut engine = SparseEngine::new(&code);
        engine.extend_to(count).unwrap();
        engine
    });
    assert!(
        plain
            .iter()
            .zip(fast.values())
            .all(|(&p, &f)| p == u32::from(f))
    );
    println!(
        "{text:>6} to {count:>9}: plain {:.2} s | fast {:.3} s | fast is {:.0}x faster | values agree",
        seconds(plain_time),
        seconds(fast_time),
        seconds(plain_time) / seconds(fast_time)
    );
}

fn dense_game(text: &str, count: usize, with_plain: bool) {
    let code = OctalCode::parse(text).unwrap();
    let (two, two_time) = timed(|| {
        let mut engine = DenseEngine::new(&code, true);
        engine.extend_to(count).unwrap();
        engine.values().to_vec()
    });
    let largest = two.iter().max().copied().unwrap_or(0);
    print!(
        "{text:>6} to {count:>9}: dense 2 threads {:.2} s (largest value {largest})",
        seconds(two_time)
    );
    if with_plain {
        let (one, one_time) = timed(|| {
            let mut engine = DenseEngine::new(&code, false);
            engine.extend_to(count).unwrap();
            engine.values().to_vec()
        });
        let (plain, plain_time) = timed(|| values(&code, count));
        let game = Game::from_str(&text.replace('·', ".")).unwrap();
        let (rc, rc_time) =
            timed(|| ogs_values(RCSolver::<true, ()>::with_capacity(game, count), count));
        assert_eq!(one, two);
        assert_eq!(rc, two, "{text}: dense and ogs RC differ");
        assert!(plain.iter().zip(&two).all(|(&p, &d)| p == u32::from(d)));
        print!(
            " | dense 1 thread {:.2} s | plain {:.2} s ({:.1}x) | ogs RC {:.2} s ({:.1}x) | values agree",
            seconds(one_time),
            seconds(plain_time),
            seconds(plain_time) / seconds(two_time),
            seconds(rc_time),
            seconds(rc_time) / seconds(two_time)
        );
    }
    println!();
}

fn sixteen_certified() {
    let code = OctalCode::parse("·16").unwrap();
    let (run, run_time) = timed(|| long_run(&code, 520_000).unwrap());
    let (_, search_time) = timed(|| find_period(&run.values, 2));
    println!(
        "·16 to 520,000: period {:?}, certificate {:?}; whole run {:.3} s, period search alone {:.3} s",
        run.analysis.period,
        run.analysis.certificate,
        seconds(run_time),
        seconds(search_time)
    );
    println!("record: {:?}", run.record);
}

/// `--one ENGINE CODE COUNT`: one run, one line.
fn one(engine: &str, text: &str, count: usize) {
    let (values, time) = match engine {
        "ladder" => {
            let code = OctalCode::parse(text).unwrap();
            timed(|| {
                let mut run = OctalRun::new(&code, true);
                run.extend_to(count).unwrap();
                run.into_values()
            })
        }
        "rc2" => {
            let game = Game::from_str(&text.replace('·', ".")).unwrap();
            timed(|| ogs_values(RC2Solver::<true, ()>::with_capacity(game, count), count))
        }
        _ => panic!("--one takes ladder or rc2"),
    };
    println!(
        "{text} {count} {engine} threads={} {:.3} s hash {:016x}",
        rayon::current_num_threads(),
        seconds(time),
        fnv1a_64(&values)
    );
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let with = |flag: &str| arguments.iter().any(|a| a == flag);
    if let [_, flag, engine, code, count] = &arguments[..]
        && flag == "--one"
    {
        one(engine, code, count.parse().unwrap());
        return;
    }
    if !with("--skip-sparse") {
        println!("sparse games, fast against ogs (one core each):");
        sparse_game("·6", 100_000);
        sparse_game("·77", 100_000);
        sparse_game("·16", 510_000);
        sparse_game("·6", 1_000_000);
    }
    if with("--kayles-ogs") {
        sparse_game("·77", 1_000_000);
    } else {
        let kayles = OctalCode::parse("·77").unwrap();
        let (_, kayles_time) = timed(|| SparseEngine::new(&kayles).extend_to(1_000_000).unwrap());
        println!(
            "   ·77 to   1000000: fast {:.3} s (ogs left out: add --kayles-ogs, minutes)",
            seconds(kayles_time)
        );
    }
    println!("plain loop against fast:");
    plain_against_fast("·16", 50_000);
    plain_against_fast("·6", 50_000);
    if with("--plain") {
        plain_against_fast("·16", 510_000);
    }
    println!("·007, no sparse space:");
    dense_game("·007", 100_000, true);
    if with("--million-007") {
        dense_game("·007", 1_000_000, false);
    }
    sixteen_certified();
}
