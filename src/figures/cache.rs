//! The figure cache: each figure's data, drawing and note kept under a key
//! made from its kind and parameters and from the `ladder` binary itself,
//! so editing prose or a caption recomputes nothing, while any change to
//! the parameters or a rebuild of the binary recomputes that figure.
//!
//! The cache lives in `.cache/ladder/` beside `figures.yaml` (ignored by
//! git) and only ever saves time: a hit gives the bytes a fresh computation
//! would, because the key holds everything the computation reads.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::figures::Figure;

/// A figure as computed, before its caption is applied.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    pub json: serde_json::Value,
    pub drawing: crate::table::Drawing,
    pub note: String,
    /// The caption the SVG's `<title>` was drawn with.
    pub caption: String,
}

/// The prefix of an entry being written (see [`crate::scratch`]).
const SCRATCH_PREFIX: &str = ".ladder-entry-";

/// A folder of entries, keyed by the binary and the figure's parameters.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    engine: u64,
    /// Compute every figure afresh, but still store the results.
    refresh: bool,
}

/// FNV-1a, 64 bits: a stable, dependency-free hash (not for security).
pub fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Cache {
    /// Opens the cache in `root/.cache/ladder`, keyed by the running
    /// binary's size and modification time (every rebuild changes them, and
    /// reading them costs nothing, unlike hashing the binary).
    pub fn open(root: &Path, refresh: bool) -> Option<Cache> {
        let meta = fs::metadata(std::env::current_exe().ok()?).ok()?;
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        let identity = format!(
            "{}|{}|{}",
            meta.len(),
            modified.as_nanos(),
            env!("CARGO_PKG_VERSION")
        );
        let engine = fnv1a(identity.as_bytes(), 0);
        let dir = root.join(".cache").join("ladder");
        // Entries half written by a build that was killed (an entry is JSON).
        let _ = crate::scratch::sweep(&dir, SCRATCH_PREFIX, b"{");
        Some(Cache {
            dir,
            engine,
            refresh,
        })
    }

    fn path(&self, figure: &Figure) -> PathBuf {
        let spec = format!("{}|{:?}", figure.spec.kind(), figure.spec);
        let key = fnv1a(spec.as_bytes(), self.engine);
        self.dir.join(format!("{}-{key:016x}.json", figure.id))
    }

    /// The cached entry, with the SVG's title set to the current caption.
    pub fn get(&self, figure: &Figure) -> Option<Entry> {
        if self.refresh {
            return None;
        }
        let text = fs::read_to_string(self.path(figure)).ok()?;
        let mut entry: Entry = serde_json::from_str(&text).ok()?;
        if entry.caption != figure.caption {
            let title = |caption: &str| {
                let plain = crate::text::plain::to_plain(caption);
                let text = crate::text::wording::typographic(&plain);
                format!("<title>{}</title>", crate::plot::escape(&text))
            };
            let (old, new) = (title(&entry.caption), title(&figure.caption));
            let drawing = &mut entry.drawing;
            for svg in drawing.svg.iter_mut().chain(drawing.phone_svg.iter_mut()) {
                *svg = svg.replacen(&old, &new, 1);
            }
            entry.caption = figure.caption.clone();
        }
        Some(entry)
    }

    /// Stores an entry; a failure to write only costs time later.
    pub fn put(&self, figure: &Figure, entry: &Entry) {
        if fs::create_dir_all(&self.dir).is_ok()
            && let Ok(text) = serde_json::to_string(entry)
        {
            let path = self.path(figure);
            let Ok(mut temporary) = crate::scratch::create(&self.dir, SCRATCH_PREFIX) else {
                return;
            };
            if temporary.write_all(text.as_bytes()).is_ok() {
                crate::pause::at("cache-written");
                let _ = temporary.persist(&path);
            }
        }
    }
}
