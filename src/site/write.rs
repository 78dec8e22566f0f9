//! Writing a site to disk: a whole site in one swap, or a few figures in
//! place (`--only`).
//!
//! A build holds an exclusive lock on a file beside its output folder while
//! it writes, so two builds into one folder take turns (the second waits,
//! then replaces the first's site whole) instead of mixing their files. The
//! new site is written into a staging folder whose name is unique to the
//! process, beside the output folder, then swapped in ([`super::swap`]).
//! Removing the old site after the swap is a clean-up: if it fails the
//! build has still succeeded (a warning says so), and the next build
//! removes what was left (see [`destination::remove_leftovers`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::Files;
use super::destination::{self, MARKER, parent_of, sibling_prefix};
use super::swap::swap_in;
use crate::text::shown;

/// Writes `files` as the folder `out`, replacing it in one swap. `project`
/// is the folder holding `figures.yaml`, which a build never replaces.
/// Returns warnings: things left to clean that did not fail the build.
pub fn write_atomically(out: &Path, files: &Files, project: &Path) -> Result<Vec<String>> {
    write_with(out, files, project, &|old| {
        destination::remove_marked(old, "old-site-removing")
    })
}

/// [`write_atomically`], with the removal of the old site given (a test
/// makes it fail).
fn write_with(
    out: &Path,
    files: &Files,
    project: &Path,
    remove: &dyn Fn(&Path) -> io::Result<()>,
) -> Result<Vec<String>> {
    let first = destination::vet(out, project)?;
    let parent = parent_of(&first.path);
    fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", shown::file(&parent)))?;
    let _lock = lock(&first.path)?;
    // Again under the lock: another build may have written it meanwhile.
    let target = destination::vet(out, project)?.path;
    let mut warnings = destination::remove_leftovers(&target);

    let prefix = sibling_prefix(&target);
    let staging = tempfile::Builder::new()
        .prefix(&prefix)
        .tempdir_in(&parent)
        .with_context(|| format!("cannot create a staging folder in {}", shown::file(&parent)))?
        .keep();
    crate::pause::at("staging-created");
    if let Err(e) = fill(&staging, files) {
        let _ = destination::remove_marked(&staging, "staging-removing");
        return Err(e);
    }
    crate::pause::at("staging-filled");
    let aside = free_name(&parent, &format!("{prefix}old-{}", std::process::id()));
    let old = match swap_in(&staging, &target, &aside) {
        Ok(old) => old,
        Err(e) => {
            let _ = destination::remove_marked(&staging, "staging-removing");
            bail!(
                "cannot put the new site in place at {}: {e}; the previous site is untouched",
                shown::file(&target)
            );
        }
    };
    let removed = old.map(|old| remove(&old).map_err(|e| (old, e)));
    if let Some(Err((old, e))) = removed {
        warnings.push(format!(
            "the new site is in place, but the previous one could not be removed from {}: \
             {e}; the next build removes it",
            shown::file(&old)
        ));
    }
    Ok(warnings)
}

/// Writes every file into the empty folder `staging`, the marker first, so
/// that a staging folder left by a killed build is recognisably ours.
fn fill(staging: &Path, files: &Files) -> Result<()> {
    let marker = Path::new(MARKER);
    let first = files.get_key_value(marker);
    for (relative, bytes) in first
        .into_iter()
        .chain(files.iter().filter(|(p, _)| *p != marker))
    {
        let path = staging.join(relative);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", shown::file(dir)))?;
        }
        fs::write(&path, bytes).with_context(|| format!("cannot write {}", shown::file(&path)))?;
    }
    Ok(())
}

/// The prefix of the temporary files `--only` writes beside the files it
/// replaces; one left by a build that was killed is removed by the next.
const ONLY_PREFIX: &str = ".ladder-only-";

/// Writes some files into `out`, which an earlier build wrote, each through
/// a temporary file of its own.
pub fn write_some(out: &Path, files: &Files, project: &Path) -> Result<()> {
    let first = destination::vet_earlier(out, project)?;
    let _lock = lock(&first.path)?;
    let target = destination::vet_earlier(out, project)?.path;
    write_into(&target, files)
}

/// Writes `files` into the folder `target`, each in place through a
/// temporary file (the caller holds the lock).
fn write_into(target: &Path, files: &Files) -> Result<()> {
    for (relative, bytes) in files {
        let path = target.join(relative);
        let dir = path.parent().unwrap_or(target);
        if fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
            bail!(
                "{} is a link: a build does not write through it",
                shown::file(dir)
            );
        }
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", shown::file(dir)))?;
        for warning in crate::scratch::sweep(dir, ONLY_PREFIX, b"") {
            eprintln!("warning: {warning}");
        }
        let mut temporary = crate::scratch::create(dir, ONLY_PREFIX)
            .with_context(|| format!("cannot write in {}", shown::file(dir)))?;
        temporary
            .write_all(bytes)
            .with_context(|| format!("cannot write {}", shown::file(&path)))?;
        crate::pause::at("only-written");
        temporary
            .persist(&path)
            .with_context(|| format!("cannot write {}", shown::file(&path)))?;
    }
    Ok(())
}

/// What [`write_changed`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changed {
    /// Files written: new, or with other bytes than on disk.
    pub written: Vec<PathBuf>,
    /// Files on disk that the site no longer has, removed.
    pub removed: Vec<PathBuf>,
}

/// Makes `out`, which an earlier build wrote, hold `files` and nothing
/// else, writing only the files whose bytes differ (each through a
/// temporary file of its own, so a reader sees the old file or the new,
/// never half of one) and removing the files the site no longer has.
/// `ladder serve` rebuilds this way: a prose edit writes a few files
/// instead of swapping the whole site. Links in `out` are never followed:
/// a link where a file goes is an error, and a link is never removed.
pub fn write_changed(out: &Path, files: &Files, project: &Path) -> Result<Changed> {
    let first = destination::vet_earlier(out, project)?;
    let _lock = lock(&first.path)?;
    let target = destination::vet_earlier(out, project)?.path;
    let on_disk = super::tree::read_tree(&target)?.files;
    let differs: Files = files
        .iter()
        .filter(|(relative, bytes)| on_disk.get(*relative) != Some(*bytes))
        .map(|(p, b)| (p.clone(), b.clone()))
        .collect();
    write_into(&target, &differs)?;
    let mut changed = Changed {
        written: differs.into_keys().collect(),
        removed: Vec::new(),
    };
    for relative in on_disk.keys().filter(|p| !files.contains_key(*p)) {
        let path = target.join(relative);
        fs::remove_file(&path).with_context(|| format!("cannot remove {}", shown::file(&path)))?;
        changed.removed.push(relative.clone());
    }
    Ok(changed)
}

/// Takes the exclusive lock of `out`, waiting (and saying so) while
/// another build holds it. The lock is released when the file is dropped,
/// also when the process dies; the file itself stays.
fn lock(out: &Path) -> Result<fs::File> {
    let path = destination::lock_path(out);
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open the lock {}", shown::file(&path)))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            eprintln!(
                "waiting for another ladder build writing {}",
                shown::file(out)
            );
            file.lock()
                .with_context(|| format!("cannot lock {}", shown::file(&path)))?;
        }
        Err(fs::TryLockError::Error(e)) => {
            return Err(e).with_context(|| format!("cannot lock {}", shown::file(&path)));
        }
    }
    Ok(file)
}

/// `stem`, or `stem-2`, `stem-3`, … : the first name not taken in `dir`.
fn free_name(dir: &Path, stem: &str) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => dir.join(stem),
            n => dir.join(format!("{stem}-{n}")),
        })
        .find(|p| fs::symlink_metadata(p).is_err())
        .expect("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn site(text: &str) -> Files {
        Files::from([
            (PathBuf::from(MARKER), b"marker".to_vec()),
            (PathBuf::from("index.html"), text.as_bytes().to_vec()),
        ])
    }

    #[test]
    fn a_failed_clean_up_warns_and_the_next_build_removes_the_leftover() {
        let project = tempfile::tempdir().unwrap();
        let out = project.path().join("site");
        let src = project.path().join("src");
        fs::create_dir(&src).unwrap();
        write_atomically(&out, &site("1"), &src).unwrap();
        let failing = |_: &Path| Err(io::Error::other("device busy"));
        let warnings = write_with(&out, &site("2"), &src, &failing);
        let warnings = warnings.expect("a failed clean-up does not fail the build");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("device busy"), "{warnings:?}");
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "2");
        let leftovers = || {
            fs::read_dir(project.path())
                .unwrap()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().unwrap().is_dir())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .filter(|n| n.starts_with(".site.ladder-"))
                .count()
        };
        assert_eq!(leftovers(), 1);
        let warnings = write_atomically(&out, &site("3"), &src).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "3");
        assert_eq!(leftovers(), 0);
    }

    #[test]
    fn only_what_changed_is_written_and_what_went_is_removed() {
        let project = tempfile::tempdir().unwrap();
        let out = project.path().join("site");
        let src = project.path().join("src");
        fs::create_dir(&src).unwrap();
        let mut files = site("1");
        files.insert(PathBuf::from("data/a.json"), b"{}".to_vec());
        files.insert(PathBuf::from("data/gone.json"), b"{}".to_vec());
        write_atomically(&out, &files, &src).unwrap();
        // A link where a page goes, to a file outside: replaced, not followed.
        let outside = project.path().join("outside.html");
        fs::write(&outside, "outside").unwrap();
        std::os::unix::fs::symlink(&outside, out.join("page.html")).unwrap();
        let inode = |name: &str| {
            std::os::unix::fs::MetadataExt::ino(&fs::metadata(out.join(name)).unwrap())
        };
        let kept = inode("data/a.json");
        files.remove(Path::new("data/gone.json"));
        files.insert(PathBuf::from("index.html"), b"2".to_vec());
        files.insert(PathBuf::from("page.html"), b"page".to_vec());
        let changed = write_changed(&out, &files, &src).unwrap();
        assert_eq!(
            changed,
            Changed {
                written: vec![PathBuf::from("index.html"), PathBuf::from("page.html")],
                removed: vec![PathBuf::from("data/gone.json")],
            }
        );
        assert_eq!(
            inode("data/a.json"),
            kept,
            "an unchanged file is not written"
        );
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "2");
        assert_eq!(fs::read_to_string(out.join("page.html")).unwrap(), "page");
        assert!(
            !fs::symlink_metadata(out.join("page.html"))
                .unwrap()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&outside).unwrap(), "outside");
        assert!(!out.join("data/gone.json").exists());
        // Not an earlier build's folder: refused, nothing written.
        let stranger = project.path().join("stranger");
        fs::create_dir(&stranger).unwrap();
        fs::write(stranger.join("keep.txt"), "mine").unwrap();
        assert!(write_changed(&stranger, &files, &src).is_err());
        assert_eq!(
            fs::read_to_string(stranger.join("keep.txt")).unwrap(),
            "mine"
        );
    }
}
