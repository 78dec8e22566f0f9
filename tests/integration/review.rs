//! `ladder diff`: the review page escapes whatever the two sides hold
//! (issue 14, defect 5), and a git revision is read safely (14): one
//! without `output/` is refused, file names are read whole whatever their
//! bytes, and a BASE never reaches git as an option.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{assert_error, copy_tree, ladder, site, stderr, stdout};

fn built() -> tempfile::TempDir {
    let dir = site("base");
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    dir
}

/// `ladder diff BEFORE --html HTML` run in `root`.
fn review_page(root: &Path, before: &Path, html: &Path) -> std::process::Output {
    ladder(
        root,
        &[
            "diff",
            before.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
    )
}

#[test]
fn the_review_page_never_overwrites_a_folder_it_did_not_write() {
    let dir = built();
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    let html = dir.path().join("site-clone");
    fs::create_dir_all(&html).unwrap();
    fs::write(html.join("index.html"), "mine").unwrap();
    let args = |html: &Path| {
        vec![
            "diff".to_string(),
            before.to_str().unwrap().to_string(),
            "--html".to_string(),
            html.to_str().unwrap().to_string(),
        ]
    };
    let run = |html: &Path| {
        let args = args(html);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ladder(dir.path(), &args)
    };
    let refused = run(&html);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("holds files a review did not write"));
    assert_eq!(fs::read_to_string(html.join("index.html")).unwrap(), "mine");
    // A new folder is written, and written again on the next review.
    let review = dir.path().join("review");
    for _ in 0..2 {
        let out = run(&review);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(review.join("index.html").is_file());
    }
}

#[test]
fn the_review_page_escapes_file_names_and_data() {
    let dir = built();
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    let evil = "<img src=x onerror=alert(1)>";
    let output = dir.path().join("output");
    fs::write(output.join(format!("figures/{evil}.svg")), "<svg/>").unwrap();
    fs::write(
        output.join(format!("data/{evil}.json")),
        format!("{{\"{evil}\": 1}}"),
    )
    .unwrap();
    fs::write(output.join(format!("{evil}.html")), "page").unwrap();
    let html = dir.path().join("review");
    let diff = review_page(dir.path(), &before, &html);
    assert_eq!(diff.status.code(), Some(1), "{}", stderr(&diff));
    let page = fs::read_to_string(html.join("index.html")).unwrap();
    assert!(!page.contains("<img src=x"), "unescaped markup:\n{page}");
    assert!(
        page.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{page}"
    );
    // The pull-request comment shows each name as a code span, never as markup.
    let md = ladder(
        dir.path(),
        &["diff", before.to_str().unwrap(), "--format", "markdown"],
    );
    assert_eq!(md.status.code(), Some(1), "{}", stderr(&md));
    let comment = stdout(&md);
    assert!(
        comment.contains("- `<img src=x onerror=alert(1)>`\n"),
        "{comment}"
    );
    assert!(
        comment.contains("- `<img src=x onerror=alert(1)>.html`\n"),
        "{comment}"
    );
    assert_eq!(
        comment.matches("<img").count(),
        comment.matches("`<img").count(),
        "{comment}"
    );
    // The drawings are saved under names the review page chose, not the id.
    for side in ["old", "new"] {
        for entry in fs::read_dir(html.join(side)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'),
                "{name}"
            );
        }
    }
}

/// The comment a pull request gets for one changed figure parameter, and
/// for none (the manual: "Reviewing a pull request", content/manual-reviewing.md), byte for byte.
#[test]
fn the_markdown_review_of_a_one_figure_change() {
    let dir = built();
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    let diff = || {
        ladder(
            dir.path(),
            &["diff", before.to_str().unwrap(), "--format", "markdown"],
        )
    };
    let same = diff();
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    assert_eq!(
        stdout(&same),
        "### ladder diff\n\nNothing changed: every figure, data file and page is the base's, byte for byte.\n"
    );
    let manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    fs::write(
        dir.path().join("figures.yaml"),
        manifest.replace("values: 200", "values: 150"),
    )
    .unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert_eq!(build.status.code(), Some(0), "{}", stderr(&build));
    // Every page's footer names the sources' revision, a hash of
    // figures.yaml among them (src/site/provenance.rs): index.html differs
    // only there, so it is counted apart, not as a changed page.
    let changed = diff();
    assert_eq!(changed.status.code(), Some(1), "{}", stderr(&changed));
    assert_eq!(
        stdout(&changed),
        "### ladder diff\n\n\
         **Figures:** 1 changed, 0 added, 0 removed. **Pages:** 1 changed \
         (2 more differ only in the sources stamp). **Other files:** 1 changed.\n\n\
         #### Changed figures\n\n\
         **`strip-1-3-4`**\n\n\
         | what | old → new |\n\
         | --- | --- |\n\
         | `computed` | `200` → `150` |\n\
         | `values` | length 200 → 150 |\n\n\
         #### Pages and other files\n\n\
         - `page.html`\n\
         - `search-index.js`\n\n"
    );
}

/// Issue 30, point 1: the comment shows each changed figure's old and new
/// drawing, served from `--images URL`, where `--html DIR` wrote them, and
/// links the review page; a page whose footer stamp alone changed is not a
/// changed page. Byte for byte (the manual: "Reviewing a pull request", content/manual-reviewing.md).
#[test]
fn the_markdown_review_shows_the_drawings_it_serves() {
    let dir = built();
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    let manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    fs::write(
        dir.path().join("figures.yaml"),
        manifest.replace("values: 200", "values: 150"),
    )
    .unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert_eq!(build.status.code(), Some(0), "{}", stderr(&build));
    let html = dir.path().join("review");
    let url = "https://raw.example.com/o/r/ladder-review/pr-7/0123abc/";
    let diff = ladder(
        dir.path(),
        &[
            "diff",
            before.to_str().unwrap(),
            "--format",
            "markdown",
            "--images",
            url,
            "--html",
            html.to_str().unwrap(),
        ],
    );
    assert_eq!(diff.status.code(), Some(1), "{}", stderr(&diff));
    let base = url.trim_end_matches('/');
    let expected = format!(
        "### ladder diff\n\n\
         **Figures:** 1 changed, 0 added, 0 removed. **Pages:** 1 changed \
         (2 more differ only in the sources stamp). **Other files:** 1 changed.\n\n\
         [The review page]({base}/index.html) shows every figure old beside new, with its \
         phone drawing or its table.\n\n\
         #### Changed figures\n\n\
         **`strip-1-3-4`**\n\n\
         | before | after |\n\
         | --- | --- |\n\
         | ![old strip-1-3-4]({base}/old/1.svg) | ![new strip-1-3-4]({base}/new/1.svg) |\n\n\
         | what | old → new |\n\
         | --- | --- |\n\
         | `computed` | `200` → `150` |\n\
         | `values` | length 200 → 150 |\n\n\
         #### Pages and other files\n\n\
         - `page.html`\n\
         - `search-index.js`\n\n"
    );
    assert_eq!(stdout(&diff), expected);
    // Each image is a file --html wrote, the drawing of its side.
    for side in ["old", "new"] {
        let served = fs::read(html.join(side).join("1.svg")).unwrap();
        let site = if side == "old" {
            &before
        } else {
            &dir.path().join("output")
        };
        assert_eq!(
            served,
            fs::read(site.join("figures/strip-1-3-4.svg")).unwrap()
        );
    }
    assert!(html.join("index.html").is_file());
    // Without --images the comment has neither images nor the link.
    let plain = ladder(
        dir.path(),
        &["diff", before.to_str().unwrap(), "--format", "markdown"],
    );
    assert!(!stdout(&plain).contains("!["), "{}", stdout(&plain));
    assert!(
        !stdout(&plain).contains("review page"),
        "{}",
        stdout(&plain)
    );
}

/// `--images` takes a plain base URL: nothing that could end the Markdown
/// link or turn into markup, and only with `--html` (which writes what it
/// serves) and `--format markdown`. A located error, exit 2.
#[test]
fn the_images_url_is_refused_unless_plain() {
    let dir = built();
    let html = dir.path().join("review");
    let html = html.to_str().unwrap();
    let output = dir.path().join("output");
    let output = output.to_str().unwrap();
    for (url, error) in [
        (
            "https://x.org/a)b",
            "--images `https://x.org/a)b`: a base URL holds only",
        ),
        (
            "javascript:alert(1)",
            "--images `javascript:alert(1)`: a base URL starts with https:// or http://",
        ),
        (
            "https://x.org/a b",
            "--images `https://x.org/a b`: a base URL holds only",
        ),
        ("https://", "--images `https://`: a base URL names a host"),
    ] {
        let out = ladder(
            dir.path(),
            &[
                "diff", output, "--format", "markdown", "--images", url, "--html", html,
            ],
        );
        assert_error(dir.path(), &out, error);
    }
    let text = ladder(
        dir.path(),
        &["diff", output, "--images", "https://x.org", "--html", html],
    );
    assert_error(dir.path(), &text, "--images is for --format markdown");
    let alone = ladder(
        dir.path(),
        &[
            "diff",
            output,
            "--format",
            "markdown",
            "--images",
            "https://x.org",
        ],
    );
    assert_eq!(alone.status.code(), Some(2), "{}", stderr(&alone));
    assert!(stderr(&alone).contains("--html"), "{}", stderr(&alone));
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

fn repository() -> tempfile::TempDir {
    let dir = built();
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "site"]);
    dir
}

#[test]
fn diff_of_a_revision_reads_non_ascii_file_names() {
    let dir = repository();
    fs::write(dir.path().join("output/données é.txt"), "notes").unwrap();
    fs::write(dir.path().join("output/tab\there.txt"), "notes").unwrap();
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "names"]);
    let same = ladder(dir.path(), &["diff", "HEAD"]);
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    fs::write(dir.path().join("output/données é.txt"), "changed").unwrap();
    let changed = ladder(dir.path(), &["diff", "HEAD"]);
    assert_eq!(changed.status.code(), Some(1), "{}", stderr(&changed));
    assert!(
        stdout(&changed).contains("données é.txt"),
        "{}",
        stdout(&changed)
    );
}

/// Issue 50: a consistent edit of a committed record (its depth, bytes
/// and heaps doubled together) passes every check a build makes; the
/// review names it first, with its row and fields.
#[test]
fn a_consistent_edit_of_a_record_is_named_first() {
    let dir = repository();
    let records = dir.path().join("records");
    fs::create_dir_all(&records).unwrap();
    let row = |depth: u64| {
        format!(
            "{{\"rule\":\"octal:·6\",\"depth\":{depth},\"values_bytes\":{}}}\n",
            2 * depth
        )
    };
    fs::write(records.join("czajka-unsolved.jsonl"), row(4096)).unwrap();
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "records"]);
    let same = ladder(dir.path(), &["diff", "HEAD"]);
    assert_eq!(same.status.code(), Some(0), "{}", stdout(&same));
    fs::write(records.join("czajka-unsolved.jsonl"), row(8192)).unwrap();
    let text = ladder(dir.path(), &["diff", "HEAD"]);
    assert_eq!(text.status.code(), Some(1), "{}", stderr(&text));
    assert!(
        stdout(&text).starts_with(
            "records (read by the build, not computed again):\n    \
             records/czajka-unsolved.jsonl: 0 added, 0 removed, 1 changed\n        \
             octal:·6: depth: 4096 → 8192; values_bytes: 8192 → 16384\n"
        ),
        "{}",
        stdout(&text)
    );
    let markdown = ladder(dir.path(), &["diff", "HEAD", "--format", "markdown"]);
    let comment = stdout(&markdown);
    let first: Vec<&str> = comment.lines().take(7).collect();
    assert_eq!(first[2], "> [!IMPORTANT]", "{comment}");
    assert!(
        first[6].contains("octal:·6: depth: 4096 → 8192; values_bytes: 8192 → 16384"),
        "{comment}"
    );
}

#[test]
fn diff_refuses_a_revision_without_output() {
    let dir = repository();
    git(dir.path(), &["rm", "-q", "-r", "--cached", "output"]);
    git(dir.path(), &["commit", "-q", "-m", "no site"]);
    assert_error(
        dir.path(),
        &ladder(dir.path(), &["diff", "HEAD"]),
        "revision `HEAD` holds no output/ folder",
    );
    assert_eq!(
        ladder(dir.path(), &["diff", "HEAD~1"]).status.code(),
        Some(0)
    );
}

#[test]
fn diff_never_hands_a_base_to_git_as_an_option() {
    let dir = repository();
    for base in ["--output=stolen", "-h", "--format=%(objectname)"] {
        let out = ladder(dir.path(), &["diff", "--", base]);
        assert_error(
            dir.path(),
            &out,
            &format!("`{base}` is neither a folder nor a git revision"),
        );
        assert!(!stderr(&out).contains("usage"), "{}", stderr(&out));
    }
    assert!(!dir.path().join("stolen").exists());
    assert_error(
        dir.path(),
        &ladder(dir.path(), &["diff", "no-such-branch"]),
        "`no-such-branch` is neither a folder nor a git revision",
    );
}

/// Issue 12: a figure that is a table keeps its review. A change of its
/// parameters is a changed figure in `ladder diff`, and the review page
/// shows the old and the new table side by side with the changed cells
/// marked, read from the CSV each build writes beside the JSON.
#[test]
fn a_changed_table_is_reviewed_side_by_side() {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let table = "  - id: shares\n    page: page\n    caption: Shares.\n    split-share:\n      max_digits: DIGITS\n";
    let base = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, format!("{base}{}", table.replace("DIGITS", "2"))).unwrap();
    let page = dir.path().join("content/page.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, format!("{text}\n{{{{ figure(id=\"shares\") }}}}\n")).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let csv = fs::read_to_string(dir.path().join("output/data/shares.csv")).unwrap();
    assert!(csv.starts_with("digits n,"), "{csv}");
    assert!(!dir.path().join("output/figures/shares.svg").exists());
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    fs::write(&manifest, format!("{base}{}", table.replace("DIGITS", "3"))).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = dir.path().join("review");
    let diff = review_page(dir.path(), &before, &html);
    assert_eq!(diff.status.code(), Some(1), "{}", stderr(&diff));
    assert!(
        stdout(&diff).contains("shares: changed"),
        "{}",
        stdout(&diff)
    );
    assert!(
        !stdout(&diff).contains("data/shares.csv"),
        "the CSV is the figure's, not a page"
    );
    let page = fs::read_to_string(html.join("index.html")).unwrap();
    assert_eq!(page.matches("<table class=\"data\">").count(), 2, "{page}");
    // The new table's third row (3 digits, 512 codes) is new: marked.
    assert!(page.contains("<td class=\"changed\">512</td>"), "{page}");
    // A planted error: the old table has no third row to mark.
    assert!(!page.contains("<td>512</td>"), "{page}");
}
