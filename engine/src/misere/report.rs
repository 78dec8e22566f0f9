//! One code's misère quotient as `ladder misere` and the browser's module
//! give it: the same run (the quotient to a bound, whether it is tame, Φ's
//! period where Theorem M proves it, the referee's exact play) and the same
//! JSON object, so that the page and the command line say the same thing.

use serde_json::{Value as Json, json};

use super::period::{Period, heaps_needed, proved_period};
use super::quotient::{Limits, Quotient, quotient};
use super::referee::{
    CHECKED_COUNTERS as REFEREE_COUNTERS, CHECKED_HEAPS as REFEREE_HEAPS, Refereed, referee_within,
};
use super::tame::is_tame;
use crate::games::{OctalCode, Rule};
use crate::numbers::grouped;

/// The most heaps a quotient is asked for: past a few hundred the
/// quotients the engine settles stop changing, and the check's states grow
/// with every heap.
pub const MOST_HEAPS: usize = 2000;

/// The octal code of `rule`, or the refusal `ladder misere` and the
/// browser's module both give.
pub fn octal_code_of(rule: &Rule) -> Result<&OctalCode, String> {
    rule.octal_code()
        .ok_or_else(|| format!("misere takes an octal code (octal:.07), not {rule}"))
}

/// `heaps` if a quotient is computed that far (1 to [`MOST_HEAPS`]), or the
/// refusal both give.
pub fn heaps_within(heaps: u64) -> Result<usize, String> {
    usize::try_from(heaps)
        .ok()
        .filter(|&h| (1..=MOST_HEAPS).contains(&h))
        .ok_or_else(|| {
            format!(
                "--heaps {heaps}: the quotient is computed for 1 to {} heaps",
                grouped(MOST_HEAPS as u64)
            )
        })
}

/// A quotient found, with what is known of it.
#[derive(Debug, Clone)]
pub struct Report {
    pub quotient: Quotient,
    pub tame: bool,
    /// Φ's period, when Theorem M proves it within the heaps computed.
    pub period: Option<Period>,
    pub refereed: Refereed,
    /// The heap where the engine stopped short of the bound, and why.
    pub unsettled: Option<(usize, String)>,
}

/// The quotient of `code`'s heaps 0 to `heaps` within `limits`; a stop for
/// memory is said with `memory_note` after it (the budget it came from).
pub fn run(
    code: &OctalCode,
    heaps: usize,
    limits: &Limits,
    memory_note: &str,
    progress: &mut dyn FnMut(usize),
) -> Result<Report, String> {
    let (quotient, unsettled) = match quotient(code, heaps, limits, progress) {
        Ok(q) => (q, None),
        Err(stop) if stop.why.starts_with("memory") => (
            stop.below,
            Some((stop.heap, format!("{}{memory_note}", stop.why))),
        ),
        Err(stop) => (stop.below, Some((stop.heap, stop.why))),
    };
    let period = proved_period(&quotient.pretending, code.largest_take());
    let tame = is_tame(&quotient.monoid, &quotient.p)?;
    let refereed = referee_within(code, &quotient, period, REFEREE_HEAPS, REFEREE_COUNTERS)?;
    Ok(Report {
        quotient,
        tame,
        period,
        refereed,
        unsettled,
    })
}

/// The object `ladder misere --json` prints (its help names every field).
pub fn json(rule: &str, report: &Report) -> Json {
    let q = &report.quotient;
    let size = q.monoid.size();
    let table: Vec<&[u32]> = q.monoid.table().chunks(size).collect();
    let p_portion: Vec<usize> = (0..size).filter(|&x| q.p[x]).collect();
    let relations: Vec<String> = q
        .relations()
        .into_iter()
        .map(|(w, e)| format!("{w} = {e}"))
        .collect();
    json!({
        "rule": rule,
        "heaps": q.heaps,
        "order": size,
        "p_size": q.p_size(),
        "tame": report.tame,
        "period": report.period.map(|p| p.period),
        "preperiod": report.period.map(|p| p.preperiod),
        "generators": q.generators,
        "relations": relations,
        "table": table,
        "pretending": q.pretending,
        "p_portion": p_portion,
        "states": q.states,
        "refereed": {
            "sums": report.refereed.sums,
            "most_heaps": REFEREE_HEAPS,
            "most_counters": REFEREE_COUNTERS,
            "differences": usize::from(report.refereed.first_difference.is_some()),
        },
        "unsettled": report.unsettled.as_ref().map(|(heap, why)| json!({"heap": heap, "why": why})),
    })
}

/// The lines `ladder misere` prints (and the browser's module shows): the
/// quotient, Φ's period or its absence, generators, relations, Φ, P, the
/// table when it is small, where the engine stopped, and the referee.
pub fn lines(rule: &str, report: &Report, largest_take: usize) -> Vec<String> {
    let q = &report.quotient;
    let size = q.monoid.size();
    let mut out = vec![format!(
        "{rule}, heaps 0 to {}: misère quotient of {} elements, {} in P ({})",
        q.heaps,
        grouped(size as u64),
        grouped(q.p_size() as u64),
        if report.tame { "tame" } else { "wild" }
    )];
    out.push(match report.period {
        Some(p) => format!(
            "Φ proved periodic: period {} from heap {} (Theorem M needs heaps to {}, computed to {}), so this is the whole game's quotient",
            p.period,
            p.preperiod,
            heaps_needed(p, largest_take).unwrap_or(usize::MAX),
            q.heaps
        ),
        None => format!("Φ not proved periodic within {} heaps", q.heaps),
    });
    let names = q.names();
    let generators: Vec<String> = q
        .generators
        .iter()
        .map(|&h| format!("{} = heap {h}", names[q.pretending[h] as usize]))
        .collect();
    let relations: Vec<String> = q
        .relations()
        .into_iter()
        .map(|(word, equal)| format!("{word} = {equal}"))
        .collect();
    let or_none = |list: Vec<String>| {
        if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        }
    };
    out.push(format!("generators: {}", or_none(generators)));
    out.push(format!("relations: {}", or_none(relations)));
    let phi: Vec<String> = q.pretending.iter().map(|x| x.to_string()).collect();
    out.push(format!(
        "Φ (element of each heap, from heap 0): {}",
        phi.join(" ")
    ));
    let p: Vec<String> = (0..size)
        .filter(|&x| q.p[x])
        .map(|x| x.to_string())
        .collect();
    out.push(format!("P: {}", p.join(" ")));
    if size <= 32 {
        out.push("table (row a, column b: a·b; element 0 is the identity):".to_string());
        let width = (size - 1).to_string().len();
        for row in q.monoid.table().chunks(size) {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:>width$}")).collect();
            out.push(format!("  {}", cells.join(" ")));
        }
    } else {
        out.push(format!("table: {size} × {size}, in --json"));
    }
    if let Some((heap, why)) = &report.unsettled {
        out.push(format!(
            "unsettled at heap {heap}: {why}; the quotient above is proved for heaps 0 to {}",
            q.heaps
        ));
    }
    out.push(match &report.refereed.first_difference {
        None => format!(
            "refereed: {} sums of up to {REFEREE_HEAPS} heaps and {REFEREE_COUNTERS} counters{}, each played out exactly, all as predicted",
            grouped(report.refereed.sums as u64),
            if report.period.is_some() {
                " (heaps past the bound with Φ continued by its period)"
            } else {
                ""
            }
        ),
        Some(sum) => format!("refereed: the exact search differs on {sum:?}"),
    });
    out
}
