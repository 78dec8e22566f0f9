//! Where a long inline formula may break across lines.
//!
//! A browser lays a `<math>` out as one unbreakable box, so a formula as
//! long as `n_0 \le n < K(n_0 - 1) + (K - 1)p + t + 1` is wider than a
//! 320 px phone's column and pushes the page sideways. Such a formula is
//! cut after each relation at its top level (outside every bracket), as a
//! typesetter breaks a long formula, and each part is its own `<math>`; the
//! line may then break between them. A short formula stays whole.

/// Formulas shorter than this, in characters of LaTeX, stay whole: their
/// width is well under the narrowest column at the prose's size.
const LONG: usize = 16;

/// The relations a line may break after.
const RELATIONS: &[&str] = &[
    "\\le", "\\leq", "\\ge", "\\geq", "\\ne", "\\neq", "\\equiv", "\\approx", "\\in",
];

/// `latex` cut after each top-level relation, each part with its relation
/// at its end; the whole formula, alone, when it is short or has none.
pub fn parts(latex: &str) -> Vec<&str> {
    if latex.chars().count() < LONG {
        return vec![latex];
    }
    let bytes = latex.as_bytes();
    let mut cuts = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < bytes.len() {
        let rest = &latex[i..];
        let command_len = command(rest);
        let after = if command_len > 0 {
            let name = &rest[..command_len];
            match name {
                "\\left" | "\\{" => depth += 1,
                "\\right" | "\\}" => depth -= 1,
                _ => {}
            }
            let relation = depth == 0 && RELATIONS.contains(&name);
            i += command_len;
            relation
        } else {
            // A whole character: a formula may hold `≤` or `·`, and `rest`
            // must start on a character's boundary.
            let c = rest.chars().next().unwrap_or(' ');
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
            i += c.len_utf8();
            depth == 0 && matches!(c, '=' | '<' | '>')
        };
        if after {
            // The space after the relation goes with it.
            while i < bytes.len() && bytes[i] == b' ' {
                i += 1;
            }
            if i < bytes.len() {
                cuts.push(i);
            }
        }
    }
    let mut out = Vec::new();
    let mut start = 0;
    for cut in cuts {
        out.push(&latex[start..cut]);
        start = cut;
    }
    out.push(&latex[start..]);
    out
}

/// The length of the command `\name` (or `\` and one symbol) at the start
/// of `text`; 0 when it does not start with a backslash.
fn command(text: &str) -> usize {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, '\\')) => {}
        _ => return 0,
    }
    match chars.next() {
        Some((_, c)) if c.is_ascii_alphabetic() => text[1..]
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(text.len(), |end| end + 1),
        Some((at, c)) => at + c.len_utf8(),
        None => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_formula_breaks_after_its_top_level_relations() {
        assert_eq!(
            parts("n_0 \\le n < K(n_0 - 1) + (K - 1)p + t + 1"),
            vec!["n_0 \\le ", "n < ", "K(n_0 - 1) + (K - 1)p + t + 1"]
        );
        assert_eq!(
            parts("(n + p - j)/k \\ge (W + p - t)/K"),
            vec!["(n + p - j)/k \\ge ", "(W + p - t)/K"]
        );
    }

    #[test]
    fn a_short_formula_or_a_relation_inside_brackets_stays_whole() {
        assert_eq!(parts("a \\le b"), vec!["a \\le b"]);
        assert_eq!(
            parts("\\{n : n < 100000 \\text{ and } m = 2\\}"),
            vec!["\\{n : n < 100000 \\text{ and } m = 2\\}"]
        );
        assert_eq!(
            parts("g\\left(n = 1000000 + p\\right)"),
            vec!["g\\left(n = 1000000 + p\\right)"]
        );
        // \left and \leq are not \le; a relation at the end cuts nothing.
        assert_eq!(
            parts("\\left(a\\right) \\leq bbbbbbbbbbbb ="),
            vec!["\\left(a\\right) \\leq ", "bbbbbbbbbbbb ="]
        );
    }

    #[test]
    fn characters_past_ascii_are_stepped_over_whole() {
        assert_eq!(
            parts("·137 ≤ n = 2·3·4·5·6·7·8·9 ≤ g(n)"),
            vec!["·137 ≤ n = ", "2·3·4·5·6·7·8·9 ≤ g(n)"]
        );
    }

    #[test]
    fn the_parts_are_the_whole_formula() {
        for latex in [
            "x = y = z + 1000000000",
            "\\alpha \\in S, \\beta \\ne \\gamma + 1",
        ] {
            assert_eq!(parts(latex).concat(), latex);
        }
    }
}
