//! The site's search: every section of every essay and manual page, every
//! figure's caption and every reference, read from the pages as rendered
//! (so it holds exactly what a reader reads), written as one script,
//! `search-index.js`, that only the search page loads. A script rather
//! than JSON so the search works on pages opened from the disk too, where a
//! browser refuses to fetch. An essay carries nothing of it but the
//! navigation's link; the index, the site's words once, is fetched only
//! when a reader opens the search page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Result;
use serde::Serialize;
use tera::{Context, Tera};

use super::Files;
use super::template_error::located;
use crate::text::html::{Token, attribute, text_of, tokens};

/// The search page's template, in `templates/`, and the page it renders.
pub const TEMPLATE: &str = "search.html";
pub const PAGE: &str = "search.html";
/// The index, a script that sets `window.ladderSearch`.
pub const INDEX: &str = "search-index.js";

/// One place a reader can be sent to.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Entry {
    /// The page and anchor: `solved.html#the-frontier`.
    pub url: String,
    /// The place in the site's list of pages (`pages` of the index).
    pub page: usize,
    /// `section`, `figure` or `reference`.
    pub kind: &'static str,
    /// The heading; the figure's label and first sentence; the
    /// reference's quoted title, else its first clause.
    pub title: String,
    /// The words, whitespace collapsed, entities read.
    pub text: String,
}

/// The index: the pages' titles, then the entries in the pages' order.
#[derive(Debug, Serialize)]
pub struct Index {
    pub pages: Vec<String>,
    pub entries: Vec<Entry>,
}

/// A page to index: its file in the site, its title, its HTML.
pub struct Source<'a> {
    pub file: &'a str,
    pub title: &'a str,
    pub html: &'a str,
}

/// Elements whose text is not the page's prose: navigation (the contents,
/// the pager), scripts and styles, drawings, a formula's TeX source, a
/// control's label (a fold's "Show the whole proof").
const SKIPPED: [&str; 7] = [
    "nav",
    "script",
    "style",
    "svg",
    "annotation",
    "noscript",
    "label",
];

/// Elements skipped by class: a heading's `#` link, the line of a
/// figure's files, a reference's links back to the text, and what every
/// page repeats: the primer's note, the contents link, the citation of the
/// page.
const SKIPPED_CLASSES: [&str; 6] = [
    "self",
    "how",
    "back",
    "primer-note",
    "to-contents",
    "cite-page",
];

/// Builds the index of `pages`, each reference indexed once, on the first
/// page that lists it.
pub fn index(pages: &[Source]) -> Index {
    let mut entries = Vec::new();
    let mut references = BTreeSet::new();
    for (number, source) in pages.iter().enumerate() {
        let mut reader = PageReader::new(number, source);
        reader.read(main_of(source.html));
        for entry in reader.finish() {
            if entry.kind == "reference" && !references.insert(entry.url_anchor().to_owned()) {
                continue;
            }
            entries.push(entry);
        }
    }
    Index {
        pages: pages.iter().map(|p| p.title.to_owned()).collect(),
        entries,
    }
}

impl Entry {
    /// The part after `#`, or the whole address.
    fn url_anchor(&self) -> &str {
        self.url.rsplit_once('#').map_or(&self.url, |(_, a)| a)
    }
}

/// The page's `<main>`, or the whole page if it has none.
fn main_of(html: &str) -> &str {
    let Some(start) = html.find("<main") else {
        return html;
    };
    let end = html[start..]
        .find("</main>")
        .map_or(html.len(), |e| start + e);
    &html[start..end]
}

/// What a figure being read holds so far.
struct Figure {
    id: String,
    caption: String,
    in_caption: bool,
    label: String,
    in_label: bool,
}

/// Reads one page's tokens into entries: a section from each anchored
/// heading to the next, a figure from its caption, a reference from its
/// list item.
struct PageReader<'a> {
    page: usize,
    source: &'a Source<'a>,
    entries: Vec<Entry>,
    section: Entry,
    heading: Option<(String, String, String)>,
    figure: Option<Figure>,
    reference: Option<(String, String)>,
    /// Inside a skipped element: its name and how deep.
    skipping: Option<(String, usize)>,
}

impl<'a> PageReader<'a> {
    fn new(page: usize, source: &'a Source<'a>) -> Self {
        PageReader {
            page,
            source,
            entries: Vec::new(),
            section: Entry {
                url: source.file.to_owned(),
                page,
                kind: "section",
                title: source.title.to_owned(),
                text: String::new(),
            },
            heading: None,
            figure: None,
            reference: None,
            skipping: None,
        }
    }

    fn read(&mut self, html: &str) {
        for token in tokens(html) {
            if self.skip(&token) {
                continue;
            }
            match token {
                Token::Start { name, attributes } => self.start(name, attributes),
                Token::End(name) => self.end(name),
                Token::Text(text) => self.text(&text_of(text)),
            }
        }
    }

    /// Whether `token` is within a skipped element (keeping count of its
    /// nesting), or begins one.
    fn skip(&mut self, token: &Token) -> bool {
        if let Some((name, depth)) = &mut self.skipping {
            match token {
                Token::Start { name: n, .. } if n == name => *depth += 1,
                Token::End(n) if n == name => {
                    *depth -= 1;
                    if *depth == 0 {
                        self.skipping = None;
                    }
                }
                _ => {}
            }
            return true;
        }
        if let Token::Start { name, attributes } = token {
            let class = attribute(attributes, "class").unwrap_or_default();
            let by_class = class
                .split_whitespace()
                .any(|c| SKIPPED_CLASSES.contains(&c));
            if SKIPPED.contains(name) || by_class {
                if !is_void(name) {
                    self.skipping = Some(((*name).to_owned(), 1));
                }
                return true;
            }
        }
        false
    }

    fn start(&mut self, name: &str, attributes: &str) {
        let id = attribute(attributes, "id");
        match (name, id) {
            ("h1" | "h2" | "h3" | "h4", Some(id)) if self.figure.is_none() => {
                self.heading = Some((name.to_owned(), id, String::new()));
            }
            ("figure", Some(id)) => {
                self.figure = Some(Figure {
                    id,
                    caption: String::new(),
                    in_caption: false,
                    label: String::new(),
                    in_label: false,
                });
            }
            ("figcaption", _) => {
                if let Some(f) = &mut self.figure {
                    f.in_caption = true;
                }
            }
            ("strong", _) => {
                if let Some(f) = &mut self.figure
                    && f.in_caption
                    && f.label.is_empty()
                {
                    f.in_label = true;
                }
            }
            ("li", Some(id)) if id.starts_with("ref-") => {
                self.reference = Some((id, String::new()));
            }
            _ => {}
        }
        if BREAKS.contains(&name) {
            self.text(" ");
        }
    }

    fn end(&mut self, name: &str) {
        if BREAKS.contains(&name) {
            self.text(" ");
        }
        match name {
            "h1" | "h2" | "h3" | "h4" => {
                if let Some((level, id, title)) = self.heading.take_if(|(l, ..)| l == name) {
                    let url = if level == "h1" {
                        self.source.file.to_owned()
                    } else {
                        format!("{}#{id}", self.source.file)
                    };
                    let next = Entry {
                        url,
                        page: self.page,
                        kind: "section",
                        title: collapsed(&title),
                        text: String::new(),
                    };
                    self.push_section(next);
                }
            }
            "strong" => {
                if let Some(f) = &mut self.figure {
                    f.in_label = false;
                }
            }
            "figcaption" => {
                if let Some(f) = &mut self.figure {
                    f.in_caption = false;
                }
            }
            "figure" => {
                if let Some(f) = self.figure.take() {
                    let label = collapsed(&f.label);
                    let caption = collapsed(&f.caption);
                    let text = caption.strip_prefix(&label).unwrap_or(&caption).trim();
                    self.entries.push(Entry {
                        url: format!("{}#{}", self.source.file, f.id),
                        page: self.page,
                        kind: "figure",
                        title: format!("{label} {}", first_sentence(text)),
                        text: text.to_owned(),
                    });
                }
            }
            "li" => {
                if let Some((id, text)) = self.reference.take() {
                    let text = collapsed(&text);
                    self.entries.push(Entry {
                        url: format!("{}#{id}", self.source.file),
                        page: self.page,
                        kind: "reference",
                        title: reference_title(&text).to_owned(),
                        text,
                    });
                }
            }
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if let Some((_, _, title)) = &mut self.heading {
            title.push_str(text);
        } else if let Some(f) = &mut self.figure {
            if f.in_caption {
                f.caption.push_str(text);
            }
            if f.in_label {
                f.label.push_str(text);
            }
        } else if let Some((_, reference)) = &mut self.reference {
            reference.push_str(text);
        } else {
            self.section.text.push_str(text);
        }
    }

    /// Ends the section being read and begins `next`.
    fn push_section(&mut self, next: Entry) {
        let mut done = std::mem::replace(&mut self.section, next);
        done.text = collapsed(&done.text);
        // A heading with no text of its own (a subheading follows at once)
        // is still a place: its title is searched.
        if !done.text.is_empty() || done.url.contains('#') {
            self.entries.push(done);
        }
    }

    fn finish(mut self) -> Vec<Entry> {
        let last = Entry {
            url: String::new(),
            page: self.page,
            kind: "section",
            title: String::new(),
            text: String::new(),
        };
        self.push_section(last);
        // Sections before figures and references of the same page: the
        // order a reader meets them matters less than one kind together.
        self.entries.sort_by_key(|e| match e.kind {
            "section" => 0,
            "figure" => 1,
            _ => 2,
        });
        self.entries
    }
}

/// A caption's first sentence, or its first words if that is long: a
/// figure's name in the results.
fn first_sentence(text: &str) -> String {
    const MOST: usize = 100;
    let end = text.find(". ").map_or(text.len(), |at| at + 1);
    if text[..end].chars().count() <= MOST {
        return text[..end].to_owned();
    }
    let mut cut: String = text.chars().take(MOST).collect();
    if let Some(space) = cut.rfind(' ') {
        cut.truncate(space);
    }
    cut + "…"
}

/// A reference's name in the results: its quoted title, else what comes
/// before its first comma (a manuscript's author).
fn reference_title(text: &str) -> &str {
    if let Some((_, rest)) = text.split_once('“')
        && let Some((title, _)) = rest.split_once('”')
    {
        return title.trim_end_matches(',');
    }
    text.split_once(',').map_or(text, |(first, _)| first)
}

/// Elements whose edges part words (`<p>a</p><p>b</p>` is "a b").
const BREAKS: [&str; 12] = [
    "p",
    "li",
    "td",
    "th",
    "tr",
    "div",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "figcaption",
];

fn is_void(name: &str) -> bool {
    matches!(
        name,
        "br" | "img" | "meta" | "link" | "input" | "source" | "hr" | "wbr" | "col"
    )
}

/// `text` with each run of whitespace one space, no space at the ends, and
/// no invisible operator (MathML's function application between `mex` and
/// its set, which a reader cannot type).
fn collapsed(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(['\u{2061}', '\u{2062}', '\u{2063}', '\u{2064}'], "")
}

/// The index as the script the search page loads.
pub fn script(index: &Index) -> Result<Vec<u8>> {
    let json = serde_json::to_string(index)?;
    // `</script` cannot occur in JSON's strings here (they are text of
    // pages, with `<` written as `\u003c` below), so the script is safe
    // even if a page's text names a tag.
    let json = json.replace('<', "\\u003c");
    Ok(format!(
        "// The site's search index, written by `ladder build` from its pages.\n\
         window.ladderSearch = {json};\n"
    )
    .into_bytes())
}

/// The search page, and the index of `files`' pages (`pages`: each page's
/// file and title, in the site's order); `revision` is the sources'
/// revision; `template` is the page's template, named in its errors.
pub fn files(
    tera: &Tera,
    context: Context,
    files: &Files,
    pages: &[(String, &str)],
    revision: &str,
    template: &Path,
) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let sources: Vec<Source> = pages
        .iter()
        .filter_map(|(file, title)| {
            let html = files.get(&PathBuf::from(file))?;
            Some(Source {
                file,
                title,
                html: std::str::from_utf8(html).ok()?,
            })
        })
        .collect();
    let mut index = index(&sources);
    // The colophon names the sources' revision, which every change of a
    // source changes: the index would change with it on every pull
    // request. It holds the words instead, as the review sets the stamp
    // aside (src/review/stamp.rs).
    if !revision.is_empty() {
        for entry in &mut index.entries {
            entry.text = entry
                .text
                .replace(revision, "(the revision of these sources)");
        }
    }
    let mut context = context;
    context.insert("current", "search");
    context.insert(
        "searched",
        &serde_json::json!({
            "pages": index.pages.len(),
            "sections": index.entries.iter().filter(|e| e.kind == "section").count(),
            "figures": index.entries.iter().filter(|e| e.kind == "figure").count(),
            "references": index.entries.iter().filter(|e| e.kind == "reference").count(),
        }),
    );
    let page = tera
        .render(TEMPLATE, &context)
        .map_err(|e| located(template, &e))?;
    Ok(vec![
        (PathBuf::from(PAGE), page.into_bytes()),
        (PathBuf::from(INDEX), script(&index)?),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE_HTML: &str = r##"<html><body><header><nav>Essays Manual</nav></header>
<main id="essay"><article>
<div class="heading"><h1 id="dawson">Dawson&rsquo;s chess</h1><a class="self" href="#dawson">#</a></div>
<p class="primer-note">New to the words?</p>
<nav class="toc"><h2 id="on-this-page">On this page</h2><ol><li>x</li></ol></nav>
<p>The game <em>·137</em> &amp; its period.</p>
<figure id="fig-dawson-137"><div><svg><text>99</text></svg></div>
<figcaption id="fig-dawson-137-caption"><strong>Figure 1.</strong> The window of
·137. <span class="range">Heaps 0 to 200.</span> <span class="how"><a>data</a></span></figcaption></figure>
<div class="heading"><h2 id="the-period">The period</h2><a class="self" href="#the-period">#</a></div>
<p>Period 34<br>from heap 52.</p><script>var x = "<p>no</p>";</script>
<h2 id="references">References</h2><ol><li id="ref-dawson-1934">T. R. Dawson, the pawn problem, 1934.</li></ol>
</article></main><footer>sources abc</footer></body></html>"##;

    fn one_page() -> Index {
        index(&[Source {
            file: "octal.html",
            title: "Octal",
            html: PAGE_HTML,
        }])
    }

    #[test]
    fn a_page_gives_its_sections_figures_and_references() {
        let index = one_page();
        let got: Vec<(&str, &str, &str, &str)> = index
            .entries
            .iter()
            .map(|e| (e.kind, e.url.as_str(), e.title.as_str(), e.text.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "section",
                    "octal.html",
                    "Dawson’s chess",
                    "The game ·137 & its period."
                ),
                (
                    "section",
                    "octal.html#the-period",
                    "The period",
                    "Period 34 from heap 52."
                ),
                ("section", "octal.html#references", "References", ""),
                (
                    "figure",
                    "octal.html#fig-dawson-137",
                    "Figure 1. The window of ·137.",
                    "The window of ·137. Heaps 0 to 200."
                ),
                (
                    "reference",
                    "octal.html#ref-dawson-1934",
                    "T. R. Dawson",
                    "T. R. Dawson, the pawn problem, 1934."
                ),
            ]
        );
    }

    #[test]
    fn nothing_of_the_frame_or_the_drawings_is_indexed() {
        let all: String = one_page()
            .entries
            .iter()
            .map(|e| format!("{} {} ", e.title, e.text))
            .collect();
        for absent in [
            "Essays",
            "sources abc",
            "New to the words",
            "On this page",
            "99",
            "no<",
            "data",
            "#",
        ] {
            assert!(!all.contains(absent), "{absent} indexed: {all}");
        }
    }

    #[test]
    fn a_reference_on_two_pages_is_indexed_once() {
        let twice = index(&[
            Source {
                file: "a.html",
                title: "A",
                html: PAGE_HTML,
            },
            Source {
                file: "b.html",
                title: "B",
                html: PAGE_HTML,
            },
        ]);
        let references: Vec<&str> = twice
            .entries
            .iter()
            .filter(|e| e.kind == "reference")
            .map(|e| e.url.as_str())
            .collect();
        assert_eq!(references, ["a.html#ref-dawson-1934"]);
        assert_eq!(twice.entries.len(), 2 * one_page().entries.len() - 1);
    }

    #[test]
    fn a_long_caption_is_named_by_its_first_words() {
        let long = "word ".repeat(40);
        let name = first_sentence(&long);
        assert!(
            name.ends_with("word…") && name.chars().count() <= 101,
            "{name}"
        );
        assert_eq!(first_sentence("Short. Then more."), "Short.");
        assert_eq!(collapsed("mex\u{2061}{0, 1}\n  = 2"), "mex{0, 1} = 2");
    }

    #[test]
    fn a_reference_is_named_by_its_title_else_its_author() {
        assert_eq!(
            reference_title("P. M. Grundy, “Mathematics and games”, Eureka 2, 1939."),
            "Mathematics and games"
        );
        assert_eq!(
            reference_title("T. R. Dawson, a problem, 1934."),
            "T. R. Dawson"
        );
    }

    #[test]
    fn the_script_cannot_close_its_element() {
        let index = Index {
            pages: vec!["x".into()],
            entries: vec![Entry {
                url: "x.html".into(),
                page: 0,
                kind: "section",
                title: "t".into(),
                text: "a </script><script>alert(1)</script>".into(),
            }],
        };
        let script = String::from_utf8(script(&index).unwrap()).unwrap();
        assert!(!script.contains("</script"), "{script}");
        assert!(script.starts_with("// The site's search index"));
    }
}
