//! One code of a sweep, run as `ladder solve` runs it, to a depth and a time
//! limit, and what it gives: the record a shard's file holds.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::games::octal_long_run::fnv1a_64;
use crate::games::octal_shape::{Shape, shape};
use crate::games::octal_solve::{Finish, Solver};
use crate::games::{OctalCode, Rule};
use crate::text::numbers::grouped;
use crate::text::wording::engine_stop;

/// The fields of two records of one kind that differ, as (name, recorded
/// value, fresh value), in the order of the recorded one's fields; `None`
/// when either is not a JSON object. `ladder check --deep` and the build
/// set a committed record against the same thing computed again with this.
pub fn differing_fields<T: Serialize>(
    recorded: &T,
    fresh: &T,
) -> Option<Vec<(String, serde_json::Value, serde_json::Value)>> {
    let (Ok(serde_json::Value::Object(recorded)), Ok(serde_json::Value::Object(fresh))) =
        (serde_json::to_value(recorded), serde_json::to_value(fresh))
    else {
        return None;
    };
    Some(
        recorded
            .into_iter()
            .filter(|(key, value)| fresh.get(key) != Some(value))
            .map(|(key, value)| {
                let now = fresh.get(&key).cloned().unwrap_or(serde_json::Value::Null);
                (key, value, now)
            })
            .collect(),
    )
}

/// Heaps grown between two looks at the clock.
const STEP: usize = 1 << 16;

/// How a code's run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// A period proved: its certificate held.
    Proved,
    /// The depth reached with no period proved.
    Depth,
    /// The time limit reached first.
    Time,
    /// The engine stopped: a value past 65,535, or memory refused.
    Stopped,
}

impl Status {
    /// The status as the records spell it.
    pub fn word(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Depth => "depth",
            Status::Time => "time",
            Status::Stopped => "stopped",
        }
    }
}

/// One code's record.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct Record {
    /// The code in its standard form, `octal:·137`.
    pub rule: String,
    pub status: Status,
    /// The proved period and preperiod; null unless proved.
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// Values computed: heaps `0 .. depth`.
    pub depth: usize,
    /// The depth and time limits the code ran under.
    pub max_values: usize,
    pub max_seconds: u64,
    /// FNV-1a 64 of the values computed (each a little-endian `u32`).
    pub values_hash: String,
    /// The largest value and the sparse split of the values computed.
    pub shape: Shape,
    /// Why the engine stopped, for a stopped run.
    pub stop: Option<String>,
    /// The run's wall time in seconds and its values' memory in bytes: the
    /// measurements, left out when two sweeps are compared.
    pub seconds: f64,
    pub values_bytes: usize,
}

/// The plan of a normal-play sweep: the first line of its shards' files,
/// under `sweep`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Every code of the sweep, in its order (not only this shard's).
    pub codes: Vec<String>,
    pub shard: usize,
    pub of: usize,
    pub max_values: usize,
    pub max_seconds: u64,
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

/// Normal play's sweep: `solve`'s runs.
pub struct Normal;

impl super::file::Kind for Normal {
    const HEAD: &'static str = "sweep";
    type Plan = Plan;
    type Record = Record;
    fn rule(record: &Record) -> &str {
        &record.rule
    }
    fn contradiction(record: &Record, plan: &Plan) -> Option<String> {
        if (record.max_values, record.max_seconds) != (plan.max_values, plan.max_seconds) {
            return Some(format!(
                "{}: its limits ({} values, {} s) are not the plan's ({} values, {} s)",
                record.rule,
                record.max_values,
                record.max_seconds,
                plan.max_values,
                plan.max_seconds
            ));
        }
        record
            .contradiction()
            .map(|why| format!("{}: {why}", record.rule))
    }
}

impl Record {
    /// What in the record contradicts the rest of it, if anything: its
    /// shape is over its depth; its values' bytes are two a value; a period
    /// is given exactly when it says proved, and a proof reaches Theorem P's
    /// window; a run at the depth reached it, a run at the time limit did
    /// not and ran for that time; the depth asked is no more than a sweep
    /// computes. A build and `sweep merge` refuse such a record.
    pub fn contradiction(&self) -> Option<String> {
        if self.shape.heaps != self.depth {
            return Some(format!(
                "its shape is over {} heaps, its depth is {}",
                grouped(self.shape.heaps as u64),
                grouped(self.depth as u64)
            ));
        }
        if self.values_bytes != self.depth.saturating_mul(2) {
            return Some(format!(
                "its values take {} bytes, not two a value of its depth {}",
                grouped(self.values_bytes as u64),
                grouped(self.depth as u64)
            ));
        }
        if self.shape.largest_value_heap >= self.depth.max(1) {
            return Some("its largest value is at a heap past its depth".into());
        }
        if self.depth > self.max_values {
            return Some("its depth is past its max_values".into());
        }
        if self.max_values == 0 || self.max_values > crate::budget::MAX_OCTAL_VALUES {
            return Some(format!(
                "its max_values, {}, is not a depth a sweep computes",
                grouped(self.max_values as u64)
            ));
        }
        let proved = matches!(self.period, Some(p) if p > 0) && self.preperiod.is_some();
        let none = self.period.is_none() && self.preperiod.is_none();
        let holds = match self.status {
            Status::Proved => proved,
            Status::Depth => none && self.depth == self.max_values,
            Status::Time => {
                none && self.depth < self.max_values && self.seconds >= self.max_seconds as f64
            }
            Status::Stopped => none && self.stop.is_some(),
        };
        if !holds {
            return Some(format!(
                "status {} with depth {} of {}, {} s of {} and period {}: these do not go \
                 together",
                self.status.word(),
                grouped(self.depth as u64),
                grouped(self.max_values as u64),
                self.seconds,
                self.max_seconds,
                self.period
                    .map_or("none".to_string(), |p| grouped(p as u64))
            ));
        }
        if let (Status::Proved, Some(period), Some(preperiod)) =
            (self.status, self.period, self.preperiod)
        {
            let code = self
                .rule
                .parse::<Rule>()
                .ok()
                .and_then(|r| r.octal_code().cloned());
            let Some(code) = code else {
                return Some(format!("{} is not an octal code", self.rule));
            };
            let window =
                crate::games::octal_certificate::theorem_p_window(&code, preperiod, period);
            match window {
                Ok((_, _, Some(needed))) if needed <= self.depth => {}
                Ok((_, _, needed)) => {
                    return Some(format!(
                        "it is proved at depth {}, short of the {} values Theorem P's window \
                         reads for period {} from heap {}",
                        grouped(self.depth as u64),
                        needed.map_or("uncountable".into(), |n| grouped(n as u64)),
                        grouped(period as u64),
                        grouped(preperiod as u64)
                    ));
                }
                Err(why) => return Some(why),
            }
        }
        None
    }

    /// The record without its measurements, for comparing two sweeps.
    pub fn result(&self) -> Record {
        Record {
            seconds: 0.0,
            ..self.clone()
        }
    }
}

/// Runs `rule` (an octal code) to a proof, `max_values` values or
/// `max_seconds` seconds, whichever comes first.
pub fn run(rule: &Rule, code: &OctalCode, max_values: usize, max_seconds: u64) -> Record {
    run_from(
        rule,
        code,
        max_values,
        max_seconds,
        Start::default(),
        &mut |_, _| Step::Go,
    )
    .0
}

/// Where a run starts: the values a checkpoint kept and the seconds they
/// took (a sweep's time limit counts every process's time).
#[derive(Debug, Clone, Default)]
pub struct Start {
    pub values: Vec<u16>,
    pub seconds: f64,
}

/// What the caller of [`run_from`] says after each step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Go,
    /// Stop here, unfinished (Ctrl-C): the record is not a result.
    Stop,
}

/// [`run`] from `start`, calling `step` with the solver and the seconds so
/// far after each step of growth; the flag says whether `step` stopped it.
pub fn run_from(
    rule: &Rule,
    code: &OctalCode,
    max_values: usize,
    max_seconds: u64,
    start: Start,
    step: &mut dyn FnMut(&Solver, f64) -> Step,
) -> (Record, bool) {
    let clock = Instant::now();
    let seconds = |clock: &Instant| start.seconds + clock.elapsed().as_secs_f64();
    let limit = Duration::from_secs(max_seconds).as_secs_f64();
    let mut solver = Solver::resume(code, start.values.clone(), max_values.max(1));
    let mut status = None;
    let mut stop = None;
    let mut stopped_by_caller = false;
    while status.is_none() {
        match solver.finish() {
            Some(Finish::Proved(_)) => status = Some(Status::Proved),
            Some(Finish::NotProved { .. }) => status = Some(Status::Depth),
            None if seconds(&clock) >= limit => status = Some(Status::Time),
            None => {
                let done = solver.values().len();
                if let Err(e) = solver.grow(done.saturating_add(STEP)) {
                    stop = Some(engine_stop(&rule.to_string(), &e));
                    status = Some(Status::Stopped);
                } else if solver.finish().is_none() && step(&solver, seconds(&clock)) == Step::Stop
                {
                    stopped_by_caller = true;
                    status = Some(Status::Time);
                }
            }
        }
    }
    let values = solver.values();
    let proved = match solver.finish() {
        Some(Finish::Proved(check)) => check.candidate,
        _ => None,
    };
    let record = Record {
        rule: rule.to_string(),
        status: status.unwrap_or(Status::Stopped),
        period: proved.map(|c| c.period),
        preperiod: proved.map(|c| c.preperiod),
        depth: values.len(),
        max_values,
        max_seconds,
        values_hash: format!("{:016x}", fnv1a_64(values)),
        shape: shape(code, values),
        stop,
        seconds: (seconds(&clock) * 1000.0).round() / 1000.0,
        values_bytes: std::mem::size_of_val(values),
    };
    (record, stopped_by_caller)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str, max_values: usize) -> Record {
        let rule: Rule = text.parse().unwrap();
        let code = rule.octal_code().unwrap().clone();
        run(&rule, &code, max_values, 60)
    }

    #[test]
    fn a_code_is_proved_as_solve_proves_it_or_stops_at_its_depth() {
        // Dawson's chess: period 34 from heap 52 (the octal page's figure).
        let chess = record("octal:.137", 100_000);
        assert_eq!(chess.status, Status::Proved);
        assert_eq!((chess.period, chess.preperiod), (Some(34), Some(52)));
        // ·56 is proved at 653,569 values: below that depth it is not.
        let short = record("octal:.56", 100_000);
        assert_eq!((short.status, short.period), (Status::Depth, None));
        assert_eq!(short.depth, 100_000);
        // The same run gives the same record, measurements aside.
        assert_eq!(record("octal:.137", 100_000).result(), chess.result());
        // A time limit of nothing stops at once.
        let rule: Rule = "octal:.56".parse().unwrap();
        let timed = run(&rule, rule.octal_code().unwrap(), 1 << 20, 0);
        assert_eq!(timed.status, Status::Time);
    }

    #[test]
    fn a_record_that_contradicts_itself_is_named() {
        let chess = record("octal:.137", 100_000);
        let short = record("octal:.56", 100_000);
        assert_eq!((chess.contradiction(), short.contradiction()), (None, None));
        type Plant = fn(&mut Record);
        let planted: [(&Record, &str, Plant); 7] = [
            (&chess, "proved, no period", |r| r.period = None),
            (&chess, "proved short of its window", |r| {
                r.depth = 100;
                r.values_bytes = 200;
                r.shape.heaps = 100;
                r.shape.largest_value_heap = 0;
            }),
            (&short, "bytes not two a value", |r| r.values_bytes *= 2),
            (&short, "depth past its limit", |r| r.max_values = 50_000),
            (&short, "a period without a proof", |r| r.period = Some(2)),
            (&short, "time with no time spent", |r| {
                r.status = Status::Time;
                r.max_values *= 2;
                r.max_seconds = 120;
                r.seconds = 3.0;
            }),
            (&short, "zero depth asked", |r| r.max_values = 0),
        ];
        for (good, what, plant) in planted {
            let mut r = good.clone();
            plant(&mut r);
            assert!(r.contradiction().is_some(), "{what} passed");
        }
    }
}
