//! `ladder value RULE HEAP`: one heap's value, however large, with how it
//! was found (the value alone on standard output, so scripts can read it).
//! A sparse-space octal code is searched as `ladder solve` searches, to
//! `--max-values`, with progress on a terminal: ·56, ·376 and ·354 are
//! proved on the way and answer for any heap.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::budget::{check_seq_values, check_values};
use ladder::games::{Rule, report};

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

pub fn run(args: Args) -> Result<ExitCode> {
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
    let (value, method, explanation) = look_up(&rule, heap, limit)?;
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
