//! Nothing left after a kill (issue 26, item 5): a run is stopped at each
//! moment it holds a temporary folder or file (`LADDER_PAUSE_AT`, see
//! `src/pause.rs`), killed there with SIGKILL, and the next run must leave
//! no leftover, and the site it writes must be what a fresh build writes.

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use common::{ladder, site};

/// Runs ladder with `args` until it pauses at `moment`, then kills it.
fn killed_at(root: &Path, args: &[&str], moment: &str) {
    let mut child = crate::common::command()
        .arg("--root")
        .arg(root)
        .args(args)
        .env("CI", "true")
        .env("LADDER_PAUSE_AT", moment)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tell, heard) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tell.send(line);
        }
    });
    let wanted = format!("ladder: paused at {moment}");
    let mut said = Vec::new();
    let paused = loop {
        match heard.recv_timeout(Duration::from_secs(60)) {
            Ok(line) if line == wanted => break true,
            Ok(line) => said.push(line),
            Err(_) => break false,
        }
    };
    child.kill().unwrap();
    let _ = child.wait();
    assert!(paused, "{args:?} never paused at {moment}: {said:?}");
}

/// Every temporary name ladder gives, found in the project, its output or
/// its cache (the lock file, which stays by design, aside).
fn leftovers(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let temporary = (name.starts_with(".output.ladder-") && name != ".output.ladder-lock")
                || name.contains(".ladder-only-")
                || name.contains(".ladder-entry-")
                || name.contains(".ckpt.ladder-")
                || name.starts_with(".tmp");
            if temporary {
                found.push(entry.path());
            } else if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            }
        }
    }
    found
}

fn built_clean(root: &Path) {
    let out = ladder(root, &["build"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(leftovers(root), Vec::<PathBuf>::new());
    let check = ladder(root, &["check"]);
    assert!(check.status.success(), "{}", common::stdout(&check));
}

#[test]
fn a_build_killed_at_any_moment_leaves_nothing_after_the_next() {
    for moment in [
        "staging-created",
        "staging-filled",
        "old-site-removing",
        "cache-written",
    ] {
        let dir = site("base");
        let root = dir.path();
        assert!(ladder(root, &["build"]).status.success());
        if moment == "cache-written" {
            fs::remove_dir_all(root.join(".cache")).unwrap();
        }
        killed_at(root, &["build", "--force"], moment);
        assert!(
            !leftovers(root).is_empty(),
            "{moment}: the kill left nothing to test"
        );
        built_clean(root);
    }
}

#[test]
fn a_build_killed_while_removing_a_leftover_leaves_nothing_after_the_next() {
    let dir = site("base");
    let root = dir.path();
    assert!(ladder(root, &["build"]).status.success());
    let left = root.join(".output.ladder-k1ll3d");
    fs::create_dir_all(left.join("figures")).unwrap();
    fs::write(left.join(".ladder-output"), "").unwrap();
    fs::write(left.join("figures/a.svg"), "a").unwrap();
    fs::write(left.join("index.html"), "i").unwrap();
    killed_at(root, &["build"], "leftover-removing");
    assert!(left.exists(), "half removed, not gone");
    built_clean(root);
}

#[test]
fn a_build_of_some_figures_killed_leaves_nothing_after_the_next() {
    let dir = site("base");
    let root = dir.path();
    assert!(ladder(root, &["build"]).status.success());
    killed_at(
        root,
        &["build", "--only", "strip-1-3-4", "--force"],
        "only-written",
    );
    assert!(!leftovers(root).is_empty());
    let out = ladder(root, &["build", "--only", "strip-1-3-4"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(leftovers(root), Vec::<PathBuf>::new());
}

/// Runs `command` on ·6 with a checkpoint in a new folder, kills it while
/// it writes the checkpoint, and runs it again: the second run must leave
/// the checkpoint and nothing else.
fn killed_while_writing_and_run_again(command: &[&str]) {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("six.ckpt");
    let mut args = command.to_vec();
    args.extend([
        "--checkpoint",
        file.to_str().unwrap(),
        "--checkpoint-every",
        "0",
    ]);
    killed_at(folder.path(), &args, "checkpoint-written");
    assert!(
        !leftovers(folder.path()).is_empty(),
        "no temporary file to test"
    );
    let out = ladder(folder.path(), &args);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(leftovers(folder.path()), Vec::<PathBuf>::new());
    let names: Vec<_> = fs::read_dir(folder.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("six.ckpt")]);
}

#[test]
fn a_checkpointed_run_killed_while_writing_leaves_nothing_after_the_next() {
    killed_while_writing_and_run_again(&["seq", "octal:·6", "--values", "200000"]);
}

#[test]
fn a_solve_killed_while_writing_its_checkpoint_leaves_nothing_after_the_next() {
    // ·6 proves no period in 200,000 values, so the run writes its
    // checkpoint as it goes and at the end.
    killed_while_writing_and_run_again(&["solve", "octal:·6", "--max-values", "200000"]);
}
