//! The proofs as a page of the site (issues 23 and 24): `output/proofs.html`
//! states Theorems P, C and C⁺ under fixed ids, in MathML, and every page
//! that names one links the name to its statement. The check here reads
//! the built HTML as a reader meets it and shares no code with the build's
//! linking (`draw/src/html/theorems.rs`); its negative controls plant an
//! unlinked name and a wrong anchor, and a renamed anchor fails the build.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{ladder, repo, site, stderr};

/// Each theorem's name, as prose writes it after "Theorem", and its id on
/// the proofs page; the longer name first.
const THEOREMS: [(&str, &str); 4] = [
    ("C⁺", "theorem-c-plus"),
    ("C", "theorem-c"),
    ("P", "theorem-p"),
    ("M", "theorem-m"),
];

/// Every HTML file under `root`, as (path from `root`, text).
fn html_files(root: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let text = fs::read_to_string(&path).unwrap();
                found.push((path.strip_prefix(root).unwrap().to_path_buf(), text));
            }
        }
    }
    found.sort();
    found
}

/// Elements whose text is not prose a theorem's name is linked in.
const SKIPPED: [&str; 11] = [
    "h1", "h2", "h3", "h4", "h5", "h6", "code", "math", "title", "style", "script",
];

/// The page's prose, character by character, each with the link it is in
/// (the `href` of the innermost `<a>`), outside the [`SKIPPED`] elements;
/// a tag that is not inline ends a word, as a space. Attribute values (an
/// image's `alt`) are not prose.
fn prose(html: &str) -> Vec<(char, Option<String>)> {
    let mut out = Vec::new();
    let mut links: Vec<Option<String>> = Vec::new();
    let mut skipped: Vec<String> = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        if let Some(tag) = rest.strip_prefix('<') {
            let end = tag.find('>').expect("every tag is closed");
            let inside = &tag[..end];
            rest = &tag[end + 1..];
            let closing = inside.starts_with('/');
            let name: String = inside
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase();
            if SKIPPED.contains(&name.as_str()) {
                if closing {
                    skipped.pop();
                } else if !inside.ends_with('/') {
                    skipped.push(name.clone());
                }
            } else if !["a", "em", "strong", "span", "b", "i"].contains(&name.as_str())
                && skipped.is_empty()
            {
                // A cell, a paragraph or a line break ends a word.
                out.push((' ', None));
            }
            if name == "a" {
                if closing {
                    links.pop();
                } else {
                    let href = inside
                        .split_once(" href=\"")
                        .and_then(|(_, v)| v.split_once('"'))
                        .map(|(v, _)| v.to_string());
                    links.push(href);
                }
            }
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        if skipped.is_empty() {
            let link = links.last().cloned().flatten();
            out.extend(rest[..end].chars().map(|c| (c, link.clone())));
        }
        rest = &rest[end..];
    }
    out
}

/// What is wrong with each theorem the prose names: a name outside a link,
/// a link to the wrong place, or a theorem the site does not state.
/// `root` is how the page reaches the site's top (`""`, `"../"`); the
/// second value counts the names found.
fn unlinked(html: &str, root: &str) -> (Vec<String>, usize) {
    let text = prose(html);
    let chars: Vec<char> = text.iter().map(|(c, _)| *c).collect();
    let at = |i: usize, s: &str| -> bool {
        let s: Vec<char> = s.chars().collect();
        chars.get(i..i + s.len()) == Some(&s[..])
    };
    let space = |i: usize| chars.get(i).is_some_and(|c| c.is_whitespace());
    let context = |i: usize| -> String {
        let from = i.saturating_sub(40);
        chars[from..(i + 20).min(chars.len())].iter().collect()
    };
    let mut problems = Vec::new();
    let mut names = 0;
    // The name at `i`, checked; its length, or `None` if no name is there.
    let mut check = |i: usize, problems: &mut Vec<String>| -> Option<usize> {
        let (name, anchor) = THEOREMS.iter().find(|(name, _)| {
            at(i, name) && {
                let next = chars.get(i + name.chars().count());
                !next.is_some_and(|c| c.is_alphanumeric() || *c == '⁺')
            }
        })?;
        names += 1;
        let want = format!("{root}proofs.html#{anchor}");
        for (_, link) in &text[i..i + name.chars().count()] {
            match link {
                Some(href) if *href == want => {}
                Some(href) => {
                    problems.push(format!(
                        "Theorem {name} links to {href}, not {want}: …{}…",
                        context(i)
                    ));
                    break;
                }
                None => {
                    problems.push(format!("Theorem {name} is not linked: …{}…", context(i)));
                    break;
                }
            }
        }
        Some(name.chars().count())
    };
    let mut i = 0;
    while i < chars.len() {
        let starts = at(i, "Theorem") && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i + "Theorem".len();
        let list = chars.get(j) == Some(&'s');
        if list {
            j += 1;
        }
        if !space(j) {
            i = j;
            continue;
        }
        j += 1;
        loop {
            match check(j, &mut problems) {
                Some(len) => j += len,
                None => {
                    let word: String = chars[j..]
                        .iter()
                        .take_while(|c| c.is_alphanumeric())
                        .collect();
                    if word.len() == 1 && word.chars().all(|c| c.is_ascii_uppercase()) {
                        problems.push(format!(
                            "Theorem {word} is no theorem the site states: …{}…",
                            context(i)
                        ));
                    }
                    break;
                }
            }
            if !list {
                break;
            }
            // ", ", " and ", ", and " before the next name of a list.
            let mut k = j;
            if chars.get(k) == Some(&',') {
                k += 1;
            }
            if !space(k) {
                break;
            }
            k += 1;
            if at(k, "and") && space(k + 3) {
                k += 4;
            } else if chars.get(j) != Some(&',') {
                break;
            }
            j = k;
        }
        i = j.max(i + 1);
    }
    (problems, names)
}

fn root_of(path: &Path) -> String {
    "../".repeat(path.components().count() - 1)
}

#[test]
fn the_proofs_page_states_each_theorem_under_its_anchor_in_mathml() {
    let page = fs::read_to_string(repo().join("output/proofs.html")).unwrap();
    for (heading, id) in [
        ("Theorem P: a period", "theorem-p"),
        ("Theorem C: a saltus", "theorem-c"),
        ("Theorem C⁺: a saltus", "theorem-c-plus"),
        (
            "Reading a relation over two or four periods",
            "lemma-two-or-four-periods",
        ),
    ] {
        assert!(
            page.contains(&format!("<h2 id=\"{id}\">{heading}")),
            "proofs.html has no heading “{heading}” with the id {id}"
        );
        assert_eq!(page.matches(&format!(" id=\"{id}\"")).count(), 1, "{id}");
    }
    // Each statement is under its theorem's heading, and the proofs are there.
    for (id, statement) in [
        ("theorem-p", "<strong>Statement.</strong>"),
        ("theorem-c", "<strong>Statement.</strong>"),
        ("theorem-c-plus", "<strong>Statement.</strong>"),
    ] {
        let section = page.split(&format!("<h2 id=\"{id}\">")).nth(1).unwrap();
        let section = section.split("<h2 ").next().unwrap();
        assert!(section.contains(statement), "{id} has no statement");
        assert!(
            section.contains("<strong>Proof.</strong>"),
            "{id} has no proof"
        );
        assert!(section.contains("∎"), "{id}: the proof has no end");
    }
    // The mathematics is MathML; what is left in code is what the program
    // prints or reads (condition names, files, a command), never a formula.
    assert!(
        page.matches("<math").count() > 300,
        "too few formulas in MathML"
    );
    // The citation's BibTeX after the essay is what a reader copies, not
    // mathematics.
    let mut rest = page.split("<details class=\"cite-page\"").next().unwrap();
    while let Some(start) = rest.find("<code>") {
        let code = &rest[start + 6..];
        let code = &code[..code.find("</code>").unwrap()];
        for sign in ["=", "≤", "≥", "⊕", "−", "&lt;", "&gt;", "+", "⌊", "Σ", "·"] {
            assert!(
                !code.contains(sign),
                "a formula left as code: <code>{code}</code>"
            );
        }
        rest = &rest[start + 6..];
    }
    // Its sources are cited from references.yaml, not listed by hand.
    for key in [
        "guy-smith-1956",
        "winning-ways",
        "siegel-2013",
        "howse-nowakowski-2004",
    ] {
        assert!(
            page.contains(&format!("<li id=\"ref-{key}\">")),
            "{key} is not cited"
        );
    }
}

#[test]
fn every_named_theorem_links_to_its_statement() {
    let mut problems = Vec::new();
    let mut names = 0;
    let mut pages = 0;
    for (path, html) in html_files(&repo().join("output")) {
        if path == Path::new("proofs.html") {
            continue;
        }
        pages += 1;
        // A citation repeats a title as it stands, theorems' names unlinked.
        let html = html.split("<details class=\"cite-page\"").next().unwrap();
        let (found, count) = unlinked(html, &root_of(&path));
        names += count;
        problems.extend(
            found
                .into_iter()
                .map(|p| format!("{}: {p}", path.display())),
        );
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(pages > 10, "only {pages} pages read");
    assert!(
        names >= 20,
        "only {names} theorems named: the check reads nothing"
    );
}

#[test]
fn the_check_finds_an_unlinked_name_and_a_wrong_anchor() {
    let page = fs::read_to_string(repo().join("output/certificates.html")).unwrap();
    assert!(unlinked(&page, "").0.is_empty());
    let link = "<a href=\"proofs.html#theorem-c\">Theorem C</a>";
    assert!(page.contains(link));
    // A name left as text.
    let (found, _) = unlinked(&page.replacen(link, "Theorem C", 1), "");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("Theorem C is not linked"),
        "{found:#?}"
    );
    // A link to another theorem's statement.
    let wrong = page.replacen(
        link,
        "<a href=\"proofs.html#theorem-c-plus\">Theorem C</a>",
        1,
    );
    let (found, _) = unlinked(&wrong, "");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("links to proofs.html#theorem-c-plus, not proofs.html#theorem-c"));
    // From a figure's own page the link climbs one folder.
    assert_eq!(unlinked(&page, "../").0.len(), unlinked(&page, "").1);
    // Lists, unknown theorems, headings and code.
    let sample = "<p>Theorems <a href=\"proofs.html#theorem-c\">C</a> and C⁺, and Theorem Q.</p>\
                  <h2>Theorem P</h2><p><code>Theorem P</code> <span title=\"Theorem P\">x</span></p>";
    let (found, names) = unlinked(sample, "");
    assert_eq!(names, 2, "{found:#?}");
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("Theorem C⁺ is not linked"),
        "{found:#?}"
    );
    assert!(
        found[1].starts_with("Theorem Q is no theorem"),
        "{found:#?}"
    );
}

/// The base site with a proofs page stating the three theorems, and its one
/// page naming them.
fn site_with_proofs() -> tempfile::TempDir {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let yaml = fs::read_to_string(&manifest).unwrap().replace(
        "figures:\n",
        "  - id: proofs\n    title: Proofs\n    summary: The proofs.\n    content: proofs.md\nfigures:\n",
    );
    fs::write(&manifest, yaml).unwrap();
    fs::write(
        dir.path().join("content/proofs.md"),
        "## Theorem P: a period { #theorem-p }\n\nBy Theorem C.\n\n\
         ## Theorem C: a saltus { #theorem-c }\n\nStatement.\n\n\
         ## Theorem C⁺ { #theorem-c-plus }\n\nStatement.\n",
    )
    .unwrap();
    let page = dir.path().join("content/page.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(
        &page,
        format!("By Theorem C, and Theorems P and C⁺.\n\n{text}"),
    )
    .unwrap();
    dir
}

#[test]
fn a_site_links_each_name_and_a_renamed_anchor_fails_the_build() {
    let dir = site_with_proofs();
    let out = ladder(dir.path(), &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    assert!(
        page.contains(
            "By <a href=\"proofs.html#theorem-c\">Theorem C</a>, and Theorems \
             <a href=\"proofs.html#theorem-p\">P</a> and <a href=\"proofs.html#theorem-c-plus\">C⁺</a>."
        ),
        "{page}"
    );
    for (path, html) in html_files(&dir.path().join("output")) {
        if path != Path::new("proofs.html") {
            assert_eq!(
                unlinked(&html, &root_of(&path)).0,
                Vec::<String>::new(),
                "{}",
                path.display()
            );
        }
    }
    let proofs = fs::read_to_string(dir.path().join("output/proofs.html")).unwrap();
    assert!(
        proofs.contains("<h2 id=\"theorem-c\">Theorem C: a saltus</h2>"),
        "{proofs}"
    );

    // The proofs page loses the id a link points to.
    let content = dir.path().join("content/proofs.md");
    let text = fs::read_to_string(&content).unwrap();
    fs::write(
        &content,
        text.replace("{ #theorem-c }", "{ #theorem-saltus }"),
    )
    .unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "page.html links to `proofs.html#theorem-c`, but proofs.html has no id `theorem-c`"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_name_outside_the_linked_prose_is_found_and_a_missing_proofs_page_fails_the_build() {
    // A page's summary is written by the templates as it is: named there,
    // a theorem is not linked, and the check says so.
    let dir = site_with_proofs();
    let manifest = dir.path().join("figures.yaml");
    let yaml = fs::read_to_string(&manifest)
        .unwrap()
        .replace("summary: One figure.", "summary: One figure, by Theorem P.");
    fs::write(&manifest, yaml).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let index = fs::read_to_string(dir.path().join("output/index.html")).unwrap();
    let (found, _) = unlinked(&index, "");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("Theorem P is not linked"),
        "{found:#?}"
    );

    // Without the proofs page, a page naming a theorem links nowhere.
    let dir = site("base");
    let page = dir.path().join("content/page.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, format!("By Theorem C.\n\n{text}")).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("page.html links to `proofs.html#theorem-c`, which the site does not have"),
        "{}",
        stderr(&out)
    );
}
