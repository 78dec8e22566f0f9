//! Mathematics in the content, `$…$` inline and `$$…$$` displayed, turned
//! into MathML at build time, so pages need no JavaScript and no fonts or
//! scripts from elsewhere. A formula that does not parse fails the build.

use pulldown_cmark::{CowStr, Event};
use pulldown_latex::config::DisplayMode;
use pulldown_latex::{Parser, RenderConfig, Storage, push_mathml};

/// Renders one formula as a `<math>` element.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, String> {
    let storage = Storage::new();
    let parser = Parser::new(latex, &storage);
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(&mut out, parser, config).map_err(|e| e.to_string())?;
    if out.contains("<merror") {
        return Err(format!("cannot read the formula `{latex}`"));
    }
    Ok(escape_text(&out).replace("&nbsp;", "&#160;"))
}

/// pulldown-latex writes operators such as `<` into the markup as they are
/// (`<mo><</mo>`); escape every `<` or `>` that does not open or close a tag.
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

/// Replaces the Markdown parser's math events by MathML.
pub fn render_events<'a>(
    events: impl Iterator<Item = Event<'a>>,
) -> Result<Vec<Event<'a>>, String> {
    events
        .map(|event| match event {
            Event::InlineMath(latex) => {
                Ok(Event::InlineHtml(CowStr::from(to_mathml(&latex, false)?)))
            }
            Event::DisplayMath(latex) => {
                Ok(Event::InlineHtml(CowStr::from(to_mathml(&latex, true)?)))
            }
            other => Ok(other),
        })
        .collect()
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
    fn a_broken_formula_is_an_error() {
        assert!(to_mathml(r"\frac{1}", false).is_err());
    }
}
