//! One code of a sweep, run as `ladder solve` runs it, to a depth and a time
//! limit, and what it gives: the record a shard's file holds.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::games::octal_long_run::fnv1a_64;
use crate::games::octal_shape::{Shape, shape};
use crate::games::octal_solve::{Finish, Solver};
use crate::games::{OctalCode, Rule};
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

impl Record {
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
    let clock = Instant::now();
    let limit = Duration::from_secs(max_seconds);
    let mut solver = Solver::new(code, max_values.max(1));
    let mut status = None;
    let mut stop = None;
    while status.is_none() {
        match solver.finish() {
            Some(Finish::Proved(_)) => status = Some(Status::Proved),
            Some(Finish::NotProved { .. }) => status = Some(Status::Depth),
            None if clock.elapsed() >= limit => status = Some(Status::Time),
            None => {
                let done = solver.values().len();
                if let Err(e) = solver.grow(done.saturating_add(STEP)) {
                    stop = Some(engine_stop(&rule.to_string(), &e));
                    status = Some(Status::Stopped);
                }
            }
        }
    }
    let values = solver.values();
    let proved = match solver.finish() {
        Some(Finish::Proved(check)) => check.candidate,
        _ => None,
    };
    Record {
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
        seconds: (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        values_bytes: std::mem::size_of_val(values),
    }
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
}
