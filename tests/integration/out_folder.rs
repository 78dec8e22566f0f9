//! `ladder build` and the folder it writes: it never deletes what it did
//! not write (issue 14, defect 1), two builds into one folder take turns
//! (4), `output/` exists at every moment of the swap (9), a clean-up that
//! fails or a leftover of an earlier run blocks nothing (10), and a linked
//! `output/` is written through to the folder it names (18).

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{MARKER, assert_error, ladder, site, snapshot, stderr};

fn build_into(root: &Path, out: &Path) -> std::process::Output {
    ladder(root, &["build", "--out", out.to_str().unwrap()])
}

fn assert_built(out: &std::process::Output) {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
}

#[test]
fn out_refuses_a_folder_a_build_did_not_write() {
    let dir = site("base");
    let deploy = dir.path().join("deploy");
    fs::create_dir_all(deploy.join(".git")).unwrap();
    fs::write(deploy.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    fs::write(deploy.join("CNAME"), "games.example.org\n").unwrap();
    let before = snapshot(&deploy);
    let out = build_into(dir.path(), &deploy);
    assert_error(
        dir.path(),
        &out,
        "deploy is not empty and holds no .ladder-output",
    );
    assert_eq!(
        snapshot(&deploy),
        before,
        "--out deleted what it did not write"
    );
}

#[test]
fn out_refuses_a_file() {
    let dir = site("base");
    let file = dir.path().join("notes.txt");
    fs::write(&file, "mine").unwrap();
    assert_error(
        dir.path(),
        &build_into(dir.path(), &file),
        "notes.txt is not a folder",
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
}

#[test]
fn out_refuses_the_project_and_its_ancestors_even_with_a_marker() {
    let dir = site("base");
    let project = dir.path().join("project");
    fs::create_dir_all(&project).unwrap();
    common::copy_tree(site("base").path(), &project);
    // Even a planted marker does not make the project a place to write.
    fs::write(project.join(MARKER), "").unwrap();
    let before = snapshot(dir.path());
    for out in [
        project.clone(),
        project.join("."),
        project.join("content/.."),
        dir.path().to_path_buf(),
        dir.path().join("project/.."),
    ] {
        let result = build_into(&project, &out);
        assert_eq!(result.status.code(), Some(2), "{}", out.display());
        assert!(
            stderr(&result).contains("holds the project"),
            "{}",
            stderr(&result)
        );
    }
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn out_writes_a_new_folder_an_empty_folder_and_over_an_earlier_output() {
    let dir = site("base");
    let fresh = dir.path().join("a/b/site");
    assert_built(&build_into(dir.path(), &fresh));
    assert!(fresh.join(MARKER).is_file() && fresh.join("index.html").is_file());
    let empty = dir.path().join("empty");
    fs::create_dir_all(&empty).unwrap();
    assert_built(&build_into(dir.path(), &empty));
    // A second build replaces the first, files it no longer makes included.
    fs::write(fresh.join("stale.html"), "from an earlier build").unwrap();
    assert_built(&build_into(dir.path(), &fresh));
    assert!(!fresh.join("stale.html").exists());
    assert_eq!(snapshot(&fresh), snapshot(&empty));
    // The marker is part of what a build writes, so `check` agrees with it.
    let check = ladder(dir.path(), &["check", "--out", fresh.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn only_refuses_a_folder_a_build_did_not_write() {
    let dir = site("base");
    let mine = dir.path().join("mine");
    fs::create_dir_all(mine.join("figures")).unwrap();
    fs::write(mine.join("figures/strip-1-3-4.svg"), "my drawing").unwrap();
    let before = snapshot(&mine);
    let out = ladder(
        dir.path(),
        &[
            "build",
            "--out",
            mine.to_str().unwrap(),
            "--only",
            "strip-1-3-4",
        ],
    );
    assert_error(
        dir.path(),
        &out,
        "mine is not empty and holds no .ladder-output",
    );
    assert_eq!(snapshot(&mine), before);
    let new = dir.path().join("new");
    let out = ladder(
        dir.path(),
        &[
            "build",
            "--out",
            new.to_str().unwrap(),
            "--only",
            "strip-1-3-4",
        ],
    );
    assert_error(
        dir.path(),
        &out,
        "new holds no earlier build: --only updates one",
    );
    assert!(!new.exists());
}

/// The lock a build holds while it writes `out`.
fn lock_of(out: &Path) -> std::path::PathBuf {
    let name = out.file_name().unwrap().to_str().unwrap();
    out.with_file_name(format!(".{name}.ladder-lock"))
}

#[test]
fn a_build_waits_while_another_writes_the_same_folder() {
    let dir = site("base");
    let out = dir.path().join("output");
    assert_built(&build_into(dir.path(), &out));
    let before = snapshot(&out);
    fs::write(dir.path().join("content/page.md"), {
        let text = fs::read_to_string(dir.path().join("content/page.md")).unwrap();
        text.replace("The period", "Its period")
    })
    .unwrap();
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_of(&out))
        .unwrap();
    lock.lock().unwrap();
    let mut child = crate::common::command()
        .args(["--root", dir.path().to_str().unwrap(), "build"])
        .env("CI", "true")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build wrote while another held the folder"
    );
    assert_eq!(snapshot(&out), before, "the folder changed under the lock");
    lock.unlock().unwrap();
    let result = child.wait_with_output().unwrap();
    assert_built(&result);
    assert!(
        stderr(&result).contains("waiting for another ladder build writing"),
        "{}",
        stderr(&result)
    );
    let page = fs::read_to_string(out.join("page.html")).unwrap();
    assert!(page.contains("Its period is 7."));
}

#[test]
fn concurrent_builds_into_one_folder_leave_one_whole_site() {
    let dir = site("base");
    let out = dir.path().join("output");
    let reference = dir.path().join("reference");
    assert_built(&build_into(dir.path(), &reference));
    let expected = snapshot(&reference);
    for round in 0..6 {
        let children: Vec<_> = (0..4)
            .map(|_| {
                crate::common::command()
                    .args(["--root", dir.path().to_str().unwrap(), "build"])
                    .env("CI", "true")
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let result = child.wait_with_output().unwrap();
            assert_eq!(
                result.status.code(),
                Some(0),
                "round {round}: {}",
                stderr(&result)
            );
        }
        assert_eq!(snapshot(&out), expected, "round {round}: a mixed site");
    }
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".output.") && !n.ends_with("-lock"))
        .collect();
    assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
}

#[test]
fn output_exists_at_every_moment_of_the_swap() {
    let dir = site("base");
    let out = dir.path().join("output");
    assert_built(&build_into(dir.path(), &out));
    let done = Arc::new(AtomicBool::new(false));
    let gaps = Arc::new(AtomicUsize::new(0));
    let watcher = {
        let (done, gaps, out) = (done.clone(), gaps.clone(), out.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if fs::symlink_metadata(out.join("index.html")).is_err() {
                    gaps.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    let start = Instant::now();
    let mut builds = 0;
    while builds < 40 && start.elapsed() < Duration::from_secs(20) {
        assert_built(&ladder(dir.path(), &["build"]));
        builds += 1;
    }
    done.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    assert_eq!(
        gaps.load(Ordering::Relaxed),
        0,
        "output/ was missing during {builds} swaps"
    );
}

#[test]
fn leftovers_of_earlier_runs_neither_block_a_build_nor_survive_it() {
    let dir = site("base");
    // What an older ladder left when its clean-up failed: not directories
    // it can remove, so an older build stopped at them on every run.
    fs::write(dir.path().join(".output.new"), "not a folder").unwrap();
    fs::write(dir.path().join(".output.old"), "not a folder").unwrap();
    // A staging folder of a build that was killed: ours, by name and marker.
    let stale = dir.path().join(".output.ladder-Xy12ab");
    fs::create_dir_all(stale.join("figures")).unwrap();
    fs::write(stale.join(MARKER), "").unwrap();
    fs::write(stale.join("figures/half.svg"), "half written").unwrap();
    // A folder with our prefix but no marker is not ours: it stays.
    let foreign = dir.path().join(".output.ladder-notes");
    fs::create_dir_all(&foreign).unwrap();
    fs::write(foreign.join("keep.txt"), "mine").unwrap();

    assert_built(&ladder(dir.path(), &["build"]));
    assert!(!stale.exists(), "a leftover staging folder survived");
    assert_eq!(
        fs::read_to_string(foreign.join("keep.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join(".output.new")).unwrap(),
        "not a folder"
    );
    assert_built(&ladder(dir.path(), &["build"]));
}

#[test]
fn a_linked_output_is_written_through_to_the_folder_it_names() {
    let dir = site("base");
    let target = dir.path().join("published/site");
    fs::create_dir_all(&target).unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("output")).unwrap();
    assert_built(&ladder(dir.path(), &["build"]));
    let link = fs::symlink_metadata(dir.path().join("output")).unwrap();
    assert!(link.file_type().is_symlink(), "output/ is no longer a link");
    assert!(
        target.join("index.html").is_file(),
        "the target never changed"
    );
    assert_eq!(ladder(dir.path(), &["check"]).status.code(), Some(0));
    // A second build goes through the link again.
    fs::write(target.join("stale.html"), "old").unwrap();
    assert_built(&ladder(dir.path(), &["build"]));
    assert!(!target.join("stale.html").exists());
    assert!(
        fs::symlink_metadata(dir.path().join("output"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_dangling_output_link_is_refused() {
    let dir = site("base");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("output")).unwrap();
    assert_error(
        dir.path(),
        &ladder(dir.path(), &["build"]),
        "output is a link to nowhere, which does not exist",
    );
}
