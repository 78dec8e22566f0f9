//! Notes: an aside the argument can do without, written in the page's
//! Markdown as a footnote (`…a claim.[^why]` and, anywhere in the page,
//! `[^why]: The reason.`), and shown beside its sentence: in the margin on
//! a wide screen, as an indented block under its line on a phone, where a
//! margin has no room (the stylesheet decides which). A note is read where
//! it is referred to, not at the foot of the page, so it is moved there:
//! its number, then its text, right after the reference, which links to
//! it. Notes are numbered in the order they are referred to; a note is one
//! paragraph, since it sits inside its sentence's paragraph.

use std::collections::BTreeMap;

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

/// The events with each note moved beside its reference; an error names
/// the note's label when a note is more than one paragraph, referred to
/// twice or never, or never written (the first such label in order, so the
/// same page gives the same error).
pub fn beside<'a>(events: impl IntoIterator<Item = Event<'a>>) -> Result<Vec<Event<'a>>, String> {
    let (text, notes) = take_notes(events)?;
    let mut out = Vec::with_capacity(text.len());
    let mut numbers: BTreeMap<String, usize> = BTreeMap::new();
    for event in text {
        let Event::FootnoteReference(label) = event else {
            out.push(event);
            continue;
        };
        if numbers.contains_key(label.as_ref()) {
            return Err(format!("the note [^{label}] is referred to twice"));
        }
        let n = numbers.len() + 1;
        numbers.insert(label.to_string(), n);
        let body = notes
            .get(label.as_ref())
            .ok_or_else(|| format!("the note [^{label}] is never written"))?;
        out.push(Event::Html(CowStr::from(format!(
            "<sup class=\"note-ref\" id=\"note-ref-{n}\"><a href=\"#note-{n}\" \
             aria-label=\"Note {n}\">{n}</a></sup><span class=\"note\" id=\"note-{n}\" \
             role=\"note\"><span class=\"note-number\">{n}</span> "
        ))));
        out.extend(body.iter().cloned());
        out.push(Event::Html(CowStr::from("</span>")));
    }
    if let Some(label) = notes.keys().find(|l| !numbers.contains_key(l.as_str())) {
        return Err(format!(
            "the note [^{label}] is written but never referred to"
        ));
    }
    Ok(out)
}

/// The events without the notes' definitions, and each definition's
/// inline events by label.
type Notes<'a> = BTreeMap<String, Vec<Event<'a>>>;

fn take_notes<'a>(
    events: impl IntoIterator<Item = Event<'a>>,
) -> Result<(Vec<Event<'a>>, Notes<'a>), String> {
    let mut text = Vec::new();
    let mut notes = BTreeMap::new();
    // The note being read: its label, its events, the paragraphs in it.
    let mut open: Option<(String, Vec<Event<'a>>, usize)> = None;
    for event in events {
        match (&mut open, event) {
            (None, Event::Start(Tag::FootnoteDefinition(label))) => {
                open = Some((label.to_string(), Vec::new(), 0));
            }
            (None, event) => text.push(event),
            (Some(_), Event::End(TagEnd::FootnoteDefinition)) => {
                let (label, body, _) = open.take().expect("a note is open");
                notes.insert(label, body);
            }
            (Some((_, _, paragraphs)), Event::Start(Tag::Paragraph)) => *paragraphs += 1,
            (Some(_), Event::End(TagEnd::Paragraph)) => {}
            (Some((label, body, paragraphs)), event) => {
                let block = matches!(&event, Event::Start(tag) if !is_inline(tag));
                if *paragraphs > 1 || block {
                    return Err(format!(
                        "the note [^{label}] is more than one paragraph: a note sits inside its \
                         sentence's paragraph"
                    ));
                }
                body.push(event);
            }
        }
    }
    Ok((text, notes))
}

/// Whether a tag may sit inside a paragraph.
fn is_inline(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser, html};

    fn render(markdown: &str) -> Result<String, String> {
        let events = beside(Parser::new_ext(markdown, Options::ENABLE_FOOTNOTES))?;
        let mut out = String::new();
        html::push_html(&mut out, events.into_iter());
        Ok(out)
    }

    #[test]
    fn a_note_is_numbered_and_moved_beside_its_reference() {
        let html = render(
            "A claim.[^b] Another.[^a]\n\n[^a]: The *second* note.\n\n[^b]: The first, \
             with [a link](x.html).\n\nThe end.\n",
        )
        .unwrap();
        assert_eq!(
            html,
            "<p>A claim.<sup class=\"note-ref\" id=\"note-ref-1\"><a href=\"#note-1\" \
             aria-label=\"Note 1\">1</a></sup><span class=\"note\" id=\"note-1\" role=\"note\">\
             <span class=\"note-number\">1</span> The first, with <a href=\"x.html\">a link</a>\
             .</span> Another.<sup class=\"note-ref\" id=\"note-ref-2\"><a href=\"#note-2\" \
             aria-label=\"Note 2\">2</a></sup><span class=\"note\" id=\"note-2\" role=\"note\">\
             <span class=\"note-number\">2</span> The <em>second</em> note.</span></p>\n\
             <p>The end.</p>\n"
        );
    }

    #[test]
    fn a_note_of_two_paragraphs_or_a_list_or_referred_to_twice_is_refused() {
        let two = render("A.[^n]\n\n[^n]: One.\n\n    Two.\n").unwrap_err();
        assert!(two.contains("[^n] is more than one paragraph"), "{two}");
        let list = render("A.[^n]\n\n[^n]: - one\n    - two\n").unwrap_err();
        assert!(list.contains("[^n] is more than one paragraph"), "{list}");
        let twice = render("A.[^n] B.[^n]\n\n[^n]: One.\n").unwrap_err();
        assert!(twice.contains("[^n] is referred to twice"), "{twice}");
        let unused = render("A.\n\n[^n]: One.\n").unwrap_err();
        assert!(
            unused.contains("[^n] is written but never referred to"),
            "{unused}"
        );
    }

    #[test]
    fn text_without_notes_is_untouched() {
        assert_eq!(
            render("A *b* [c](d).\n").unwrap(),
            "<p>A <em>b</em> <a href=\"d\">c</a>.</p>\n"
        );
    }
}
