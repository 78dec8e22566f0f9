//! Long runs of an octal code that survive an interruption: the values are
//! written to a checkpoint file every so often, atomically (a temporary file
//! beside it, synced, then renamed over it), and a run started again with
//! the same file goes on from the values it holds.
//!
//! The values are the whole state: every engine rebuilds its tables from
//! them, and the values do not depend on the engine, so an interrupted and
//! resumed run gives the values, and the hash, of a straight one. (This
//! module does I/O, so it lives outside the pure `games` layer.)
//!
//! The file is a five-line text header ([`header`]), then the values as
//! little-endian `u16`, heap 0 first:
//!
//! ```text
//! ladder checkpoint 2
//! rule octal:·6
//! values 1048576
//! hash 5d8f0c2b1a3e4f60
//! tag 3f0c…(64 hexadecimal digits)
//! ```
//!
//! `hash` is FNV-1a 64 over the values taken as little-endian `u32`s (the
//! hash of a certificate record, [`fnv1a_64`]): it finds damage. `tag` is
//! the user's key's HMAC of the first four lines and the values
//! ([`key`]): it finds everything else. Reading checks every line, the
//! length and the hash, and names the file and the line in any error (what
//! it found shown escaped and cut): a damaged file is refused, never
//! half-read. Memory: the values alone, 2 bytes per value.
//!
//! **What a checkpoint guarantees.** A proof rests only on values this run
//! computed or checked. A file whose tag is good under the user's key was
//! written by ladder for this user, and resumes at once. Any other file (a
//! version-1 file, one written on another machine or under another key,
//! one built or edited by hand) is *foreign*: before the run goes on, every
//! one of its values is checked against the rule's options, read from the
//! stored values below it ([`crate::games::octal_fast::first_wrong`]; on
//! all cores, the time printed), and a value the rule does not give stops
//! the run with the first such heap named. What a checkpoint does not
//! guarantee: anyone who can read the key file can tag a file; the key
//! proves where a file came from, not that the program that wrote it had
//! no bug.
//!
//! The file is written through a temporary file beside it
//! (`.NAME.ladder-XXXXXX`, see [`crate::scratch`]); one left by a run that
//! was killed is removed by the next run on the same file.

pub mod header;
pub mod key;

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::games::octal::OctalCode;
use crate::games::octal_fast::first_wrong;
use crate::games::octal_long_run::fnv1a_64;
use crate::text::numbers::grouped;
use crate::text::shown;
use crate::text::wording::engine_stop;
pub use header::{Header, VERSION, read_header};
pub use key::Key;

/// The prefix of the temporary files written beside the checkpoint `path`.
fn scratch_prefix(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    format!(".{name}.ladder-")
}

/// The folder holding `path` (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The user's key for checkpoints ([`key::location`]), made if there is
/// none yet; `None`, with a warning, where no key can be kept (then every
/// checkpoint is checked value by value when resumed). A key file that is
/// not a key is an error.
pub fn user_key() -> Result<Option<Key>> {
    let Some(path) = key::location() else {
        eprintln!(
            "warning: neither XDG_DATA_HOME nor HOME names a folder for the checkpoint key: \
             checkpoints are written without a tag, and checked value by value when resumed"
        );
        return Ok(None);
    };
    if let Some(key) = key::load(&path)? {
        return Ok(Some(key));
    }
    match key::load_or_make(&path) {
        Ok(key) => Ok(Some(key)),
        Err(error) => {
            eprintln!(
                "warning: {error:#}: checkpoints are written without a tag, and checked value \
                 by value when resumed"
            );
            Ok(None)
        }
    }
}

/// Writes `values` of `rule` to `path` atomically, tagged under `key`: a
/// crash leaves either the old file or the new one, never a torn one. Every
/// error names the file (a full disk included).
pub fn write(path: &Path, rule: &str, values: &[u16], key: Option<&Key>) -> Result<()> {
    let name = shown::file(path);
    let temporary = crate::scratch::create(folder_of(path), &scratch_prefix(path))
        .with_context(|| format!("{name}: cannot create a temporary file beside it"))?;
    let signed = header::signed_lines(rule, values.len(), fnv1a_64(values));
    let tag = key.map(|key| key.tag(signed.as_bytes(), values));
    let written = (|| -> std::io::Result<()> {
        let mut out = BufWriter::new(temporary.as_file());
        out.write_all(signed.as_bytes())?;
        out.write_all(header::tag_line(tag.as_ref()).as_bytes())?;
        let mut bytes = Vec::with_capacity(1 << 17);
        for chunk in values.chunks(1 << 16) {
            bytes.clear();
            bytes.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
            out.write_all(&bytes)?;
        }
        out.flush()?;
        drop(out);
        temporary.as_file().sync_all()
    })();
    written.with_context(|| format!("{name}: cannot write the checkpoint"))?;
    crate::pause::at("checkpoint-written");
    temporary
        .persist(path)
        .with_context(|| format!("{name}: cannot move the checkpoint into place"))?;
    Ok(())
}

/// A checkpoint as read: its values, and what its tag signs.
#[derive(Debug, Clone)]
pub struct Stored {
    pub values: Vec<u16>,
    pub header: Header,
}

impl Stored {
    /// Why the file is foreign to `key`: `None` when its tag is good.
    pub fn foreign(&self, key: Option<&Key>) -> Option<&'static str> {
        let Some(tag) = &self.header.tag else {
            return Some(if self.header.version == 1 {
                "written by an earlier ladder, without a tag"
            } else {
                "written without a tag (where no key could be kept)"
            });
        };
        let Some(key) = key else {
            return Some("this user has no checkpoint key (was it written elsewhere?)");
        };
        if key.signed(&self.header.signed, &self.values, tag) {
            None
        } else {
            Some("its tag is not this user's key's (written elsewhere, or edited)")
        }
    }
}

/// Reads the checkpoint of `rule` at `path`: `None` when there is no file
/// yet. Only a regular file is read ([`crate::input::open`]).
pub fn read(path: &Path, rule: &str) -> Result<Option<Stored>> {
    let name = shown::file(path);
    let file = match crate::input::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error).with_context(|| format!("{name}: cannot open")),
    };
    let length = file
        .metadata()
        .with_context(|| format!("{name}: cannot read"))?
        .len();
    let mut input = BufReader::new(file);
    let place = |line: usize| format!("{name}:{line}");
    let header = read_header(&mut input, &name, rule)?;
    let count = header.count;
    let body = length.saturating_sub(header.length);
    if (count as u64).checked_mul(2) != Some(body) {
        bail!(
            "{}: the header promises {} values ({} bytes), but {body} bytes follow it",
            place(3),
            grouped(count as u64),
            (count as u64).saturating_mul(2)
        );
    }
    let mut values: Vec<u16> = Vec::new();
    values.try_reserve_exact(count).map_err(|_| {
        anyhow::anyhow!(
            "{}: cannot reserve memory for {} values",
            place(3),
            grouped(count as u64)
        )
    })?;
    let mut bytes = vec![0u8; 1 << 17];
    while values.len() < count {
        let want = ((count - values.len()) * 2).min(bytes.len());
        input.read_exact(&mut bytes[..want]).with_context(|| {
            format!(
                "{name}: the header promises {} values, but the file ends after {}",
                grouped(count as u64),
                grouped(values.len() as u64)
            )
        })?;
        values.extend(
            bytes[..want]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]])),
        );
    }
    if input.read(&mut bytes[..1])? != 0 {
        bail!(
            "{name}: bytes after the {} values the header promises",
            grouped(count as u64)
        );
    }
    let found = fnv1a_64(&values);
    if found != header.hash {
        bail!(
            "{name}: the values hash to {found:016x}, not {:016x} as line 4 says: the file is \
             damaged",
            header.hash
        );
    }
    Ok(Some(Stored { values, header }))
}

/// Checks every value of `values` against `code` ([`first_wrong`]); the
/// error names the first heap whose stored value its options do not give.
pub fn verify(code: &OctalCode, values: &[u16], place: &str) -> Result<()> {
    let checked = first_wrong(code, values)
        .map_err(|refused| anyhow::anyhow!(engine_stop(place, &refused.into())))?;
    if let Some(wrong) = checked {
        bail!(
            "{place}: heap {} holds the value {}, but its options give {}: these are not the \
             values of the rule (edited, or written by another program); give another file",
            grouped(wrong.heap as u64),
            wrong.stored,
            wrong.derived
        );
    }
    Ok(())
}

/// The values a run goes on from: those `path` holds of `rule`, read and
/// checked by [`read`], or none when there is no file yet. A file foreign
/// to `key` ([`Stored::foreign`]) has every value checked first
/// ([`verify`]), the cost printed. The scratch files a killed write left
/// beside it are removed first. Every run resumed from a checkpoint
/// (`ladder seq`, `ladder solve`) reads its values here, so those checks
/// belong here too.
pub fn saved_values(
    code: &OctalCode,
    path: &Path,
    rule: &str,
    key: Option<&Key>,
) -> Result<Vec<u16>> {
    for warning in crate::scratch::sweep(
        folder_of(path),
        &scratch_prefix(path),
        b"ladder checkpoint ",
    ) {
        eprintln!("warning: {warning}");
    }
    let Some(stored) = read(path, rule)? else {
        return Ok(Vec::new());
    };
    if let Some(reason) = stored.foreign(key) {
        let name = shown::file(path);
        let count = grouped(stored.values.len() as u64);
        eprintln!("{name}: {reason}: checking each of its {count} values against {rule} first");
        let start = Instant::now();
        verify(code, &stored.values, &name)?;
        let threads = rayon::current_num_threads();
        eprintln!(
            "{name}: all {count} values are {rule}'s (checked in {:.1} s on {threads} thread{})",
            start.elapsed().as_secs_f64(),
            if threads == 1 { "" } else { "s" }
        );
    }
    Ok(stored.values)
}

#[cfg(test)]
mod tests;
