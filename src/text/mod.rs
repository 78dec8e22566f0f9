//! Text fixed in one place, below every stage that writes it: numbers with
//! their thousands grouped, wording from data (counts and their nouns,
//! shares, names), and formulas read as plain text. The site, the figures'
//! drawings and their tables all write through these, so a number or a
//! name reads the same on a page, in an SVG and in a CSV.

pub use ladder_draw::plain;
pub use ladder_engine::{numbers, wording};
pub mod html;
pub mod shown;
