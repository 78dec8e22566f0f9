//! Text a message repeats back to its reader (a rule typed, a file's name,
//! a parser's quote of its input): control characters escaped, so it keeps
//! to its line and cannot move a terminal's cursor, and long text cut, so a
//! 100,000-character rule is not printed back whole. The engine's own
//! messages (a rule refused) and the command line's use these.

/// The most characters of found text a message repeats.
pub const MOST_CHARACTERS: usize = 80;

/// `text` with its control characters escaped.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Found text as a message repeats it: escaped, and cut after
/// [`MOST_CHARACTERS`] characters with the length of the rest said.
pub fn found(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(MOST_CHARACTERS).collect();
    let rest = chars.count();
    if rest == 0 {
        escaped(&head)
    } else {
        format!(
            "{}… ({} more characters)",
            escaped(&head),
            crate::numbers::grouped(rest as u64)
        )
    }
}

/// Words longer than this in a message are cut ([`message`]).
pub const LONGEST_WORD: usize = 200;

/// A message built from what a file holds (a parser's or a template
/// engine's, which quote the input): control characters but the newline
/// escaped, and each word of more than [`LONGEST_WORD`] characters cut as
/// [`found`] cuts text, so a 3 MB key is not printed back whole.
pub fn message(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().count() > LONGEST_WORD {
            out.push_str(&found(word));
        } else {
            out.push_str(&escaped(word));
        }
        word.clear();
    };
    for c in text.chars() {
        if c == '\n' || c == ' ' {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}
