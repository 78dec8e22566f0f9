//! The site's search (issue 53, point 1): its index holds every section,
//! figure caption and reference of the pages as built, and nothing of the
//! pages' frame; every page links the search page, which alone loads it.

use crate::common;

use std::fs;
use std::path::Path;

use common::{ladder, repo, site, stderr};
use serde_json::Value;

/// The index a site's `search-index.js` sets.
fn index(output: &Path) -> Value {
    let script = fs::read_to_string(output.join("search-index.js")).unwrap();
    let json = script
        .split_once("window.ladderSearch = ")
        .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
        .expect("the index script sets window.ladderSearch");
    serde_json::from_str(json).unwrap()
}

fn urls(index: &Value) -> Vec<String> {
    index["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["url"].as_str().unwrap().to_owned())
        .collect()
}

/// The anchors of a page's headings and figures, as its HTML writes them.
fn anchors(html: &str, opening: &str) -> Vec<String> {
    html.match_indices(opening)
        .map(|(at, _)| {
            let rest = &html[at + opening.len()..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect()
}

#[test]
fn a_new_section_is_found_by_its_words_and_the_frame_is_not() {
    let dir = site("base");
    let content = dir.path().join("content/page.md");
    let text = fs::read_to_string(&content).unwrap();
    fs::write(
        &content,
        format!("{text}\n## Quaternary wombats\n\nThe zyzzyva is indexed.\n"),
    )
    .unwrap();
    let build = ladder(dir.path(), &["build"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let output = dir.path().join("output");
    let index = index(&output);
    let entries = index["entries"].as_array().unwrap();
    let found: Vec<&Value> = entries
        .iter()
        .filter(|e| e["text"].as_str().unwrap().contains("zyzzyva"))
        .collect();
    assert_eq!(found.len(), 1, "{index}");
    assert_eq!(found[0]["url"], "page.html#quaternary-wombats");
    assert_eq!(found[0]["title"], "Quaternary wombats");
    assert_eq!(found[0]["kind"], "section");
    assert!(
        entries
            .iter()
            .any(|e| e["kind"] == "figure" && e["url"] == "page.html#fig-strip-1-3-4"),
        "{index}"
    );
    let all = index.to_string();
    for frame in [
        "Skip to the essay",
        "Every figure and number on this site",
        "On this page",
        "Cite this page",
    ] {
        assert!(!all.contains(frame), "{frame} indexed");
    }
    let page = fs::read_to_string(output.join("page.html")).unwrap();
    assert!(page.contains("href=\"search.html\">Search</a>"));
    assert!(
        !page.contains("search-index.js"),
        "an essay loads the index"
    );
    let search = fs::read_to_string(output.join("search.html")).unwrap();
    assert!(search.contains("<script src=\"search-index.js\" defer>"));
    assert!(search.contains("aria-current=\"page\">Search</a>"));
}

/// The committed site: every anchored heading and figure of every essay and
/// manual page is a place the search can send a reader to.
#[test]
fn every_heading_and_figure_of_the_site_is_indexed() {
    let output = repo().join("output");
    let indexed = urls(&index(&output));
    let pages = index(&output)["pages"].as_array().unwrap().len();
    assert!(pages >= 20, "{pages} pages indexed");
    let mut checked = 0;
    for entry in fs::read_dir(&output).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if !name.ends_with(".html")
            || ["index.html", "explore.html", "search.html"].contains(&name.as_str())
        {
            continue;
        }
        let html = fs::read_to_string(&path).unwrap();
        let mut wanted: Vec<String> = anchors(&html, "<h2 id=\"")
            .into_iter()
            .chain(anchors(&html, "<h3 id=\""))
            .filter(|id| id != "on-this-page" && id != "references")
            .collect();
        wanted.extend(anchors(&html, "<figure id=\""));
        for id in wanted {
            let url = format!("{name}#{id}");
            assert!(indexed.contains(&url), "{url} is not in the search index");
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} places checked");
}
