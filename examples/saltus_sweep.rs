//! A brute-force check of the saltus certificates (Theorems C and C⁺):
//! every claim `g(n + p) = g(n) + s`, `s` a power of two, of every
//! hexadecimal code of the given length that holds from `n0` over at least
//! one period and then breaks within the values computed is handed to the
//! certifier with the values up to its failure (all of which agree with the
//! claim's formula). A certificate for any of them would be false: the
//! sweep lists each, counts the refusals by condition, and exits 1 if one
//! was certified.
//!
//! Run: cargo run --release --example saltus_sweep -- DIGITS PREFIXES VALUES N0 P
//! e.g. `-- 3 0,4,8,C 1200 30 40` (every three-digit code, about five
//! minutes on two cores); the defaults are `2 0,4 600 16 24`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use ladder::games::hexadecimal::HexCode;
use ladder::games::saltus_certificate::certify_claim;
use rayon::prelude::*;

/// What one code's claims came to: the refusals by condition, and the
/// claims certified (false certificates).
fn sweep(
    game: &HexCode,
    count: usize,
    starts: usize,
    periods: usize,
) -> (BTreeMap<&'static str, u64>, Vec<String>) {
    let values = game.values(count);
    let mut refused = BTreeMap::new();
    let mut false_ones = Vec::new();
    for n0 in 1..=starts.min(count.saturating_sub(2)) {
        for period in 1..=periods {
            if n0 + period >= count {
                break;
            }
            let s = i64::from(values[n0 + period]) - i64::from(values[n0]);
            if s <= 0 || !(s as u64).is_power_of_two() {
                continue;
            }
            let differs = |n: &usize| i64::from(values[n + period]) - i64::from(values[*n]) != s;
            let Some(fails) = (n0..count - period)
                .find(differs)
                .filter(|&f| f >= n0 + period)
            else {
                continue;
            };
            let agreeing = &values[..fails + period];
            let c = certify_claim(game.digits(), agreeing, n0, period, s);
            if c.holds {
                false_ones.push(format!(
                    "{game}: n0 = {n0}, p = {period}, s = {s}, fails at {fails}"
                ));
            } else {
                *refused.entry(c.condition).or_insert(0) += 1;
            }
        }
    }
    (refused, false_ones)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let number = |i: usize, default: &str| arg(i, default).parse::<usize>().expect("a number");
    let digits = number(0, "2").clamp(1, 4) as u32;
    let prefixes = arg(1, "0,4");
    let (count, starts, periods) = (number(2, "600"), number(3, "16"), number(4, "24"));
    let mut codes = Vec::new();
    for prefix in prefixes.split(',') {
        for length in 1..=digits {
            for n in 0..16u32.pow(length) {
                let body = format!("{n:0width$X}", width = length as usize);
                if length == 1 || !body.ends_with('0') {
                    codes.push(HexCode::parse(&format!("{prefix}.{body}")).expect("a code"));
                }
            }
        }
    }
    let results: Vec<_> = codes
        .par_iter()
        .map(|g| sweep(g, count, starts, periods))
        .collect();
    let mut refused = BTreeMap::new();
    let mut false_ones = Vec::new();
    for (r, f) in results {
        for (condition, n) in r {
            *refused.entry(condition).or_insert(0u64) += n;
        }
        false_ones.extend(f);
    }
    let claims = refused.values().sum::<u64>() + false_ones.len() as u64;
    println!(
        "{} codes ({prefixes} and up to {digits} digits), {count} values, n0 ≤ {starts}, p ≤ {periods}",
        codes.len()
    );
    println!("{claims} broken claims; refused by: {refused:?}");
    println!("{} certified (each a false certificate)", false_ones.len());
    for f in &false_ones {
        println!("  {f}");
    }
    if false_ones.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
