//! A raster whose columns are too many for the width, cut into bands
//! stacked one under another, each showing some columns of every row.

use super::super::{Anchor, Area, MUTED, SMALL, cell, cells, heap_value, label};
use super::per_line;
use ladder_engine::sequence::Value;

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
                    let size = (self.cell, self.cell);
                    cells::name(area, (x, y), size, || heap_value("", heap, values[heap]));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
