//! Reflowing a figure for a narrower width instead of shrinking it: rows
//! of cells cut into lines of equal length (the last no stub), strips of
//! several rules cut at the same places so that cells standing one above
//! the other on a desktop still do on a phone ([`Strips`]), a raster's
//! columns stacked in bands ([`Bands`]), grids cut into blocks of columns
//! and text broken between phrases or clauses (`phrases`), the triangle
//! of pairs in bands of columns ([`PairBands`]), titles fitted to the
//! width ([`Title`]).

mod bands;
mod phrases;
mod strips;
mod triangle;

pub use bands::Bands;
pub use phrases::{column_blocks, phrase_lines};
pub use strips::{Strip, Strips};
pub use triangle::{BAND_CELL, LEAST_WHOLE, PHONE_MARGIN, PairBands, phone_title};

use super::{Area, TITLE, fit_lines, line_pitch, text_width, title};

/// How many of `cells` cells of side `cell` go to a line `room` px wide:
/// all of them when they fit, else as many lines as needed, as even as
/// they can be (29 in 13 to a line: three lines of 10, not 13, 13, 3).
pub fn per_line(cells: usize, room: i32, cell: i32) -> usize {
    let fit = (room / cell.max(1)).max(1) as usize;
    let lines = cells.div_ceil(fit).max(1);
    cells.div_ceil(lines).max(1)
}

/// `text` at `size` px in lines of at most `room` px, broken between its
/// clauses (after `: ` or `; `) where it can be, so a line holds whole
/// clauses, and at spaces inside a clause too long for a line.
pub fn clause_lines(text: &str, size: u32, room: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for clause in text
        .split_inclusive(": ")
        .flat_map(|c| c.split_inclusive("; "))
    {
        let joined = format!("{current}{clause}");
        if text_width(joined.trim_end(), size) <= room {
            current = joined;
            continue;
        }
        if !current.trim_end().is_empty() {
            lines.push(current.trim_end().to_string());
        }
        let mut parts = fit_lines(clause, size, room);
        current = parts.pop().map_or(String::new(), |last| last + " ");
        lines.extend(parts);
    }
    if !current.trim_end().is_empty() {
        lines.push(current.trim_end().to_string());
    }
    lines
}

/// A figure's title fitted to its width: as wide as the content, or as
/// the title on one line where the width allows (a short row of cells on
/// a phone need not wrap its title), else in [`clause_lines`].
pub struct Title {
    /// The figure's width.
    pub width: i32,
    pub lines: Vec<String>,
}

impl Title {
    /// `text` from `x` (and 8 px clear of the right edge) over content
    /// `content` px wide, in at most `most` px.
    pub fn fit(text: &str, x: i32, content: i32, most: u32) -> Title {
        let width = (x + text_width(text, TITLE) + 8)
            .min(most as i32)
            .max(content);
        let lines = clause_lines(text, TITLE, width - x - 8);
        Title { width, lines }
    }

    /// How much lower than under a one-line title the content starts.
    pub fn lower(&self) -> i32 {
        (self.lines.len().max(1) as i32 - 1) * line_pitch(TITLE)
    }

    /// Draws the lines from `(x, y)`, the first line's centre line.
    pub fn draw(&self, area: &Area, (x, y): (i32, i32)) {
        for (i, line) in self.lines.iter().enumerate() {
            title(area, line, (x, y + i as i32 * line_pitch(TITLE)));
        }
    }
}

/// For tests: what is wrong with a drawing meant for a column `most` px
/// wide: wider than that, text under 12 px, or a label past the drawing's
/// edges (a label's width by [`super::text_width`], an over-estimate).
/// Plotters clips shapes at the edge, so a cell placed past it is cut,
/// not seen here: each layout's tests check its cells' places.
#[cfg(any(test, feature = "checks"))]
pub fn faults(svg: &str, most: u32) -> Vec<String> {
    use super::SMALL;
    let attribute = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        tag.find(&key)
            .and_then(|at| {
                let rest = &tag[at + key.len()..];
                rest[..rest.find('"')?].parse().ok()
            })
            .unwrap_or(0.0)
    };
    let width = attribute(&svg[..svg.find('>').unwrap_or(0)], "width");
    let mut faults = Vec::new();
    if width > f64::from(most) {
        faults.push(format!("{width} px wide"));
    }
    for piece in svg.split("<text ").skip(1) {
        let Some((attributes, rest)) = piece.split_once('>') else {
            continue;
        };
        let tag = &format!(" {attributes}");
        let text = rest.split("</text>").next().unwrap_or("").trim();
        let text = text
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
        let size = attribute(tag, "font-size");
        let long = f64::from(super::text_width(&text, size.round() as u32));
        let x = attribute(tag, "x");
        let (left, right) = if tag.contains("text-anchor=\"middle\"") {
            (x - long / 2.0, x + long / 2.0)
        } else if tag.contains("text-anchor=\"end\"") {
            (x - long, x)
        } else {
            (x, x + long)
        };
        if size < f64::from(SMALL) || left < 0.0 || right > width {
            faults.push(format!("\"{text}\" at {size} px from {left} to {right}"));
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::super::{Anchor, INK, TEXT, label};
    use super::*;

    #[test]
    fn faults_are_found_where_they_are_planted() {
        let draw = |width: u32, at: i32, size: u32| {
            super::super::svg(width, 40, "t", "d", |area| {
                label(area, "heap 28", (at, 20), size, Anchor::Start, INK);
            })
        };
        assert!(faults(&draw(300, 10, TEXT), 358).is_empty());
        assert_eq!(faults(&draw(400, 10, TEXT), 358), ["400 px wide"]);
        let past = faults(&draw(300, 250, TEXT), 358);
        assert!(
            past.len() == 1 && past[0].starts_with("\"heap 28\""),
            "{past:?}"
        );
        assert_eq!(faults(&draw(300, 10, 8), 358).len(), 1, "8 px text");
        let out = super::super::svg(100, 40, "t", "d", |area| {
            super::super::block(area, (90, 0), (120, 10), INK);
        });
        assert!(
            out.contains("<rect x=\"90\" y=\"0\" width=\"10\""),
            "clipped, not seen"
        );
    }

    #[test]
    fn lines_are_as_even_as_they_can_be() {
        assert_eq!(per_line(29, 13 * 22, 22), 10);
        assert_eq!(per_line(28, 622, 22), 28, "fits: one line");
        assert_eq!(per_line(64, 320, 10), 32);
        assert_eq!(per_line(34, 16 * 20, 20), 12);
        assert_eq!(per_line(5, 0, 22), 1, "no room: a cell a line");
        for cells in 1..100 {
            for fit in 1..40 {
                let per = per_line(cells, fit * 20, 20);
                assert!(per <= fit as usize, "{cells} in {fit}");
                let lines = cells.div_ceil(per);
                assert_eq!(lines, cells.div_ceil(fit as usize), "the fewest lines");
                let last = cells - (lines - 1) * per;
                assert!(last + lines > per, "{cells} in {fit}: the last line a stub");
            }
        }
    }

    #[test]
    fn a_title_takes_the_width_it_needs_and_wraps_at_its_clauses() {
        let text = "·137 in rows of 34: heap = row + column";
        let one = Title::fit(text, 4, 288, 704);
        assert_eq!(
            (one.width, one.lines.len(), one.lower()),
            (4 + 351 + 8, 1, 0)
        );
        let two = Title::fit(text, 4, 288, 358);
        assert_eq!(two.width, 358);
        assert_eq!(two.lines, ["·137 in rows of 34:", "heap = row + column"]);
        assert_eq!(two.lower(), line_pitch(TITLE));
        assert_eq!(
            Title::fit(text, 4, 600, 358).width,
            600,
            "never narrower than its content"
        );
        let heading = "{4, 14}: q = 3 (odd), r = 2; N = 22, period 18";
        assert_eq!(
            clause_lines(heading, TEXT, 312),
            ["{4, 14}: q = 3 (odd), r = 2;", "N = 22, period 18"]
        );
        let words = "a clause far too long for its line: then a short one";
        let lines = clause_lines(words, TEXT, 120);
        assert_eq!(lines.join(" "), words, "every word kept, in order");
        assert!(
            lines.iter().all(|l| text_width(l, TEXT) <= 120),
            "{lines:?}"
        );
    }
}
