//! A cheap look at the manifest's text before the YAML parser sees it.
//!
//! The parser (libyaml, through `serde_yaml_ng`) takes time quadratic in the
//! depth of nested flow collections: 100,000 `[` cost over a minute before
//! any limit of ours could apply. So the text is measured first, in one
//! linear pass: its size, and how deeply `[` and `{` nest. A real manifest
//! nests two or three levels; the limits are far above that and far below
//! where parsing gets slow.
//!
//! The scan reads quotes and comments as YAML does, closely enough for a
//! manifest: `[` and `{` open a level and `]` and `}` close one outside
//! quoted strings and comments. Every `[` and `{`, quoted or not, also counts
//! towards a total, which bounds the parse whatever a trick with quotes
//! could hide from the depth.

/// The largest manifest read, in bytes.
pub const MAX_BYTES: usize = 4 << 20;
/// The deepest nesting of `[` and `{` allowed.
pub const MAX_DEPTH: usize = 32;
/// The most `[` and `{` a manifest may hold in all.
pub const MAX_OPENERS: usize = 5_000;

/// Where the text first goes past a limit, as a 1-based line and column, and
/// why; `what` names the file in messages (`the manifest`).
pub fn check(source: &str, what: &str) -> Result<(), (usize, usize, String)> {
    if source.len() > MAX_BYTES {
        return Err((
            1,
            1,
            format!("{what} is larger than {MAX_BYTES} bytes, the most that is read"),
        ));
    }
    let mut depth = 0usize;
    let mut openers = 0usize;
    let mut quote: Option<char> = None;
    let mut previous = '\n';
    for (index, line) in source.split('\n').enumerate() {
        let mut escaped = false;
        for (column, c) in line.chars().enumerate() {
            let at = |message: String| Err((index + 1, column + 1, message));
            match (quote, c) {
                (Some('"'), '\\') if !escaped => {
                    escaped = true;
                    previous = c;
                    continue;
                }
                (Some(q), _) if c == q && !escaped => quote = None,
                (None, '"' | '\'') if starts_scalar(previous) => quote = Some(c),
                (None, '#') if previous.is_whitespace() => break,
                (_, '[' | '{') => {
                    openers += 1;
                    depth += usize::from(quote.is_none());
                    if depth > MAX_DEPTH {
                        return at(format!(
                            "collections nest more than {MAX_DEPTH} deep here; {what} needs two \
                             or three levels"
                        ));
                    }
                    if openers > MAX_OPENERS {
                        return at(format!("more than {MAX_OPENERS} `[` and `{{` in {what}"));
                    }
                }
                (None, ']' | '}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            escaped = false;
            if !c.is_whitespace() || quote.is_none() {
                previous = c;
            }
        }
        previous = '\n';
    }
    Ok(())
}

/// Whether a quote after `previous` (the last character outside spaces)
/// opens a quoted scalar rather than sitting inside a plain one.
fn starts_scalar(previous: char) -> bool {
    matches!(
        previous,
        '\n' | ' ' | '\t' | ':' | '-' | ',' | '[' | '{' | '?'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_manifest_passes() {
        let text = "figures:\n  - id: a\n    caption: \"Dawson's [game] {1,3}\" # it's [\n    expect: { rows: [[1, 2], [3]] }\n";
        assert_eq!(check(text, "the manifest"), Ok(()));
    }

    #[test]
    fn deep_flow_nesting_is_refused_where_it_goes_too_deep() {
        let text = format!("a: {}", "[".repeat(100_000));
        let (line, column, message) = check(&text, "the manifest").unwrap_err();
        assert_eq!((line, column), (1, 4 + MAX_DEPTH));
        assert!(message.contains("nest more than 32"), "{message}");
    }

    #[test]
    fn quoted_closers_cannot_hide_depth() {
        let text = format!("a: {}", "[ \"]\" ".repeat(100));
        assert!(check(&text, "the manifest").is_err());
        let text = format!("a: {}", "[ ']' ".repeat(100));
        assert!(check(&text, "the manifest").is_err());
        let text = "- caption: \"{1,3,4} and [2]\"\n".repeat(100);
        assert_eq!(
            check(&text, "the manifest"),
            Ok(()),
            "quoted brackets are not depth"
        );
    }

    #[test]
    fn many_flat_collections_are_bounded_too() {
        let text = "- []\n".repeat(MAX_OPENERS + 1);
        let (line, _, message) = check(&text, "the manifest").unwrap_err();
        assert_eq!(line, MAX_OPENERS + 1);
        assert!(message.contains("more than"), "{message}");
    }
}
