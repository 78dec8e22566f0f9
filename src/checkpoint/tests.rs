use super::*;
use crate::games::octal_engine::OctalRun;
use crate::games::octal_moves::MoveTable;

fn officers() -> OctalCode {
    OctalCode::parse("·6").unwrap()
}

fn straight(count: usize) -> Vec<u16> {
    let mut run = OctalRun::new(&officers(), false);
    run.extend_to(count).unwrap();
    run.into_values()
}

fn a_key(folder: &Path, name: &str) -> Key {
    key::load_or_make(&folder.join(name)).unwrap()
}

/// A file as a hand or another program would write it: the header with
/// its hash right and the tag given, then the values.
fn forged(path: &Path, rule: &str, values: &[u16], tag: Option<&[u8; key::TAG_LENGTH]>) {
    let mut bytes = header::signed_lines(rule, values.len(), fnv1a_64(values)).into_bytes();
    bytes.extend(header::tag_line(tag).into_bytes());
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_file_written_under_the_key_is_trusted_and_any_other_is_foreign() {
    let folder = tempfile::tempdir().unwrap();
    let (mine, theirs) = (a_key(folder.path(), "a"), a_key(folder.path(), "b"));
    let path = folder.path().join("six.ckpt");
    let values = straight(5000);
    write(&path, "octal:·6", &values, Some(&mine)).unwrap();
    let stored = read(&path, "octal:·6").unwrap().unwrap();
    assert_eq!(stored.values, values);
    assert_eq!(stored.foreign(Some(&mine)), None);
    assert!(
        stored
            .foreign(Some(&theirs))
            .unwrap()
            .contains("not this user's key")
    );
    assert!(stored.foreign(None).unwrap().contains("no checkpoint key"));
    write(&path, "octal:·6", &values, None).unwrap();
    let untagged = read(&path, "octal:·6").unwrap().unwrap();
    assert!(
        untagged
            .foreign(Some(&mine))
            .unwrap()
            .contains("without a tag")
    );
    // A value changed and the hash and the tag line copied: foreign.
    let mut edited = values.clone();
    edited[4000] ^= 1;
    let tag = stored.header.tag.unwrap();
    forged(&path, "octal:·6", &edited, Some(&tag));
    let edited = read(&path, "octal:·6").unwrap().unwrap();
    assert!(edited.foreign(Some(&mine)).is_some());
}

/// Issue 31's crafted file for Officers: the true values for heaps 0–31, a
/// made-up period-2 run for heaps 32–67, and from heap 68 on the rule's own
/// continuation of that prefix. Every heap after the run is consistent
/// with the values below it, so the old sampled check passed it.
fn crafted(count: usize) -> Vec<u16> {
    let mut values = straight(32);
    values.extend((32..68).map(|heap| (heap % 2) as u16 + 1));
    let mut run = OctalRun::resume(MoveTable::of(&officers()), values, false);
    run.extend_to(count).unwrap();
    run.into_values()
}

#[test]
fn the_crafted_file_is_refused_at_the_first_planted_heap() {
    let folder = tempfile::tempdir().unwrap();
    let key = a_key(folder.path(), "key");
    let path = folder.path().join("six.ckpt");
    let values = crafted(200_000);
    let truth = straight(200_000);
    let first = (0..).find(|&h| values[h] != truth[h]).unwrap();
    assert!((32..68).contains(&first));
    for tag in [None, Some([7u8; key::TAG_LENGTH])] {
        forged(&path, "octal:·6", &values, tag.as_ref());
        let error = format!(
            "{:#}",
            saved_values(&officers(), &path, "octal:·6", Some(&key)).unwrap_err()
        );
        assert!(
            error.contains(&format!(
                "heap {first} holds the value {}, but its options give {}",
                values[first], truth[first]
            )),
            "{error}"
        );
    }
    // The true values, foreign, are checked and taken.
    forged(&path, "octal:·6", &truth, None);
    let resumed = saved_values(&officers(), &path, "octal:·6", Some(&key)).unwrap();
    assert_eq!(resumed, truth);
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_refused_with_its_place() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("c");
    write(&path, "octal:·6", &[0, 1, 2, 3], None).unwrap();
    let good = std::fs::read(&path).unwrap();
    let error = |bytes: &[u8], rule: &str| -> String {
        std::fs::write(&path, bytes).unwrap();
        format!("{:#}", read(&path, rule).unwrap_err())
    };
    let shown = path.display().to_string();
    assert!(error(&good, "octal:·16").contains(&format!("{shown}:2: a checkpoint of octal:·6")));
    let mut flipped = good.clone();
    *flipped.last_mut().unwrap() ^= 1;
    assert!(error(&flipped, "octal:·6").contains("the file is damaged"));
    let short = &good[..good.len() - 1];
    assert!(error(short, "octal:·6").contains(":3: the header promises 4 values (8 bytes), but 7"));
    let mut long = good.clone();
    long.push(0);
    assert!(error(&long, "octal:·6").contains("(8 bytes), but 9 bytes follow"));
    let text = String::from_utf8_lossy(&good).to_string();
    let version = text.replacen("checkpoint 2", "checkpoint 9", 1);
    assert!(error(version.as_bytes(), "octal:·6").contains(":1: checkpoint version 9"));
    assert!(error(b"hello\n", "octal:·6").contains(":1: not a ladder checkpoint"));
    let count = text.replacen("values 4", "values four", 1);
    assert!(error(count.as_bytes(), "octal:·6").contains(":3: `four` is not a count"));
    let huge = text.replacen("values 4", "values 99999999999999999999", 1);
    assert!(error(huge.as_bytes(), "octal:·6").contains(":3:"));
    let tag = text.replacen("tag none", "tag nothing", 1);
    assert!(error(tag.as_bytes(), "octal:·6").contains(":5: `nothing` is not a tag"));
    assert!(error(b"", "octal:·6").contains(":1: not a ladder checkpoint"));
    assert!(
        read(&folder.path().join("absent"), "octal:·6")
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_version_one_file_is_read_and_foreign() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("c");
    let values = straight(100);
    let mut bytes = format!(
        "ladder checkpoint 1\nrule octal:·6\nvalues 100\nhash {:016x}\n",
        fnv1a_64(&values)
    )
    .into_bytes();
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    std::fs::write(&path, bytes).unwrap();
    let key = a_key(folder.path(), "key");
    let stored = read(&path, "octal:·6").unwrap().unwrap();
    assert!(
        stored
            .foreign(Some(&key))
            .unwrap()
            .contains("earlier ladder")
    );
    assert_eq!(
        saved_values(&officers(), &path, "octal:·6", Some(&key)).unwrap(),
        values
    );
}

#[test]
fn an_endless_or_huge_header_line_is_refused_after_a_kilobyte() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("c");
    let mut line = b"ladder checkpoint 2\nrule ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 10_000_000));
    std::fs::write(&path, &line).unwrap();
    let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
    assert!(
        error.contains(":2: a line longer than 1024 bytes"),
        "{error}"
    );
    assert!(error.len() < 300, "{} bytes", error.len());
    // Wrong but short enough to repeat: cut to 80 characters.
    let mut line = b"ladder checkpoint 2\nrule ".to_vec();
    line.extend(std::iter::repeat_n(b'y', 1000));
    line.push(b'\n');
    std::fs::write(&path, &line).unwrap();
    let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
    assert!(error.contains("more characters)"), "{error}");
    assert!(error.len() < 300, "{} bytes", error.len());
    #[cfg(unix)]
    {
        let link = folder.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let error = format!("{:#}", read(&link, "octal:·6").unwrap_err());
        assert!(
            error.contains("a character device, not a regular file"),
            "{error}"
        );
    }
}

#[test]
fn a_crlf_header_is_refused_with_the_carriage_return_escaped() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("c");
    write(&path, "octal:·6", &[0, 1, 2, 3], None).unwrap();
    let good = std::fs::read(&path).unwrap();
    let header_end = good.windows(8).position(|w| w == b"tag none").unwrap() + 9;
    let crlf = String::from_utf8_lossy(&good[..header_end]).replace('\n', "\r\n");
    let mut bytes = crlf.into_bytes();
    bytes.extend_from_slice(&good[header_end..]);
    std::fs::write(&path, &bytes).unwrap();
    let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
    assert!(!error.contains('\r'), "{error:?}");
    assert!(
        error.contains(":1: `2\\r` ends with a carriage return"),
        "{error}"
    );
    std::fs::write(&path, b"ladder checkpoint 2\nrule octal:\x1b[31m\n").unwrap();
    let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
    assert!(
        !error.contains('\x1b') && error.contains("\\u{1b}"),
        "{error:?}"
    );
}

#[test]
fn a_name_with_a_newline_keeps_the_message_on_one_line() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("two\nlines");
    std::fs::write(&path, b"hello\n").unwrap();
    let error = format!("{:#}", read(&path, "octal:·6").unwrap_err());
    assert!(!error.contains('\n'), "{error:?}");
    assert!(
        error.contains("two\\nlines:1: not a ladder checkpoint"),
        "{error}"
    );
}

#[test]
fn a_temporary_file_left_by_a_killed_run_is_removed_by_the_next() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("six.ckpt");
    let left = folder.path().join(".six.ckpt.ladder-abc123");
    std::fs::write(&left, b"ladder checkpoint 2\nrule octal:\xc2\xb76\n").unwrap();
    let theirs = folder.path().join(".six.ckpt.ladder-notes");
    std::fs::write(&theirs, b"not ours").unwrap();
    write(&path, "octal:·6", &straight(2), None).unwrap();
    saved_values(&officers(), &path, "octal:·6", None).unwrap();
    assert!(!left.exists() && theirs.exists() && path.exists());
}
