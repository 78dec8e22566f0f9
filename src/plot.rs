//! Shared drawing primitives over plotters' SVG backend: the palette, value
//! cells, labels and lines. Plotters is built without its system-font `ttf`
//! feature, so nothing here measures text: layout is arithmetic on fixed
//! sizes and the same on every machine.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::sequence::Value;
use crate::text::wording::typographic;

/// A colour, for figures that pick their own.
pub type Colour = RGBColor;

/// The drawing surface every figure draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The widest a figure may be: the page's text column (46rem less its
/// padding, in CSS px), so a figure is shown at its own size on a desktop
/// and its text at the size it was drawn.
pub const COLUMN: u32 = 704;
/// The smallest text a figure may draw, in CSS px (shown at scale 1).
pub const SMALL: u32 = 12;
/// Labels, values and table text.
pub const TEXT: u32 = 13;
/// A figure's own title line.
pub const TITLE: u32 = 15;

// The palette. Every colour a figure may use is declared here once, with its
// counterpart in the dark scheme: `svg` writes a `<style>` that swaps each
// light colour for its dark one under `prefers-color-scheme: dark`, which an
// SVG shown as an `<img>` follows from its page. The hues are Okabe and Ito's
// (2008) colour-blind-safe set; fills that carry text are tints of them in the
// light scheme and shades in the dark, each at least 4.5:1 against the ink
// (see the test `text_contrast_holds_in_both_schemes`).

/// The figure's background: the page's paper.
pub const PAPER: RGBColor = RGBColor(0xfd, 0xfd, 0xfb);
/// Ink for text and lines.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Quiet ink for heap numbers and notes.
pub const MUTED: RGBColor = RGBColor(0x6b, 0x6b, 0x6b);
/// Hairlines and bands: rules of tables, separators between cells.
pub const RULE: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);
/// The accent for marks the eye should find: windows, chosen heaps
/// (Okabe–Ito vermillion, darkened to read as text on paper).
pub const ACCENT: RGBColor = RGBColor(0xb3, 0x4e, 0x00);
/// A second accent, for a second series (Okabe–Ito blue).
pub const ACCENT_2: RGBColor = RGBColor(0x00, 0x72, 0xb2);

/// Fills for values 0, 1, 2, …: a grey, then tints of the seven Okabe–Ito
/// hues (sky blue, orange, bluish green, yellow, blue, vermillion, reddish
/// purple), light enough for ink on them.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0xe8, 0xe8, 0xe8),
    RGBColor(0xa2, 0xd6, 0xf3),
    RGBColor(0xf1, 0xca, 0x73),
    RGBColor(0x73, 0xca, 0xb2),
    RGBColor(0xf7, 0xf0, 0x97),
    RGBColor(0x73, 0xb1, 0xd5),
    RGBColor(0xe8, 0xa6, 0x73),
    RGBColor(0xe3, 0xb5, 0xcf),
];

/// The dark scheme: each colour above and its counterpart (the fills' shades
/// in the same order).
const DARK: [(RGBColor, RGBColor); 14] = [
    (PAPER, RGBColor(0x16, 0x16, 0x16)),
    (INK, RGBColor(0xe6, 0xe6, 0xe6)),
    (MUTED, RGBColor(0xa8, 0xa8, 0xa8)),
    (RULE, RGBColor(0x3a, 0x3a, 0x3a)),
    (ACCENT, RGBColor(0xff, 0x8a, 0x4c)),
    (ACCENT_2, RGBColor(0x56, 0xb4, 0xe9)),
    (PALETTE[0], RGBColor(0x3a, 0x3a, 0x3a)),
    (PALETTE[1], RGBColor(0x2c, 0x52, 0x6a)),
    (PALETTE[2], RGBColor(0x68, 0x4b, 0x0d)),
    (PALETTE[3], RGBColor(0x0d, 0x4a, 0x3a)),
    (PALETTE[4], RGBColor(0x63, 0x5e, 0x25)),
    (PALETTE[5], RGBColor(0x0d, 0x3a, 0x54)),
    (PALETTE[6], RGBColor(0x62, 0x33, 0x0d)),
    (PALETTE[7], RGBColor(0x5e, 0x3e, 0x50)),
];

/// Every colour a figure may draw with, light and dark.
pub fn themed_colours() -> &'static [(RGBColor, RGBColor)] {
    &DARK
}

/// The fill for a value; values past the palette cycle through it (the
/// value is written in its cell, so the colour is never the only cue).
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
/// typographic quotes, as the page's caption has. The description carries
/// the figure's range note, for a file opened on its own; the page prints
/// it once, in the caption. Font sizes are written in CSS px, rounded, and a
/// `<style>` gives the dark scheme (see [`themed_colours`]).
pub fn svg(width: u32, height: u32, title: &str, desc: &str, draw: impl FnOnce(&Area)) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        area.fill(&PAPER)
            .expect("drawing into a string cannot fail");
        draw(&area);
        area.present().expect("drawing into a string cannot fail");
    }
    let out = round_font_sizes(&out);
    let head_end = out.find('>').map_or(0, |i| i + 1);
    let accessible = format!(
        "\n<title>{}</title>\n<desc>{}</desc>\n<style>{}</style>",
        escape(&typographic(&crate::text::plain::to_plain(title))),
        escape(&typographic(&crate::text::plain::to_plain(desc))),
        dark_style(&out)
    );
    let mut out = out;
    out.insert_str(head_end, &accessible);
    out.replacen("<svg ", "<svg role=\"img\" ", 1)
}

/// Plotters takes a font's size in points and writes it as `size / 1.24`
/// px: [`label`] asks for `px × 1.24`, and this writes the px it meant.
fn round_font_sizes(svg: &str) -> String {
    const KEY: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let end = after.find('"').unwrap_or(after.len());
        match after[..end].parse::<f64>() {
            Ok(size) => out.push_str(&format!("{}", (size * 10.0).round() / 10.0)),
            Err(_) => out.push_str(&after[..end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The dark scheme's rules for the colours `svg` uses: a CSS rule outranks
/// a presentation attribute, so `[fill="#222222"] { fill: #E6E6E6 }` swaps
/// the ink without touching the drawing.
fn dark_style(svg: &str) -> String {
    let hex = |c: &RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    let mut rules = String::new();
    for (light, dark) in themed_colours() {
        let (light, dark) = (hex(light), hex(dark));
        for property in ["fill", "stroke"] {
            if svg.contains(&format!("{property}=\"{light}\"")) {
                rules.push_str(&format!("[{property}=\"{light}\"]{{{property}:{dark}}}"));
            }
        }
    }
    format!("@media (prefers-color-scheme: dark){{{rules}}}")
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

/// Writes `text` at `(x, y)`, vertically centred there, `size` CSS px high.
pub fn label(area: &Area, text: &str, at: (i32, i32), size: u32, anchor: Anchor, color: RGBColor) {
    let h = match anchor {
        Anchor::Start => HPos::Left,
        Anchor::Middle => HPos::Center,
        Anchor::End => HPos::Right,
    };
    // Plotters writes `size / 1.24` px (see `round_font_sizes`).
    let style = TextStyle::from(("sans-serif", f64::from(size) * 1.24).into_font())
        .color(&color)
        .pos(Pos::new(h, VPos::Center));
    area.draw(&Text::new(text.to_string(), at, style))
        .expect("drawing into a string cannot fail");
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
    for word in crate::text::plain::to_plain(text).split_whitespace() {
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
/// just past the last label (labels are taken as 8 px a character).
pub fn legend(area: &Area, (x, y): (i32, i32), items: &[(RGBColor, String)]) -> i32 {
    let mut x = x;
    for (colour, text) in items {
        block(area, (x, y - 6), (x + 12, y + 6), *colour);
        outline(area, (x, y - 6), (x + 12, y + 6), MUTED, 1);
        label(area, text, (x + 18, y), TEXT, Anchor::Start, INK);
        x += 34 + 8 * text.chars().count() as i32;
    }
    x
}

/// A cell of side `size` at `(x, y)`, filled by value, the value written in it.
pub fn cell(area: &Area, x: i32, y: i32, size: i32, value: Value) {
    let rect = [(x, y), (x + size, y + size)];
    area.draw(&Rectangle::new(rect, fill(value).filled()))
        .expect("drawing into a string cannot fail");
    area.draw(&Rectangle::new(rect, PAPER.stroke_width(1)))
        .expect("drawing into a string cannot fail");
    let centre = (x + size / 2, y + size / 2);
    // Cells narrower than 20 px cannot hold legible text: draw them larger.
    let font = if size >= 22 { TEXT } else { SMALL };
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
            SMALL,
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
    strip(area, x, y, size, 0, values);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance.
    fn luminance(c: RGBColor) -> f64 {
        let linear = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }

    fn contrast(a: RGBColor, b: RGBColor) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    fn dark(c: RGBColor) -> RGBColor {
        themed_colours()
            .iter()
            .find(|(light, _)| *light == c)
            .map(|(_, dark)| *dark)
            .expect("every colour has a dark counterpart")
    }

    #[test]
    fn superscripts_and_widths() {
        assert_eq!(superscript(0), "⁰");
        assert_eq!(superscript(1_234_567_890), "¹²³⁴⁵⁶⁷⁸⁹⁰");
        assert_eq!(text_width("10⁶", 13), 24);
    }

    #[test]
    fn text_contrast_holds_in_both_schemes() {
        let mut grounds = vec![PAPER];
        grounds.extend(PALETTE);
        for ground in grounds {
            assert!(contrast(INK, ground) >= 4.5, "ink on {ground:?}");
            assert!(
                contrast(dark(INK), dark(ground)) >= 4.5,
                "dark ink on {:?}",
                dark(ground)
            );
        }
        for text in [MUTED, ACCENT, ACCENT_2] {
            assert!(contrast(text, PAPER) >= 4.5, "{text:?} on paper");
            assert!(contrast(dark(text), dark(PAPER)) >= 4.5, "{text:?} dark");
        }
        // A planted error fails: the old accent on paper is below 4.5.
        assert!(contrast(RGBColor(0xd5, 0x5e, 0x00), PAPER) < 4.5);
    }

    #[test]
    fn the_dark_scheme_is_darker_and_covers_every_colour_it_swaps() {
        for (light, dark) in themed_colours() {
            if *light == PAPER || light.0 > 0x80 && light.1 > 0x80 {
                assert!(luminance(*dark) < luminance(*light), "{light:?}");
            }
        }
        let svg = svg(100, 40, "t", "d", |area| {
            label(area, "x", (10, 10), TEXT, Anchor::Start, INK);
            cell(area, 30, 10, 22, 3);
        });
        assert!(svg.contains("font-size=\"13\""), "{svg}");
        assert!(svg.contains("[fill=\"#222222\"]{fill:#E6E6E6}"), "{svg}");
        assert!(svg.contains("[fill=\"#FDFDFB\"]{fill:#161616}"), "{svg}");
        assert!(!svg.contains("#C0392B"));
    }
}
