//! The site stage: pages rendered in memory, then written to `output/` in
//! one swap, or compared with what is there.
//!
//! A build writes the new site beside `output/` and swaps it in only when
//! every file is written, so a failed build leaves the previous site whole.

pub mod json;
pub mod math;
pub mod pages;
pub mod placement;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// A whole site in memory: relative path → bytes, in sorted order.
pub type Files = BTreeMap<PathBuf, Vec<u8>>;

/// Writes `files` as the folder `out`, replacing it in one swap.
pub fn write_atomically(out: &Path, files: &Files) -> Result<()> {
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = out
        .file_name()
        .context("the output folder needs a name")?
        .to_string_lossy();
    let staging = parent.join(format!(".{name}.new"));
    let retired = parent.join(format!(".{name}.old"));
    for stale in [&staging, &retired] {
        if stale.exists() {
            fs::remove_dir_all(stale)
                .with_context(|| format!("cannot remove {}", stale.display()))?;
        }
    }
    for (relative, bytes) in files {
        let path = staging.join(relative);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if out.exists() {
        fs::rename(out, &retired)
            .with_context(|| format!("cannot move {} aside", out.display()))?;
    }
    fs::rename(&staging, out)
        .with_context(|| format!("cannot move the new site to {}", out.display()))?;
    if retired.exists() {
        fs::remove_dir_all(&retired)
            .with_context(|| format!("cannot remove {}", retired.display()))?;
    }
    Ok(())
}

/// Writes some files into an existing `out`, each through a temporary file.
pub fn write_some(out: &Path, files: &Files) -> Result<()> {
    for (relative, bytes) in files {
        let path = out.join(relative);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let temporary = path.with_extension("tmp");
        fs::write(&temporary, bytes)
            .with_context(|| format!("cannot write {}", temporary.display()))?;
        fs::rename(&temporary, &path)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// How one file differs between a fresh build and the folder on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// The build makes it; the folder lacks it.
    Missing(PathBuf),
    /// The folder has it; the build does not make it.
    Extra(PathBuf),
    /// Both have it, with different bytes.
    Changed(PathBuf),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::Missing(p) => write!(f, "missing  {}", p.display()),
            Difference::Extra(p) => write!(f, "extra    {}", p.display()),
            Difference::Changed(p) => write!(f, "changed  {}", p.display()),
        }
    }
}

/// Compares a fresh build with the folder `out`, byte for byte.
pub fn compare(out: &Path, files: &Files) -> Result<Vec<Difference>> {
    let on_disk = read_tree(out)?;
    let mut differences = Vec::new();
    for (path, bytes) in files {
        match on_disk.get(path) {
            None => differences.push(Difference::Missing(path.clone())),
            Some(old) if old != bytes => differences.push(Difference::Changed(path.clone())),
            Some(_) => {}
        }
    }
    for path in on_disk.keys().filter(|p| !files.contains_key(*p)) {
        differences.push(Difference::Extra(path.clone()));
    }
    Ok(differences)
}

/// Every file under `root`, by path relative to it (empty if it is absent).
pub fn read_tree(root: &Path) -> Result<Files> {
    let mut files = Files::new();
    if !root.exists() {
        return Ok(files);
    }
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes =
                    fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
                let relative = path.strip_prefix(root).expect("below root").to_path_buf();
                files.insert(relative, bytes);
            }
        }
    }
    Ok(files)
}
