//! A long proof on a phone: its first paragraph, then a box that shows the
//! rest. The proofs page is most of its height in proofs (7,000 words),
//! and a reader on a phone who came for a theorem's statement scrolls past
//! screens of induction; one who came for the proof ticks the box. The
//! page writes a proof as `<div class="proof">` (a blank line after it, so
//! the Markdown inside is read) and this puts the box after its first
//! paragraph; the stylesheet hides what follows it on a phone until the
//! box is ticked, and shows neither box nor fold on a wider screen or on
//! paper. No script: the box's state is the page's.

use pulldown_cmark::{CowStr, Event, TagEnd};

/// The opening a proof is written with.
const OPENING: &str = "<div class=\"proof\">";

/// The events with a box after the first paragraph of each proof.
pub fn folded<'a>(events: impl IntoIterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    let (mut proofs, mut waiting) = (0, false);
    for event in events {
        let opens = matches!(&event, Event::Html(html) if html.trim() == OPENING);
        let ends_paragraph = matches!(event, Event::End(TagEnd::Paragraph));
        out.push(event);
        if opens {
            proofs += 1;
            waiting = true;
        } else if waiting && ends_paragraph {
            waiting = false;
            out.push(Event::Html(CowStr::from(format!(
                "<input type=\"checkbox\" class=\"fold\" id=\"proof-{proofs}\">\
                 <label for=\"proof-{proofs}\">Show the whole proof</label>\n"
            ))));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Parser, html};

    fn render(markdown: &str) -> String {
        let mut out = String::new();
        html::push_html(&mut out, folded(Parser::new(markdown)).into_iter());
        out
    }

    #[test]
    fn each_proof_gets_a_box_after_its_first_paragraph() {
        let html = render(
            "Before.\n\n<div class=\"proof\">\n\n**Proof.** One.\n\n1. Two.\n\nThree. ∎\n\n</div>\n\n\
             After.\n\n<div class=\"proof\">\n\nAgain.\n\n</div>\n",
        );
        assert_eq!(
            html,
            "<p>Before.</p>\n<div class=\"proof\">\n<p><strong>Proof.</strong> One.</p>\n\
             <input type=\"checkbox\" class=\"fold\" id=\"proof-1\"><label for=\"proof-1\">Show \
             the whole proof</label>\n<ol>\n<li>Two.</li>\n</ol>\n<p>Three. ∎</p>\n</div>\n\
             <p>After.</p>\n<div class=\"proof\">\n<p>Again.</p>\n<input type=\"checkbox\" \
             class=\"fold\" id=\"proof-2\"><label for=\"proof-2\">Show the whole proof</label>\n\
             </div>\n"
        );
    }

    #[test]
    fn a_page_without_proofs_is_untouched() {
        assert_eq!(
            render("A.\n\n<div class=\"statement\">\n\nB.\n\n</div>\n"),
            "<p>A.</p>\n<div class=\"statement\">\n<p>B.</p>\n</div>\n"
        );
    }
}
