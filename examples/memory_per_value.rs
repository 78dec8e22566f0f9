//! The peak memory of a long octal run, per value: a measurement made by
//! hand, not a test (the allocator, the page size and the code's rare heaps
//! set the number). It runs what `ladder seq` and `ladder solve` run, the
//! solver growing `u16` values toward a proof, then the summary `solve`
//! prints (search, certificate, record, shape), and reads the process's
//! peak resident size (`VmHWM` in `/proc/self/status`).
//!
//! Run: `cargo run --release --example memory_per_value -- octal:.1777 100000000`
//! (the manual's figures are of the `ladder` binary under `/usr/bin/time -v`;
//! this gives the same number from inside the process, to compare engines).

use std::time::Instant;

use ladder::games::Rule;
use ladder::games::octal_solve::{Solver, summarise};

/// The process's peak resident size, in bytes.
fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    let kilobytes: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kilobytes * 1024)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rule: Rule = args
        .next()
        .unwrap_or_else(|| "octal:.1777".into())
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let count: usize = args
        .next()
        .map_or(10_000_000, |n| n.parse().expect("a count of values"));
    let code = rule.octal_code().expect("an octal code");
    let before = peak_resident_bytes().unwrap_or(0);
    let clock = Instant::now();
    let mut solver = Solver::new(code, count);
    let finish = solver.solve().expect("values that fit in 16 bits");
    let summary = summarise(code, &solver);
    let seconds = clock.elapsed().as_secs_f64();
    let peak = peak_resident_bytes().unwrap_or(0);
    let values = solver.values().len();
    println!(
        "{rule}: {values} values ({finish:?}), hash {}, {seconds:.1} s; peak {:.1} MB \
         ({:.1} MB before the run): {:.3} bytes a value",
        summary.values_hash,
        peak as f64 / 1e6,
        before as f64 / 1e6,
        peak as f64 / values.max(1) as f64
    );
}
