//! The bibliography: `references.yaml` beside `figures.yaml`, the `cite`
//! function of the content, and the References section of each page.
//!
//! `{{ cite(key="guy-smith-1956") }}` writes a bracketed number linking to
//! `#ref-guy-smith-1956`; numbers follow the order of first citation on the
//! page, and the page ends with a References section listing exactly what it
//! cites, in that order. A key that names no entry is an error Tera locates
//! at the call, as `content/<page>.md:line:column`.
//!
//! ```yaml
//! guy-smith-1956:
//!   authors: [R. K. Guy, C. A. B. Smith]
//!   title: The G-values of various games
//!   venue: Proceedings of the Cambridge Philosophical Society 52
//!   pages: 514–526
//!   year: 1956
//! ```
//!
//! Every field is optional, so an entry says only what is known of a work:
//! no invented title, venue, year or DOI. A missing file is an empty
//! bibliography (a site may cite nothing).
//!
//! The file is read as `figures.yaml` is ([`crate::manifest::read_yaml`]
//! and [`crate::manifest::prescan`]: its size and depth measured before it
//! is parsed), a key given twice is refused (YAML readers disagree on which
//! one wins), and every error is located `references.yaml:LINE:COLUMN`. A
//! link is published only if it is an `https:` or `http:` address or a
//! `doi:`: a `javascript:` or `data:` link in a reference list would run or
//! show whatever it holds, so it is refused where it is written.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Result, bail};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use tera::{Kwargs, State, Tera, Value};

use crate::manifest::{ManifestErrors, ParsedString};
use crate::project::{Located, Project};
use crate::text::html::escaped;
use crate::text::wording::typographic;

/// The file, beside `figures.yaml`.
pub const FILE: &str = "references.yaml";

/// One work, as much as is known of it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    #[serde(default)]
    pub authors: Vec<String>,
    /// Left out where we do not know the work's own title (then `kind`
    /// says what it is), rather than made up.
    #[serde(default)]
    pub title: Option<String>,
    /// The title's language where it is not English, as a language tag
    /// (`de`): the title is marked with it (`lang="de"`), so a screen reader
    /// reads it in that language and a browser hyphenates it by its rules.
    #[serde(default)]
    pub title_lang: Option<LanguageTag>,
    /// What the work is when the title alone does not say: `book` (the title
    /// in italics), `essay`, `manuscript`; otherwise an article or chapter.
    #[serde(default)]
    pub kind: Option<String>,
    /// Journal and volume, or the book a chapter is in.
    #[serde(default)]
    pub venue: Option<String>,
    #[serde(default)]
    pub publisher: Option<String>,
    #[serde(default)]
    pub year: Option<u32>,
    #[serde(default)]
    pub pages: Option<String>,
    /// A DOI, `10.` and the rest (`10.1017/S0305004100031601`), linked
    /// through `https://doi.org/`.
    #[serde(default)]
    pub doi: Option<Doi>,
    /// An `https:` or `http:` address, or `doi:10.…`.
    #[serde(default)]
    pub url: Option<Link>,
    /// A word on how the work is used, printed last.
    #[serde(default)]
    pub note: Option<String>,
}

/// A language tag as `title_lang` gives it: a primary language of two or
/// three letters, then subtags of letters and digits, parted by hyphens
/// (`de`, `pt-BR`); nothing that could leave an attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageTag(String);

impl LanguageTag {
    pub fn parse(text: &str) -> Result<LanguageTag, String> {
        let mut subtags = text.split('-');
        let primary = subtags.next().unwrap_or("");
        let fits = (2..=3).contains(&primary.len())
            && primary.chars().all(|c| c.is_ascii_alphabetic())
            && subtags.all(|t| {
                (1..=8).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphanumeric())
            });
        if fits {
            Ok(LanguageTag(text.to_string()))
        } else {
            Err(format!(
                "`{}` is not a language tag: write one such as `de` or `pt-BR`",
                text.escape_debug()
            ))
        }
    }
}

impl<'de> Deserialize<'de> for LanguageTag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString(
            "a language tag such as `de`",
            LanguageTag::parse,
        ))
    }
}

/// Every entry, by key.
pub type Bibliography = BTreeMap<String, Reference>;

/// A DOI as written in `doi:` (or after `doi:` in a `url:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doi(String);

impl Doi {
    /// `10.` then digits and dots, a `/`, and a suffix of printable
    /// characters without spaces: what a DOI is (ISO 26324), and nothing
    /// that could leave a link.
    pub fn parse(text: &str) -> Result<Doi, String> {
        let shape = text
            .strip_prefix("10.")
            .and_then(|rest| rest.split_once('/'));
        let fits = shape.is_some_and(|(registrant, suffix)| {
            !registrant.is_empty()
                && registrant.chars().all(|c| c.is_ascii_digit() || c == '.')
                && !suffix.is_empty()
                && suffix
                    .chars()
                    .all(|c| !c.is_whitespace() && !c.is_control())
        });
        if fits {
            Ok(Doi(text.to_string()))
        } else {
            Err(format!(
                "`{}` is not a DOI: write one as 10.NNNN/suffix",
                text.escape_debug()
            ))
        }
    }
}

/// A link a reference may publish: an `https:` or `http:` address, or a DOI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    Web(String),
    Doi(Doi),
}

impl Link {
    /// Reads `https://host/…`, `http://host/…` or `doi:10.…`; anything
    /// else (`javascript:`, `data:`, `file:`, a relative path) is refused.
    pub fn parse(text: &str) -> Result<Link, String> {
        if let Some(doi) = text.strip_prefix("doi:") {
            return Doi::parse(doi).map(Link::Doi);
        }
        let lower = text.to_ascii_lowercase();
        let rest = ["https://", "http://"]
            .iter()
            .find_map(|scheme| lower.strip_prefix(scheme));
        let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
        let clean = text.chars().all(|c| !c.is_whitespace() && !c.is_control());
        match host {
            Some(host) if !host.is_empty() && clean => Ok(Link::Web(text.to_string())),
            _ => Err(format!(
                "`{}` is not a link a page may publish: write an https: or http: address \
                 (https://host/…) or doi:10.…",
                text.escape_debug()
            )),
        }
    }

    /// The address the link goes to.
    pub fn href(&self) -> String {
        match self {
            Link::Web(url) => url.clone(),
            Link::Doi(Doi(doi)) => format!("https://doi.org/{doi}"),
        }
    }

    /// The text of the link.
    pub fn text(&self) -> String {
        match self {
            Link::Web(url) => url.clone(),
            Link::Doi(Doi(doi)) => format!("doi:{doi}"),
        }
    }
}

impl<'de> Deserialize<'de> for Doi {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString(
            "a DOI such as `10.1017/S0305004100031601`",
            Doi::parse,
        ))
    }
}

impl<'de> Deserialize<'de> for Link {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString(
            "an https: or http: address, or doi:10.…",
            Link::parse,
        ))
    }
}

/// Reads the project's `references.yaml`; errors located `references.yaml:line:col`.
pub fn load(project: &Project) -> Result<Bibliography> {
    let path = project.path(FILE);
    if !path.exists() {
        return Ok(Bibliography::new());
    }
    let real = project
        .inside(&path, FILE)
        .map_err(|e| anyhow::anyhow!(e))?;
    let text = crate::manifest::read_yaml(&real, Path::new(FILE), "the bibliography")?;
    parse(&text, Path::new(FILE))
}

/// Parses the bibliography's text; `file` names it in messages.
pub fn parse(text: &str, file: &Path) -> Result<Bibliography> {
    let located = |(line, column), message: String| Located {
        file: file.to_path_buf(),
        line,
        column,
        message,
    };
    crate::manifest::prescan(text, file, "the bibliography")?;
    let Entries(entries) = serde_yaml_ng::from_str(text)
        .map_err(|e| ManifestErrors(vec![crate::manifest::yaml_error(&e, file)]))?;
    let mut bibliography = Bibliography::new();
    for (key, reference) in entries {
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            let message = format!(
                "key `{}`: use lower-case letters, digits and hyphens (it names an id)",
                key.escape_debug()
            );
            bail!("{}", located(key_at(text, &key, 1), message));
        }
        if bibliography.contains_key(&key) {
            let message = format!("`{key}` appears twice: give each entry its own key");
            bail!("{}", located(key_at(text, &key, 2), message));
        }
        bibliography.insert(key, reference);
    }
    Ok(bibliography)
}

/// The entries in the order written, a repeated key kept (to be refused
/// with its place, not silently replaced).
struct Entries(Vec<(String, Reference)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a mapping of keys to references")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Entries, E> {
                Ok(Entries(Vec::new()))
            }
            fn visit_none<E: de::Error>(self) -> Result<Entries, E> {
                Ok(Entries(Vec::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_any(EntriesVisitor)
    }
}

/// The line and column of the `nth` top-level key `key` (`key:` at the
/// start of a line, plain or quoted); the top of the file if not found.
fn key_at(text: &str, key: &str, nth: usize) -> (usize, usize) {
    let spellings = [
        format!("{key}:"),
        format!("\"{key}\":"),
        format!("'{key}':"),
    ];
    text.lines()
        .enumerate()
        .filter(|(_, line)| spellings.iter().any(|s| line.starts_with(s.as_str())))
        .nth(nth - 1)
        .map_or((1, 1), |(index, _)| (index + 1, 1))
}

/// The keys cited on the page being rendered, in order of first citation,
/// shared with the `cite` function.
#[derive(Debug, Clone)]
pub struct Citations {
    bibliography: Arc<Bibliography>,
    cited: Arc<Mutex<Vec<String>>>,
    /// How many times the page's text cites each key, in `cited`'s order:
    /// counted by [`Citations::previews`], which gives each citation an
    /// id, so that [`Citations::section`] can link each back.
    places: Arc<Mutex<Vec<usize>>>,
}

impl Citations {
    /// Registers `cite` on `tera`.
    pub fn register(tera: &mut Tera, bibliography: Bibliography) -> Citations {
        let citations = Citations {
            bibliography: Arc::new(bibliography),
            cited: Arc::default(),
            places: Arc::default(),
        };
        let shared = citations.clone();
        tera.register_function(
            "cite",
            move |kwargs: Kwargs, _: &State| -> tera::TeraResult<Value> {
                let key: String = kwargs.must_get("key")?;
                shared.cite(&key).map_err(tera::Error::message)
            },
        );
        citations
    }

    fn keys(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.cited.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn places(&self) -> std::sync::MutexGuard<'_, Vec<usize>> {
        self.places.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a page: nothing cited yet.
    pub fn begin(&self) {
        self.keys().clear();
        self.places().clear();
    }

    fn cite(&self, key: &str) -> Result<Value, String> {
        if !self.bibliography.contains_key(key) {
            return Err(format!("no reference `{key}` in {FILE}"));
        }
        let mut keys = self.keys();
        let number = match keys.iter().position(|k| k == key) {
            Some(i) => i + 1,
            None => {
                keys.push(key.to_string());
                keys.len()
            }
        };
        Ok(Value::safe_string(&format!(
            "<a class=\"cite\" href=\"#ref-{key}\">[{number}]</a>"
        )))
    }

    /// `html` with each citation of this page carrying a short form of its
    /// reference (authors, title, year) in `data-ref`, which the stylesheet
    /// shows beside the number on hover or focus, described by its entry
    /// (`aria-describedby`) for a screen reader, and an id of its own
    /// (`cite-KEY-N`, the key's Nth citation in the text), which the
    /// references link back to. Call it before [`Citations::section`].
    pub fn previews(&self, html: &str) -> String {
        let keys = self.keys();
        let mut places = self.places();
        *places = vec![0; keys.len()];
        let mut out = String::with_capacity(html.len());
        let mut rest = html;
        while let Some(at) = rest.find(CITE_START) {
            let after = &rest[at + CITE_START.len()..];
            let cited = after.find("\">").and_then(|end| {
                let key = &after[..end];
                let index = keys.iter().position(|k| k == key)?;
                Some((key, index, end))
            });
            let Some((key, index, end)) = cited else {
                out.push_str(&rest[..at + CITE_START.len()]);
                rest = after;
                continue;
            };
            places[index] += 1;
            out.push_str(&rest[..at]);
            out.push_str(&format!(
                "<a class=\"cite\" id=\"cite-{key}-{}\" href=\"#ref-{key}\" data-ref=\"{}\" \
                 aria-describedby=\"ref-{key}\">",
                places[index],
                escaped(&self.short(key))
            ));
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        out
    }

    /// A reference's short form: authors, title, year.
    fn short(&self, key: &str) -> String {
        let entry = &self.bibliography[key];
        let mut short = join_authors(&entry.authors);
        let title = entry.title.as_deref().or(entry.kind.as_deref());
        if let Some(title) = title {
            if !short.is_empty() {
                short.push_str(", ");
            }
            short.push_str(&typographic(title));
        }
        if let Some(year) = entry.year {
            short.push_str(&format!(", {year}"));
        }
        short
    }

    /// The page's References section, or nothing if it cites nothing.
    pub fn section(&self) -> String {
        let keys = self.keys();
        if keys.is_empty() {
            return String::new();
        }
        let places = self.places();
        let mut html = String::from("<section class=\"references\">\n<h2>References</h2>\n<ol>\n");
        for (i, key) in keys.iter().enumerate() {
            let entry = &self.bibliography[key];
            let count = places.get(i).copied().unwrap_or(0);
            html.push_str(&format!(
                "<li id=\"ref-{key}\">{}{}</li>\n",
                entry_html(entry),
                back_links(key, count)
            ));
        }
        html.push_str("</ol>\n</section>\n");
        html
    }
}

/// The links from a reference back to each of its `count` citations in the
/// text (none when the text's citations were not counted).
fn back_links(key: &str, count: usize) -> String {
    if count == 0 {
        return String::new();
    }
    let links: Vec<String> = (1..=count)
        .map(|n| {
            let mark = if count == 1 {
                "↩".to_string()
            } else {
                format!("↩{n}")
            };
            format!(
                "<a href=\"#cite-{key}-{n}\" aria-label=\"Back to citation {n} of {count} in the \
                 text\">{mark}</a>"
            )
        })
        .collect();
    format!(" <span class=\"back\">{}</span>", links.join(" "))
}

/// What a citation begins with, as [`Citations`] writes it.
const CITE_START: &str = "<a class=\"cite\" href=\"#ref-";

/// Citations written side by side (`[1] [2]`, parted only by spaces or a
/// line break) as one bracketed group, `[1, 2]`: each number keeps its own
/// link, the brackets and commas are the group's. Everything else is
/// returned as it was.
pub fn group_adjacent(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(CITE_START) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        // The run of citations from here: each (key, number), and the text
        // the run covers.
        let mut run = Vec::new();
        let mut end = 0;
        while let Some((key, number, len)) = citation_at(&rest[end..]) {
            run.push((key, number));
            end += len;
            let gap = rest[end..].len() - rest[end..].trim_start_matches([' ', '\n']).len();
            if citation_at(&rest[end + gap..]).is_none() {
                break;
            }
            end += gap;
        }
        match run.len() {
            0 => {
                // Not a citation after all: keep its first character.
                let first = CITE_START.len();
                out.push_str(&rest[..first]);
                rest = &rest[first..];
                continue;
            }
            1 => out.push_str(&rest[..end]),
            _ => {
                let links: Vec<String> = run
                    .iter()
                    .map(|(key, number)| {
                        format!("<a class=\"cite\" href=\"#ref-{key}\">{number}</a>")
                    })
                    .collect();
                out.push_str(&format!(
                    "<span class=\"cites\">[{}]</span>",
                    links.join(", ")
                ));
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The citation `text` starts with: its key, its number and its length.
fn citation_at(text: &str) -> Option<(&str, &str, usize)> {
    let after = text.strip_prefix(CITE_START)?;
    let (key, after) = after.split_once("\">[")?;
    let (number, _) = after.split_once("]</a>")?;
    let plain = |s: &str, ok: fn(char) -> bool| !s.is_empty() && s.chars().all(ok);
    if !plain(key, |c| {
        c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
    }) || !plain(number, |c| c.is_ascii_digit())
    {
        return None;
    }
    let len = CITE_START.len() + key.len() + "\">[".len() + number.len() + "]</a>".len();
    Some((key, number, len))
}

/// One entry as a sentence: authors, title, venue, publisher, year, pages,
/// then the DOI or URL as a link.
pub fn entry_html(r: &Reference) -> String {
    let mut parts = Vec::new();
    if !r.authors.is_empty() {
        parts.push(escaped(&join_authors(&r.authors)));
    }
    if let Some(title) = &r.title {
        let title = typographic(title);
        let lang = r
            .title_lang
            .as_ref()
            .map(|LanguageTag(tag)| format!(" lang=\"{tag}\""))
            .unwrap_or_default();
        parts.push(match r.kind.as_deref() {
            Some("book") => format!("<cite{lang}>{}</cite>", escaped(&title)),
            _ if lang.is_empty() => format!("“{}”", escaped(&title)),
            _ => format!("“<span{lang}>{}</span>”", escaped(&title)),
        });
    }
    if let Some(kind) = r
        .kind
        .as_deref()
        .filter(|k| *k != "book" && *k != "article")
    {
        parts.push(escaped(&typographic(kind)));
    }
    for text in [&r.venue, &r.publisher].into_iter().flatten() {
        parts.push(escaped(text));
    }
    if let Some(year) = r.year {
        parts.push(year.to_string());
    }
    if let Some(pages) = &r.pages {
        parts.push(escaped(pages));
    }
    let mut html = parts.join(", ");
    html.push('.');
    let link = r.doi.clone().map(Link::Doi).or_else(|| r.url.clone());
    if let Some(link) = link {
        let (href, text) = (escaped(&link.href()), escaped(&link.text()));
        html.push_str(&format!(" <a href=\"{href}\">{text}</a>"));
    }
    if let Some(note) = &r.note {
        html.push(' ');
        html.push_str(&escaped(&typographic(note)));
    }
    html
}

/// "A", "A and B", "A, B and C".
fn join_authors(authors: &[String]) -> String {
    match authors {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "guy-smith-1956:\n  authors: [R. K. Guy, C. A. B. Smith]\n  title: The G-values of various games\n  venue: Proceedings of the Cambridge Philosophical Society 52\n  pages: 514–526\n  year: 1956\nessay:\n  title: Two takes, one line\n  kind: essay\n";

    /// `template` rendered with `cite` on the bibliography `TEXT`, one page
    /// begun: the templates, the citations and the text.
    fn cited(template: &str) -> (Tera, Citations, String) {
        let mut tera = Tera::default();
        let citations = Citations::register(&mut tera, parse(TEXT, Path::new(FILE)).unwrap());
        citations.begin();
        let out = tera
            .render_str(template, &tera::Context::new(), false)
            .unwrap();
        (tera, citations, out)
    }

    #[test]
    fn a_citation_previews_its_reference() {
        let (_, citations, out) = cited("{{ cite(key=\"guy-smith-1956\") }}");
        let shown = citations.previews(&out);
        assert!(
            shown.contains(
                "data-ref=\"R. K. Guy and C. A. B. Smith, The G-values of various games, 1956\""
            ),
            "{shown}"
        );
        assert!(
            shown.contains("aria-describedby=\"ref-guy-smith-1956\""),
            "{shown}"
        );
        // An uncited key is left alone.
        assert_eq!(
            citations.previews("<a class=\"cite\" href=\"#ref-x\">"),
            "<a class=\"cite\" href=\"#ref-x\">"
        );
    }

    #[test]
    fn each_citation_has_an_id_and_its_reference_links_back_to_each() {
        let (tera, citations, out) = cited(
            "{{ cite(key=\"essay\") }} {{ cite(key=\"guy-smith-1956\") }} {{ cite(key=\"essay\") }}",
        );
        let shown = citations.previews(&out);
        for id in ["cite-essay-1", "cite-essay-2", "cite-guy-smith-1956-1"] {
            let attribute = format!("id=\"{id}\"");
            assert_eq!(shown.matches(&attribute).count(), 1, "{id}: {shown}");
        }
        assert!(!shown.contains("cite-essay-3"), "{shown}");
        let section = citations.section();
        assert!(
            section.contains(
                "<a href=\"#cite-essay-1\" aria-label=\"Back to citation 1 of 2 in the text\">↩1</a> \
                 <a href=\"#cite-essay-2\" aria-label=\"Back to citation 2 of 2 in the text\">↩2</a>"
            ),
            "{section}"
        );
        assert!(
            section.contains(
                "<a href=\"#cite-guy-smith-1956-1\" aria-label=\"Back to citation 1 of 1 in the text\">↩</a>"
            ),
            "{section}"
        );
        // A page starts again: no link back to the last page's citations.
        citations.begin();
        let again = tera
            .render_str("{{ cite(key=\"essay\") }}", &tera::Context::new(), false)
            .unwrap();
        citations.previews(&again);
        assert!(!citations.section().contains("cite-essay-2"));
    }

    #[test]
    fn cites_number_in_order_of_first_citation_and_list_what_was_cited() {
        let (_, citations, out) = cited(
            "{{ cite(key=\"essay\") }} {{ cite(key=\"guy-smith-1956\") }} {{ cite(key=\"essay\") }}",
        );
        assert_eq!(
            out,
            "<a class=\"cite\" href=\"#ref-essay\">[1]</a> \
             <a class=\"cite\" href=\"#ref-guy-smith-1956\">[2]</a> \
             <a class=\"cite\" href=\"#ref-essay\">[1]</a>"
        );
        let section = citations.section();
        assert!(section.contains("<li id=\"ref-essay\">“Two takes, one line”, essay.</li>"));
        assert!(section.contains(
            "<li id=\"ref-guy-smith-1956\">R. K. Guy and C. A. B. Smith, “The G-values of various games”, \
             Proceedings of the Cambridge Philosophical Society 52, 1956, 514–526.</li>"
        ));
        assert!(section.find("ref-essay") < section.find("ref-guy-smith"));
        citations.begin();
        assert_eq!(citations.section(), "");
    }

    #[test]
    fn citations_side_by_side_are_one_bracketed_group() {
        let cite = |key: &str, n: u32| format!("<a class=\"cite\" href=\"#ref-{key}\">[{n}]</a>");
        let text = format!(
            "values {} {}, computed; Dawson {}\n{} {}. Alone {}.",
            cite("sprague-1935", 1),
            cite("grundy-1939", 2),
            cite("dawson-1934", 3),
            cite("winning-ways", 4),
            cite("siegel-2013", 5),
            cite("guy-smith-1956", 6),
        );
        assert_eq!(
            group_adjacent(&text),
            "values <span class=\"cites\">[<a class=\"cite\" href=\"#ref-sprague-1935\">1</a>, \
             <a class=\"cite\" href=\"#ref-grundy-1939\">2</a>]</span>, computed; Dawson \
             <span class=\"cites\">[<a class=\"cite\" href=\"#ref-dawson-1934\">3</a>, \
             <a class=\"cite\" href=\"#ref-winning-ways\">4</a>, \
             <a class=\"cite\" href=\"#ref-siegel-2013\">5</a>]</span>. Alone \
             <a class=\"cite\" href=\"#ref-guy-smith-1956\">[6]</a>."
        );
        // Citations parted by a word stay apart; other links are left alone.
        let apart = format!("{} and {}", cite("a", 1), cite("b", 2));
        assert_eq!(group_adjacent(&apart), apart);
        let other = "<a class=\"cite\" href=\"#ref-x\">see</a> <a href=\"#y\">[2]</a>";
        assert_eq!(group_adjacent(other), other);
    }

    #[test]
    fn a_title_in_another_language_is_marked_with_it() {
        let text = "sprague:\n  title: Über mathematische Kampfspiele\n  title_lang: de\nbook:\n  title: Spiele\n  kind: book\n  title_lang: de\nplain:\n  title: Mathematics and games\n";
        let bibliography = parse(text, Path::new(FILE)).unwrap();
        assert_eq!(
            entry_html(&bibliography["sprague"]),
            "“<span lang=\"de\">Über mathematische Kampfspiele</span>”."
        );
        assert_eq!(
            entry_html(&bibliography["book"]),
            "<cite lang=\"de\">Spiele</cite>."
        );
        assert_eq!(
            entry_html(&bibliography["plain"]),
            "“Mathematics and games”."
        );
        for bad in ["d", "de\\\" onload=\\\"x", "deutsch", "de-", "de_DE"] {
            let error = refused(&format!("a:\n  title_lang: \"{bad}\"\n"));
            assert!(error.contains("is not a language tag"), "{bad}: {error}");
        }
    }

    #[test]
    fn an_unknown_field_is_located() {
        let error = parse("x:\n  title: T\n  volume: 3\n", Path::new(FILE)).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("references.yaml:3:3: x: unknown field `volume`"),
            "{error}"
        );
    }

    fn refused(text: &str) -> String {
        format!("{:#}", parse(text, Path::new(FILE)).unwrap_err())
    }

    #[test]
    fn a_key_given_twice_is_refused_at_its_second_place() {
        let text = "a:\n  title: A\nb:\n  title: B\na:\n  title: C\n";
        let error = refused(text);
        assert!(
            error.starts_with("references.yaml:5:1: `a` appears twice"),
            "{error}"
        );
        let error = refused("x:\n  title: A\n  title: B\n");
        assert!(error.starts_with("references.yaml:2:3: "), "{error}");
        assert!(error.contains("duplicate field `title`"), "{error}");
    }

    #[test]
    fn only_web_and_doi_links_are_published() {
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<script>x</script>",
            "file:///etc/passwd",
            "vbscript:x",
            "//example.org/x",
            "/relative",
            "https://",
            "https:// spaced.example/",
            "doi:javascript:x",
        ] {
            let text = format!("a:\n  url: \"{bad}\"\n");
            let error = refused(&text);
            assert!(error.starts_with("references.yaml:2:8: "), "{bad}: {error}");
            assert!(error.contains("not a"), "{bad}: {error}");
        }
        let error = refused("a:\n  doi: \"javascript:alert(1)\"\n");
        assert!(
            error.starts_with("references.yaml:2:8: ") && error.contains("is not a DOI"),
            "{error}"
        );
        let error = refused("a:\n  url: \"java\\tscript:x\"\n");
        assert!(
            error.contains("java\\tscript"),
            "a tab is shown escaped: {error}"
        );
        let good = parse(
            "a:\n  url: HTTPS://Example.org/x?y=1\nb:\n  url: doi:10.1000/xyz\nc:\n  doi: 10.1017/S0305004100031601\n",
            Path::new(FILE),
        )
        .unwrap();
        assert!(
            entry_html(&good["a"])
                .ends_with("<a href=\"HTTPS://Example.org/x?y=1\">HTTPS://Example.org/x?y=1</a>")
        );
        assert!(
            entry_html(&good["b"])
                .ends_with("<a href=\"https://doi.org/10.1000/xyz\">doi:10.1000/xyz</a>")
        );
        assert!(
            entry_html(&good["c"]).contains("href=\"https://doi.org/10.1017/S0305004100031601\"")
        );
    }

    #[test]
    fn the_text_is_measured_before_it_is_parsed() {
        let deep = format!("a: {}", "[".repeat(80_000));
        let error = refused(&deep);
        assert!(
            error.starts_with("references.yaml:1:36: collections nest more than 32 deep"),
            "{error}"
        );
        let big = format!(
            "a:\n  note: \"{}\"\n",
            "x".repeat(crate::manifest::shape::MAX_BYTES)
        );
        let error = refused(&big);
        assert!(
            error.starts_with("references.yaml:1:1: the bibliography is larger than"),
            "{error}"
        );
        assert!(parse("", Path::new(FILE)).unwrap().is_empty());
        let error = refused("Bad_Key:\n  title: T\n");
        assert!(
            error.starts_with("references.yaml:1:1: key `Bad_Key`"),
            "{error}"
        );
    }
}
