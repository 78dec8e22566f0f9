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

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Result, bail};
use serde::Deserialize;
use tera::{Kwargs, State, Tera, Value};

use crate::project::{Located, Project};
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
    #[serde(default)]
    pub doi: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
    /// A word on how the work is used, printed last.
    #[serde(default)]
    pub note: Option<String>,
}

/// Every entry, by key.
pub type Bibliography = BTreeMap<String, Reference>;

/// Reads the project's `references.yaml`; errors located `references.yaml:line:col`.
pub fn load(project: &Project) -> Result<Bibliography> {
    if !project.path(FILE).exists() {
        return Ok(Bibliography::new());
    }
    let text = project.read_text(FILE)?;
    parse(&text, Path::new(FILE))
}

/// Parses the bibliography's text; `file` names it in messages.
pub fn parse(text: &str, file: &Path) -> Result<Bibliography> {
    let located = |line, column, message: String| Located {
        file: file.to_path_buf(),
        line,
        column,
        message,
    };
    let bibliography: Bibliography = serde_yaml_ng::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
        let message = e
            .to_string()
            .replacen(&format!(" at line {line} column {column}"), "", 1);
        anyhow::anyhow!("{}", located(line, column, message))
    })?;
    for key in bibliography.keys() {
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            let line = text.lines().position(|l| l.starts_with(key.as_str()));
            let message =
                format!("key `{key}`: use lower-case letters, digits and hyphens (it names an id)");
            bail!("{}", located(line.map_or(1, |l| l + 1), 1, message));
        }
    }
    Ok(bibliography)
}

/// The keys cited on the page being rendered, in order of first citation,
/// shared with the `cite` function.
#[derive(Debug, Clone)]
pub struct Citations {
    bibliography: Arc<Bibliography>,
    cited: Arc<Mutex<Vec<String>>>,
}

impl Citations {
    /// Registers `cite` on `tera`.
    pub fn register(tera: &mut Tera, bibliography: Bibliography) -> Citations {
        let citations = Citations {
            bibliography: Arc::new(bibliography),
            cited: Arc::default(),
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

    /// Starts a page: nothing cited yet.
    pub fn begin(&self) {
        self.keys().clear();
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

    /// The page's References section, or nothing if it cites nothing.
    pub fn section(&self) -> String {
        let keys = self.keys();
        if keys.is_empty() {
            return String::new();
        }
        let mut html = String::from("<section class=\"references\">\n<h2>References</h2>\n<ol>\n");
        for key in keys.iter() {
            let entry = &self.bibliography[key];
            html.push_str(&format!(
                "<li id=\"ref-{key}\">{}</li>\n",
                entry_html(entry)
            ));
        }
        html.push_str("</ol>\n</section>\n");
        html
    }
}

/// One entry as a sentence: authors, title, venue, publisher, year, pages,
/// then the DOI or URL as a link.
pub fn entry_html(r: &Reference) -> String {
    let mut parts = Vec::new();
    if !r.authors.is_empty() {
        parts.push(escape(&join_authors(&r.authors)));
    }
    if let Some(title) = &r.title {
        let title = typographic(title);
        parts.push(match r.kind.as_deref() {
            Some("book") => format!("<cite>{}</cite>", escape(&title)),
            _ => format!("“{}”", escape(&title)),
        });
    }
    if let Some(kind) = r
        .kind
        .as_deref()
        .filter(|k| *k != "book" && *k != "article")
    {
        parts.push(escape(&typographic(kind)));
    }
    for text in [&r.venue, &r.publisher].into_iter().flatten() {
        parts.push(escape(text));
    }
    if let Some(year) = r.year {
        parts.push(year.to_string());
    }
    if let Some(pages) = &r.pages {
        parts.push(escape(pages));
    }
    let mut html = parts.join(", ");
    html.push('.');
    if let Some(doi) = &r.doi {
        let doi = escape(doi);
        html.push_str(&format!(" <a href=\"https://doi.org/{doi}\">doi:{doi}</a>"));
    } else if let Some(url) = &r.url {
        let url = escape(url);
        html.push_str(&format!(" <a href=\"{url}\">{url}</a>"));
    }
    if let Some(note) = &r.note {
        html.push(' ');
        html.push_str(&escape(&typographic(note)));
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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "guy-smith-1956:\n  authors: [R. K. Guy, C. A. B. Smith]\n  title: The G-values of various games\n  venue: Proceedings of the Cambridge Philosophical Society 52\n  pages: 514–526\n  year: 1956\nessay:\n  title: Two takes, one line\n  kind: essay\n";

    #[test]
    fn cites_number_in_order_of_first_citation_and_list_what_was_cited() {
        let mut tera = Tera::default();
        let citations = Citations::register(&mut tera, parse(TEXT, Path::new(FILE)).unwrap());
        citations.begin();
        let out = tera
            .render_str(
                "{{ cite(key=\"essay\") }} {{ cite(key=\"guy-smith-1956\") }} {{ cite(key=\"essay\") }}",
                &tera::Context::new(),
                false,
            )
            .unwrap();
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
    fn an_unknown_field_is_located() {
        let error = parse("x:\n  title: T\n  volume: 3\n", Path::new(FILE)).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("references.yaml:3:3: x: unknown field `volume`"),
            "{error}"
        );
    }
}
