//! `ladder misere RULE`: the misère quotient of an octal code's heaps up to
//! a bound, its P-portion, its pretending function Φ, whether it is tame
//! and whether Φ is proved periodic; every prediction set against the
//! exact search on the small sums.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use ladder::games::Rule;
use ladder::misere::period::{Period, heaps_needed, proved_period};
use ladder::misere::quotient::{Limits, Quotient, quotient};
use ladder::misere::referee::{
    CHECKED_COUNTERS as REFEREE_COUNTERS, CHECKED_HEAPS as REFEREE_HEAPS, referee_within,
};
use ladder::misere::tame::is_tame;
use ladder::text::numbers::grouped;

use super::print::{emit, quiet, say};

/// The most heaps a quotient is asked for: past a few hundred the
/// quotients the engine settles stop changing, and the check's states grow
/// with every heap.
pub const MOST_HEAPS: usize = 2000;

/// The help of `misere`.
pub const HELP: &str = "Rules:\n  octal:.07    an octal code (also ·07, 0.07; 4.07 splits a heap without taking)\n\n\
     JSON fields: rule; heaps (the bound computed); order (|Q|); p_size (|P|); tame; period and\n\
     preperiod of Φ (null unless proved); generators (heaps where Q grew: a, b, c, …); relations\n\
     (a presentation in them: each \"word = normal form\"); table (the\n\
     multiplication table, table[a][b] the index of a·b, element 0 the identity); pretending\n\
     (Φ as element indices, from heap 0); p_portion (the indices in P); states (the proof's\n\
     check); refereed (sums played out exactly: sums, most_heaps, most_counters, differences);\n\
     unsettled (null, or the heap where the engine stopped and why: then heaps is the one below).\n\n\
     Examples:\n  ladder misere octal:.07 --heaps 30\n  ladder misere octal:.312 --json\n";

#[derive(clap::Args)]
pub struct Args {
    /// The game: an octal code.
    rule: Rule,
    /// The quotient of the heaps 0 to this.
    #[arg(long, default_value_t = 30, value_name = "N")]
    heaps: usize,
    /// Print one JSON object (fields below) instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args { rule, heaps, json } = args;
    let code = rule
        .octal_code()
        .ok_or_else(|| anyhow!("misere takes an octal code (octal:.07), not {rule}"))?;
    if heaps == 0 || heaps > MOST_HEAPS {
        return Err(anyhow!(
            "--heaps {heaps}: the quotient is computed for 1 to {} heaps",
            grouped(MOST_HEAPS as u64)
        ));
    }
    let bar = if quiet() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(heaps as u64);
        if let Ok(style) = ProgressStyle::with_template("misère quotient {bar:40} heap {pos}/{len}")
        {
            bar.set_style(style);
        }
        bar
    };
    // A quarter of the room: the quotient's table is written out again as
    // text (up to seven bytes an entry), and the referee has its own.
    let (room, source) = ladder::budget::available_memory();
    let limits = Limits {
        most_bytes: room / 4,
        ..Limits::default()
    };
    let found = quotient(code, heaps, &limits, &mut |heap| {
        bar.set_position(heap as u64)
    });
    bar.finish_and_clear();
    let (q, unsettled) = match found {
        Ok(q) => (q, None),
        Err(stop) if stop.why.starts_with("memory") => (
            stop.below,
            Some((stop.heap, format!("{} (a quarter of {source})", stop.why))),
        ),
        Err(stop) => (stop.below, Some((stop.heap, stop.why))),
    };
    let period = proved_period(&q.pretending, code.largest_take());
    let tame = is_tame(&q.monoid, &q.p).map_err(|e| anyhow!(e))?;
    let refereed = referee_within(code, &q, period, REFEREE_HEAPS, REFEREE_COUNTERS)
        .map_err(|e| anyhow!(e))?;
    let mut out = String::new();
    if json {
        let size = q.monoid.size();
        let table: Vec<&[u32]> = q.monoid.table().chunks(size).collect();
        let p_portion: Vec<usize> = (0..size).filter(|&x| q.p[x]).collect();
        let object = serde_json::json!({
            "rule": rule.to_string(),
            "heaps": q.heaps,
            "order": size,
            "p_size": q.p_size(),
            "tame": tame,
            "period": period.map(|p| p.period),
            "preperiod": period.map(|p| p.preperiod),
            "generators": q.generators,
            "relations": q.relations().into_iter().map(|(w, e)| format!("{w} = {e}")).collect::<Vec<String>>(),
            "table": table,
            "pretending": q.pretending,
            "p_portion": p_portion,
            "states": q.states,
            "refereed": {
                "sums": refereed.sums,
                "most_heaps": REFEREE_HEAPS,
                "most_counters": REFEREE_COUNTERS,
                "differences": usize::from(refereed.first_difference.is_some()),
            },
            "unsettled": unsettled.as_ref().map(|(heap, why)| serde_json::json!({"heap": heap, "why": why})),
        });
        say!(out, "{object}");
    } else {
        text(&mut out, &rule, &q, tame, period, code.largest_take());
        if let Some((heap, why)) = &unsettled {
            say!(
                out,
                "unsettled at heap {heap}: {why}; the quotient above is proved for heaps 0 to {}",
                q.heaps
            );
        }
        match &refereed.first_difference {
            None => say!(
                out,
                "refereed: {} sums of up to {REFEREE_HEAPS} heaps and {REFEREE_COUNTERS} counters{}, each played out exactly, all as predicted",
                grouped(refereed.sums as u64),
                if period.is_some() {
                    " (heaps past the bound with Φ continued by its period)"
                } else {
                    ""
                }
            ),
            Some(sum) => say!(out, "refereed: the exact search differs on {sum:?}"),
        }
    }
    emit(&out)?;
    if refereed.first_difference.is_some() {
        return Err(anyhow!(
            "the quotient mispredicts a sum the exact search plays out: a bug, please report it"
        ));
    }
    Ok(ExitCode::SUCCESS)
}

fn text(
    out: &mut String,
    rule: &Rule,
    q: &Quotient,
    tame: bool,
    period: Option<Period>,
    largest_take: usize,
) {
    let size = q.monoid.size();
    say!(
        out,
        "{rule}, heaps 0 to {}: misère quotient of {} elements, {} in P ({})",
        q.heaps,
        grouped(size as u64),
        grouped(q.p_size() as u64),
        if tame { "tame" } else { "wild" }
    );
    match period {
        Some(p) => say!(
            out,
            "Φ proved periodic: period {} from heap {} (Theorem M needs heaps to {}, computed to {}), so this is the whole game's quotient",
            p.period,
            p.preperiod,
            heaps_needed(p, largest_take).unwrap_or(usize::MAX),
            q.heaps
        ),
        None => say!(out, "Φ not proved periodic within {} heaps", q.heaps),
    }
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
    say!(out, "generators: {}", or_none(generators));
    say!(out, "relations: {}", or_none(relations));
    let phi: Vec<String> = q.pretending.iter().map(|x| x.to_string()).collect();
    say!(
        out,
        "Φ (element of each heap, from heap 0): {}",
        phi.join(" ")
    );
    let p: Vec<String> = (0..size)
        .filter(|&x| q.p[x])
        .map(|x| x.to_string())
        .collect();
    say!(out, "P: {}", p.join(" "));
    if size <= 32 {
        say!(
            out,
            "table (row a, column b: a·b; element 0 is the identity):"
        );
        let width = (size - 1).to_string().len();
        for row in q.monoid.table().chunks(size) {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:>width$}")).collect();
            say!(out, "  {}", cells.join(" "));
        }
    } else {
        say!(out, "table: {size} × {size}, in --json");
    }
}
