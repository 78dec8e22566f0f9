//! The site stage: pages rendered in memory, then written to `output/` in
//! one swap, or compared with what is there.
//!
//! A build writes the new site beside `output/` and swaps it in only when
//! every file is written, so a failed build leaves the previous site whole.

pub mod json;
pub mod math;
pub mod pages;
pub mod sources;
pub mod tree;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

pub use tree::{Difference, Tree, compare, read_tree};

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
