//! A shard's file: JSON lines, the sweep's plan first (every code of the
//! sweep, the shard, the limits), then one record a code. It is rewritten
//! whole after each code, to a temporary file renamed over it, so a file is
//! always a whole one, and a rerun reads what is done and skips it.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::record::Record;
use crate::text::shown;

/// The first line of a shard's file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Every code of the sweep, in its order (not only this shard's).
    pub codes: Vec<String>,
    pub shard: usize,
    pub of: usize,
    pub max_values: usize,
    pub max_seconds: u64,
}

/// The first line, as it is written: `{"sweep": {…}}`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Head {
    sweep: Plan,
}

/// Where shard `shard` of `of` keeps its records in `dir`.
pub fn path(dir: &Path, shard: usize, of: usize) -> PathBuf {
    dir.join(format!("shard-{shard}-of-{of}.jsonl"))
}

/// A shard's file: its plan and records; an error located at its line.
pub fn read(path: &Path) -> Result<(Plan, Vec<Record>), String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", shown::file(path)))?;
    let at = |line: usize, e: serde_json::Error| {
        format!("{}:{}:{}: {e}", shown::file(path), line + 1, e.column())
    };
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or_else(|| format!("{}: empty, not a shard of a sweep", shown::file(path)))?;
    let head: Head = serde_json::from_str(first).map_err(|e| at(0, e))?;
    let records = lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| serde_json::from_str(line).map_err(|e| at(i, e)))
        .collect::<Result<Vec<Record>, String>>()?;
    Ok((head.sweep, records))
}

/// A file of one JSON value a line, each read as a `T`: a sweep's records
/// as `merge --out` writes them, or a census's rows (blank lines skipped);
/// an error is the line and column, from 1, and what is wrong there.
pub fn parse_lines<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Result<Vec<T>, (usize, usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| {
                let message = e.to_string();
                let message = message
                    .rsplit_once(" at line ")
                    .map_or(message.as_str(), |(m, _)| m)
                    .to_string();
                (i + 1, e.column().max(1), message)
            })
        })
        .collect()
}

/// Writes a shard's file whole: to a new temporary file beside it (never
/// a file of the user's), then renamed over it.
pub fn write(path: &Path, plan: &Plan, records: &[Record]) -> Result<(), String> {
    let mut text = serde_json::to_string(&Head {
        sweep: plan.clone(),
    })
    .map_err(|e| e.to_string())?;
    text.push('\n');
    for record in records {
        text.push_str(&serde_json::to_string(record).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    replace(path, &text)
}

/// Writes `text` to `path` atomically: a temporary file made new in the
/// same folder, then renamed over `path`.
pub fn replace(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write as _;
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", shown::file(path));
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut partial = tempfile::NamedTempFile::new_in(folder).map_err(cannot)?;
    // A temporary file is made private (0600); a sweep's file is for the
    // group that shares the cluster's folder, as any file the user writes.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        partial
            .as_file()
            .set_permissions(fs::Permissions::from_mode(0o644))
            .map_err(cannot)?;
    }
    partial.write_all(text.as_bytes()).map_err(cannot)?;
    partial.persist(path).map_err(|e| cannot(e.error))?;
    Ok(())
}

/// The shards in `dir` joined, in the sweep's order: every shard of the
/// plan present once with the same plan, every code's record present once.
pub fn merge(dir: &Path) -> Result<(Plan, Vec<Record>), String> {
    let entries =
        fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", shown::file(dir)))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("shard-") && n.ends_with(".jsonl"))
        })
        .collect();
    files.sort();
    let mut shards = Vec::new();
    for file in &files {
        shards.push((file, read(file)?));
    }
    let Some((first_file, (plan, _))) = shards.first() else {
        return Err(format!(
            "{}: no shard files (shard-I-of-N.jsonl)",
            shown::file(dir)
        ));
    };
    let plan = Plan {
        shard: 0,
        ..plan.clone()
    };
    if plan.of == 0 || plan.of > super::plan::MAX_CODES {
        return Err(format!(
            "{}: a sweep of {} shards is not one this program writes",
            shown::file(first_file),
            plan.of
        ));
    }
    let mut seen_shards = vec![false; plan.of];
    for (file, (other, _)) in &shards {
        if (Plan {
            shard: 0,
            ..other.clone()
        }) != plan
        {
            return Err(format!(
                "{} and {} are shards of different sweeps (codes, shards or limits differ)",
                shown::file(first_file),
                shown::file(file)
            ));
        }
        match seen_shards.get_mut(other.shard) {
            Some(seen) if !*seen => *seen = true,
            _ => {
                return Err(format!(
                    "{}: shard {} of {} twice or out of range",
                    shown::file(file),
                    other.shard,
                    other.of
                ));
            }
        }
    }
    let missing_shards: Vec<String> = seen_shards
        .iter()
        .enumerate()
        .filter(|(_, seen)| !**seen)
        .map(|(i, _)| i.to_string())
        .collect();
    if !missing_shards.is_empty() {
        return Err(format!(
            "the sweep has {} shards, but shard {} is missing",
            plan.of,
            missing_shards.join(", ")
        ));
    }
    let mut by_code: std::collections::HashMap<&str, Vec<&Record>> =
        std::collections::HashMap::new();
    for (_, (_, records)) in &shards {
        for record in records {
            by_code
                .entry(record.rule.as_str())
                .or_default()
                .push(record);
        }
    }
    let twice: Vec<&str> = plan
        .codes
        .iter()
        .filter(|c| by_code.get(c.as_str()).is_some_and(|r| r.len() > 1))
        .map(String::as_str)
        .collect();
    let missing: Vec<&str> = plan
        .codes
        .iter()
        .filter(|c| !by_code.contains_key(c.as_str()))
        .map(String::as_str)
        .collect();
    let stray = by_code
        .keys()
        .filter(|c| !plan.codes.iter().any(|p| p == *c))
        .count();
    if !twice.is_empty() || !missing.is_empty() || stray > 0 {
        let list = |codes: &[&str]| {
            let shown: Vec<&str> = codes.iter().take(5).copied().collect();
            let more = codes.len().saturating_sub(5);
            if more > 0 {
                format!("{} and {more} more", shown.join(", "))
            } else {
                shown.join(", ")
            }
        };
        let mut why = Vec::new();
        if !missing.is_empty() {
            why.push(format!("{} missing ({})", missing.len(), list(&missing)));
        }
        if !twice.is_empty() {
            why.push(format!("{} twice ({})", twice.len(), list(&twice)));
        }
        if stray > 0 {
            why.push(format!("{stray} not in the plan"));
        }
        return Err(format!("the sweep is not whole: codes {}", why.join("; ")));
    }
    let records = plan
        .codes
        .iter()
        .map(|c| by_code[c.as_str()][0].clone())
        .collect();
    Ok((plan, records))
}
