//! `ladder misere RULE`: the misère quotient of an octal code's heaps up to
//! a bound, its P-portion, its pretending function Φ, whether it is tame
//! and whether Φ is proved periodic; every prediction set against the
//! exact search on the small sums.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use ladder::games::Rule;
use ladder::misere::meter::since_first_reading;
use ladder::misere::quotient::Limits;
use ladder::misere::report;

use super::print::{emit, quiet, say};

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
    /// The time limit, in seconds: the heaps reached by then are answered,
    /// the next one reported unsettled.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    max_seconds: u64,
    /// Print one JSON object (fields below) instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args {
        rule,
        heaps,
        max_seconds,
        json,
    } = args;
    let code = report::octal_code_of(&rule).map_err(|e| anyhow!(e))?;
    let heaps = report::heaps_within(heaps as u64).map_err(|e| anyhow!(e))?;
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
    let limits = Limits::waiting(room / 4, since_first_reading, max_seconds);
    let report = report::run(
        code,
        heaps,
        &limits,
        &format!(" (a quarter of {source})"),
        &mut |heap| bar.set_position(heap as u64),
    )
    .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    let mut out = String::new();
    if json {
        say!(out, "{}", report::json(&rule.to_string(), &report));
    } else {
        for line in report::lines(&rule.to_string(), &report, code.largest_take()) {
            say!(out, "{line}");
        }
    }
    emit(&out)?;
    if report.refereed.first_difference.is_some() {
        return Err(anyhow!(
            "the quotient mispredicts a sum the exact search plays out: a bug, please report it"
        ));
    }
    Ok(ExitCode::SUCCESS)
}
