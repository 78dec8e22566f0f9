//! Bad input, end to end: every rule string, manifest entry and command line
//! that once made `ladder` panic, abort, run for minutes or claim a false
//! proof now ends in a located error (exit 2) that leaves `output/` as it
//! was, or in a correct answer. Issue 14's input half; `tests/integration/site.rs` has
//! the site's ordinary behaviour.

use crate::common;

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{ladder, repo, stderr, stdout};

/// The base fixture site (real templates), then the case's files, and an
/// `output/` holding one file from "a previous build".
fn site(case: &str) -> tempfile::TempDir {
    common::site_with_previous_output(case)
}

/// Builds the site in `dir` and asserts: exit 2, `message` in stderr (after
/// the folder's path), no panic, and the previous output untouched.
fn build_fails_with(dir: &Path, case: &str, message: &str) {
    let out = ladder(dir, &["build"]);
    let stderr = String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", dir.display()), "");
    assert_eq!(out.status.code(), Some(2), "{case}: {stderr}");
    assert!(!stderr.contains("panicked"), "{case}: {stderr}");
    assert!(
        stderr.contains(message),
        "{case}: expected\n{message}\nin\n{stderr}"
    );
    let mut kept: Vec<_> = fs::read_dir(dir.join("output"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    kept.sort();
    assert_eq!(
        kept,
        [ladder::site::MARKER, "previous.txt"],
        "{case}: output/ was touched"
    );
    assert_eq!(
        fs::read_to_string(dir.join("output/previous.txt")).unwrap(),
        "the previous site"
    );
}

fn fails_with(case: &str, message: &str) {
    build_fails_with(site(case).path(), case, message);
}

/// The base site with its one figure replaced by `figure` (YAML lines of one
/// list item, indented as in `figures:`), placed on the page.
fn fails_with_figure(figure: &str, message: &str) {
    let dir = site_with_figure(figure);
    build_fails_with(dir.path(), figure, message);
}

/// The base site with its one figure replaced by `figure`, placed on the page.
fn site_with_figure(figure: &str) -> tempfile::TempDir {
    let dir = site("base");
    let manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    let head = &manifest[..manifest.find("figures:").unwrap()];
    fs::write(
        dir.path().join("figures.yaml"),
        format!("{head}figures:\n{figure}"),
    )
    .unwrap();
    fs::write(
        dir.path().join("content/page.md"),
        "{{ figure(id=\"f\") }}\n",
    )
    .unwrap();
    dir
}

// Defect 3: a take near 2^64 overflowed the window arithmetic.

#[test]
fn a_take_near_two_to_the_64_proves_nothing() {
    let root = repo();
    let out = ladder(&root, &["seq", "sub:2,4,7,18446744073709551615"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        !stdout(&out).contains("the period is proven"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("not proven"), "{}", stdout(&out));

    let out = ladder(&root, &["seq", "sub:1,18446744073709551615", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["certificate"]["holds"], false, "{json}");

    let out = ladder(
        &root,
        &[
            "value",
            "sub:2,4,7,18446744073709551615",
            "18446744073709551615",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(!stdout(&out).contains("certified"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("no certified period"),
        "{}",
        stderr(&out)
    );
}

// Defect 20: a closed pipe, and a count of repeats that means nothing.

/// Runs ladder with its standard output closed before it writes.
fn into_a_closed_pipe(args: &[&str]) -> Output {
    let mut child = crate::common::command()
        .args(args)
        .env("CI", "true")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 1];
    let mut pipe = child.stdout.take().unwrap();
    // Read a byte when the output comes in pieces (`| head -c 1`), then close.
    let _ = pipe.read(&mut first);
    drop(pipe);
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["seq", "sub:1,3,4", "--json", "--values", "200000"][..],
        &["seq", "octal:·6", "--values", "50000"][..],
        &["coalition", "sub:1,3"][..],
        &["value", "sub:1,3,4", "1000"][..],
    ] {
        let out = into_a_closed_pipe(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{args:?}");
    }
}

#[test]
fn zero_repeats_and_huge_counts_are_refused() {
    let root = repo();
    let out = ladder(&root, &["seq", "sub:1,3,4", "--min-repeats", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("at least 1 full repeat"),
        "{}",
        stderr(&out)
    );

    // Defect 7: this asked for 4 TB and aborted.
    let out = ladder(&root, &["seq", "sub:1,2", "--values", "1000000000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--values must be from 1 to 100,000,000"));

    // Defect 8: a three-part hexadecimal code has a budget: refused before
    // anything is computed.
    let out = ladder(&root, &["seq", "hex:·8", "--values", "6000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("at most 5,000 values"),
        "{}",
        stderr(&out)
    );

    // The same budget for the other slow engines: dense octal codes, and
    // subtraction sets whose many takes are read at every heap.
    let out = ladder(&root, &["seq", "octal:·007", "--values", "20000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("quadratic"), "{}", stderr(&out));
    let many: Vec<String> = (1..=1000).map(|t| t.to_string()).collect();
    let many = format!("sub:{}", many.join(","));
    let out = ladder(&root, &["seq", &many, "--values", "100000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("take-reads"), "{}", stderr(&out));
}

// Defect 7: figure parameters without bounds.

#[test]
fn figure_sizes_are_bounded_where_they_are_written() {
    let entry = |kind: &str| format!("  - id: f\n    page: page\n    caption: c\n{kind}");
    for (kind, message) in [
        (
            "    option-reach:\n      game: sub:1,3,4\n      heap: 10\n      shown: 100000000000\n",
            "figures.yaml:16:14: figures[0].option-reach.shown: 100,000,000,000 is out of range: from 1 to 10,000",
        ),
        (
            "    two-takes-strip:\n      takes: [3, 100000000000]\n      shown: 33\n",
            "figures.yaml:14:7: figures[0].two-takes-strip: 100,000,000,000 is out of range: from 1 to 1,000",
        ),
        (
            "    two-takes-strip:\n      takes: [3, 8]\n      shown: 100000000000\n",
            "figures.yaml:15:14: figures[0].two-takes-strip.shown: 100,000,000,000 is out of range",
        ),
        (
            "    million-heap:\n      components:\n        - { takes: [3, 100000000000], heap: 5 }\n",
            "figures.yaml:15:11: figures[0].million-heap.components[0]: 100,000,000,000 is out of range: from 1 to 10,000",
        ),
        (
            "    triple-census:\n      largest: 100000\n",
            "figures.yaml:14:16: figures[0].triple-census.largest: 100,000 is out of range: from 0 to 30",
        ),
        (
            "    sum-family:\n      largest_sum: 100000000\n",
            "figures.yaml:14:20: figures[0].sum-family.largest_sum: 100,000,000 is out of range: from 0 to 200",
        ),
        (
            "    pair-census:\n      largest: 100000\n      values: 1200\n",
            "figures.yaml:14:16: figures[0].pair-census.largest: 100,000 is out of range",
        ),
        (
            "    third-take-map:\n      smallest: 2\n      first_larger: 3\n      last_larger: 12\n      last_third: 100000000\n",
            "figures.yaml:17:19: figures[0].third-take-map.last_third: 100,000,000 is out of range: from 1 to 200",
        ),
        (
            "    option-reach:\n      game: sub:1,3,4\n      heap: 10\n      shown: 5\n",
            "figures.yaml:10:5: figures[0]: option-reach: shown (5) must be larger than heap (10)",
        ),
        (
            "    strip:\n      game: sub:1,3,4\n      values: 200\n      min_repeats: 0\n",
            "figures.yaml:16:20: figures[0].strip.min_repeats: 0 is out of range: from 1 to 1,000",
        ),
        (
            "    option-reach:\n      game: sub:3\n      heap: 0\n      shown: 1\n",
            "figures.yaml:10:5: figures[0]: option-reach: heap (0) must be at least the largest take (3)",
        ),
        // Defect 8: the work budget, checked when the manifest is read.
        (
            "    strip:\n      game: hex:·8\n      values: 1000000\n",
            "figures.yaml:10:5: figures[0]: strip: hex:·8 leaves three heaps, and its values cost time quadratic in the heap and in their size: at most 5,000 values, not 1,000,000",
        ),
    ] {
        fails_with_figure(&entry(kind), message);
    }
}

// Issue 31: a coalition take past 32 bits was cut to fit (`sub:4294967297`
// was analysed and captioned as `sub:1`).

#[test]
fn a_coalition_take_no_heap_holds_is_located() {
    fails_with_figure(
        "  - id: f\n    page: page\n    caption: c\n    coalition-table:\n      game: sub:4294967297\n",
        "figures.yaml:14:13: figures[0].coalition-table.game: in `sub:4294967297`: a take of \
         4,294,967,297 can never be made",
    );
}

// Defect 11: a page named like a file the site writes itself.

#[test]
fn a_page_cannot_take_a_generated_name() {
    fails_with(
        "page-id-index",
        "figures.yaml:5:5: pages[0]: `index` is a name the site writes itself",
    );
}

/// The search page (issue 53) is a name the site writes too.
#[test]
fn a_page_cannot_be_named_search() {
    let dir = site("base");
    let manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    fs::write(
        dir.path().join("figures.yaml"),
        manifest.replace("  - id: page\n", "  - id: search\n"),
    )
    .unwrap();
    build_fails_with(
        dir.path(),
        "page-id-search",
        "figures.yaml:5:5: pages[0]: `search` is a name the site writes itself",
    );
}

// Defect 15: errors found while computing are located too.

#[test]
fn compute_errors_and_failed_claims_are_located() {
    fails_with_figure(
        "  - id: f\n    page: page\n    caption: c\n    period-window:\n      game: octal:·6\n      values: 100\n",
        "figures.yaml:10:9: figure `f`: octal:·6: this figure needs a period, and none was found",
    );
    fails_with(
        "wrong-claim",
        "figures.yaml:13:5: figure `strip-1-3-4`: expects period = 8, but the computed value is 7",
    );
}

// Defect 16: a key given twice.

#[test]
fn a_key_given_twice_is_refused() {
    fails_with(
        "duplicate-key",
        "figures.yaml:10:5: figures[0]: `caption` appears twice in this figure: give each key once",
    );
    fails_with_figure(
        "  - id: f\n    page: page\n    caption: c\n    expect: { period: 7, period: 8 }\n    strip: { game: \"sub:1,3,4\", values: 200 }\n",
        "figures.yaml:13:13: figures[0].expect: `period` appears twice: give each key once",
    );
}

// Defect 17: deep flow nesting, refused before the parser sees it.

#[test]
fn deep_nesting_is_refused_at_once() {
    let dir = site("base");
    let manifest = format!("site: {}\n", "[".repeat(100_000));
    fs::write(dir.path().join("figures.yaml"), manifest).unwrap();
    // Refused by the pre-scan at the 33rd bracket, before the parser runs.
    build_fails_with(
        dir.path(),
        "deep nesting",
        "figures.yaml:1:39: collections nest more than 32 deep here",
    );
}

// Defect 12: placements counted while rendering.

#[test]
fn placements_are_counted_by_the_template_itself() {
    fails_with(
        "placed-twice",
        "error: content/page.md:5:4: figure `strip-1-3-4` is placed twice; place it once",
    );
    fails_with(
        "placed-in-comment",
        "figures.yaml:10:9: figure `strip-1-3-4`: is never placed: add {{ figure(id=\"strip-1-3-4\") }} on a line of its own in content/page.md",
    );
    fails_with(
        "placed-in-sentence",
        "error: content/page.md:1:55: figure `strip-1-3-4` is placed inside a sentence: put {{ figure(id=\"strip-1-3-4\") }} on a line of its own",
    );
}

// Defect 15: a Tera error in the content, located in the content file.

#[test]
fn a_template_error_in_the_content_is_located_there() {
    let dir = site("content-syntax-error");
    let out = ladder(dir.path(), &["build"]);
    let stderr = stderr(&out);
    assert!(!stderr.contains("__tera_one_off"), "{stderr}");
    assert_eq!(stderr.matches("error").count(), 1, "{stderr}");
    build_fails_with(
        dir.path(),
        "content-syntax-error",
        "error: content/page.md:1:",
    );
}

// Defect 13: markup in a formula is text.

#[test]
fn markup_in_a_formula_is_escaped_on_the_page() {
    let dir = site("math-markup");
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    assert!(!page.contains("<img src=x"), "{page}");
    assert!(
        page.contains("<mi>&lt;img src=x onerror=alert(1)&gt;</mi>"),
        "{page}"
    );
    assert!(page.contains("<mi>a&lt;b</mi>"), "{page}");
}

// Defect 15: a formula that does not render is located where it is written.

#[test]
fn a_broken_formula_is_located() {
    fails_with(
        "broken-formula",
        "error: content/page.md:3:21: cannot read the formula `\\frac{1}`",
    );
}

#[test]
fn a_note_of_two_paragraphs_is_located() {
    fails_with(
        "two-paragraph-note",
        "error: content/page.md:3:21: the note [^why] is more than one paragraph",
    );
}

// Defect 8: a census asks for games × values; the budget bounds the product.

#[test]
fn a_census_beyond_the_budget_is_refused_when_read() {
    fails_with_figure(
        "  - id: f\n    page: page\n    caption: c\n    pair-census:\n      largest: 200\n      values: 1000000\n",
        "figures.yaml:10:5: figures[0]: pair-census: 19,900 pairs of 1,000,000 values each is 19,900,000,000 values in all; a census computes at most 100,000,000",
    );
    fails_with_figure(
        "  - id: f\n    page: page\n    caption: c\n    state-bound:\n      max_take: 15\n      values: 1000000\n",
        "figures.yaml:10:5: figures[0]: state-bound: 32,767 subtraction sets of 1,000,000 values each",
    );
}

// Defect 17: a manifest too large to be one is refused by its size.

#[test]
fn a_huge_manifest_is_refused_without_reading_it_all() {
    let dir = site("base");
    let mut manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    manifest.push_str(&format!("# {}\n", "x".repeat(5 << 20)));
    fs::write(dir.path().join("figures.yaml"), manifest).unwrap();
    build_fails_with(
        dir.path(),
        "huge manifest",
        "figures.yaml:1:1: the manifest is larger than 4194304 bytes",
    );
}

#[test]
fn a_manifest_that_is_not_utf8_is_located() {
    let dir = site("base");
    let mut manifest = fs::read(dir.path().join("figures.yaml")).unwrap();
    let at = manifest.windows(5).position(|w| w == b"small").unwrap();
    manifest[at] = 0xff;
    fs::write(dir.path().join("figures.yaml"), manifest).unwrap();
    build_fails_with(
        dir.path(),
        "not UTF-8",
        "figures.yaml:3:14: this byte is not UTF-8",
    );
}

/// Every input is read and checked before any figure is computed (issue
/// 31): a bad bibliography, template or content, or a FIFO in place of any
/// input file, is refused with exit 2 before the first figure is computed
/// (the figure cache, which every computed figure fills, is never made),
/// and the previous output is left as it was.
#[test]
fn every_input_is_refused_before_any_figure_is_computed() {
    let nested = format!("a: {}{}\n", "[".repeat(80_000), "]".repeat(80_000));
    let bad = [
        (
            "references.yaml",
            nested.as_str(),
            "references.yaml:1:36: collections nest more than 32 deep",
        ),
        ("templates/page.html", "{% if %}", "templates/page.html:1:"),
        (
            "content/page.md",
            "{{ figure(id=\"a\" }}",
            "content/page.md:1:",
        ),
    ];
    for (file, text, message) in bad {
        let dir = site("base");
        fs::write(dir.path().join(file), text).unwrap();
        build_fails_with(dir.path(), file, message);
        assert!(
            !dir.path().join(".cache").exists(),
            "{file}: a figure was computed"
        );
    }
    for file in [
        "figures.yaml",
        "references.yaml",
        "content/page.md",
        "templates/page.html",
        "templates/style/print.css",
    ] {
        let dir = site("base");
        let path = dir.path().join(file);
        let _ = fs::remove_file(&path);
        assert!(
            Command::new("mkfifo")
                .arg(&path)
                .status()
                .unwrap()
                .success()
        );
        let message = if file == "content/page.md" {
            "content `page.md` is a FIFO (named pipe), not a regular file".to_string()
        } else {
            format!("cannot read {file}: a FIFO (named pipe), not a regular file")
        };
        build_fails_with(dir.path(), file, &message);
        assert!(
            !dir.path().join(".cache").exists(),
            "{file}: a figure was computed"
        );
    }
}

/// A message repeats at most a short piece of what it found: a 3 MB word in
/// the manifest, the bibliography, a content file or a template is cut
/// (issue 31: a 100 MB line once came back as a 100 MB message).
#[test]
fn a_huge_word_in_any_input_is_cut_in_its_message() {
    let word = "w".repeat(3 << 20);
    for (file, text) in [
        ("figures.yaml", format!("{word}: 1\n")),
        ("references.yaml", format!("{word}:\n  title: x\n")),
        ("content/page.md", format!("{{{{ {word} }}}}\n")),
        ("templates/base.html", format!("{{{{ {word} }}}}\n")),
    ] {
        let dir = site("base");
        let path = dir.path().join(file);
        let mut bytes = text.into_bytes();
        bytes.extend(fs::read(&path).unwrap_or_default());
        fs::write(&path, bytes).unwrap();
        let out = ladder(dir.path(), &["build"]);
        let stderr = stderr(&out);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{file}: {}",
            &stderr[..stderr.len().min(500)]
        );
        assert!(stderr.len() < 1000, "{file}: {} bytes", stderr.len());
        assert!(stderr.contains("more characters)"), "{file}: {stderr}");
    }
}

/// An `unsolved-octal` figure reading `records/NAME`, with `records` as the
/// file's text (none: no file).
fn fails_with_record(name: &str, records: Option<&str>, message: &str) {
    let figure = format!(
        "  - id: f\n    page: page\n    caption: c\n    unsolved-octal:\n      sweep: {name}\n      source: S\n      hardware: h\n      listed: [\"octal:·6\"]\n"
    );
    let dir = site_with_figure(&figure);
    if let Some(text) = records {
        fs::create_dir_all(dir.path().join("records")).unwrap();
        fs::write(dir.path().join("records/r.jsonl"), text).unwrap();
    }
    build_fails_with(dir.path(), name, message);
}

#[test]
fn a_sweep_record_is_read_from_records_and_its_faults_are_located() {
    fails_with_record(
        "r.jsonl",
        None,
        "figures.yaml:14:14: figure `f`: cannot read records/r.jsonl",
    );
    fails_with_record(
        "../figures.yaml",
        None,
        "figures.yaml:14:14: figure `f`: record `../figures.yaml` must be a file name in records/",
    );
    fails_with_record(
        "r.jsonl",
        Some("\n{\"rule\": \"octal:·6\", \"status\": \"aperiodic\"}\n"),
        "records/r.jsonl:2:",
    );
    // Well-formed, but not the list's: the figure says which code is missing.
    fails_with_record(
        "r.jsonl",
        Some(""),
        "records/r.jsonl: no record of octal:·6, which the list names",
    );
}

/// A `misere-census-record` figure reading `records/NAME`, with `rows` as
/// the file's text (none: no file).
fn fails_with_census_record(name: &str, rows: Option<&str>, message: &str) {
    let figure = format!(
        "  - id: f\n    page: page\n    caption: c\n    misere-census-record:\n      record: {name}\n      digits: 1\n      heaps: 20\n      work: 1000000\n"
    );
    let dir = site_with_figure(&figure);
    if let Some(text) = rows {
        fs::create_dir_all(dir.path().join("records")).unwrap();
        fs::write(dir.path().join("records/r.jsonl"), text).unwrap();
    }
    build_fails_with(dir.path(), name, message);
}

#[test]
fn a_census_record_is_read_from_records_and_its_faults_are_located() {
    fails_with_census_record(
        "r.jsonl",
        None,
        "figures.yaml:14:15: figure `f`: cannot read records/r.jsonl",
    );
    fails_with_census_record(
        "r.jsonl",
        Some("\n{\"code\": \"·1\", \"status\": \"solved\"}\n"),
        "records/r.jsonl:2:",
    );
    // Well-formed, but short of the codes: the figure says how short.
    fails_with_census_record(
        "r.jsonl",
        Some(""),
        "records/r.jsonl: 0 rows, but there are 7 codes of 1 digits",
    );
}
