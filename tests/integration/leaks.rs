//! What a build reads, and what `check` and `diff` read: a page's content is
//! a plain file in `content/` and no link leads a build out of the project
//! (issue 14, defect 2); an id too long for a file name is refused where it
//! is written (19); `check` and `diff FOLDER` do not follow links out of
//! `output/` and read a bounded amount (6).

use crate::common;

use std::fs;
use std::os::unix::fs::symlink;

use common::{MARKER, assert_error, ladder, site, snapshot, stdout};

/// Builds the case into an earlier output and asserts the error and that
/// the earlier output is unchanged byte for byte.
fn refused(dir: &tempfile::TempDir, message: &str) {
    let out = dir.path().join("output");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join(MARKER), "").unwrap();
    fs::write(out.join("previous.txt"), "the previous site").unwrap();
    let before = snapshot(&out);
    assert_error(dir.path(), &ladder(dir.path(), &["build"]), message);
    assert_eq!(snapshot(&out), before, "output/ was touched");
}

const PLAIN: &str = "must be a file name in content/ (no folder, no `/`, `\\` or `..`)";

#[test]
fn content_must_be_a_plain_file_name() {
    refused(
        &site("content-absolute"),
        &format!("figures.yaml:8:14: page `page`: content `/etc/passwd` {PLAIN}"),
    );
    refused(
        &site("content-parent"),
        &format!("figures.yaml:8:14: page `page`: content `../figures.yaml` {PLAIN}"),
    );
    refused(
        &site("content-subfolder"),
        &format!("figures.yaml:8:14: page `page`: content `drafts/page.md` {PLAIN}"),
    );
}

#[test]
fn a_content_link_that_leaves_the_project_is_refused() {
    let dir = site("base");
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("secret.md"), "SECRET").unwrap();
    let page = dir.path().join("content/page.md");
    fs::remove_file(&page).unwrap();
    symlink(outside.path().join("secret.md"), &page).unwrap();
    refused(
        &dir,
        "figures.yaml:8:14: page `page`: content/page.md is a link to a file outside the project",
    );
}

#[test]
fn a_content_link_inside_the_project_is_followed() {
    let dir = site("base");
    fs::create_dir_all(dir.path().join("drafts")).unwrap();
    fs::rename(
        dir.path().join("content/page.md"),
        dir.path().join("drafts/page.md"),
    )
    .unwrap();
    symlink("../drafts/page.md", dir.path().join("content/page.md")).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let html = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    assert!(html.contains("The period is 7."));
}

#[test]
fn a_template_link_that_leaves_the_project_is_refused() {
    for name in ["style/tables.css", "page.html"] {
        let dir = site("base");
        let file = dir.path().join("templates").join(name);
        fs::remove_file(&file).unwrap();
        symlink("/etc/hostname", &file).unwrap();
        refused(
            &dir,
            &format!("templates/{name} is a link to a file outside the project"),
        );
        assert!(!dir.path().join("output/style.css").exists());
    }
}

#[test]
fn a_linked_templates_folder_outside_the_project_is_refused() {
    let dir = site("base");
    let outside = tempfile::tempdir().unwrap();
    common::copy_tree(&dir.path().join("templates"), outside.path());
    fs::remove_dir_all(dir.path().join("templates")).unwrap();
    symlink(outside.path(), dir.path().join("templates")).unwrap();
    refused(&dir, "is a link to a file outside the project");
}

#[test]
fn an_id_too_long_for_a_file_name_is_refused_where_it_is_written() {
    refused(
        &site("id-too-long"),
        "figures.yaml:10:9: figures[0].id: an id may be at most 238 bytes (it names files such as `<id>.phone.cells.json`), and this one is 251",
    );
    // 238 bytes is the longest that still names `figures/<id>.phone.cells.json`.
    let dir = site("id-too-long");
    let (long, fits) = ("a".repeat(251), "a".repeat(238));
    for file in ["figures.yaml", "content/page.md"] {
        let path = dir.path().join(file);
        let text = fs::read_to_string(&path).unwrap().replace(&long, &fits);
        fs::write(path, text).unwrap();
    }
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert!(
        dir.path()
            .join(format!("output/data/{fits}.json"))
            .is_file()
    );
}

fn built() -> tempfile::TempDir {
    let dir = site("base");
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    dir
}

#[test]
fn check_reports_a_link_and_does_not_follow_it() {
    let dir = built();
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("secret.txt"), "SECRET").unwrap();
    symlink(outside.path(), dir.path().join("output/evil")).unwrap();
    let svg = dir.path().join("output/figures/strip-1-3-4.svg");
    fs::remove_file(&svg).unwrap();
    symlink(outside.path().join("secret.txt"), &svg).unwrap();
    let check = ladder(dir.path(), &["check"]);
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(
        stdout(&check),
        "link     evil\nlink     figures/strip-1-3-4.svg\n"
    );
}

#[test]
fn diff_of_a_folder_reports_a_link_and_does_not_follow_it() {
    let dir = built();
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    common::copy_tree(&dir.path().join("output"), &before);
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("secret.txt"), "SECRET").unwrap();
    symlink(outside.path(), before.join("usr")).unwrap();
    let diff = ladder(dir.path(), &["diff", before.to_str().unwrap()]);
    assert_eq!(diff.status.code(), Some(1));
    let text = stdout(&diff);
    assert!(text.contains("usr (a link, not followed)"), "{text}");
    assert!(!text.contains("secret"), "{text}");
}

#[test]
fn check_and_diff_refuse_a_file_too_large_to_be_a_site() {
    let dir = built();
    // A sparse file: large on paper, nothing on disk.
    let big = fs::File::create(dir.path().join("output/huge.bin")).unwrap();
    big.set_len(300 << 20).unwrap();
    let message = "output/huge.bin is larger than a site's file may be (64 MiB)";
    assert_error(dir.path(), &ladder(dir.path(), &["check"]), message);
    let folder = dir.path().join("output");
    assert_error(
        dir.path(),
        &ladder(dir.path(), &["diff", folder.to_str().unwrap()]),
        message,
    );
}
