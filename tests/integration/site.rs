//! End to end: the `ladder` binary on small sites under `tests/fixtures/`.
//!
//! `base/` is a valid one-page site; every other folder holds only the files
//! that differ from it. Each bad case must exit non-zero with a located
//! message and leave the previous `output/` exactly as it was.

use crate::common;

use std::fs;

use common::{copy_tree, ladder, repo};

/// A site folder with an `output/` holding one file from "a previous build".
fn site(case: &str) -> tempfile::TempDir {
    common::site_with_previous_output(case)
}

/// Builds the case and asserts: exit code 2, the message (after the site
/// folder's path), and the previous output untouched.
fn fails_with(case: &str, message: &str) {
    let dir = site(case);
    let out = ladder(dir.path(), &["build"]);
    let stderr =
        String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", dir.path().display()), "");
    assert_eq!(out.status.code(), Some(2), "{case}: {stderr}");
    assert!(
        stderr.contains(message),
        "{case}: expected\n{message}\nin\n{stderr}"
    );
    let mut kept: Vec<_> = fs::read_dir(dir.path().join("output"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    kept.sort();
    assert_eq!(
        kept,
        [".ladder-output", "previous.txt"],
        "{case}: output/ was touched"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("output/previous.txt")).unwrap(),
        "the previous site"
    );
}

#[test]
fn malformed_yaml() {
    fails_with(
        "malformed-yaml",
        "error: figures.yaml:17:1: found unexpected end of stream, while scanning a quoted scalar at line 2 column 10",
    );
}

#[test]
fn unknown_field() {
    fails_with(
        "unknown-field",
        "figures.yaml:16:7: figures[0].strip: unknown field `valeus`, expected one of `game`, `values`, `shown`, `min_repeats`",
    );
}

#[test]
fn unknown_kind() {
    fails_with(
        "unknown-kind",
        "figures.yaml:14:5: figures[0]: unknown field or figure kind `strp`: a figure has the fields id, page, caption, expect, seed and one kind among strip,",
    );
}

#[test]
fn duplicate_id() {
    fails_with(
        "duplicate-id",
        "figures.yaml:14:9: duplicate id `strip-1-3-4`: every page and figure needs its own id",
    );
}

#[test]
fn ids_that_could_escape_the_output_folder() {
    let tail = "is not a valid id: use lower-case letters, digits and hyphens (ids name files, so no `/`, `..` or spaces)";
    fails_with(
        "id-with-slash",
        &format!("figures.yaml:10:9: figures[0].id: `a/b` {tail}"),
    );
    fails_with(
        "id-with-dots",
        &format!("figures.yaml:10:9: figures[0].id: `..-x` {tail}"),
    );
    fails_with(
        "id-with-space",
        &format!("figures.yaml:10:9: figures[0].id: `two words` {tail}"),
    );
}

#[test]
fn bad_take_sets() {
    fails_with(
        "empty-takes",
        "figures.yaml:15:13: figures[0].strip.game: in rule `sub:`: the take set is empty: name at least one take",
    );
    fails_with(
        "take-zero",
        "figures.yaml:15:13: figures[0].strip.game: in rule `sub:0,3,4`: a take of 0 is not a move: takes start at 1",
    );
    fails_with(
        "repeated-take",
        "figures.yaml:15:13: figures[0].strip.game: in rule `sub:1,3,3`: the take 3 is listed twice",
    );
}

#[test]
fn value_counts_out_of_range() {
    let tail = "values is out of range: a figure computes from 1 to 1,000,000 values";
    fails_with(
        "values-zero",
        &format!("figures.yaml:16:15: figures[0].strip.values: 0 {tail}"),
    );
    fails_with(
        "values-over-cap",
        &format!("figures.yaml:16:15: figures[0].strip.values: 5,000,000 {tail}"),
    );
}

#[test]
fn a_page_that_does_not_exist() {
    fails_with(
        "unknown-page",
        "figures.yaml:11:11: figure `strip-1-3-4` names page `nowhere`, which is not in `pages:` (pages: page)",
    );
}

#[test]
fn a_content_file_that_does_not_exist() {
    fails_with(
        "missing-content",
        "figures.yaml:8:14: page `page` names content `absent.md`, which does not exist",
    );
}

#[test]
fn a_figure_that_does_not_exist() {
    fails_with(
        "unknown-figure",
        "error: content/page.md:5:8: no figure `no-such-figure` in figures.yaml",
    );
}

#[test]
fn a_broken_template() {
    fails_with(
        "broken-template",
        "error: templates/page.html:5:4: Unknown tag",
    );
}

#[test]
fn a_claim_the_data_does_not_support() {
    fails_with(
        "wrong-claim",
        "error: figures.yaml:13:5: figure `strip-1-3-4`: expects period = 8, but the computed value is 7",
    );
}

#[test]
fn the_base_site_builds_and_checks() {
    let dir = site("base");
    let out = ladder(dir.path(), &["build"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root = dir.path().join("output");
    assert!(
        !root.join("previous.txt").exists(),
        "a build replaces the whole folder"
    );
    for file in [
        "index.html",
        "page.html",
        "style.css",
        "figures/strip-1-3-4.svg",
        "data/strip-1-3-4.json",
    ] {
        assert!(root.join(file).is_file(), "{file} missing");
    }
    let page = fs::read_to_string(root.join("page.html")).unwrap();
    assert!(page.contains("The period is 7."));
    assert!(page.contains("found by search in 200 values"));
    let svg = fs::read_to_string(root.join("figures/strip-1-3-4.svg")).unwrap();
    assert!(svg.contains("<title>The values of {1,3,4}.</title>"));
    assert!(svg.contains("found by search in 200 values"));

    let check = ladder(dir.path(), &["check"]);
    assert_eq!(check.status.code(), Some(0));
    fs::write(root.join("figures/strip-1-3-4.svg"), "stale").unwrap();
    fs::write(root.join("stray.txt"), "stray").unwrap();
    let check = ladder(dir.path(), &["check"]);
    assert_eq!(check.status.code(), Some(1));
    let listed = String::from_utf8_lossy(&check.stdout);
    assert_eq!(
        listed,
        "changed  figures/strip-1-3-4.svg\nextra    stray.txt\n"
    );
    let said = String::from_utf8_lossy(&check.stderr);
    assert!(said.contains("2 files in "), "{said}");
    assert!(said.contains(" differ from a fresh build"), "{said}");
    // One file: the noun and the verb agree with the count (issue 26).
    fs::remove_file(root.join("stray.txt")).unwrap();
    let check = ladder(dir.path(), &["check"]);
    let said = String::from_utf8_lossy(&check.stderr);
    assert!(said.contains("1 file in "), "{said}");
    assert!(said.contains("output differs from a fresh build"), "{said}");
    assert!(!said.contains("files"), "{said}");
}

#[test]
fn output_is_identical_with_one_thread_and_two() {
    let dir = site("base");
    let build = |threads: &str, out: &str| {
        let status = crate::common::command()
            .args(["--root", dir.path().to_str().unwrap(), "build", "--out"])
            .arg(dir.path().join(out))
            .env("RAYON_NUM_THREADS", threads)
            .status()
            .unwrap();
        assert!(status.success());
    };
    build("1", "one");
    build("2", "two");
    let read = |out: &str| {
        let mut files = Vec::new();
        let mut stack = vec![dir.path().join(out)];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p)
                } else {
                    files.push((
                        p.strip_prefix(dir.path().join(out)).unwrap().to_path_buf(),
                        fs::read(&p).unwrap(),
                    ));
                }
            }
        }
        files.sort();
        files
    };
    let (one, two) = (read("one"), read("two"));
    // The page, the index, the style, the cells' two scripts (the one a
    // page loads and the one it loads when asked), the search page with its
    // script and index, the contents' script, the marker, and the
    // figure's drawings (for the column and for a phone) with their cells'
    // names, data and page of its own.
    assert_eq!(one.len(), 16);
    assert!(one == two, "builds with 1 and 2 threads differ");
}

#[test]
fn seq_json_reports_period_and_window() {
    let out = ladder(&repo(), &["seq", "sub:1,3,4", "--values", "2000", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "sub:1,3,4");
    assert_eq!(json["computed"], 2000);
    assert_eq!(json["values"].as_array().unwrap().len(), 2000);
    assert_eq!(json["period"], 7);
    assert_eq!(json["preperiod"], 0);
    assert_eq!(json["certificate"]["kind"], "window");
    assert_eq!(json["certificate"]["start"], 0);
    assert_eq!(json["certificate"]["length"], 4);
    assert_eq!(json["certificate"]["holds"], true);
}

#[test]
fn seq_json_says_null_when_no_period_is_found() {
    // Five values of {1,3,4} (0 1 0 1 2) hold no three full periods of anything.
    let out = ladder(&repo(), &["seq", "sub:1,3,4", "--values", "5", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        json["period"].is_null() && json["preperiod"].is_null() && json["certificate"].is_null()
    );
}

#[test]
fn value_of_a_huge_heap_reduces_by_the_period() {
    // The value alone on standard output, for scripts; how, on standard error.
    let out = ladder(&repo(), &["value", "sub:1,3,4", "1000000000000000000"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    let how = String::from_utf8_lossy(&out.stderr);
    assert!(
        how.starts_with("heap 1,000,000,000,000,000,000 of sub:1,3,4 ≡ heap 1: certified period 7"),
        "{how}"
    );
    let out = ladder(
        &repo(),
        &["value", "sub:1,3,4", "1000000000000000000", "--json"],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            &json["value"],
            &json["method"],
            &json["reduced"],
            &json["period"]
        ),
        (&1.into(), &"reduced".into(), &1.into(), &7.into())
    );
    assert_eq!(json["heap"], 1_000_000_000_000_000_000u64);
}

#[test]
fn a_bad_rule_on_the_command_line_is_explained() {
    let out = ladder(&repo(), &["seq", "sub:1,1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the take 1 is listed twice"));
}

#[test]
fn diff_names_what_changed_in_a_figure_and_exits_one() {
    let dir = site("base");
    assert!(ladder(dir.path(), &["build"]).status.success());
    let before = dir.path().join("before");
    fs::create_dir_all(&before).unwrap();
    copy_tree(&dir.path().join("output"), &before);
    let same = ladder(dir.path(), &["diff", before.to_str().unwrap()]);
    assert_eq!(same.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&same.stdout),
        "No figure, data or page changed.\n"
    );

    let manifest = fs::read_to_string(dir.path().join("figures.yaml")).unwrap();
    fs::write(
        dir.path().join("figures.yaml"),
        manifest.replace("values: 200", "values: 150"),
    )
    .unwrap();
    assert!(ladder(dir.path(), &["build"]).status.success());
    let html = dir.path().join("review");
    let diff = ladder(
        dir.path(),
        &[
            "diff",
            before.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
    );
    assert_eq!(diff.status.code(), Some(1));
    // index.html differs only in the footer's sources stamp: counted apart.
    let text = String::from_utf8_lossy(&diff.stdout);
    assert_eq!(
        text,
        "strip-1-3-4: changed\n    computed: 200 → 150\n    values: length 200 → 150\npages and other files:\n    page.html\n    search-index.js\n2 pages differ only in the sources stamp.\n"
    );
    let review = fs::read_to_string(html.join("index.html")).unwrap();
    assert!(review.contains("old/1.svg") && review.contains("new/1.svg"));
    assert!(review.contains("<code>strip-1-3-4</code>"));
    assert!(html.join("old/1.svg").is_file());
}

#[test]
fn a_prose_only_edit_recomputes_nothing() {
    let dir = site("base");
    let build = |args: &[&str]| {
        let out = ladder(dir.path(), args);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    assert!(
        build(&["build"]).contains("strip-1-3-4                  ")
            && !build(&["build", "--force"]).contains("cached")
    );
    let page = dir.path().join("content/page.md");
    fs::write(
        &page,
        fs::read_to_string(&page)
            .unwrap()
            .replace("The period", "Its period"),
    )
    .unwrap();
    let manifest = dir.path().join("figures.yaml");
    fs::write(
        &manifest,
        fs::read_to_string(&manifest)
            .unwrap()
            .replace("The values of", "Values of"),
    )
    .unwrap();
    let summary = build(&["build"]);
    assert!(
        summary.contains("strip-1-3-4                  cached"),
        "{summary}"
    );
    let html = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    assert!(html.contains("Its period is 7.") && html.contains("Values of {1,3,4}."));
    let svg = fs::read_to_string(dir.path().join("output/figures/strip-1-3-4.svg")).unwrap();
    assert!(svg.contains("<title>Values of {1,3,4}.</title>"));
    assert_eq!(
        ladder(dir.path(), &["check"]).status.code(),
        Some(0),
        "cached output equals a fresh build"
    );
    fs::write(
        &manifest,
        fs::read_to_string(&manifest)
            .unwrap()
            .replace("values: 200", "values: 210"),
    )
    .unwrap();
    assert!(!build(&["build"]).contains("cached"));
}

#[test]
fn value_of_a_two_take_game_uses_the_closed_form() {
    let out = ladder(&repo(), &["value", "sub:3,8", "1000000", "--explain"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("0\nheap 1,000,000 of sub:3,8, by the closed form: r = n mod 11 = 1, block k = ⌊r/3⌋ = 0"), "{text}");
}

#[test]
fn seq_json_of_a_pass_game_gives_h_as_values_and_g_beside_them() {
    let out = ladder(&repo(), &["seq", "pass:3,7", "--values", "400", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "pass:3,7");
    // h: 0^x 2^x 1^x 2^r 3^(x−r), then the tail; g: the ordinary {3,7}.
    let h: Vec<u64> = json["values"].as_array().unwrap()[..12]
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(h, [0, 0, 0, 2, 2, 2, 1, 1, 1, 2, 3, 3]);
    let g: Vec<u64> = json["ordinary"].as_array().unwrap()[..12]
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(g, [0, 0, 0, 1, 1, 1, 0, 2, 2, 1, 0, 0]);
    // The pair's period: N = (q + 2)x = 12, period x + y = 10, window of y = 7 pairs.
    assert_eq!(json["preperiod"], 12);
    assert_eq!(json["period"], 10);
    assert_eq!(json["certificate"]["length"], 7);
    assert_eq!(json["certificate"]["holds"], true);
    let plain = ladder(&repo(), &["seq", "sub:3,7", "--values", "40", "--json"]);
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain.get("ordinary").is_none());
}

#[test]
fn value_of_a_pass_game_reduces_by_the_pair_period() {
    // {3,7} with a pass: period 10 from 12; 10^18 ≡ 20 (from 12, mod 10), and h(20) = 2.
    let out = ladder(
        &repo(),
        &["value", "pass:3,7", "1000000000000000000", "--explain"],
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text,
        "2\nheap 1,000,000,000,000,000,000 of pass:3,7 ≡ heap 20: certified period 10 from heap 12\n"
    );
}

#[test]
fn seq_reads_every_spelling_of_an_octal_code_and_certifies_dawson() {
    for spelling in ["octal:·137", "octal:.137", "octal:0.137"] {
        let out = ladder(&repo(), &["seq", spelling, "--values", "400", "--json"]);
        assert!(out.status.success(), "{spelling}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["rule"], "octal:·137");
        assert_eq!(
            (json["period"].clone(), json["preperiod"].clone()),
            (34.into(), 52.into())
        );
        assert_eq!(json["certificate"]["kind"], "guy-smith-k2");
        assert_eq!(json["certificate"]["length"], 88);
        assert_eq!(json["certificate"]["values_needed"], 174);
        assert_eq!(json["certificate"]["holds"], true);
    }
}

#[test]
fn a_bad_octal_code_on_the_command_line_names_the_character() {
    let out = ladder(&repo(), &["seq", "octal:.138"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("character 4 of the octal code, `8`, is not an octal digit"),
        "{stderr}"
    );
    let out = ladder(&repo(), &["value", "octal:", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the octal code is empty"));
}

#[test]
fn a_code_of_zeros_says_it_has_no_move() {
    let out = ladder(
        &repo(),
        &["value", "octal:0.000", "18446744073709551615", "--explain"],
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("0\nheap 18,446,744,073,709,551,615 of octal:·0: the code allows no move"),
        "{text}"
    );
    let out = ladder(&repo(), &["seq", "octal:.0", "--values", "20"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("octal:·0 allows no move"));
}

#[test]
fn value_of_an_octal_heap_uses_a_certified_period_or_refuses() {
    let out = ladder(
        &repo(),
        &["value", "octal:.137", "1000000000000", "--explain"],
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("certified period 34 from heap 52"), "{text}");
    let out = ladder(&repo(), &["value", "octal:.007", "100000000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no certified period in 32,000 values"));
}

#[test]
fn coalition_json_reports_census_classes_and_shape() {
    let out = ladder(&repo(), &["coalition", "octal:0.07", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "octal:0.07");
    assert_eq!(json["tests"], 286);
    assert_eq!(json["census_size"], 266);
    assert_eq!(json["class_count"], 13);
    assert_eq!(json["shape"]["holds"], true);
    assert_eq!(json["params"]["allies"], 2);
    assert_eq!(json["heaps"][0]["kind"], "dead");
    assert!(json["solved_states"].as_u64().unwrap() > 0);
    assert!(json["key_table"].as_array().unwrap().len() == 21);
}

#[test]
fn coalition_flags_change_the_measurement() {
    let out = ladder(&repo(), &["coalition", "nim", "--allies", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["players"].clone(), json["class_count"].clone()),
        (4.into(), 9.into())
    );
    // Smaller tests and census: fewer census positions than the seed's 51.
    let out = ladder(
        &repo(),
        &[
            "coalition",
            "nim",
            "--census-heaps",
            "2",
            "--test-sizes",
            "4",
            "--json",
        ],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["census_size"], 21);
    assert_eq!(json["params"]["test_largest_heap"], 4);
}

#[test]
fn coalition_text_names_the_shape() {
    let out = ladder(&repo(), &["coalition", "sub:1,2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("census 16 positions, 10 classes"), "{text}");
    assert!(
        text.contains("Nim's shape holds: 9 keys onto 9 classes"),
        "{text}"
    );
    let out = ladder(&repo(), &["coalition", "sub:1,3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "7 positions share a key with another class (6 off the first class in build order)"
        ),
        "{text}"
    );
}

#[test]
fn coalition_rejects_bad_rulesets_and_sizes() {
    let out = ladder(&repo(), &["coalition", "octal:0.78"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`8`, is not an octal digit"));
    let out = ladder(&repo(), &["coalition", "nim", "--allies", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("allies must be from 1 to 7, not 0"));
    fails_with(
        "coalition-bad-ruleset",
        "figures.yaml:14:13: figures[0].coalition-table.game: in `octal:0.78`: character 4 of the octal code, `8`, is not an octal digit: each digit is three bits, 0 to 7",
    );
    fails_with(
        "coalition-unknown-param",
        "figures.yaml:17:9: figures[0].coalition-table.search: unknown field `census_sizes`, expected one of `test_heaps`, `test_largest_heap`, `census_heaps`, `census_largest_heap`, `allies`",
    );
}

#[test]
fn seq_certifies_a_long_octal_period_with_a_checkable_record() {
    // ·77 (Kayles): period 12 from heap 71, from 5,000 values by the fast engine.
    let out = ladder(&repo(), &["seq", "octal:·77", "--values", "5000", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["period"].clone(), json["preperiod"].clone()),
        (12.into(), 71.into())
    );
    let record = &json["certificate_record"];
    assert_eq!(record["argument"], "guy-smith-k2");
    assert_eq!(record["holds"], true);
    assert_eq!(record["window_start"], 71);
    assert_eq!(record["values_hash"].as_str().unwrap().len(), 16);
}

#[test]
fn seq_certifies_the_saltus_of_8_and_reads_a_huge_heap_off_it() {
    let out = ladder(&repo(), &["seq", "hex:.8", "--values", "1000", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Three equal values at the end (heaps 997 to 999) are not period 1.
    assert!(json["period"].is_null());
    let arithmetic = &json["arithmetic"];
    assert_eq!(
        (
            &arithmetic["preperiod"],
            &arithmetic["period"],
            &arithmetic["saltus"]
        ),
        (&1.into(), &3.into(), &1.into())
    );
    let certificate = &arithmetic["certificate"];
    assert_eq!(certificate["verdict"], "certified");
    assert_eq!(certificate["theorem"], "saltus-theorem-c");
    assert_eq!(certificate["values_read"], serde_json::json!([0, 0, 0, 0]));
    let value = ladder(&repo(), &["value", "hex:.8", "1000000000000000000"]);
    assert!(value.status.success());
    assert_eq!(
        String::from_utf8_lossy(&value.stdout),
        "333333333333333333\n"
    );
    // ·104 ends its 2,000 values with three that differ by −4: no saltus.
    let out = ladder(
        &repo(),
        &["seq", "octal:.104", "--values", "2000", "--json"],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["arithmetic"].is_null(), "{}", json["arithmetic"]);
}

/// ·9C's values reach its saltus 16 at heap 37, so Theorem C refuses it;
/// Theorem C⁺ certifies it from a base of 280 values, `seq` says so (and
/// refuses with fewer values), and `value` reads a huge heap off it.
#[test]
fn seq_certifies_9c_by_theorem_c_plus_from_its_base_and_value_reads_off_it() {
    let seq = |values: &str| {
        let out = ladder(&repo(), &["seq", "hex:·9C", "--values", values, "--json"]);
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let json = seq("1000");
    let certificate = &json["arithmetic"]["certificate"];
    assert_eq!(certificate["theorem"], "saltus-theorem-c-plus");
    assert_eq!(certificate["verdict"], "certified");
    assert_eq!(
        (&certificate["from"], &certificate["period"]),
        (&28.into(), &36.into())
    );
    assert_eq!(
        (&certificate["base"], &certificate["values_needed"]),
        (&280.into(), &280.into())
    );
    let attempts = certificate["attempts"].as_array().unwrap();
    assert_eq!(attempts[0]["theorem"], "saltus-theorem-c");
    assert_eq!(attempts[0]["condition"], "early-values-below-saltus");
    assert_eq!(
        (&attempts[0]["heap"], &attempts[0]["value"]),
        (&37.into(), &16.into())
    );
    let short = seq("200");
    let refused = &short["arithmetic"]["certificate"];
    assert_eq!(refused["condition"], "values-up-to-base");
    assert_eq!(refused["needed"], 280);
    // 10^18 − 28 = 36 × 27,777,777,777,777,777: g(28) and 16 a layer.
    let g28 = json["values"][28].as_u64().unwrap();
    let out = ladder(
        &repo(),
        &["value", "hex:·9C", "1000000000000000000", "--json"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["method"], "saltus");
    assert_eq!(value["theorem"], "saltus-theorem-c-plus");
    assert_eq!(
        (&value["base"], &value["reduced"]),
        (&280.into(), &28.into())
    );
    let expected = u128::from(g28) + 16 * 27_777_777_777_777_777;
    assert_eq!(value["value"].as_u64().map(u128::from), Some(expected));
}

#[test]
fn seq_finds_a_saltus_in_a_hexadecimal_game_and_does_not_certify_it() {
    let out = ladder(&repo(), &["seq", "hex:·3F", "--values", "300", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "hex:·3F");
    assert!(json["period"].is_null());
    assert_eq!(json["arithmetic"]["period"], 6);
    assert_eq!(json["arithmetic"]["saltus"], 3);
    assert_eq!(
        json["arithmetic"]["certificate"]["condition"],
        "saltus-power-of-two"
    );
    let value = ladder(&repo(), &["value", "hex:·3F", "1000000000"]);
    assert_eq!(
        value.status.code(),
        Some(2),
        "a saltus is never used to value a large heap"
    );
    let bad = ladder(&repo(), &["seq", "hex:·3G"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`G`, is not a hexadecimal digit"));
}

#[test]
fn value_of_a_huge_heap_of_16_uses_its_certified_long_period() {
    let out = ladder(
        &repo(),
        &["value", "octal:·16", "1000000000000000000", "--explain"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // 10^18 − 105,351 ≡ 7,359 (mod 149,459), so heap 112,710 stands in for it.
    assert!(
        text.contains("≡ heap 112,710: certified period 149,459 from heap 105,351"),
        "{text}"
    );
}
