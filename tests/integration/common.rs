//! Helpers shared by the end-to-end tests of the file-system guarantees:
//! a site built from `tests/fixtures/base` in a temporary folder, the
//! `ladder` binary run on it, and a folder read back byte for byte.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The file a build writes into every output folder it makes.
pub const MARKER: &str = ".ladder-output";

/// The data folder every `ladder` the tests run is given
/// (`XDG_DATA_HOME`): the checkpoint key is made there, once for the whole
/// test run, never in the home of whoever runs the tests.
pub fn data_home() -> &'static Path {
    static HOME: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    HOME.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The `ladder` binary as a command, with the tests' data folder.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ladder"));
    command.env("XDG_DATA_HOME", data_home());
    command
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn copy_tree(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A site folder: the real templates, the base fixture, then the case's
/// files; no `output/` yet.
pub fn site(case: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("templates")).unwrap();
    copy_tree(&repo().join("templates"), &dir.path().join("templates"));
    let fixtures = repo().join("tests/fixtures");
    copy_tree(&fixtures.join("base"), dir.path());
    if case != "base" {
        copy_tree(&fixtures.join(case), dir.path());
    }
    dir
}

/// [`site`] with an `output/` that an earlier build wrote (it holds the
/// marker) and one file of "the previous site", which a failed build must
/// leave as it was.
pub fn site_with_previous_output(case: &str) -> tempfile::TempDir {
    let dir = site(case);
    fs::create_dir_all(dir.path().join("output")).unwrap();
    fs::write(dir.path().join("output").join(MARKER), "").unwrap();
    fs::write(dir.path().join("output/previous.txt"), "the previous site").unwrap();
    dir
}

pub fn ladder(root: &Path, args: &[&str]) -> Output {
    command()
        .arg("--root")
        .arg(root)
        .args(args)
        .env("CI", "true")
        .output()
        .unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// What a folder holds, without following links: each file's bytes, each
/// link's target (as `-> target`), each folder (as `/`).
pub fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut all = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(root).unwrap().to_path_buf();
            let kind = fs::symlink_metadata(&path).unwrap().file_type();
            if kind.is_symlink() {
                let target = fs::read_link(&path).unwrap();
                all.insert(relative, format!("-> {}", target.display()).into_bytes());
            } else if kind.is_dir() {
                all.insert(relative, b"/".to_vec());
                stack.push(path);
            } else {
                all.insert(relative, fs::read(&path).unwrap());
            }
        }
    }
    all
}

/// Asserts exit code 2 and that stderr holds `message`, with the site
/// folder's path removed from it.
pub fn assert_error(root: &Path, out: &Output, message: &str) {
    let text = stderr(out).replace(&format!("{}/", root.display()), "");
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains(message), "expected\n{message}\nin\n{text}");
}
