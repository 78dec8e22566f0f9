//! A figure's tables and notes as HTML: Markdown inline, formulas as
//! MathML, theorem names linked to their statements. The site renders its
//! pages' prose with the same modules, and the browser's module redraws a
//! table for a reader's rule with them, so both give the same bytes.

pub mod formula_breaks;
pub mod inline;
pub mod math;
pub mod note;
pub mod table;
pub mod theorems;
