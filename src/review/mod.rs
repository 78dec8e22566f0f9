//! `ladder diff`: what a change did to the site, figure by figure, for a
//! reviewer. The base is a folder holding an older `output/` (or the
//! output folder itself) or a git revision whose `output/` is read through
//! git; the other side is the `output/` on disk.

pub mod data;
pub mod git;
pub mod html;
pub mod markdown;
pub mod records;
pub mod stamp;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::site::{Files, Tree, read_tree};
use crate::text::shown;
use data::Difference;

/// What happened to one figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FigureChange {
    Added,
    Removed,
    /// The data differ (one sentence each), or only the drawing does.
    Changed {
        data: Vec<Difference>,
        drawing: bool,
    },
}

/// A page or other file (not a figure's) that differs, or a link on either
/// side. The path is the site's: escape it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageChange {
    pub path: String,
    /// A link, named and never followed.
    pub link: bool,
}

impl PageChange {
    /// An HTML page, as opposed to a stylesheet, a data file or a link.
    pub fn is_page(&self) -> bool {
        !self.link && self.path.ends_with(".html")
    }
}

impl std::fmt::Display for PageChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.path)?;
        if self.link {
            f.write_str(" (a link, not followed)")?;
        }
        Ok(())
    }
}

/// The whole review: figures by id, then pages whose text changed.
#[derive(Debug, Clone, Default)]
pub struct Review {
    pub figures: BTreeMap<String, FigureChange>,
    /// Pages and other files that changed, and links (never followed).
    pub pages: Vec<PageChange>,
    /// Pages that differ only in the sources stamp of their footer
    /// ([`stamp`]): the revision of the sources, which changes on every
    /// page with any source. Counted apart, not as changed pages.
    pub stamp_only: Vec<String>,
    /// The records files that changed ([`records`]): results the build
    /// reads and does not compute again, named first in a review.
    pub records: Vec<records::RecordsChange>,
    /// The two sides' files, for the HTML review page.
    pub old: Files,
    pub new: Files,
}

impl Review {
    /// True when nothing differs (a page whose stamp alone differs counts:
    /// the bytes are not the base's).
    pub fn is_empty(&self) -> bool {
        self.figures.is_empty()
            && self.pages.is_empty()
            && self.stamp_only.is_empty()
            && self.records.is_empty()
    }
}

/// Reads the base: a folder (with or without an `output/` inside) or a git revision.
pub fn read_base(base: &str, repo: &Path) -> Result<Tree> {
    let folder = Path::new(base);
    if folder.is_dir() {
        let inner = folder.join("output");
        return read_tree(if inner.is_dir() { &inner } else { folder });
    }
    match git::read_revision(base, repo)? {
        Some(tree) => Ok(tree),
        None => bail!(
            "`{base}` is neither a folder nor a git revision: name a folder holding an older \
             output/, or a revision such as origin/main"
        ),
    }
}

/// The base's `records/`: a folder's `records/` beside its `output/`, or a
/// git revision's; `None` when the base is an output folder alone.
pub fn read_base_records(base: &str, repo: &Path) -> Result<Option<Files>> {
    let folder = Path::new(base);
    if folder.is_dir() {
        let records = folder.join("records");
        return Ok(if folder.join("output").is_dir() && records.is_dir() {
            Some(read_tree(&records)?.files)
        } else {
            None
        });
    }
    Ok(git::read_records(base, repo)?.map(|tree| tree.files))
}

/// Compares two versions of the site. A link on either side is a change
/// by itself: it is named, not followed.
pub fn review(old: Tree, new: Tree) -> Review {
    let links: BTreeSet<PathBuf> = old.links.union(&new.links).cloned().collect();
    let (old, new) = (old.files, new.files);
    let figure_ids =
        |files: &Files| -> BTreeSet<String> { files.keys().filter_map(|p| figure_id(p)).collect() };
    let ids: BTreeSet<String> = figure_ids(&old).union(&figure_ids(&new)).cloned().collect();
    let mut figures = BTreeMap::new();
    for id in ids {
        let data_path = PathBuf::from(format!("data/{id}.json"));
        let svg_path = PathBuf::from(format!("figures/{id}.svg"));
        let phone_path = PathBuf::from(format!("figures/{id}.phone.svg"));
        let csv_path = PathBuf::from(format!("data/{id}.csv"));
        let change = match (old.get(&data_path), new.get(&data_path)) {
            (None, Some(_)) => Some(FigureChange::Added),
            (Some(_), None) => Some(FigureChange::Removed),
            (Some(a), Some(b)) => {
                let data = if a == b {
                    Vec::new()
                } else {
                    data_differences(a, b)
                };
                // A table is the figure's drawing too.
                let drawing = old.get(&svg_path) != new.get(&svg_path)
                    || old.get(&phone_path) != new.get(&phone_path)
                    || old.get(&csv_path) != new.get(&csv_path);
                (!data.is_empty() || drawing).then_some(FigureChange::Changed { data, drawing })
            }
            (None, None) => None,
        };
        if let Some(change) = change {
            figures.insert(id, change);
        }
    }
    let paths: BTreeSet<&PathBuf> = old.keys().chain(new.keys()).collect();
    let mut pages = Vec::new();
    let mut stamp_only = Vec::new();
    for path in paths {
        let (a, b) = (old.get(path), new.get(path));
        if figure_id(path).is_some() || a == b {
            continue;
        }
        let name = shown::file(path);
        match (a, b) {
            (Some(a), Some(b)) if name.ends_with(".html") && stamp::same_but_stamp(a, b) => {
                stamp_only.push(name)
            }
            _ => pages.push(PageChange {
                path: name,
                link: false,
            }),
        }
    }
    pages.extend(links.iter().map(|p| PageChange {
        path: shown::file(p),
        link: true,
    }));
    Review {
        figures,
        pages,
        stamp_only,
        records: Vec::new(),
        old,
        new,
    }
}

/// The figure a file belongs to: its data and CSV, its drawings for the
/// column and for a phone, and its page of its own (which changes with
/// its caption, as its essay's page does).
fn figure_id(path: &Path) -> Option<String> {
    let dir = path.parent()?.to_str()?;
    let stem = path.file_stem()?.to_str()?;
    match (dir, path.extension()?.to_str()?) {
        ("figures", "svg") => Some(stem.strip_suffix(".phone").unwrap_or(stem).to_string()),
        ("data", "json") | ("data", "csv") | ("figures", "html") => Some(stem.to_string()),
        _ => None,
    }
}

fn data_differences(a: &[u8], b: &[u8]) -> Vec<Difference> {
    match (serde_json::from_slice(a), serde_json::from_slice(b)) {
        (Ok(old), Ok(new)) => data::differences(&old, &new),
        _ => vec![data::difference(
            "",
            vec![data::words("the data file is not valid JSON on one side")],
        )],
    }
}

/// The review as plain text, for a terminal (`--format markdown`:
/// [`markdown::format`]).
pub fn format(review: &Review) -> String {
    let mut out = String::new();
    if review.is_empty() {
        out.push_str("No figure, data or page changed.\n");
        return out;
    }
    if !review.records.is_empty() {
        out.push_str("records (read by the build, not computed again):\n");
        for line in records::lines(&review.records) {
            out.push_str(&format!("    {line}\n"));
        }
    }
    for (id, change) in &review.figures {
        out.push_str(&format!("{id}: {}\n", change.verb()));
        if let FigureChange::Changed { data, .. } = change {
            for d in data {
                out.push_str(&format!("    {d}\n"));
            }
        }
    }
    if !review.pages.is_empty() {
        out.push_str("pages and other files:\n");
        for p in &review.pages {
            out.push_str(&format!("    {p}\n"));
        }
    }
    if !review.stamp_only.is_empty() {
        out.push_str(&format!("{}\n", stamp::note(review.stamp_only.len())));
    }
    out
}

impl FigureChange {
    /// What happened, in a few words.
    pub fn verb(&self) -> &'static str {
        match self {
            FigureChange::Added => "added",
            FigureChange::Removed => "removed",
            FigureChange::Changed { data, drawing } if data.is_empty() && *drawing => {
                "drawing changed, data the same"
            }
            FigureChange::Changed { .. } => "changed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> Tree {
        Tree {
            files: files
                .iter()
                .map(|(p, b)| (PathBuf::from(p), b.as_bytes().to_vec()))
                .collect(),
            links: BTreeSet::new(),
        }
    }

    #[test]
    fn a_phone_drawing_and_a_figure_page_belong_to_their_figure() {
        let old = [
            ("data/f.json", "{}"),
            ("figures/f.svg", "<svg/>"),
            ("figures/f.phone.svg", "<svg a/>"),
            ("figures/f.html", "one"),
        ];
        let mut new = old;
        new[2].1 = "<svg b/>";
        new[3].1 = "two";
        let review = review(tree(&old), tree(&new));
        assert!(review.pages.is_empty(), "{:?}", review.pages);
        assert!(matches!(
            review.figures.get("f"),
            Some(FigureChange::Changed { drawing: true, .. })
        ));
        assert_eq!(review.figures.len(), 1);
    }

    #[test]
    fn a_page_whose_stamp_alone_changed_is_counted_apart() {
        let page = |stamp: &str, text: &str| {
            format!("<p>{text}</p><p class=\"provenance\">sources <code>{stamp}</code></p>")
        };
        let old = page("03dc45be996fa912", "same");
        let new = page("9abc45be996fa000", "same");
        let other_old = page("03dc45be996fa912", "one");
        let other_new = page("9abc45be996fa000", "two");
        let review = review(
            tree(&[("a.html", &old), ("b.html", &other_old), ("c.css", "x")]),
            tree(&[("a.html", &new), ("b.html", &other_new), ("c.css", "y")]),
        );
        assert_eq!(review.stamp_only, ["a.html"]);
        let pages: Vec<&str> = review.pages.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(pages, ["b.html", "c.css"]);
        assert!(!review.is_empty());
        assert!(format(&review).ends_with("1 page differs only in the sources stamp.\n"));
    }
}
