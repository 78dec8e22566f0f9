//! Long runs of an octal code that survive an interruption: the values are
//! written to a checkpoint file every so often, atomically (a temporary file
//! beside it, synced, then renamed over it), and a run started again with
//! the same file goes on from the values it holds.
//!
//! The values are the whole state: every engine rebuilds its tables from
//! them ([`OctalRun::resume`]), and the values do not depend on the engine,
//! so an interrupted and resumed run gives the values, and the hash, of a
//! straight one. (This module does I/O, so it lives outside the pure
//! `games` layer.)
//!
//! The file is a four-line text header, then the values as little-endian
//! `u16`, heap 0 first:
//!
//! ```text
//! ladder checkpoint 1
//! rule octal:·6
//! values 1048576
//! hash 5d8f0c2b1a3e4f60
//! ```
//!
//! `hash` is FNV-1a 64 over the values taken as little-endian `u32`s (the
//! hash of a certificate record, [`fnv1a_64`]). Reading checks every line,
//! the length and the hash, and names the file and the line in any error
//! (what it found shown with control characters escaped, a `\r` of a CRLF
//! line as `\r`): a damaged or foreign file is refused, never half-read.
//! Memory: the values alone, 2 bytes per value, are held while reading or
//! writing.
//!
//! A hash proves no more than that the file is as it was written: one edited
//! with its hash recomputed passes it. So a resumed run also checks values
//! against the game ([`verify`]): a sample of them (the first, the last,
//! and others spread between) is derived again from the values below each,
//! and a file holding a value the rule does not give is refused. The sample
//! costs [`SAMPLED`] heaps of work, a small part of a run long enough to
//! want a checkpoint; an edit it misses shows as soon as a later sampled
//! value takes the edited one as an option, not always.
//!
//! The file is written through a temporary file beside it
//! (`.NAME.ladder-XXXXXX`, see [`crate::scratch`]); one left by a run that
//! was killed is removed by the next run on the same file.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::games::octal::{OctalCode, value_from_below};
use crate::games::octal_engine::OctalRun;
use crate::games::octal_long_run::fnv1a_64;
use crate::games::octal_moves::MoveTable;
use crate::text::numbers::grouped;
use crate::text::wording::engine_stop;

/// The version of the file format this program writes and reads.
pub const VERSION: u32 = 1;

/// Heaps computed between two looks at the clock (and at `stop`).
const STEP: usize = 1 << 16;

/// The heaps [`verify`] derives again: the first [`FIRST`], the last
/// [`LAST`], and the rest spread over the values between.
pub const SAMPLED: usize = 96;
pub const FIRST: usize = 32;
pub const LAST: usize = 16;

/// The heaps of `count` values that [`verify`] derives again: all of them
/// up to [`SAMPLED`], else the first and last ones and an even spread
/// between, shifted by `seed` so that no fixed heap is always skipped.
pub fn sample(count: usize, seed: u64) -> Vec<usize> {
    if count <= SAMPLED {
        return (0..count).collect();
    }
    let middle = count - FIRST - LAST;
    let spread = SAMPLED - FIRST - LAST;
    let step = middle / spread;
    let shift = (seed % step.max(1) as u64) as usize;
    let mut heaps: Vec<usize> = (0..FIRST).collect();
    heaps.extend((0..spread).map(|i| FIRST + i * step + shift));
    heaps.extend(count - LAST..count);
    heaps
}

/// Checks `values` against `code`: each sampled heap's stored value must
/// be the mex of its options, read from the stored values below it. The
/// error names the first heap that is not, and what its options give.
pub fn verify(code: &OctalCode, values: &[u16], place: &str) -> Result<()> {
    for heap in sample(values.len(), fnv1a_64(values)) {
        let derived = value_from_below(code, &values[..heap], heap);
        if derived != u32::from(values[heap]) {
            bail!(
                "{place}: heap {} holds the value {}, but its options give {}: these are not the \
                 values of the rule (edited, or written by another program); give another file",
                grouped(heap as u64),
                values[heap],
                derived
            );
        }
    }
    Ok(())
}

/// `text` as a message shows it: control characters escaped (`\r`, `\u{1b}`).
fn shown(text: &str) -> String {
    text.escape_debug().to_string()
}

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

/// The header line by line, as written.
fn header(rule: &str, values: &[u16]) -> String {
    format!(
        "ladder checkpoint {VERSION}\nrule {rule}\nvalues {}\nhash {:016x}\n",
        values.len(),
        fnv1a_64(values)
    )
}

/// Writes `values` of `rule` to `path` atomically: a crash leaves either the
/// old file or the new one, never a torn one.
pub fn write(path: &Path, rule: &str, values: &[u16]) -> Result<()> {
    let temporary =
        crate::scratch::create(folder_of(path), &scratch_prefix(path)).with_context(|| {
            format!(
                "{}: cannot create a temporary file beside it",
                path.display()
            )
        })?;
    {
        let mut out = BufWriter::new(temporary.as_file());
        out.write_all(header(rule, values).as_bytes())?;
        for chunk in values.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            out.write_all(&bytes)?;
        }
        out.flush()
            .with_context(|| format!("{}: cannot write the checkpoint", path.display()))?;
    }
    temporary
        .as_file()
        .sync_all()
        .with_context(|| format!("{}: cannot sync the checkpoint", path.display()))?;
    crate::pause::at("checkpoint-written");
    temporary
        .persist(path)
        .with_context(|| format!("{}: cannot move the checkpoint into place", path.display()))?;
    Ok(())
}

/// What the four header lines say, and how many bytes they take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub count: usize,
    pub hash: u64,
    pub length: u64,
}

/// Reads the four header lines of a checkpoint of `rule` from `input`;
/// `file` names it in errors, each located `FILE:LINE` with what was found
/// shown escaped.
pub fn read_header(input: &mut impl BufRead, file: &str, rule: &str) -> Result<Header> {
    let place = |line: usize| format!("{file}:{line}");
    let mut header_length = 0u64;
    let mut field = |line: usize, name: &str| -> Result<String> {
        let mut text = String::new();
        let mut raw = Vec::new();
        header_length += input
            .read_until(b'\n', &mut raw)
            .with_context(|| format!("{}: cannot read", place(line)))?
            as u64;
        if let Ok(read) = std::str::from_utf8(&raw) {
            text.push_str(read.strip_suffix('\n').unwrap_or(read));
        }
        match text
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' '))
        {
            Some(value) => Ok(value.to_string()),
            None if line == 1 => bail!(
                "{}: not a ladder checkpoint (it should begin `ladder checkpoint {VERSION}`)",
                place(line)
            ),
            None => bail!(
                "{}: expected `{name} …`, found `{}`",
                place(line),
                shown(&text)
            ),
        }
    };
    let version = field(1, "ladder checkpoint")?;
    if version.ends_with('\r') {
        bail!(
            "{}: `{}` ends with a carriage return: a checkpoint's lines end with \\n alone (was \
             it copied as text?)",
            place(1),
            shown(&version)
        );
    }
    if version != VERSION.to_string() {
        bail!(
            "{}: checkpoint version {}, but this ladder reads version {VERSION}",
            place(1),
            shown(&version)
        );
    }
    let written_rule = field(2, "rule")?;
    if written_rule != rule {
        bail!(
            "{}: a checkpoint of {}, not of {rule}: give another file",
            place(2),
            shown(&written_rule)
        );
    }
    let count_text = field(3, "values")?;
    let count: usize = count_text.parse().with_context(|| {
        format!(
            "{}: `{}` is not a count of values",
            place(3),
            shown(&count_text)
        )
    })?;
    let hash_text = field(4, "hash")?;
    let hash = u64::from_str_radix(&hash_text, 16).with_context(|| {
        format!(
            "{}: `{}` is not a 16-digit hexadecimal hash",
            place(4),
            shown(&hash_text)
        )
    })?;
    Ok(Header {
        count,
        hash,
        length: header_length,
    })
}

/// Reads the values of `rule` from `path`: `None` when there is no file yet.
pub fn read(path: &Path, rule: &str) -> Result<Option<Vec<u16>>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => {
            return Err(error).with_context(|| format!("{}: cannot open", path.display()));
        }
    };
    let length = file
        .metadata()
        .with_context(|| format!("{}: cannot read", path.display()))?
        .len();
    let mut input = BufReader::new(file);
    let place = |line: usize| format!("{}:{line}", path.display());
    let Header {
        count,
        hash,
        length: header_length,
    } = read_header(&mut input, &path.display().to_string(), rule)?;
    let body = length.saturating_sub(header_length);
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
                "{}: the header promises {} values, but the file ends after {}",
                path.display(),
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
            "{}: bytes after the {} values the header promises",
            path.display(),
            grouped(count as u64)
        );
    }
    let found = fnv1a_64(&values);
    if found != hash {
        bail!(
            "{}: the values hash to {found:016x}, not {hash:016x} as line 4 says: the file is damaged",
            path.display()
        );
    }
    Ok(Some(values))
}

/// The values a run goes on from: those `path` holds of `rule`, read and
/// checked by [`read`] and re-derived in part from `code`'s options by
/// [`verify`], or none when there is no file yet; the scratch files a
/// killed write left beside it are removed first. Every run resumed from
/// a checkpoint (`ladder seq`, `ladder solve`, [`run`]) reads its values
/// here, so those checks belong here too.
pub fn saved_values(code: &OctalCode, path: &Path, rule: &str) -> Result<Vec<u16>> {
    for warning in crate::scratch::sweep(
        folder_of(path),
        &scratch_prefix(path),
        b"ladder checkpoint ",
    ) {
        eprintln!("warning: {warning}");
    }
    let values = read(path, rule)?.unwrap_or_default();
    verify(code, &values, &path.display().to_string())?;
    Ok(values)
}

/// How a checkpointed run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// All values computed (and written).
    Done(Vec<u16>),
    /// Stopped when asked, after this many values (written).
    Stopped(usize),
}

/// When to write and when to stop.
pub struct Schedule<'a> {
    /// Writes at the first step boundary at least this long after the last write.
    pub every: Duration,
    /// Called with the values done at each step boundary; `true` stops the
    /// run there (after writing), as an interruption does.
    pub stop: &'a dyn Fn(usize) -> bool,
    /// Called with the values done as the run grows.
    pub progress: &'a dyn Fn(usize),
}

/// Computes `count` values of `code` (spelt `rule`), resuming from `path`
/// when it holds a checkpoint of the same rule, and writing it as it goes.
/// A value past `u16` is an error (the engines store `u16`).
pub fn run(
    code: &OctalCode,
    rule: &str,
    count: usize,
    path: &Path,
    schedule: &Schedule,
) -> Result<Outcome> {
    let mut values = saved_values(code, path, rule)?;
    if values.len() >= count {
        values.truncate(count);
        return Ok(Outcome::Done(values));
    }
    let mut run = OctalRun::resume(MoveTable::of(code), values, true);
    let mut last_write = Instant::now();
    loop {
        let done = run.values().len();
        if done >= count {
            write(path, rule, run.values())?;
            return Ok(Outcome::Done(run.into_values()));
        }
        if (schedule.stop)(done) {
            write(path, rule, run.values())?;
            return Ok(Outcome::Stopped(done));
        }
        let next = ((done / STEP + 1) * STEP).min(count);
        run.extend_to(next)
            .map_err(|stop| anyhow::anyhow!(engine_stop(rule, &stop)))?;
        (schedule.progress)(next);
        if last_write.elapsed() >= schedule.every && next < count {
            write(path, rule, run.values())?;
            last_write = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn officers() -> OctalCode {
        OctalCode::parse("·6").unwrap()
    }

    #[test]
    fn a_run_stopped_and_resumed_gives_the_straight_values() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("six.ckpt");
        let count = 5 * STEP + 123;
        let straight = {
            let mut run = OctalRun::new(&officers(), true);
            run.extend_to(count).unwrap();
            run.into_values()
        };
        let steps = Cell::new(0);
        let stop_twice = |_done: usize| {
            steps.set(steps.get() + 1);
            steps.get() == 3
        };
        let schedule = Schedule {
            every: Duration::ZERO,
            stop: &stop_twice,
            progress: &|_| {},
        };
        let first = run(&officers(), "octal:·6", count, &path, &schedule).unwrap();
        assert_eq!(first, Outcome::Stopped(2 * STEP));
        assert_eq!(
            read(&path, "octal:·6").unwrap().unwrap(),
            straight[..2 * STEP]
        );
        let second = run(&officers(), "octal:·6", count, &path, &schedule).unwrap();
        assert_eq!(second, Outcome::Done(straight.clone()));
        let saved = read(&path, "octal:·6").unwrap().unwrap();
        assert_eq!(fnv1a_64(&saved), fnv1a_64(&straight));
        // A shorter run takes its values from the checkpoint.
        let short = run(&officers(), "octal:·6", 1000, &path, &schedule).unwrap();
        assert_eq!(short, Outcome::Done(straight[..1000].to_vec()));
    }

    #[test]
    fn a_damaged_or_foreign_checkpoint_is_refused_with_its_place() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("c");
        write(&path, "octal:·6", &[0, 1, 2, 3]).unwrap();
        let good = std::fs::read(&path).unwrap();
        let error = |bytes: &[u8], rule: &str| -> String {
            std::fs::write(&path, bytes).unwrap();
            format!("{:#}", read(&path, rule).unwrap_err())
        };
        let shown = path.display().to_string();
        assert!(
            error(&good, "octal:·16").contains(&format!("{shown}:2: a checkpoint of octal:·6"))
        );
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(error(&flipped, "octal:·6").contains("the file is damaged"));
        let short = &good[..good.len() - 1];
        assert!(
            error(short, "octal:·6").contains(":3: the header promises 4 values (8 bytes), but 7")
        );
        let mut long = good.clone();
        long.push(0);
        assert!(error(&long, "octal:·6").contains("(8 bytes), but 9 bytes follow"));
        let text = String::from_utf8_lossy(&good).to_string();
        let version = text.replacen("checkpoint 1", "checkpoint 9", 1);
        assert!(error(version.as_bytes(), "octal:·6").contains(":1: checkpoint version 9"));
        assert!(error(b"hello\n", "octal:·6").contains(":1: not a ladder checkpoint"));
        let count = text.replacen("values 4", "values four", 1);
        assert!(error(count.as_bytes(), "octal:·6").contains(":3: `four` is not a count"));
        let huge = text.replacen("values 4", "values 99999999999999999999", 1);
        assert!(error(huge.as_bytes(), "octal:·6").contains(":3:"));
        assert!(error(b"", "octal:·6").contains(":1: not a ladder checkpoint"));
        assert!(
            read(&folder.path().join("absent"), "octal:·6")
                .unwrap()
                .is_none()
        );
    }

    /// A checkpoint whose values were edited and whose hash was recomputed:
    /// what a hash cannot catch (issue 26).
    fn planted(path: &Path, heap: usize, value: u16) {
        let mut values = read(path, "octal:·6").unwrap().unwrap();
        values[heap] = value;
        let mut bytes = header("octal:·6", &values).into_bytes();
        bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        std::fs::write(path, bytes).unwrap();
    }

    #[test]
    fn values_the_rule_does_not_give_are_refused_even_with_a_good_hash() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("six.ckpt");
        let schedule = Schedule {
            every: Duration::ZERO,
            stop: &|_| false,
            progress: &|_| {},
        };
        run(&officers(), "octal:·6", 3 * STEP, &path, &schedule).unwrap();
        let straight = read(&path, "octal:·6").unwrap().unwrap();
        assert!(verify(&officers(), &straight, "c").is_ok());
        let last = 3 * STEP - 1;
        let edits = [
            (1, 7),
            (FIRST - 1, straight[FIRST - 1] ^ 1),
            (last, straight[last] ^ 1),
            (last - 3, straight[last - 3] + 40),
        ];
        for (heap, value) in edits {
            std::fs::write(&path, {
                let mut bytes = header("octal:·6", &straight).into_bytes();
                bytes.extend(straight.iter().flat_map(|v| v.to_le_bytes()));
                bytes
            })
            .unwrap();
            planted(&path, heap, value);
            assert!(read(&path, "octal:·6").is_ok(), "the hash was recomputed");
            let error = format!(
                "{:#}",
                run(&officers(), "octal:·6", 4 * STEP, &path, &schedule).unwrap_err()
            );
            assert!(
                error.contains("but its options give"),
                "heap {heap}: {error}"
            );
        }
        // g(1) = 7: refused at heap 1 itself.
        std::fs::write(&path, {
            let mut bytes = header("octal:·6", &straight).into_bytes();
            bytes.extend(straight.iter().flat_map(|v| v.to_le_bytes()));
            bytes
        })
        .unwrap();
        planted(&path, 1, 7);
        let error = format!(
            "{:#}",
            run(&officers(), "octal:·6", 100, &path, &schedule).unwrap_err()
        );
        assert!(
            error.contains("heap 1 holds the value 7, but its options give 0"),
            "{error}"
        );
    }

    #[test]
    fn the_sample_holds_the_first_and_last_heaps_and_a_spread() {
        assert_eq!(sample(10, 3), (0..10).collect::<Vec<_>>());
        let heaps = sample(1_000_000, 12_345);
        assert_eq!(heaps.len(), SAMPLED);
        assert_eq!(&heaps[..3], &[0, 1, 2]);
        assert_eq!(*heaps.last().unwrap(), 999_999);
        assert!(
            heaps.windows(2).all(|w| w[0] < w[1]),
            "ascending, no repeats"
        );
        let gaps: Vec<usize> = heaps[FIRST..SAMPLED - LAST]
            .windows(2)
            .map(|w| w[1] - w[0])
            .collect();
        assert!(gaps.iter().all(|&g| g == gaps[0]), "an even spread");
    }

    #[test]
    fn a_crlf_header_is_refused_with_the_carriage_return_escaped() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("c");
        write(&path, "octal:·6", &[0, 1, 2, 3]).unwrap();
        let good = std::fs::read(&path).unwrap();
        let header_end = good.windows(5).position(|w| w == b"hash ").unwrap() + 22;
        let crlf = String::from_utf8_lossy(&good[..header_end]).replace('\n', "\r\n");
        let mut bytes = crlf.into_bytes();
        bytes.extend_from_slice(&good[header_end..]);
        std::fs::write(&path, &bytes).unwrap();
        let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
        assert!(!error.contains('\r'), "{error:?}");
        assert!(
            error.contains(":1: `1\\r` ends with a carriage return"),
            "{error}"
        );
        std::fs::write(&path, b"ladder checkpoint 1\nrule octal:\x1b[31m\n").unwrap();
        let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
        assert!(
            !error.contains('\x1b') && error.contains("\\u{1b}"),
            "{error:?}"
        );
    }

    #[test]
    fn a_temporary_file_left_by_a_killed_run_is_removed_by_the_next() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("six.ckpt");
        let left = folder.path().join(".six.ckpt.ladder-abc123");
        std::fs::write(&left, b"ladder checkpoint 1\nrule octal:\xc2\xb76\n").unwrap();
        let theirs = folder.path().join(".six.ckpt.ladder-notes");
        std::fs::write(&theirs, b"not ours").unwrap();
        let schedule = Schedule {
            every: Duration::ZERO,
            stop: &|_| false,
            progress: &|_| {},
        };
        run(&officers(), "octal:·6", 1000, &path, &schedule).unwrap();
        assert!(!left.exists() && theirs.exists() && path.exists());
    }
}
