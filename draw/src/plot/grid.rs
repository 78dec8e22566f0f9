//! Grids of value cells: rasters of a sequence in rows, strips of one row,
//! the triangle of pairs, and a table of text.

use plotters::style::RGBColor;

use super::{
    ACCENT, Anchor, Area, INK, MUTED, PALETTE, RULE, SMALL, TEXT, block, cell, cells, label, line,
};
use ladder_engine::sequence::Value;

/// Values in rows of `columns` cells, heap `first` at the top left, each
/// row's first heap written at its left (the caller leaves 40 px there);
/// returns the y just below the last row. With `columns` equal to a period,
/// a periodic stretch shows as columns of equal cells.
pub fn raster(
    area: &Area,
    at: (i32, i32),
    size: i32,
    columns: usize,
    first: usize,
    values: &[Value],
) -> i32 {
    let (x, y) = at;
    let mut bottom = y;
    for (row, chunk) in values.chunks(columns.max(1)).enumerate() {
        let top = y + row as i32 * size;
        let heap = first + row * columns;
        label(
            area,
            &heap.to_string(),
            (x - 6, top + size / 2),
            SMALL,
            Anchor::End,
            MUTED,
        );
        for (i, &v) in chunk.iter().enumerate() {
            cell(area, x + i as i32 * size, top, size, v);
            let at = (x + i as i32 * size, top);
            cells::name(area, at, (size, size), || heap_value("", heap + i, v));
        }
        bottom = top + size;
    }
    bottom
}

/// Column labels over a [`raster`] whose top left is `at`: 0, 1, … for
/// what each column adds to its row's first heap, so every grid names its
/// columns as well as its rows.
pub fn raster_columns(area: &Area, at: (i32, i32), size: i32, columns: usize) {
    for column in 0..columns {
        let x = at.0 + column as i32 * size + size / 2;
        let text = column.to_string();
        label(area, &text, (x, at.1 - 9), SMALL, Anchor::Middle, MUTED);
    }
}

/// Where heap `heap` sits in a raster of `columns` cells from heap `first`.
pub fn raster_position(
    at: (i32, i32),
    size: i32,
    columns: usize,
    first: usize,
    heap: usize,
) -> (i32, i32) {
    let offset = heap - first;
    (
        at.0 + (offset % columns) as i32 * size,
        at.1 + (offset / columns) as i32 * size,
    )
}

/// A row of value cells for heaps `first ..`, with heap numbers over every
/// fifth cell and the last; each cell is named as the heap and value of
/// the rule `of` (unnamed when the drawing has one rule: "").
pub fn strip(area: &Area, x: i32, y: i32, size: i32, first: usize, values: &[Value], of: &str) {
    for (i, &v) in values.iter().enumerate() {
        let cx = x + i as i32 * size;
        cell(area, cx, y, size, v);
        cells::name(area, (cx, y), (size, size), || heap_value(of, first + i, v));
        let heap = first + i;
        if heap.is_multiple_of(5) || i + 1 == values.len() {
            let at = (cx + size / 2, y - 8);
            label(area, &heap.to_string(), at, SMALL, Anchor::Middle, MUTED);
        }
    }
}

/// A [`strip`] with its rule's name at the left edge (`x0`) and "heap"
/// over that name's row of heap numbers, for figures that set strips of
/// two rules one above the other.
pub fn named_strip(
    area: &Area,
    name: &str,
    x0: i32,
    (x, y): (i32, i32),
    size: i32,
    values: &[Value],
) {
    label(area, "heap", (x0, y - 8), SMALL, Anchor::Start, MUTED);
    label(area, name, (x0, y + size / 2), TEXT, Anchor::Start, INK);
    strip(area, x, y, size, 0, values, name);
}

/// A value cell's name: "heap 52: value 4", after the rule's name when the
/// drawing has several ("·137, heap 52: value 4").
pub fn heap_value(of: &str, heap: usize, value: Value) -> String {
    if of.is_empty() {
        format!("heap {heap}: value {value}")
    } else {
        format!("{of}, heap {heap}: value {value}")
    }
}

/// A grid over the pairs `1 ≤ x < y ≤ largest`: `y` across, `x` down, one
/// cell of side `cell` each from `origin` (the cell of `x = 1, y = 1`, left
/// empty as every `x ≥ y` is), filled by `fill_of(x, y)` and named by
/// `name_of(x, y)`; both axes are labelled at 1 and every `tick`.
pub fn pair_grid(
    area: &Area,
    (origin, cell): ((i32, i32), i32),
    largest: usize,
    tick: usize,
    fill_of: impl Fn(usize, usize) -> RGBColor,
    name_of: impl Fn(usize, usize) -> String,
) {
    for x in 1..largest {
        for y in x + 1..=largest {
            let (cx, cy) = pair_cell(origin, cell, x, y);
            block(area, (cx, cy), (cx + cell, cy + cell), fill_of(x, y));
            cells::name(area, (cx, cy), (cell, cell), || name_of(x, y));
        }
    }
    let (x0, y0) = origin;
    for n in (1..=largest).filter(|&n| n == 1 || n.is_multiple_of(tick)) {
        let offset = (n as i32 - 1) * cell + cell / 2;
        let text = n.to_string();
        label(
            area,
            &text,
            (x0 + offset, y0 - 8),
            SMALL,
            Anchor::Middle,
            MUTED,
        );
        label(
            area,
            &text,
            (x0 - 6, y0 + offset),
            SMALL,
            Anchor::End,
            MUTED,
        );
    }
    let span = largest as i32 * cell;
    label(
        area,
        "y →",
        (x0 + span / 2, y0 - 24),
        TEXT,
        Anchor::Middle,
        INK,
    );
    label(area, "x ↓", (x0 - 28, y0 - 8), TEXT, Anchor::End, INK);
}

/// The top-left corner of the cell of `(x, y)` in a [`pair_grid`].
pub fn pair_cell(origin: (i32, i32), cell: i32, x: usize, y: usize) -> (i32, i32) {
    (
        origin.0 + (y as i32 - 1) * cell,
        origin.1 + (x as i32 - 1) * cell,
    )
}

/// A table of text: a header row in ink on a light band, then the rows, each
/// `row_height` high; columns start at the given offsets from `x`. A cell
/// whose text begins with `!` is drawn in the accent (the `!` dropped).
/// Returns the y just below the last row.
pub fn text_table(
    area: &Area,
    (x, y): (i32, i32),
    columns: &[i32],
    width: i32,
    header: &[String],
    rows: &[Vec<String>],
) -> i32 {
    const ROW: i32 = 22;
    block(area, (x, y), (x + width, y + ROW), PALETTE[0]);
    let write = |text: &str, column: usize, row_y: i32| {
        let (text, color) = match text.strip_prefix('!') {
            Some(rest) => (rest, ACCENT),
            None => (text, INK),
        };
        let size = TEXT;
        label(
            area,
            text,
            (x + columns[column] + 4, row_y + ROW / 2),
            size,
            Anchor::Start,
            color,
        );
    };
    for (column, text) in header.iter().enumerate() {
        write(text, column, y);
    }
    let mut row_y = y + ROW;
    for row in rows {
        for (column, text) in row.iter().enumerate() {
            write(text, column, row_y);
        }
        row_y += ROW;
        line(area, &[(x, row_y), (x + width, row_y)], RULE, 1);
    }
    row_y
}
