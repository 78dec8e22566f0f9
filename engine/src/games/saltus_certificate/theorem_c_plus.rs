//! Theorem C⁺ of `content/proofs.md`: a saltus `s = 2^r` whose early
//! values may reach `s`, proven from the values up to a base `N1`.
//!
//! Each value is split at `s`: `g(a) = λ_a + s·c_a` for a small heap
//! `a < n0`, `g(n0 + α) = ℓ_α + s·h_α` for `0 ≤ α < p`, and the claim is
//! `f(n0 + Qp + i) = ℓ_i + s·(h_i + Q)`. A configuration's periodic parts
//! are given *roles*: at most one carrier (its count of periods sets the
//! option's layer), at most one pair (two parts whose high values are made
//! equal, so they cancel, and which absorb any even surplus of periods),
//! the rest fixed at the layer they start in; the fixed parts' high values
//! and the small parts' must cancel. The conditions, named as printed:
//!
//! - `E`: a configuration whose low value is `ℓ_i` never reaches the top
//!   layer: `κ_S + H_A < e + h_i`;
//! - `F-high`: at every depth `d ≤ Dmax + 2` below the top layer (and in
//!   the top layer below `ℓ_i`), every low value is reached by a role
//!   assignment with a carrier;
//! - `F-low`: in the layers below `H* = max h_α`, every low value is
//!   reached at both parities of the depth;
//! - `N`: `g(N) = f(N)` for `n0 ≤ N < N1`, from the values computed.
//!
//! Every configuration is visited (twice: once for `E` and `Dmax`, once to
//! fill the tables), so the cost is counted first and bounded.

use super::{Claim, Moves, Switches, TABLE_BYTES, Verdict, WORK_LIMIT, configurations};
use crate::sequence::Value;

/// What Theorem C⁺ found: its verdict and the numbers it derived.
pub(super) struct Found {
    pub verdict: Verdict,
    pub largest_excess: u64,
    /// `Dmax`, once every configuration has been seen.
    pub d_max: Option<u64>,
    /// `H*`, the largest high value `h_α`.
    pub h_max: Option<u64>,
    /// `N1`: the heaps `n0 … N1 − 1` where the formula is checked.
    pub base: Option<usize>,
}

/// The values `g(1 … n0 + p − 1)` split at `s`.
struct Split {
    /// `λ_a`, `c_a` for `a < n0` (index 0 unused).
    small_low: Vec<usize>,
    small_high: Vec<u64>,
    /// `ℓ_α`, `h_α` for `α < p`.
    low: Vec<usize>,
    high: Vec<i64>,
}

/// One configuration, reduced to what the conditions read.
struct Configuration<'a> {
    residue: usize,
    excess: i64,
    /// `ℓ(c)`: the nim-sum of the parts' low values.
    low: usize,
    /// `κ_S`: the nim-sum of the small parts' high values.
    kappa: u64,
    /// `H_A`: the sum of the periodic parts' high values.
    high_sum: i64,
    offsets: &'a [usize],
}

/// One assignment of roles to a configuration's periodic parts.
#[derive(Clone, Copy)]
struct Roles {
    carrier: Option<usize>,
    pair: Option<[usize; 2]>,
    fixed: &'static [usize],
}

const fn roles(carrier: Option<usize>, pair: Option<[usize; 2]>, fixed: &'static [usize]) -> Roles {
    Roles {
        carrier,
        pair,
        fixed,
    }
}

/// Every assignment with a carrier or a pair, for one, two and three
/// periodic parts.
const ROLES: [&[Roles]; 4] = [
    &[],
    &[roles(Some(0), None, &[])],
    &[
        roles(Some(0), None, &[1]),
        roles(Some(1), None, &[0]),
        roles(None, Some([0, 1]), &[]),
    ],
    &[
        roles(Some(0), None, &[1, 2]),
        roles(Some(1), None, &[0, 2]),
        roles(Some(2), None, &[0, 1]),
        roles(Some(0), Some([1, 2]), &[]),
        roles(Some(1), Some([0, 2]), &[]),
        roles(Some(2), Some([0, 1]), &[]),
        roles(None, Some([1, 2]), &[0]),
        roles(None, Some([0, 2]), &[1]),
        roles(None, Some([0, 1]), &[2]),
    ],
];

/// A structure: a role assignment whose fixed parts and small parts cancel
/// (`κ = 0`), with the numbers the conditions read.
struct Structure {
    /// `h_i + e − h_α*` (no `h_α*` without a carrier): the depth a carrier
    /// alone fills, and the budget a pair starts from.
    base: i64,
    /// `|Δ|`, the difference of the pair's high values (0 without a pair).
    spread: i64,
    /// The parity of `base + Δ`: the depths a pair can fill.
    parity: usize,
    /// `h_α*`, the carrier's high value.
    carrier_high: Option<i64>,
    has_pair: bool,
}

/// Calls `visit` with every structure of `c`.
fn each_structure(c: &Configuration, split: &Split, visit: &mut dyn FnMut(Structure)) {
    let high = |part: usize| split.high[c.offsets[part]];
    for r in ROLES[c.offsets.len()] {
        let kappa = r.fixed.iter().fold(c.kappa, |k, &f| k ^ high(f) as u64);
        if kappa != 0 {
            continue;
        }
        let carrier_high = r.carrier.map(high);
        let base = split.high[c.residue] + c.excess - carrier_high.unwrap_or(0);
        let delta = r.pair.map_or(0, |[a, b]| high(b) - high(a));
        visit(Structure {
            base,
            spread: delta.abs(),
            parity: (base + delta).rem_euclid(2) as usize,
            carrier_high,
            has_pair: r.pair.is_some(),
        });
    }
}

/// Checks `E`, `F-high`, `F-low` and `N` for `claim` (whose saltus is a
/// power of two and whose values `g(0 … n0 + p − 1)` are all in `values`).
pub(super) fn check(switches: Switches, moves: &Moves, values: &[Value], claim: Claim) -> Found {
    let Claim { n0, period, s } = claim;
    let mut found = Found {
        verdict: Verdict::Certified,
        largest_excess: 0,
        d_max: None,
        h_max: None,
        base: None,
    };
    let configurations = configurations::count(&moves.types, n0, period);
    // Two visits of every configuration, each trying up to nine structures.
    let visits = configurations.saturating_mul(20);
    if visits > WORK_LIMIT {
        found.verdict = Verdict::TooLarge { cells: visits };
        return found;
    }
    let shift = s.trailing_zeros();
    let split = Split {
        small_low: (0..n0).map(|a| values[a] as usize & (s - 1)).collect(),
        small_high: (0..n0).map(|a| u64::from(values[a] >> shift)).collect(),
        low: (0..period)
            .map(|a| values[n0 + a] as usize & (s - 1))
            .collect(),
        high: (0..period)
            .map(|a| i64::from(values[n0 + a] >> shift))
            .collect(),
    };
    let each = |visit: &mut dyn FnMut(&Configuration)| {
        configurations::for_each(&moves.types, n0, period, &mut |take, small, offsets| {
            let sum = (offsets.len() - 1) * n0 + offsets.iter().sum::<usize>();
            let d = sum + small.iter().sum::<usize>() + take;
            let low = small.iter().fold(0, |l, &a| l ^ split.small_low[a]);
            visit(&Configuration {
                residue: d % period,
                excess: (d / period) as i64,
                low: offsets.iter().fold(low, |l, &a| l ^ split.low[a]),
                kappa: small.iter().fold(0, |k, &a| k ^ split.small_high[a]),
                high_sum: offsets.iter().map(|&a| split.high[a]).sum(),
                offsets,
            });
        });
    };
    let mut no_top = None;
    let (mut d_max, mut largest_excess) = (0i64, 0i64);
    each(&mut |c| {
        largest_excess = largest_excess.max(c.excess);
        let top = c.excess + split.high[c.residue];
        if no_top.is_none() && c.low == split.low[c.residue] && c.kappa as i64 + c.high_sum >= top {
            no_top = Some(Verdict::ReachesTop {
                residue: c.residue,
                low: c.low as u64,
                excess: c.excess as u64,
                high: c.kappa + c.high_sum as u64,
            });
        }
        each_structure(c, &split, &mut |st| d_max = d_max.max(st.base + st.spread));
    });
    found.largest_excess = largest_excess as u64;
    found.d_max = Some(d_max as u64);
    let h_max = split.high.iter().copied().max().unwrap_or(0);
    found.h_max = Some(h_max as u64);
    if let Some(verdict) = no_top.filter(|_| switches.e) {
        found.verdict = verdict;
        return found;
    }
    found.verdict = fill(switches, &split, claim, d_max, h_max, &each);
    if found.verdict == Verdict::Certified {
        // The `H*` layers of the base are F-low's (they make the layers
        // below `H*` deep enough for it), and go with it when it is off.
        let depth = d_max + 1 + if switches.f_low { h_max } else { 0 };
        let (verdict, base) = base(switches, moves, values, claim, &split, depth);
        (found.verdict, found.base) = (verdict, base);
    }
    found
}

/// Lists every configuration to the visitor it is given.
type EachConfiguration<'a> = dyn Fn(&mut dyn FnMut(&Configuration)) + 'a;

/// `F-high` and `F-low`, from tables filled by one more visit of every
/// configuration.
fn fill(
    switches: Switches,
    split: &Split,
    Claim { period, s, .. }: Claim,
    d_max: i64,
    h_max: i64,
    each: &EachConfiguration,
) -> Verdict {
    let depths = d_max as usize + 3;
    // The tables' bytes: a flag per depth, two i64 and a flag per parity.
    let cells = (period as u64 * s as u64).saturating_mul(depths as u64 + 34);
    if cells > TABLE_BYTES {
        return Verdict::TooLarge { cells };
    }
    // Per (residue, low): the depths a carrier alone fills (exactly its
    // base); per (residue, low, parity): the least depth a carrier with a
    // pair fills (and every depth of that parity above it), the least
    // carrier's high value among those, and whether a pair alone exists.
    let mut exact = vec![false; period * s * depths];
    let mut paired_from = vec![i64::MAX; period * s * 2];
    let mut paired_carrier = vec![i64::MAX; period * s * 2];
    let mut pair_alone = vec![false; period * s * 2];
    each(&mut |c| {
        let cell = c.residue * s + c.low;
        each_structure(c, split, &mut |st| match (st.carrier_high, st.has_pair) {
            (Some(_), false) => {
                if (0..depths as i64).contains(&st.base) {
                    exact[cell * depths + st.base as usize] = true;
                }
            }
            (Some(carrier), true) => {
                let slot = cell * 2 + st.parity;
                paired_from[slot] = paired_from[slot].min(st.base + st.spread);
                paired_carrier[slot] = paired_carrier[slot].min(carrier);
            }
            (None, _) => pair_alone[cell * 2 + st.parity] = true,
        });
    });
    for residue in 0..period {
        for d in 0..depths {
            let lows = if d == 0 { split.low[residue] } else { s };
            for low in 0..lows {
                let cell = residue * s + low;
                let filled = exact[cell * depths + d] || paired_from[cell * 2 + d % 2] <= d as i64;
                if switches.f_high && !filled {
                    return Verdict::FHigh {
                        residue,
                        low: low as u64,
                        depth: d as u64,
                    };
                }
            }
        }
    }
    // A carrier with `h_α* ≤ 1` serves every layer from 1 up, so layers 0
    // and 1 stand for every layer below `H*`.
    for layer in (0..h_max.min(2)).map(|h| h as usize) {
        for residue in 0..period {
            for low in 0..s {
                for parity in 0..2 {
                    let slot = (residue * s + low) * 2 + parity;
                    let filled =
                        paired_carrier[slot] <= layer as i64 || (layer == 0 && pair_alone[slot]);
                    if switches.f_low && !filled {
                        return Verdict::FLow {
                            residue,
                            low: low as u64,
                            layer: layer as u64,
                            parity: parity as u64,
                        };
                    }
                }
            }
        }
    }
    Verdict::Certified
}

/// `N`: the base `N1 = n0 + Q1·p`, `Q1` at least `layers` and past every
/// heap with an option of small parts only (`K(n0 − 1) + t`), and the
/// formula checked on `n0 … N1 − 1`. Returns the verdict and `N1`.
fn base(
    switches: Switches,
    moves: &Moves,
    values: &[Value],
    Claim { n0, period, s }: Claim,
    split: &Split,
    layers: i64,
) -> (Verdict, Option<usize>) {
    let small_only = moves.most_heaps * (n0 - 1) + moves.largest_take;
    let past_small = small_only.saturating_sub(n0) / period + 1;
    let q1 = (layers.max(1) as usize).max(past_small);
    let Some(n1) = q1.checked_mul(period).and_then(|x| x.checked_add(n0)) else {
        return (Verdict::NeedsBase { needed: usize::MAX }, None);
    };
    if !switches.base {
        return (Verdict::Certified, Some(n0 + period));
    }
    if values.len() < n1 {
        return (Verdict::NeedsBase { needed: n1 }, Some(n1));
    }
    for (heap, &value) in values.iter().enumerate().take(n1).skip(n0) {
        let (layer, i) = ((heap - n0) / period, (heap - n0) % period);
        let formula = split.low[i] as u128 + s as u128 * (split.high[i] as u128 + layer as u128);
        if u128::from(value) != formula {
            let verdict = Verdict::Base {
                heap,
                value,
                formula: formula.min(u128::from(u64::MAX)) as u64,
            };
            return (verdict, Some(n1));
        }
    }
    (Verdict::Certified, Some(n1))
}
