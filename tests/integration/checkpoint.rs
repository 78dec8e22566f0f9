//! `ladder seq RULE --values N --checkpoint FILE` (issue 17, item 3): a run
//! stopped (by Ctrl-C, or by ending at a smaller N) and started again with
//! the same file prints what a straight run prints, hash included, and
//! leaves the same file; a damaged or foreign file is a located error with
//! exit code 2. Small sizes: each run takes well under a second.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use ladder::checkpoint;
use ladder::games::octal::OctalCode;
use ladder::games::octal_engine::OctalRun;
use ladder::games::octal_moves::MoveTable;
use std::time::{Duration, Instant};

fn ladder(args: &[&str]) -> Output {
    crate::common::command()
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
    let child = crate::common::command()
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
    let header_end = text.find("tag ").unwrap() + 4 + 64 + 1;
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
        message.contains(":1: `2\\r` ends with a carriage return"),
        "{message:?}"
    );
    assert!(!message.contains('\r'), "{message:?}");
}

/// Issue 31's crafted file for Officers (·6), whose period nobody knows:
/// the true values for heaps 0–31, a made-up period-2 run for heaps 32–67,
/// and from heap 68 on the rule's own continuation of that prefix. The
/// sampled check it replaced re-derived 96 heaps and passed it.
fn crafted(count: usize) -> Vec<u16> {
    let officers = OctalCode::parse("·6").unwrap();
    let mut run = OctalRun::new(&officers, false);
    run.extend_to(32).unwrap();
    let mut values = run.into_values();
    values.extend((32..68).map(|heap| (heap % 2) as u16 + 1));
    let mut run = OctalRun::resume(MoveTable::of(&officers), values, false);
    run.extend_to(count).unwrap();
    run.into_values()
}

#[test]
fn the_crafted_checkpoint_proves_nothing_whatever_its_tag() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("crafted");
    let shown = file.to_str().unwrap();
    let elsewhere = checkpoint::key::load_or_make(&folder.path().join("their.key")).unwrap();
    for key in [None, Some(&elsewhere)] {
        checkpoint::write(&file, "octal:·6", &crafted(100_000), key).unwrap();
        for args in [
            &["solve", "octal:.6", "--checkpoint", shown][..],
            &[
                "seq",
                "octal:·6",
                "--values",
                "200000",
                "--checkpoint",
                shown,
            ],
        ] {
            let out = ladder(args);
            let (stdout, stderr) = (
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
            );
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stdout}{stderr}");
            assert!(
                !stdout.contains("proven") && !stdout.contains("period 2"),
                "{stdout}"
            );
            assert!(
                stderr.contains("checking each of its 100,000 values against octal:·6 first"),
                "{stderr}"
            );
            assert!(stderr.contains("but its options give"), "{stderr}");
        }
    }
}

#[test]
fn a_checkpoint_written_here_resumes_without_a_check_and_one_from_elsewhere_after_one() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("c");
    assert_eq!(seq("70000", &file).status.code(), Some(0));
    let resumed = seq("80000", &file);
    assert_eq!(resumed.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&resumed.stderr).contains("checking"));
    // Another user's (another data folder's) key: foreign, checked, taken.
    let other = tempfile::tempdir().unwrap();
    let out = crate::common::command()
        .args(["seq", "octal:·6", "--values", "90000", "--checkpoint"])
        .arg(&file)
        .env("XDG_DATA_HOME", other.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("its tag is not this user's key's"),
        "{stderr}"
    );
    assert!(
        stderr.contains("all 80,000 values are octal:·6's (checked in "),
        "{stderr}"
    );
    assert_eq!(
        out.stdout,
        seq("90000", &folder.path().join("straight")).stdout
    );
}

#[test]
fn a_checkpoint_that_is_no_file_or_has_an_endless_line_is_refused_at_once() {
    let folder = tempfile::tempdir().unwrap();
    let zero = folder.path().join("zero");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let fifo = folder.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let long = folder.path().join("long");
    let mut line = b"ladder checkpoint 2\nrule ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 100 << 20));
    std::fs::write(&long, line).unwrap();
    for (file, message) in [
        (&zero, "a character device, not a regular file"),
        (&fifo, "a FIFO (named pipe), not a regular file"),
        (&folder.path().to_path_buf(), "a folder, not a regular file"),
        (&long, ":2: a line longer than 1024 bytes"),
    ] {
        for command in ["seq", "solve"] {
            let out = crate::common::command()
                .args([command, "octal:·6", "--checkpoint"])
                .arg(file)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{file:?}: {stderr}");
            assert!(stderr.contains(message), "{file:?}: {stderr}");
            assert!(stderr.len() < 1000, "{} bytes", stderr.len());
        }
    }
}

#[test]
fn a_name_with_a_newline_and_a_full_disk_are_named_on_one_line() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("two\nlines");
    std::fs::write(&file, "hello\n").unwrap();
    let out = seq("1000", &file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("two\\nlines:1: not a ladder checkpoint"),
        "{stderr}"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    // No room for the file (a size limit stands in for a full disk: the
    // write fails the same way, with the same need to name the file).
    let full = folder.path().join("full");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 64; exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_ladder"))
        .args(["seq", "octal:·6", "--values", "300000", "--checkpoint"])
        .arg(&full)
        .env("XDG_DATA_HOME", crate::common::data_home())
        .env("CI", "true")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: cannot write the checkpoint", full.display())),
        "{stderr}"
    );
}
