//! Fingerprints of the code each figure kind's computation reads, so the
//! figure cache ([`super::cache`]) is keyed by that code and never by the
//! binary: a change to the site, the templates, the drawing or the command
//! line recomputes no figure; a change to the engine recomputes the kinds
//! that read it. `build.rs` runs this file (it is plain `std`) and compiles
//! the table into the binary; the tests run it on trees of their own.
//!
//! What a kind reads is found by area, conservatively. The engine's areas
//! are the engine crate's modules (`engine/src`: `games`, `sequence`,
//! `census`, `coalition`, `budget`, `numbers`, `parallel`, `interned`,
//! `wording`), the drawing crate's figures that the browser draws too
//! (`draw/src/strip.rs`, `reach.rs`, `two_takes.rs`, `window.rs`,
//! `growth.rs`, `spread.rs`, `same.rs`, `shift.rs`, `pass_cases.rs`,
//! `million_heap.rs`, `saltus.rs`, `certificate_lengths.rs`, and
//! `coalition/` with the engine's `coalition`: their
//! data are computed beside their drawing) and
//! the site's `src/checkpoint.rs`, `src/budget`, `src/text` (the
//! wording some data carry), `src/sweep` and `src/atlas` (the records read
//! back). A file reads an area when its code (whole-line comments
//! aside) names it as a path (`games::`), and areas are closed under that
//! relation: an area is hashed whole, so a method one of its files defines
//! for a type of another file is covered. A kind reads its own file and
//! folder, the kinds' shared files (`figures/mod.rs`, `figures/bounds.rs`),
//! any other figure file it names (`run::`), and, like every kind,
//! `Cargo.lock` and the compiler's version. The drawing (`plot`, `table`)
//! is read by no computation: data are computed first, and drawn again from
//! the cache on every build.
//!
//! Whole-line comments are left out of the hash, so rewording a doc comment
//! recomputes nothing. The hash is FNV-1a, 64 bits (the same everywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The engine's areas: a folder or a file under `src/` or under the engine
/// crate's `engine/src/` (or both: `budget`), by module name.
pub const AREAS: &[&str] = &[
    "games",
    "sequence",
    "census",
    "coalition",
    "checkpoint",
    "budget",
    "text",
    "numbers",
    "parallel",
    "interned",
    "wording",
    "strip",
    "reach",
    "two_takes",
    "window",
    "growth",
    "spread",
    "same",
    "shift",
    "pass_cases",
    "million_heap",
    "saltus",
    "certificate_lengths",
    "sweep",
    "boards",
    "misere",
    "atlas",
];

/// Where the areas' files are: the site's crate, the engine's, and the
/// drawing crate's (`strip`, `reach`, `two_takes`, `window`, `growth`,
/// `spread`, `same`, `shift`, `pass_cases`, `million_heap`, `saltus`,
/// `certificate_lengths`, `coalition`:
/// their data are computed there,
/// beside the drawing the browser shares).
const AREA_ROOTS: &[&str] = &["src", "engine/src", "draw/src"];

/// Files every kind reads: the dispatch and the parameters' ranges.
const SHARED: &[&str] = &["src/figures/mod.rs", "src/figures/bounds.rs"];

/// Figure files that are the run's machinery, not a computation.
const MACHINERY: &[&str] = &[
    "mod",
    "bounds",
    "cache",
    "computed",
    "entry",
    "fingerprint",
    "parts",
];

/// Each figure module under `root/src/figures` with its fingerprint, by
/// name; `compiler` is the compiler's version line.
pub fn fingerprints(root: &Path, compiler: &str) -> Vec<(String, u64)> {
    let mut common = fs::read(root.join("Cargo.lock")).unwrap_or_default();
    common.extend(compiler.as_bytes());
    for file in SHARED {
        common.extend(code_of(&root.join(file)).into_bytes());
    }
    let areas: BTreeMap<&str, Vec<PathBuf>> = AREAS
        .iter()
        .map(|&area| {
            let files = AREA_ROOTS
                .iter()
                .flat_map(|dir| rust_files(&root.join(dir), area))
                .collect();
            (area, files)
        })
        .collect();
    let reads: BTreeMap<&str, BTreeSet<&str>> = areas
        .iter()
        .map(|(&area, files)| (area, named(files, AREAS)))
        .collect();

    let figures = root.join("src/figures");
    let mut kinds: Vec<String> = fs::read_dir(&figures)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".rs")?.to_string();
            (!MACHINERY.contains(&stem.as_str())).then_some(stem)
        })
        .collect();
    kinds.sort();
    let kind_names: Vec<&str> = kinds.iter().map(String::as_str).collect();

    kinds
        .iter()
        .map(|kind| {
            // The kind's files, and the other figure files it names, closed.
            let mut files: BTreeSet<PathBuf> = BTreeSet::new();
            let mut todo = vec![kind.as_str()];
            let mut seen = BTreeSet::new();
            while let Some(module) = todo.pop() {
                if seen.insert(module) {
                    let own = rust_files(&figures, module);
                    todo.extend(named(&own, &kind_names));
                    files.extend(own);
                }
            }
            // The areas they name, closed under what each area names.
            let listed: Vec<PathBuf> = files.iter().cloned().collect();
            let mut wanted: Vec<&str> = named(&listed, AREAS).into_iter().collect();
            let mut closed = BTreeSet::new();
            while let Some(area) = wanted.pop() {
                if closed.insert(area) {
                    wanted.extend(reads[area].iter().copied());
                }
            }
            for area in &closed {
                files.extend(areas[area].iter().cloned());
            }
            let mut hash = fnv1a(&common, 0);
            for file in &files {
                let name = file.strip_prefix(root).unwrap_or(file);
                hash = fnv1a(name.to_string_lossy().as_bytes(), hash);
                hash = fnv1a(code_of(file).as_bytes(), hash);
            }
            (kind.clone(), hash)
        })
        .collect()
}

/// The `.rs` files of module `name` under `dir`: `name.rs` and everything
/// in the folder `name/`, sorted.
fn rust_files(dir: &Path, name: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let file = dir.join(format!("{name}.rs"));
    if file.is_file() {
        files.push(file);
    }
    let mut folders = vec![dir.join(name)];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's text without its whole-line comments.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let mut code = String::with_capacity(text.len());
    for line in text.lines() {
        if !line.trim_start().starts_with("//") {
            code.push_str(line);
            code.push('\n');
        }
    }
    code
}

/// Which of `names` the code of `files` names as a path (`games::`), with
/// no identifier character before the name.
fn named<'a>(files: &[PathBuf], names: &[&'a str]) -> BTreeSet<&'a str> {
    let code: String = files.iter().map(|f| code_of(f)).collect();
    names
        .iter()
        .copied()
        .filter(|name| {
            let pattern = format!("{name}::");
            code.match_indices(&pattern).any(|(at, _)| {
                !code[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .collect()
}

fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The site's modules a kind may name without reading them into its
    /// data: the drawing (`plot`, `table`), the figures' own dispatch, and
    /// `project`'s located errors.
    const NOT_COMPUTATION: &[&str] = &["plot", "table", "figures", "project"];

    #[test]
    fn every_module_a_kind_names_is_an_area_or_the_drawing() {
        // A module missing from AREAS would serve a stale figure from the
        // cache after it changed (src/atlas once was).
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let figures = root.join("src/figures");
        let mut missing = BTreeSet::new();
        for entry in fs::read_dir(&figures).unwrap().flatten() {
            let path = entry.path();
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            if MACHINERY.contains(&stem.as_str()) {
                continue;
            }
            let files = if path.is_dir() {
                rust_files(&figures, &stem)
            } else {
                vec![path.clone()]
            };
            for file in files {
                let code = code_of(&file);
                for (at, _) in code.match_indices("crate::") {
                    let name: String = code[at + 7..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let is_module = root.join("src").join(format!("{name}.rs")).is_file()
                        || root.join("src").join(&name).is_dir();
                    if is_module
                        && !AREAS.contains(&name.as_str())
                        && !NOT_COMPUTATION.contains(&name.as_str())
                    {
                        missing.insert(format!("{}: crate::{name}", file.display()));
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "modules read but not areas: {missing:?}"
        );
    }

    /// A tree with two kinds: `alpha` computes with the engine (`games`,
    /// which names `census`), `beta` reads nothing but the drawing.
    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let files = [
            ("Cargo.lock", "lock"),
            ("src/figures/mod.rs", "pub mod alpha;\npub mod beta;\n"),
            ("src/figures/bounds.rs", "pub fn check() {}\n"),
            ("src/figures/cache.rs", "pub fn get() {}\n"),
            (
                "src/figures/alpha.rs",
                "use crate::games::x;\npub fn compute() -> u32 { x::f() }\n",
            ),
            (
                "src/figures/beta.rs",
                "use crate::plot;\npub fn compute() -> u32 { 1 }\npub fn render() { plot::draw() }\n",
            ),
            ("engine/src/games/mod.rs", "pub mod x;\n"),
            (
                "engine/src/games/x.rs",
                "// The rule.\npub fn f() -> u32 { crate::census::g() }\n",
            ),
            ("engine/src/census.rs", "pub fn g() -> u32 { 2 }\n"),
            ("src/coalition/mod.rs", "pub fn h() {}\n"),
            ("src/site/pages.rs", "pub fn page() {}\n"),
            ("src/plot/mod.rs", "pub fn draw() {}\n"),
        ];
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    /// The fingerprints after `edit` (a path and the text to append), as
    /// (alpha changed, beta changed).
    fn changed(edit: (&str, &str)) -> (bool, bool) {
        let dir = tree();
        let before = fingerprints(dir.path(), "rustc 1");
        let path = dir.path().join(edit.0);
        let mut text = fs::read_to_string(&path).unwrap();
        text.push_str(edit.1);
        fs::write(&path, text).unwrap();
        let after = fingerprints(dir.path(), "rustc 1");
        assert_eq!(before.len(), 2, "two kinds: {before:?}");
        (before[0] != after[0], before[1] != after[1])
    }

    #[test]
    fn the_site_and_the_drawing_recompute_nothing() {
        assert_eq!(
            changed(("src/site/pages.rs", "fn more() {}\n")),
            (false, false)
        );
        assert_eq!(
            changed(("src/plot/mod.rs", "fn more() {}\n")),
            (false, false)
        );
        assert_eq!(
            changed(("src/figures/cache.rs", "fn more() {}\n")),
            (false, false)
        );
    }

    #[test]
    fn the_engine_recomputes_the_kinds_that_read_it() {
        assert_eq!(
            changed(("engine/src/games/x.rs", "fn more() {}\n")),
            (true, false)
        );
        // Named only by games: the closure reaches it.
        assert_eq!(
            changed(("engine/src/census.rs", "fn more() {}\n")),
            (true, false)
        );
        // Named by no kind.
        assert_eq!(
            changed(("src/coalition/mod.rs", "fn more() {}\n")),
            (false, false)
        );
    }

    #[test]
    fn a_kind_recomputes_itself_and_the_shared_files_every_kind() {
        assert_eq!(
            changed(("src/figures/beta.rs", "fn more() {}\n")),
            (false, true)
        );
        assert_eq!(
            changed(("src/figures/bounds.rs", "fn more() {}\n")),
            (true, true)
        );
        assert_eq!(changed(("Cargo.lock", "more")), (true, true));
        let dir = tree();
        assert_ne!(
            fingerprints(dir.path(), "rustc 1"),
            fingerprints(dir.path(), "rustc 2"),
            "a new compiler recomputes everything"
        );
    }

    #[test]
    fn a_comment_recomputes_nothing() {
        assert_eq!(
            changed(("engine/src/games/x.rs", "/// Reworded.\n")),
            (false, false)
        );
        assert_eq!(
            changed(("engine/src/games/x.rs", "    // indented\n")),
            (false, false)
        );
    }

    #[test]
    fn a_path_is_a_whole_name() {
        let dir = tree();
        let file = dir.path().join("src/a.rs");
        fs::write(&file, "use crate::my_games::y; mygames::z();\n").unwrap();
        assert!(named(std::slice::from_ref(&file), AREAS).is_empty());
        fs::write(&file, "let v = games::y();\n").unwrap();
        assert_eq!(named(&[file], AREAS), BTreeSet::from(["games"]));
    }

    /// On this project's own tree: the kinds whose data the drawing crate
    /// computes read those files (a copy of the tree with one file
    /// changed recomputes its kind, and not an unrelated one).
    #[test]
    fn the_drawing_crate_s_computations_are_read_by_their_kinds() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let reads = |kind: &str, file: &str| {
            let dir = tempfile::tempdir().unwrap();
            for sub in ["src", "engine/src", "draw/src"] {
                copy_rs(&root.join(sub), &dir.path().join(sub));
            }
            fs::write(dir.path().join("Cargo.lock"), "lock").unwrap();
            let of = |prints: Vec<(String, u64)>, kind: &str| {
                prints.into_iter().find(|(k, _)| k == kind).unwrap().1
            };
            let before = fingerprints(dir.path(), "rustc 1");
            let path = dir.path().join(file);
            let mut text = fs::read_to_string(&path).unwrap();
            text.push_str("fn more() {}\n");
            fs::write(&path, text).unwrap();
            let after = fingerprints(dir.path(), "rustc 1");
            (
                of(before.clone(), kind) != of(after.clone(), kind),
                of(before, "strip") != of(after, "strip"),
            )
        };
        assert_eq!(
            reads("coalition_table", "draw/src/coalition/table.rs"),
            (true, false)
        );
        assert_eq!(
            reads("coalition_summary", "draw/src/coalition/table.rs"),
            (true, false)
        );
        assert_eq!(
            reads("coalition_lengths", "draw/src/coalition/lengths.rs"),
            (true, false)
        );
        assert_eq!(
            reads("million_heap", "draw/src/million_heap.rs"),
            (true, false)
        );
        assert_eq!(reads("saltus", "draw/src/saltus.rs"), (true, false));
        assert_eq!(
            reads("certificate_lengths", "draw/src/certificate_lengths.rs"),
            (true, false)
        );
    }

    fn copy_rs(from: &Path, to: &Path) {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                copy_rs(&path, &to.join(entry.file_name()));
            } else if path.extension().is_some_and(|e| e == "rs") {
                fs::copy(&path, to.join(entry.file_name())).unwrap();
            }
        }
    }
}
