//! Certificates for a saltus: Theorems C and C⁺ of `content/proofs.md`,
//! which turn an observed `g(n + p) = g(n) + s` of a take-and-break code
//! into a proof when `s` is a power of two.
//!
//! A window of pairs cannot do this (the mex of a set moved up by `s` is not
//! the old mex moved up, and a nim-sum does not add): ·18 keeps
//! `g(n + 5) = g(n) + 2` for `2 ≤ n < 19` and breaks at 19. Both theorems
//! read the claim through its *configurations*: a move `(j, k)` (take `j`,
//! leave `k ≥ 1` heaps) with `u` small parts `S` from `[1, n0)` and `m ≥ 1`
//! periodic parts, given by their offsets `A` in `[0, p)`, `u + m = k`. A
//! configuration has `D = (m − 1)·n0 + ΣA + ΣS + j`, residue `i = D mod p`
//! and excess `e = ⌊D / p⌋`.
//!
//! - Theorem C (`theorem_c`) asks every early value to be below `s` and
//!   reads only `g(1 … n0 + p − 1)`; its conditions are
//!   `early-values-below-saltus`, `top-layer-mex` and `lower-layers-full`.
//! - Theorem C⁺ (`theorem_c_plus`) lets early values reach `s`, at the
//!   price of a base: the formula is checked on the values up to `N1`; its
//!   conditions are `E`, `F-high`, `F-low` and `N`.
//!
//! [`certify_found`] tries C, then C⁺, each on the relation as found and
//! read over two and four periods, and keeps the first that certifies.

mod configurations;
#[cfg(test)]
mod tests;
mod theorem_c;
mod theorem_c_plus;

use serde::{Deserialize, Serialize};

use crate::games::octal::may_leave;
use crate::sequence::Value;

/// The name printed with a certificate of Theorem C.
pub const THEOREM_C: &str = "saltus-theorem-c";

/// The name printed with a certificate of Theorem C⁺.
pub const THEOREM_C_PLUS: &str = "saltus-theorem-c-plus";

/// How large a check may grow (table cells, configurations visited) before
/// it is refused as too large rather than run: a few seconds of work.
const WORK_LIMIT: u64 = 400_000_000;

/// The most memory a check's tables may take (64 MiB), refused past it
/// like work.
const TABLE_BYTES: u64 = 1 << 26;

/// The first condition that fails, or `Certified`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Every condition holds: the saltus is proven for every heap.
    Certified,
    /// The saltus is not a power of two: neither theorem applies. (The
    /// saltus is the certificate's and the attempt's own `saltus`: a field
    /// here too would be written twice and could not be read back.)
    SaltusNotPowerOfTwo,
    /// C1: `g(heap) ≥ s` for an early heap.
    EarlyValuesBelowSaltus { heap: usize, value: Value },
    /// C2: the top layer's mex at `residue` is `mex`, not `expected`.
    TopLayerMex {
        residue: usize,
        mex: u64,
        expected: Value,
    },
    /// C3: nothing reaches low value `low` in layer `Q − excess` at `residue`.
    LowerLayersFull {
        residue: usize,
        low: u64,
        excess: u64,
    },
    /// C⁺'s `E`: a configuration at `residue` with low value `ℓ_i` whose
    /// high parts may sum to the top layer (`high ≥ excess + h_i`).
    #[serde(rename = "E")]
    ReachesTop {
        residue: usize,
        low: u64,
        excess: u64,
        high: u64,
    },
    /// C⁺'s `F-high`: nothing with a carrier reaches `low` at `depth`
    /// layers below the top at `residue`.
    #[serde(rename = "F-high")]
    FHigh {
        residue: usize,
        low: u64,
        depth: u64,
    },
    /// C⁺'s `F-low`: nothing reaches `low` in `layer` (below `H*`) at
    /// `residue` when the depth has this `parity`.
    #[serde(rename = "F-low")]
    FLow {
        residue: usize,
        low: u64,
        layer: u64,
        parity: u64,
    },
    /// C⁺'s `N`: the value at `heap` is not the formula's.
    #[serde(rename = "N")]
    Base {
        heap: usize,
        value: Value,
        formula: u64,
    },
    /// The values computed stop before heap `n0 + p − 1`.
    NeedsMoreValues { needed: usize },
    /// C⁺'s other conditions hold, but its base needs `needed` values.
    NeedsBase { needed: usize },
    /// The check would take more than `WORK_LIMIT` cells or visits.
    TooLarge { cells: u64 },
}

impl Verdict {
    /// The condition's name as the docs and the data name it.
    pub fn condition(&self) -> &'static str {
        match self {
            Verdict::Certified => "all",
            Verdict::SaltusNotPowerOfTwo => "saltus-power-of-two",
            Verdict::EarlyValuesBelowSaltus { .. } => "early-values-below-saltus",
            Verdict::TopLayerMex { .. } => "top-layer-mex",
            Verdict::LowerLayersFull { .. } => "lower-layers-full",
            Verdict::ReachesTop { .. } => "E",
            Verdict::FHigh { .. } => "F-high",
            Verdict::FLow { .. } => "F-low",
            Verdict::Base { .. } => "N",
            Verdict::NeedsMoreValues { .. } => "values-up-to-n0-plus-p",
            Verdict::NeedsBase { .. } => "values-up-to-base",
            Verdict::TooLarge { .. } => "work-limit",
        }
    }
}

/// One theorem tried on one reading of the relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Attempt {
    #[serde(deserialize_with = "crate::interned::name")]
    pub theorem: crate::interned::Name,
    pub period: usize,
    pub saltus: i64,
    #[serde(deserialize_with = "crate::interned::name")]
    pub condition: crate::interned::Name,
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// A checked saltus: what was claimed, what was read, and the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct SaltusCertificate {
    /// The theorem that certified, or the last one tried on `(p, s)`.
    #[serde(deserialize_with = "crate::interned::name")]
    pub theorem: crate::interned::Name,
    /// The first heap of the proven formula (`n0 ≥ 1`; a relation found from
    /// heap 0 is proven from 1 and checked at 0 directly).
    pub from: usize,
    pub period: usize,
    pub saltus: i64,
    /// How many values the check reads: heaps `0 … from + period − 1`
    /// for Theorem C, `0 … N1 − 1` for Theorem C⁺.
    pub values_needed: usize,
    /// Theorem C⁺'s base `N1`: the formula is checked on `from … N1 − 1`.
    pub base: Option<usize>,
    /// Those values, heap 0 first (empty when they were not all computed).
    pub values_read: Vec<Value>,
    /// The condition that failed, or `all` when the saltus is certified.
    #[serde(deserialize_with = "crate::interned::name")]
    pub condition: crate::interned::Name,
    /// `E` of Theorem C (C⁺ too): the largest excess of a configuration.
    pub largest_excess: u64,
    /// Theorem C⁺'s `Dmax`.
    pub d_max: Option<u64>,
    /// Theorem C⁺'s `H*`, the largest high value `h_α`.
    pub h_max: Option<u64>,
    pub holds: bool,
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Every theorem and reading tried, in order.
    pub attempts: Vec<Attempt>,
}

/// The move types `(j, k)`, `k ≥ 1`, of a code given as digits `d_0 … d_t`.
pub fn move_types(digits: &[u8]) -> Vec<(usize, usize)> {
    let mut types = Vec::new();
    for (take, &digit) in digits.iter().enumerate() {
        for heaps in 1..=3u32 {
            if may_leave(digit, heaps) && !(take == 0 && heaps == 1) {
                types.push((take, heaps as usize));
            }
        }
    }
    types
}

/// What the theorems read of a code: its move types that leave heaps, its
/// largest take `t` and the most heaps a move leaves, `K ≥ 1`.
#[derive(Debug, Clone)]
struct Moves {
    types: Vec<(usize, usize)>,
    largest_take: usize,
    most_heaps: usize,
}

impl Moves {
    fn of(digits: &[u8]) -> Moves {
        let types = move_types(digits);
        Moves {
            largest_take: digits.iter().rposition(|&d| d != 0).unwrap_or(0),
            most_heaps: types.iter().map(|&(_, k)| k).max().unwrap_or(0).max(1),
            types,
        }
    }
}

/// A claim as the theorems read it: from `n0 ≥ 1`, period `p ≥ 1`, saltus
/// `s`, a power of two, and the values `g(0 … n0 + p − 1)` at hand.
#[derive(Debug, Clone, Copy)]
struct Claim {
    n0: usize,
    period: usize,
    s: usize,
}

/// Which conditions a check applies: all of them, except in the tests that
/// show that dropping one lets a false certificate through.
#[derive(Debug, Clone, Copy)]
struct Switches {
    /// Theorem C's C2 and C3.
    top_layer_mex: bool,
    lower_layers_full: bool,
    /// Theorem C⁺'s E and F-high.
    e: bool,
    f_high: bool,
    /// F-low, with the `H*` layers it adds to the base.
    f_low: bool,
    /// N: off, nothing past `n0 + p` is checked.
    base: bool,
}

const ALL_CONDITIONS: Switches = Switches {
    top_layer_mex: true,
    lower_layers_full: true,
    e: true,
    f_high: true,
    f_low: true,
    base: true,
};

/// The two theorems, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Theorem {
    C,
    CPlus,
}

/// Certifies a found saltus: Theorem C on `(p, s)`, `(2p, 2s)` and
/// `(4p, 4s)` (the same relation read over two or four periods, which the
/// conditions may accept where one period's configurations fall short),
/// then Theorem C⁺ on the same three; returns the first certified, else
/// Theorem C⁺'s verdict on `(p, s)`. Every attempt is listed in it.
pub fn certify_found(
    digits: &[u8],
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    certify_with(
        ALL_CONDITIONS,
        digits,
        values,
        (from, period, saltus),
        &[1, 2, 4],
    )
}

/// Certifies a claimed saltus as given, `g(n + period) = g(n) + saltus`
/// from `from` (taken as at least 1): Theorem C, then Theorem C⁺.
pub fn certify_claim(
    digits: &[u8],
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    certify_with(ALL_CONDITIONS, digits, values, (from, period, saltus), &[1])
}

fn certify_with(
    switches: Switches,
    digits: &[u8],
    values: &[Value],
    (from, period, saltus): (usize, usize, i64),
    readings: &[usize],
) -> SaltusCertificate {
    let moves = Moves::of(digits);
    let mut attempts = Vec::new();
    let mut fallback = None;
    for theorem in [Theorem::C, Theorem::CPlus] {
        for &times in readings {
            let (Some(longer), Some(higher)) =
                (period.checked_mul(times), saltus.checked_mul(times as i64))
            else {
                continue;
            };
            let c = certify_one(switches, theorem, &moves, values, from, longer, higher);
            attempts.push(Attempt {
                theorem: c.theorem,
                period: c.period,
                saltus: c.saltus,
                condition: c.condition,
                verdict: c.verdict,
            });
            let not_a_power = matches!(c.verdict, Verdict::SaltusNotPowerOfTwo);
            if c.holds {
                return SaltusCertificate { attempts, ..c };
            }
            if times == 1 && theorem == Theorem::CPlus {
                fallback = Some(c);
            }
            if not_a_power {
                break;
            }
        }
    }
    let fallback = fallback.unwrap_or_else(|| {
        certify_one(
            switches,
            Theorem::CPlus,
            &moves,
            values,
            from,
            period,
            saltus,
        )
    });
    SaltusCertificate {
        attempts,
        ..fallback
    }
}

/// One theorem on one reading.
fn certify_one(
    switches: Switches,
    theorem: Theorem,
    moves: &Moves,
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    let n0 = from.max(1);
    let mut certificate = SaltusCertificate {
        theorem: match theorem {
            Theorem::C => THEOREM_C,
            Theorem::CPlus => THEOREM_C_PLUS,
        },
        from: n0,
        period,
        saltus,
        values_needed: n0.saturating_add(period),
        base: None,
        values_read: Vec::new(),
        condition: "all",
        largest_excess: 0,
        d_max: None,
        h_max: None,
        holds: false,
        verdict: Verdict::Certified,
        attempts: Vec::new(),
    };
    certificate.verdict = match claim(values, n0, period, saltus) {
        Err(verdict) => verdict,
        Ok(claim) if theorem == Theorem::C => {
            let found = theorem_c::check(switches, &moves.types, values, claim);
            certificate.largest_excess = found.largest_excess;
            found.verdict
        }
        Ok(claim) => {
            let found = theorem_c_plus::check(switches, moves, values, claim);
            certificate.largest_excess = found.largest_excess;
            certificate.d_max = found.d_max;
            certificate.h_max = found.h_max;
            certificate.base = found.base;
            if let Some(base) = found.base {
                certificate.values_needed = base;
            }
            found.verdict
        }
    };
    certificate.holds = certificate.verdict == Verdict::Certified;
    certificate.condition = certificate.verdict.condition();
    if let Some(read) = values.get(..certificate.values_needed) {
        certificate.values_read = read.to_vec();
    }
    certificate
}

/// The claim both theorems read, or why there is none: a saltus that is
/// not a power of two, or too few values.
fn claim(values: &[Value], n0: usize, period: usize, saltus: i64) -> Result<Claim, Verdict> {
    if saltus <= 0 || !(saltus as u64).is_power_of_two() || saltus > i64::from(Value::MAX) {
        return Err(Verdict::SaltusNotPowerOfTwo);
    }
    let Some(needed) = n0.checked_add(period).filter(|_| period >= 1) else {
        return Err(Verdict::NeedsMoreValues { needed: usize::MAX });
    };
    if values.len() < needed {
        return Err(Verdict::NeedsMoreValues { needed });
    }
    Ok(Claim {
        n0,
        period,
        s: saltus as usize,
    })
}

/// The value of `heap` by a certified saltus: `g(n0 + i) + s·⌊(heap − n0)/p⌋`,
/// `i = (heap − n0) mod p`. `None` below `n0` or past `u128`.
pub fn value_by_saltus(
    certificate: &SaltusCertificate,
    values: &[Value],
    heap: u64,
) -> Option<u128> {
    let from = certificate.from as u64;
    let offset = heap.checked_sub(from)?;
    let period = certificate.period as u64;
    let layer = u128::from(offset / period);
    let low = *values.get(certificate.from + (offset % period) as usize)?;
    (certificate.saltus as u128)
        .checked_mul(layer)?
        .checked_add(u128::from(low))
}
