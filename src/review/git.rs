//! The base of `ladder diff REV`: the `output/` folder of a git revision,
//! read through git.
//!
//! A BASE is text from the command line, so it never reaches git as an
//! option: it is resolved once with `git rev-parse --verify
//! --end-of-options`, and only the commit id that comes back is used after.
//! Listings are read with `-z`, so a file name is taken byte for byte
//! whatever its characters, and what is read is bounded as for a folder.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::site::Tree;
use crate::site::tree::Budget;
use crate::text::shown;

/// The `output/` of revision `base` in the repository at `repo`, or `None`
/// when `base` names no revision.
pub fn read_revision(base: &str, repo: &Path) -> Result<Option<Tree>> {
    let Some(commit) = commit(base, repo)? else {
        return Ok(None);
    };
    let tree = read_folder(&commit, base, repo, "output")?;
    if tree.files.is_empty() && tree.links.is_empty() {
        bail!("revision `{base}` holds no output/ folder: nothing to compare with");
    }
    Ok(Some(tree))
}

/// The `records/` of revision `base` (empty when it has none), or `None`
/// when `base` names no revision.
pub fn read_records(base: &str, repo: &Path) -> Result<Option<Tree>> {
    let Some(commit) = commit(base, repo)? else {
        return Ok(None);
    };
    read_folder(&commit, base, repo, "records").map(Some)
}

/// The commit `base` names, verified by git, or `None`.
fn commit(base: &str, repo: &Path) -> Result<Option<String>> {
    let verified = run(
        repo,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            &format!("{base}^{{commit}}"),
        ],
    )?;
    Ok(verified.map(|c| String::from_utf8_lossy(&c).trim().to_string()))
}

/// `folder/` of `commit` (the revision `base` names), its paths relative
/// to the folder.
fn read_folder(commit: &str, base: &str, repo: &Path, folder: &str) -> Result<Tree> {
    let listing = run(
        repo,
        &[
            "ls-tree",
            "-r",
            "-z",
            "-l",
            commit,
            "--",
            &format!("{folder}/"),
        ],
    )?
    .with_context(|| format!("git cannot list revision `{base}`"))?;
    let mut tree = Tree::default();
    let mut budget = Budget::default();
    for record in listing.split(|&b| b == 0).filter(|r| !r.is_empty()) {
        let entry = Entry::parse(record)
            .with_context(|| format!("cannot read git's listing of revision `{base}`"))?;
        let Ok(relative) = entry.path.strip_prefix(folder) else {
            continue;
        };
        let shown = Path::new(&format!("{base}:")).join(&entry.path);
        if entry.kind != "blob" || entry.mode == "120000" {
            // A link or a submodule: listed, never read.
            budget.take(&shown, 0)?;
            tree.links.insert(relative.to_path_buf());
            continue;
        }
        budget.take(&shown, entry.size)?;
        let bytes = run(repo, &["cat-file", "blob", &entry.object])?
            .with_context(|| format!("git cannot read {}", shown::file(&shown)))?;
        tree.files.insert(relative.to_path_buf(), bytes);
    }
    Ok(tree)
}

/// One record of `git ls-tree -l -z`: `mode type object size\tpath`.
struct Entry {
    mode: String,
    kind: String,
    object: String,
    size: u64,
    path: PathBuf,
}

impl Entry {
    fn parse(record: &[u8]) -> Option<Entry> {
        let tab = record.iter().position(|&b| b == b'\t')?;
        let head = std::str::from_utf8(&record[..tab]).ok()?;
        let mut fields = head.split_whitespace();
        let (mode, kind, object, size) = (
            fields.next()?,
            fields.next()?,
            fields.next()?,
            fields.next()?,
        );
        Some(Entry {
            mode: mode.to_string(),
            kind: kind.to_string(),
            object: object.to_string(),
            size: size.parse().unwrap_or(0),
            path: path_from_bytes(&record[tab + 1..])?,
        })
    }
}

#[cfg(unix)]
fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    String::from_utf8(bytes.to_vec()).ok().map(PathBuf::from)
}

/// Runs git in `repo`: its output, or `None` when git says no.
fn run(repo: &Path, args: &[&str]) -> Result<Option<Vec<u8>>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(args)
        .output()
        .context("cannot run git")?;
    Ok(out.status.success().then_some(out.stdout))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_record_is_read_byte_for_byte() {
        let record = "100644 blob 0123abcd     42\toutput/donn\u{e9}es\tx.txt".as_bytes();
        let entry = Entry::parse(record).unwrap();
        assert_eq!(
            (entry.mode.as_str(), entry.kind.as_str()),
            ("100644", "blob")
        );
        assert_eq!((entry.object.as_str(), entry.size), ("0123abcd", 42));
        assert_eq!(entry.path, Path::new("output/données\tx.txt"));
    }
}
