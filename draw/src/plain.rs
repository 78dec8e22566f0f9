//! A short text's formulas read as plain text, for the places that hold
//! text only: an SVG's `<title>` and `<desc>`, an image's `alt`, a table's
//! CSV. The LaTeX is spelt as the signs it stands for (`\le` as ≤), its
//! braces and dollars dropped; the caller escapes the result, so a formula
//! never becomes markup. (The page's own rendering, to MathML, is
//! `crate::site::inline`.)

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_before_a_group_and_a_subscript_are_dropped() {
        assert_eq!(to_plain(r"$g_{\text{·07}}(n) \ne 0$"), "g·07(n) ≠ 0");
        assert_eq!(to_plain(r"$n_0 \cdot p$, $-1$"), "n0 · p, −1");
    }
}
