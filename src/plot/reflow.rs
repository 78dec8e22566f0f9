//! Rows of cells reflowed for a narrower width: a row that does not fit
//! is cut into lines of equal length (the last no stub), and strips of
//! several rules are cut at the same places, so the cells that stand one
//! above the other on a desktop still do on a phone.

use super::{
    Anchor, Area, INK, MUTED, SMALL, TEXT, TITLE, cell, fit_lines, label, line_pitch, strip,
    text_width, title,
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

/// A raster (values in rows of `columns`, heap 0 at the top left, heap =
/// row + column) whose columns are cut into bands of `per_band`, stacked
/// one under another: a period too long for the width keeps its rows,
/// each band showing some of its columns for every row.
pub struct Bands {
    /// The top left of heap 0's cell.
    pub origin: (i32, i32),
    pub cell: i32,
    pub columns: usize,
    pub per_band: usize,
    pub rows: usize,
    /// From one band's bottom to the next's top (its column labels).
    pub gap: i32,
}

impl Bands {
    /// The cell (the first of `cells`, largest first, that needs the
    /// fewest bands) and the columns to a band for rows of `columns` in
    /// `room` px: one band where they fit.
    pub fn choose(columns: usize, room: i32, cells: &[i32]) -> (i32, usize) {
        let bands = |cell: i32| columns.div_ceil(per_line(columns, room, cell));
        let cell = cells
            .iter()
            .copied()
            .min_by_key(|&c| bands(c))
            .unwrap_or(20);
        (cell, per_line(columns, room, cell))
    }

    /// How many bands.
    pub fn count(&self) -> usize {
        self.columns.div_ceil(self.per_band.max(1)).max(1)
    }

    /// The columns of band `band`: `from .. to`.
    pub fn span(&self, band: usize) -> (usize, usize) {
        let from = band * self.per_band;
        (from, (from + self.per_band).min(self.columns))
    }

    /// The top of band `band`'s first row.
    pub fn top(&self, band: usize) -> i32 {
        self.origin.1 + band as i32 * (self.rows as i32 * self.cell + self.gap)
    }

    /// The y just below the last band.
    pub fn bottom(&self) -> i32 {
        self.top(self.count() - 1) + self.rows as i32 * self.cell
    }

    /// The top left of `heap`'s cell.
    pub fn at(&self, heap: usize) -> (i32, i32) {
        let (row, column) = (heap / self.columns, heap % self.columns);
        let band = column / self.per_band.max(1);
        let x = self.origin.0 + (column - self.span(band).0) as i32 * self.cell;
        (x, self.top(band) + row as i32 * self.cell)
    }

    /// Heaps `from .. to` of the raster as a stretch of band `band`'s own
    /// raster (rows of its columns, from its top left): what of a stretch
    /// a band shows is one stretch there too, the rest of its first row,
    /// whole rows, the start of its last. Empty when it shows none.
    pub fn stretch(&self, band: usize, (from, to): (usize, usize)) -> (usize, usize) {
        if from >= to {
            return (0, 0);
        }
        let (b0, b1) = self.span(band);
        let width = b1 - b0;
        let clip = |column: usize| column.clamp(b0, b1) - b0;
        let start = from / self.columns * width + clip(from % self.columns);
        let end = (to - 1) / self.columns * width + clip((to - 1) % self.columns + 1);
        if start < end { (start, end) } else { (0, 0) }
    }

    /// Draws each band: its columns' labels over it (what each adds to
    /// its row's first heap), `corner` (if any) at their left, and its
    /// rows, each labelled by its first heap `label_gap` px left of it.
    pub fn draw(&self, area: &Area, values: &[Value], label_gap: i32, corner: Option<&str>) {
        let (x0, _) = self.origin;
        for band in 0..self.count() {
            let (from, to) = self.span(band);
            let top = self.top(band);
            for column in from..to {
                let x = x0 + (column - from) as i32 * self.cell + self.cell / 2;
                let text = column.to_string();
                label(area, &text, (x, top - 9), SMALL, Anchor::Middle, MUTED);
            }
            if let Some(text) = corner {
                label(
                    area,
                    text,
                    (x0 - label_gap, top - 9),
                    SMALL,
                    Anchor::End,
                    MUTED,
                );
            }
            for row in 0..self.rows {
                let first = row * self.columns;
                let y = top + row as i32 * self.cell;
                let at = (x0 - label_gap, y + self.cell / 2);
                label(area, &first.to_string(), at, SMALL, Anchor::End, MUTED);
                for heap in (first + from..first + to).filter(|&h| h < values.len()) {
                    let (x, _) = self.at(heap);
                    cell(area, x, y, self.cell, values[heap]);
                }
            }
        }
    }
}

/// For tests: what is wrong with a drawing meant for a column `most` px
/// wide: wider than that, text under 12 px, or a label past the drawing's
/// edges (a label's width by [`super::text_width`], an over-estimate).
/// Plotters clips shapes at the edge, so a cell placed past it is cut,
/// not seen here: each layout's tests check its cells' places.
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

    #[test]
    fn bands_split_a_period_and_a_stretch_in_each_band_is_one_stretch() {
        assert_eq!(
            Bands::choose(29, 308, &[22, 20]),
            (20, 15),
            "two bands of 20 px"
        );
        assert_eq!(
            Bands::choose(34, 334, &[22, 20]),
            (22, 12),
            "three either way"
        );
        assert_eq!(Bands::choose(29, 680, &[22, 20]), (22, 29), "one band");
        let bands = Bands {
            origin: (24, 52),
            cell: 22,
            columns: 34,
            per_band: 12,
            rows: 6,
            gap: 30,
        };
        assert_eq!((bands.count(), bands.span(2)), (3, (24, 34)));
        assert_eq!(bands.at(34 + 13), (24 + 22, 52 + 6 * 22 + 30 + 22));
        assert_eq!(bands.bottom(), 52 + 3 * 6 * 22 + 2 * 30);
        // Every heap of a stretch lies in exactly one band's stretch, at
        // its own row and column there.
        for stretch in [(0, 52), (52, 140), (30, 36), (5, 5), (13, 14)] {
            let mut shown = 0;
            for band in 0..3 {
                let (b0, b1) = bands.span(band);
                let (from, to) = bands.stretch(band, stretch);
                for local in from..to {
                    let (row, column) = (local / (b1 - b0), b0 + local % (b1 - b0));
                    let heap = row * 34 + column;
                    assert!(
                        (stretch.0..stretch.1).contains(&heap),
                        "{stretch:?}: {heap}"
                    );
                    shown += 1;
                }
            }
            assert_eq!(shown, stretch.1 - stretch.0, "{stretch:?}");
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
