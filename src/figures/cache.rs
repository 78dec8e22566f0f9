//! The figure cache: each figure's data, and the parts of a figure made of
//! independent parts, kept under a key made from the figure's kind, its
//! parameters and the fingerprint of the code its computation reads
//! (`build.rs`). The binary is not in the key: a change to the site, the
//! templates, the drawing or the command line recomputes nothing, and a
//! change to the engine recomputes the kinds that read it. Drawing is done
//! again from the data on every build, so a cached figure is drawn by the
//! code of the build that shows it.
//!
//! Each entry also holds, in full, what its key was made of; an entry whose
//! kind, parameters or fingerprint are not this build's is not served (a
//! file planted under the key, or two keys that share a hash, recompute).
//!
//! The cache lives in `.cache/ladder/` beside `figures.yaml` (ignored by
//! git): `figures/<id>-<key>.json` and `parts/<kind>-<key>.json`. A build of
//! the whole site prunes the entries it did not use. It only ever saves
//! time: a failure to read or write an entry costs a computation.

use std::collections::BTreeSet;
use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::FigureData;
use super::parts::PartStore;
use crate::figures::Figure;

/// FNV-1a, 64 bits: a stable, dependency-free hash (not for security).
pub fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The prefix of an entry being written (see [`crate::scratch`]).
const SCRATCH_PREFIX: &str = ".ladder-entry-";

/// The largest entry read back (the largest written is a few MiB).
const MOST_BYTES: u64 = 256 << 20;

/// One stored value with what its key was made of.
#[derive(Serialize, Deserialize)]
struct Stored {
    /// The figure module (`solved_octal`).
    module: String,
    /// The parameters or the part, as the key read them.
    key: String,
    /// The fingerprint of the module's code, in hex.
    fingerprint: String,
    value: serde_json::Value,
}

/// A folder of entries.
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
    /// Compute every figure afresh, but still store the results.
    refresh: bool,
    /// The entries this run read or wrote: the rest are pruned.
    used: Mutex<BTreeSet<PathBuf>>,
}

impl Cache {
    /// Opens the cache in `root/.cache/ladder`, removing what a killed run
    /// was writing.
    pub fn open(root: &Path, refresh: bool) -> Cache {
        let dir = root.join(".cache").join("ladder");
        for folder in [dir.join("figures"), dir.join("parts")] {
            // Entries half written by a build that was killed (an entry is JSON).
            let _ = crate::scratch::sweep(&folder, SCRATCH_PREFIX, b"{");
        }
        Cache {
            dir,
            refresh,
            used: Mutex::new(BTreeSet::new()),
        }
    }

    /// The figure's data as cached, drawn again by the caller.
    pub fn get(&self, figure: &Figure) -> Option<FigureData> {
        let value = self.lookup(self.figure_entry(figure))?;
        figure.spec.data_from_json(value).ok()
    }

    /// Stores a figure's data (as [`FigureData`] serialises it).
    pub fn put(&self, figure: &Figure, data: &serde_json::Value) {
        let (path, stored) = self.figure_entry(figure);
        self.write(&path, stored, data.clone());
    }

    /// Removes every entry this run did not use and returns how many; only
    /// files named as this cache names its entries are touched.
    pub fn prune(&self) -> usize {
        let Ok(used) = self.used.lock() else {
            return 0;
        };
        let mut removed = 0;
        // The top folder held the entries of older versions, by figure.
        for folder in ["", "figures", "parts"] {
            let Ok(entries) = fs::read_dir(self.dir.join(folder)) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let ours = entry.file_name().to_str().is_some_and(is_entry_name);
                let file = entry.file_type().is_ok_and(|t| t.is_file());
                if ours && file && !used.contains(&path) && fs::remove_file(&path).is_ok() {
                    removed += 1;
                }
            }
        }
        removed
    }

    fn figure_entry(&self, figure: &Figure) -> (PathBuf, Stored) {
        let key = format!("{:?}", figure.spec);
        self.entry("figures", &figure.id.0, figure.spec.module(), key)
    }

    fn part_entry(&self, module: &str, key: &str) -> (PathBuf, Stored) {
        self.entry("parts", module, module, key.to_string())
    }

    /// Where the entry for `key` of `module` lives (`folder/name-<hash>.json`)
    /// and what it must hold to be served.
    fn entry(&self, folder: &str, name: &str, module: &str, key: String) -> (PathBuf, Stored) {
        let stored = Stored {
            module: module.to_string(),
            key,
            fingerprint: format!("{:016x}", super::fingerprint(module)),
            value: serde_json::Value::Null,
        };
        let file = format!("{name}-{:016x}.json", key_hash(&stored));
        (self.dir.join(folder).join(file), stored)
    }

    /// The value of an entry, marked as used; none when refreshing.
    fn lookup(&self, (path, stored): (PathBuf, Stored)) -> Option<serde_json::Value> {
        self.used.lock().ok()?.insert(path.clone());
        if self.refresh {
            return None;
        }
        self.read(&path, &stored)
    }

    /// The value stored at `path` if its key is `expected`'s, in full.
    fn read(&self, path: &Path, expected: &Stored) -> Option<serde_json::Value> {
        // A regular file only: a FIFO or a device planted here is no entry.
        let meta = fs::symlink_metadata(path).ok()?;
        if !meta.is_file() || meta.len() > MOST_BYTES {
            return None;
        }
        let mut text = String::new();
        crate::input::open(path)
            .ok()?
            .take(MOST_BYTES)
            .read_to_string(&mut text)
            .ok()?;
        let stored: Stored = serde_json::from_str(&text).ok()?;
        let same = stored.module == expected.module
            && stored.key == expected.key
            && stored.fingerprint == expected.fingerprint;
        same.then_some(stored.value)
    }

    /// Stores `value` at `path`; a failure to write only costs time later.
    fn write(&self, path: &Path, mut stored: Stored, value: serde_json::Value) {
        if let Ok(mut used) = self.used.lock() {
            used.insert(path.to_path_buf());
        }
        stored.value = value;
        let Some(folder) = path.parent() else {
            return;
        };
        if fs::create_dir_all(folder).is_err() {
            return;
        }
        let Ok(text) = serde_json::to_string(&stored) else {
            return;
        };
        let Ok(mut temporary) = crate::scratch::create(folder, SCRATCH_PREFIX) else {
            return;
        };
        if temporary.write_all(text.as_bytes()).is_ok() {
            crate::pause::at("cache-written");
            let _ = temporary.persist(path);
        }
    }
}

impl PartStore for Cache {
    fn get(&self, module: &str, key: &str) -> Option<serde_json::Value> {
        self.lookup(self.part_entry(module, key))
    }

    fn put(&self, module: &str, key: &str, value: serde_json::Value) {
        let (path, stored) = self.part_entry(module, key);
        self.write(&path, stored, value);
    }
}

/// The hash of an entry's key: its module, key and fingerprint.
fn key_hash(stored: &Stored) -> u64 {
    let spec = format!("{}|{}|{}", stored.module, stored.key, stored.fingerprint);
    fnv1a(spec.as_bytes(), 0)
}

/// `name-0123456789abcdef.json`: an entry's name, as [`Cache`] writes it.
fn is_entry_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".json") else {
        return false;
    };
    let Some((head, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    !head.is_empty()
        && !head.starts_with('.')
        && hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_entry_names_are_entries() {
        assert!(is_entry_name("cert-1-3-4-0123456789abcdef.json"));
        assert!(is_entry_name("solved_octal-0123456789abcdef.json"));
        assert!(!is_entry_name("notes.json"));
        assert!(!is_entry_name("cert-0123456789ABCDEF.json"));
        assert!(!is_entry_name("cert-0123456789abcdef.json.bak"));
        assert!(!is_entry_name(".ladder-entry-0123456789abcdef.json"));
        assert!(!is_entry_name("-0123456789abcdef.json"));
    }
}
