//! The drawing of ladder's figures: SVG over plotters, with no system fonts,
//! so the same data give the same bytes on every machine, in the site's
//! build and in the browser's module. Computing is not here: a figure's data
//! come from the engine ([`ladder_engine`]); this crate lays them out.
//!
//! - [`strip`]: one game's values, its period and its certificate's window
//!   (the site's `strip` figures and the Explore page)
//! - [`plot`]: drawing in parts (the document, palette, text, marks, grid,
//!   axis, legend, reflow for a phone)
//! - [`plain`]: formulas read as plain text, for titles and descriptions

pub mod plain;
pub mod plot;
pub mod strip;

/// What a figure's renderer needs besides its data.
pub struct RenderMeta<'a> {
    /// The figure's id.
    pub id: &'a str,
    /// The caption, used as the SVG's `<title>`.
    pub caption: &'a str,
    /// The width to draw at, in CSS px: the page's column
    /// ([`plot::COLUMN`]) or less. Every renderer lays its parts out
    /// within it.
    pub width: u32,
}
