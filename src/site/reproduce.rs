//! Reproduce boxes: the command lines a reader may run, set apart from the
//! argument.
//!
//! A page writes them as a fenced block whose info string is `reproduce`:
//!
//! ````markdown
//! ```reproduce
//! ladder seq pass:2,7
//! ```
//! ````
//!
//! and the page shows an `<aside class="reproduce">` headed "Reproduce",
//! the lines kept verbatim (escaped) in a `<pre><code>`. The prose then never
//! carries a command line: it says what the figure or the number is, and the
//! box says how to get it again.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};

/// The info string that makes a fenced block a reproduce box.
pub const INFO: &str = "reproduce";

/// The events with every `reproduce` block made a box; all else untouched.
pub fn boxes<'a>(events: impl IntoIterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    let mut lines: Option<String> = None;
    for event in events {
        match (&mut lines, event) {
            (None, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))))
                if info.trim() == INFO =>
            {
                lines = Some(String::new());
            }
            (Some(text), Event::Text(t)) => text.push_str(&t),
            (Some(_), Event::End(TagEnd::CodeBlock)) => {
                let text = lines.take().unwrap_or_default();
                out.push(Event::Html(CowStr::from(html(&text))));
            }
            (Some(_), _) => {}
            (None, event) => out.push(event),
        }
    }
    out
}

/// The box's HTML for the block's text.
fn html(text: &str) -> String {
    let mut escaped = Vec::new();
    tera::escape_html(text.trim_end_matches('\n'), &mut escaped)
        .expect("writing into a Vec cannot fail");
    let code = String::from_utf8(escaped).expect("escaping keeps UTF-8");
    format!(
        "<aside class=\"reproduce\">\n<p class=\"reproduce-title\">Reproduce</p>\n\
         <pre><code>{code}\n</code></pre>\n</aside>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Parser, html};

    fn rendered(markdown: &str) -> String {
        let mut out = String::new();
        html::push_html(&mut out, boxes(Parser::new(markdown)).into_iter());
        out
    }

    #[test]
    fn a_reproduce_block_is_a_box_headed_reproduce() {
        let page = "The pair's period.\n\n```reproduce\nladder seq pass:2,7\nladder value sub:3,8 1000000 --explain\n```\n\nThen <more>.\n";
        assert_eq!(
            rendered(page),
            "<p>The pair's period.</p>\n\
             <aside class=\"reproduce\">\n<p class=\"reproduce-title\">Reproduce</p>\n\
             <pre><code>ladder seq pass:2,7\nladder value sub:3,8 1000000 --explain\n</code></pre>\n</aside>\n\
             <p>Then <more>.</p>\n"
        );
    }

    #[test]
    fn its_text_is_escaped_and_other_code_blocks_stay_code() {
        let page =
            "```reproduce\nladder seq 'a<b' && echo \"x\"\n```\n\n```sh\nladder build\n```\n";
        let out = rendered(page);
        assert!(
            out.contains("<pre><code>ladder seq &#39;a&lt;b&#39; &amp;&amp; echo &quot;x&quot;\n</code></pre>"),
            "{out}"
        );
        assert!(
            out.ends_with("<pre><code class=\"language-sh\">ladder build\n</code></pre>\n"),
            "{out}"
        );
        assert_eq!(out.matches("class=\"reproduce\"").count(), 1);
    }
}
