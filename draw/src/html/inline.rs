//! Short texts with `$…$` formulas outside the Markdown pages: figure
//! captions (`figures.yaml`) and the range notes, notes and table cells the
//! figures compute. A theorem they name links to its statement, as in the
//! pages ([`super::theorems`]).
//!
//! A caption is shown twice: in the page's `<figcaption>`, where its
//! formulas become MathML like the prose's, and in the SVG's `<title>` and
//! `<desc>` (and the image's `alt`), which hold text only. There a formula is
//! read as plain text, the LaTeX with its commands spelt as the signs they
//! stand for (`\le` as ≤) and its braces and dollars dropped; the caller
//! escapes it, so a formula never becomes markup in the SVG.

use super::{math, theorems};

/// The text as HTML: its plain parts escaped (a theorem named there linked
/// from a page `root` below the site's top, `""` or `"../"`), its formulas
/// as inline MathML. A formula that does not parse, or a `$` left open, is
/// an error.
pub fn to_html(text: &str, root: &str) -> Result<String, String> {
    let parts: Vec<&str> = text.split('$').collect();
    if parts.len().is_multiple_of(2) {
        return Err(format!(
            "`{text}` opens a formula with `$` and never closes it"
        ));
    }
    // Each text part split into the punctuation that stays with the formula
    // before it, its own text, and the punctuation that stays with the one after.
    let last = parts.len() - 1;
    let texts: Vec<(&str, &str, &str)> = parts
        .iter()
        .step_by(2)
        .enumerate()
        .map(|(j, part)| math::split_punctuation(part, j > 0, 2 * j < last))
        .collect();
    let mut out = String::with_capacity(text.len());
    for (i, part) in parts.iter().enumerate() {
        let j = i / 2;
        if i.is_multiple_of(2) {
            out.push_str(&theorems::link_text(texts[j].1, root, escape));
        } else {
            let mathml = math::to_mathml(part, false)?;
            out.push_str(&math::glued(
                &escape(texts[j].2),
                &mathml,
                &escape(texts[j + 1].0),
            ));
        }
    }
    Ok(out)
}

/// Escapes plain text for HTML as the site's templates (Tera's autoescape)
/// do, byte for byte: `&`, `<`, `>`, `"` and `'`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::to_plain;

    #[test]
    fn a_caption_without_math_is_escaped_text() {
        assert_eq!(
            to_html("Dawson's <b>", "").unwrap(),
            "Dawson&#39;s &lt;b&gt;"
        );
        assert_eq!(to_plain("Dawson's <b>"), "Dawson's <b>");
    }

    #[test]
    fn a_caption_formula_is_mathml_in_html_and_text_in_plain() {
        let caption = r"Every pair $1 \le a < b \le 40$, blocks of $a + b$.";
        let html = to_html(caption, "").unwrap();
        assert!(
            html.starts_with("Every pair <span class=\"nowrap\"><math"),
            "{html}"
        );
        assert!(
            html.contains("<mo>&lt;</mo>") && html.contains("<mi>b</mi>"),
            "{html}"
        );
        assert_eq!(
            to_plain(caption),
            "Every pair 1 ≤ a < b ≤ 40, blocks of a + b."
        );
        assert_eq!(
            to_plain(r"$m = \lfloor q/2\rfloor$ and $\{2, b\}$, $2^{x-r}$"),
            "m = ⌊q/2⌋ and {2, b}, 2^(x−r)"
        );
    }

    #[test]
    fn a_caption_keeps_punctuation_with_its_formula() {
        let html = to_html(r"Pairs ($x < y$), then $N$; done $p$.", "").unwrap();
        let xy = math::to_mathml("x < y", false).unwrap();
        let n = math::to_mathml("N", false).unwrap();
        let p = math::to_mathml("p", false).unwrap();
        assert_eq!(
            html,
            format!(
                "Pairs <span class=\"nowrap\">({xy}),</span> then \
                 <span class=\"nowrap\">{n};</span> done <span class=\"nowrap\">{p}.</span>"
            )
        );
        assert_eq!(
            to_plain(r"Pairs ($x < y$), then $N$;"),
            "Pairs (x < y), then N;"
        );
    }

    #[test]
    fn markup_in_a_caption_formula_stays_text() {
        let caption = r"a $\operatorname{<script>}$ b";
        let html = to_html(caption, "").unwrap();
        assert!(!html.contains("<script"), "{html}");
        // The plain text keeps the characters; the SVG's writer escapes them.
        assert_eq!(to_plain(caption), "a <script> b");
    }

    #[test]
    fn an_open_or_broken_formula_is_an_error() {
        assert!(to_html("costs $5", "").is_err());
        assert!(to_html(r"a $\frac{1}$", "").is_err());
    }

    #[test]
    fn a_theorem_named_in_a_caption_links_to_its_statement() {
        let html = to_html("certified (Theorem C⁺) from $n_0$", "../").unwrap();
        assert!(
            html.starts_with(
                "certified (<a href=\"../proofs.html#theorem-c-plus\">Theorem C⁺</a>) from "
            ),
            "{html}"
        );
        assert_eq!(to_plain("certified (Theorem C⁺)"), "certified (Theorem C⁺)");
    }
}
