//! The misère census of the octal codes of one length, one JSON line a
//! code, as the figure `misere-census` computes each row: the quotient
//! grown heap by heap until Φ's period is proved (Theorem M), HEAPS heaps
//! are reached, or WORK products of work run out; refereed on the small
//! sums. Too long for every build at three digits, so its output is the
//! committed record `records/misere-census-3.jsonl`, which the figure
//! `misere-census-3` reads, solving its settled rows again, and `ladder
//! check --deep` runs whole again.
//!
//! Run: cargo run --release --example misere_census -- DIGITS HEAPS WORK > FILE
//! e.g. `-- 3 200 100000000 > records/misere-census-3.jsonl` (about
//! four and a half minutes on two cores).

use std::io::Write;
use std::process::ExitCode;

use ladder::figures::misere_census::{Params, census_row, codes_of};
use rayon::prelude::*;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = (
        args.first().and_then(|a| a.parse::<u32>().ok()),
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    );
    let (Some(digits @ 1..=4), Some(heaps @ 1..=2000), Some(work)) = parsed else {
        eprintln!("usage: misere_census DIGITS(1-4) HEAPS(1-2000) WORK > FILE");
        return ExitCode::from(2);
    };
    let params = Params {
        digits,
        heaps,
        work,
    };
    let codes = codes_of(digits);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let rows: Result<Vec<String>, String> = codes
        .par_iter()
        .map(|code| {
            let row = census_row(code, &params)?;
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if n.is_multiple_of(16) {
                eprintln!("{n} of {} codes", codes.len());
            }
            serde_json::to_string(&row).map_err(|e| e.to_string())
        })
        .collect();
    match rows {
        Ok(rows) => {
            let mut out = std::io::stdout().lock();
            for row in rows {
                if writeln!(out, "{row}").is_err() {
                    return ExitCode::from(1);
                }
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}
