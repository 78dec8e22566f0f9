//! One code of a misère sweep (`ladder sweep --misere`): its misère
//! quotient grown heap by heap until Φ's period is proved by Theorem M
//! (the proofs page), the heap bound is reached, or the work or memory
//! budget runs out; refereed on the small sums by the exact search. The
//! budgets are counted in products and bytes, not seconds, so a record is
//! the same wherever it is computed again.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::games::octal_long_run::fnv1a_64;
use crate::games::{OctalCode, Rule};
use crate::misere::period::{Period, heaps_needed, proved_period};
use crate::misere::quotient::{Limits, Quotient, settle};
use crate::misere::referee::referee_within;
use crate::misere::tame::is_tame;
use crate::text::numbers::grouped;

/// Sums the referee plays out for each code: at most this many heaps…
pub const REFEREE_HEAPS: usize = 3;
/// … and this many counters (the census's setting: the command line's 36
/// costs four times the time on 8,000 codes).
pub const REFEREE_COUNTERS: usize = 30;
/// States of the proof's check, at most (the census's setting).
pub const MOST_STATES: usize = 400_000;

/// The plan of a misère sweep: the first line of its shards' files, under
/// `misere_sweep`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    pub codes: Vec<String>,
    pub shard: usize,
    pub of: usize,
    /// The most heaps a quotient is grown to.
    pub max_heaps: usize,
    /// Each code's work budget, in products of two elements.
    pub max_work: u64,
    /// Each code's memory budget, in MiB.
    pub max_megabytes: u64,
}

impl super::file::Planned for Plan {
    fn codes(&self) -> &[String] {
        &self.codes
    }
    fn shard(&self) -> usize {
        self.shard
    }
    fn of(&self) -> usize {
        self.of
    }
    fn as_shard(&self, shard: usize) -> Plan {
        Plan {
            shard,
            ..self.clone()
        }
    }
}

/// Whether Φ was proved periodic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Φ proved periodic by Theorem M: the quotient is the whole game's.
    Proved,
    /// The heap bound or a budget came first: the quotient is the one of
    /// the heaps up to `heaps`.
    Unsettled,
}

/// Where and why the engine stopped short of the heap bound.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Stop {
    pub heap: usize,
    pub why: String,
}

/// One code's misère record.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The code in its standard form, `octal:·137`.
    pub rule: String,
    pub status: Status,
    /// |Q| and |P| of the quotient proved (of the heaps to `heaps`).
    pub order: usize,
    pub p_size: usize,
    /// Whether that quotient is some `T_m` (misère Nim's).
    pub tame: bool,
    /// Φ's period and preperiod, proved by Theorem M; null unless proved.
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// The quotient is proved for the sums of heaps 0 to this.
    pub heaps: usize,
    /// Where the engine stopped short of `max_heaps`, and why; null when it
    /// proved Φ's period or reached the bound.
    pub unsettled: Option<Stop>,
    /// The limits it ran under.
    pub max_heaps: usize,
    pub max_work: u64,
    pub max_megabytes: u64,
    /// FNV-1a 64 of the quotient: its table, P (0 or 1 an element) and Φ,
    /// each entry a little-endian `u32`, in that order.
    pub quotient_hash: String,
    /// Sums the referee played out, each as predicted.
    pub refereed: usize,
    /// The run's wall time: a measurement, left out when records are compared.
    pub seconds: f64,
}

impl Record {
    /// The record without its measurement, for comparing two runs.
    pub fn result(&self) -> Record {
        Record {
            seconds: 0.0,
            ..self.clone()
        }
    }

    /// Φ's period as Theorem M proves it, if the record says so.
    pub fn period(&self) -> Option<Period> {
        Some(Period {
            preperiod: self.preperiod?,
            period: self.period?,
        })
    }

    /// What in the record contradicts the rest of it: a period given
    /// exactly when proved, and then enough heaps for Theorem M; the heaps
    /// within the bound, a stop just past them; |P| below |Q|; a tame
    /// quotient of misère Nim's order (1 for a code with no move, 2, or
    /// 2^m + 2 with m ≥ 2); an order
    /// that is 1 or even (every misère quotient past the trivial one is).
    pub fn contradiction(&self) -> Option<String> {
        let code = match self
            .rule
            .parse::<Rule>()
            .ok()
            .and_then(|r| r.octal_code().cloned())
        {
            Some(code) => code,
            None => return Some(format!("{} is not an octal code", self.rule)),
        };
        if self.heaps > self.max_heaps || self.max_heaps == 0 || self.max_work == 0 {
            return Some(format!(
                "heaps {} with a bound of {} and a budget of {} products: these do not go together",
                self.heaps, self.max_heaps, self.max_work
            ));
        }
        if let Some(stop) = &self.unsettled
            && (stop.heap != self.heaps + 1 || self.status == Status::Proved)
        {
            return Some(format!(
                "it stopped at heap {} but is proved to heap {}",
                stop.heap, self.heaps
            ));
        }
        if self.status == Status::Unsettled
            && self.unsettled.is_none()
            && self.heaps != self.max_heaps
        {
            return Some(format!(
                "unsettled at heap {} of {} without a reason",
                self.heaps, self.max_heaps
            ));
        }
        match (self.status, self.period()) {
            (Status::Proved, Some(period)) => match heaps_needed(period, code.largest_take()) {
                Some(needed) if needed <= self.heaps => {}
                needed => {
                    return Some(format!(
                        "Φ's period {} from heap {} needs heaps to {} by Theorem M, and the \
                         quotient is proved to heap {}",
                        period.period,
                        period.preperiod,
                        needed.map_or("past counting".into(), |n| grouped(n as u64)),
                        self.heaps
                    ));
                }
            },
            (Status::Unsettled, None) if self.period.is_none() && self.preperiod.is_none() => {}
            _ => return Some("its status and its period do not go together".into()),
        }
        if self.order == 0 || self.p_size >= self.order {
            return Some(format!("|P| = {} in |Q| = {}", self.p_size, self.order));
        }
        if self.order > 1 && self.order % 2 == 1 {
            return Some(format!(
                "order {}: a misère quotient past the trivial one has even order",
                self.order
            ));
        }
        let nim_order = self.order <= 2 || (self.order >= 6 && (self.order - 2).is_power_of_two());
        if self.tame && !nim_order {
            return Some(format!(
                "tame, but of order {}, not misère Nim's",
                self.order
            ));
        }
        if self.refereed == 0 {
            return Some("refereed on no sum".into());
        }
        None
    }
}

/// Misère play's sweep: quotients.
pub struct Misere;

impl super::file::Kind for Misere {
    const HEAD: &'static str = "misere_sweep";
    type Plan = Plan;
    type Record = Record;
    fn rule(record: &Record) -> &str {
        &record.rule
    }
    fn contradiction(record: &Record, plan: &Plan) -> Option<String> {
        let limits = (record.max_heaps, record.max_work, record.max_megabytes);
        if limits != (plan.max_heaps, plan.max_work, plan.max_megabytes) {
            return Some(format!("{}: its limits are not the plan's", record.rule));
        }
        record
            .contradiction()
            .map(|why| format!("{}: {why}", record.rule))
    }
}

/// FNV-1a 64 of a quotient's table, P and Φ, as [`Record::quotient_hash`].
pub fn quotient_hash(q: &Quotient) -> String {
    let entries: Vec<u32> = q
        .monoid
        .table()
        .iter()
        .copied()
        .chain(q.p.iter().map(|&p| u32::from(p)))
        .chain(q.pretending.iter().copied())
        .collect();
    format!("{:016x}", fnv1a_64(&entries))
}

/// Runs `code`'s misère quotient within `plan`'s limits. An error is a
/// quotient the referee finds wrong: a bug, never a record.
pub fn run(rule: &Rule, code: &OctalCode, plan: &Plan) -> Result<Record, String> {
    let clock = Instant::now();
    let limits = Limits {
        most_work: plan.max_work,
        most_states: MOST_STATES,
        most_bytes: plan.max_megabytes.saturating_mul(1 << 20),
        ..Limits::default()
    };
    let (q, unsettled) = match settle(code, plan.max_heaps, &limits, &mut |_| {}) {
        Ok(q) => (q, None),
        Err(stop) => (
            stop.below,
            Some(Stop {
                heap: stop.heap,
                why: stop.why,
            }),
        ),
    };
    let period = proved_period(&q.pretending, code.largest_take());
    let tame = is_tame(&q.monoid, &q.p)?;
    let verdict = referee_within(code, &q, period, REFEREE_HEAPS, REFEREE_COUNTERS)?;
    if let Some(sum) = verdict.first_difference {
        return Err(format!(
            "{rule}: the quotient mispredicts the sum {sum:?}, which the exact search plays out: \
             a bug, please report it"
        ));
    }
    Ok(Record {
        rule: rule.to_string(),
        status: if period.is_some() {
            Status::Proved
        } else {
            Status::Unsettled
        },
        order: q.monoid.size(),
        p_size: q.p_size(),
        tame,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        heaps: q.heaps,
        unsettled,
        max_heaps: plan.max_heaps,
        max_work: plan.max_work,
        max_megabytes: plan.max_megabytes,
        quotient_hash: quotient_hash(&q),
        refereed: verdict.sums,
        seconds: (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(max_heaps: usize, max_work: u64) -> Plan {
        Plan {
            codes: Vec::new(),
            shard: 0,
            of: 1,
            max_heaps,
            max_work,
            max_megabytes: 256,
        }
    }

    fn record(text: &str, plan: &Plan) -> Record {
        let rule: Rule = text.parse().unwrap();
        run(&rule, rule.octal_code().unwrap(), plan).unwrap()
    }

    #[test]
    fn a_code_is_settled_or_stopped_where_its_budget_ends() {
        // ·312: 12 elements, 3 in P, Φ of period 2 from heap 5 (the manual, content/manual-research.md).
        let wide = plan(60, 100_000_000);
        let r = record("octal:.312", &wide);
        assert_eq!(r.status, Status::Proved);
        assert_eq!((r.order, r.p_size, r.tame), (12, 3, false));
        assert_eq!((r.period, r.preperiod), (Some(2), Some(5)));
        assert_eq!(r.contradiction(), None);
        // The same run gives the same record, its time aside.
        assert_eq!(record("octal:.312", &wide).result(), r.result());
        // ·3, take one, is tame: misère Nim's two elements.
        let nim = record("octal:.3", &wide);
        assert!(nim.tame && nim.order == 2 && nim.status == Status::Proved);
        // ·6 within a tiny budget stops, with the quotient below the stop.
        let short = record("octal:.6", &plan(60, 100_000));
        assert_eq!(short.status, Status::Unsettled);
        let stop = short.unsettled.clone().unwrap();
        assert_eq!(stop.heap, short.heaps + 1);
        assert!(stop.why.contains("work budget"), "{}", stop.why);
        assert_eq!(short.contradiction(), None);
    }

    #[test]
    fn a_record_that_does_not_hold_together_is_refused() {
        let good = record("octal:.312", &plan(60, 100_000_000));
        type Plant = fn(&mut Record);
        let broken: [(&str, Plant); 7] = [
            ("period dropped", |r| r.period = None),
            ("too few heaps for Theorem M", |r| r.heaps = 10),
            ("odd order", |r| r.order = 13),
            ("P as large as Q", |r| r.p_size = 12),
            ("tame at order 12", |r| r.tame = true),
            ("past the bound", |r| r.heaps = 61),
            ("a stop that is not next", |r| {
                r.status = Status::Unsettled;
                r.period = None;
                r.preperiod = None;
                r.unsettled = Some(Stop {
                    heap: 3,
                    why: "the work budget ran out".into(),
                });
            }),
        ];
        for (what, plant) in broken {
            let mut r = good.clone();
            plant(&mut r);
            assert!(r.contradiction().is_some(), "{what} passed");
        }
    }
}
