//! Long runs of an octal code: values by the sparse-space engine, the period
//! search, the Guy–Smith certificate, and a record of it someone else can
//! check without trusting this program.
//!
//! The period search is [`crate::sequence::find_period`] (near-linear: one
//! backward walk per candidate period, Fine–Wilf skips after the first hit),
//! asked for [`LONG_RUN_REPEATS`] repetitions rather than the default three:
//! the Guy–Smith window of [`crate::games::octal_certificate`] already needs
//! `2·n0 + 2p + t` values, two full periods past the preperiod, and it is the
//! window, not the count of repeats, that proves the period. With three,
//! ·16's period 149,459 from heap 105,351 (Gangolli and Plambeck, 1989) would
//! need 553,728 values to be *found*, more than the 509,621 that *prove* it.
//!
//! The record names the window (`g(n) = g(n + p)` for `start ≤ n < end`), the
//! values it reads (heaps `0 .. end + p`), and their FNV-1a 64-bit hash, taken
//! over each value as a little-endian `u32` in heap order (offset basis
//! `0xcbf29ce484222325`, prime `0x100000001b3`): a checker recomputes the
//! values with any engine, hashes the same range and compares the pairs.

use serde::{Deserialize, Serialize};

use crate::games::octal::OctalCode;
use crate::games::octal_fast::SparseEngine;
use crate::games::octal_memory::EngineStop;
use crate::sequence::{Analysis, CertificateRule, Value, analyse};

/// Full periods the search asks for on long runs (see the module comment).
pub const LONG_RUN_REPEATS: usize = crate::sequence::CERTIFIED_MIN_REPEATS;

/// What the hash covers and how it is taken, for the data file.
pub const HASH_RULE: &str = "fnv1a-64 over u32 little-endian values, heaps 0..values_hashed";

/// A certificate anybody can check: the window, the range, the hash.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct CertificateRecord {
    /// The code, canonical spelling.
    pub code: String,
    /// The argument behind the window (`guy-smith-k1`, `-k2` or `-k3`: the window of Theorem P).
    #[serde(deserialize_with = "crate::interned::name")]
    pub argument: crate::interned::Name,
    pub preperiod: usize,
    pub period: usize,
    /// The window: `g(n) = g(n + period)` for `window_start ≤ n < window_end`.
    pub window_start: usize,
    pub window_end: usize,
    /// Heaps `0 .. values_hashed` are hashed: every value the window reads.
    pub values_hashed: usize,
    /// FNV-1a 64 of those values (see [`HASH_RULE`]), as hexadecimal text.
    pub values_hash: String,
    #[serde(deserialize_with = "crate::interned::name")]
    pub hash_rule: crate::interned::Name,
    /// Whether every pair of the window agrees.
    pub holds: bool,
}

/// A long run: the values, their analysis, and the record when a period was found.
#[derive(Debug, Clone)]
pub struct LongRun {
    pub values: Vec<u16>,
    pub analysis: Analysis,
    pub record: Option<CertificateRecord>,
}

/// FNV-1a 64 over each value as four little-endian bytes.
pub fn fnv1a_64<T: Copy + Into<u32>>(values: &[T]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &value in values {
        for byte in value.into().to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The record for a period `(preperiod, period)` of `values` under `code`.
pub fn certificate_record<T: Copy + Into<u32> + PartialEq>(
    code: &OctalCode,
    values: &[T],
    preperiod: usize,
    period: usize,
) -> CertificateRecord {
    let (argument, end) = match code.certificate_rule() {
        CertificateRule::Scaled(window) => (window.argument, window.end(preperiod, period)),
        CertificateRule::Window { length } => ("window", preperiod + length),
        CertificateRule::None => ("none", preperiod),
    };
    let needed = end + period;
    let values_hashed = needed.min(values.len());
    let holds = needed <= values.len() && (preperiod..end).all(|n| values[n] == values[n + period]);
    CertificateRecord {
        code: code.to_string(),
        argument,
        preperiod,
        period,
        window_start: preperiod,
        window_end: end,
        values_hashed,
        values_hash: format!("{:016x}", fnv1a_64(&values[..values_hashed])),
        hash_rule: HASH_RULE,
        holds,
    }
}

/// Computes `count` values of `code`, searches for a period and certifies it.
pub fn long_run(code: &OctalCode, count: usize) -> Result<LongRun, EngineStop> {
    let mut engine = SparseEngine::new(code);
    engine.extend_to(count)?;
    let values = engine.values().to_vec();
    let wide: Vec<Value> = values.iter().map(|&v| Value::from(v)).collect();
    let analysis = analyse(&wide, LONG_RUN_REPEATS, code.certificate_rule());
    let record = analysis
        .period
        .found()
        .map(|(preperiod, period)| certificate_record(code, &values, preperiod, period));
    Ok(LongRun {
        values,
        analysis,
        record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_of_known_inputs() {
        // Empty input is the offset basis; one zero value is four zero bytes.
        assert_eq!(fnv1a_64::<u16>(&[]), 0xcbf2_9ce4_8422_2325);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for _ in 0..4 {
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(fnv1a_64(&[0u16]), hash);
        assert_ne!(fnv1a_64(&[1u16, 2]), fnv1a_64(&[2u16, 1]));
    }

    #[test]
    fn dawson_long_run_is_certified_with_its_record() {
        let dawson = OctalCode::parse("·137").unwrap();
        let run = long_run(&dawson, 3000).unwrap();
        assert_eq!(run.analysis.period.found(), Some((52, 34)));
        let record = run.record.unwrap();
        assert!(record.holds && run.analysis.is_certified());
        assert_eq!((record.window_start, record.window_end), (52, 140));
        assert_eq!(record.values_hashed, 174);
        assert_eq!(
            record.values_hash,
            format!("{:016x}", fnv1a_64(&run.values[..174]))
        );
    }

    #[test]
    fn a_record_for_a_wrong_period_does_not_hold() {
        let dawson = OctalCode::parse("·137").unwrap();
        let run = long_run(&dawson, 1000).unwrap();
        assert!(!certificate_record(&dawson, &run.values, 52, 17).holds);
        assert!(!certificate_record(&dawson, &run.values[..150], 52, 34).holds);
    }
}
