//! An essay's octal codes linked to their rows in the atlas: the first
//! time a page names a code of up to four digits (`·137`, `4·007`) in its
//! prose, the name becomes a link to `atlas/0.1.html#0.137`. Later mentions
//! stay plain, as a reference book links a term once; headings, links, code
//! and formulas are left alone. Only pages that ask (`link_codes: true` in
//! the manifest): on a site without an atlas the links lead nowhere, and
//! the site's link check refuses the build.

use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};

use super::atlas::permalink;

/// A code named in `text`: its byte range and its atlas anchor.
fn codes_in(text: &str) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices('·') {
        let before = text[..at].chars().next_back();
        let (start, prefix) = match before {
            Some('4') => {
                let earlier = text[..at - 1].chars().next_back();
                if earlier.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '·') {
                    continue;
                }
                (at - 1, '4')
            }
            Some(c) if c.is_alphanumeric() || c == '.' || c == '·' => continue,
            _ => (at, '0'),
        };
        let after = &text[at + '·'.len_utf8()..];
        let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
        let ok = !digits.is_empty()
            && digits.chars().all(|c| ('0'..='7').contains(&c))
            && after[digits.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric() && c != '·');
        let significant = digits.trim_end_matches('0');
        if !ok || significant.len() > 4 {
            continue;
        }
        let significant = if significant.is_empty() {
            "0"
        } else {
            significant
        };
        let end = at + '·'.len_utf8() + digits.len();
        found.push((start, end, format!("{prefix}.{significant}")));
    }
    found
}

/// The page's events with each code's first mention linked.
pub fn link_events<'a>(events: impl Iterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    let mut quiet = 0usize;
    let mut linked = std::collections::HashSet::new();
    for event in events {
        match &event {
            Event::Start(
                Tag::Heading { .. } | Tag::Link { .. } | Tag::Image { .. } | Tag::CodeBlock(_),
            ) => quiet += 1,
            Event::End(TagEnd::Heading(_) | TagEnd::Link | TagEnd::Image | TagEnd::CodeBlock) => {
                quiet = quiet.saturating_sub(1);
            }
            Event::Text(text) if quiet == 0 => {
                let found: Vec<(usize, usize, String)> = codes_in(text)
                    .into_iter()
                    .filter(|(_, _, anchor)| linked.insert(anchor.clone()))
                    .collect();
                if !found.is_empty() {
                    let text = text.to_string();
                    let mut at = 0;
                    for (start, end, anchor) in found {
                        if start > at {
                            out.push(Event::Text(CowStr::from(text[at..start].to_string())));
                        }
                        out.push(Event::Start(Tag::Link {
                            link_type: LinkType::Inline,
                            dest_url: CowStr::from(permalink(&anchor)),
                            title: CowStr::from(""),
                            id: CowStr::from(""),
                        }));
                        out.push(Event::Text(CowStr::from(text[start..end].to_string())));
                        out.push(Event::End(TagEnd::Link));
                        at = end;
                    }
                    if at < text.len() {
                        out.push(Event::Text(CowStr::from(text[at..].to_string())));
                    }
                    continue;
                }
            }
            _ => {}
        }
        out.push(event);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_up_to_four_digits_are_found_where_prose_names_them() {
        let found = |t: &str| -> Vec<String> { codes_in(t).into_iter().map(|c| c.2).collect() };
        assert_eq!(
            found("·137 and 4·007, then ·1777."),
            ["0.137", "4.007", "0.1777"]
        );
        // Five digits, an 8, a decimal and a product are not codes here.
        assert!(found("·12345, ·18, 3.5·2 and x·1").is_empty());
        assert_eq!(found("(·6)"), ["0.6"]);
        assert_eq!(found("·120"), ["0.12"]);
    }

    #[test]
    fn only_the_first_mention_outside_headings_and_links_is_linked() {
        let events = vec![
            Event::Start(Tag::Heading {
                level: pulldown_cmark::HeadingLevel::H2,
                id: None,
                classes: Vec::new(),
                attrs: Vec::new(),
            }),
            Event::Text("·137".into()),
            Event::End(TagEnd::Heading(pulldown_cmark::HeadingLevel::H2)),
            Event::Text("Then ·137 and ·137.".into()),
        ];
        let out = link_events(events.into_iter());
        let links: Vec<&Event> = out
            .iter()
            .filter(|e| matches!(e, Event::Start(Tag::Link { .. })))
            .collect();
        assert_eq!(links.len(), 1);
        let Event::Start(Tag::Link { dest_url, .. }) = links[0] else {
            unreachable!()
        };
        assert_eq!(dest_url.as_ref(), "atlas/0.1.html#0.137");
    }
}
