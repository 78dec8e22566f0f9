//! `ladder value RULE HEAP`: one heap's value, however large, with how it
//! was found (the value alone on standard output, so scripts can read it).
//! A sparse-space octal code is searched as `ladder solve` searches, to
//! `--max-values`, with progress on a terminal: ·56, ·376 and ·354 are
//! proved on the way and answer for any heap. A code whose proof needs more
//! than that and whose solve the project's manifest records (·1777, at
//! 443,139,469 values) is reduced by the recorded period, and its reduced
//! heap computed here; the explanation says so.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::budget::{check_seq_values, check_values};
use ladder::figures::solved_octal::Record;
use ladder::games::octal_engine::OctalRun;
use ladder::games::octal_moves::MoveTable;
use ladder::games::{OctalCode, Rule, report};
use ladder::text::numbers::grouped;

use super::print::{emit, say};
use super::solve::Status;

/// How many values a sparse-space octal code is searched to by default:
/// enough for ·354's proof (20,126,194 values, about ten seconds here).
const DEFAULT_MAX_VALUES: usize = 1 << 25;

#[derive(clap::Args)]
pub struct Args {
    /// The game (for a pass game, h: the value with the pass available).
    rule: Rule,
    /// The heap, up to 18,446,744,073,709,551,615.
    heap: u64,
    /// Print how the value was found on standard output too, after it.
    #[arg(long)]
    explain: bool,
    /// Print one JSON object: rule, heap, value, method and its numbers, explanation.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// How many values a sparse-space octal code is searched to for a
    /// period, as `ladder solve --max-values` (default 33,554,432); other
    /// rules' lookups keep their own bounds.
    #[arg(long, value_name = "N")]
    max_values: Option<usize>,
}

pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    let Args {
        rule,
        heap,
        explain,
        json,
        max_values,
    } = args;
    // Only an octal code's search reads the count, so only its budget
    // checks it.
    let limit = match max_values {
        Some(count) if rule.octal_code().is_some() => {
            check_seq_values(&rule, count)
                .and_then(|()| check_values(&rule, count))
                .map_err(|e| anyhow!(e.replace("--values", "--max-values")))?;
            count
        }
        Some(count) => count,
        None => DEFAULT_MAX_VALUES,
    };
    // A record is looked for only where the search would stop short of its
    // proof; a folder whose manifest does not load has none (`value` is
    // not about the site, and says nothing of it).
    let recorded = match rule.octal_code() {
        Some(code) => ladder::recorded_period(root, &rule)
            .ok()
            .flatten()
            .filter(|(_, record)| record.values_needed > limit)
            .map(|(figure, record)| (code, figure, record)),
        None => None,
    };
    let (value, method, explanation) = match recorded {
        Some((code, figure, record)) => by_record(&rule, code, heap, &figure, &record)?,
        None => look_up(&rule, heap, limit)?,
    };
    let mut out = String::new();
    if json {
        let mut object = serde_json::json!({
            "rule": rule.to_string(),
            "heap": heap,
            "value": value,
            "explanation": explanation,
        });
        if let (Some(object), serde_json::Value::Object(method)) = (object.as_object_mut(), method)
        {
            object.extend(method);
        }
        say!(out, "{object}");
    } else {
        say!(out, "{value}");
        if explain {
            say!(out, "{explanation}");
        } else {
            eprintln!("{explanation}");
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The value, its method as JSON fields, and the sentence that explains it.
fn look_up(rule: &Rule, heap: u64, limit: usize) -> Result<(u128, serde_json::Value, String)> {
    // The bar appears once a search grows past its first step, not for a
    // lookup that answers at once.
    let status = std::cell::OnceCell::new();
    let found = report::heap_value_within(rule, heap, limit, &mut |s| {
        status.get_or_init(|| Status::new(rule)).show(s)
    });
    if let Some(status) = status.get() {
        status.bar.finish_and_clear();
    }
    found.map_err(|e| anyhow!(e))
}

/// The value of `heap` by a period the manifest's record of a solve proves
/// (`figure`'s `record:`, solved again by `ladder check --deep`): the heap
/// reduced by it, and the reduced heap's value computed here.
fn by_record(
    rule: &Rule,
    code: &OctalCode,
    heap: u64,
    figure: &str,
    record: &Record,
) -> Result<(u128, serde_json::Value, String)> {
    let (preperiod, period) = (record.preperiod as u64, record.period as u64);
    let reduced = if heap < preperiod || period == 0 {
        heap
    } else {
        preperiod + (heap - preperiod) % period
    };
    let count = usize::try_from(reduced)
        .ok()
        .and_then(|r| r.checked_add(1))
        .ok_or_else(|| {
            anyhow!(
                "heap {} is past what this machine can index",
                grouped(reduced)
            )
        })?;
    check_seq_values(rule, count)
        .and_then(|()| check_values(rule, count))
        .map_err(|e| anyhow!("{rule}, heap {} by its record: {e}", grouped(reduced)))?;
    let mut run = OctalRun::resume(MoveTable::of(code), Vec::new(), true);
    let bar = Computing::new(rule, count);
    while run.values().len() < count {
        let next = (run.values().len() + (1 << 20)).min(count);
        run.extend_to(next).map_err(|stop| {
            anyhow!(ladder::text::wording::engine_stop(&rule.to_string(), &stop))
        })?;
        bar.at(next);
    }
    bar.done();
    let value = run.values()[count - 1];
    let method = serde_json::json!({
        "method": "recorded",
        "preperiod": record.preperiod,
        "period": record.period,
        "reduced": reduced,
        "computed": count,
        "figure": figure,
    });
    let explanation = format!(
        "heap {} of {rule} ≡ heap {}: period {} from heap {}, proved by the solve recorded in \
         figures.yaml (figure {figure}, {} values; `ladder check --deep` solves it again); heap \
         {} computed here",
        grouped(heap),
        grouped(reduced),
        grouped(period),
        grouped(preperiod),
        grouped(record.values_needed as u64),
        grouped(reduced),
    );
    Ok((u128::from(value), method, explanation))
}

/// A bar over the values a reduced heap needs, on a terminal only.
struct Computing(indicatif::ProgressBar);

impl Computing {
    fn new(rule: &Rule, count: usize) -> Computing {
        if super::print::quiet() {
            return Computing(indicatif::ProgressBar::hidden());
        }
        let bar = indicatif::ProgressBar::new(count as u64);
        let template = "{msg} {wide_bar} {human_pos}/{human_len} values, ~{eta} left";
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message(rule.to_string());
        Computing(bar)
    }

    fn at(&self, done: usize) {
        self.0.set_position(done as u64);
    }

    fn done(&self) {
        self.0.finish_and_clear();
    }
}
