//! Theorem C of `content/proofs.md`: a saltus `s = 2^r` whose early
//! values are all below `s`, proven from `g(1 … n0 + p − 1)` alone.
//!
//! The conditions are evaluated on sets, never by listing configurations
//! one by one: the periodic parts' (sum, nim-sum) pairs are built one part
//! at a time, so the cost is about `p²·s` rather than `p³`.

use super::{Claim, Switches, TABLE_BYTES, Verdict, WORK_LIMIT};
use crate::sequence::Value;

/// What Theorem C found: its verdict and `E`, the largest excess.
pub(super) struct Found {
    pub verdict: Verdict,
    pub largest_excess: u64,
}

/// The (sum, nim-sum) pairs reachable with exactly `parts` parts, each
/// part one of `items` = (size, value); nim-sums stay below `width`, a
/// power of two above every value.
fn sums_of(items: &[(usize, usize)], parts: usize, width: usize) -> Vec<(usize, usize)> {
    let mut reached = vec![(0, 0)];
    for _ in 0..parts {
        let longest = reached.iter().map(|r| r.0).max().unwrap_or(0)
            + items.iter().map(|x| x.0).max().unwrap_or(0);
        let mut table = vec![false; (longest + 1) * width];
        for &(sum, low) in &reached {
            for &(size, value) in items {
                table[(sum + size) * width + (low ^ value)] = true;
            }
        }
        reached = (0..table.len())
            .filter(|&cell| table[cell])
            .map(|cell| (cell / width, cell % width))
            .collect();
    }
    reached
}

/// Checks C1, C2 and C3 for `claim` (whose saltus is a power of two and
/// whose values `g(0 … n0 + p − 1)` are all in `values`).
pub(super) fn check(
    switches: Switches,
    move_types: &[(usize, usize)],
    values: &[Value],
    claim: Claim,
) -> Found {
    let Claim { n0, period, s } = claim;
    let found = |verdict| Found {
        verdict,
        largest_excess: 0,
    };
    if let Some(heap) = (1..n0 + period).find(|&n| values[n] as usize >= s) {
        return found(Verdict::EarlyValuesBelowSaltus {
            heap,
            value: values[heap],
        });
    }
    // Building the tables costs about 9·p²·s; visiting the configurations
    // the product of the part tables' sizes, counted before it is done.
    let tables = 9 * (period as u64).pow(2) * s as u64 + 4 * (n0 as u64).pow(2) * s as u64;
    if tables > WORK_LIMIT {
        return found(Verdict::TooLarge { cells: tables });
    }
    let low: Vec<(usize, usize)> = (0..period).map(|a| (a, values[n0 + a] as usize)).collect();
    let small: Vec<(usize, usize)> = (1..n0).map(|a| (a, values[a] as usize)).collect();
    let periodic: Vec<Vec<(usize, usize)>> = (0..=3).map(|m| sums_of(&low, m, s)).collect();
    let smalls: Vec<Vec<(usize, usize)>> = (0..=2).map(|u| sums_of(&small, u, s)).collect();
    let shapes: Vec<(usize, usize, usize)> = move_types
        .iter()
        .flat_map(|&(take, heaps)| (1..=heaps).map(move |m| (take, m, heaps - m)))
        .filter(|&(_, _, u)| u <= 2 && (u == 0 || n0 >= 2))
        .collect();
    let visits: u64 = shapes
        .iter()
        .map(|&(_, m, u)| periodic[m].len() as u64 * smalls[u].len() as u64)
        .sum();
    if visits > WORK_LIMIT {
        return found(Verdict::TooLarge { cells: visits });
    }
    // Every configuration, as (m, D, ℓ), handed to `visit`.
    let each_configuration = |visit: &mut dyn FnMut(usize, usize, usize)| {
        for &(take, m, u) in &shapes {
            for &(sum_a, low_a) in &periodic[m] {
                for &(sum_s, low_s) in &smalls[u] {
                    visit(m, (m - 1) * n0 + sum_a + sum_s + take, low_a ^ low_s);
                }
            }
        }
    };
    let mut largest_excess = 0usize;
    each_configuration(&mut |_, d, _| largest_excess = largest_excess.max(d / period));
    let verdict = layers(switches, values, claim, largest_excess, &each_configuration);
    Found {
        verdict,
        largest_excess: largest_excess as u64,
    }
}

/// Lists every configuration, as `(m, D, ℓ)`, to the visitor it is given.
type EachConfiguration<'a> = dyn Fn(&mut dyn FnMut(usize, usize, usize)) + 'a;

/// C2 and C3 over the configurations `each_configuration` lists, whose
/// largest excess is `largest_excess`.
fn layers(
    switches: Switches,
    values: &[Value],
    Claim { n0, period, s }: Claim,
    largest_excess: usize,
    each_configuration: &EachConfiguration,
) -> Verdict {
    let depth = largest_excess + 3;
    // A flag per excess, a flag for the top layer, a usize per parity.
    let c3_cells = (period as u64 * s as u64).saturating_mul(depth as u64 + 17);
    if c3_cells > TABLE_BYTES {
        return Verdict::TooLarge { cells: c3_cells };
    }
    // top[i][ℓ]: some configuration of excess 0; exact[i][ℓ][e] for m ≤ 2;
    // least[i][ℓ][parity] the least excess of one with m ≥ 3.
    let mut top = vec![false; period * s];
    let mut exact = vec![false; period * s * depth];
    let mut least = vec![usize::MAX; period * s * 2];
    each_configuration(&mut |m, d, l| {
        let (residue, excess) = (d % period, d / period);
        let cell = residue * s + l;
        if excess == 0 {
            top[cell] = true;
        }
        if m <= 2 {
            exact[cell * depth + excess] = true;
        } else {
            let slot = &mut least[cell * 2 + excess % 2];
            *slot = (*slot).min(excess);
        }
    });
    for residue in 0..period {
        let row = &top[residue * s..(residue + 1) * s];
        let mex = row.iter().position(|&hit| !hit).unwrap_or(s);
        let expected = values[n0 + residue];
        if switches.top_layer_mex && mex != expected as usize {
            return Verdict::TopLayerMex {
                residue,
                mex: mex as u64,
                expected,
            };
        }
    }
    for residue in 0..period {
        for l in 0..s {
            let cell = residue * s + l;
            for excess in 1..=largest_excess + 2 {
                let by_one_or_two = exact[cell * depth + excess];
                let by_three = least[cell * 2 + excess % 2] <= excess;
                if switches.lower_layers_full && !by_one_or_two && !by_three {
                    return Verdict::LowerLayersFull {
                        residue,
                        low: l as u64,
                        excess: excess as u64,
                    };
                }
            }
        }
    }
    Verdict::Certified
}
