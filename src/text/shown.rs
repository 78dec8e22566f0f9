//! How a file's name, or a piece of what a file holds, appears in a message
//! for people: control characters escaped (a newline as `\n`, an escape as
//! `\u{1b}`), so a name cannot split a message over two lines or move the
//! terminal's cursor, and long text cut, so a message never repeats a
//! 100 MB line back at its reader.

use std::path::Path;

/// A path as a message names it: as given, its control characters escaped
/// (other characters, `\` and quotes included, as they are).
pub fn file(path: &Path) -> String {
    escaped(&path.to_string_lossy())
}

pub use ladder_engine::echo::{LONGEST_WORD, MOST_CHARACTERS, escaped, found, message};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_to_one_line() {
        assert_eq!(file(Path::new("a\nb.ckpt")), "a\\nb.ckpt");
        assert_eq!(file(Path::new("x\r\u{1b}[31m")), "x\\r\\u{1b}[31m");
        assert_eq!(file(Path::new("it's \"ok\" C:\\x")), "it's \"ok\" C:\\x");
        assert_eq!(file(Path::new("·6 – é")), "·6 – é");
    }

    #[test]
    fn a_message_keeps_its_lines_and_cuts_its_long_words() {
        assert_eq!(
            message("unknown field `a`\n  at x"),
            "unknown field `a`\n  at x"
        );
        assert_eq!(message("bad\r\u{1b}"), "bad\\r\\u{1b}");
        let long = format!("invalid type: string \"{}\"", "k".repeat(3_000_000));
        let shown = message(&long);
        assert!(shown.len() < 300, "{}", shown.len());
        assert!(shown.starts_with("invalid type: string \"kkk"), "{shown}");
        assert!(shown.ends_with("(2,999,922 more characters)"), "{shown}");
    }

    #[test]
    fn found_text_is_cut() {
        assert_eq!(found("short"), "short");
        let long = "x".repeat(100_000_000 / 1000);
        let shown = found(&long);
        assert!(shown.len() < 200, "{}", shown.len());
        assert!(shown.ends_with("… (99,920 more characters)"), "{shown}");
    }
}
