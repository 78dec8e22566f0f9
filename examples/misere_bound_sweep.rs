//! A brute-force check of Theorem M's bound (content/proofs.md): for every
//! octal code of up to DIGITS digits, the misère quotient of the heaps
//! `0..=n` is computed for each `n` up to TOP, and every period accepted at
//! some `n` with the bound lowered by `d` heaps (`d` = 0 to 3) is set
//! against every later quotient's Φ. At `d = 0` (the theorem) a broken
//! claim would be a false proof: the sweep exits 1 if it finds one. The
//! counts at `d ≥ 1` show how far the bound is from wrong.
//!
//! Run: cargo run --release --example misere_bound_sweep -- DIGITS TOP
//! e.g. `-- 3 36` (every code of up to three digits, about two minutes on
//! two cores); the defaults are `2 30`.

use std::process::ExitCode;

use ladder::games::OctalCode;
use ladder::misere::period::{Period, heaps_needed};
use ladder::misere::quotient::{Limits, quotient};
use rayon::prelude::*;

const LOWERED: usize = 4;

/// Broken claims for each lowering `d`, and the first of each, in words.
fn sweep(code: &OctalCode, top: usize) -> ([usize; LOWERED], Vec<String>) {
    let limits = Limits {
        most_work: 20_000_000,
        most_states: 200_000,
        ..Limits::default()
    };
    let phis: Vec<Vec<u32>> = (0..=top)
        .map_while(|n| quotient(code, n, &limits, &mut |_| {}).ok())
        .map(|q| q.pretending)
        .collect();
    let repeats = |phi: &[u32], p: Period| {
        (p.preperiod..phi.len().saturating_sub(p.period)).all(|h| phi[h] == phi[h + p.period])
    };
    let mut broken = [0; LOWERED];
    let mut said = Vec::new();
    for (n, phi) in phis.iter().enumerate() {
        for (d, count) in broken.iter_mut().enumerate() {
            // The least period accepted at `n` with the bound lowered by `d`.
            let accepted = (1..=n).find_map(|period| {
                let mut preperiod = n - period + 1;
                while preperiod > 0 && phi[preperiod - 1] == phi[preperiod - 1 + period] {
                    preperiod -= 1;
                }
                let claim = Period { preperiod, period };
                let needed = heaps_needed(claim, code.largest_take())?;
                (preperiod + period <= n && needed.saturating_sub(d) <= n).then_some(claim)
            });
            let Some(claim) = accepted else { continue };
            if let Some(later) = phis[n + 1..].iter().find(|later| !repeats(later, claim)) {
                *count += 1;
                said.push(format!(
                    "bound less {d}: ·{} period {} from heap {} accepted at heap {n}, broken at heap {}",
                    code.digits_after_point(),
                    claim.period,
                    claim.preperiod,
                    later.len() - 1
                ));
            }
        }
    }
    (broken, said)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: usize| args.get(i).map_or(Some(default), |text| text.parse().ok());
    let (Some(digits), Some(top)) = (number(0, 2), number(1, 30)) else {
        eprintln!("usage: misere_bound_sweep [DIGITS [TOP]]");
        return ExitCode::from(2);
    };
    let codes: Vec<OctalCode> = (1..=digits as u32)
        .flat_map(|d| {
            (1..8u64.pow(d))
                .filter(|n| n % 8 != 0)
                .map(move |n| OctalCode::from_number(n, d))
        })
        .collect();
    let results: Vec<([usize; LOWERED], Vec<String>)> =
        codes.par_iter().map(|code| sweep(code, top)).collect();
    let mut total = [0; LOWERED];
    for (broken, said) in &results {
        for (sum, count) in total.iter_mut().zip(broken) {
            *sum += count;
        }
        for line in said
            .iter()
            .filter(|line| line.starts_with("bound less 0") || line.starts_with("bound less 1"))
        {
            println!("{line}");
        }
    }
    println!(
        "{} codes of up to {digits} digits, heaps to {top}: broken claims with the bound lowered by 0, 1, 2, 3 heaps: {total:?}",
        codes.len()
    );
    if total[0] > 0 {
        println!("a period Theorem M accepts was broken: the theorem or the engine is wrong");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
