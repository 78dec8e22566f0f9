//! Drawing over plotters' SVG backend, in parts a figure's `render` lists:
//! the document and its labels (here), the palette with its dark
//! counterparts ([`palette`]), text measured and fitted ([`text`]), marks
//! ([`marks`]), grids of value cells ([`grid`]), axes and their ticks
//! ([`axis`]) and legends ([`legend`]). Plotters is built without its
//! system-font `ttf` feature, so nothing here measures text with a font:
//! layout is arithmetic on fixed sizes and the same on every machine.
//!
//! Every part that lays something out takes the width it may use, so a
//! figure drawn from parts draws at the page's column or at a phone's.

pub mod axis;
pub mod cells;
pub mod grid;
pub mod legend;
pub mod marks;
pub mod palette;
pub mod reflow;
pub mod text;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub use grid::*;
pub use marks::*;
pub use palette::*;
pub use text::*;

use ladder_engine::wording::typographic;

/// A colour, for figures that pick their own.
pub type Colour = RGBColor;

/// The drawing surface every figure draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The widest a figure may be: the page's text column (46rem less its
/// padding, in CSS px), so a figure is shown at its own size on a desktop
/// and its text at the size it was drawn.
pub const COLUMN: u32 = 704;
/// A phone's column: a 390 px screen less the page's padding. Every figure
/// is drawn a second time for it, reflowed (fewer cells to a row, legends
/// stacked), never shrunk: its text stays 12 px and up.
pub const PHONE: u32 = 358;
/// The smallest phone's column: a 320 px screen less the same padding. A
/// phone drawing no wider than this is whole on every phone.
pub const SMALL_PHONE: u32 = 288;
/// The smallest text a figure may draw, in CSS px (shown at scale 1).
pub const SMALL: u32 = 12;
/// Labels, values and table text.
pub const TEXT: u32 = 13;
/// A figure's own title line.
pub const TITLE: u32 = 15;

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
    cells::size(width, height);
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
        escape(&typographic(&crate::plain::to_plain(title))),
        escape(&typographic(&crate::plain::to_plain(desc))),
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
