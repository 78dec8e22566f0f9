//! The committed site read as an editor would (issue 23): each page that
//! grew from an earlier essay says so once, in its box of corrections, and
//! never cites that essay as a reference; every figure placed is referred
//! to in its page's prose; prose names a rule as a reader does (`·8`,
//! `{1, 3, 4}`), never in the command line's spelling (`hex:·8`).

use crate::common;

use std::fs;

use common::repo;

/// The committed essay pages, as (name, html), index left out.
fn pages() -> Vec<(String, String)> {
    let mut pages: Vec<_> = fs::read_dir(repo().join("output"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .filter(|p| !p.ends_with("index.html"))
        // The Explore page is a form, not prose: its field holds a rule as
        // the command line reads it.
        .filter(|p| !p.ends_with("explore.html"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect();
    pages.sort();
    assert!(pages.len() > 1, "no pages in output/");
    pages
}

/// `html` without its tags (and so without their attributes).
fn text_only(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// The text between the first `start` and the `end` after it, if any.
fn between<'a>(html: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = html.find(start)? + start.len();
    let to = html[from..].find(end).map_or(html.len(), |e| from + e);
    Some(&html[from..to])
}

/// `html` with every element `<tag …>…</tag>` taken out.
fn without(html: &str, tag: &str) -> String {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find(&close)
            .map_or("", |end| &rest[start + end + close.len()..]);
    }
    out.push_str(rest);
    out
}

/// The pages that grew from an earlier essay of the same subject.
const REVISED: [&str; 4] = [
    "certificates.html",
    "two-takes.html",
    "octal.html",
    "coalition.html",
];

#[test]
fn a_revised_page_says_so_once_in_its_box_of_corrections() {
    for (name, html) in pages() {
        let said = html.matches("earlier version").count();
        let boxed = between(&html, "<section class=\"corrections\">", "</section>");
        if REVISED.contains(&name.as_str()) {
            let boxed = boxed.unwrap_or_else(|| panic!("{name} has no box of corrections"));
            assert!(
                boxed.contains(">Corrections</h2>"),
                "{name}: the box has no heading"
            );
            assert!(
                boxed.contains("An earlier version of this essay"),
                "{name}: the box does not say what it corrects"
            );
            assert_eq!(said, 1, "{name} mentions its earlier version {said} times");
        } else {
            assert!(
                boxed.is_none(),
                "{name} has corrections but no earlier version"
            );
        }
    }
}

#[test]
fn no_page_cites_an_earlier_version_of_a_page_of_the_site() {
    let mut titles = Vec::new();
    for (_, html) in pages() {
        let title = between(&html, "<h1 id=\"", "</h1>").expect("a title");
        titles.push(title[title.find('>').unwrap() + 1..].to_string());
    }
    let mut references = 0;
    for (name, html) in pages() {
        let Some(section) = between(&html, "<h2 id=\"references\">References</h2>", "</section>")
        else {
            continue;
        };
        for entry in section.split("<li ").skip(1) {
            references += 1;
            assert!(
                !entry.contains(", essay."),
                "{name} cites an essay: {entry}"
            );
            for title in &titles {
                assert!(
                    !entry.contains(&format!("“{title}")),
                    "{name} cites the page “{title}” as a reference: {entry}"
                );
            }
        }
    }
    assert!(
        references > 0,
        "no references at all: the test reads nothing"
    );
}

#[test]
fn every_figure_is_referred_to_in_its_page_prose() {
    let mut figures = 0;
    for (name, html) in pages() {
        let prose = without(&html, "figure");
        for part in html.split("<figure id=\"fig-").skip(1) {
            let id = &part[..part.find('"').unwrap()];
            figures += 1;
            let link = format!("href=\"{name}#fig-{id}\"");
            assert!(
                prose.contains(&link),
                "{name}: figure {id} is placed but never referred to (add {{{{ ref(id=\"{id}\") }}}})"
            );
        }
    }
    assert!(figures > 10, "only {figures} figures found");
}

#[test]
fn prose_names_rules_as_readers_do() {
    for (name, html) in pages() {
        // The text only: a figure's `data-rule` attribute is for its
        // script, which reads the rule as the command line does.
        let prose = text_only(&without(&without(&html, "code"), "math"));
        for spelling in ["sub:", "pass:", "octal:", "hex:"] {
            for (at, _) in prose.match_indices(spelling) {
                let next = prose[at + spelling.len()..].chars().next();
                assert!(
                    !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '·' || c == '.'),
                    "{name} names a rule as the command line does: …{}…",
                    &prose[at.saturating_sub(30)..(at + 20).min(prose.len())]
                );
            }
        }
    }
}
