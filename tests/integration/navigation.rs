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
