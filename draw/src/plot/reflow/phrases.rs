//! Text broken between phrases, so that a title or a legend's line wrapped to a
//! phone's width breaks where a reader pauses and never inside a formula
//! (`r ≥ 7`, `a + b`), as breaking at every space would; and a grid too wide
//! for its width cut into blocks of columns set one above the other, each
//! with its own column labels, rather than shrunk below legible cells.

use std::ops::Range;

use super::super::text_width;

/// `phrases` joined by spaces into lines no wider than `width` px at `size`
/// px (by [`text_width`]), the second line on `indent` px narrower (it is
/// drawn indented), breaking only between phrases; a phrase wider than a
/// line on its own is broken between its words.
pub fn phrase_lines(
    phrases: &[impl AsRef<str>],
    size: u32,
    width: i32,
    indent: i32,
) -> Vec<String> {
    let room = |line: usize| if line == 0 { width } else { width - indent };
    let fits = |text: &str, line: usize| text_width(text, size) <= room(line);
    let mut lines: Vec<String> = Vec::new();
    for phrase in phrases {
        let phrase = phrase.as_ref();
        let words: Vec<&str> = if fits(phrase, lines.len()) {
            vec![phrase]
        } else {
            phrase.split_whitespace().collect()
        };
        for word in words {
            let last = lines.len().wrapping_sub(1);
            match lines.last_mut() {
                Some(line) if fits(&format!("{line} {word}"), last) => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
    }
    lines
}

/// `columns` columns cut into the fewest blocks of at most `most` each (a
/// block holds at least one), as even as they come, the longer ones first:
/// each block's range of column indices, in order.
pub fn column_blocks(columns: usize, most: usize) -> Vec<Range<usize>> {
    if columns == 0 {
        return Vec::new();
    }
    let count = columns.div_ceil(most.max(1));
    let (base, longer) = (columns / count, columns % count);
    let mut start = 0;
    (0..count)
        .map(|i| {
            let block = start..start + base + usize::from(i < longer);
            start = block.end;
            block
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::TEXT;

    #[test]
    fn lines_break_between_phrases_and_a_long_phrase_between_words() {
        let phrases = ["a b c", "d e"];
        let w = |t: &str| text_width(t, TEXT);
        let lines = |phrases: &[&str], width| phrase_lines(phrases, TEXT, width, 12);
        assert_eq!(lines(&phrases, w("a b c d e")), ["a b c d e"]);
        assert_eq!(lines(&phrases, w("a b c d")), ["a b c", "d e"]);
        // A second line is the indent narrower: "d e f" fits the first's
        // width but not its own, so it breaks between its words.
        assert_eq!(
            lines(&["a b c", "d e f"], w("a b c")),
            ["a b c", "d e", "f"]
        );
        assert_eq!(lines(&phrases, w("a b")), ["a b", "c", "d", "e"]);
        // Without an indent, "d e f" keeps its line.
        let flush = phrase_lines(&["a b c", "d e f"], TEXT, w("a b c"), 0);
        assert_eq!(flush, ["a b c", "d e f"]);
        assert!(lines(&[] as &[&str], 100).is_empty());
    }

    #[test]
    fn blocks_are_few_even_and_cover_every_column_once() {
        assert_eq!(column_blocks(41, 15), [0..14, 14..28, 28..41]);
        assert_eq!(column_blocks(19, 10), [0..10, 10..19]);
        assert_eq!(column_blocks(19, 19).len(), 1);
        assert_eq!(column_blocks(3, 0), [0..1, 1..2, 2..3]);
        assert!(column_blocks(0, 5).is_empty());
        for columns in 1..200 {
            for most in 1..60 {
                let blocks = column_blocks(columns, most);
                assert_eq!(blocks.len(), columns.div_ceil(most));
                assert_eq!(blocks[0].start, 0);
                assert_eq!(blocks.last().unwrap().end, columns);
                for pair in blocks.windows(2) {
                    assert_eq!(pair[0].end, pair[1].start);
                    assert!(pair[0].len() - pair[1].len() <= 1);
                }
                assert!(blocks.iter().all(|b| !b.is_empty() && b.len() <= most));
            }
        }
    }
}
