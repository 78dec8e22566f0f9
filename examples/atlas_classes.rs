//! The atlas's classes: which codes of up to four digits are one game
//! (`records/atlas-classes.jsonl`, [`ladder::atlas::classes`]), from the
//! first values of every code and the normal records' proved periods.
//! `ladder check --deep` computes it again and compares.
//!
//! Run: cargo run --release --example atlas_classes > records/atlas-classes.jsonl
//! (after records/atlas-normal.jsonl is written; about a minute here).

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

use ladder::atlas::{FAMILIES, NORMAL_FILE, classes};
use ladder::sweep::plan;

fn main() -> ExitCode {
    let mut codes = Vec::new();
    for family in FAMILIES {
        codes.extend(plan::family(family).unwrap_or_default());
    }
    let Ok(rules) = plan::standard(&codes) else {
        return ExitCode::from(2);
    };
    let path = std::path::Path::new("records").join(NORMAL_FILE);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let normal: HashMap<String, ladder::sweep::record::Record> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<ladder::sweep::record::Record>(line).ok())
        .map(|r| (r.rule.clone(), r))
        .collect();
    eprintln!("{} codes, {} normal records", rules.len(), normal.len());
    let records = classes::classify(&rules, &normal);
    let mut out = std::io::stdout().lock();
    for record in records {
        let Ok(line) = serde_json::to_string(&record) else {
            return ExitCode::from(1);
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
