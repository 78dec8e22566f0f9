//! Where a build may write: the checks that keep `ladder build --out DIR`
//! from deleting what it did not write.
//!
//! A build replaces its output folder whole, so it writes only where that
//! loses nothing: a folder that does not exist yet, an empty folder, or a
//! folder an earlier build wrote, recognised by the [`MARKER`] file every
//! build writes into it (and which is committed with `output/`). The
//! project and the folders above it are refused even if they hold a
//! marker. A folder reached through a link is written through the link:
//! the link stays, and the folder it names is replaced.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::text::shown;
use anyhow::{Context, Result, bail};

/// The file every build writes at the top of its output folder.
pub const MARKER: &str = ".ladder-output";

/// The marker's text: the same on every build, so `output/` stays byte-identical.
pub const MARKER_TEXT: &str = "This folder is written by `ladder build`, which replaces it whole \
on every build:\nkeep nothing else in it. This file marks it as a ladder output folder.\n";

/// A folder a build may replace, found from the `--out` it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The folder to replace: the given path, or the folder a link names.
    pub path: PathBuf,
    /// What is there now.
    pub state: State,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Absent,
    Empty,
    /// A folder an earlier build wrote (it holds the marker).
    Earlier,
}

/// Checks that a build may replace `out`, given the project folder.
pub fn vet(out: &Path, project: &Path) -> Result<Destination> {
    let meta = match fs::symlink_metadata(out) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if out.file_name().is_none() {
                bail!("{} does not name a folder", shown::file(out));
            }
            return Ok(Destination {
                path: out.to_path_buf(),
                state: State::Absent,
            });
        }
        other => other.with_context(|| format!("cannot read {}", shown::file(out)))?,
    };
    let real = if meta.file_type().is_symlink() {
        match fs::canonicalize(out) {
            Ok(real) => real,
            Err(_) => {
                let target = fs::read_link(out).unwrap_or_default();
                bail!(
                    "{} is a link to {}, which does not exist: create that folder, or remove \
                     the link",
                    shown::file(out),
                    shown::file(&target)
                );
            }
        }
    } else {
        fs::canonicalize(out).with_context(|| format!("cannot read {}", shown::file(out)))?
    };
    if !real.is_dir() {
        bail!(
            "{} is not a folder: a build writes a folder",
            shown::file(out)
        );
    }
    let project_real = fs::canonicalize(project)
        .with_context(|| format!("cannot read the project folder {}", shown::file(project)))?;
    if project_real.starts_with(&real) {
        bail!(
            "{} holds the project ({}): a build replaces the whole folder it writes, so it \
             must be one of its own, such as output/",
            shown::file(out),
            shown::file(&project_real)
        );
    }
    let state = if is_earlier_output(&real) {
        State::Earlier
    } else if is_empty(&real)? {
        State::Empty
    } else {
        bail!(
            "{} is not empty and holds no {MARKER}: a build replaces the whole folder it \
             writes, so it writes only into a new or empty folder or one an earlier build \
             wrote; choose another --out (or, if an older ladder wrote this folder, add an \
             empty {MARKER} file to it)",
            shown::file(out)
        );
    };
    Ok(Destination { path: real, state })
}

/// Checks that `out` holds an earlier build, for `--only`, which updates
/// some of its files and so needs the rest to be there.
pub fn vet_earlier(out: &Path, project: &Path) -> Result<Destination> {
    let destination = vet(out, project)?;
    if destination.state != State::Earlier {
        bail!(
            "{} holds no earlier build: --only updates one; run `ladder build` without --only \
             first",
            shown::file(out)
        );
    }
    Ok(destination)
}

/// True when `dir` holds the marker as a plain file (a link does not count).
pub fn is_earlier_output(dir: &Path) -> bool {
    fs::symlink_metadata(dir.join(MARKER)).is_ok_and(|m| m.file_type().is_file())
}

fn is_empty(dir: &Path) -> Result<bool> {
    let mut entries =
        fs::read_dir(dir).with_context(|| format!("cannot read {}", shown::file(dir)))?;
    Ok(entries.next().is_none())
}

/// The prefix of every name a build gives to a folder beside `out`: its
/// staging folders and, after a swap, the folder it replaced.
pub fn sibling_prefix(out: &Path) -> String {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    format!(".{name}.ladder-")
}

/// The lock file beside `out`, held while a build writes it.
pub fn lock_path(out: &Path) -> PathBuf {
    let name = format!("{}lock", sibling_prefix(out));
    out.with_file_name(name)
}

/// Removes the folders earlier builds left beside `out` (a build that was
/// killed, or whose clean-up failed). Only folders named by
/// [`sibling_prefix`] that hold the marker or nothing are ours; anything
/// else is left alone. Returns a warning for each one that could not be
/// removed: it is tried again on the next build and blocks nothing.
pub fn remove_leftovers(out: &Path) -> Vec<String> {
    let prefix = sibling_prefix(out);
    let parent = parent_of(out);
    let Ok(entries) = fs::read_dir(&parent) else {
        return Vec::new();
    };
    let mut warnings = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name.to_str().is_some_and(|n| n.starts_with(&prefix));
        let folder = entry.file_type().is_ok_and(|t| t.is_dir());
        let path = entry.path();
        let removable =
            ours && folder && (is_earlier_output(&path) || is_empty(&path).unwrap_or(false));
        if let Some(Err(e)) = removable.then(|| remove_marked(&path, "leftover-removing")) {
            warnings.push(format!(
                "cannot remove {}, left by an earlier build: {e}",
                shown::file(&path)
            ));
        }
    }
    warnings
}

/// Removes a folder a build wrote, the marker last: a build killed while
/// removing it leaves a folder that still holds the marker (or nothing),
/// which the next build recognises as its own and removes
/// ([`remove_leftovers`]). `moment` names the removal for [`crate::pause`].
pub fn remove_marked(dir: &Path, moment: &str) -> io::Result<()> {
    let mut removed = 0;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name() == MARKER {
            continue;
        }
        if entry.file_type()?.is_dir() {
            fs::remove_dir_all(entry.path())?;
        } else {
            fs::remove_file(entry.path())?;
        }
        removed += 1;
        if removed == 1 {
            crate::pause::at(moment);
        }
    }
    match fs::remove_file(dir.join(MARKER)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::remove_dir(dir)
}

/// The folder holding `out` (`.` for a bare name).
pub fn parent_of(out: &Path) -> PathBuf {
    match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_writable_when_new_empty_or_marked() {
        let project = tempfile::tempdir().unwrap();
        let p = project.path();
        assert_eq!(vet(&p.join("new"), p).unwrap().state, State::Absent);
        fs::create_dir(p.join("empty")).unwrap();
        assert_eq!(vet(&p.join("empty"), p).unwrap().state, State::Empty);
        fs::create_dir(p.join("site")).unwrap();
        fs::write(p.join("site/index.html"), "x").unwrap();
        assert!(vet(&p.join("site"), p).is_err());
        fs::write(p.join("site").join(MARKER), MARKER_TEXT).unwrap();
        assert_eq!(vet(&p.join("site"), p).unwrap().state, State::Earlier);
    }

    #[test]
    fn the_project_and_its_ancestors_are_refused() {
        let top = tempfile::tempdir().unwrap();
        let project = top.path().join("project");
        fs::create_dir(&project).unwrap();
        fs::write(project.join(MARKER), "").unwrap();
        for out in [&project, top.path()] {
            let error = vet(out, &project).unwrap_err().to_string();
            assert!(error.contains("holds the project"), "{error}");
        }
    }

    #[test]
    fn the_marker_goes_last() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join(".output.ladder-x");
        fs::create_dir_all(site.join("figures")).unwrap();
        fs::write(site.join("figures/a.svg"), "a").unwrap();
        fs::write(site.join("index.html"), "i").unwrap();
        fs::write(site.join(MARKER), "").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink("/etc", site.join("etc")).unwrap();
        remove_marked(&site, "test").unwrap();
        assert!(!site.exists());
        assert!(
            Path::new("/etc").is_dir(),
            "a link is removed, not followed"
        );
    }

    #[test]
    fn only_marked_or_empty_leftovers_with_our_prefix_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("output");
        let ours = dir.path().join(".output.ladder-abc123");
        fs::create_dir_all(ours.join("figures")).unwrap();
        fs::write(ours.join(MARKER), "").unwrap();
        let empty = dir.path().join(".output.ladder-def456");
        fs::create_dir(&empty).unwrap();
        let theirs = dir.path().join(".output.ladder-notes");
        fs::create_dir(&theirs).unwrap();
        fs::write(theirs.join("keep"), "").unwrap();
        fs::write(lock_path(&out), "").unwrap();
        // Half removed by a build that was killed: the marker is still there.
        let half = dir.path().join(".output.ladder-ghi789");
        fs::create_dir_all(half.join("data")).unwrap();
        fs::write(half.join(MARKER), "").unwrap();
        assert!(remove_leftovers(&out).is_empty());
        assert!(!ours.exists() && !empty.exists() && !half.exists());
        assert!(theirs.join("keep").exists() && lock_path(&out).exists());
    }
}
