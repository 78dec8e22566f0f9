//! Tables written in a page's Markdown (the manual's field lists), framed
//! as the figures' tables are: a region the keyboard can reach and scroll
//! when a row is wider than a phone (axe: `scrollable-region-focusable`),
//! named by its header so a screen reader says which table it is in.

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

use crate::text::html::escaped;

/// The events with every table wrapped in
/// `<div class="prose-table" role="region" tabindex="0" aria-label="…">`.
pub fn framed<'a>(events: impl IntoIterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    // A table's events, held until its header is read: the frame's name.
    let mut table: Option<Vec<Event<'a>>> = None;
    let mut header = Vec::new();
    let mut in_head = false;
    for event in events {
        match event {
            Event::Start(Tag::Table(_)) => {
                table = Some(vec![event]);
                header.clear();
            }
            Event::Start(Tag::TableHead) => {
                in_head = true;
                push(&mut table, &mut out, event);
            }
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                let name = format!("Table: {}", header.join(", "));
                out.push(Event::Html(CowStr::from(format!(
                    "<div class=\"prose-table\" role=\"region\" tabindex=\"0\" aria-label=\"{}\">",
                    escaped(&name)
                ))));
                out.extend(table.take().unwrap_or_default());
                out.push(event);
            }
            Event::End(TagEnd::Table) => {
                out.extend(table.take().unwrap_or_default());
                out.push(event);
                out.push(Event::Html(CowStr::from("</div>\n")));
            }
            Event::Start(Tag::TableCell) if in_head => {
                header.push(String::new());
                push(&mut table, &mut out, event);
            }
            Event::Text(ref text) | Event::Code(ref text) if in_head => {
                if let Some(cell) = header.last_mut() {
                    cell.push_str(text);
                }
                push(&mut table, &mut out, event);
            }
            event => push(&mut table, &mut out, event),
        }
    }
    out.extend(table.unwrap_or_default());
    out
}

/// An event to the held table if one is being read, else straight out.
fn push<'a>(table: &mut Option<Vec<Event<'a>>>, out: &mut Vec<Event<'a>>, event: Event<'a>) {
    match table {
        Some(held) => held.push(event),
        None => out.push(event),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser, html};

    fn rendered(markdown: &str) -> String {
        let mut out = String::new();
        html::push_html(
            &mut out,
            framed(Parser::new_ext(markdown, Options::ENABLE_TABLES)).into_iter(),
        );
        out
    }

    #[test]
    fn a_table_is_framed_and_named_by_its_header() {
        let out = rendered(
            "Before.\n\n| field | meaning |\n| --- | --- |\n| `rule` | the rule |\n\nAfter.\n",
        );
        assert!(out.contains(
            "<div class=\"prose-table\" role=\"region\" tabindex=\"0\" aria-label=\"Table: field, meaning\"><table>"
        ), "{out}");
        assert!(out.contains("</table>\n</div>\n<p>After.</p>"), "{out}");
        assert_eq!(out.matches("<table>").count(), 1);
        // Without a table nothing changes.
        assert_eq!(rendered("Just *prose*.\n"), "<p>Just <em>prose</em>.</p>\n");
    }
}
