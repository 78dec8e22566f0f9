//! Strips of several rules, one under another, cut into lines at the same
//! places: the cells that stand one above the other on a desktop still do
//! on a phone.

use super::super::{Anchor, Area, INK, MUTED, SMALL, TEXT, label, strip};
use ladder_engine::sequence::Value;

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
                strip(
                    area,
                    x,
                    y,
                    self.cell,
                    heaps.start,
                    &s.values[heaps.clone()],
                    s.name,
                );
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

#[cfg(test)]
mod tests {
    use super::*;

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
