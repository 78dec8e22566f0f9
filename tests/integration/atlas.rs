//! Issue 49: `ladder atlas` answers every code of up to four digits from
//! the committed records, in both plays; a family lists each code once;
//! a code the atlas lacks is refused with the commands that compute it; a
//! record that contradicts itself, or that a build computes again and
//! finds changed, is refused with its file and line.

use std::fs;
use std::path::Path;

use crate::common::{self, ladder, repo, stderr, stdout};

fn atlas(root: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["atlas"];
    all.extend_from_slice(args);
    ladder(root, &all)
}

fn json_lines(out: &std::process::Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_code_is_answered_in_both_plays_in_every_spelling() {
    let root = repo();
    let mut first = None;
    for spelling in ["·137", ".137", "0.137", "octal:.1370"] {
        let out = atlas(&root, &[spelling, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{spelling}: {}", stderr(&out));
        let entry = json_lines(&out).remove(0);
        assert_eq!(entry["rule"], "octal:·137");
        // Dawson's chess: period 34 from heap 52, as the octal page proves.
        assert_eq!(
            (
                &entry["normal"]["status"],
                &entry["normal"]["period"],
                &entry["normal"]["preperiod"]
            ),
            (&"proved".into(), &34.into(), &52.into()),
            "{entry}"
        );
        for field in ["status", "order", "p_size", "tame", "preperiod", "period"] {
            assert!(
                entry["misere"].get(field).is_some(),
                "misere.{field}: {entry}"
            );
        }
        // ·137 is ·4 with two heaps less: Lemma D twice.
        assert_eq!(entry["equivalent"]["rule"], "octal:·4");
        assert_eq!(entry["equivalent"]["offset"], 2);
        assert_eq!(entry["equivalent"]["proof"], "structural");
        assert!(
            entry["reproduce"]["normal"]
                .as_str()
                .unwrap()
                .starts_with("ladder solve")
        );
        match &first {
            None => first = Some(entry),
            Some(f) => assert_eq!(f, &entry),
        }
    }
    // ·056's own run stopped at 2 s; the rules make it ·054, whose run
    // proved period 10,015,179 from heap 193,235,616: it is proved through it.
    let out = atlas(&root, &["0.056", "--json"]);
    let entry = json_lines(&out).remove(0);
    let n = &entry["normal"];
    assert_eq!(
        (&n["status"], &n["through"], &n["period"], &n["preperiod"]),
        (
            &"proved".into(),
            &"octal:·054".into(),
            &10_015_179.into(),
            &193_235_616.into()
        ),
        "{entry}"
    );
    assert_eq!(
        (&n["stopped_by"], &n["window"]),
        (&"time".into(), &serde_json::Value::Null)
    );
    // ·137's own run proved it: no `through`.
    let out = atlas(&root, &["0.137", "--json"]);
    assert!(json_lines(&out)[0]["normal"]["through"].is_null());
    // The text names both plays.
    let out = atlas(&root, &["4.007"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("normal play:") && text.contains("misère play:"),
        "{text}"
    );
}

#[test]
fn a_family_lists_each_of_its_codes_once_in_order() {
    let out = atlas(&repo(), &["--family", "0.??", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let entries = json_lines(&out);
    let rules: Vec<&str> = entries
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules.len(), 64);
    assert_eq!((rules[0], rules[63]), ("octal:·0", "octal:·77"));
    let distinct: std::collections::BTreeSet<&&str> = rules.iter().collect();
    assert_eq!(distinct.len(), 64);
    // Every code of the atlas, both families.
    for family in ["0.????", "4.????"] {
        let out = atlas(&repo(), &["--family", family, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let entries = json_lines(&out);
        assert_eq!(entries.len(), 4096);
        assert!(
            entries
                .iter()
                .all(|e| !e["normal"].is_null() && !e["misere"].is_null())
        );
    }
}

#[test]
fn a_code_outside_the_atlas_is_refused_with_the_commands_that_compute_it() {
    for code in ["·12345", "hex:.8", "sub:1,2"] {
        let out = atlas(&repo(), &[code]);
        assert_eq!(out.status.code(), Some(2), "{code}");
        let said = stderr(&out);
        assert!(said.contains("not in the atlas"), "{said}");
        assert!(said.contains("ladder"), "{said}");
    }
    let out = atlas(&repo(), &["·8"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A copy of the atlas's records in a bare folder, one line changed by
/// `edit`.
fn records_with(edit: impl Fn(&str) -> String, file: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("records")).unwrap();
    for name in [
        "atlas-normal.jsonl",
        "atlas-misere.jsonl",
        "atlas-classes.jsonl",
    ] {
        let text = fs::read_to_string(repo().join("records").join(name)).unwrap();
        let text = if name == file { edit(&text) } else { text };
        fs::write(dir.path().join("records").join(name), text).unwrap();
    }
    fs::write(dir.path().join("figures.yaml"), "").unwrap();
    dir
}

#[test]
fn a_record_that_contradicts_itself_is_refused_with_its_file_and_line() {
    // ·137's proof with its period dropped: proved without a period.
    let dir = records_with(
        |text| {
            text.replacen(
                "\"period\":34,\"preperiod\":52",
                "\"period\":null,\"preperiod\":52",
                1,
            )
        },
        "atlas-normal.jsonl",
    );
    let out = atlas(dir.path(), &["·137"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let said = stderr(&out);
    assert!(said.contains("atlas-normal.jsonl:"), "{said}");
    // A misère record of odd order.
    let dir = records_with(
        |text| {
            let line = text
                .lines()
                .find(|l| l.contains("\"order\":12,"))
                .unwrap()
                .to_string();
            text.replacen(
                &line,
                &line.replacen("\"order\":12,", "\"order\":13,", 1),
                1,
            )
        },
        "atlas-misere.jsonl",
    );
    let out = atlas(dir.path(), &["·137"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("atlas-misere.jsonl:"),
        "{}",
        stderr(&out)
    );
}

/// The base fixture's site with the atlas figure on its first page and the
/// atlas's records, for a build to read.
fn atlas_site() -> tempfile::TempDir {
    let dir = common::site("base");
    let root = dir.path();
    fs::create_dir_all(root.join("records")).unwrap();
    for name in [
        "atlas-normal.jsonl",
        "atlas-misere.jsonl",
        "atlas-classes.jsonl",
        "czajka-tables.json",
    ] {
        fs::copy(
            repo().join("records").join(name),
            root.join("records").join(name),
        )
        .unwrap();
    }
    let manifest = fs::read_to_string(root.join("figures.yaml")).unwrap();
    let entry = "\n  - id: atlas-codes\n    page: \
                 PAGE\n    caption: The atlas.\n    atlas:\n      normal: atlas-normal.jsonl\n      \
                 misere: atlas-misere.jsonl\n      classes: atlas-classes.jsonl\n      czajka: \
                 czajka-tables.json\n      sample: 4\n      misere_sample: 0\n      hardware: \
                 here\n";
    let page = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("- id: "))
        .unwrap()
        .to_string();
    // The figure's note names Theorems P and M, which link to their
    // statements on the proofs page: the site has one.
    let manifest = manifest.replacen(
        "pages:\n",
        "pages:\n  - id: proofs\n    title: Proofs\n    summary: The theorems.\n    content: \
         proofs.md\n",
        1,
    );
    fs::write(
        root.join("content/proofs.md"),
        "## Theorem P { #theorem-p }\n\nA period.\n\n## Theorem M { #theorem-m }\n\nA quotient.\n",
    )
    .unwrap();
    let figures_at = manifest.find("figures:").unwrap() + "figures:".len();
    let manifest = format!(
        "{}{}{}",
        &manifest[..figures_at],
        entry.replace("PAGE", &page),
        &manifest[figures_at..]
    );
    fs::write(root.join("figures.yaml"), manifest).unwrap();
    let content = root.join("content").join(format!("{page}.md"));
    let mut text = fs::read_to_string(&content).unwrap();
    text.push_str("\n{{ figure(id=\"atlas-codes\") }}\n");
    fs::write(&content, text).unwrap();
    dir
}

/// The build solves every short proof again: ·137 recorded with period 17
/// (a window that a record alone would accept) is refused with its line.
/// The same site unchanged builds: the refusal is the planted record's.
#[test]
fn a_changed_period_is_refused_by_the_build() {
    let dir = atlas_site();
    let root = dir.path();
    let out = ladder(root, &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(root.join("output/atlas/0.1.html").exists());
    let normal = root.join("records/atlas-normal.jsonl");
    let records = fs::read_to_string(&normal).unwrap();
    let line = records
        .lines()
        .position(|l| l.contains("\"rule\":\"octal:·137\""))
        .unwrap();
    fs::write(
        &normal,
        records.replacen(
            "\"period\":34,\"preperiod\":52",
            "\"period\":17,\"preperiod\":52",
            1,
        ),
    )
    .unwrap();
    let out = ladder(root, &["build"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains(&format!("records/atlas-normal.jsonl:{}:1", line + 1)),
        "{said}"
    );
    assert!(said.contains("period"), "{said}");
}

/// Every entry of Czajka's tables agrees with the atlas or is explained; a
/// planted disagreement (·45 given period 21, not 20) stops the build,
/// named. (A lookup entry planted wrong is explained, not refused: the
/// build finds the heap where the two codes' values part.)
#[test]
fn a_planted_disagreement_with_czajkas_tables_stops_the_build() {
    let dir = atlas_site();
    let root = dir.path();
    let tables = root.join("records/czajka-tables.json");
    let text = fs::read_to_string(&tables).unwrap();
    let planted = text.replacen(
        "\"game\": \".45\",\n   \"preperiod\": 498,\n   \"period\": 20,",
        "\"game\": \".45\",\n   \"preperiod\": 498,\n   \"period\": 21,",
        1,
    );
    assert_ne!(planted, text, "the solved entry of .45 was not found");
    fs::write(&tables, planted).unwrap();
    let out = ladder(root, &["build"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(said.contains("Czajka's solved table gives ·45"), "{said}");
}

/// Lemma D: a code and its class's first code are one game in misère play
/// too, so their proved quotients must agree. ·0023's misère record planted
/// wild (·0022's quotient, and its own, are tame: 6 elements, 2 in P) is
/// refused, named by the classes file's line that pairs the two; the site
/// unchanged builds (the test above).
#[test]
fn a_planted_misere_difference_within_a_class_stops_the_build() {
    let dir = atlas_site();
    let root = dir.path();
    let misere = root.join("records/atlas-misere.jsonl");
    let text = fs::read_to_string(&misere).unwrap();
    let was =
        "{\"rule\":\"octal:·0023\",\"status\":\"proved\",\"order\":6,\"p_size\":2,\"tame\":true,";
    assert!(text.contains(was), "·0023's misère record is not as it was");
    let planted = was.replace("\"tame\":true,", "\"tame\":false,");
    fs::write(&misere, text.replacen(was, &planted, 1)).unwrap();
    let classes = fs::read_to_string(root.join("records/atlas-classes.jsonl")).unwrap();
    let line = classes
        .lines()
        .position(|l| l.starts_with("{\"rule\":\"octal:·0023\","))
        .unwrap();
    let out = ladder(root, &["build"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains(&format!("records/atlas-classes.jsonl:{}:1", line + 1))
            && said.contains("Lemma D"),
        "{said}"
    );
}
