//! Which codes of the atlas are one game: each code's equivalent (the first
//! code of its class, the heaps' offset) and how that is known.
//!
//! Two codes are equivalent when their values agree after their leading
//! zeros, `g_A(n) = g_R(n + offset)` (as Czajka's lookup tables read an
//! equivalence; the offset counts the dead heaps one has more). Candidates
//! share the first [`COMPARED`] values after their zeros; each is then
//! - `structural`: both have one form under the lemmas of
//!   [`crate::games::octal_equivalence`], a proof for every heap (and, when
//!   only Lemma D was used, the same game in misère play too);
//! - `periodic`: both have a proved period ([`Normal`] records) and their
//!   values agree through both preperiods and a period, so everywhere;
//! - `observed`: equal on the values compared, no proof.
//!
//! A class's first code, its representative, has the fewest digits after
//! the point, then `0·` before `4·`, then the smaller digits.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::games::octal::values as plain_values;
use crate::games::octal_engine::narrow_values;
use crate::games::octal_equivalence::{Form, structural_form, without_dead_heap};
use crate::games::octal_long_run::fnv1a_64;
use crate::games::{OctalCode, Rule};
use crate::sweep::record::{Record as Normal, Status};

/// The values compared after a code's leading zeros.
pub const COMPARED: usize = 1024;
/// Leading zeros looked for: a code of four digits has at most a few dead
/// heaps; past this many the code is compared from here.
const MOST_ZEROS: usize = 32;
/// The most values computed to compare two proved periods; past it the
/// pair is `observed`.
const MOST_PERIODIC: usize = 1 << 22;

/// How an equivalence is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proof {
    Structural,
    Periodic,
    Observed,
}

/// A code's equivalent: `g(n) = g_rule(n + offset)`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Equivalent {
    pub rule: String,
    pub offset: i64,
    pub proof: Proof,
    /// The values after the leading zeros that were compared (for an
    /// observed equivalence, all the evidence there is).
    pub compared: usize,
    /// Whether the two are one game in misère play too (Lemma D alone).
    pub misere_too: bool,
}

/// One line of `records/atlas-classes.jsonl`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ClassRecord {
    pub rule: String,
    /// Heaps before the first non-zero value.
    pub zeros: usize,
    /// FNV-1a 64 of the [`COMPARED`] values after the zeros.
    pub values_hash: String,
    /// Null for a class's first code.
    pub equivalent: Option<Equivalent>,
}

/// What is computed of one code to class it.
struct Known {
    rule: Rule,
    code: OctalCode,
    zeros: usize,
    hash: u64,
    form: Form,
    dead_heap_form: (OctalCode, usize),
}

/// The values of heaps `0 .. count`, the fast engine's or the plain loop's.
fn first_values(code: &OctalCode, count: usize) -> Vec<u32> {
    match narrow_values(code, count, &|_| {}) {
        Some(v) => v.into_iter().map(u32::from).collect(),
        None => plain_values(code, count),
    }
}

fn known(rule: &Rule) -> Option<Known> {
    let code = rule.octal_code()?.clone();
    let values = first_values(&code, MOST_ZEROS + COMPARED);
    let zeros = values
        .iter()
        .position(|&v| v != 0)
        .unwrap_or(values.len())
        .min(MOST_ZEROS);
    let hash = fnv1a_64(&values[zeros..zeros + COMPARED]);
    let mut dead = (code.clone(), 0);
    while let Some(smaller) = without_dead_heap(&dead.0) {
        dead = (smaller, dead.1 + 1);
    }
    Some(Known {
        form: structural_form(&code),
        dead_heap_form: dead,
        rule: rule.clone(),
        code,
        zeros,
        hash,
    })
}

/// The order of representatives: fewest digits, `0·` first, smaller digits.
fn rank(code: &OctalCode) -> (usize, u8, String) {
    (
        code.largest_take(),
        code.digit(0),
        code.digits_after_point(),
    )
}

/// Whether two proved codes' values agree everywhere after their zeros:
/// equal periods, and equal values through both stripped preperiods and a
/// period. `None` when that is more than [`MOST_PERIODIC`] values.
fn periodic_equal(a: &Known, ra: &Normal, b: &Known, rb: &Normal) -> Option<bool> {
    let (pa, pb) = (ra.period?, rb.period?);
    if pa != pb {
        return Some(false);
    }
    let start = ra
        .preperiod?
        .saturating_sub(a.zeros)
        .max(rb.preperiod?.saturating_sub(b.zeros));
    let length = start.checked_add(pa)?;
    if length + a.zeros.max(b.zeros) > MOST_PERIODIC {
        return None;
    }
    let va = first_values(&a.code, a.zeros + length);
    let vb = first_values(&b.code, b.zeros + length);
    Some(va[a.zeros..] == vb[b.zeros..])
}

/// Every code's class record, in the order given. `normal` holds the
/// normal-play records by rule (a proved period makes `periodic` possible).
pub fn classify(rules: &[Rule], normal: &HashMap<String, Normal>) -> Vec<ClassRecord> {
    let known: Vec<Known> = rules.par_iter().filter_map(known).collect();
    let mut groups: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (at, k) in known.iter().enumerate() {
        groups.entry(k.hash).or_default().push(at);
    }
    let mut equivalent: Vec<Option<Equivalent>> = vec![None; known.len()];
    for members in groups.values() {
        let mut members = members.clone();
        members.sort_by_key(|&at| rank(&known[at].code));
        let mut firsts: Vec<usize> = Vec::new();
        for &at in &members {
            let a = &known[at];
            let found = firsts.iter().find_map(|&first| {
                let r = &known[first];
                let proof = if a.form.code == r.form.code {
                    Proof::Structural
                } else {
                    let records = (
                        normal.get(&a.rule.to_string()),
                        normal.get(&r.rule.to_string()),
                    );
                    match records {
                        (Some(ra), Some(rr))
                            if ra.status == Status::Proved && rr.status == Status::Proved =>
                        {
                            match periodic_equal(a, ra, r, rr) {
                                Some(true) => Proof::Periodic,
                                Some(false) => return None,
                                None => Proof::Observed,
                            }
                        }
                        _ => Proof::Observed,
                    }
                };
                Some(Equivalent {
                    rule: r.rule.to_string(),
                    offset: r.zeros as i64 - a.zeros as i64,
                    proof,
                    compared: COMPARED,
                    misere_too: a.dead_heap_form.0 == r.dead_heap_form.0
                        && a.dead_heap_form.1 as i64 - r.dead_heap_form.1 as i64
                            == a.zeros as i64 - r.zeros as i64,
                })
            });
            match found {
                Some(e) => equivalent[at] = Some(e),
                None => firsts.push(at),
            }
        }
    }
    known
        .into_iter()
        .zip(equivalent)
        .map(|(k, equivalent)| ClassRecord {
            rule: k.rule.to_string(),
            zeros: k.zeros,
            values_hash: format!("{:016x}", k.hash),
            equivalent,
        })
        .collect()
}

/// The period a code not proved by its own run has through its first's
/// proof, as `(preperiod, period)`. Only a structural equivalence carries
/// one (the rules make the two one game: `g(n) = g_R(n + k)` for every heap
/// from the code's leading zeros on), and only when the first's last
/// exception, heap `pre_R − 1`, is one of those heaps shifted
/// (`pre_R − 1 − k ≥ zeros`): then the code's last exception is
/// `pre_R − 1 − k`, so its period starts at `pre_R − k`, and its smallest
/// period is the first's (the two tails are one sequence). Otherwise, or
/// when the code's own run proved it, `None`.
pub fn through(record: &ClassRecord, own: &Normal, first: &Normal) -> Option<(usize, usize)> {
    let e = record.equivalent.as_ref()?;
    if own.status == Status::Proved
        || e.proof != Proof::Structural
        || first.status != Status::Proved
        || first.rule != e.rule
    {
        return None;
    }
    let (pre, period) = (first.preperiod?, first.period?);
    let start = i64::try_from(pre).ok()?.checked_sub(e.offset)?;
    if start - 1 < i64::try_from(record.zeros).ok()? {
        return None;
    }
    Some((usize::try_from(start).ok()?, period))
}

/// One code's class record computed again: its zeros and values hash, and
/// its equivalence's proof against its first's record (`first`, the first's
/// rule and record when it has an equivalent). `Err` says what differs.
pub fn verify(
    record: &ClassRecord,
    first: Option<&ClassRecord>,
    normal: &HashMap<String, Normal>,
) -> Result<(), String> {
    let again = |c: &ClassRecord| -> Result<Known, String> {
        let rule: Rule = c.rule.parse()?;
        let k = known(&rule).ok_or_else(|| format!("{rule} is not an octal code"))?;
        if k.zeros != c.zeros || format!("{:016x}", k.hash) != c.values_hash {
            return Err(format!(
                "{rule}: computed again, {} leading zeros and values hash {:016x}, not {} and {}",
                k.zeros, k.hash, c.zeros, c.values_hash
            ));
        }
        Ok(k)
    };
    let a = again(record)?;
    let (Some(e), Some(first)) = (&record.equivalent, first) else {
        return match record.equivalent {
            Some(_) => Err(format!("{}: its equivalent has no record", record.rule)),
            None => Ok(()),
        };
    };
    let r = again(first)?;
    let holds = match e.proof {
        Proof::Structural => a.form.code == r.form.code,
        Proof::Periodic => matches!(
            (normal.get(&record.rule), normal.get(&first.rule)),
            (Some(ra), Some(rr)) if periodic_equal(&a, ra, &r, rr) == Some(true)
        ),
        Proof::Observed => a.hash == r.hash,
    };
    if holds {
        Ok(())
    } else {
        Err(format!(
            "{}: its {:?} equivalence to {} does not hold when computed again",
            record.rule, e.proof, e.rule
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(texts: &[&str]) -> Vec<Rule> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    /// The committed records, by rule.
    fn committed<T: serde::de::DeserializeOwned>(
        file: &str,
        key: fn(&T) -> String,
    ) -> HashMap<String, T> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("records")
            .join(file);
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<T>(l).unwrap())
            .map(|r| (key(&r), r))
            .collect()
    }

    #[test]
    fn a_period_through_an_equivalence_is_the_one_its_own_run_proves() {
        // Every pair of the atlas the rules make one game, both proved by
        // their own runs: the period carried over must be the code's own.
        let normal: HashMap<String, Normal> =
            committed("atlas-normal.jsonl", |r: &Normal| r.rule.clone());
        let classes: HashMap<String, ClassRecord> =
            committed("atlas-classes.jsonl", |c: &ClassRecord| c.rule.clone());
        let (mut checked, mut carried) = (0, 0);
        for c in classes.values() {
            let Some(e) = &c.equivalent else { continue };
            let (own, first) = (&normal[&c.rule], &normal[&e.rule]);
            let unproved = Normal {
                status: Status::Time,
                ..own.clone()
            };
            let found = through(c, &unproved, first);
            if own.status == Status::Proved && found.is_some() {
                assert_eq!(
                    found,
                    Some((own.preperiod.unwrap(), own.period.unwrap())),
                    "{}",
                    c.rule
                );
                checked += 1;
            }
            if own.status != Status::Proved && through(c, own, first).is_some() {
                carried += 1;
            }
            // A proof of its own is never overridden.
            assert!(own.status != Status::Proved || through(c, own, first).is_none());
        }
        assert!(checked > 1000, "{checked} pairs checked");
        // ·056, ·4541 … of ·054 and ·454; ·1776 of ·454; 4·7762 … of 4·7662;
        // ·3541 and ·3761 of ·354 and ·376 (Lemma Z at the take of four).
        assert_eq!(carried, 46);
        // Planted: the offset one heap off gives another start, which the
        // check above would refuse.
        let c = &classes["octal:·1777"];
        let mut shifted = c.clone();
        shifted.equivalent.as_mut().unwrap().offset = 0;
        let unproved = Normal {
            status: Status::Time,
            ..normal["octal:·1777"].clone()
        };
        let found = through(&shifted, &unproved, &normal["octal:·454"]);
        assert_ne!(found.map(|f| f.0), normal["octal:·1777"].preperiod);
    }

    #[test]
    fn czajkas_equivalences_are_found_with_their_offsets() {
        let found = classify(
            &rules(&[
                "octal:.4",
                "octal:.07",
                "octal:.6",
                "octal:.37",
                "octal:.137",
            ]),
            &HashMap::new(),
        );
        let of = |rule: &str| found.iter().find(|c| c.rule == rule).unwrap();
        // ·07 is ·4 with one heap less (g_·07(n) = g_·4(n + 1)).
        let e = of("octal:·07").equivalent.clone().unwrap();
        assert_eq!((e.rule.as_str(), e.offset), ("octal:·4", 1));
        // ·37 is ·6 by Lemma D, in both plays.
        let e = of("octal:·37").equivalent.clone().unwrap();
        assert_eq!(
            (e.rule.as_str(), e.proof, e.misere_too),
            ("octal:·6", Proof::Structural, true)
        );
        assert_eq!(e.offset, 1);
        // Dawson's chess, ·137, is ·4 with two heaps less: Lemma D twice.
        let e = of("octal:·137").equivalent.clone().unwrap();
        assert_eq!(
            (e.rule.as_str(), e.offset, e.proof),
            ("octal:·4", 2, Proof::Structural)
        );
        // The firsts of their classes have no equivalent.
        assert!(of("octal:·4").equivalent.is_none() && of("octal:·6").equivalent.is_none());
    }
}
