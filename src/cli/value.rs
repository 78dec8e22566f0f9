//! `ladder value RULE HEAP`: one heap's value, however large, with how it
//! was found (the value alone on standard output, so scripts can read it).

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::games::{Rule, report};

use super::print::{emit, say};

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
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args {
        rule,
        heap,
        explain,
        json,
    } = args;
    let (value, method, explanation) = look_up(&rule, heap)?;
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
fn look_up(rule: &Rule, heap: u64) -> Result<(u128, serde_json::Value, String)> {
    report::heap_value(rule, heap).map_err(|e| anyhow!(e))
}
