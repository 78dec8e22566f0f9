//! Rows of cells reflowed for a narrower width: a row that does not fit
//! is cut into lines of equal length (the last no stub), and strips of
//! several rules are cut at the same places, so the cells that stand one
//! above the other on a desktop still do on a phone.

use super::{
    Anchor, Area, INK, MUTED, SMALL, TEXT, TITLE, fit_lines, label, line_pitch, strip, text_width,
};
use crate::sequence::Value;

/// How many of `cells` cells of side `cell` go to a line `room` px wide:
/// all of them when they fit, else as many lines as needed, as even as
/// they can be (29 in 13 to a line: three lines of 10, not 13, 13, 3).
pub fn per_line(cells: usize, room: i32, cell: i32) -> usize {
    let fit = (room / cell.max(1)).max(1) as usize;
    let lines = cells.div_ceil(fit).max(1);
    cells.div_ceil(lines).max(1)
}

/// A figure's width and how much lower its content starts, for a title
/// from `x` over content `content` px wide in at most `most` px: wide
/// enough for the title on one line where `most` allows (a short row of
/// cells on a phone need not wrap a title), else wrapped, a line's pitch
/// lower for each line after the first.
pub fn title_room(title: &str, x: i32, content: i32, most: u32) -> (i32, i32) {
    let width = (2 * x + text_width(title, TITLE))
        .min(most as i32)
        .max(content);
    let lines = fit_lines(title, TITLE, width - 2 * x).len().max(1);
    (width, (lines as i32 - 1) * line_pitch(TITLE))
}

/// One rule's row of a [`Strips`] set: its name, its values from heap 0,
/// and the position its heap 0 stands at (a strip moved along by a shift).
pub struct Strip<'a> {
    pub name: &'a str,
    pub offset: usize,
    pub values: &'a [Value],
}

impl Strip<'_> {
    /// One past the last position it fills.
    fn end(&self) -> usize {
        self.offset + self.values.len()
    }
}

/// Strips one under another, `pitch` px apart, their positions cut into
/// lines of `per_line`, each line's strips `block` px below the last's.
pub struct Strips {
    /// Where the rules' names start.
    pub name_x: i32,
    /// The top left of position 0's cell in the first strip.
    pub origin: (i32, i32),
    pub cell: i32,
    pub per_line: usize,
    pub pitch: i32,
    pub block: i32,
}

impl Strips {
    /// The lines that `strips` take.
    pub fn lines(&self, strips: &[Strip]) -> usize {
        let positions = strips.iter().map(Strip::end).max().unwrap_or(0);
        positions.div_ceil(self.per_line.max(1)).max(1)
    }

    /// The top left of position `position`'s cell in strip `row`.
    pub fn at(&self, row: usize, position: usize) -> (i32, i32) {
        let per = self.per_line.max(1);
        let (line, column) = (position / per, position % per);
        (
            self.origin.0 + column as i32 * self.cell,
            self.origin.1 + line as i32 * self.block + row as i32 * self.pitch,
        )
    }

    /// The y just below the last line's last strip.
    pub fn bottom(&self, strips: &[Strip]) -> i32 {
        let last = self.at(strips.len().saturating_sub(1), 0).1;
        last + (self.lines(strips) as i32 - 1) * self.block + self.cell
    }

    /// Draws every strip, line by line: in each, the rule's name at the
    /// left, "heap" over it, and its cells with heap numbers over every
    /// fifth, the line's last and (after the first line) its first.
    pub fn draw(&self, area: &Area, strips: &[Strip]) {
        let per = self.per_line.max(1);
        for line in 0..self.lines(strips) {
            let (from, to) = (line * per, (line + 1) * per);
            for (row, s) in strips.iter().enumerate() {
                let (start, end) = (from.max(s.offset), to.min(s.end()));
                if start >= end {
                    continue;
                }
                let (_, y) = self.at(row, from);
                let (x, _) = self.at(row, start);
                label(
                    area,
                    "heap",
                    (self.name_x, y - 8),
                    SMALL,
                    Anchor::Start,
                    MUTED,
                );
                let name_at = (self.name_x, y + self.cell / 2);
                label(area, s.name, name_at, TEXT, Anchor::Start, INK);
                let heaps = start - s.offset..end - s.offset;
                strip(area, x, y, self.cell, heaps.start, &s.values[heaps.clone()]);
                // A line after the first also names its first heap.
                if line > 0 && !heaps.start.is_multiple_of(5) && heaps.len() > 1 {
                    let at = (x + self.cell / 2, y - 8);
                    label(
                        area,
                        &heaps.start.to_string(),
                        at,
                        SMALL,
                        Anchor::Middle,
                        MUTED,
                    );
                }
            }
        }
    }
}

/// For tests: what is wrong with a drawing meant for a column `most` px
/// wide: wider than that, text under 12 px, or a label or a rectangle
/// past the drawing's edges (a label's width by [`super::text_width`],
/// an over-estimate).
#[cfg(test)]
pub(crate) fn faults(svg: &str, most: u32) -> Vec<String> {
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
    for tag in svg.split('<').filter(|t| t.starts_with("rect ")) {
        let (x, w) = (attribute(tag, "x"), attribute(tag, "width"));
        if x < 0.0 || x + w > width {
            faults.push(format!("a rectangle from {x} to {}", x + w));
        }
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
    use super::*;

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
    fn strips_keep_their_positions_in_step_across_lines() {
        let values = [0; 28];
        let strips = [
            Strip {
                name: "a",
                offset: 0,
                values: &values,
            },
            Strip {
                name: "b",
                offset: 1,
                values: &values,
            },
        ];
        let layout = Strips {
            name_x: 10,
            origin: (50, 52),
            cell: 22,
            per_line: 10,
            pitch: 64,
            block: 120,
        };
        assert_eq!(layout.lines(&strips), 3, "29 positions in lines of 10");
        // Position 13 of strip b: the second line's fourth cell, one pitch down.
        assert_eq!(layout.at(1, 13), (50 + 3 * 22, 52 + 120 + 64));
        assert_eq!(layout.bottom(&strips), 52 + 2 * 120 + 64 + 22);
        // One line when every position fits.
        let wide = Strips {
            per_line: 29,
            ..layout
        };
        assert_eq!(wide.lines(&strips), 1);
        assert_eq!(wide.bottom(&strips), 52 + 64 + 22);
    }
}
