//! The drawing of ladder's figures: SVG over plotters, with no system fonts,
//! so the same data give the same bytes on every machine, in the site's
//! build and in the browser's module. Computing is not here: a figure's data
//! come from the engine ([`ladder_engine`]); this crate lays them out.
//!
//! - [`same`], [`shift`]: two rules' strips, equal or one shifted along
//!   the other (the octal essay's `same-sequence`, `shifted-pair`)
//! - [`spread`]: how many heaps take each value (the octal essay's
//!   `value-spread` figure)
//! - [`strip`]: one game's values, its period and its certificate's window
//!   (the site's `strip` figures and the Explore page)
//! - [`reach`]: one heap's options and how far back they reach (the
//!   certificates essay's `option-reach` figure)
//! - [`two_takes`]: a two-take game's blocks and 2s (the two-takes
//!   essay's `two-takes-strip` figures)
//! - [`window`]: a period's rows and its certificate's window (the octal
//!   essay's `period-window` figure)
//! - [`growth`]: the largest value so far against the heap (the octal
//!   essay's `value-growth` figure)
//! - [`pass_cases`]: pairs of takes with a pass, `h` above `g` shifted
//!   (the pass essay's `pass-cases` figure)
//! - [`board_heaps`]: positions on a row or strip searched and read as a
//!   code's heaps (the boards page's `board-heaps` figures)
//! - [`boards`]: real games' boards, drawn small with what they become
//!   (the boards page's `board-heaps` and `dawson-board` figures)
//! - [`misere_quotient`]: a misère quotient's multiplication table and Φ
//!   (the misère page's `misere-quotient` figures)
//! - [`plot`]: drawing in parts (the document, palette, text, marks, grid,
//!   axis, legend, reflow for a phone)
//! - [`plain`]: formulas read as plain text, for titles and descriptions

pub mod board_heaps;
pub mod boards;
pub mod certificate_lengths;
pub mod coalition;
pub mod growth;
pub mod html;
pub mod million_heap;
pub mod misere_quotient;
pub mod pass_cases;
pub mod plain;
pub mod plot;
pub mod reach;
pub mod saltus;
pub mod same;
pub mod shift;
pub mod spread;
pub mod strip;
pub mod table;
pub mod two_takes;
pub mod window;

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
