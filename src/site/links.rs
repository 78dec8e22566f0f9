//! The site's own links, checked before it is written: every `href` and
//! `src` of a page that points inside the site names a file the build
//! makes, and a `#fragment` names an id on that page. So a figure's
//! anchor, a heading a page links to (a theorem's statement, a primer's
//! word) or a page renamed on one side only fails the build, naming the
//! page that links and what it links to. Links that leave the site (an
//! address with a scheme, such as `https:` or `data:`) are not followed.
//! An element named by others on its page (`aria-labelledby`,
//! `aria-describedby`) is a link too: a screen reader names a table by its
//! caption's id, and an id missing there leaves the table unnamed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use anyhow::{Result, bail};

use super::Files;
use crate::text::shown;

/// Checks every link between the HTML files of `files`; all the broken
/// ones are reported together.
pub fn check(files: &Files) -> Result<()> {
    let pages: BTreeMap<&PathBuf, &str> = files
        .iter()
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "html"))
        .filter_map(|(path, bytes)| Some((path, std::str::from_utf8(bytes).ok()?)))
        .collect();
    let ids: BTreeMap<&PathBuf, BTreeSet<&str>> = pages
        .iter()
        .map(|(path, html)| (*path, values(html, "id")))
        .collect();
    // A broken link is said once, however often the page repeats it.
    let mut broken = BTreeSet::new();
    let mut report = |page: &Path, link: &str, why: &str| {
        broken.insert(format!("{} links to `{link}`, {why}", shown::file(page)));
    };
    for (page, html) in &pages {
        let named = values(html, "aria-labelledby")
            .into_iter()
            .chain(values(html, "aria-describedby"))
            .flat_map(str::split_whitespace);
        for id in named {
            if !ids[page].contains(id) {
                report(page, id, "an element it names, but it has no such id");
            }
        }
        for link in values(html, "href").into_iter().chain(values(html, "src")) {
            if leaves_the_site(link) {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() {
                Some((*page).clone())
            } else {
                resolve(page, file)
            };
            let Some(target) = target.filter(|t| files.contains_key(t)) else {
                report(page, link, "which the site does not have");
                continue;
            };
            if fragment.is_empty() {
                continue;
            }
            if let Some(ids) = ids.get(&target)
                && !ids.contains(fragment)
            {
                report(
                    page,
                    link,
                    &format!("but {} has no id `{fragment}`", shown::file(&target)),
                );
            }
        }
    }
    if broken.is_empty() {
        Ok(())
    } else {
        bail!("{}", broken.into_iter().collect::<Vec<_>>().join("\n"))
    }
}

/// Every value of the attribute `name` in `html` (as the templates and the
/// Markdown writer quote them: `name="…"`).
fn values<'a>(html: &'a str, name: &str) -> BTreeSet<&'a str> {
    let pattern = format!(" {name}=\"");
    let mut found = BTreeSet::new();
    let mut rest = html;
    while let Some(at) = rest.find(&pattern) {
        rest = &rest[at + pattern.len()..];
        if let Some(end) = rest.find('"') {
            found.insert(&rest[..end]);
            rest = &rest[end..];
        }
    }
    found
}

/// An address with a scheme (`https:`, `data:`, `mailto:`) or from the
/// host's root (`//`, `/`) is not a link between the site's files.
fn leaves_the_site(link: &str) -> bool {
    let scheme = link
        .find(':')
        .is_some_and(|at| !link[..at].contains(['/', '#', '?']));
    scheme || link.starts_with('/')
}

/// `link` followed from the file `page`, both relative to the site's top;
/// `None` if it climbs out of the site.
fn resolve(page: &Path, link: &str) -> Option<PathBuf> {
    let link = link.split('?').next().unwrap_or(link);
    let mut parts: Vec<&std::ffi::OsStr> = page
        .parent()
        .map(|p| p.components().map(Component::as_os_str).collect())
        .unwrap_or_default();
    for part in Path::new(link).components() {
        match part {
            Component::Normal(name) => parts.push(name),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pages: &[(&str, &str)]) -> Files {
        pages
            .iter()
            .map(|(path, html)| (PathBuf::from(path), html.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn links_between_pages_and_to_their_ids_hold() {
        let files = site(&[
            (
                "a.html",
                "<h2 id=\"x\">X</h2> <a href=\"b.html#y\">y</a> <a href=\"#x\">x</a>",
            ),
            (
                "b.html",
                "<p id=\"y\"><a href=\"https://example.org/\">out</a> <link rel=\"icon\" href=\"data:,\"></p>",
            ),
            (
                "figures/f.html",
                "<a href=\"../a.html#x\">back</a> <img src=\"f.svg\" aria-describedby=\"c\"> <p id=\"c\">",
            ),
            ("figures/f.svg", "<svg/>"),
        ]);
        check(&files).unwrap();
    }

    #[test]
    fn a_missing_page_or_id_is_named() {
        let files = site(&[
            (
                "a.html",
                "<a href=\"b.html#z\">z</a> <a href=\"c.html\">c</a> <a href=\"#q\">q</a> <a href=\"#q\">again</a>",
            ),
            ("b.html", "<p id=\"y\">"),
            (
                "figures/f.html",
                "<a href=\"../../a.html\">out</a> <div aria-labelledby=\"t fig\"><p id=\"t\"></div>",
            ),
        ]);
        let error = check(&files).unwrap_err().to_string();
        assert!(
            error.contains("a.html links to `b.html#z`, but b.html has no id `z`"),
            "{error}"
        );
        assert!(
            error.contains("a.html links to `c.html`, which the site does not have"),
            "{error}"
        );
        assert!(
            error.contains("a.html links to `#q`, but a.html has no id `q`"),
            "{error}"
        );
        assert!(
            error.contains("figures/f.html links to `../../a.html`"),
            "{error}"
        );
        assert!(
            error.contains("figures/f.html links to `fig`, an element it names"),
            "{error}"
        );
        assert_eq!(error.lines().count(), 5, "{error}");
    }
}
