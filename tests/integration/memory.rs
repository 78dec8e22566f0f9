//! Issue 31, point 3: an octal run under a memory limit that
//! `/proc/meminfo` does not show (`ulimit -v`) is refused with exit 2 and
//! the memory it needs, as the other rules are, never aborted by the
//! allocator ("memory allocation failed", SIGABRT, exit 134).

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{stderr, stdout};

/// The address space `ulimit -v` allows, in KiB: 256 MiB. `ladder` starts
/// in a few tens of megabytes (its thread pool's stacks and malloc arenas
/// are address space too), and a run of 10^6 values fits; 2·10^8 values
/// need 500 MB at 2.5 bytes a value.
const LIMIT_KIB: u64 = 262_144;

/// A refusal comes before any value is computed; a run that fits takes a
/// second or two, and a misère run that stops at its memory budget about
/// ten (·07 to heap 1000). Past this the run is killed and the test fails:
/// a guard against a hang, not a timing (a fresh clone's CI, the browser
/// check and two other processes beside its tests, once took ·07 past
/// 60 s).
const PATIENCE: Duration = Duration::from_secs(300);

/// `ladder ARGS` under `ulimit -v LIMIT_KIB`, killed past [`PATIENCE`].
fn ladder_limited(args: &[&str]) -> Output {
    ladder_limited_in(Path::new("."), args)
}

/// The same, run in `dir`.
fn ladder_limited_in(dir: &Path, args: &[&str]) -> Output {
    let script = format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_ladder"))
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .env("XDG_DATA_HOME", crate::common::data_home())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let begun = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if begun.elapsed() > PATIENCE {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "ladder {args:?} under ulimit -v {LIMIT_KIB} still ran after {PATIENCE:?}\n{}",
                stderr(&out)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Exit 2 with the memory needed and the limit named, not an abort.
fn assert_refused(out: &Output, needed: &str) {
    let text = stderr(out);
    assert_eq!(out.status.signal(), None, "killed by a signal: {text}");
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(!text.contains("memory allocation failed"), "{text}");
    assert!(text.contains(needed), "no {needed:?} in: {text}");
    assert!(
        text.contains("RLIMIT_AS") && text.contains("ulimit -v"),
        "the limit is not named: {text}"
    );
}

#[test]
fn seq_under_an_address_space_limit_is_refused_with_the_memory_it_needs() {
    let out = ladder_limited(&["seq", "octal:·6", "--values", "200000000"]);
    assert_refused(
        &out,
        "200,000,000 values of an octal code need up to 500 MB",
    );
    // A run that fits under the same limit goes through.
    let out = ladder_limited(&["seq", "octal:·6", "--values", "1000000"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("first 60 of 1,000,000 values"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn solve_under_an_address_space_limit_is_refused_with_the_memory_it_needs() {
    let out = ladder_limited(&["solve", "octal:·6", "--max-values", "200000000"]);
    assert_refused(
        &out,
        "200,000,000 values of an octal code need up to 500 MB",
    );
    // ·16 is proved at 509,621 values, well within the limit.
    let out = ladder_limited(&["solve", "octal:·16"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("solved: proved at 509,621 values"),
        "{}",
        stdout(&out)
    );
}

/// Issue 50, point 1: the misère engine's memory is a budget too. ·6 to 30
/// heaps once grew to 5 GB and aborted; under the limit it answers with
/// the quotient proved so far and the heap where memory ran out, exit 0.
/// ·07 asked for 1,000 heaps stops the same way, never an abort.
#[test]
fn misere_under_an_address_space_limit_answers_with_what_it_proved() {
    for args in [
        ["misere", "octal:.6", "--heaps", "30"],
        ["misere", "octal:.07", "--heaps", "1000"],
    ] {
        let out = ladder_limited(&args);
        let text = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(out.status.signal(), None, "killed by a signal: {text}");
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains("misère quotient of"), "{text}");
        assert!(
            text.contains("unsettled at heap") && text.contains("memory"),
            "{text}"
        );
        assert!(text.contains("RLIMIT_AS"), "the limit is not named: {text}");
    }
}

/// Issue 50, point 1: the coalition search's memory is a budget too. The
/// largest sizes the command takes once aborted in the allocator under
/// the limit; now the census's signatures are counted before the search
/// and its table of positions as it grows, and either past the budget is
/// refused with exit 2 and what it would need.
#[test]
fn coalition_under_an_address_space_limit_is_refused_with_what_it_needs() {
    let sizes = |heaps: &'static str, largest: &'static str| {
        [
            "coalition",
            "octal:.77",
            "--census-heaps",
            heaps,
            "--census-sizes",
            largest,
            "--test-heaps",
            heaps,
            "--test-sizes",
            largest,
        ]
    };
    for (args, says) in [
        (sizes("6", "24"), "593,775 census positions"),
        (sizes("3", "24"), "table of solved positions"),
    ] {
        let out = ladder_limited(&args);
        let text = stderr(&out);
        assert_eq!(out.status.signal(), None, "killed by a signal: {text}");
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(!text.contains("memory allocation"), "{text}");
        assert!(text.contains("memory: ") && text.contains(says), "{text}");
        assert!(text.contains("RLIMIT_AS"), "the limit is not named: {text}");
    }
    // The seed's sizes fit and answer.
    let out = ladder_limited(&["coalition", "kayles"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Issue 50, point 1: the boards' searches allocate by the board's size,
/// which only the manifest sets, and the manifest's bounds (24 cells, 10
/// files) are what keeps them small: each board search at its largest (a
/// row, as Kayles; Dawson's chess; Treblecross), in both plays, builds
/// under the limit (about 30 MB; 2^24 outcomes of a row), and
/// a board one cell past the bound is refused with its place in the
/// manifest, before any search.
#[test]
fn the_largest_boards_the_manifest_admits_build_under_an_address_space_limit() {
    let site = crate::common::site("base");
    let manifest = |rows: &str| {
        format!(
            "site:\n  title: boards\n  summary: Boards at their largest.\npages:\n  \
             - id: page\n    title: A page\n    summary: One figure.\n    content: page.md\n\
             figures:\n  - id: board-agreement\n    page: page\n    caption: Every board at its largest.\n\
             \x20   board-agreement:\n      rows:\n{rows}"
        )
    };
    let largest = "        - { game: kayles, code: \"octal:·77\", largest: 24 }\n\
                   \x20       - { game: dawsons-chess, code: \"octal:·137\", largest: 10 }\n\
                   \x20       - { game: treblecross, code: \"octal:·007\", largest: 24 }\n";
    std::fs::write(site.path().join("figures.yaml"), manifest(largest)).unwrap();
    std::fs::write(
        site.path().join("content/page.md"),
        "Boards.\n\n{{ figure(id=\"board-agreement\") }}\n",
    )
    .unwrap();
    let out = ladder_limited_in(site.path(), &["build"]);
    let text = stderr(&out);
    assert_eq!(out.status.signal(), None, "killed by a signal: {text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
    let page = std::fs::read_to_string(site.path().join("output/page.html")).unwrap();
    assert!(
        page.contains("16,777,216"),
        "the 24-cell rows are not on the page"
    );

    let past = "        - { game: kayles, code: \"octal:·77\", largest: 25 }\n";
    std::fs::write(site.path().join("figures.yaml"), manifest(past)).unwrap();
    let out = ladder_limited_in(site.path(), &["build"]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("figures.yaml:15:55"), "not located: {text}");
    assert!(text.contains("25 is out of range: from 1 to 24"), "{text}");
}
