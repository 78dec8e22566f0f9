//! Theorems named in the prose, linked to their statements.
//!
//! The page `proofs` (`content/proofs.md`) states and proves Theorems P, C,
//! C⁺ and M, each under a heading that names a fixed id
//! (`## Theorem P: … { #theorem-p }`, see the site's `site::headings`). Wherever
//! else the site names one, in a page's prose, a caption, a figure's note
//! or a table's cell ("Theorem C", "Theorem C⁺'s base", "Theorems C and
//! C⁺"), the name becomes a link to `proofs.html#theorem-…`. No one types
//! the link, so none is forgotten or misspelt, and the site's link check
//! (the site's `site::links`) fails the build when the proofs page loses an id a
//! link points to. A name in a heading, inside a link, in code, or in the
//! theorem's own section of the proofs page stays text. Drawings (SVG) and
//! CSV files keep the name as text.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event, HeadingLevel, LinkType, Tag, TagEnd};

/// The page that states the theorems.
pub const PAGE: &str = "proofs";

/// A theorem the site names, and the id of its statement on [`PAGE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theorem {
    /// What follows "Theorem" where the prose names it.
    pub name: &'static str,
    /// The id of its heading on the proofs page.
    pub anchor: &'static str,
}

/// The theorems, a longer name before a shorter one it begins with.
pub const THEOREMS: [Theorem; 4] = [
    Theorem {
        name: "C⁺",
        anchor: "theorem-c-plus",
    },
    Theorem {
        name: "C",
        anchor: "theorem-c",
    },
    Theorem {
        name: "P",
        anchor: "theorem-p",
    },
    Theorem {
        name: "M",
        anchor: "theorem-m",
    },
];

/// A theorem named in a text: the bytes a link covers ("Theorem C", or
/// only "C⁺" in "Theorems C and C⁺") and what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub range: Range<usize>,
    pub theorem: Theorem,
}

/// The link to a theorem's statement from a page `root` below the site's
/// top (`""`, or `"../"` from `figures/`).
pub fn href(theorem: Theorem, root: &str) -> String {
    format!("{root}{PAGE}.html#{}", theorem.anchor)
}

/// The theorem named at `at` in `text`, if a name starts there and ends at
/// a word's end ("C" is not read in "C⁺" nor in "Cs").
fn name_at(text: &str, at: usize) -> Option<(Range<usize>, Theorem)> {
    let rest = &text[at..];
    THEOREMS.iter().find_map(|t| {
        let after = rest.strip_prefix(t.name)?;
        let next = after.chars().next();
        if next.is_some_and(|c| c.is_alphanumeric() || c == '⁺') {
            return None;
        }
        Some((at..at + t.name.len(), *t))
    })
}

/// Every theorem named in `text`, in order: "Theorem X" (one link over
/// both words), and "Theorems X, Y and Z" (a link on each name). Words may
/// be parted by a space or a line break (a Markdown soft break).
pub fn mentions(text: &str) -> Vec<Mention> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = text[from..].find("Theorem") {
        let start = from + offset;
        from = start + "Theorem".len();
        if text[..start]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let rest = &text[from..];
        if let Some(gap) = space(rest) {
            if let Some((range, theorem)) = name_at(text, from + gap) {
                from = range.end;
                found.push(Mention {
                    range: start..range.end,
                    theorem,
                });
            }
        } else if let Some(gap) = rest.strip_prefix('s').and_then(space) {
            let mut at = from + 1 + gap;
            while let Some((range, theorem)) = name_at(text, at) {
                from = range.end;
                found.push(Mention { range, theorem });
                let Some(separator) = separator(&text[from..]) else {
                    break;
                };
                at = from + separator;
            }
        }
    }
    found
}

/// The length of the one space or line break `text` starts with, if it does.
fn space(text: &str) -> Option<usize> {
    text.starts_with([' ', '\n']).then_some(1)
}

/// The length of the separator between two names of a list that `text`
/// starts with: ", ", " and " or ", and " (any space a line break).
fn separator(text: &str) -> Option<usize> {
    let and = |at: usize| {
        let rest = &text[at..];
        rest.strip_prefix("and")
            .and_then(space)
            .map(|gap| at + "and".len() + gap)
    };
    if let Some(rest) = text.strip_prefix(',') {
        let at = 1 + space(rest)?;
        Some(and(at).unwrap_or(at))
    } else {
        and(space(text)?)
    }
}

/// Plain text as HTML with each theorem it names linked: `escape` writes
/// the text, `root` is as in [`href`]. For the short texts of
/// [`super::inline`].
pub fn link_text(text: &str, root: &str, escape: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for m in mentions(text) {
        out.push_str(&escape(&text[from..m.range.start]));
        out.push_str(&format!(
            "<a href=\"{}\">{}</a>",
            href(m.theorem, root),
            escape(&text[m.range.clone()])
        ));
        from = m.range.end;
    }
    out.push_str(&escape(&text[from..]));
    out
}

/// A page's Markdown events with each theorem its prose names linked (the
/// pages sit at the site's top). Adjacent text events and soft breaks are
/// joined first, as the parser may split a sentence anywhere.
pub fn link_events<'a>(events: impl Iterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    let mut linker = Linker::default();
    let mut text: Option<String> = None;
    for event in events {
        match event {
            Event::Text(t) => text.get_or_insert_with(String::new).push_str(&t),
            // Written as a line break either way; joined, a name broken
            // across two lines of the source is still found.
            Event::SoftBreak => text.get_or_insert_with(String::new).push('\n'),
            other => {
                if let Some(t) = text.take() {
                    linker.text(t);
                }
                linker.other(other);
            }
        }
    }
    if let Some(t) = text.take() {
        linker.text(t);
    }
    linker.out
}

/// Where [`link_events`] is in the page.
#[derive(Default)]
struct Linker<'a> {
    out: Vec<Event<'a>>,
    /// Inside a heading, a link, an image or a code block: no link.
    quiet: usize,
    /// The theorem whose section this is (a `##` heading naming its id).
    section: Option<Theorem>,
}

impl<'a> Linker<'a> {
    fn other(&mut self, event: Event<'a>) {
        match &event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                if *level <= HeadingLevel::H2 {
                    self.section = id
                        .as_deref()
                        .and_then(|id| THEOREMS.iter().find(|t| t.anchor == id).copied());
                }
                self.quiet += 1;
            }
            Event::Start(Tag::Link { .. } | Tag::Image { .. } | Tag::CodeBlock(_)) => {
                self.quiet += 1;
            }
            Event::End(TagEnd::Heading(_) | TagEnd::Link | TagEnd::Image | TagEnd::CodeBlock) => {
                self.quiet = self.quiet.saturating_sub(1);
            }
            _ => {}
        }
        self.out.push(event);
    }

    fn text(&mut self, text: String) {
        let found: Vec<Mention> = if self.quiet > 0 {
            Vec::new()
        } else {
            mentions(&text)
                .into_iter()
                .filter(|m| Some(m.theorem) != self.section)
                .collect()
        };
        let mut from = 0;
        for m in found {
            if m.range.start > from {
                self.push_text(&text[from..m.range.start]);
            }
            self.out.push(Event::Start(Tag::Link {
                link_type: LinkType::Inline,
                dest_url: CowStr::from(href(m.theorem, "")),
                title: CowStr::from(""),
                id: CowStr::from(""),
            }));
            self.push_text(&text[m.range.clone()]);
            self.out.push(Event::End(TagEnd::Link));
            from = m.range.end;
        }
        if from < text.len() || text.is_empty() {
            self.push_text(&text[from..]);
        }
    }

    fn push_text(&mut self, text: &str) {
        self.out.push(Event::Text(CowStr::from(text.to_string())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(text: &str) -> Vec<(&str, &str)> {
        mentions(text)
            .into_iter()
            .map(|m| (&text[m.range], m.theorem.anchor))
            .collect()
    }

    #[test]
    fn a_theorem_is_found_by_its_whole_name() {
        assert_eq!(
            named("by Theorem C⁺ from its base; Theorem C refuses it (Theorem P's window)"),
            [
                ("Theorem C⁺", "theorem-c-plus"),
                ("Theorem C", "theorem-c"),
                ("Theorem P", "theorem-p"),
            ]
        );
        assert_eq!(
            named("what Theorems C and C⁺ make of it; Theorems P, C, and C⁺"),
            [
                ("C", "theorem-c"),
                ("C⁺", "theorem-c-plus"),
                ("P", "theorem-p"),
                ("C", "theorem-c"),
                ("C⁺", "theorem-c-plus"),
            ]
        );
        assert_eq!(
            named("Theorems C\nand C⁺ are not; Theorem\nP is"),
            [
                ("C", "theorem-c"),
                ("C⁺", "theorem-c-plus"),
                ("Theorem\nP", "theorem-p"),
            ]
        );
        for none in [
            "Theorem Q",
            "Theorem Cx",
            "a Theorem",
            "theorem C",
            "NoTheorem C",
            "Theorem  C",
            "Theorems, C",
        ] {
            assert!(named(none).is_empty(), "{none}");
        }
    }

    #[test]
    fn a_short_text_links_each_name_and_escapes_the_rest() {
        let html = link_text("a < b, by Theorem C⁺.", "../", |t| t.replace('<', "&lt;"));
        assert_eq!(
            html,
            "a &lt; b, by <a href=\"../proofs.html#theorem-c-plus\">Theorem C⁺</a>."
        );
        assert_eq!(link_text("no theorem", "", str::to_string), "no theorem");
    }

    fn page(markdown: &str) -> String {
        let parser = pulldown_cmark::Parser::new_ext(
            markdown,
            pulldown_cmark::Options::ENABLE_HEADING_ATTRIBUTES
                | pulldown_cmark::Options::ENABLE_SMART_PUNCTUATION,
        );
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, link_events(parser).into_iter());
        html
    }

    #[test]
    fn prose_links_a_name_but_headings_links_and_code_do_not() {
        let html = page(
            "## Theorem C and its use\n\nBy Theorem C's *conditions*, and [Theorem P](x.html).\n\n\
             `Theorem C`\n\n    Theorem C\n",
        );
        assert!(html.contains("<h2>Theorem C and its use</h2>"), "{html}");
        assert!(
            html.contains("By <a href=\"proofs.html#theorem-c\">Theorem C</a>’s <em>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"x.html\">Theorem P</a>"), "{html}");
        assert!(html.contains("<code>Theorem C</code>"), "{html}");
        assert!(html.contains("<pre><code>Theorem C\n"), "{html}");
        assert_eq!(html.matches("<a ").count(), 2, "{html}");
        let broken = page("Theorems C\nand C⁺ hold.\n");
        assert_eq!(
            broken,
            "<p>Theorems <a href=\"proofs.html#theorem-c\">C</a>\nand \
             <a href=\"proofs.html#theorem-c-plus\">C⁺</a> hold.</p>\n"
        );
    }

    #[test]
    fn a_theorem_is_not_linked_in_its_own_section() {
        let html = page(
            "## Theorem C: a saltus { #theorem-c }\n\nTheorem C needs Theorem P.\n\n\
             ## Theorem C⁺ { #theorem-c-plus }\n\nTheorem C and Theorem C⁺.\n",
        );
        assert!(html.contains("<h2 id=\"theorem-c\">"), "{html}");
        assert!(
            html.contains(
                "<p>Theorem C needs <a href=\"proofs.html#theorem-p\">Theorem P</a>.</p>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<p><a href=\"proofs.html#theorem-c\">Theorem C</a> and Theorem C⁺.</p>"),
            "{html}"
        );
    }
}
