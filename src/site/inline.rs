//! Short texts with `$…$` formulas outside the Markdown pages: figure
//! captions (`figures.yaml`) and the range notes the figures compute.
//!
//! A caption is shown twice: in the page's `<figcaption>`, where its
//! formulas become MathML like the prose's, and in the SVG's `<title>` and
//! `<desc>` (and the image's `alt`), which hold text only. There a formula is
//! read as plain text, the LaTeX with its commands spelt as the signs they
//! stand for (`\le` as ≤) and its braces and dollars dropped; the caller
//! escapes it, so a formula never becomes markup in the SVG.

use super::math;

/// The text as HTML: its plain parts escaped, its formulas as inline MathML.
/// A formula that does not parse, or a `$` left open, is an error.
pub fn to_html(text: &str) -> Result<String, String> {
    let parts: Vec<&str> = text.split('$').collect();
    if parts.len().is_multiple_of(2) {
        return Err(format!(
            "`{text}` opens a formula with `$` and never closes it"
        ));
    }
    let mut out = String::with_capacity(text.len());
    for (i, part) in parts.iter().enumerate() {
        if i.is_multiple_of(2) {
            out.push_str(&escape(part));
        } else {
            out.push_str(&math::to_mathml(part, false)?);
        }
    }
    Ok(out)
}

/// The commands a caption's formula may use, as the text they read as.
/// Any other command keeps its name without the backslash (`\sin` as
/// sin), or is dropped when a group follows (`\text{…}`, `\mathrm{…}`).
const COMMANDS: [(&str, &str); 16] = [
    ("\\le", "≤"),
    ("\\ge", "≥"),
    ("\\ne", "≠"),
    ("\\lfloor", "⌊"),
    ("\\rfloor", "⌋"),
    ("\\ldots", "…"),
    ("\\dots", "…"),
    ("\\cdot", "·"),
    ("\\times", "×"),
    ("\\oplus", "⊕"),
    ("\\bmod", "mod"),
    ("\\{", "{"),
    ("\\}", "}"),
    ("\\,", " "),
    ("\\;", " "),
    ("\\ ", " "),
];

/// The text with each formula read as plain text (not yet escaped).
pub fn to_plain(text: &str) -> String {
    text.split('$')
        .enumerate()
        .map(|(i, part)| {
            if i.is_multiple_of(2) {
                part.to_string()
            } else {
                formula_text(part)
            }
        })
        .collect()
}

/// One formula as plain text: known commands as their signs, `-` as a
/// minus sign, grouping braces dropped, `^` kept with a group in
/// parentheses (`2^(x−r)`), `_` dropped (`n_0` as n0), a command before a
/// group (`\text{…}`) dropped.
fn formula_text(latex: &str) -> String {
    let mut out = String::new();
    // For each open brace, whether it closes with a parenthesis.
    let mut groups = Vec::new();
    let mut rest = latex;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            '\\' => {
                let word: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
                let name = if word.is_empty() {
                    rest.chars().next().map(String::from).unwrap_or_default()
                } else {
                    word
                };
                rest = &rest[name.len()..];
                // Spaces around a sign stay (`1 \\le x` as 1 ≤ x), but not
                // inside an opening floor.
                if name == "lfloor" {
                    rest = rest.trim_start();
                }
                match COMMANDS.iter().find(|(command, _)| command[1..] == name) {
                    Some((_, sign)) => out.push_str(sign),
                    None if rest.starts_with('{') => {}
                    None => out.push_str(&name),
                }
            }
            // A subscript runs on (`g_{\\text{·07}}` as g·07), as before
            // formulas were written in LaTeX.
            '_' => {}
            '^' if rest.starts_with('{') => {
                out.push(c);
                out.push('(');
                groups.push(true);
                rest = &rest[1..];
            }
            '{' => groups.push(false),
            '}' => {
                if groups.pop() == Some(true) {
                    out.push(')');
                }
            }
            '-' => out.push('−'),
            other => out.push(other),
        }
    }
    out
}

/// Escapes plain text for HTML, as Tera's autoescape would.
fn escape(text: &str) -> String {
    let mut out = Vec::new();
    tera::escape_html(text, &mut out).expect("writing into a Vec cannot fail");
    String::from_utf8(out).expect("escaping keeps UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_without_math_is_escaped_text() {
        assert_eq!(to_html("Dawson's <b>").unwrap(), "Dawson&#39;s &lt;b&gt;");
        assert_eq!(to_plain("Dawson's <b>"), "Dawson's <b>");
    }

    #[test]
    fn a_caption_formula_is_mathml_in_html_and_text_in_plain() {
        let caption = r"Every pair $1 \le a < b \le 40$, blocks of $a + b$.";
        let html = to_html(caption).unwrap();
        assert!(html.starts_with("Every pair <math"), "{html}");
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
    fn markup_in_a_caption_formula_stays_text() {
        let caption = r"a $\operatorname{<script>}$ b";
        let html = to_html(caption).unwrap();
        assert!(!html.contains("<script"), "{html}");
        // The plain text keeps the characters; the SVG's writer escapes them.
        assert_eq!(to_plain(caption), "a <script> b");
    }

    #[test]
    fn an_open_or_broken_formula_is_an_error() {
        assert!(to_html("costs $5").is_err());
        assert!(to_html(r"a $\frac{1}$").is_err());
    }
}
