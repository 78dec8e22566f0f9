//! Heading ids, self-links and the "On this page" list.
//!
//! Every heading a page's Markdown produces gets an id made from its text
//! (an ASCII slug), so a section can be linked, and a `#` link to itself so a
//! reader can copy that link. Ids are a function of the page's headings
//! alone, in order, so they stay the same from build to build while the
//! headings do: the first "Nim" is `nim`, a second one `nim-2`.
//!
//! A heading may instead name its own id, written after its text as
//! `## Theorem P: a period { #theorem-p }` (Markdown's heading attributes,
//! spaced so that Tera does not read `{#` as a comment): an id that other
//! pages link to then survives a change of the heading's words. It must be
//! shaped like a slug, not be the templates' or a figure's, and appear once.
//!
//! The heading keeps its text untouched: the self-link is a sibling after
//! it, in a `div.heading`, so a screen reader's list of headings reads the
//! headings and nothing else.

use std::collections::BTreeSet;

/// Ids the templates use themselves, which no heading may take.
pub const RESERVED: [&str; 3] = ["essay", "on-this-page", "top"];

/// A page's sections (its `h2` headings) need this many for the page to get
/// an "On this page" list: fewer are seen at a glance.
pub const TOC_MIN_SECTIONS: usize = 4;

/// One `h2` of a page, for the "On this page" list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    /// The heading's id.
    pub id: String,
    /// The heading's inner HTML (it may hold emphasis or mathematics).
    pub html: String,
}

/// Hands out ids unique on one page.
#[derive(Debug, Default)]
pub struct Slugger {
    taken: BTreeSet<String>,
}

impl Slugger {
    /// A slugger that never hands out the template's own ids, nor any id
    /// already in `html` (footnotes, figures).
    pub fn for_page(html: &str) -> Slugger {
        let mut taken: BTreeSet<String> = RESERVED.iter().map(|s| s.to_string()).collect();
        let mut rest = html;
        while let Some(at) = rest.find(" id=\"") {
            rest = &rest[at + 5..];
            if let Some(end) = rest.find('"') {
                taken.insert(rest[..end].to_string());
            }
        }
        Slugger { taken }
    }

    /// A unique id for a heading with this text: its slug, then `-2`, `-3`…
    /// A slug that starts with `fig-` (the figures' ids) is prefixed with
    /// `s-`, so no heading can ever take a figure's id.
    pub fn id(&mut self, text: &str) -> String {
        let mut base = slug(text);
        if base.starts_with("fig-") {
            base = format!("s-{base}");
        }
        let mut id = base.clone();
        let mut n = 2;
        while self.taken.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        self.taken.insert(id.clone());
        id
    }
}

/// The slug of a heading's text: lower-case ASCII letters and digits, words
/// joined by single hyphens; apostrophes vanish ("Dawson's" → `dawsons`), a
/// few accented letters lose their accent, and anything else separates
/// words. An empty slug is `section`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in text.chars() {
        let c = match c {
            'à' | 'á' | 'â' | 'ä' | 'À' | 'Á' | 'Â' | 'Ä' => 'a',
            'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' | 'Ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'Ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            c => c,
        };
        if c == '\'' || c == '’' {
            continue;
        }
        if c.is_ascii_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('-');
            }
            gap = false;
            out.push(c.to_ascii_lowercase());
        } else {
            gap = true;
        }
    }
    if out.is_empty() {
        "section".to_string()
    } else {
        out
    }
}

/// The text a reader sees in a fragment of HTML: tags dropped, a few
/// entities decoded, and a MathML `<annotation>` (the formula's TeX source)
/// skipped.
pub fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with("<annotation") {
            rest = rest
                .find("</annotation>")
                .map_or("", |end| &rest[end + "</annotation>".len()..]);
        } else {
            rest = rest.find('>').map_or("", |gt| &rest[gt + 1..]);
        }
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Gives every heading of a rendered body (`<h2>`…`<h6>`, as Markdown
/// writes them, without attributes or with the id it names) an id and a
/// self-link, and returns the page's `h2` sections in order. `slugger`
/// should already know the page's other ids (the title's, see
/// [`Slugger::for_page`]). A named id that is not a slug, is reserved or
/// a figure's, appears elsewhere on the page, or comes with other
/// attributes is an error.
pub fn anchor(body: &str, slugger: &mut Slugger) -> Result<(String, Vec<Section>), String> {
    let mut out = String::with_capacity(body.len() + 1024);
    let mut sections = Vec::new();
    let mut rest = body;
    loop {
        let Some((at, level)) = next_heading(rest) else {
            out.push_str(rest);
            break;
        };
        let close = format!("</h{level}>");
        let (length, named) = opening_tag(&rest[at..], level)?;
        let inner_start = at + length;
        let Some(len) = rest[inner_start..].find(&close) else {
            out.push_str(rest);
            break;
        };
        out.push_str(&rest[..at]);
        let inner = &rest[inner_start..inner_start + len];
        let text = text_of(inner);
        let id = match named {
            Some(id) => {
                check_named(body, id, &text)?;
                id.to_string()
            }
            None => slugger.id(&text),
        };
        out.push_str(&heading(level, &id, inner, &text));
        if level == 2 {
            sections.push(Section {
                id,
                html: inner.to_string(),
            });
        }
        rest = &rest[inner_start + len + close.len()..];
    }
    Ok((out, sections))
}

/// The length of a heading's opening tag at the start of `html`, and the id
/// it names: `<h2>` or `<h2 id="…">`, nothing else.
fn opening_tag(html: &str, level: u8) -> Result<(usize, Option<&str>), String> {
    let plain = format!("<h{level}>");
    if html.starts_with(&plain) {
        return Ok((plain.len(), None));
    }
    let prefix = format!("<h{level} id=\"");
    let named = html.strip_prefix(&prefix).and_then(|rest| {
        let end = rest.find('"')?;
        rest[end..].starts_with("\">").then(|| &rest[..end])
    });
    match named {
        Some(id) => Ok((prefix.len() + id.len() + 2, Some(id))),
        None => {
            let tag = &html[..html.find('>').map_or(html.len(), |end| end + 1)];
            Err(format!(
                "the heading `{tag}` has attributes besides its id: a heading may name its id \
                 (`{{ #id }}`) and nothing else"
            ))
        }
    }
}

/// A heading's own id (see the module's notes) is a slug, none of the
/// templates' nor a figure's, and on the page once.
fn check_named(body: &str, id: &str, text: &str) -> Result<(), String> {
    let text = text.trim();
    if slug(id) != id {
        return Err(format!(
            "the heading “{text}” names the id `{id}`: an id is lower-case letters, digits \
             and single hyphens"
        ));
    }
    if RESERVED.contains(&id) || id.starts_with("fig-") {
        return Err(format!(
            "the heading “{text}” names the id `{id}`, which the templates or a figure use"
        ));
    }
    if body.matches(&format!(" id=\"{id}\"")).count() > 1 {
        return Err(format!(
            "the heading “{text}” names the id `{id}`, which is given twice on the page"
        ));
    }
    Ok(())
}
/// A heading with its id, followed by its self-link, as one block.
pub fn heading(level: u8, id: &str, inner: &str, text: &str) -> String {
    let label = crate::plot::escape(&format!("Link to the section “{}”", text.trim()));
    format!(
        "<div class=\"heading\"><h{level} id=\"{id}\">{inner}</h{level}>\
         <a class=\"self\" href=\"#{id}\" aria-label=\"{label}\">#</a></div>"
    )
}

/// The next `<hN>` or `<hN id="` (N from 2 to 6) in `html`: its offset and level.
fn next_heading(html: &str) -> Option<(usize, u8)> {
    (2u8..=6)
        .flat_map(|level| {
            [format!("<h{level}>"), format!("<h{level} id=\"")]
                .into_iter()
                .filter_map(move |tag| html.find(&tag).map(|at| (at, level)))
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_ascii_words_joined_by_hyphens() {
        assert_eq!(
            slug("Subtraction {1, 2}: the table in full"),
            "subtraction-1-2-the-table-in-full"
        );
        assert_eq!(
            slug("Dawson's Kayles: no heap too big"),
            "dawsons-kayles-no-heap-too-big"
        );
        assert_eq!(
            slug("All 560 three-digit codes"),
            "all-560-three-digit-codes"
        );
        assert_eq!(slug("Où"), "ou");
        assert_eq!(slug("·∑"), "section");
    }

    #[test]
    fn ids_are_unique_and_avoid_figures_and_the_templates() {
        let mut s = Slugger::for_page("<figure id=\"fig-a\"><p id=\"nim\">");
        assert_eq!(s.id("Nim"), "nim-2");
        assert_eq!(s.id("Nim"), "nim-3");
        assert_eq!(s.id("Fig. A"), "s-fig-a");
        assert_eq!(s.id("On this page"), "on-this-page-2");
        assert_eq!(s.id("Top"), "top-2");
    }

    #[test]
    fn ids_are_stable_from_build_to_build() {
        let body = "<h2>Nim</h2><p>x</p><h3>The shape of <em>h</em></h3><h2>Nim</h2>";
        let first = anchor(body, &mut Slugger::for_page(body)).unwrap();
        let second = anchor(body, &mut Slugger::for_page(body)).unwrap();
        assert_eq!(first, second);
        let ids: Vec<&str> = first.1.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["nim", "nim-2"]);
        assert!(
            first
                .0
                .contains("<h3 id=\"the-shape-of-h\">The shape of <em>h</em></h3>")
        );
        assert!(first.0.contains("href=\"#the-shape-of-h\""));
    }

    #[test]
    fn mathematics_reads_as_its_text_not_its_source() {
        let html = "Heaps of <math><mi>n</mi><annotation encoding=\"application/x-tex\">n_0</annotation></math>";
        assert_eq!(text_of(html), "Heaps of n");
    }

    #[test]
    fn headings_keep_their_text() {
        let (out, sections) = anchor("<h2>A &amp; B</h2>", &mut Slugger::default()).unwrap();
        assert!(out.contains(">A &amp; B</h2>"));
        assert_eq!(sections[0].html, "A &amp; B");
        assert!(out.contains("aria-label=\"Link to the section “A &amp; B”\""));
    }

    #[test]
    fn a_heading_may_name_its_own_id() {
        let body = "<h2 id=\"theorem-p\">Theorem P: a period</h2><h2>Theorem P</h2>";
        let (out, sections) = anchor(body, &mut Slugger::for_page(body)).unwrap();
        let ids: Vec<&str> = sections.iter().map(|s| s.id.as_str()).collect();
        // The named id is kept; a heading slugged to the same id steps aside.
        assert_eq!(ids, ["theorem-p", "theorem-p-2"]);
        assert!(out.contains(
            "<h2 id=\"theorem-p\">Theorem P: a period</h2><a class=\"self\" href=\"#theorem-p\""
        ));
        for (bad, says) in [
            ("<h2 id=\"Theorem P\">x</h2>", "lower-case"),
            ("<h2 id=\"fig-a\">x</h2>", "a figure"),
            ("<h3 id=\"top\">x</h3>", "templates"),
            ("<h2 id=\"a\">x</h2><h3 id=\"a\">y</h3>", "twice"),
            ("<h2 id=\"a\" class=\"b\">x</h2>", "besides its id"),
        ] {
            let error = anchor(bad, &mut Slugger::for_page(bad)).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
