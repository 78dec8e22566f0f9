//! A checkpoint's header: five text lines (four in version 1), each read
//! with a length limit, so a file of one endless line (`/dev/zero` behind
//! a link, a 100 MB first line) is refused after [`MAX_LINE`] bytes, and an
//! error repeats at most a short piece of what it found.

use std::io::{BufRead, Read};

use anyhow::{Context, Result, bail};

use super::key::{self, TAG_LENGTH};
use crate::text::shown;

/// The version of the file format this program writes.
pub const VERSION: u32 = 2;

/// The longest header line read, newline included: far above a rule's
/// name, far below what could hurt.
pub const MAX_LINE: usize = 1024;

/// What the header lines say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    pub count: usize,
    pub hash: u64,
    /// The `tag` line's tag; `None` for `tag none` and for version 1.
    pub tag: Option<[u8; TAG_LENGTH]>,
    /// The first four lines as read: what the tag signs.
    pub signed: Vec<u8>,
    /// The bytes of all the header lines.
    pub length: u64,
}

/// The first four lines as written: what the tag signs.
pub fn signed_lines(rule: &str, count: usize, hash: u64) -> String {
    format!("ladder checkpoint {VERSION}\nrule {rule}\nvalues {count}\nhash {hash:016x}\n")
}

/// The tag line: `tag` and 64 hexadecimal digits, or `tag none`.
pub fn tag_line(tag: Option<&[u8; TAG_LENGTH]>) -> String {
    match tag {
        Some(tag) => format!("tag {}\n", key::to_hex(tag)),
        None => "tag none\n".to_string(),
    }
}

/// Reads the header of a checkpoint of `rule` from `input`; `file` names
/// it in errors, each located `FILE:LINE` with what was found shown
/// escaped and cut.
pub fn read_header(input: &mut impl BufRead, file: &str, rule: &str) -> Result<Header> {
    let place = |line: usize| format!("{file}:{line}");
    let mut raw_lines: Vec<u8> = Vec::new();
    let mut field = |line: usize, name: &str, raw_lines: &mut Vec<u8>| {
        read_field(input, file, line, name, raw_lines)
    };
    let version_text = field(1, "ladder checkpoint", &mut raw_lines)?;
    if version_text.ends_with('\r') {
        bail!(
            "{}: `{}` ends with a carriage return: a checkpoint's lines end with \\n alone (was \
             it copied as text?)",
            place(1),
            shown::found(&version_text)
        );
    }
    let version = match version_text.as_str() {
        "1" => 1,
        "2" => 2,
        _ => bail!(
            "{}: checkpoint version {}, but this ladder reads versions 1 and {VERSION}",
            place(1),
            shown::found(&version_text)
        ),
    };
    let written_rule = field(2, "rule", &mut raw_lines)?;
    if written_rule != rule {
        bail!(
            "{}: a checkpoint of {}, not of {rule}: give another file",
            place(2),
            shown::found(&written_rule)
        );
    }
    let count_text = field(3, "values", &mut raw_lines)?;
    let count: usize = count_text.parse().with_context(|| {
        format!(
            "{}: `{}` is not a count of values",
            place(3),
            shown::found(&count_text)
        )
    })?;
    let hash_text = field(4, "hash", &mut raw_lines)?;
    let hash = u64::from_str_radix(&hash_text, 16)
        .ok()
        .filter(|_| hash_text.len() == 16)
        .with_context(|| {
            format!(
                "{}: `{}` is not a 16-digit hexadecimal hash",
                place(4),
                shown::found(&hash_text)
            )
        })?;
    let signed = raw_lines.clone();
    let tag = if version == 1 {
        None
    } else {
        let tag_text = field(5, "tag", &mut raw_lines)?;
        parse_tag(&tag_text).with_context(|| {
            format!(
                "{}: `{}` is not a tag (64 hexadecimal digits, or `none`)",
                place(5),
                shown::found(&tag_text)
            )
        })?
    };
    Ok(Header {
        version,
        count,
        hash,
        tag,
        signed,
        length: raw_lines.len() as u64,
    })
}

/// Reads header line `line` (1-based) of `file`, which must be `name` and a
/// space, then the value returned; its bytes are added to `raw_lines`.
fn read_field(
    input: &mut impl BufRead,
    file: &str,
    line: usize,
    name: &str,
    raw_lines: &mut Vec<u8>,
) -> Result<String> {
    let place = |line: usize| format!("{file}:{line}");
    let mut raw = Vec::new();
    input
        .take(MAX_LINE as u64)
        .read_until(b'\n', &mut raw)
        .with_context(|| format!("{}: cannot read", place(line)))?;
    raw_lines.extend_from_slice(&raw);
    let ended = raw.last() == Some(&b'\n');
    if !ended && raw.len() >= MAX_LINE {
        bail!(
            "{}: a line longer than {MAX_LINE} bytes: not a ladder checkpoint's header",
            place(line)
        );
    }
    let text = String::from_utf8_lossy(raw.strip_suffix(b"\n").unwrap_or(&raw)).into_owned();
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
            shown::found(&text)
        ),
    }
}

/// `none`, or 64 hexadecimal digits.
fn parse_tag(text: &str) -> Option<Option<[u8; TAG_LENGTH]>> {
    if text == "none" {
        return Some(None);
    }
    key::from_hex(text).map(Some)
}
