//! Shared drawing primitives over plotters' SVG backend: the palette, value
//! cells, labels and lines. Plotters is built without its system-font `ttf`
//! feature, so nothing here measures text: layout is arithmetic on fixed
//! sizes and the same on every machine.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::sequence::Value;
use crate::site::wording::typographic;

/// A colour, for figures that pick their own.
pub type Colour = RGBColor;

/// The drawing surface every figure draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Ink for text and lines.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Quiet ink for heap numbers and notes.
pub const MUTED: RGBColor = RGBColor(0x6b, 0x6b, 0x6b);
/// The accent for marks the eye should find: windows, chosen heaps.
pub const ACCENT: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
/// A second accent, for a second series.
pub const ACCENT_2: RGBColor = RGBColor(0x1f, 0x5f, 0xa8);

/// Fills for values 0, 1, 2, …: light enough for dark text, distinct in
/// hue and lightness (after ColorBrewer's "Paired" and "Set3").
const PALETTE: [RGBColor; 8] = [
    RGBColor(0xf0, 0xf0, 0xf0),
    RGBColor(0xa6, 0xce, 0xe3),
    RGBColor(0xfd, 0xbf, 0x6f),
    RGBColor(0xb2, 0xdf, 0x8a),
    RGBColor(0xfb, 0x9a, 0x99),
    RGBColor(0xca, 0xb2, 0xd6),
    RGBColor(0xff, 0xff, 0x99),
    RGBColor(0xe5, 0xc4, 0x94),
];

/// The fill for a value; values past the palette cycle through it.
pub fn fill(value: Value) -> RGBColor {
    PALETTE[value as usize % PALETTE.len()]
}

/// Where a label hangs from its point.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// Draws an SVG of `width × height` and gives it a `<title>` and `<desc>`,
/// their `$…$` formulas as plain text (an SVG title holds no MathML), with
/// typographic quotes, as the page's caption has.
pub fn svg(width: u32, height: u32, title: &str, desc: &str, draw: impl FnOnce(&Area)) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        area.fill(&WHITE)
            .expect("drawing into a string cannot fail");
        draw(&area);
        area.present().expect("drawing into a string cannot fail");
    }
    let head_end = out.find('>').map_or(0, |i| i + 1);
    let accessible = format!(
        "\n<title>{}</title>\n<desc>{}</desc>",
        escape(&typographic(&crate::site::inline::to_plain(title))),
        escape(&typographic(&crate::site::inline::to_plain(desc)))
    );
    out.insert_str(head_end, &accessible);
    out.replacen("<svg ", "<svg role=\"img\" ", 1)
}

/// Escapes text for SVG and HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes `text` at `(x, y)`, vertically centred there.
pub fn label(area: &Area, text: &str, at: (i32, i32), size: u32, anchor: Anchor, color: RGBColor) {
    let h = match anchor {
        Anchor::Start => HPos::Left,
        Anchor::Middle => HPos::Center,
        Anchor::End => HPos::Right,
    };
    let style = TextStyle::from(("sans-serif", size).into_font())
        .color(&color)
        .pos(Pos::new(h, VPos::Center));
    area.draw(&Text::new(text.to_string(), at, style))
        .expect("drawing into a string cannot fail");
}

/// Writes a note in lines of at most `width` pixels, breaking at spaces;
/// returns the y just below the last line. Glyphs are taken as 6 px wide
/// at size 11, a safe over-estimate for sans-serif.
pub fn note(area: &Area, text: &str, at: (i32, i32), width: i32, color: RGBColor) -> i32 {
    let (x, mut y) = at;
    for line in wrap(text, (width / 6).max(10) as usize) {
        label(area, &line, (x, y), 11, Anchor::Start, color);
        y += 15;
    }
    y
}

/// Breaks `text` into lines of at most `columns` characters at spaces, its
/// `$…$` formulas read as plain text (a range note is also a figcaption's).
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in crate::site::inline::to_plain(text).split_whitespace() {
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

/// A row of colour swatches with their labels from `(x, y)`; returns the x
/// just past the last label (labels are taken as 7 px a character).
pub fn legend(area: &Area, (x, y): (i32, i32), items: &[(RGBColor, String)]) -> i32 {
    let mut x = x;
    for (colour, text) in items {
        block(area, (x, y - 5), (x + 10, y + 5), *colour);
        label(area, text, (x + 16, y), 11, Anchor::Start, INK);
        x += 40 + 7 * text.chars().count() as i32;
    }
    x
}

/// A cell of side `size` at `(x, y)`, filled by value, the value written in it.
pub fn cell(area: &Area, x: i32, y: i32, size: i32, value: Value) {
    let rect = [(x, y), (x + size, y + size)];
    area.draw(&Rectangle::new(rect, fill(value).filled()))
        .expect("drawing into a string cannot fail");
    area.draw(&Rectangle::new(rect, WHITE.stroke_width(1)))
        .expect("drawing into a string cannot fail");
    let centre = (x + size / 2, y + size / 2);
    let font = if size >= 22 {
        13
    } else {
        (size * 3 / 5).max(7) as u32
    };
    label(area, &value.to_string(), centre, font, Anchor::Middle, INK);
}

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
            10,
            Anchor::End,
            MUTED,
        );
        for (i, &v) in chunk.iter().enumerate() {
            cell(area, x + i as i32 * size, top, size, v);
        }
        bottom = top + size;
    }
    bottom
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

/// A polyline.
pub fn line(area: &Area, points: &[(i32, i32)], color: RGBColor, width: u32) {
    area.draw(&PathElement::new(
        points.to_vec(),
        color.stroke_width(width),
    ))
    .expect("drawing into a string cannot fail");
}

/// An unfilled rectangle.
pub fn outline(area: &Area, from: (i32, i32), to: (i32, i32), color: RGBColor, width: u32) {
    area.draw(&Rectangle::new([from, to], color.stroke_width(width)))
        .expect("drawing into a string cannot fail");
}

/// A filled rectangle.
pub fn block(area: &Area, from: (i32, i32), to: (i32, i32), color: RGBColor) {
    area.draw(&Rectangle::new([from, to], color.filled()))
        .expect("drawing into a string cannot fail");
}

/// A filled circle.
pub fn dot(area: &Area, at: (i32, i32), radius: i32, color: RGBColor) {
    area.draw(&Circle::new(at, radius, color.filled()))
        .expect("drawing into a string cannot fail");
}

/// A row of value cells for heaps `first ..`, with heap numbers over every
/// fifth cell and the last.
pub fn strip(area: &Area, x: i32, y: i32, size: i32, first: usize, values: &[Value]) {
    for (i, &v) in values.iter().enumerate() {
        let cx = x + i as i32 * size;
        cell(area, cx, y, size, v);
        let heap = first + i;
        if heap.is_multiple_of(5) || i + 1 == values.len() {
            let at = (cx + size / 2, y - 8);
            label(area, &heap.to_string(), at, 10, Anchor::Middle, MUTED);
        }
    }
}

/// The fill for case `index` of a classification (cases 0, 1, …): the
/// value palette without its grey, so every case has a hue.
pub fn case_fill(index: usize) -> RGBColor {
    PALETTE[1 + index % (PALETTE.len() - 1)]
}

/// A grid over the pairs `1 ≤ x < y ≤ largest`: `y` across, `x` down, one
/// cell of side `cell` each from `origin` (the cell of `x = 1, y = 1`, left
/// empty as every `x ≥ y` is), filled by `fill_of(x, y)`; both axes are
/// labelled at 1 and every `tick`.
pub fn pair_grid(
    area: &Area,
    origin: (i32, i32),
    cell: i32,
    largest: usize,
    tick: usize,
    fill_of: impl Fn(usize, usize) -> RGBColor,
) {
    for x in 1..largest {
        for y in x + 1..=largest {
            let (cx, cy) = pair_cell(origin, cell, x, y);
            block(area, (cx, cy), (cx + cell, cy + cell), fill_of(x, y));
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
            10,
            Anchor::Middle,
            MUTED,
        );
        label(area, &text, (x0 - 6, y0 + offset), 10, Anchor::End, MUTED);
    }
    let span = largest as i32 * cell;
    label(
        area,
        "y →",
        (x0 + span / 2, y0 - 22),
        11,
        Anchor::Middle,
        INK,
    );
    label(area, "x ↓", (x0 - 26, y0 - 8), 11, Anchor::End, INK);
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
    const ROW: i32 = 20;
    block(area, (x, y), (x + width, y + ROW), PALETTE[0]);
    let write = |text: &str, column: usize, row_y: i32, bold: bool| {
        let (text, color) = match text.strip_prefix('!') {
            Some(rest) => (rest, ACCENT),
            None => (text, INK),
        };
        let size = if bold { 12 } else { 11 };
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
        write(text, column, y, true);
    }
    let mut row_y = y + ROW;
    for row in rows {
        for (column, text) in row.iter().enumerate() {
            write(text, column, row_y, false);
        }
        row_y += ROW;
        line(area, &[(x, row_y), (x + width, row_y)], PALETTE[0], 1);
    }
    row_y
}
