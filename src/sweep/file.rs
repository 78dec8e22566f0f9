//! A shard's file: JSON lines, the sweep's plan first (every code of the
//! sweep, the shard, the limits), then one record a code. It is rewritten
//! whole after each code, to a temporary file renamed over it, so a file is
//! always a whole one, and a rerun reads what is done and skips it.
//!
//! Two kinds of sweep share this form ([`Kind`]): normal play (`solve`'s
//! runs, the plan under `sweep`) and misère play (quotients, the plan under
//! `misere_sweep`), so a shard of one is never read as the other.
//!
//! One process writes a shard at a time: [`Owner`] holds a lock on the
//! shard's file (`.shard-I-of-N.jsonl.lock` beside it) from before the plan
//! is read until the last record is written, so a second sweep started into
//! the same folder is refused by name instead of overwriting the first.

use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::text::shown;

/// What a kind of sweep keeps: its plan's limits and its records.
pub trait Kind {
    /// The first line's key: `{"sweep": {…}}` or `{"misere_sweep": {…}}`.
    const HEAD: &'static str;
    type Plan: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug + Planned;
    type Record: Serialize + DeserializeOwned + Clone;
    /// The code a record is of, in its standard form.
    fn rule(record: &Self::Record) -> &str;
    /// Why a record contradicts itself or its plan, if it does: the build
    /// and `merge` refuse such a record with its file and line.
    fn contradiction(record: &Self::Record, plan: &Self::Plan) -> Option<String>;
}

/// What every plan has: the sweep's codes and this shard of them.
pub trait Planned {
    /// Every code of the sweep, in its order (not only this shard's).
    fn codes(&self) -> &[String];
    fn shard(&self) -> usize;
    fn of(&self) -> usize;
    /// The same plan as shard `shard`'s.
    fn as_shard(&self, shard: usize) -> Self;
}

/// Where shard `shard` of `of` keeps its records in `dir`.
pub fn path(dir: &Path, shard: usize, of: usize) -> PathBuf {
    dir.join(format!("shard-{shard}-of-{of}.jsonl"))
}

/// The lock a sweep holds on one shard's file while it writes it.
#[derive(Debug)]
pub struct Owner {
    _file: fs::File,
}

impl Owner {
    /// Takes the lock of the shard file `path`, or says who holds it. The
    /// lock file is made if missing and left in place (removing it would
    /// let a third process lock a file the second still waits on).
    pub fn take(path: &Path) -> Result<Owner, String> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("shard");
        let lock = path.with_file_name(format!(".{name}.lock"));
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
            .map_err(|e| format!("cannot open the lock {}: {e}", shown::file(&lock)))?;
        match file.try_lock() {
            Ok(()) => Ok(Owner { _file: file }),
            Err(fs::TryLockError::WouldBlock) => Err(format!(
                "another sweep is writing {} (it holds {}): wait for it to finish, or give \
                 another --out",
                shown::file(path),
                shown::file(&lock)
            )),
            Err(fs::TryLockError::Error(e)) => {
                Err(format!("cannot lock {}: {e}", shown::file(&lock)))
            }
        }
    }
}

/// Reads `path` if it is a regular file: a FIFO, a device or a folder named
/// like a shard is refused rather than read (a FIFO would never end).
pub fn read_regular(path: &Path) -> Result<String, String> {
    let meta = fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", shown::file(path)))?;
    if !meta.is_file() {
        return Err(format!(
            "{} is not a regular file: a sweep's records are plain files",
            shown::file(path)
        ));
    }
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", shown::file(path)))
}

/// A shard's file: its plan and records; an error located at its line.
pub fn read<K: Kind>(path: &Path) -> Result<(K::Plan, Vec<K::Record>), String> {
    let text = read_regular(path)?;
    let at = |line: usize, e: String| format!("{}:{}:1: {e}", shown::file(path), line + 1);
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or_else(|| format!("{}: empty, not a shard of a sweep", shown::file(path)))?;
    let plan = read_head::<K>(first).map_err(|e| at(0, e))?;
    let records = lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let record: K::Record = serde_json::from_str(line).map_err(|e| at(i, e.to_string()))?;
            match K::contradiction(&record, &plan) {
                Some(why) => Err(at(i, why)),
                None => Ok(record),
            }
        })
        .collect::<Result<Vec<K::Record>, String>>()?;
    Ok((plan, records))
}

/// The plan on a shard's first line, under the kind's key.
fn read_head<K: Kind>(first: &str) -> Result<K::Plan, String> {
    let value: serde_json::Value = serde_json::from_str(first).map_err(|e| e.to_string())?;
    let serde_json::Value::Object(mut head) = value else {
        return Err("the first line is not a sweep's plan".into());
    };
    match (head.len(), head.remove(K::HEAD)) {
        (1, Some(plan)) => serde_json::from_value(plan).map_err(|e| e.to_string()),
        _ => Err(format!(
            "the first line is not the plan of a {} (`{{\"{}\": …}}`): another kind of sweep",
            K::HEAD.replace('_', " "),
            K::HEAD
        )),
    }
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
pub fn write<K: Kind>(path: &Path, plan: &K::Plan, records: &[K::Record]) -> Result<(), String> {
    // The plan's fields in their order, under the kind's key.
    let plan = serde_json::to_string(plan).map_err(|e| e.to_string())?;
    let mut text = format!("{{\"{}\":{plan}}}\n", K::HEAD);
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

/// Whether `out` would be written inside `dir` (or is `dir`): `merge` never
/// writes into the folder it reads, where its file could be taken for a
/// shard or overwrite one.
pub fn inside(out: &Path, dir: &Path) -> bool {
    let absolute = |p: &Path| {
        std::path::absolute(p)
            .map(|p| p.components().collect::<PathBuf>())
            .unwrap_or_else(|_| p.to_path_buf())
    };
    let folder = absolute(dir);
    let target = absolute(out);
    let canonical = |p: &Path| fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    target.starts_with(&folder)
        || target
            .parent()
            .is_some_and(|parent| canonical(parent).starts_with(canonical(&folder)))
}

/// The shards in `dir` joined, in the sweep's order: every shard of the
/// plan present once with the same plan, every code's record present once,
/// no record contradicting itself.
pub fn merge<K: Kind>(dir: &Path) -> Result<(K::Plan, Vec<K::Record>), String> {
    let mut shards = Vec::new();
    for file in shard_files(dir)? {
        let read = read::<K>(&file)?;
        shards.push((file, read));
    }
    let Some((first_file, (plan, _))) = shards.first() else {
        return Err(format!(
            "{}: no shard files (shard-I-of-N.jsonl)",
            shown::file(dir)
        ));
    };
    let plan = plan.as_shard(0);
    if plan.of() == 0 || plan.of() > super::plan::MAX_CODES {
        return Err(format!(
            "{}: a sweep of {} shards is not one this program writes",
            shown::file(first_file),
            plan.of()
        ));
    }
    let plans: Vec<(&Path, &K::Plan)> = shards.iter().map(|(f, (p, _))| (f.as_path(), p)).collect();
    every_shard_once(&plan, &plans)?;
    let mut by_code: std::collections::HashMap<&str, Vec<&K::Record>> =
        std::collections::HashMap::new();
    for (_, (_, records)) in &shards {
        for record in records {
            by_code.entry(K::rule(record)).or_default().push(record);
        }
    }
    let counts = by_code.iter().map(|(code, r)| (*code, r.len())).collect();
    every_code_once(plan.codes(), &counts)?;
    let records = plan
        .codes()
        .iter()
        .map(|c| by_code[c.as_str()][0].clone())
        .collect();
    Ok((plan, records))
}

/// The shard files in `dir` (`shard-….jsonl`), sorted.
fn shard_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
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
    Ok(files)
}

/// Each file's plan is `plan`'s (the first file's, as shard 0), and each
/// shard of the plan is there once.
fn every_shard_once<P: Planned + PartialEq>(plan: &P, files: &[(&Path, &P)]) -> Result<(), String> {
    let first_file = files.first().map_or(Path::new(""), |(f, _)| *f);
    let mut seen_shards = vec![false; plan.of()];
    for (file, other) in files {
        if other.as_shard(0) != *plan {
            return Err(format!(
                "{} and {} are shards of different sweeps (codes, shards or limits differ)",
                shown::file(first_file),
                shown::file(file)
            ));
        }
        match seen_shards.get_mut(other.shard()) {
            Some(seen) if !*seen => *seen = true,
            _ => {
                return Err(format!(
                    "{}: shard {} of {} twice or out of range",
                    shown::file(file),
                    other.shard(),
                    other.of()
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
            plan.of(),
            missing_shards.join(", ")
        ));
    }
    Ok(())
}

/// Each of the plan's `codes` has exactly one record (`counts`, records a
/// code), and no record is of a code outside the plan.
fn every_code_once(
    codes: &[String],
    counts: &std::collections::HashMap<&str, usize>,
) -> Result<(), String> {
    let twice: Vec<&str> = codes
        .iter()
        .filter(|c| counts.get(c.as_str()).is_some_and(|&n| n > 1))
        .map(String::as_str)
        .collect();
    let missing: Vec<&str> = codes
        .iter()
        .filter(|c| !counts.contains_key(c.as_str()))
        .map(String::as_str)
        .collect();
    let stray = counts
        .keys()
        .filter(|c| !codes.iter().any(|p| p == *c))
        .count();
    if twice.is_empty() && missing.is_empty() && stray == 0 {
        return Ok(());
    }
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
    Err(format!("the sweep is not whole: codes {}", why.join("; ")))
}
