//! The triangle of pairs `1 ≤ x < y ≤ largest` (`y` across, `x` down, as
//! [`pair_grid`](super::super::pair_grid) draws it whole) cut, for a
//! column too narrow for legible cells, into bands of columns `y` stacked
//! one under another. A band holds the columns `a ..= b` and the rows
//! `x = 1 ..= b − 1` its pairs reach, so it is a rectangle with the
//! triangle's diagonal across its foot; each band names its own columns
//! and rows, so a cell is read without going back to the first band.

use std::ops::RangeInclusive;

use super::super::{Anchor, Area, Colour, INK, SMALL, TEXT, axis, block, cells, label, text_width};
use super::column_blocks;

/// A triangle whose whole drawing would give cells smaller than this is
/// drawn in bands: the page's column gives the page's 60 takes 10 px, the
/// cells its marks were drawn for.
pub const LEAST_WHOLE: i32 = 10;
/// A band's cell: the side of the legends' swatches, so each cell and its
/// mark look as their key does.
pub const BAND_CELL: i32 = 12;
/// Room left of the cells: the rows' labels (up to three digits at 12 px)
/// 6 px from the cells, and "x ↓" left of the columns' labels.
pub const LEFT: i32 = 34;
/// Room right of the cells.
pub const RIGHT: i32 = 8;
/// Room above a band's cells: "y →" over the columns' labels.
pub const HEAD: i32 = 36;
/// Room between a band's last row and the next band's head.
const GAP: i32 = 14;

/// The triangle in bands for a column `most` px wide, from the top of the
/// first band's head.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairBands {
    pub largest: usize,
    pub cell: i32,
    /// The left edge of every band's first column.
    pub left: i32,
    /// Each band's columns `y`, and the top of its first row.
    bands: Vec<(RangeInclusive<usize>, i32)>,
}

/// Where a phone drawing of the triangle starts its title and legend from
/// its left edge.
pub const PHONE_MARGIN: i32 = 8;

/// A phone drawing's title `text` fitted over a triangle of pairs up to
/// `largest`, in a column `width` px wide but no wider than the smallest
/// phone's; and that column's width, in which the bands are laid out.
pub fn phone_title(text: &str, largest: usize, width: u32) -> (super::Title, u32) {
    let most = width.min(super::super::SMALL_PHONE);
    let content = PairBands::new(largest, most, 0).width();
    (super::Title::fit(text, PHONE_MARGIN, content, most), most)
}

impl PairBands {
    /// Pairs up to `largest` in bands of [`BAND_CELL`] cells as few as fit
    /// `most` px, as even as they come, the first head's top at `top`.
    pub fn new(largest: usize, most: u32, top: i32) -> PairBands {
        let cell = BAND_CELL;
        let fit = ((most as i32 - LEFT - RIGHT) / cell).max(1) as usize;
        // Column y = 1 holds no pair: the columns are y = 2 ..= largest.
        let mut bands: Vec<(RangeInclusive<usize>, i32)> = Vec::new();
        let mut next = top + HEAD;
        for columns in column_blocks(largest.saturating_sub(1), fit) {
            let ys = columns.start + 2..=columns.end + 1;
            let rows = *ys.end() as i32 - 1;
            bands.push((ys, next));
            next += rows * cell + GAP + HEAD;
        }
        PairBands {
            largest,
            cell,
            left: LEFT,
            bands,
        }
    }

    /// How many bands.
    pub fn count(&self) -> usize {
        self.bands.len()
    }

    /// Band `band`'s columns `y`.
    pub fn columns(&self, band: usize) -> RangeInclusive<usize> {
        self.bands[band].0.clone()
    }

    /// Band `band`'s rows: `x = 1 ..= rows`.
    pub fn rows(&self, band: usize) -> usize {
        self.bands[band].0.end() - 1
    }

    /// The top of band `band`'s first row.
    pub fn top(&self, band: usize) -> i32 {
        self.bands[band].1
    }

    /// The y just below the last band's last row.
    pub fn bottom(&self) -> i32 {
        self.bands
            .last()
            .map_or(0, |(ys, top)| top + (*ys.end() as i32 - 1) * self.cell)
    }

    /// The drawing's width: the widest band and its margins.
    pub fn width(&self) -> i32 {
        let widest = self.bands.iter().map(|(ys, _)| ys.clone().count());
        self.left + widest.max().unwrap_or(1) as i32 * self.cell + RIGHT
    }

    /// The top-left corner of the cell of `(x, y)`, `1 ≤ x < y ≤ largest`.
    pub fn at(&self, x: usize, y: usize) -> (i32, i32) {
        let (ys, top) = self
            .bands
            .iter()
            .find(|(ys, _)| ys.contains(&y))
            .expect("every column 2 ..= largest is in a band");
        let column = (y - ys.start()) as i32;
        (
            self.left + column * self.cell,
            top + (x as i32 - 1) * self.cell,
        )
    }

    /// Draws every pair's cell filled by `fill_of(x, y)` and named by
    /// `name_of(x, y)`, and each band's
    /// axes: "y →" over its columns' labels, "x ↓" left of them, its rows'
    /// labels (the first, every fifth and the last of each, as many as
    /// fit without crowding).
    pub fn draw(
        &self,
        area: &Area,
        fill_of: impl Fn(usize, usize) -> Colour,
        name_of: impl Fn(usize, usize) -> String,
    ) {
        for x in 1..self.largest {
            for y in x + 1..=self.largest {
                let (cx, cy) = self.at(x, y);
                block(
                    area,
                    (cx, cy),
                    (cx + self.cell, cy + self.cell),
                    fill_of(x, y),
                );
                let size = (self.cell, self.cell);
                cells::name(area, (cx, cy), size, || name_of(x, y));
            }
        }
        let digits = self.largest.to_string();
        let gap = text_width(&digits, SMALL) + 8;
        for band in 0..self.count() {
            let ys = self.columns(band);
            let (first, last) = (*ys.start(), *ys.end());
            let top = self.top(band);
            let centre = |i: usize| self.left + i as i32 * self.cell + self.cell / 2;
            let columns = axis::sparse_labels(first, last, self.cell, gap)
                .into_iter()
                .map(|y| (centre(y - first), y.to_string()));
            axis::x_labels(area, columns, top - 9);
            let rows = axis::sparse_labels(1, self.rows(band), self.cell, 16)
                .into_iter()
                .map(|x| {
                    (
                        top + (x as i32 - 1) * self.cell + self.cell / 2,
                        x.to_string(),
                    )
                });
            axis::y_labels(area, rows, self.left - 6);
            let span = (last - first + 1) as i32 * self.cell;
            let at = (self.left + span / 2, top - 27);
            label(area, "y →", at, TEXT, Anchor::Middle, INK);
            let at = (self.left - 8, top - 9);
            label(area, "x ↓", at, TEXT, Anchor::End, INK);
        }
    }
}

/// What a drawing holds in each pair's cell, read back from its SVG, for
/// tests: the fill of every cell-sized square at the cell's corner and
/// every mark (a line or a dot) lying inside the cell.
#[cfg(any(test, feature = "checks"))]
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The fills of the squares at the cell's corner: one, for a pair
    /// drawn once.
    pub fills: Vec<String>,
    /// Each line inside the cell: its points.
    pub lines: Vec<Vec<(i32, i32)>>,
    /// Each dot inside the cell: its radius.
    pub dots: Vec<i32>,
}

#[cfg(any(test, feature = "checks"))]
impl PairBands {
    /// Every pair's [`Drawn`], and what else the bands' region holds that
    /// belongs to no pair: a square of a cell's size off every pair's
    /// corner (a cell drawn twice in the wrong place) or a mark inside no
    /// cell of a pair.
    pub fn read_back(
        &self,
        svg: &str,
    ) -> (
        std::collections::BTreeMap<(usize, usize), Drawn>,
        Vec<String>,
    ) {
        use std::collections::BTreeMap;
        let mut corners: BTreeMap<(i32, i32), (usize, usize)> = BTreeMap::new();
        let mut drawn: BTreeMap<(usize, usize), Drawn> = BTreeMap::new();
        for x in 1..self.largest {
            for y in x + 1..=self.largest {
                corners.insert(self.at(x, y), (x, y));
                drawn.insert((x, y), Drawn::default());
            }
        }
        let (left, top) = (self.left, self.top(0));
        // The pair whose cell holds a shape: the one whose square holds
        // the centre of the shape's points, and all of them (edges
        // included).
        let holder = |points: &[(i32, i32)], reach: i32| {
            let xs = points.iter().map(|p| p.0);
            let ys = points.iter().map(|p| p.1);
            let (x0, x1) = (xs.clone().min()? - reach, xs.max()? + reach);
            let (y0, y1) = (ys.clone().min()? - reach, ys.max()? + reach);
            let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
            if cx < left {
                return None;
            }
            let column = left + (cx - left) / self.cell * self.cell;
            let (&(ax, ay), pair) = corners
                .range((column, i32::MIN)..=(column, i32::MAX))
                .find(|((_, ay), _)| (*ay..*ay + self.cell).contains(&cy))?;
            let within = ax <= x0 && x1 <= ax + self.cell && ay <= y0 && y1 <= ay + self.cell;
            within.then_some(*pair)
        };
        let mut stray = Vec::new();
        let number = |tag: &str, name: &str| -> i32 {
            let key = format!(" {name}=\"");
            tag.find(&key)
                .and_then(|at| {
                    let rest = &tag[at + key.len()..];
                    rest[..rest.find('"')?].parse().ok()
                })
                .unwrap_or(i32::MIN)
        };
        for tag in svg.split('<').skip(1) {
            let tag = format!(" {}", tag.split('>').next().unwrap_or(""));
            if tag.starts_with(" rect ") {
                let (x, y) = (number(&tag, "x"), number(&tag, "y"));
                let size = (number(&tag, "width"), number(&tag, "height"));
                if size != (self.cell, self.cell) || x < left || y < top {
                    continue;
                }
                let fill = tag.split(" fill=\"").nth(1).unwrap_or("");
                let fill = fill.split('"').next().unwrap_or("").to_string();
                match corners.get(&(x, y)) {
                    Some(pair) => drawn.entry(*pair).or_default().fills.push(fill),
                    None => stray.push(format!("a cell at ({x}, {y}), no pair's")),
                }
            } else if tag.starts_with(" polyline ") {
                let points: Vec<(i32, i32)> = tag
                    .split(" points=\"")
                    .nth(1)
                    .and_then(|p| p.split('"').next())
                    .unwrap_or("")
                    .split_whitespace()
                    .filter_map(|p| {
                        let (a, b) = p.split_once(',')?;
                        Some((a.parse().ok()?, b.parse().ok()?))
                    })
                    .collect();
                if points.iter().all(|&(_, py)| py < top) {
                    continue;
                }
                match holder(&points, 0) {
                    Some(pair) => drawn.entry(pair).or_default().lines.push(points),
                    None => stray.push(format!("a line {points:?} in no one cell")),
                }
            } else if tag.starts_with(" circle ") {
                let at = (number(&tag, "cx"), number(&tag, "cy"));
                if at.1 < top {
                    continue;
                }
                let r = number(&tag, "r");
                match holder(&[at], r) {
                    Some(pair) => drawn.entry(pair).or_default().dots.push(r),
                    None => stray.push(format!("a dot at {at:?} in no cell")),
                }
            }
        }
        (drawn, stray)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_has_one_cell_inside_its_band_and_the_width() {
        for largest in 2..=120 {
            for most in [288, 358] {
                let bands = PairBands::new(largest, most, 40);
                assert!(bands.width() <= most as i32, "{largest} in {most}");
                let mut seen = std::collections::BTreeSet::new();
                for x in 1..largest {
                    for y in x + 1..=largest {
                        let (cx, cy) = bands.at(x, y);
                        assert!(seen.insert((cx, cy)), "{largest}: ({x}, {y}) twice");
                        let band = (0..bands.count())
                            .find(|&b| bands.columns(b).contains(&y))
                            .unwrap();
                        let top = bands.top(band);
                        assert!(cx >= LEFT && cx + BAND_CELL <= bands.width() - RIGHT);
                        assert!(cy >= top && cy + BAND_CELL <= top + x as i32 * BAND_CELL);
                        assert!(x <= bands.rows(band));
                    }
                }
                // Each band's head clears the last band's foot.
                for band in 1..bands.count() {
                    let foot = bands.top(band - 1) + bands.rows(band - 1) as i32 * BAND_CELL;
                    assert!(bands.top(band) - HEAD >= foot + GAP, "{largest}");
                }
                assert_eq!(
                    bands.bottom(),
                    bands.top(bands.count() - 1) + (largest as i32 - 1) * BAND_CELL
                );
            }
        }
    }

    #[test]
    fn the_pages_sixty_take_three_bands_of_twenty_in_a_small_phone() {
        let bands = PairBands::new(60, 288, 0);
        let columns: Vec<_> = (0..3).map(|b| bands.columns(b)).collect();
        assert_eq!(columns, [2..=21, 22..=41, 42..=60]);
        assert_eq!(bands.count(), 3);
        assert_eq!(bands.width(), LEFT + 20 * BAND_CELL + RIGHT);
        assert!(bands.width() <= 288);
        assert_eq!((bands.rows(0), bands.rows(2)), (20, 59));
        assert_eq!(bands.at(1, 2), (LEFT, HEAD));
        assert_eq!(bands.at(1, 22), (LEFT, HEAD + 20 * 12 + GAP + HEAD));
    }
}
