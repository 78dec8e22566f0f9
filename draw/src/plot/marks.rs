//! Marks: lines, rectangles, dots, and a value's cell.

use plotters::prelude::*;

use super::{Anchor, Area, INK, PAPER, SMALL, TEXT, fill, label};
use ladder_engine::sequence::Value;

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

/// Draws case `index`'s mark centred in a square cell of side `size` at
/// `(x, y)`, in ink: nothing for `q = 1`, the largest region; a dot for
/// `q` even, `r > 0` and a vertical dash for `q` odd, `r > 0`, the two
/// bands; a horizontal dash for `q` even, `r = 0` and a plus for `q` odd,
/// `r = 0`, the lines `y = qx`. The mark carries the case as well as the
/// cell's colour, for readers who do not tell the hues apart. Shared by
/// `pass-check` and `pass-cases`, whose headings use it.
pub fn case_mark(area: &Area, index: usize, at: (i32, i32), size: i32) {
    mark(area, index, at, size, (size / 8).max(1));
}

/// [`case_mark`] with a dot of twice the radius, for a phone's cells and
/// their legend: a 1 px dot is the one mark a small screen loses.
pub fn bold_case_mark(area: &Area, index: usize, at: (i32, i32), size: i32) {
    mark(area, index, at, size, (size / 6).max(2));
}

/// A case's mark with a dot of radius `radius`.
fn mark(area: &Area, index: usize, (x, y): (i32, i32), size: i32, radius: i32) {
    let (cx, cy) = (x + size / 2, y + size / 2);
    let arm = (size * 3 / 10).max(2);
    let across = |area: &Area| line(area, &[(cx - arm, cy), (cx + arm, cy)], INK, 1);
    let down = |area: &Area| line(area, &[(cx, cy - arm), (cx, cy + arm)], INK, 1);
    match index {
        0 => {}
        1 => across(area),
        2 => dot(area, (cx, cy), radius, INK),
        3 => {
            across(area);
            down(area);
        }
        _ => down(area),
    }
}
