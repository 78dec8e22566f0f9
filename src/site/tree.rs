//! Reading a site back from disk for `ladder check` and `ladder diff`,
//! and comparing it with a fresh build.
//!
//! `output/` is data under review, possibly from someone else's pull
//! request, so reading it follows no link (a link to `/usr` or to a secret
//! would otherwise be read, or printed, as if it were part of the site) and
//! reads a bounded amount: a site is a few megabytes, so a file or a tree
//! far beyond that is an error, not something to load into memory. A link,
//! or anything that is neither a file nor a folder, is reported as a
//! difference by itself. Only the folder named on the command line may
//! be a link: `output/` linked to a deploy folder is followed, as a build
//! follows it.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::Files;
use crate::text::shown;

/// The largest file a site may hold (the largest figure today is well under 1 MiB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most a whole site may hold.
pub const MAX_SITE_BYTES: u64 = 512 << 20;
/// The most files and folders a site may hold.
pub const MAX_ENTRIES: usize = 100_000;

/// A site as found on disk (or in git): its files, and the paths that are
/// links or special files, which are listed but never read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    pub files: Files,
    pub links: BTreeSet<PathBuf>,
}

/// A running total of what a reading has taken, against the bounds above.
#[derive(Debug, Default)]
pub struct Budget {
    bytes: u64,
    entries: usize,
}

impl Budget {
    /// Accounts for one more entry of `size` bytes at `path` (shown in errors).
    pub fn take(&mut self, path: &Path, size: u64) -> Result<()> {
        if size > MAX_FILE_BYTES {
            bail!(
                "{} is larger than a site's file may be ({} MiB): not read",
                shown::file(path),
                MAX_FILE_BYTES >> 20
            );
        }
        self.bytes += size;
        self.entries += 1;
        if self.bytes > MAX_SITE_BYTES || self.entries > MAX_ENTRIES {
            bail!(
                "{} holds more than a site may ({} MiB or {} files): not read further",
                shown::file(path),
                MAX_SITE_BYTES >> 20,
                MAX_ENTRIES
            );
        }
        Ok(())
    }
}

/// Every file under `root`, by path relative to it (empty if `root` is
/// absent), following no link below `root`.
pub fn read_tree(root: &Path) -> Result<Tree> {
    let mut tree = Tree::default();
    if !root.exists() {
        return Ok(tree);
    }
    let mut budget = Budget::default();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in
            fs::read_dir(&dir).with_context(|| format!("cannot read {}", shown::file(&dir)))?
        {
            let entry = entry.with_context(|| format!("cannot read {}", shown::file(&dir)))?;
            let path = entry.path();
            let relative = path.strip_prefix(root).expect("below root").to_path_buf();
            // The entry's own type: a link is not followed.
            let kind = entry
                .file_type()
                .with_context(|| format!("cannot read {}", shown::file(&path)))?;
            if kind.is_dir() {
                budget.take(&path, 0)?;
                stack.push(path);
            } else if kind.is_file() {
                let bytes = read_bounded(&path, &mut budget)?;
                tree.files.insert(relative, bytes);
            } else {
                budget.take(&path, 0)?;
                tree.links.insert(relative);
            }
        }
    }
    Ok(tree)
}

/// Reads one regular file, at most [`MAX_FILE_BYTES`] of it even if it grows.
fn read_bounded(path: &Path, budget: &mut Budget) -> Result<Vec<u8>> {
    let file =
        crate::input::open(path).with_context(|| format!("cannot read {}", shown::file(path)))?;
    let size = file
        .metadata()
        .with_context(|| format!("cannot read {}", shown::file(path)))?
        .len();
    budget.take(path, size)?;
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", shown::file(path)))?;
    if bytes.len() as u64 > size {
        budget.take(path, bytes.len() as u64)?;
    }
    Ok(bytes)
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
    /// The folder holds a link (or a special file) here: a build never
    /// writes one, and it is not followed.
    Link(PathBuf),
}

impl Difference {
    fn path(&self) -> &Path {
        match self {
            Difference::Missing(p)
            | Difference::Extra(p)
            | Difference::Changed(p)
            | Difference::Link(p) => p,
        }
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::Missing(p) => write!(f, "missing  {}", shown::file(p)),
            Difference::Extra(p) => write!(f, "extra    {}", shown::file(p)),
            Difference::Changed(p) => write!(f, "changed  {}", shown::file(p)),
            Difference::Link(p) => write!(f, "link     {}", shown::file(p)),
        }
    }
}

/// Compares a fresh build with the folder `out`, byte for byte, in path order.
pub fn compare(out: &Path, files: &Files) -> Result<Vec<Difference>> {
    let on_disk = read_tree(out)?;
    let mut differences: Vec<Difference> = on_disk
        .links
        .iter()
        .cloned()
        .map(Difference::Link)
        .collect();
    for (path, bytes) in files.iter().filter(|(p, _)| !on_disk.links.contains(*p)) {
        match on_disk.files.get(path) {
            None => differences.push(Difference::Missing(path.clone())),
            Some(old) if old != bytes => differences.push(Difference::Changed(path.clone())),
            Some(_) => {}
        }
    }
    for path in on_disk.files.keys().filter(|p| !files.contains_key(*p)) {
        differences.push(Difference::Extra(path.clone()));
    }
    differences.sort_by(|a, b| a.path().cmp(b.path()));
    Ok(differences)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_listed_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret"), "SECRET").unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        fs::write(dir.path().join("sub/a.txt"), "a").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.path(), dir.path().join("sub/out")).unwrap();
        let tree = read_tree(dir.path()).unwrap();
        assert_eq!(tree.files.len(), 1);
        assert_eq!(tree.files[Path::new("sub/a.txt")], b"a");
        #[cfg(unix)]
        assert_eq!(
            tree.links.iter().collect::<Vec<_>>(),
            [Path::new("sub/out")]
        );
    }

    #[test]
    fn the_budget_stops_a_large_file_and_a_large_tree() {
        let mut budget = Budget::default();
        assert!(budget.take(Path::new("a"), MAX_FILE_BYTES).is_ok());
        assert!(budget.take(Path::new("b"), MAX_FILE_BYTES + 1).is_err());
        let mut budget = Budget::default();
        let all = (0..MAX_SITE_BYTES / MAX_FILE_BYTES)
            .try_for_each(|_| budget.take(Path::new("c"), MAX_FILE_BYTES));
        assert!(all.is_ok());
        assert!(budget.take(Path::new("d"), 1).is_err());
    }
}
