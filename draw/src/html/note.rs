//! A figure's note as the page shows it: a paragraph under its tables for
//! what a table's cells cannot say (which class is the coalition's, why a
//! shape fails); `!` at the start marks a finding the eye should not miss,
//! shown in bold.

use ladder_engine::wording::typographic;

use super::inline;

/// Note `text` as a `<p class="figure-note">`, linking from a page `root`
/// below the site's top. A formula that does not render is an error for the
/// caller to locate.
pub fn to_html(text: &str, root: &str) -> Result<String, String> {
    let (text, marked) = match text.strip_prefix('!') {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    let html = inline::to_html(&typographic(text), root)?;
    Ok(if marked {
        format!("<p class=\"figure-note\"><strong>{html}</strong></p>")
    } else {
        format!("<p class=\"figure-note\">{html}</p>")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_is_bold_and_a_note_is_not() {
        assert_eq!(
            to_html("!The shape fails.", "").unwrap(),
            "<p class=\"figure-note\"><strong>The shape fails.</strong></p>"
        );
        assert_eq!(
            to_html("Two keys share a class.", "").unwrap(),
            "<p class=\"figure-note\">Two keys share a class.</p>"
        );
    }
}
