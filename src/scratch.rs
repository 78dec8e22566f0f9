//! Temporary files that carry their marker, so that a run killed while one
//! exists leaves nothing the next run does not remove.
//!
//! Each is named with a prefix of its own beside the file it will replace
//! (`.six.ckpt.ladder-XXXXXX` beside `six.ckpt`) and locked (`flock`) by the
//! process writing it until it is renamed into place. The lock ends with
//! the process, however it ends; so the next run removes every file with
//! that prefix whose lock it can take (no live writer) and that holds the
//! marker or nothing, and leaves anything else alone.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use crate::text::shown;
use tempfile::NamedTempFile;

/// A new temporary file in `folder`, named `prefix` and six random
/// characters, locked for as long as it is open.
pub fn create(folder: &Path, prefix: &str) -> io::Result<NamedTempFile> {
    let file = tempfile::Builder::new()
        .prefix(prefix)
        .tempfile_in(folder)?;
    file.as_file().lock()?;
    Ok(file)
}

/// Removes the temporary files a killed run left in `folder`: named
/// `prefix…`, locked by no one, and starting with `marker` or empty (a
/// `marker` of nothing takes any content). Returns a warning for each one
/// that could not be removed; it is tried again next time.
pub fn sweep(folder: &Path, prefix: &str, marker: &[u8]) -> Vec<String> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut warnings = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name.to_str().is_some_and(|n| n.starts_with(prefix));
        if !ours || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Ok(mut file) = File::options().read(true).write(true).open(&path) else {
            continue;
        };
        // A live writer holds the lock: its file is not a leftover.
        if file.try_lock().is_err() {
            continue;
        }
        let mut start = vec![0u8; marker.len()];
        let read = file.read(&mut start).unwrap_or(0);
        let marked = read == 0 || (read == marker.len() && start == marker);
        if marked && let Err(e) = fs::remove_file(&path) {
            warnings.push(format!(
                "cannot remove {}, left by a run that was killed: {e}",
                shown::file(&path)
            ));
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn only_unlocked_marked_or_empty_files_with_the_prefix_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let live = create(p, ".c.ladder-").unwrap();
        let mut left = create(p, ".c.ladder-").unwrap();
        left.write_all(b"ladder checkpoint 1\n...").unwrap();
        let (_, left) = left.keep().unwrap();
        drop(left); // its lock goes with it, as with a killed process
        let empty = create(p, ".c.ladder-").unwrap().keep().unwrap().1;
        drop(empty);
        fs::write(p.join(".c.ladder-notes"), "someone's notes").unwrap();
        fs::write(p.join("c"), "ladder checkpoint 1\n").unwrap();
        assert!(sweep(p, ".c.ladder-", b"ladder checkpoint ").is_empty());
        let mut names: Vec<String> = fs::read_dir(p)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let live_name = live
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let mut expected = vec![".c.ladder-notes".to_string(), "c".to_string(), live_name];
        expected.sort();
        assert_eq!(names, expected);
    }
}
