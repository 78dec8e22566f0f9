//! The figure cache: keyed by the code a computation reads, not by the
//! binary; never serving an entry made under other code; pruned; kept part
//! by part for a figure made of parts; and read back exactly as written.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{ladder, repo, site, stderr};

/// The build's report line for `id`: `cached` or a time.
fn cached(report: &str, id: &str) -> bool {
    report
        .lines()
        .find(|line| line.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no line for {id} in\n{report}"))
        .ends_with("cached")
}

fn build(root: &Path) -> String {
    let out = ladder(root, &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    stderr(&out)
}

/// The cache's entries under `folder` (`figures` or `parts`).
fn entries(root: &Path, folder: &str) -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = fs::read_dir(root.join(".cache/ladder").join(folder))
        .map(|dir| dir.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    all.sort();
    all
}

/// Rewrites a cache entry through `edit` on its JSON.
fn edit_entry(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut entry: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut entry);
    fs::write(path, entry.to_string()).unwrap();
}

#[test]
fn a_rebuilt_binary_keeps_the_cache() {
    let dir = site("base");
    assert!(!cached(&build(dir.path()), "strip-1-3-4"));
    // Another binary: a new path, size and time (what a recompile gives,
    // and what the old key, the binary's size and time, threw away).
    let copy = dir.path().join("bin/ladder");
    fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let mut bytes = fs::read(env!("CARGO_BIN_EXE_ladder")).unwrap();
    bytes.extend_from_slice(&[0; 64]);
    fs::write(&copy, bytes).unwrap();
    let mut permissions = fs::metadata(&copy).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    fs::set_permissions(&copy, permissions).unwrap();
    let out: Output = Command::new(&copy)
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .env("CI", "true")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(cached(&stderr(&out), "strip-1-3-4"), "{}", stderr(&out));
}

#[test]
fn an_entry_made_under_other_code_is_never_served() {
    let dir = site("base");
    build(dir.path());
    let [entry] = entries(dir.path(), "figures").try_into().unwrap();
    let planted = |fingerprint: Option<&str>| {
        edit_entry(&entry, |e| {
            e["value"]["period"] = 8.into();
            if let Some(f) = fingerprint {
                e["fingerprint"] = f.into();
            }
        });
    };
    // The control: a wrong period under this code's fingerprint is served,
    // and the figure's claim (period 7) catches it.
    let original = fs::read(&entry).unwrap();
    planted(None);
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("expects period = 7, but the computed value is 8"));
    // The same entry under an older fingerprint is computed again.
    fs::write(&entry, &original).unwrap();
    planted(Some("0123456789abcdef"));
    let report = build(dir.path());
    assert!(!cached(&report, "strip-1-3-4"), "{report}");
    let data = fs::read_to_string(dir.path().join("output/data/strip-1-3-4.json")).unwrap();
    assert!(data.contains("\"period\": 7"), "{data}");
    // And is replaced by this code's.
    assert!(cached(&build(dir.path()), "strip-1-3-4"));
}

#[test]
fn an_entry_for_other_parameters_is_never_served() {
    let dir = site("base");
    build(dir.path());
    let [entry] = entries(dir.path(), "figures").try_into().unwrap();
    // Planted under this figure's name, with another figure's parameters.
    edit_entry(&entry, |e| {
        let key = e["key"].as_str().unwrap();
        assert!(key.contains("values: Count(200)"), "{key}");
        let key = key.replace("values: Count(200)", "values: Count(210)");
        e["key"] = key.into();
    });
    assert!(!cached(&build(dir.path()), "strip-1-3-4"));
}

#[test]
fn a_build_prunes_what_no_figure_uses_and_nothing_else() {
    let dir = site("base");
    let cache = dir.path().join(".cache/ladder");
    fs::create_dir_all(cache.join("figures")).unwrap();
    // An entry of an older version (in the top folder), one of this
    // version no figure uses, and files the cache did not write.
    let old = cache.join("strip-1-3-4-0123456789abcdef.json");
    let unused = cache.join("figures/gone-fedcba9876543210.json");
    let mine = cache.join("figures/notes.json");
    let folder = cache.join("figures/kept-0123456789abcdef.json");
    // `--only` is a part of the site: it prunes nothing.
    build(dir.path());
    for file in [&old, &unused, &mine] {
        fs::write(file, "{}").unwrap();
    }
    fs::create_dir_all(&folder).unwrap();
    let only = ladder(dir.path(), &["build", "--only", "strip-1-3-4"]);
    assert!(only.status.success(), "{}", stderr(&only));
    assert!(old.exists() && unused.exists());
    fs::write(
        dir.path().join("figures.yaml"),
        fs::read_to_string(dir.path().join("figures.yaml"))
            .unwrap()
            .replace("values: 200", "values: 210"),
    )
    .unwrap();
    build(dir.path());
    assert!(!old.exists() && !unused.exists());
    assert!(mine.exists() && folder.is_dir());
    // One entry left: the figure's, for 210 values (200's is pruned).
    let left: Vec<PathBuf> = entries(dir.path(), "figures")
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("strip-1-3-4"))
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(fs::read_to_string(&left[0]).unwrap().contains("Count(210)"));
}

/// The base site with a table of solved octal games, cached game by game.
fn solved_site() -> tempfile::TempDir {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let mut text = fs::read_to_string(&manifest).unwrap();
    text.push_str(
        "  - id: solved\n    page: page\n    caption: Two games solved.\n    \
         solved-octal:\n      max_values: 100000\n      games:\n        \
         - game: octal:·45\n        - game: octal:·07\n",
    );
    fs::write(&manifest, text).unwrap();
    let page = dir.path().join("content/page.md");
    let mut text = fs::read_to_string(&page).unwrap();
    text.push_str("\n{{ figure(id=\"solved\") }}\n");
    fs::write(&page, text).unwrap();
    dir
}

#[test]
fn a_figure_of_parts_recomputes_only_the_part_that_changed() {
    let dir = solved_site();
    build(dir.path());
    let parts = entries(dir.path(), "parts");
    assert_eq!(parts.len(), 2, "a part a game: {parts:?}");
    let part_45 = parts
        .iter()
        .find(|p| fs::read_to_string(p).unwrap().contains("·45"))
        .unwrap();
    // Plant a period in ·45's part: if the part is read back, it shows.
    edit_entry(part_45, |e| e["value"]["period"] = 21.into());
    // Change the other game: the figure is computed again, ·45 is not.
    let manifest = dir.path().join("figures.yaml");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, text.replace("octal:·07", "octal:·77")).unwrap();
    let report = build(dir.path());
    assert!(!cached(&report, "solved"), "{report}");
    let data: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(dir.path().join("output/data/solved.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(data["rows"][0]["code"], "·45");
    assert_eq!(data["rows"][0]["period"], 21, "·45 read from its part");
    assert_eq!(data["rows"][1]["code"], "·77");
    assert_eq!(data["rows"][1]["period"], 12, "·77 (Kayles) computed");
    // `check` reads the cache; `check --force` computes and finds the plant.
    assert_eq!(ladder(dir.path(), &["check"]).status.code(), Some(0));
    let forced = ladder(dir.path(), &["check", "--force"]);
    assert_eq!(forced.status.code(), Some(1), "{}", stderr(&forced));
    assert!(common::stdout(&forced).contains("data/solved.json"));
}

#[test]
fn every_committed_figure_reads_back_as_written() {
    // The cache stores what `data/<id>.json` holds (less its id, kind and
    // seed) and draws from it read back: the two must be the same data.
    let root = repo();
    let project = ladder::project::Project::open(&root).unwrap();
    let manifest = ladder::manifest::load(&project).unwrap();
    assert!(manifest.figures.len() >= 38);
    let mut wrong = Vec::new();
    for figure in &manifest.figures {
        let path = root
            .join("output/data")
            .join(format!("{}.json", figure.id.0));
        let mut json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let map = json.as_object_mut().unwrap();
        for key in ["id", "kind", "seed"] {
            map.remove(key);
        }
        match figure.spec.data_from_json(json.clone()) {
            Err(e) => wrong.push(format!("{}: {e}", figure.id.0)),
            Ok(data) if serde_json::to_value(&data).unwrap() != json => {
                wrong.push(format!("{}: read back, it writes other data", figure.id.0));
            }
            Ok(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
