//! The pages' navigation and provenance, end to end on the base fixture:
//! heading ids and the contents list, the current page, image sizes, and a
//! footer revision that follows the sources and nothing else.

use crate::common;

use std::fs;

use common::{ladder, site, stderr};

fn page(dir: &std::path::Path) -> String {
    fs::read_to_string(dir.join("output/page.html")).unwrap()
}

fn revision(html: &str) -> String {
    let at = html
        .find("sources <code>")
        .expect("a footer naming the sources")
        + 14;
    html[at..at + 16].to_string()
}

#[test]
fn headings_contents_current_page_and_image_size() {
    let dir = site("base");
    let content = dir.path().join("content/page.md");
    let text = fs::read_to_string(&content).unwrap();
    fs::write(
        &content,
        format!("{text}\n## One\n\nx\n\n## Two\n\nx\n\n## Three\n\nx\n\n## One\n\nx\n"),
    )
    .unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let html = page(dir.path());
    for id in ["one", "two", "three", "one-2"] {
        assert!(html.contains(&format!("<h2 id=\"{id}\">")), "{id}");
        assert!(html.contains(&format!("<li><a href=\"#{id}\">")), "{id}");
    }
    assert!(html.contains("aria-current=\"page\""));
    assert!(html.contains("href=\"#essay\">Skip to the essay</a>"));
    let img = &html[html.find("<img ").unwrap()..];
    let img = &img[..img.find('>').unwrap()];
    assert!(
        img.contains(" width=\"") && img.contains(" height=\""),
        "{img}"
    );
}

#[test]
fn three_sections_get_no_contents_list() {
    let dir = site("base");
    let content = dir.path().join("content/page.md");
    let text = fs::read_to_string(&content).unwrap();
    fs::write(&content, format!("{text}\n## A\n\n## B\n\n## C\n")).unwrap();
    assert!(ladder(dir.path(), &["build"]).status.success());
    assert!(!page(dir.path()).contains("On this page"));
}

#[test]
fn the_revision_follows_the_sources_and_nothing_else() {
    let dir = site("base");
    assert!(ladder(dir.path(), &["build"]).status.success());
    let first = revision(&page(dir.path()));
    assert!(first.chars().all(|c| c.is_ascii_hexdigit()), "{first}");
    // A stray file and a second build change nothing.
    fs::write(dir.path().join("content/notes.txt"), "not a page").unwrap();
    assert!(ladder(dir.path(), &["build"]).status.success());
    assert_eq!(revision(&page(dir.path())), first);
    // A content edit changes it.
    let content = dir.path().join("content/page.md");
    let text = fs::read_to_string(&content).unwrap();
    fs::write(&content, format!("{text}\nOne more line.\n")).unwrap();
    assert!(ladder(dir.path(), &["build"]).status.success());
    assert_ne!(revision(&page(dir.path())), first);
}

/// A page's `nav` is its label in the navigation; its title stays the
/// heading, the window's title and the index's link.
#[test]
fn a_short_nav_label_names_the_page_in_the_navigation_only() {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(
        &manifest,
        text.replace("    title: A page\n", "    title: A page\n    nav: Short\n"),
    )
    .unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let html = page(dir.path());
    let nav = &html[html.find("<nav aria-label=\"Essays\">").unwrap()..];
    let nav = &nav[..nav.find("</nav>").unwrap()];
    assert!(
        nav.contains(">Short</a>") && !nav.contains("A page"),
        "{nav}"
    );
    assert!(html.contains("<title>A page"), "the window's title");
    assert!(html.contains(">A page</h1>"), "the heading");
    let index = fs::read_to_string(dir.path().join("output/index.html")).unwrap();
    assert!(index.contains(">A page</a>"), "the index's link");
}

/// Pages of `part: manual` are out of the essays' way: not in the
/// navigation's row (one "Manual" link stands for them) nor on the index,
/// each with the manual's contents, and previous and next within the
/// manual alone.
#[test]
fn the_manual_is_a_part_of_its_own() {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let text = fs::read_to_string(&manifest).unwrap();
    let manual = "  - id: guide\n    part: manual\n    title: The guide\n    summary: How.\n    content: guide.md\n  - id: guide-more\n    part: manual\n    title: More of it\n    summary: More.\n    content: guide.md\nfigures:\n";
    fs::write(&manifest, text.replace("figures:\n", manual)).unwrap();
    fs::write(dir.path().join("content/guide.md"), "Read this.\n").unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let essay = page(dir.path());
    let nav = &essay[essay.find("<nav aria-label=\"Essays\">").unwrap()..];
    let nav = &nav[..nav.find("</nav>").unwrap()];
    assert!(nav.contains("<a href=\"guide.html\">Manual</a>"), "{nav}");
    assert!(
        !nav.contains("The guide") && !nav.contains("guide-more"),
        "{nav}"
    );
    assert!(
        !essay.contains("rel=\"next\""),
        "the essay's next is no manual page"
    );
    let index = fs::read_to_string(dir.path().join("output/index.html")).unwrap();
    assert!(!index.contains("The guide"), "the index lists essays");
    let guide = fs::read_to_string(dir.path().join("output/guide.html")).unwrap();
    assert!(
        guide.contains("aria-current=\"page\">Manual</a>"),
        "the nav marks the part"
    );
    assert!(
        guide.contains("<nav class=\"manual-contents\" aria-label=\"The manual\">")
            && guide.contains("<a href=\"guide.html\" aria-current=\"page\">The guide</a>")
            && guide.contains("<a href=\"guide-more.html\">More of it</a>"),
        "the manual's contents"
    );
    assert!(guide.contains("<a class=\"next\" href=\"guide-more.html\" rel=\"next\">"));
    assert!(
        !guide.contains("rel=\"prev\""),
        "the manual's first page has no previous"
    );
    let more = fs::read_to_string(dir.path().join("output/guide-more.html")).unwrap();
    assert!(more.contains("<a class=\"previous\" href=\"guide.html\" rel=\"prev\">"));
    assert!(
        !more.contains("href=\"page.html\" rel="),
        "no step back into the essays"
    );
}

/// Every page of the committed site says what it is to a search engine and
/// to a link shared (issue 53, point 2): a description and an Open Graph
/// title and description, none empty, and no two essays with one title.
#[test]
fn every_page_has_a_description_and_a_card() {
    let output = common::repo().join("output");
    let meta = |html: &str, key: &str| -> Option<String> {
        let at = html.find(&format!("{key}\" content=\""))? + key.len() + 11;
        Some(html[at..at + html[at..].find('"')?].to_owned())
    };
    let mut titles = std::collections::BTreeSet::new();
    let mut pages = 0;
    for folder in ["", "figures", "atlas"] {
        for entry in fs::read_dir(output.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "html") {
                continue;
            }
            let html = fs::read_to_string(&path).unwrap();
            let shown = path.display();
            for key in [
                "name=\"description",
                "property=\"og:title",
                "property=\"og:description",
            ] {
                let value = meta(&html, key).unwrap_or_default();
                assert!(value.len() > 5, "{shown}: {key} is {value:?}");
            }
            if folder.is_empty() {
                let title = meta(&html, "property=\"og:title").unwrap();
                assert!(
                    titles.insert(title.clone()),
                    "{shown}: a second page titled {title}"
                );
            }
            pages += 1;
        }
    }
    assert!(pages > 80, "{pages} pages");
}

/// The colophon says who made the site and where its repository is (or
/// that no address is set, rather than a guessed one), and every citation
/// names the same author.
#[test]
fn the_colophon_names_its_author_and_repository_and_citations_the_author() {
    let output = common::repo().join("output");
    let manifest = fs::read_to_string(common::repo().join("figures.yaml")).unwrap();
    let author = manifest
        .lines()
        .find_map(|l| l.strip_prefix("  author: "))
        .expect("figures.yaml names the site's author")
        .trim();
    let colophon = fs::read_to_string(output.join("colophon.html")).unwrap();
    let prose = &colophon[colophon.find("<article").unwrap()..];
    assert!(
        prose.contains(&format!("{author} wrote the essays")),
        "no author in the colophon"
    );
    let repository = manifest.contains("\n  repository: ");
    assert!(
        repository || prose.contains("names no public address for that repository"),
        "the colophon says nothing of the repository"
    );
    for page in ["octal.html", "figures/misere-75.html"] {
        let html = fs::read_to_string(output.join(page)).unwrap();
        assert!(
            html.contains(&format!("<meta name=\"author\" content=\"{author}\">")),
            "{page}"
        );
        assert!(
            html.contains(&format!("author       = {{{author}}},")),
            "{page}: BibTeX"
        );
        assert!(
            html.contains(&format!("<p class=\"cite-line\">{author}, ")),
            "{page}: the plain line"
        );
    }
}
