//! Mathematics in the content, `$…$` inline and `$$…$$` displayed, turned
//! into MathML at build time, so pages need no JavaScript and no fonts or
//! scripts from elsewhere. A formula that does not parse fails the build.

use super::formula_breaks;
use pulldown_cmark::{CowStr, Event};
use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::{self as latex, Content};
use pulldown_latex::{Parser, RenderConfig, Storage, push_mathml};

/// The characters that are markup in HTML, each with the stand-in it
/// travels as through pulldown-latex and the entity it becomes.
///
/// pulldown-latex escapes `\text{…}` but writes every other character as it
/// is: `\operatorname{<img src=x onerror=…>}` would be live markup, and
/// `\operatorname{a<b}` would break the page. So every such character the
/// parser hands back is swapped for a private-use stand-in before the
/// MathML is written, and the stand-ins become entities after, leaving every
/// `<` in the output one that pulldown-latex wrote as a tag.
const STAND_INS: [(char, char, &str); 4] = [
    ('<', '\u{F8F0}', "&lt;"),
    ('>', '\u{F8F1}', "&gt;"),
    ('&', '\u{F8F2}', "&amp;"),
    ('"', '\u{F8F3}', "&quot;"),
];

fn stand_in(c: char) -> char {
    STAND_INS
        .iter()
        .find(|(markup, _, _)| *markup == c)
        .map_or(c, |(_, stand_in, _)| *stand_in)
}

/// The text with its markup characters swapped, when it has any.
fn stand_in_text(text: &str) -> Option<String> {
    text.contains(['<', '>', '&', '"'])
        .then(|| text.chars().map(stand_in).collect())
}

/// One event with every markup character of its content swapped; `owned`
/// holds the swapped text of string contents (see [`stand_in_text`]).
fn stand_in_event<'a>(event: latex::Event<'a>, owned: Option<&'a str>) -> latex::Event<'a> {
    let content = match event {
        latex::Event::Content(content) => content,
        other => return other,
    };
    latex::Event::Content(match content {
        Content::Text(text) => Content::Text(owned.unwrap_or(text)),
        Content::Number(text) => Content::Number(owned.unwrap_or(text)),
        Content::Function(text) => Content::Function(owned.unwrap_or(text)),
        Content::Ordinary { content, stretchy } => Content::Ordinary {
            content: stand_in(content),
            stretchy,
        },
        Content::LargeOp { content, small } => Content::LargeOp {
            content: stand_in(content),
            small,
        },
        Content::BinaryOp { content, small } => Content::BinaryOp {
            content: stand_in(content),
            small,
        },
        Content::Delimiter { content, size, ty } => Content::Delimiter {
            content: stand_in(content),
            size,
            ty,
        },
        Content::Punctuation(c) => Content::Punctuation(stand_in(c)),
        relation @ Content::Relation { .. } => relation,
    })
}

/// Renders one formula as a `<math>` element.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, String> {
    if let Some(c) = latex
        .chars()
        .find(|c| STAND_INS.iter().any(|(_, stand_in, _)| stand_in == c))
    {
        return Err(format!(
            "the formula `{latex}` holds U+{:04X}, a private-use character ladder reserves",
            u32::from(c)
        ));
    }
    let storage = Storage::new();
    let events: Vec<_> = Parser::new(latex, &storage).collect();
    if let Some(Err(e)) = events.iter().find(|e| e.is_err()) {
        return Err(format!("cannot read the formula `{latex}`: {e}"));
    }
    let texts: Vec<Option<String>> = events
        .iter()
        .map(|event| match event {
            // pulldown-latex hands a control space (`\ `, `~`) back as the
            // text `&nbsp;` and then escapes it (see below).
            Ok(latex::Event::Content(Content::Text("&nbsp;"))) => None,
            Ok(latex::Event::Content(
                Content::Text(text) | Content::Number(text) | Content::Function(text),
            )) => stand_in_text(text),
            _ => None,
        })
        .collect();
    let swapped = events
        .into_iter()
        .zip(&texts)
        .map(|(event, text)| event.map(|e| stand_in_event(e, text.as_deref())));
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(&mut out, swapped, config).map_err(|e| e.to_string())?;
    // Every `&` of the formula's own text is a stand-in here, so an escaped
    // `&nbsp;` is a control space, spelt out by pulldown-latex: a space.
    let out = out.replace("&amp;nbsp;", "&#160;");
    if out.contains("<merror") {
        return Err(format!("cannot read the formula `{latex}`"));
    }
    let mut out = escape_text(&out).replace("&nbsp;", "&#160;");
    for (_, stand_in, entity) in STAND_INS {
        out = out.replace(stand_in, entity);
    }
    Ok(out)
}

/// pulldown-latex writes relations such as `<` into the markup as they are
/// (`<mo><</mo>`); escape every `<` or `>` that does not open or close a tag.
/// (Every other markup character from the formula arrives as a stand-in.)
fn escape_text(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut in_tag = false;
    let mut chars = markup.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' if !in_tag
                && chars
                    .peek()
                    .is_some_and(|n| n.is_ascii_alphabetic() || *n == '/') =>
            {
                in_tag = true;
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' if in_tag => {
                in_tag = false;
                out.push(c);
            }
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// A formula that does not render: its LaTeX, to find it in the source,
/// and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormulaError {
    pub latex: String,
    pub message: String,
}

/// Punctuation that closes a phrase: it never begins a line, so it stays on
/// the line of a formula it follows.
const CLOSING: &[char] = &['.', ',', ';', ':', '!', '?', ')', ']', '}', '’', '”', '…'];
/// Punctuation that opens a phrase: it never ends a line, so it stays on the
/// line of a formula it precedes.
const OPENING: &[char] = &['(', '[', '{', '‘', '“'];

/// Splits the text beside formulas into the closing punctuation it starts
/// with (kept with a formula before it), the rest, and the opening
/// punctuation it ends with (kept with a formula after it). The two sets share
/// no character, so the three parts never overlap.
///
/// A browser may break a line between a formula and the character after it
/// (it treats a `<math>` as one box, like an image), which would start a line
/// with "; …". Wrapping the formula and its punctuation in one
/// `<span class="nowrap">` ([`glued`]) keeps them together.
pub fn split_punctuation(text: &str, after: bool, before: bool) -> (&str, &str, &str) {
    let start = if after {
        text.find(|c| !CLOSING.contains(&c)).unwrap_or(text.len())
    } else {
        0
    };
    let rest = &text[start..];
    let end = if before {
        rest.trim_end_matches(OPENING).len()
    } else {
        rest.len()
    };
    (&text[..start], &rest[..end], &rest[end..])
}

/// A formula with the punctuation either side of it, in one span that does
/// not break; the formula alone when there is none. The punctuation comes
/// from [`split_punctuation`], none of it markup.
pub fn glued(opening: &str, mathml: &str, closing: &str) -> String {
    if opening.is_empty() && closing.is_empty() {
        return mathml.to_string();
    }
    format!("<span class=\"nowrap\">{opening}{mathml}{closing}</span>")
}

/// Replaces the Markdown parser's math events by MathML, each inline formula
/// glued to the punctuation beside it (see [`split_punctuation`]).
pub fn render_events<'a>(
    events: impl Iterator<Item = Event<'a>>,
) -> Result<Vec<Event<'a>>, FormulaError> {
    let render = |latex: &str, display| {
        to_mathml(latex, display).map_err(|message| FormulaError {
            latex: latex.to_string(),
            message,
        })
    };
    let mut out: Vec<Event<'a>> = Vec::new();
    let mut events = events.peekable();
    while let Some(event) = events.next() {
        match event {
            Event::InlineMath(latex) => {
                // A long formula in parts, each its own box (see
                // `formula_breaks`); the punctuation glued to the first and
                // the last.
                let parts = formula_breaks::parts(&latex)
                    .into_iter()
                    .map(|part| render(part, false))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut opening = String::new();
                if let Some(Event::Text(text)) = out.last_mut() {
                    let (_, rest, open) = split_punctuation(text, false, true);
                    if !open.is_empty() {
                        opening = open.to_string();
                        *text = CowStr::from(rest.to_string());
                    }
                }
                let mut closing = String::new();
                let mut after = None;
                if let Some(Event::Text(text)) = events.peek() {
                    let (close, rest, _) = split_punctuation(text, true, false);
                    if !close.is_empty() {
                        closing = close.to_string();
                        after = Some(rest.to_string());
                    }
                }
                if after.is_some() {
                    events.next();
                }
                let html = match parts.as_slice() {
                    [one] => glued(&opening, one, &closing),
                    [first, middle @ .., last] => {
                        let mut html = glued(&opening, first, "");
                        for part in middle {
                            html.push_str("<wbr>");
                            html.push_str(part);
                        }
                        html.push_str("<wbr>");
                        html.push_str(&glued("", last, &closing));
                        html
                    }
                    [] => String::new(),
                };
                out.push(Event::InlineHtml(CowStr::from(html)));
                if let Some(rest) = after.filter(|r| !r.is_empty()) {
                    out.push(Event::Text(CowStr::from(rest)));
                }
            }
            Event::DisplayMath(latex) => {
                out.push(Event::InlineHtml(CowStr::from(render(&latex, true)?)));
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml() {
        let m = to_mathml("(m+1)^m", false).unwrap();
        assert!(m.starts_with("<math") && m.contains("<msup>"), "{m}");
        assert!(
            to_mathml("g(n+p)=g(n)", true)
                .unwrap()
                .contains("display=\"block\"")
        );
    }

    #[test]
    fn comparison_signs_are_escaped() {
        let m = to_mathml("1 \\le a < b > 0", false).unwrap();
        assert!(
            m.contains("<mo>&lt;</mo>") && m.contains("<mo>&gt;</mo>"),
            "{m}"
        );
        assert!(
            to_mathml("\\text{if } k", false)
                .unwrap()
                .contains("if&#160;")
        );
    }

    #[test]
    fn markup_in_a_formula_stays_text() {
        let m = to_mathml(r"\operatorname{<img src=x onerror=alert(1)>}", false).unwrap();
        assert!(!m.contains("<img"), "{m}");
        assert!(m.contains("&lt;img src=x onerror=alert(1)&gt;"), "{m}");
        let m = to_mathml(r"\operatorname{a<b}", false).unwrap();
        assert!(m.contains("a&lt;b"), "{m}");
        let m = to_mathml(r#"\operatorname{x&y"z}"#, false).unwrap();
        assert!(m.contains("x&amp;y&quot;z"), "{m}");
        // Every `<` left is a tag pulldown-latex wrote.
        for m in [
            to_mathml(r"\operatorname{<math><mi onclick=1>}", true).unwrap(),
            to_mathml(r"\mathrm{<b>} \text{<i>} a < b", false).unwrap(),
        ] {
            for tag in m.split('<').skip(1) {
                let name: String = tag
                    .trim_start_matches('/')
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                assert!(
                    name.starts_with('m') || name == "semantics" || name == "annotation",
                    "{name} in {m}"
                );
            }
            assert!(!m.contains("onclick=1>"), "{m}");
        }
    }

    #[test]
    fn a_broken_formula_is_an_error() {
        assert!(to_mathml(r"\frac{1}", false).is_err());
    }

    #[test]
    fn a_control_space_is_a_space() {
        for latex in [r"i,\ e", "i,~e"] {
            let m = to_mathml(latex, false).unwrap();
            assert!(m.contains("<mtext>&#160;</mtext>"), "{m}");
            assert!(!m.contains("&amp;"), "{m}");
        }
        // Text that only spells the entity stays text.
        let m = to_mathml(r"\text{a&nbsp;b}", false).unwrap();
        assert!(m.contains("a&amp;nbsp;b"), "{m}");
    }

    fn page(markdown: &str) -> String {
        let parser = pulldown_cmark::Parser::new_ext(
            markdown,
            pulldown_cmark::Options::ENABLE_MATH
                | pulldown_cmark::Options::ENABLE_SMART_PUNCTUATION,
        );
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, render_events(parser).unwrap().into_iter());
        html
    }

    #[test]
    fn punctuation_after_a_formula_stays_on_its_line() {
        let html = page("from $n_0$; then $p$, and ($t$ the take).");
        let x = to_mathml("n_0", false).unwrap();
        assert!(
            html.contains(&format!("from <span class=\"nowrap\">{x};</span> then")),
            "{html}"
        );
        let p = to_mathml("p", false).unwrap();
        assert!(
            html.contains(&format!("<span class=\"nowrap\">{p},</span> and")),
            "{html}"
        );
        let t = to_mathml("t", false).unwrap();
        assert!(
            html.contains(&format!(
                "and <span class=\"nowrap\">({t}</span> the take)."
            )),
            "{html}"
        );
        // A formula followed by a space, a word, or the end of a paragraph is left alone.
        let plain = page("a $p$ b $p$");
        assert!(!plain.contains("nowrap"), "{plain}");
        // Punctuation right after a formula is always the end of its span.
        for (at, _) in html.match_indices("</math>") {
            let next = &html[at + "</math>".len()..];
            let (close, _, _) = split_punctuation(next, true, false);
            assert!(
                close.is_empty() || next[close.len()..].starts_with("</span>"),
                "punctuation outside a formula's span: {next}"
            );
        }
    }

    #[test]
    fn punctuation_is_split_at_either_end() {
        assert_eq!(
            split_punctuation("), and (", true, true),
            ("),", " and ", "(")
        );
        assert_eq!(split_punctuation(";", true, true), (";", "", ""));
        assert_eq!(split_punctuation(")(", true, true), (")", "", "("));
        assert_eq!(split_punctuation(", b (", false, false), ("", ", b (", ""));
        assert_eq!(glued("", "<math/>", ""), "<math/>");
    }
}
