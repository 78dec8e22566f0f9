//! Text in a drawing without a font to measure it: safe over-estimates of
//! widths, superscripts, and notes wrapped to the room they have.

use plotters::style::RGBColor;

use super::{Anchor, Area, INK, MUTED, SMALL, TEXT, TITLE, label};

/// A figure's title line, in ink at the title size, from its left end.
pub fn title(area: &Area, text: &str, at: (i32, i32)) {
    label(area, text, at, TITLE, Anchor::Start, INK);
}

/// A heading inside a figure: an axis's title, a row's or a panel's name,
/// a legend's text; in ink at the text size.
pub fn heading(area: &Area, text: &str, at: (i32, i32), anchor: Anchor) {
    label(area, text, at, TEXT, anchor, INK);
}

/// A tick label, a heap number, a count beside a mark: quiet ink at the
/// smallest size.
pub fn tick(area: &Area, text: &str, at: (i32, i32), anchor: Anchor) {
    label(area, text, at, SMALL, anchor, MUTED);
}

/// The pitch of lines of text at `size` px: the size and a third.
pub fn line_pitch(size: u32) -> i32 {
    (size as i32 * 4 + 2) / 3
}

/// `text` broken at spaces into lines no wider than `width` px at `size`
/// px (by [`text_width`]); a word wider than `width` stands on its own line.
pub fn fit_lines(text: &str, size: u32, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if !current.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        } else {
            current = candidate;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A title that wraps to `width` px from `(x, y)` (the first line's centre
/// line); returns the y of the line after the last.
pub fn title_lines(area: &Area, text: &str, (x, y): (i32, i32), width: i32) -> i32 {
    let pitch = line_pitch(TITLE);
    let lines = fit_lines(text, TITLE, width);
    for (i, line) in lines.iter().enumerate() {
        title(area, line, (x, y + i as i32 * pitch));
    }
    y + lines.len() as i32 * pitch
}

/// A heading that wraps to `width` px from `(x, y)`, anchored at its
/// start; returns the y of the line after the last.
pub fn heading_lines(area: &Area, text: &str, (x, y): (i32, i32), width: i32) -> i32 {
    let pitch = line_pitch(TEXT);
    let lines = fit_lines(text, TEXT, width);
    for (i, line) in lines.iter().enumerate() {
        heading(area, line, (x, y + i as i32 * pitch), Anchor::Start);
    }
    y + lines.len() as i32 * pitch
}

/// A safe over-estimate of the width of `text` at `size` px in sans-serif:
/// plotters is built without fonts, so layouts that must not collide (tick
/// labels, a legend beside a bar) reserve this much.
pub fn text_width(text: &str, size: u32) -> i32 {
    (text.chars().count() as f64 * f64::from(size) * 0.6).ceil() as i32
}

/// `n` in Unicode superscript digits, for exponents in labels (`10⁶`).
pub fn superscript(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|d| match d {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}

/// Escapes text for SVG and HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes a note in lines of at most `width` pixels, breaking at spaces;
/// returns the y just below the last line. Glyphs are taken as 7 px wide
/// at 12 px, a safe over-estimate for sans-serif.
pub fn note(area: &Area, text: &str, at: (i32, i32), width: i32, color: RGBColor) -> i32 {
    let (x, mut y) = at;
    for line in wrap(text, (width / 7).max(10) as usize) {
        label(area, &line, (x, y), SMALL, Anchor::Start, color);
        y += 17;
    }
    y
}

/// Breaks `text` into lines of at most `columns` characters at spaces, its
/// `$…$` formulas read as plain text (a range note is also a figcaption's).
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in crate::plain::to_plain(text).split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > columns {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fit_their_width_and_keep_every_word() {
        let text =
            "·3F: period 6, saltus 3, from heap 0: observed: the saltus is not a power of two";
        for width in [80, 200, 358, 704] {
            let lines = fit_lines(text, TEXT, width);
            for line in &lines {
                assert!(
                    text_width(line, TEXT) <= width || !line.contains(' '),
                    "{width}: {line}"
                );
            }
            assert_eq!(lines.join(" "), text);
        }
        assert_eq!(fit_lines(text, TEXT, 10_000).len(), 1);
        assert_eq!(line_pitch(TEXT), 18);
    }

    #[test]
    fn superscripts_and_widths() {
        assert_eq!(superscript(0), "⁰");
        assert_eq!(superscript(1_234_567_890), "¹²³⁴⁵⁶⁷⁸⁹⁰");
        assert_eq!(text_width("10⁶", 13), 24);
    }
}
