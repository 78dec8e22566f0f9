//! The bibliography end to end: `cite` in a small site, its errors located,
//! and the committed site read as a reader would (no word of how it was
//! made, a References section wherever a named result is).

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::{assert_error, ladder, repo, site};

#[test]
fn a_page_lists_what_it_cites_in_order_of_first_citation() {
    let dir = site("cited");
    let out = ladder(dir.path(), &["build"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let page = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    // Each citation previews its reference, is described by its entry and
    // has an id its reference links back to.
    let essay = |n: usize| {
        format!(
            "<a class=\"cite\" id=\"cite-essay-{n}\" href=\"#ref-essay\" data-ref=\"Two takes, \
             one line\" aria-describedby=\"ref-essay\">[1]</a>"
        )
    };
    let guy = "<a class=\"cite\" id=\"cite-guy-smith-1956-1\" href=\"#ref-guy-smith-1956\" \
               data-ref=\"R. K. Guy and C. A. B. Smith, The G-values of various games\" \
               aria-describedby=\"ref-guy-smith-1956\">[2]</a>";
    assert!(
        page.contains(&format!("The essay {} says", essay(1))),
        "{page}"
    );
    assert!(page.contains(&format!("{guy} proves it")), "{page}");
    assert!(page.contains(&format!("proves it {}.", essay(2))), "{page}");
    // Smart punctuation: the prose's apostrophe is typographic.
    assert!(page.contains("and Smith’s theorem"));
    let section = &page[page
        .find("<h2 id=\"references\">References</h2>")
        .expect("a References section")..];
    let essay = section.find("<li id=\"ref-essay\">").unwrap();
    let guy = section.find("<li id=\"ref-guy-smith-1956\">").unwrap();
    assert!(essay < guy, "listed in order of first citation");
    for back in [
        "href=\"#cite-essay-1\"",
        "href=\"#cite-essay-2\"",
        "href=\"#cite-guy-smith-1956-1\"",
    ] {
        assert_eq!(section.matches(back).count(), 1, "{back}: {section}");
    }
    assert!(
        !section.contains("Never cited here"),
        "only what the page cites"
    );
}

#[test]
fn an_unknown_key_is_located_in_the_content() {
    let dir = site("unknown-reference");
    let out = ladder(dir.path(), &["build"]);
    assert_error(
        dir.path(),
        &out,
        "error: content/page.md:6:9: no reference `no-such-work` in references.yaml",
    );
}

#[test]
fn a_bad_entry_is_located_in_the_bibliography() {
    let dir = site("bad-references");
    let out = ladder(dir.path(), &["build"]);
    assert_error(
        dir.path(),
        &out,
        "references.yaml:3:3: guy-smith-1956: unknown field `volume`",
    );
}

/// Whether `page` is one of the manual's (`manual.html`, `manual-….html`).
fn is_manual(page: &std::path::Path) -> bool {
    page.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n == "manual.html" || n.starts_with("manual-"))
}

/// The committed pages, as (name, text).
fn pages() -> Vec<(PathBuf, String)> {
    let mut pages: Vec<_> = fs::read_dir(repo().join("output"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    pages.sort();
    assert!(pages.len() > 1, "no pages in output/");
    pages
}

#[test]
fn no_page_tells_readers_how_it_was_made() {
    for (page, html) in pages() {
        // The manual's pages are for the authors: telling how the site is
        // made is what they are for.
        if is_manual(&page) {
            continue;
        }
        // The whole page, markup included: no link or attribute may say it either.
        let lower = html.to_lowercase();
        for word in ["seed", "source essay", "manifest", "the notes this page"] {
            if let Some(at) = lower.find(word) {
                let around = &html[at.saturating_sub(60)..(at + 60).min(html.len())];
                panic!("{} says {word:?}: …{around}…", page.display());
            }
        }
    }
}

#[test]
fn every_page_naming_a_result_has_references() {
    // A name as the prose writes it, and the entry that must then be listed.
    let results = [
        ("Guy and Smith", "ref-guy-smith-1956"),
        ("Guy–Smith theorem", "ref-guy-smith-1956"),
        ("Dawson’s chess", "ref-dawson-1934"),
        ("R. M. Low", "ref-low-single-pass"),
        ("Gangolli and Plambeck", "ref-gangolli-plambeck-1989"),
        ("Howse and Nowakowski", "ref-howse-nowakowski-2004"),
        ("Grundy value", "ref-grundy-1939"),
        ("Plambeck and Siegel", "ref-plambeck-siegel-2008"),
        ("MisereSolver", "ref-miseresolver"),
    ];
    let mut named = 0;
    for (page, html) in pages() {
        // The index lists the essays; it names terms, not results.
        if page.ends_with("index.html") {
            continue;
        }
        let body = html
            .split("<h2 id=\"references\">References</h2>")
            .next()
            .unwrap_or("");
        // The line linking the primer's terms names them; it names no result.
        let body = match body.find("<p class=\"primer-note\">") {
            Some(start) => {
                let end = body[start..].find("</p>").map_or(body.len(), |e| start + e);
                format!("{}{}", &body[..start], &body[end..])
            }
            None => body.to_string(),
        };
        // A citation's preview (`data-ref`) quotes the title of the work it
        // cites; that names nothing the page says.
        let body = strip_previews(&body);
        for (name, entry) in results {
            if body.contains(name) {
                named += 1;
                assert!(
                    html.contains("<h2 id=\"references\">References</h2>")
                        && html.contains(&format!("<li id=\"{entry}\">")),
                    "{} names {name} but does not list {entry}",
                    page.display()
                );
            }
        }
    }
    assert!(
        named > 0,
        "no page names a result: the names above are out of date"
    );
}

/// Builds the `cited` site with `references.yaml` replaced by `text` over an
/// earlier output, and asserts the located error and an untouched output.
fn refused_bibliography(text: &str, message: &str) {
    let dir = site("cited");
    fs::write(dir.path().join("references.yaml"), text).unwrap();
    let out = dir.path().join("output");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join(common::MARKER), "").unwrap();
    fs::write(out.join("previous.txt"), "the previous site").unwrap();
    let before = common::snapshot(&out);
    assert_error(dir.path(), &ladder(dir.path(), &["build"]), message);
    assert_eq!(common::snapshot(&out), before, "output/ was touched");
}

#[test]
fn the_bibliography_is_read_like_the_manifest() {
    let entry = "  title: The G-values of various games\n";
    refused_bibliography(
        &format!("essay:\n{entry}guy-smith-1956:\n{entry}essay:\n  title: Again\n"),
        "references.yaml:5:1: `essay` appears twice: give each entry its own key",
    );
    refused_bibliography(
        &format!("essay:\n{entry}guy-smith-1956:\n{entry}  url: javascript:alert(1)\n"),
        "references.yaml:5:8: guy-smith-1956.url: `javascript:alert(1)` is not a link a page may publish",
    );
    refused_bibliography(
        &format!("essay:\n{entry}guy-smith-1956:\n  url: \"data:text/html,<b>x</b>\"\n"),
        "references.yaml:4:8: guy-smith-1956.url: `data:text/html,<b>x</b>` is not a link",
    );
    refused_bibliography(
        &format!("essay: {}", "[".repeat(80_000)),
        "references.yaml:1:40: collections nest more than 32 deep here",
    );
}

/// `html` without its citations' `data-ref="…"` attributes.
fn strip_previews(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(" data-ref=\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + " data-ref=\"".len()..];
        rest = after.find('"').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// Every reference on every page links its public address (a DOI or a
/// URL) or says why it has none (a book's edition and ISBN, a manuscript,
/// an address not confirmed): none is left bare.
#[test]
fn every_reference_has_an_address_or_says_why_not() {
    let mut entries = 0;
    for (page, html) in pages() {
        let mut rest = html.as_str();
        while let Some(at) = rest.find("<li id=\"ref-") {
            let end = rest[at..].find("</li>").map_or(rest.len(), |e| at + e);
            let entry = &rest[at..end];
            let linked = entry.contains("href=\"https://") || entry.contains("href=\"http://");
            let why = entry.contains("address") || entry.contains("ISBN");
            assert!(
                linked || why,
                "{}: a reference with no address and no word why: {entry}",
                page.display()
            );
            entries += 1;
            rest = &rest[end..];
        }
    }
    assert!(entries > 40, "{entries} references read");
}
