//! The atlas: every octal code `0·d₁…d_k` and `4·d₁…d_k` with `k ≤ 4`, in
//! both plays, answered from committed records rather than computed:
//!
//! - `records/atlas-normal.jsonl`: `ladder sweep`'s record of each code
//!   (`sweep merge --out`), a proof of its period or the depth it reached;
//! - `records/atlas-misere.jsonl`: `ladder sweep --misere`'s record, its
//!   misère quotient proved by Theorem M or the heap where it stopped;
//! - `records/atlas-classes.jsonl`: which codes are one game ([`classes`]).
//!
//! [`Atlas::read`] checks every line for form and for what it says of
//! itself (a record that contradicts itself is refused with its file and
//! line); [`entry`] is one code's answer, as `ladder atlas` prints it.

pub mod classes;
pub mod czajka;
pub mod entry;

use std::collections::HashMap;
use std::path::Path;

use crate::games::Rule;
use crate::project::Project;
use crate::sweep::misere::Record as Misere;
use crate::sweep::record::Record as Normal;
use classes::ClassRecord;

/// The records' files in `records/`.
pub const NORMAL_FILE: &str = "atlas-normal.jsonl";
pub const MISERE_FILE: &str = "atlas-misere.jsonl";
pub const CLASSES_FILE: &str = "atlas-classes.jsonl";

/// The families the atlas holds: every code of up to four digits.
pub const FAMILIES: [&str; 2] = ["0.????", "4.????"];

/// The atlas's records, by rule in its standard form.
#[derive(Debug, Clone, Default)]
pub struct Atlas {
    /// The codes in the sweeps' order.
    pub rules: Vec<String>,
    pub normal: HashMap<String, Normal>,
    pub misere: HashMap<String, Misere>,
    pub classes: HashMap<String, ClassRecord>,
}

/// Reads one file of records, each line checked by `contradiction`; an
/// error is `file:line:column: what`.
fn read_lines<T: serde::de::DeserializeOwned>(
    project: &Project,
    name: &str,
    contradiction: impl Fn(&T) -> Option<String>,
) -> Result<Vec<T>, String> {
    let (path, text) = project.record(name)?;
    let shown = crate::text::shown::file(&path);
    let mut records = Vec::new();
    for (at, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record: T = serde_json::from_str(line).map_err(|e| {
            let message = e.to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(m, _)| m)
                .to_string();
            format!("{shown}:{}:{}: {message}", at + 1, e.column().max(1))
        })?;
        if let Some(why) = contradiction(&record) {
            return Err(format!("{shown}:{}:1: {why}", at + 1));
        }
        records.push(record);
    }
    Ok(records)
}

impl Atlas {
    /// The atlas's three files from `records/`, each line checked.
    pub fn read(project: &Project) -> Result<Atlas, String> {
        let normal: Vec<Normal> = read_lines(project, NORMAL_FILE, |r: &Normal| {
            r.contradiction().map(|why| format!("{}: {why}", r.rule))
        })?;
        let misere: Vec<Misere> = read_lines(project, MISERE_FILE, |r: &Misere| {
            r.contradiction().map(|why| format!("{}: {why}", r.rule))
        })?;
        let classes: Vec<ClassRecord> = read_lines(project, CLASSES_FILE, |_| None)?;
        let rules = normal.iter().map(|r| r.rule.clone()).collect();
        Ok(Atlas {
            rules,
            normal: normal.into_iter().map(|r| (r.rule.clone(), r)).collect(),
            misere: misere.into_iter().map(|r| (r.rule.clone(), r)).collect(),
            classes: classes.into_iter().map(|r| (r.rule.clone(), r)).collect(),
        })
    }

    /// The atlas of the project at `root`.
    pub fn open(root: &Path) -> Result<Atlas, String> {
        let project = Project::open(root).map_err(|e| e.to_string())?;
        Atlas::read(&project)
    }

    /// Whether `rule` is a code the atlas holds: an octal code of at most
    /// four digits after the point.
    pub fn covers(rule: &Rule) -> bool {
        rule.octal_code().is_some_and(|c| c.largest_take() <= 4)
    }
}
