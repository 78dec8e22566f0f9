//! `ladder atlas CODE` and `ladder atlas --family 0.????`: answers from the
//! atlas's committed records ([`ladder::atlas`]) at once, both plays.

use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::atlas::Atlas;
use ladder::atlas::entry::FIELDS;
use ladder::games::Rule;
use ladder::sweep::plan;

use super::print::emit;

/// The help of `atlas`.
pub fn help() -> String {
    format!(
        "The atlas holds every octal code 0.d1…dk and 4.d1…dk with k ≤ 4 (8,192 codes), from\n\
         records/atlas-normal.jsonl, records/atlas-misere.jsonl and records/atlas-classes.jsonl.\n\n\
         {FIELDS}\n\
         Examples:\n  ladder atlas ·137\n  ladder atlas 4.007 --json\n  \
         ladder atlas --family 0.??? --json    # one object a line\n"
    )
}

#[derive(clap::Args)]
pub struct Args {
    /// The code: ·137, .137, 0.137, 4.007 or octal:·137.
    #[arg(required_unless_present = "family", conflicts_with = "family")]
    code: Option<String>,
    /// Every code of a family instead, `?` for each free digit: 0.????,
    /// 4.???, 0.1??.
    #[arg(long, value_name = "PATTERN")]
    family: Option<String>,
    /// One JSON object a code (fields below) instead of text.
    #[arg(long)]
    json: bool,
}

/// A code as a reader writes it, read as an octal rule.
fn rule_of(text: &str) -> Result<Rule> {
    let spelt = if text.contains(':') {
        text.to_string()
    } else {
        format!("octal:{text}")
    };
    spelt.parse::<Rule>().map_err(|e| anyhow!(e))
}

pub fn run(args: Args, root: &std::path::Path) -> Result<ExitCode> {
    let rules: Vec<Rule> = match (&args.code, &args.family) {
        (Some(code), _) => vec![rule_of(code)?],
        (None, Some(pattern)) => {
            let codes = plan::family(pattern).map_err(|e| anyhow!(e))?;
            plan::standard(&codes).map_err(|e| anyhow!(e))?
        }
        (None, None) => return Err(anyhow!("give a code, or --family")),
    };
    if let Some(outside) = rules.iter().find(|r| !Atlas::covers(r)) {
        return Err(anyhow!(
            "{outside} is not in the atlas, which holds the octal codes of up to four digits \
             (0.d1…d4 and 4.d1…d4): compute it with `ladder solve {outside}` and `ladder misere \
             {outside}`"
        ));
    }
    let atlas = Atlas::open(root).map_err(|e| anyhow!(e))?;
    let mut out = String::new();
    for rule in &rules {
        let entry = atlas.entry(rule).ok_or_else(|| {
            anyhow!(
                "{rule} has no record in the atlas: the records are not whole (run the sweeps \
                 of the manual's atlas chapter), or compute it with `ladder solve {rule}`"
            )
        })?;
        if args.json {
            out.push_str(&serde_json::to_string(&entry)?);
            out.push('\n');
        } else {
            out.push_str(&entry.text());
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
