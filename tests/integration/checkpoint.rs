//! `ladder seq RULE --values N --checkpoint FILE` (issue 17, item 3): a run
//! stopped (by Ctrl-C, or by ending at a smaller N) and started again with
//! the same file prints what a straight run prints, hash included, and
//! leaves the same file; a damaged or foreign file is a located error with
//! exit code 2. Small sizes: each run takes well under a second.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ladder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(args)
        .env("CI", "true")
        .output()
        .unwrap()
}

fn seq(values: &str, file: &Path) -> Output {
    let file = file.to_str().unwrap();
    ladder(&["seq", "octal:·6", "--values", values, "--checkpoint", file])
}

#[test]
fn a_run_resumed_from_a_shorter_one_prints_and_saves_what_a_straight_run_does() {
    let folder = tempfile::tempdir().unwrap();
    let (straight_file, resumed_file) = (folder.path().join("a"), folder.path().join("b"));
    let straight = seq("150000", &straight_file);
    assert_eq!(straight.status.code(), Some(0));
    assert_eq!(seq("70000", &resumed_file).status.code(), Some(0));
    let resumed = seq("150000", &resumed_file);
    assert_eq!(resumed.status.code(), Some(0));
    assert_eq!(straight.stdout, resumed.stdout);
    let text = String::from_utf8(straight.stdout).unwrap();
    assert!(text.contains("values hash: "), "{text}");
    assert_eq!(
        std::fs::read(&straight_file).unwrap(),
        std::fs::read(&resumed_file).unwrap()
    );
}

#[test]
fn an_interrupted_run_goes_on_from_its_checkpoint() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("interrupted");
    let child = Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(["seq", "octal:·6", "--values", "90000000", "--checkpoint"])
        .arg(&file)
        .args(["--checkpoint-every", "0"])
        .env("CI", "true")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first checkpoint lands after one step of 65,536 heaps.
    let clock = Instant::now();
    while !file.exists() && clock.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let signal = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    let out = child.wait_with_output().unwrap();
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{message}");
    assert!(message.contains("interrupted: "), "{message}");
    let resumed = seq("400000", &file);
    let straight = seq("400000", &folder.path().join("straight"));
    assert_eq!(resumed.status.code(), Some(0));
    assert_eq!(resumed.stdout, straight.stdout);
}

#[test]
fn a_foreign_or_damaged_checkpoint_is_a_located_error() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("c");
    assert_eq!(seq("5000", &file).status.code(), Some(0));
    let shown = file.display().to_string();
    let out = ladder(&[
        "seq",
        "octal:·16",
        "--values",
        "5000",
        "--checkpoint",
        &shown,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains(&format!(
            "{shown}:2: a checkpoint of octal:·6, not of octal:·16"
        )),
        "{message}"
    );
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let out = seq("5000", &file);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the file is damaged"));
    let out = ladder(&["seq", "sub:1,2", "--checkpoint", &shown]);
    assert_eq!(out.status.code(), Some(2));
}

/// FNV-1a 64 over each value as a little-endian u32: the hash line's.
fn fnv1a_64(values: &[u16]) -> u64 {
    values
        .iter()
        .flat_map(|&v| u32::from(v).to_le_bytes())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

#[test]
fn an_edited_checkpoint_with_its_hash_recomputed_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("c");
    assert_eq!(seq("5000", &file).status.code(), Some(0));
    let bytes = std::fs::read(&file).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let header_end = text.find("hash ").unwrap() + 22;
    let mut values: Vec<u16> = bytes[header_end..]
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    values[1] = 7; // g(1) = 7, as the edit
    let header = format!(
        "ladder checkpoint 1\nrule octal:·6\nvalues {}\nhash {:016x}\n",
        values.len(),
        fnv1a_64(&values)
    );
    let mut edited = header.into_bytes();
    edited.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    std::fs::write(&file, &edited).unwrap();
    let out = seq("6000", &file);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains("heap 1 holds the value 7, but its options give 0"),
        "{message}"
    );
    // A CRLF copy of a good file: refused, the carriage return written out.
    let crlf = String::from_utf8_lossy(&bytes[..header_end]).replace('\n', "\r\n");
    let mut copied = crlf.into_bytes();
    copied.extend_from_slice(&bytes[header_end..]);
    std::fs::write(&file, &copied).unwrap();
    let out = seq("6000", &file);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains(":1: `1\\r` ends with a carriage return"),
        "{message:?}"
    );
    assert!(!message.contains('\r'), "{message:?}");
}
