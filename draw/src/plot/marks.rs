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
