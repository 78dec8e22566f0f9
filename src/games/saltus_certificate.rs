//! Certificates for a saltus: Theorem C of `docs/periodicity.md`, which
//! turns an observed `g(n + p) = g(n) + s` of a take-and-break code into a
//! proof when `s` is a power of two and the early values are below `s`.
//!
//! A window of pairs cannot do this (the mex of a set moved up by `s` is not
//! the old mex moved up, and a nim-sum does not add): ·18 keeps
//! `g(n + 5) = g(n) + 2` for `2 ≤ n < 19` and breaks at 19. Theorem C reads
//! only `g(1 … n0 + p − 1)` and checks three conditions over the
//! *configurations* of the code's move types: a move `(j, k)` (take `j`,
//! leave `k ≥ 1` heaps) with `u` small parts `S` from `[1, n0)` and `m ≥ 1`
//! periodic parts, given by their offsets `A` in `[0, p)`, `u + m = k`. A
//! configuration has `D = (m − 1)·n0 + ΣA + ΣS + j`, residue `i = D mod p`,
//! excess `e = ⌊D / p⌋` and low value `ℓ(c)`, the nim-sum of the small parts'
//! values and the periodic parts' `ℓ_α = g(n0 + α)`. With `E` the largest
//! excess:
//!
//! - `early-values-below-saltus` (C1): `g(n) < s` for `1 ≤ n < n0 + p`;
//! - `top-layer-mex` (C2): for each residue `i`, the mex of `ℓ(c)` over the
//!   configurations with residue `i` and excess 0 is `ℓ_i`;
//! - `lower-layers-full` (C3): for each residue `i`, low value `ℓ < s` and
//!   `d = 1 … E + 2`, some configuration with residue `i` and low value `ℓ`
//!   has `m ≤ 2` and excess exactly `d`, or `m ≥ 3` and an excess `e ≤ d` of
//!   the parity of `d`.
//!
//! Then `g(n) = ℓ_((n − n0) mod p) + s·⌊(n − n0)/p⌋` for every `n ≥ n0`.
//! The conditions are evaluated on sets, never by listing configurations
//! one by one: the periodic parts' (sum, nim-sum) pairs are built one part
//! at a time, so the cost is about `p²·s` rather than `p³`.

use serde::Serialize;

use crate::games::octal::may_leave;
use crate::sequence::Value;

/// The name printed with every saltus certificate.
pub const THEOREM: &str = "saltus-theorem-c";

/// How large a check may grow (table cells) before it is refused as too
/// large rather than run: a few seconds of work.
const WORK_LIMIT: u64 = 400_000_000;

/// The first condition that fails, or `Certified`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Every condition holds: the saltus is proven for every heap.
    Certified,
    /// The saltus is not a power of two: Theorem C does not apply.
    SaltusNotPowerOfTwo { saltus: i64 },
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
    /// The values computed stop before heap `n0 + p − 1`.
    NeedsMoreValues { needed: usize },
    /// The check would take more than [`WORK_LIMIT`] table cells.
    TooLarge { cells: u64 },
}

impl Verdict {
    /// The condition's name as the docs and the data name it.
    pub fn condition(&self) -> &'static str {
        match self {
            Verdict::Certified => "all",
            Verdict::SaltusNotPowerOfTwo { .. } => "saltus-power-of-two",
            Verdict::EarlyValuesBelowSaltus { .. } => "early-values-below-saltus",
            Verdict::TopLayerMex { .. } => "top-layer-mex",
            Verdict::LowerLayersFull { .. } => "lower-layers-full",
            Verdict::NeedsMoreValues { .. } => "values-up-to-n0-plus-p",
            Verdict::TooLarge { .. } => "work-limit",
        }
    }
}

/// A checked saltus: what was claimed, what was read, and the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SaltusCertificate {
    pub theorem: &'static str,
    /// The first heap of the proven formula (`n0 ≥ 1`; a relation found from
    /// heap 0 is proven from 1 and checked at 0 directly).
    pub from: usize,
    pub period: usize,
    pub saltus: i64,
    /// How many values the check reads: heaps `0 … from + period − 1`.
    pub values_needed: usize,
    /// Those values, heap 0 first (empty when they were not all computed).
    pub values_read: Vec<Value>,
    /// The condition that failed, or `all` when the saltus is certified.
    pub condition: &'static str,
    /// `E`, the largest excess of a configuration.
    pub largest_excess: u64,
    pub holds: bool,
    #[serde(flatten)]
    pub verdict: Verdict,
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

/// Which conditions a check applies: all of them, except in the tests that
/// show that dropping one lets a false certificate through.
#[derive(Debug, Clone, Copy)]
struct Conditions {
    top_layer_mex: bool,
    lower_layers_full: bool,
}

const ALL_CONDITIONS: Conditions = Conditions {
    top_layer_mex: true,
    lower_layers_full: true,
};

/// Certifies a found saltus, trying `(p, s)` and then `(2p, 2s)` and
/// `(4p, 4s)` (the same relation read over two or four periods, which the
/// conditions may accept where one period's configurations fall short);
/// returns the first certified, else the verdict on `(p, s)`.
pub fn certify_found(
    digits: &[u8],
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    let types = move_types(digits);
    let first = certify_saltus(&types, values, from, period, saltus);
    if first.holds || matches!(first.verdict, Verdict::SaltusNotPowerOfTwo { .. }) {
        return first;
    }
    [2, 4]
        .into_iter()
        .filter_map(|times: usize| {
            let longer = period.checked_mul(times)?;
            let higher = saltus.checked_mul(times as i64)?;
            Some(certify_saltus(&types, values, from, longer, higher))
        })
        .find(|c| c.holds)
        .unwrap_or(first)
}

/// Checks Theorem C for `g(n + period) = g(n) + saltus` from `from`
/// (taken as at least 1) on the code's `move_types`, reading `values`.
pub fn certify_saltus(
    move_types: &[(usize, usize)],
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    certify_under(ALL_CONDITIONS, move_types, values, from, period, saltus)
}

fn certify_under(
    conditions: Conditions,
    move_types: &[(usize, usize)],
    values: &[Value],
    from: usize,
    period: usize,
    saltus: i64,
) -> SaltusCertificate {
    let n0 = from.max(1);
    let mut certificate = SaltusCertificate {
        theorem: THEOREM,
        from: n0,
        period,
        saltus,
        values_needed: n0.saturating_add(period),
        values_read: Vec::new(),
        condition: "all",
        largest_excess: 0,
        holds: false,
        verdict: Verdict::Certified,
    };
    certificate.verdict = check(
        conditions,
        move_types,
        values,
        n0,
        period,
        saltus,
        &mut certificate,
    );
    certificate.holds = certificate.verdict == Verdict::Certified;
    certificate.condition = certificate.verdict.condition();
    if let Some(read) = values.get(..certificate.values_needed) {
        certificate.values_read = read.to_vec();
    }
    certificate
}

fn check(
    conditions: Conditions,
    move_types: &[(usize, usize)],
    values: &[Value],
    n0: usize,
    period: usize,
    saltus: i64,
    certificate: &mut SaltusCertificate,
) -> Verdict {
    if saltus <= 0 || !(saltus as u64).is_power_of_two() || saltus > i64::from(Value::MAX) {
        return Verdict::SaltusNotPowerOfTwo { saltus };
    }
    let s = saltus as usize;
    let Some(needed) = n0.checked_add(period).filter(|_| period >= 1) else {
        return Verdict::NeedsMoreValues { needed: usize::MAX };
    };
    if values.len() < needed {
        return Verdict::NeedsMoreValues { needed };
    }
    if let Some(heap) = (1..needed).find(|&n| values[n] as usize >= s) {
        return Verdict::EarlyValuesBelowSaltus {
            heap,
            value: values[heap],
        };
    }
    // Building the tables costs about 9·p²·s; visiting the configurations
    // the product of the part tables' sizes, counted before it is done.
    let tables = 9 * (period as u64).pow(2) * s as u64 + 4 * (n0 as u64).pow(2) * s as u64;
    if tables > WORK_LIMIT {
        return Verdict::TooLarge { cells: tables };
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
        return Verdict::TooLarge { cells: visits };
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
    certificate.largest_excess = largest_excess as u64;
    let depth = largest_excess + 3;
    let c3_cells = period as u64 * s as u64 * depth as u64;
    if c3_cells > WORK_LIMIT {
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
        if conditions.top_layer_mex && mex != expected as usize {
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
                if conditions.lower_layers_full && !by_one_or_two && !by_three {
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

/// The value of `heap` by a certified saltus: `ℓ + s·⌊(heap − n0)/p⌋`.
/// `None` below `n0` or past `u128`.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hexadecimal::HexCode;

    fn code(text: &str) -> HexCode {
        HexCode::parse(text).unwrap()
    }

    fn certify_claim(
        text: &str,
        values: usize,
        from: usize,
        period: usize,
        saltus: i64,
    ) -> SaltusCertificate {
        let code = code(text);
        certify_saltus(
            &move_types(code.digits()),
            &code.values(values),
            from,
            period,
            saltus,
        )
    }

    /// Whether `g(n + p) = g(n) + s` at every value computed from `from`.
    fn holds_throughout(values: &[Value], from: usize, period: usize, saltus: i64) -> bool {
        (from..values.len().saturating_sub(period))
            .all(|n| i64::from(values[n + period]) - i64::from(values[n]) == saltus)
    }

    #[test]
    fn move_types_leave_out_a_take_of_nothing_that_leaves_the_heap() {
        assert_eq!(move_types(code("·8").digits()), [(1, 3)]);
        assert_eq!(
            move_types(code("4.F").digits()),
            [(0, 2), (1, 1), (1, 2), (1, 3)]
        );
    }

    #[test]
    fn eight_and_twenty_eight_are_certified() {
        let eight = certify_claim("·8", 100, 1, 3, 1);
        assert_eq!(eight.verdict, Verdict::Certified);
        assert!(eight.holds);
        assert_eq!((eight.from, eight.values_needed), (1, 4));
        assert_eq!(eight.values_read, [0, 0, 0, 0]);
        let value = value_by_saltus(&eight, &code("·8").values(4), 1_000_000_000_000_000_000);
        assert_eq!(value, Some(333_333_333_333_333_333));
        let twenty_eight = certify_claim("·28", 200, 1, 53, 16);
        assert_eq!(twenty_eight.verdict, Verdict::Certified);
        assert_eq!(twenty_eight.values_needed, 54);
    }

    #[test]
    fn a_saltus_that_is_not_a_power_of_two_is_not_certified() {
        let c = certify_claim("·3F", 400, 0, 6, 3);
        assert_eq!(c.verdict, Verdict::SaltusNotPowerOfTwo { saltus: 3 });
        assert!(!c.holds);
        assert_eq!(c.verdict.condition(), "saltus-power-of-two");
    }

    /// The relations that hold over a window of Guy–Smith length or more and
    /// then fail: each must be refused, and each does fail in the data.
    #[test]
    fn the_naive_window_counterexamples_are_refused() {
        for (text, from, period, saltus, fails_at) in [
            ("·0D", 13, 69, 32, 130),
            ("·39", 3, 34, 16, 54),
            ("·18", 2, 5, 2, 19),
            ("·8F", 1, 2, 1, 13),
        ] {
            let values = code(text).values(fails_at + period + 1);
            assert!(
                holds_throughout(&values[..fails_at + period], from, period, saltus),
                "{text}"
            );
            assert!(!holds_throughout(&values, from, period, saltus), "{text}");
            let c = certify_saltus(
                &move_types(code(text).digits()),
                &values,
                from,
                period,
                saltus,
            );
            assert!(!c.holds, "{text}: {:?}", c.verdict);
        }
    }

    #[test]
    fn too_few_values_are_named() {
        let c = certify_claim("·8", 3, 1, 3, 1);
        assert_eq!(c.verdict, Verdict::NeedsMoreValues { needed: 4 });
        let early = certify_claim("·8", 100, 1, 3, 1 << 40);
        assert!(matches!(early.verdict, Verdict::SaltusNotPowerOfTwo { .. }));
    }

    /// Every hexadecimal code of one and two digits after the point, with
    /// and without a split before it (`4.`).
    fn small_codes() -> Vec<HexCode> {
        let mut codes = Vec::new();
        for before in ["", "4"] {
            for d in 0..16 {
                codes.push(code(&format!("{before}.{d:X}")));
                for e in 1..16 {
                    codes.push(code(&format!("{before}.{d:X}{e:X}")));
                }
            }
        }
        codes
    }

    /// The first heap from the certificate's start where its formula
    /// `g(n) = ℓ + s·layer` disagrees with the values computed.
    fn contradiction(values: &[Value], c: &SaltusCertificate) -> Option<usize> {
        (c.from..values.len()).find(|&n| {
            let offset = n - c.from;
            let formula = i64::from(values[c.from + offset % c.period])
                + c.saltus * (offset / c.period) as i64;
            i64::from(values[n]) != formula
        })
    }

    /// Every small code's saltus, searched in all 2,000 values and in the
    /// first 250 (a short search finds relations that hold for a while and
    /// then break, which is where a certificate earns its keep): no
    /// certified formula may disagree with the 2,000 values. Returns how many
    /// codes are certified, observed (a saltus found, not certified) or
    /// neither, from the full search.
    #[test]
    fn no_certified_saltus_of_a_small_code_is_contradicted() {
        let (mut certified, mut observed, mut neither) = (0, 0, 0);
        for game in small_codes() {
            let values = game.values(2000);
            for searched in [250, 2000] {
                let Some(found) = crate::sequence::find_arithmetic_period(&values[..searched], 3)
                else {
                    neither += usize::from(searched == 2000);
                    continue;
                };
                let c = certify_found(
                    game.digits(),
                    &values,
                    found.preperiod,
                    found.period,
                    found.saltus,
                );
                if searched == 2000 {
                    certified += usize::from(c.holds);
                    observed += usize::from(!c.holds);
                }
                if c.holds {
                    assert_eq!(contradiction(&values, &c), None, "{game}: {c:?}");
                }
            }
        }
        assert_eq!(certified + observed + neither, 2 * (16 + 16 * 15));
        eprintln!("small codes: {certified} certified, {observed} observed, {neither} neither");
        assert!(certified >= 50, "{certified}");
    }

    /// The planted error: without C3 the check certifies the naive-window
    /// counterexamples ·18 and ·39, and the test above would catch them.
    #[test]
    fn dropping_a_condition_lets_a_false_certificate_through() {
        let weakened = Conditions {
            lower_layers_full: false,
            ..ALL_CONDITIONS
        };
        for (text, from, period, saltus) in [("·18", 2, 5, 2), ("·39", 3, 34, 16)] {
            let game = code(text);
            let values = game.values(400);
            let types = move_types(game.digits());
            let strict = certify_under(ALL_CONDITIONS, &types, &values, from, period, saltus);
            assert_eq!(strict.verdict.condition(), "lower-layers-full", "{text}");
            let loose = certify_under(weakened, &types, &values, from, period, saltus);
            assert!(loose.holds, "{text}");
            assert!(contradiction(&values, &loose).is_some(), "{text}");
        }
    }
}
